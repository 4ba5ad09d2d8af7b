// A run carried out (a plan from plan.ts): for every system, every repository revision its tasks
// need is indexed once (timed), then each task's text goes to the system verbatim: one cold query
// and three warm ones (their median is the warm time). One system failing on one task is recorded
// on that task and the run goes on. executeRun tells what happens as typed events, one per step;
// a RunStore (runStore.ts) folds them into the run's state. Fixtures are never written.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Repository } from '../git/repository';
import { RepoEntry, repositoryPath } from '../corpus/repos';
import { RepoSymbols } from '../corpus/resolveSymbols';
import { groupBy } from '../lists';
import { median } from '../numbers';
import { FixtureLabError, formatProblem } from '../problems';
import { countTokens } from '../scoring/tokens';
import { Bm25Baseline } from './adapters/bm25';
import { CommandAdapter } from './adapters/command';
import { GrepBaseline } from './adapters/grep';
import { McpAdapter } from './adapters/mcp';
import { ReplayAdapter } from './adapters/replay';
import { checkAnswer, RepoContext, Retriever, SystemFailure } from './adapters/types';
import { analyzeRun, scoreResult, ScoredResult } from './analysis';
import { healthFields, namesAtRevision } from './answerHealth';
import type { Miss } from './failures';
import { PlannedTask, planRun, RunPlace, RunPlan, readRunInputs, RunSelection } from './plan';
import { RawResult, rawDir, readAnswer, readRawDir, RunInfo, writeJson, writeRaw } from './results';
import { inShard } from './shard';
import { staleAnswer } from './staleAnswers';
import { packageHome, packageToInstall } from './systemPackages';
import { systemArgv, systemNeeds, systemVersion, type SystemSpec, withPackageInstalled } from './systems';
import { FIXTURE_LAB_VERSION } from '../version';
import { npmPinText } from '../corpus/systemSpec';
import { Checkouts, checkoutsDir } from './checkouts';

export const WARM_QUERIES = 3;

/**
 * What happens in a run, in order: `started` once the run folder is made (nothing before it
 * has run), an `answer` per answer recorded (an ok one or a failure the system gave), and one
 * end: `finished`, `cancelled` (what finished is kept; a resume answers the rest) or `failed`
 * (refused before anything ran, or stopped by an error). `install` (before `started`), `index` and
 * `warning` are told on the way for the log.
 */
export type RunEvent =
  | {
    kind: 'started';
    dir: string;
    /** The folder's name, `run-20261123-101500`. */
    run: string;
    info: RunInfo;
    systems: string[];
    /** Answers this run gives, and how many of them a resumed folder had already. */
    total: number;
    done: number;
    /** Answers each system gives (the same for all: every task at every budget). */
    perSystem: number;
    /** Already answered, by system. */
    doneBy: Record<string, number>;
  }
  | {
    kind: 'answer';
    raw: RawResult;
    /** Scored against the fixture the run read: a primary-budget answer only. */
    scored?: ScoredResult;
    done: number;
    total: number;
    /** This system's answers so far, of `perSystem`. */
    systemDone: number;
    perSystem: number;
  }
  /** A package a system pins is being installed (first use only), into `dir`; told before the install, which takes about a minute. */
  | { kind: 'install'; system: string; package: string; dir: string }
  | { kind: 'index'; system: string; repo: string; rev: string; ms?: number; error?: string }
  /**
   * Something found on the way that the run went past: one line naming the file. `scores`: it
   * makes some of the run's scores suspect (a stale ground-truth label), so front ends say it
   * again where the scores are read.
   */
  | { kind: 'warning'; message: string; scores?: true }
  | { kind: 'finished'; summary: RunSummary }
  | { kind: 'cancelled'; summary: RunSummary }
  | { kind: 'failed'; error: Error };

export interface RunSummary {
  dir: string;
  info: RunInfo;
  cancelled: boolean;
  /** Every primary-budget answer of the run folder (resumed ones included), scored. */
  scored: ScoredResult[];
  /** The run's misses, with the triage so far. */
  misses: Miss[];
}

export interface RunOptions extends RunPlace, RunSelection {
  /** Checkout paths by repo name, overriding repos.yaml's `path:`. */
  repositoryPaths?: Record<string, string>;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

/** Reads the inputs and plans; throws what stops reading (a corpus that does not load). */
export async function prepareRun(options: RunOptions): Promise<RunPlan> {
  return planRun(await readRunInputs(options), options);
}

/**
 * Runs a plan (or the plan a promise brings), telling every step as an event; never throws: what
 * stops it is the `failed` event. Ends after `finished`, `cancelled` or `failed`.
 */
export async function* executeRun(
  planned: RunPlan | Promise<RunPlan>, options: Pick<RunOptions, 'repositoryPaths' | 'signal'> = {}): AsyncGenerator<RunEvent, void, undefined> {
  const repos = new Map<string, Repository>();
  try {
    const plan = await planned;
    if (plan.refusal) throw plan.refusal;
    yield* carryOut(plan, repos, options);
  } catch (e) {
    yield { kind: 'failed', error: e instanceof Error ? e : new Error(String(e)) };
  } finally {
    for (const r of repos.values()) r.close();
  }
}

/** A run to its end, as one call: the CLI's scripts and the tests. Throws what a `failed` event says. */
export async function runBenchmark(options: RunOptions): Promise<RunSummary> {
  for await (const event of executeRun(prepareRun(options), options)) {
    options.onEvent?.(event);
    if (event.kind === 'failed') throw event.error;
    if (event.kind === 'finished' || event.kind === 'cancelled') return event.summary;
  }
  throw new Error('the run ended without an outcome');
}

async function* carryOut(
  plan: RunPlan, repos: Map<string, Repository>, options: Pick<RunOptions, 'repositoryPaths' | 'signal'>): AsyncGenerator<RunEvent, void, undefined> {
  const { corpusDir, cwd, dir, toRun, budgets, previous } = plan;
  const signal = options.signal;

  // What it needs, checked before anything runs. Repositories of tasks scored but not run this
  // time (a resume with --tasks) are opened when they can be, for the failure analysis.
  const missing: string[] = [];
  const revs = new Map<string, string>();
  for (const name of new Set(plan.scored.map((t) => t.repo.name))) {
    const entry = plan.scored.find((t) => t.repo.name === name)!.repo;
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
  missing.push(...plan.missing);
  // The package each chosen system pins, installed on first use (told first: it takes a minute),
  // and what the system needs asked again of the installed package. A re-score starts nothing.
  const systems: SystemSpec[] = [];
  for (const s of plan.systems) {
    if (plan.rescore || toRun.length === 0) {
      systems.push(s);
      continue;
    }
    const npm = packageToInstall(s);
    if (npm) yield { kind: 'install', system: s.name, package: npmPinText(npm), dir: packageHome(npm) };
    try {
      const ready = await withPackageInstalled(s, corpusDir, signal);
      systems.push(ready);
      missing.push(...systemNeeds(ready, corpusDir));
    } catch (e) {
      if (!(e instanceof FixtureLabError)) throw e;
      missing.push(e.message);
      systems.push(s);
    }
  }
  if (missing.length > 0) throw new FixtureLabError(`the run cannot start; missing:\n  - ${[...new Set(missing)].join('\n  - ')}`, plan.corpusShown);

  await makeRunFolder(dir, relative(cwd, dir) || '.');
  // run.json describes every system and task of the folder, whatever subset this resume runs.
  // Each system as it runs: its version (a `version:` argv is run once, here) and its argv, programs resolved.
  const versions = new Map<string, string | undefined>();
  if (!plan.rescore) for (const s of systems) versions.set(s.name, await systemVersion(s, corpusDir));
  const described = (s: SystemSpec) => {
    const version = versions.get(s.name);
    const argv = systemArgv(s);
    return { name: s.name, type: s.type, ...(version ? { version } : {}), ...(argv ? { argv } : {}) };
  };
  // A resume adds answers to a system's earlier ones: under one name they must be one system's.
  if (previous && !plan.rescore) {
    for (const s of systems) {
      const old = previous.systems.find((o) => o.name === s.name);
      const now = described(s);
      const changed = old && [
        old.type !== now.type ? `type ${old.type}, now ${now.type}` : '',
        old.argv && now.argv && JSON.stringify(old.argv) !== JSON.stringify(now.argv)
          ? `argv ${JSON.stringify(old.argv)}, now ${JSON.stringify(now.argv)}` : '',
        old.version && now.version && old.version !== now.version ? `version ${old.version}, now ${now.version}` : '',
      ].filter(Boolean);
      if (changed && changed.length > 0) {
        throw new FixtureLabError(`ran system \`${s.name}\` as another system than systems.yaml names now (${changed.join('; ')}): its recorded answers `
          + 'are not this one\'s; resume it with the systems.yaml it ran with, or choose a new --out', relative(cwd, dir) || '.');
      }
    }
  }
  const info: RunInfo = {
    corpus: plan.corpusShown,
    corpus_path: corpusDir,
    fixture_lab_version: FIXTURE_LAB_VERSION,
    ...corpusCommit(corpusDir),
    started_at: previous?.started_at ?? new Date().toISOString(),
    match: plan.match,
    effect_size: plan.effectSize,
    budgets: [budgets[0], ...new Set([...budgets.slice(1), ...(previous?.budgets.slice(1) ?? [])].filter((b) => b !== budgets[0]))],
    ks: plan.ks,
    seed: plan.seed,
    // A re-score runs nothing: the systems stay as they ran.
    systems: plan.rescore && previous ? previous.systems : [
      ...(previous?.systems ?? []).map((old) => { const s = systems.find((x) => x.name === old.name); return s ? { ...old, ...described(s) } : old; }),
      ...systems.filter((s) => !previous?.systems.some((old) => old.name === s.name)).map(described),
    ],
    tasks: plan.scored.map((t) => t.id),
    skipped_tasks: plan.skipped.map(({ task, reason }) => ({ task, reason })),
    scale_failure_lines: plan.scaleFailureLines,
    ...(plan.shard ? { shard: plan.shard } : {}),
    ...(plan.rescore && previous?.finished_at ? { finished_at: previous.finished_at } : {}),
  };
  await writeJson(join(dir, 'run.json'), info);

  // What is answered already: a raw file that reads as an answer, and (unless --keep-failures)
  // one the system gave: a failure or a timeout is answered again. A damaged one is answered again.
  const warnings: string[] = [];
  const warn = (message: string) => void warnings.push(message);
  const answered = new Set<string>();
  const key = (b: number, system: string, task: string) => JSON.stringify([b, system, task]);
  const doneBy: Record<string, number> = Object.fromEntries(systems.map((s) => [s.name, 0]));
  // A shard answers only its own pairs; its folder holds no others.
  const ownTasks = new Map(systems.map((s) => [s.name, toRun.filter((t) => inShard(plan.shard, s.name, t.id))]));
  for (const s of systems) for (const b of budgets) for (const t of ownTasks.get(s.name)!) {
    try {
      const found = await readAnswer(rawDir(dir, b, budgets[0]), s.name, t.id, cwd);
      // An answer to the fixture as it was (another revision, another task text) is no answer to it now.
      const stale = found && staleAnswer(found.raw, revs.get(`${t.repo.name}@${t.rev}`), t.fixture.task);
      if (stale) warn(`${stale}: answering it again${b === budgets[0] ? '' : ` at budget ${b}`}`);
      else if (found && (found.raw.status === 'ok' || plan.keepFailures)) {
        answered.add(key(b, s.name, t.id));
        doneBy[s.name]++;
      }
    } catch (e) {
      if (!(e instanceof FixtureLabError)) throw e;
      warn(`${e.message}; answering that task again`);
    }
  }
  for (const message of warnings.splice(0)) yield { kind: 'warning', message };
  // What makes some of this run's scores suspect, told before it runs (FINDINGS.md says it again above its tables).
  for (const p of plan.warnings) yield { kind: 'warning', message: `${formatProblem(p)}; ${SCORED_ANYWAY}`, scores: true };
  const perSystem = Math.max(0, ...systems.map((s) => ownTasks.get(s.name)!.length)) * budgets.length;
  const total = systems.reduce((n, s) => n + ownTasks.get(s.name)!.length, 0) * budgets.length;
  let done = answered.size;
  yield { kind: 'started', dir, run: basename(dir), info, systems: systems.map((s) => s.name), total, done, perSystem, doneBy: { ...doneBy } };

  const checkouts = new Checkouts(checkoutsDir(corpusDir), basename(dir), plan.keepCheckouts);
  const names = new Map<string, RepoSymbols>();
  const fixtures = new Map(plan.scored.map((t) => [t.id, t.fixture]));
  const modules = new Map(plan.scored.map((t) => [t.id, t.repo.module]));
  try {
    for (const spec of systems) {
      const retriever = retrieverFor(spec, corpusDir);
      try {
        const groups = groupBy(ownTasks.get(spec.name)!, (t) => `${t.repo.name}@${revs.get(`${t.repo.name}@${t.rev}`)}`);
        for (const tasks of groups.values()) {
          const todo = budgets.flatMap((b) => tasks.filter((t) => !answered.has(key(b, spec.name, t.id))).map((t) => ({ t, b })));
          if (todo.length === 0) continue;
          if (signal?.aborted) break;
          const entry = tasks[0].repo;
          const repo = repos.get(entry.name)!;
          const rev = revs.get(`${entry.name}@${tasks[0].rev}`)!;
          const ctx: RepoContext = {
            name: entry.name, repo, rev, module: entry.module, languages: entry.language, checkout: () => checkouts.at(repo, spec.name, entry.name, rev) };
          let indexMs: number | undefined;
          let indexError: SystemFailure | undefined;
          try {
            // The checkout is made before the clock starts: making it is not the system's index time.
            if (spec.type === 'command' || spec.type === 'mcp') await ctx.checkout();
            const started = performance.now();
            await retriever.prepare(ctx, signal);
            indexMs = performance.now() - started;
          } catch (e) {
            indexError = asFailure(e);
          }
          yield {
            kind: 'index', system: spec.name, repo: entry.name, rev,
            ...(indexMs !== undefined ? { ms: indexMs } : {}), ...(indexError ? { error: indexError.message } : {}),
          };
          for (const { t, b } of todo) {
            if (signal?.aborted) break;
            const answer = indexError
              ? failed(spec, t, rev, b, indexError, 'index')
              : await queryTask(retriever, spec, ctx, t, b, indexMs, signal);
            if (answer.status === 'cancelled') break; // nothing is recorded for a cancelled task: a resume runs it
            const raw = await withHealth(answer, spec, names, entry, corpusDir, repo);
            await writeRaw(rawDir(dir, b, budgets[0]), raw, dir);
            done++;
            doneBy[spec.name]++;
            const scored = b === budgets[0] ? scoreResult(raw, fixtures.get(t.id)!, info, modules.get(t.id)) : undefined;
            yield { kind: 'answer', raw, ...(scored ? { scored } : {}), done, total, systemDone: doneBy[spec.name], perSystem };
          }
        }
        const version = await retriever.version?.().catch(() => undefined);
        if (version) info.systems.find((s) => s.name === spec.name)!.version ??= version;
      } finally {
        await retriever.close?.();
        await checkouts.release(spec.name);
      }
      if (signal?.aborted) break;
    }
  } finally {
    await checkouts.release();
    for (const r of names.values()) await r.close().catch(() => undefined);
  }
  // A re-score keeps the run's own times: when it answered and when it finished; it adds when it was scored again.
  if (plan.rescore && previous?.finished_at) {
    info.finished_at = previous.finished_at;
    info.rescored_at = new Date().toISOString();
  } else if (!signal?.aborted) info.finished_at = new Date().toISOString();
  await writeJson(join(dir, 'run.json'), info);
  // Every system and task of the folder is analyzed, not only what this resume ran. A signal
  // stops the analysis too: the answers are on disk, the run is not finished, and no FINDINGS.md
  // claims to sum it up until a resume analyzes it again.
  let analyzed: { scored: ScoredResult[]; misses: Miss[] } = { scored: [], misses: [] };
  try {
    analyzed = await analyzeRunFolder(dir, info, plan, repos, warn, signal);
  } catch (e) {
    if (!signal?.aborted) throw e;
    if (info.rescored_at) delete info.rescored_at;
    else delete info.finished_at;
    await writeJson(join(dir, 'run.json'), info);
    await fs.rm(join(dir, 'FINDINGS.md'), { force: true });
  }
  const cancelled = signal?.aborted ?? false;
  const { scored, misses } = analyzed;
  for (const message of warnings.splice(0)) yield { kind: 'warning', message };
  const summary: RunSummary = { dir, info, cancelled, scored, misses };
  yield cancelled ? { kind: 'cancelled', summary } : { kind: 'finished', summary };
}

/**
 * Scores and analyzes a run folder's recorded answers (its aggregated/, analysis/ and
 * FINDINGS.md) from `plan`'s fixtures: every system and task of `info`, whoever answered them.
 */
export async function analyzeRunFolder(dir: string, info: RunInfo, plan: Pick<RunPlan, 'scored' | 'configured' | 'cwd'> & Partial<Pick<RunPlan, 'warnings'>>,
  repos: Map<string, Repository>, warn: (message: string) => void, signal?: AbortSignal): Promise<{ scored: ScoredResult[]; misses: Miss[] }> {
  const fixtures = new Map(plan.scored.map((t) => [t.id, t.fixture]));
  const modules = new Map(plan.scored.map((t) => [t.id, t.repo.module]));
  // Each task's revision as it runs now: an answer given at another (or to another task text) is not scored as its answer.
  const revisions = new Map<string, Promise<string | undefined>>();
  const now = new Map<string, string | undefined>();
  for (const t of plan.scored) {
    const key = `${t.repo.name}@${t.rev}`;
    if (!revisions.has(key)) revisions.set(key, repos.get(t.repo.name)?.resolve(t.rev).catch(() => undefined) ?? Promise.resolve(undefined));
    now.set(t.id, await revisions.get(key));
  }
  const stale: string[] = [];
  const current = (budget: number) => (r: RawResult) => {
    const why = staleAnswer(r, now.get(r.task), fixtures.get(r.task)?.task);
    if (why) stale.push(`${why}: left out of the scores${budget === info.budgets[0] ? '' : ` at budget ${budget}`}; `
      + 'resuming the run without --rescore (`fixture-lab run --out RUN_DIR`) answers it again');
    return !why;
  };
  const ofRun = (r: RawResult) => fixtures.has(r.task) && info.systems.some((s) => s.name === r.system);
  const primary = info.budgets[0];
  const rawPrimary = (await readRawDir(rawDir(dir, primary, primary), warn, plan.cwd)).filter(ofRun).filter(current(primary));
  const sweep = info.budgets.length > 1
    ? await Promise.all(info.budgets.map(async (b) => ({ budget: b, raw: b === info.budgets[0] ? rawPrimary
      : (await readRawDir(rawDir(dir, b, info.budgets[0]), warn, plan.cwd)).filter(ofRun).filter(current(b)) })))
    : undefined;
  for (const message of stale) warn(message);
  return analyzeRun(dir, info, rawPrimary, fixtures, {
    modules,
    systemLanguages: new Map(plan.configured.filter((s) => s.languages).map((s) => [s.name, s.languages!])),
    sweep,
    repos,
    inputWarnings: [...(plan.warnings ?? []).filter((p) => plan.scored.some((t) => t.file === p.file)).map((p) => `${formatProblem(p)}; ${SCORED_ANYWAY}`),
      ...stale],
    ...(signal ? { signal } : {}),
  });
}

/** What a run adds to a fixture's stale-label warning: the fixture was scored all the same. */
export const SCORED_ANYWAY = 'its fixture is scored against that label as it stands';

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
        ...(r.taskText !== undefined ? { task_text: r.taskText } : {}),
        status: r.status,
        ...(r.error ? { error: r.error } : {}),
        output: cold.text,
        symbols: cold.symbols,
        ...(cold.scores ? { scores: cold.scores } : {}),
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
      task_text: input.task,
      status: 'ok',
      output: cold.text,
      ...(cold.truncated ? { truncated: true } : {}),
      symbols: cold.symbols,
      ...(cold.scores ? { scores: cold.scores } : {}),
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

/**
 * The answer with what it says about the system (answerHealth.ts): over budget, the system's own
 * warning, and how many of its names exist at the revision, resolved as `validate` resolves a
 * fixture's names (through the corpus's symbol cache). A revision that cannot be read leaves the
 * names unchecked, never the answer unrecorded.
 */
async function withHealth(raw: RawResult, spec: SystemSpec, names: Map<string, RepoSymbols>, entry: RepoEntry, corpusDir: string,
  repo: Repository): Promise<RawResult> {
  if (raw.status !== 'ok') return raw;
  let resolver = names.get(entry.name);
  if (!resolver) names.set(entry.name, (resolver = new RepoSymbols(entry, corpusDir, {}, () => Promise.resolve(repo))));
  const checked = await namesAtRevision(resolver.resolver, raw.rev, raw.symbols, entry.module).catch(() => undefined);
  // The output is read up to the parser's `until` (a trailer after a tool's JSON), when it has one.
  const until = 'parse' in spec ? (spec.parse as { until?: unknown }).until : undefined;
  return { ...raw, ...healthFields(raw, checked, typeof until === 'string' ? until : undefined) };
}

function base(spec: SystemSpec, t: PlannedTask, rev: string, budget: number) {
  return { system: spec.name, task: t.id, repo: t.repo.name, ...(t.fixture.difficulty ? { tier: t.fixture.difficulty } : {}), rev, budget,
    finished_at: new Date().toISOString() };
}

function failed(spec: SystemSpec, t: PlannedTask, rev: string, budget: number, f: SystemFailure, phase: string): RawResult {
  return {
    ...base(spec, t, rev, budget),
    task_text: t.fixture.task ?? '',
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

