// A benchmark run (docs/scoring.md#processes): for every system, every repository revision its tasks need is indexed
// once (timed), then each task's text goes to the system verbatim: one cold query and three warm
// ones (their median is the warm time). Before anything runs, what the run needs is checked and
// every missing piece listed at once; after, one system failing on one task is recorded on that
// task and the run goes on. Fixtures are never written.
import { execFileSync } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixtureIdOf, loadCorpus } from '../corpus/load';
import { RepoEntry, repositoryPath } from '../corpus/repos';
import { validateCorpus } from '../corpus/validate';
import type { Fixture } from '../fixtures/model';
import { Repository } from '../git/repository';
import { median } from '../numbers';
import { FixtureLabError, formatProblem, Problem } from '../problems';
import { DEFAULT_MATCH_RULE, MatchRule } from '../scoring/match';
import { DEFAULT_EFFECT_SIZE, DEFAULT_SEED, EffectSize } from '../scoring/significance';
import { DEFAULT_KS } from '../scoring/metrics';
import { countTokens } from '../scoring/tokens';
import { Bm25Baseline } from './adapters/bm25';
import { CommandAdapter } from './adapters/command';
import { GrepBaseline } from './adapters/grep';
import { McpAdapter } from './adapters/mcp';
import { ReplayAdapter } from './adapters/replay';
import { checkAnswer, RepoContext, Retriever, SystemFailure } from './adapters/types';
import { analyzeRun, ScoredResult } from './analysis';
import { INVALID_REASON, RawResult, rawDir, readAnswer, readRawDir, readRunInfo, RunInfo, runFolderName, writeJson, writeRaw } from './results';
import { defaultSystems, isExecutableFile, readSystems, resolvePrograms, resolveProgram, SystemSpec } from './systems';

export const PRIMARY_BUDGET = 5000;
/** The budgets (docs/scoring.md#scoring): 5,000 tokens primary, 2,000 and 10,000 too; Table 4 reads the sweep. */
export const DEFAULT_BUDGETS: readonly number[] = [PRIMARY_BUDGET, 2000, 10000];
export const WARM_QUERIES = 3;
/** A scale failure (docs/scoring.md#a-run-on-disk) is degradation on a large repository (over 1M lines). */
export const DEFAULT_SCALE_FAILURE_LINES = 1_000_000;
/** Why a fixture without ground truth is not run (front ends say it in their own words). */
export const NO_GROUND_TRUTH = 'no ground truth yet';

export interface RunOptions {
  corpusDir: string;
  /** Names from systems.yaml; all when absent. */
  systems?: string[];
  /** A glob over task ids and fixture paths (`*` and `?`). */
  tasks?: string;
  /** The first is the primary budget; more make a budget sweep (Table 4). Default: 5000, 2000, 10000 (a resume: the run's). */
  budgets?: number[];
  match?: MatchRule;
  /** The Cohen's d a significant difference needs above 0.3 (default d_z). */
  effectSize?: EffectSize;
  ks?: number[];
  /** The run folder; an existing one is resumed. Default: results/run-<timestamp> under `cwd`. */
  outDir?: string;
  cwd?: string;
  seed?: number;
  /** Checkout paths by repo name, overriding repos.yaml's `path:`. */
  repositoryPaths?: Record<string, string>;
  /** Score the valid fixtures and list the invalid ones, instead of refusing to run. */
  skipInvalid?: boolean;
  /** A resume keeps failed and timed-out answers instead of answering them again. */
  keepFailures?: boolean;
  /** Lines over which a repository's timeouts are scale failures (default 1,000,000; docs/scoring.md#a-run-on-disk). */
  scaleFailureLines?: number;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

export type RunEvent =
  | { kind: 'plan'; total: number; done: number; systems: string[] }
  | { kind: 'index'; system: string; repo: string; rev: string; ms?: number; error?: string }
  | { kind: 'result'; system: string; task: string; budget: number; status: RawResult['status']; done: number; total: number; error?: string }
  | { kind: 'system-done'; system: string }
  /** Something found on the way that the run went past: one line naming the file. */
  | { kind: 'warning'; message: string };

interface PlannedTask {
  id: string;
  file: string;
  fixture: Fixture;
  repo: RepoEntry;
  /** As written in the fixture: diff.base or commit (resolved to a SHA before the run). */
  rev: string;
}

export interface RunSummary {
  dir: string;
  info: RunInfo;
  cancelled: boolean;
  /** Every primary-budget answer of the run (resumed ones included), scored. */
  scored: ScoredResult[];
}

/** The fixtures to run have errors (or the corpus does): nothing ran. `problems` are the errors. */
export class InvalidCorpusError extends FixtureLabError {
  constructor(message: string, file: string, readonly problems: Problem[]) {
    super(message, file);
  }
}

/** --tasks selected nothing that can run; `skipped` says why each matching fixture cannot. */
export class NothingToRunError extends FixtureLabError {
  constructor(message: string, file: string, readonly skipped: RunInfo['skipped_tasks']) {
    super(message, file);
  }
}

export async function runBenchmark(options: RunOptions): Promise<RunSummary> {
  const cwd = options.cwd ?? process.cwd();
  const corpusDir = resolve(cwd, options.corpusDir);
  const corpus = await loadCorpus(corpusDir, cwd);
  const corpusShown = relative(cwd, corpusDir) || '.';

  // Where it goes; an existing run is resumed with its own settings unless told otherwise.
  const dir = resolve(cwd, options.outDir ?? join('results', runFolderName()));
  const previous = existsSync(join(dir, 'run.json')) ? await readRunInfo(dir, cwd) : undefined;
  const budgets = options.budgets?.length ? options.budgets : previous ? previous.budgets : [...DEFAULT_BUDGETS];
  const match = options.match ?? previous?.match ?? DEFAULT_MATCH_RULE;
  const ks = options.ks ?? previous?.ks ?? [...DEFAULT_KS];
  const seed = options.seed ?? previous?.seed ?? DEFAULT_SEED;
  if (previous && (previous.match !== match || previous.budgets[0] !== budgets[0])) {
    throw new FixtureLabError(
      `was run with --match ${previous.match} and budget ${previous.budgets[0]}: resume it with the same, or choose a new --out`, relative(cwd, dir));
  }

  // What to run.
  const systemsFile = join(corpusDir, 'systems.yaml');
  const configured = await configuredSystems(corpusDir, cwd);
  let systems = configured;
  if (options.systems?.length) {
    const unknown = options.systems.filter((n) => !systems.some((s) => s.name === n));
    if (unknown.length) throw new FixtureLabError(
      `no system named ${unknown.join(', ')}: the systems are ${systems.map((s) => s.name).join(', ')}`, relative(cwd, systemsFile));
    systems = systems.filter((s) => options.systems!.includes(s.name));
  }
  const { toRun, scored: scoredTasks, skipped, invalid, corpusErrors } = planTasks(corpus, options.tasks ? globToRegExp(options.tasks) : undefined, previous);
  // Nothing is scored from a corpus `validate` rejects: its errors are listed, one line each.
  if (corpusErrors.length > 0) {
    throw new InvalidCorpusError(
      `the corpus has ${plural(corpusErrors.length, 'error')} outside its fixtures; nothing ran. Fix ${corpusErrors.length === 1 ? 'it' : 'them'} `
        + `(\`fixture-lab validate\` lists every problem):\n  - ${corpusErrors.map(formatProblem).join('\n  - ')}`, corpusShown, corpusErrors);
  }
  if (invalid.length > 0 && !options.skipInvalid) {
    const files = new Set(invalid.map((p) => p.file)).size;
    throw new InvalidCorpusError(
      `${plural(files, 'fixture')} to run ${files === 1 ? 'has' : 'have'} ${plural(invalid.length, 'error')}; nothing ran. Fix them `
        + '(`fixture-lab validate` lists every problem), or pass --skip-invalid to score only the valid fixtures:\n'
        + `  - ${invalid.map(formatProblem).join('\n  - ')}`, corpusShown, invalid);
  }
  if (options.tasks && toRun.length === 0) throw noTasks(
    options.tasks, corpus.fixtures.map(fixtureIdOf), skipped.filter((s) => s.selected), relative(cwd, join(corpusDir, 'tasks')) || '.');

  // What it needs, checked before anything runs. Repositories of tasks scored but not run this
  // time (a resume with --tasks) are opened when they can be, for the failure analysis.
  const missing: string[] = [];
  const repos = new Map<string, Repository>();
  const revs = new Map<string, string>();
  for (const name of new Set(scoredTasks.map((t) => t.repo.name))) {
    const entry = scoredTasks.find((t) => t.repo.name === name)!.repo;
    const needed = toRun.some((t) => t.repo.name === name);
    try {
      repos.set(name, await Repository.open(repositoryPath(corpusDir, entry, options.repositoryPaths?.[name])));
    } catch (e) {
      if (needed) missing.push(`repo ${name}: ${(e as Error).message}`);
      continue;
    }
    for (const t of toRun.filter((p) => p.repo.name === name)) {
      const key = `${name}@${t.rev}`;
      if (revs.has(key)) continue;
      try {
        revs.set(key, await repos.get(name)!.resolve(t.rev));
      } catch (e) {
        missing.push(`repo ${name}: ${(e as Error).message}`);
        revs.set(key, '');
      }
    }
  }
  for (const s of systems) missing.push(...systemNeeds(s, corpusDir));
  if (missing.length > 0) {
    for (const r of repos.values()) r.close();
    throw new FixtureLabError(`the run cannot start; missing:\n  - ${[...new Set(missing)].join('\n  - ')}`, corpusShown);
  }

  await makeRunFolder(dir, relative(cwd, dir) || '.');
  // run.json describes every system and task of the folder, whatever subset this resume runs.
  const described = (s: SystemSpec) => ({ name: s.name, type: s.type, ...(s.version ? { version: s.version } : {}) });
  const info: RunInfo = {
    corpus: corpusShown,
    corpus_path: corpusDir,
    ...corpusCommit(corpusDir),
    started_at: previous?.started_at ?? new Date().toISOString(),
    match,
    effect_size: options.effectSize ?? previous?.effect_size ?? DEFAULT_EFFECT_SIZE,
    budgets: [budgets[0], ...new Set([...budgets.slice(1), ...(previous?.budgets.slice(1) ?? [])].filter((b) => b !== budgets[0]))],
    ks,
    seed,
    systems: [
      ...(previous?.systems ?? []).map((old) => { const s = systems.find((x) => x.name === old.name); return s ? { ...old, ...described(s) } : old; }),
      ...systems.filter((s) => !previous?.systems.some((old) => old.name === s.name)).map(described),
    ],
    tasks: scoredTasks.map((t) => t.id),
    skipped_tasks: skipped.map(({ task, reason }) => ({ task, reason })),
    scale_failure_lines: options.scaleFailureLines ?? previous?.scale_failure_lines ?? DEFAULT_SCALE_FAILURE_LINES,
  };
  await writeJson(join(dir, 'run.json'), info);

  // What is answered already: a raw file that reads as an answer, and (unless --keep-failures)
  // one the system gave: a failure or a timeout is answered again. A damaged one is answered again.
  const warn = (message: string) => options.onEvent?.({ kind: 'warning', message });
  const answered = new Set<string>();
  const key = (b: number, system: string, task: string) => JSON.stringify([b, system, task]);
  for (const s of systems) for (const b of budgets) for (const t of toRun) {
    try {
      const found = await readAnswer(rawDir(dir, b, budgets[0]), s.name, t.id, cwd);
      if (found && (found.raw.status === 'ok' || options.keepFailures)) answered.add(key(b, s.name, t.id));
    } catch (e) {
      if (!(e instanceof FixtureLabError)) throw e;
      warn(`${e.message}; answering that task again`);
    }
  }
  const total = systems.length * toRun.length * budgets.length;
  let done = answered.size;
  options.onEvent?.({ kind: 'plan', total, done, systems: systems.map((s) => s.name) });

  const worktrees = new Worktrees(corpusDir);
  let cancelled = false;
  let scored: ScoredResult[] = [];
  try {
    for (const spec of systems) {
      const retriever = retrieverFor(spec, corpusDir);
      try {
        const groups = groupBy(toRun, (t) => `${t.repo.name}@${revs.get(`${t.repo.name}@${t.rev}`)}`);
        for (const tasks of groups.values()) {
          const todo = budgets.flatMap((b) => tasks.filter((t) => !answered.has(key(b, spec.name, t.id))).map((t) => ({ t, b })));
          if (todo.length === 0) continue;
          if (options.signal?.aborted) break;
          const entry = tasks[0].repo;
          const repo = repos.get(entry.name)!;
          const rev = revs.get(`${entry.name}@${tasks[0].rev}`)!;
          const ctx: RepoContext = {
            name: entry.name, repo, rev, module: entry.module, languages: entry.language, checkout: () => worktrees.at(repo, entry.name, rev) };
          let indexMs: number | undefined;
          let indexError: SystemFailure | undefined;
          const started = performance.now();
          try {
            await retriever.prepare(ctx, options.signal);
            indexMs = performance.now() - started;
          } catch (e) {
            indexError = asFailure(e);
          }
          options.onEvent?.({ kind: 'index', system: spec.name, repo: entry.name, rev, ms: indexMs, error: indexError?.message });
          for (const { t, b } of todo) {
            if (options.signal?.aborted) break;
            const raw = indexError
              ? failed(spec, t, rev, b, indexError, 'index')
              : await queryTask(retriever, spec, ctx, t, b, indexMs, options.signal);
            if (raw.status === 'cancelled') break; // nothing is recorded for a cancelled task: a resume runs it
            await writeRaw(rawDir(dir, b, budgets[0]), raw, dir);
            done++;
            options.onEvent?.({ kind: 'result', system: spec.name, task: t.id, budget: b, status: raw.status, done, total, error: raw.error });
          }
        }
        const version = await retriever.version?.().catch(() => undefined);
        if (version) info.systems.find((s) => s.name === spec.name)!.version ??= version;
      } finally {
        await retriever.close?.();
      }
      options.onEvent?.({ kind: 'system-done', system: spec.name });
      if (options.signal?.aborted) break;
    }
    cancelled = options.signal?.aborted ?? false;
    if (!cancelled) info.finished_at = new Date().toISOString();
    await writeJson(join(dir, 'run.json'), info);
    // Every system and task of the folder is analyzed, not only what this resume ran.
    const fixtures = new Map(scoredTasks.map((t) => [t.id, t.fixture]));
    const ofRun = (r: RawResult) => fixtures.has(r.task) && info.systems.some((s) => s.name === r.system);
    const rawPrimary = (await readRawDir(rawDir(dir, info.budgets[0], info.budgets[0]), warn, cwd)).filter(ofRun);
    scored = await analyzeRun(dir, info, rawPrimary, fixtures, {
      modules: new Map(scoredTasks.map((t) => [t.id, t.repo.module])),
      systemLanguages: new Map(configured.filter((s) => s.languages).map((s) => [s.name, s.languages!])),
      sweep: info.budgets.length > 1 ? await Promise.all(
        info.budgets.map(async (b) => (
          { budget: b, raw: b === info.budgets[0] ? rawPrimary : (await readRawDir(rawDir(dir, b, info.budgets[0]), warn, cwd)).filter(ofRun) }))) : undefined,
      repos,
    });
  } finally {
    for (const r of repos.values()) r.close();
  }
  return { dir, info, cancelled, scored };
}

interface Plan {
  /** Valid fixtures the selection (--tasks) names: what this run answers. */
  toRun: PlannedTask[];
  /** What the run folder scores: toRun, and a resumed run's earlier tasks that are still valid. */
  scored: PlannedTask[];
  /** `selected`: named by this run's --tasks (else kept from the resumed run). */
  skipped: (RunInfo['skipped_tasks'][number] & { selected: boolean })[];
  /** Errors of the selected fixtures. */
  invalid: Problem[];
  /** Errors outside every fixture (repos.yaml): no fixture can be trusted to run. */
  corpusErrors: Problem[];
}

/** Which fixtures run, which are scored, and why the others are not (`validate`'s errors first). */
function planTasks(corpus: Awaited<ReturnType<typeof loadCorpus>>, pattern: RegExp | undefined, previous: RunInfo | undefined): Plan {
  const errors = validateCorpus(corpus).filter((p) => p.severity === 'error');
  const fixtureFiles = new Set(corpus.fixtures.map((f) => f.file));
  const plan: Plan = { toRun: [], scored: [], skipped: [], invalid: [], corpusErrors: errors.filter((p) => !fixtureFiles.has(p.file)) };
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function queryTask(retriever: Retriever, spec: SystemSpec, ctx: RepoContext, t: PlannedTask, budget: number,
  indexMs: number | undefined, signal?: AbortSignal): Promise<RawResult> {
  const input = { taskId: t.id, task: t.fixture.task ?? '', budget };
  try {
    let started = performance.now();
    const cold = checkAnswer(await retriever.query(ctx, input, signal));
    const coldMs = performance.now() - started;
    if (cold.recorded) {
      const r = cold.recorded;
      return {
        ...base(spec, t, ctx.rev, budget),
        status: r.status,
        ...(r.error ? { error: r.error } : {}),
        output: cold.text,
        symbols: cold.symbols,
        tokens: countTokens(cold.text),
        ...(cold.reportedTokens !== undefined ? { reported_tokens: cold.reportedTokens } : {}),
        timings: { index_ms: r.indexMs, cold_ms: r.coldMs, warm_median_ms: r.warmMs },
        ...(cold.stderr ? { stderr: cold.stderr } : {}),
        source: 'replay',
      };
    }
    const warm: number[] = [];
    for (let i = 0; i < WARM_QUERIES; i++) {
      started = performance.now();
      await retriever.query(ctx, input, signal);
      warm.push(performance.now() - started);
    }
    return {
      ...base(spec, t, ctx.rev, budget),
      status: 'ok',
      output: cold.text,
      ...(cold.truncated ? { truncated: true } : {}),
      symbols: cold.symbols,
      tokens: countTokens(cold.text),
      ...(cold.reportedTokens !== undefined ? { reported_tokens: cold.reportedTokens } : {}),
      timings: { index_ms: indexMs, cold_ms: coldMs, warm_ms: warm, warm_median_ms: median(warm) ?? undefined },
      ...(cold.stderr ? { stderr: cold.stderr.slice(-16 * 1024) } : {}),
      source: 'run',
    };
  } catch (e) {
    return failed(spec, t, ctx.rev, budget, asFailure(e), 'query');
  }
}

function base(spec: SystemSpec, t: PlannedTask, rev: string, budget: number) {
  return { system: spec.name, task: t.id, repo: t.repo.name, ...(t.fixture.difficulty ? { tier: t.fixture.difficulty } : {}), rev, budget,
    finished_at: new Date().toISOString() };
}

function failed(spec: SystemSpec, t: PlannedTask, rev: string, budget: number, f: SystemFailure, phase: string): RawResult {
  return {
    ...base(spec, t, rev, budget),
    status: f.status,
    error: `${phase}: ${f.message}`,
    output: '',
    symbols: [],
    tokens: 0,
    timings: {},
    ...(f.stderr ? { stderr: f.stderr.slice(-16 * 1024) } : {}),
    source: 'run',
  };
}

function asFailure(e: unknown): SystemFailure {
  return e instanceof SystemFailure ? e : new SystemFailure((e as Error)?.message ?? String(e));
}

export function retrieverFor(spec: SystemSpec, corpusDir: string): Retriever {
  switch (spec.type) {
    case 'grep':
      return new GrepBaseline();
    case 'bm25':
      return new Bm25Baseline();
    case 'command':
      return new CommandAdapter(spec);
    case 'mcp':
      return new McpAdapter(spec);
    case 'replay':
      return new ReplayAdapter(spec, resolve(corpusDir, spec.from));
  }
}

/** The corpus's systems.yaml, its programs resolved from its folder; or the two baselines when it has none. */
export async function configuredSystems(corpusDir: string, cwd = process.cwd()): Promise<SystemSpec[]> {
  const file = join(corpusDir, 'systems.yaml');
  return existsSync(file) ? readSystems(await fs.readFile(file, 'utf8'), relative(cwd, file)).map((s) => resolvePrograms(s, corpusDir)) : defaultSystems();
}

/** What a system needs that is not here: its executable, or its recorded run. */
export function systemNeeds(spec: SystemSpec, corpusDir: string): string[] {
  const missing = (exe: string) =>
    `system ${spec.name}: ${isAbsolute(exe) ? `\`${exe}\` is not an executable file (relative programs are found from the folder of `
      + `systems.yaml)` : `\`${exe}\` is not installed (not on PATH)`}`;
  switch (spec.type) {
    case 'command':
      return [spec.query[0], ...(spec.index ? [spec.index[0]] : [])].filter(
        (exe, i, all) => all.indexOf(exe) === i && !findExecutable(exe, corpusDir)).map(missing);
    case 'mcp':
      return findExecutable(spec.server[0], corpusDir) ? [] : [missing(spec.server[0])];
    case 'replay':
      return existsSync(resolve(corpusDir, spec.from)) ? [] : [`system ${spec.name}: no recorded run at ${spec.from}`];
    default:
      return [];
  }
}

/** Whether a program (as systems.yaml names it, relative to `corpusDir`) is there to run. */
export function findExecutable(name: string, corpusDir = process.cwd()): boolean {
  if (name.includes('{')) return true; // a placeholder path is known only per task
  return isExecutableFile(resolveProgram(name, corpusDir));
}

/** Working trees at a revision for systems that read files: the checkout itself when it is there. */
class Worktrees {
  private readonly made = new Map<string, Promise<string>>();
  constructor(private readonly corpusDir: string) {}

  at(repo: Repository, name: string, rev: string): Promise<string> {
    let path = this.made.get(rev);
    if (!path) {
      path = (async () => {
        const head = (await repo.git.raw(['rev-parse', 'HEAD']).catch(() => '')).trim();
        const clean = (await repo.git.raw(['status', '--porcelain']).catch(() => 'dirty')).trim() === '';
        if (head === rev && clean) return repo.root;
        const dir = join(this.corpusDir, '.repos', '.worktrees', `${name}@${rev.slice(0, 12)}`);
        if (!existsSync(dir)) await repo.git.raw(['worktree', 'add', '--detach', dir, rev]);
        return dir;
      })();
      this.made.set(rev, path);
    }
    return path;
  }
}

function corpusCommit(dir: string): { corpus_commit?: string } {
  try {
    const sha = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return sha ? { corpus_commit: sha } : {};
  } catch {
    return {};
  }
}

/** The run folder, made if need be; a path that cannot be one says so in one line. */
async function makeRunFolder(dir: string, shown: string): Promise<void> {
  const stat = await fs.stat(dir).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new FixtureLabError('is a file, not a run folder: give --out a new folder, or a run folder to resume', shown);
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOTDIR' || code === 'EEXIST' ? 'a file is in the way' : code ?? String(e);
    throw new FixtureLabError(`cannot make the run folder (${why}): give --out a folder that can be made`, shown);
  }
}

/** --tasks that selects nothing to run: what it matched, and how to see the ids there are. */
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

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

export function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}
