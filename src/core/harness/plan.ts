// What a run will do, decided before anything runs: which systems answer which
// fixtures, what is left out and why, and everything missing, listed at once. `planRun` is pure:
// it reads nothing and starts nothing, so the CLI, the extension and the tests plan alike from
// what `readRunInputs` read. executeRun (run.ts) carries a plan out.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Corpus, fixtureIdOf, loadCorpus } from '../corpus/load';
import { RepoEntry } from '../corpus/repos';
import { groundTruthCheck } from '../corpus/resolveSymbols';
import { validateCorpus } from '../corpus/validate';
import type { Fixture } from '../fixtures/model';
import { FixtureLabError, formatProblem, Problem } from '../problems';
import { DEFAULT_MATCH_RULE, MatchRule } from '../scoring/match';
import { DEFAULT_KS } from '../scoring/metrics';
import { DEFAULT_EFFECT_SIZE, DEFAULT_SEED, EffectSize } from '../scoring/significance';
import { INVALID_REASON, readRunInfo, RunInfo, runFolderName } from './results';
import { Shard, shardName } from './shard';
import { configuredSystems, SystemSpec, systemNeeds } from './systems';
import { plural } from '../../shared/figures';

export const PRIMARY_BUDGET = 5000;
/** 5,000 tokens primary, 2,000 and 10,000 too; Table 4 reads the sweep. */
export const DEFAULT_BUDGETS: readonly number[] = [PRIMARY_BUDGET, 2000, 10000];
/** A scale failure is degradation on a large repository (over 1M lines). */
export const DEFAULT_SCALE_FAILURE_LINES = 1_000_000;
/** Why a fixture without ground truth is not run (front ends say it in their own words). */
export const NO_GROUND_TRUTH = 'no ground truth yet';

/** What to run, as a person chose it (the CLI's flags, the panel's form). */
export interface RunSelection {
  /** Names from systems.yaml; all when absent (an empty list is refused: it names none). */
  systems?: string[];
  /** A glob over task ids and fixture paths: `*` and `?` only (taskGlobError refuses the rest). */
  tasks?: string;
  /** The first is the primary budget; more make a budget sweep (Table 4). Default: 5000, 2000, 10000 (a resume: the run's). */
  budgets?: number[];
  match?: MatchRule;
  /** The Cohen's d a significant difference needs above 0.3 (default d_z). */
  effectSize?: EffectSize;
  ks?: number[];
  seed?: number;
  /** Score the valid fixtures and list the invalid ones, instead of refusing to run. */
  skipInvalid?: boolean;
  /** A resume keeps failed and timed-out answers instead of answering them again. */
  keepFailures?: boolean;
  /** Each system's checkouts stay on disk after the run (under the corpus's .repos/.checkouts/), instead of being removed. */
  keepCheckouts?: boolean;
  /** Lines over which a repository's timeouts are scale failures (default 1,000,000). */
  scaleFailureLines?: number;
  /** Answer only this shard's (system, task) pairs (docs/scaling.md). */
  shard?: Shard;
  /**
   * Answer nothing: score a run folder's recorded answers again against the fixtures as they are
   * now (after judging its pool), keeping the run's own times; nothing needs to be installed.
   */
  rescore?: boolean;
}

/** Where a run reads and writes. */
export interface RunPlace {
  corpusDir: string;
  /** Checkout paths by repo name, overriding repos.yaml's `path:`. */
  repositoryPaths?: Record<string, string>;
  /** The run folder; an existing one is resumed. Default: results/run-<timestamp> under `cwd`. */
  outDir?: string;
  cwd?: string;
}

/** Everything a plan is made from, read once (readRunInputs). */
export interface RunInputs {
  /** Absolute paths. */
  corpusDir: string;
  cwd: string;
  dir: string;
  corpus: Corpus;
  configured: SystemSpec[];
  /** What each configured system needs that is not here (its program, its recording), by name. */
  needs: ReadonlyMap<string, string[]>;
  /** The run folder's run.json when it is resumed. */
  previous?: RunInfo;
  /** Ground-truth symbols not defined where their fixture runs (groundTruthErrors): errors of those fixtures. */
  groundTruthErrors?: Problem[];
  /** Ground-truth labels whose symbol is other code where their fixture runs (validate's stale-label): said where the scores are read. */
  groundTruthWarnings?: Problem[];
}

export interface PlannedTask {
  id: string;
  file: string;
  fixture: Fixture;
  repo: RepoEntry;
  /** As written in the fixture: diff.base or commit (resolved to a SHA when the run starts). */
  rev: string;
}

export interface RunPlan {
  corpusDir: string;
  cwd: string;
  /** The run folder, absolute. */
  dir: string;
  /** The corpus folder as given, relative to cwd. */
  corpusShown: string;
  previous?: RunInfo;
  configured: SystemSpec[];
  /** The systems that answer, in systems.yaml's order. */
  systems: SystemSpec[];
  budgets: number[];
  match: MatchRule;
  ks: number[];
  seed: number;
  effectSize: EffectSize;
  scaleFailureLines: number;
  keepFailures: boolean;
  /** Score the folder's answers again; run nothing (RunSelection.rescore). */
  rescore: boolean;
  keepCheckouts: boolean;
  /** The shard this folder answers; absent: every pair. A resume keeps the folder's own. */
  shard?: Shard;
  /** Valid fixtures the selection names: what this run answers, with every chosen system. */
  toRun: PlannedTask[];
  /** What the run folder scores: toRun, and a resumed run's earlier tasks that are still valid. */
  scored: PlannedTask[];
  /** Fixtures left out and why; `selected`: named by this selection (else kept from the resumed run). */
  skipped: (RunInfo['skipped_tasks'][number] & { selected: boolean })[];
  /** What the chosen systems need that is not here, one line each. Repositories are checked when the run starts. */
  missing: string[];
  /** Why nothing may run (unknown systems, errors, nothing selected); the first reason found. */
  refusal?: FixtureLabError;
  /**
   * What makes the scores of fixtures it scores suspect, validate's warnings (stale-label at a
   * ground-truth label): told as the run starts, and in FINDINGS.md above the tables.
   */
  warnings: Problem[];
}

/** The fixtures to run have errors (or the corpus does): nothing ran. `problems` are the errors. */
export class InvalidCorpusError extends FixtureLabError {
  constructor(message: string, file: string, readonly problems: Problem[]) {
    super(message, file);
  }
}

/** The selection named nothing that can run; `skipped` says why each matching fixture cannot. */
export class NothingToRunError extends FixtureLabError {
  constructor(message: string, file: string, readonly skipped: RunInfo['skipped_tasks']) {
    super(message, file);
  }
}

/** Reads what a plan needs: the corpus, its systems (and what each lacks here), a resumed run's run.json. */
export async function readRunInputs(place: RunPlace): Promise<RunInputs> {
  const cwd = place.cwd ?? process.cwd();
  const corpusDir = resolve(cwd, place.corpusDir);
  const corpus = await loadCorpus(corpusDir, cwd);
  const dir = resolve(cwd, place.outDir ?? join('results', runFolderName()));
  const previous = existsSync(join(dir, 'run.json')) ? await readRunInfo(dir, cwd) : undefined;
  const configured = await configuredSystems(corpusDir, cwd);
  const needs = new Map(configured.map((s) => [s.name, systemNeeds(s, corpusDir)]));
  const { errors, warnings } = await groundTruthCheck(corpus, { repositoryPaths: place.repositoryPaths });
  return { corpusDir, cwd, dir, corpus, configured, needs, ...(previous ? { previous } : {}), groundTruthErrors: errors, groundTruthWarnings: warnings };
}

/** The plan of a run: systems x fixtures, what is skipped and why, what is missing. Pure. */
export function planRun(inputs: RunInputs, selection: RunSelection = {}): RunPlan {
  const { corpusDir, cwd, dir, corpus, previous, configured } = inputs;
  const corpusShown = relative(cwd, corpusDir) || '.';
  // An existing run is resumed with its own settings unless told otherwise.
  const budgets = selection.budgets?.length ? selection.budgets : previous ? previous.budgets : [...DEFAULT_BUDGETS];
  const match = selection.match ?? previous?.match ?? DEFAULT_MATCH_RULE;
  const chosen = selection.systems ? configured.filter((s) => selection.systems!.includes(s.name)) : configured;
  const shard = selection.shard ?? previous?.shard;
  const planned = planTasks(corpus, selection.tasks ? globToRegExp(selection.tasks) : undefined, previous, inputs.groundTruthErrors);
  // A re-score answers nothing and scores only the run's own tasks, whatever the corpus gained since.
  const rescore = selection.rescore === true && previous !== undefined;
  const tasks = rescore ? { ...planned, toRun: [], scored: planned.scored.filter((t) => previous.tasks.includes(t.id)) } : planned;
  const plan: RunPlan = {
    corpusDir,
    cwd,
    dir,
    corpusShown,
    ...(previous ? { previous } : {}),
    configured,
    systems: chosen,
    budgets,
    match,
    ks: selection.ks ?? previous?.ks ?? [...DEFAULT_KS],
    seed: selection.seed ?? previous?.seed ?? DEFAULT_SEED,
    effectSize: selection.effectSize ?? previous?.effect_size ?? DEFAULT_EFFECT_SIZE,
    scaleFailureLines: selection.scaleFailureLines ?? previous?.scale_failure_lines ?? DEFAULT_SCALE_FAILURE_LINES,
    keepFailures: selection.keepFailures ?? false,
    rescore,
    keepCheckouts: selection.keepCheckouts ?? false,
    ...(shard ? { shard } : {}),
    toRun: tasks.toRun,
    scored: tasks.scored,
    skipped: tasks.skipped,
    missing: rescore ? [] : [...new Set(chosen.flatMap((s) => inputs.needs.get(s.name) ?? []))],
    warnings: (inputs.groundTruthWarnings ?? []).filter((p) => tasks.scored.some((t) => t.file === p.file)),
  };
  const refusal = refusalOf(plan, inputs, selection, tasks);
  return refusal ? { ...plan, refusal } : plan;
}

/** The first reason nothing may run, in the order a person fixes them. */
function refusalOf(plan: RunPlan, inputs: RunInputs, selection: RunSelection, tasks: TaskPlan): FixtureLabError | undefined {
  const { cwd, dir, previous, configured, corpusDir, corpus } = inputs;
  const { corpusShown, match, budgets } = plan;
  if (selection.rescore && !previous) {
    return new FixtureLabError('is no run folder (no run.json): --rescore scores a run\'s recorded answers again; give the run with --out RUN_DIR',
      relative(cwd, dir));
  }
  if (previous && (previous.match !== match || previous.budgets[0] !== budgets[0])) {
    return new FixtureLabError(
      `was run with --match ${previous.match} and budget ${previous.budgets[0]}: resume it with the same, or choose a new --out`, relative(cwd, dir));
  }
  if (previous && selection.shard && shardName(selection.shard) !== (previous.shard ? shardName(previous.shard) : undefined)) {
    const was = previous.shard ? shardName(previous.shard) : undefined;
    return new FixtureLabError(
      `was run ${was ? `as shard ${was}` : 'unsharded'}: resume it with ${was ? `--shard ${was}` : 'no --shard'}, or choose a new --out`, relative(cwd, dir));
  }
  if (selection.systems?.length === 0) {
    return new FixtureLabError('no system chosen: name one or more of its systems, or none to run all', relative(cwd, join(corpusDir, 'systems.yaml')));
  }
  const unknown = (selection.systems ?? []).filter((n) => !configured.some((s) => s.name === n));
  if (unknown.length) {
    return new FixtureLabError(
      `no system named ${unknown.join(', ')}: the systems are ${configured.map((s) => s.name).join(', ')}`, relative(cwd, join(corpusDir, 'systems.yaml')));
  }
  // Nothing is scored from a corpus `validate` rejects: its errors are listed, one line each.
  const { corpusErrors, invalid } = tasks;
  if (corpusErrors.length > 0) {
    return new InvalidCorpusError(
      `the corpus has ${plural(corpusErrors.length, 'error')} outside its fixtures; nothing ran. Fix ${corpusErrors.length === 1 ? 'it' : 'them'} `
        + `(\`fixture-lab validate\` lists every problem):\n  - ${corpusErrors.map(formatProblem).join('\n  - ')}`, corpusShown, corpusErrors);
  }
  if (invalid.length > 0 && !selection.skipInvalid) {
    const files = new Set(invalid.map((p) => p.file)).size;
    return new InvalidCorpusError(
      `${plural(files, 'fixture')} to run ${files === 1 ? 'has' : 'have'} ${plural(invalid.length, 'error')}; nothing ran. Fix them `
        + '(`fixture-lab validate` lists every problem), or pass --skip-invalid to score only the valid fixtures:\n'
        + `  - ${invalid.map(formatProblem).join('\n  - ')}`, corpusShown, invalid);
  }
  // After the fixtures' own errors: the panel selects the open fixture by its id, and an id that
  // holds `[` is refused by the id rule (it cannot name result files), which is what to fix.
  const globError = selection.tasks === undefined ? undefined : taskGlobError(selection.tasks);
  if (globError) return new FixtureLabError(globError);
  if (selection.tasks && plan.toRun.length === 0) {
    return noTasks(selection.tasks, corpus.fixtures.map(fixtureIdOf), plan.skipped.filter((s) => s.selected), relative(cwd, join(corpusDir, 'tasks')) || '.');
  }
  return undefined;
}

interface TaskPlan {
  toRun: PlannedTask[];
  scored: PlannedTask[];
  skipped: RunPlan['skipped'];
  /** Errors of the selected fixtures. */
  invalid: Problem[];
  /** Errors outside every fixture (repos.yaml): no fixture can be trusted to run. */
  corpusErrors: Problem[];
}

/** Which fixtures run, which are scored, and why the others are not (`validate`'s errors first). */
function planTasks(corpus: Corpus, pattern: RegExp | undefined, previous: RunInfo | undefined, groundTruth: Problem[] = []): TaskPlan {
  const errors = [...validateCorpus(corpus).filter((p) => p.severity === 'error'), ...groundTruth];
  const fixtureFiles = new Set(corpus.fixtures.map((f) => f.file));
  const plan: TaskPlan = { toRun: [], scored: [], skipped: [], invalid: [], corpusErrors: errors.filter((p) => !fixtureFiles.has(p.file)) };
  for (const f of corpus.fixtures) {
    const fx = f.read.fixture;
    const id = fixtureIdOf(f);
    const selected = !pattern || pattern.test(id) || pattern.test(f.file);
    if (!selected && !previous?.tasks.includes(id)) continue;
    const own = errors.filter((p) => p.file === f.file);
    const repo = corpus.repos.find((r) => r.name === fx.repo);
    const rev = fx.diff?.base ?? fx.commit ?? repo?.commit;
    let reason: string | undefined;
    if (own.length > 0) {
      if (selected) plan.invalid.push(...own);
      reason = `${INVALID_REASON}${own.map(formatProblem).join('; ')}`;
    } else if (fx.ground_truth.length === 0) reason = NO_GROUND_TRUTH;
    else if (!repo || !rev) reason = repo ? 'no commit to run at' : `repo ${fx.repo} is not in repos.yaml`;
    if (reason !== undefined) {
      plan.skipped.push({ task: id, reason, selected });
      continue;
    }
    const task = { id, file: f.file, fixture: fx, repo: repo!, rev: rev! };
    plan.scored.push(task);
    if (selected) plan.toRun.push(task);
  }
  return plan;
}

/** A selection that names nothing to run: what it matched, and how to see the ids there are. */
function noTasks(glob: string, ids: string[], skipped: RunInfo['skipped_tasks'], tasksDir: string): NothingToRunError {
  if (skipped.length > 0) {
    const why = skipped.slice(0, 5).map((s) => `${s.task} (${s.reason})`).join(', ');
    return new NothingToRunError(`--tasks \`${glob}\` matches no task that can run: ${why}${skipped.length > 5 ? ', ...' : ''}`, tasksDir, skipped);
  }
  const some = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', ...' : '');
  return new NothingToRunError(
    `--tasks \`${glob}\` matches no task id or fixture path${ids.length ? ` (ids here: ${some})` : ''}: \`grep -rh '^id:' ${tasksDir}\` `
      + `lists every id`, tasksDir, []);
}

/**
 * What `--tasks` cannot mean: the glob has `*` (any characters, `/` too) and `?` (one character),
 * matched against a whole task id or fixture path, and every other character stands for itself.
 * Other globs' `[...]` classes, `{a,b}` alternatives and leading `!` would be read here as literal
 * text that matches nothing, or worse something else, so they are refused, naming what to write.
 */
export function taskGlobError(glob: string): string | undefined {
  const bad = /[[\]{}]/.exec(glob)?.[0] ?? (glob.startsWith('!') ? '!' : undefined);
  if (bad === undefined) return undefined;
  const what = bad === '!' ? 'a leading `!` (negation)' : bad === '[' || bad === ']' ? '`[...]` classes' : '`{a,b}` alternatives';
  return `--tasks \`${glob}\` uses ${what}, which the task glob does not support: it has \`*\` (any characters) and \`?\` (one character) `
    + 'only, matched against whole task ids and fixture paths; write one glob with them, or run each set of tasks on its own';
}

/** `--tasks`'s glob (taskGlobError says what it supports) as a regular expression over a whole id or path. */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}
