// `fixture-lab systems check` and the panel's Check button: each system indexes and answers one
// task, in a checkout of its own, and the result says in one line what to fix. A system that
// exits 0 with names no one can score (unmapped output, a degraded index) is caught here, before
// a run reports its zeros as results.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RepoSymbols } from '../corpus/resolveSymbols';
import { repositoryPath } from '../corpus/repos';
import { Repository } from '../git/repository';
import { FixtureLabError } from '../problems';
import { countTokens } from '../scoring/tokens';
import { checkAnswer, QueryOutput, RepoContext, SystemFailure } from './adapters/types';
import { namesAtRevision, stderrCause, systemWarnings } from './answerHealth';
import { PlannedTask, planRun, readRunInputs } from './plan';
import { retrieverFor } from './run';
import { packageHome, packageToInstall } from './systemPackages';
import { systemArgv, systemNeeds, SystemSpec, withPackageInstalled } from './systems';
import { npmPinText } from '../corpus/systemSpec';
import { plural } from '../../shared/figures';
import { Checkouts, checkoutsDir } from './checkouts';
import { clipped } from '../untrusted/lineText';

export interface SystemsCheckOptions {
  corpusDir: string;
  cwd?: string;
  /** A task id; default: the first task a run would answer. */
  task?: string;
  /** Names from systems.yaml; all when absent. */
  systems?: string[];
  /** Default: the run's primary budget. */
  budget?: number;
  signal?: AbortSignal;
  /** Told as each system starts, for a progress line. */
  onSystem?: (name: string) => void;
  /** Told before a package a system pins is installed (first use only, about a minute). */
  onInstall?: (system: string, pkg: string, dir: string) => void;
}

/** Good; or what is wrong, the worst first: a system that fails, one whose names cannot be scored, one that warns or is over budget. */
export type CheckVerdict = 'ok' | 'missing' | 'failed' | 'unmapped' | 'empty' | 'degraded' | 'warned';

export interface SystemCheckResult {
  system: string;
  type: SystemSpec['type'];
  /** The argv as resolved (programs and relative paths beside systems.yaml; placeholders as written). */
  argv: { index?: string[]; query?: string[]; server?: string[]; tool?: string };
  index?: { ms?: number; error?: string };
  query?: { ms?: number; status: 'ok' | 'failed' | 'timeout' | 'cancelled'; error?: string };
  /** The first stderr line that names a cause (never a runtime's version trailer). */
  cause?: string;
  /** Distinct names returned, and how many exist at the revision (null: not checked). */
  returned: number;
  exist: number | null;
  /** A few returned names that do not exist there, as the system gave them. */
  missing: string[];
  tokens: number;
  budget: number;
  warnings: string[];
  verdict: CheckVerdict;
  /** One line: what to fix, or that it is fine. */
  fix: string;
}

export interface SystemsCheck {
  task: string;
  repo: string;
  rev: string;
  budget: number;
  results: SystemCheckResult[];
}

/** Checks each chosen system on one task; throws a FixtureLabError for what stops the check (systems.yaml, the corpus, the task). */
export async function checkSystems(options: SystemsCheckOptions): Promise<SystemsCheck> {
  const inputs = await readRunInputs({ corpusDir: options.corpusDir, cwd: options.cwd, outDir: join(tmpdir(), 'fixture-lab-check-unused') });
  const plan = planRun(inputs, { ...(options.systems?.length ? { systems: options.systems } : {}) });
  const unknown = (options.systems ?? []).filter((n) => !inputs.configured.some((s) => s.name === n));
  if (unknown.length) throw new FixtureLabError(`no system named ${unknown.join(', ')}: the systems are ${inputs.configured.map((s) => s.name).join(', ')}`,
    join(plan.corpusShown, 'systems.yaml'));
  const task = pickTask(plan.toRun, options.task, plan.corpusShown);
  const budget = options.budget ?? plan.budgets[0];
  const repo = await Repository.open(repositoryPath(plan.corpusDir, task.repo));
  const symbols = new RepoSymbols(task.repo, plan.corpusDir, {}, () => Promise.resolve(repo));
  try {
    const rev = await repo.resolve(task.rev);
    const results: SystemCheckResult[] = [];
    for (const spec of plan.systems) {
      if (options.signal?.aborted) break;
      options.onSystem?.(spec.name);
      results.push(await checkOne(spec, plan.corpusDir, inputs.needs.get(spec.name) ?? [], task, repo, rev, budget, symbols, options));
    }
    return { task: task.id, repo: task.repo.name, rev, budget, results };
  } finally {
    await symbols.resolver.save().catch(() => undefined);
    repo.close();
  }
}

function pickTask(tasks: PlannedTask[], id: string | undefined, corpusShown: string): PlannedTask {
  if (id === undefined) {
    if (tasks.length === 0) throw new FixtureLabError('has no task a run would answer (a valid fixture with ground truth): give --task ID', corpusShown);
    return tasks[0];
  }
  const task = tasks.find((t) => t.id === id);
  if (!task) throw new FixtureLabError(`no task \`${id}\` that a run would answer; tasks: ${tasks.slice(0, 8).map((t) => t.id).join(', ')}`
    + `${tasks.length > 8 ? ', …' : ''}`, corpusShown);
  return task;
}

async function checkOne(spec: SystemSpec, corpusDir: string, needs: string[], task: PlannedTask, repo: Repository, rev: string, budget: number,
  symbols: RepoSymbols, options: Pick<SystemsCheckOptions, 'signal' | 'onInstall'>): Promise<SystemCheckResult> {
  const signal = options.signal;
  // The package it pins, installed on first use: a failure is the check's one line.
  const npm = packageToInstall(spec);
  if (npm) options.onInstall?.(spec.name, npmPinText(npm), packageHome(npm));
  try {
    const ready = await withPackageInstalled(spec, corpusDir, signal);
    // A pinned system is asked again, installed now (by this check or an earlier system's).
    if (ready !== spec) needs = systemNeeds((spec = ready), corpusDir);
  } catch (e) {
    if (!(e instanceof FixtureLabError)) throw e;
    needs = [e.message];
  }
  const result: SystemCheckResult = {
    system: spec.name, type: spec.type, argv: { ...systemArgv(spec), ...(spec.type === 'mcp' ? { tool: spec.tool } : {}) },
    returned: 0, exist: null, missing: [], tokens: 0, budget, warnings: [], verdict: 'ok', fix: '',
  };
  if (needs.length > 0) {
    const need = needs[0].replace(/^system [^:]+: /, '');
    // An install that failed says its own fix.
    return { ...result, verdict: 'missing', fix: /nothing was installed$/.test(need) ? need : `${need}: install it, or fix the program in systems.yaml` };
  }
  // A checkout of its own, removed after, as a run makes them: no index of another system or an earlier check is found.
  const checkouts = new Checkouts(checkoutsDir(corpusDir), 'check', false);
  const ctx: RepoContext = {
    name: task.repo.name, repo, rev, module: task.repo.module, languages: task.repo.language,
    checkout: () => checkouts.at(repo, spec.name, task.repo.name, rev),
  };
  const retriever = retrieverFor(spec, corpusDir);
  let stderr = '';
  let out: QueryOutput | undefined;
  try {
    let started = performance.now();
    try {
      await retriever.prepare(ctx, signal);
      result.index = { ms: performance.now() - started };
    } catch (e) {
      const f = asFailure(e);
      stderr = f.stderr;
      result.index = { error: f.message };
      return finish(result, spec, stderr, undefined, symbols, rev, task);
    }
    started = performance.now();
    try {
      out = checkAnswer(await retriever.query(ctx, { taskId: task.id, task: task.fixture.task ?? '', budget }, signal));
      stderr = out.stderr ?? '';
      result.query = { ms: performance.now() - started, status: 'ok' };
    } catch (e) {
      const f = asFailure(e);
      stderr = f.stderr;
      result.query = { ms: performance.now() - started, status: f.status, error: f.message };
    }
    return await finish(result, spec, stderr, out, symbols, rev, task);
  } finally {
    await retriever.close?.();
    await checkouts.release();
  }
}

async function finish(result: SystemCheckResult, spec: SystemSpec, stderr: string, out: QueryOutput | undefined, symbols: RepoSymbols, rev: string,
  task: PlannedTask): Promise<SystemCheckResult> {
  const cause = stderrCause(stderr);
  if (cause) result.cause = cause;
  result.warnings = systemWarnings(out?.text ?? '', stderr, 'parse' in spec ? spec.parse.until : undefined);
  if (out) {
    result.tokens = countTokens(out.text);
    const names = await namesAtRevision(symbols.resolver, rev, out.symbols, task.repo.module);
    result.returned = names.returned;
    result.exist = names.exist;
    result.missing = names.missing.slice(0, 5);
  }
  const short = rev.slice(0, 7);
  const warning = result.warnings[0] && clipped(result.warnings[0], 120);
  const warned = warning ? `; it warns: ${warning}` : '';
  const failedWith = (error: string) => `${error}${cause && !error.includes(cause) ? ` (${cause})` : ''}`;
  if (result.index?.error) {
    const error = result.index.error;
    // An mcp system's prepare also starts its server: a failure there is the server's, and its message may say the fix.
    const fix = /^index /.test(error) ? 'fix `index`' : /: set `\w+:`/.test(error) ? '' : 'fix `server`';
    return verdict(result, 'failed', fix ? `${failedWith(error)}: ${fix}` : error);
  }
  if (!out) {
    const error = result.query?.error ?? 'no answer';
    const what = /^query output:|^tool output:/.test(error) ? 'check `parse` against the output' : result.type === 'mcp' ? 'fix `server`, `tool` or `arguments`'
      : 'fix `query`';
    return verdict(result, 'failed', `${failedWith(error)}: ${what}`);
  }
  if (result.returned === 0) {
    return result.warnings.length > 0
      ? verdict(result, 'degraded', `returned no names and warns: ${warning}: the system is degraded here; fix its installation or index`)
      : verdict(result, 'empty', `returned no names for ${task.id}: check \`parse\` against its output, or try another --task`);
  }
  const returned = `returned ${plural(result.returned, 'name')}`;
  const exist = `${result.exist} exist${result.exist === 1 ? 's' : ''} at ${short}`;
  if (result.exist === 0) return verdict(result, 'unmapped', `${returned}, ${exist}: check \`parse\`${warned}`);
  const overBudget = result.tokens > result.budget ? `; its answer is ${result.tokens} tokens, over the budget of ${result.budget}` : '';
  if (warned) return verdict(result, 'warned', `${returned}, ${exist}${warned}${overBudget}`);
  return verdict(result, 'ok', `ok: ${returned}, ${exist}${overBudget}`);
}

function verdict(result: SystemCheckResult, v: CheckVerdict, fix: string): SystemCheckResult {
  return { ...result, verdict: v, fix };
}

function asFailure(e: unknown): SystemFailure {
  return e instanceof SystemFailure ? e : new SystemFailure((e as Error)?.message ?? String(e));
}

/** One system's check as text: what ran, what came back, and the line saying what to fix (the CLI's and the panel's). */
export function checkLines(r: SystemCheckResult): string[] {
  const argv = (a: string[]) => a.map((x) => (/^[\w@%+=:,./-]+$/.test(x) ? x : JSON.stringify(x))).join(' ');
  const ms = (n: number | undefined) => (n === undefined ? '' : ` in ${(n / 1000).toFixed(1)} s`);
  const lines = [`${r.system} (${r.type}): ${r.verdict === 'ok' ? r.fix : `${r.verdict.toUpperCase()}: ${r.fix}`}`];
  if (r.argv.index) lines.push(`  index:    ${argv(r.argv.index)}`);
  if (r.argv.query) lines.push(`  query:    ${argv(r.argv.query)}`);
  if (r.argv.server) lines.push(`  server:   ${argv(r.argv.server)} (tool ${r.argv.tool})`);
  if (r.index) lines.push(`  indexed:  ${r.index.error ? `failed: ${r.index.error}` : `ok${ms(r.index.ms)}`}`);
  const answered = (q: NonNullable<SystemCheckResult['query']>) => (
    q.status === 'ok' ? `${r.type === 'command' ? 'exit 0' : 'ok'}${ms(q.ms)}` : `${q.status}: ${q.error}`);
  if (r.query) lines.push(`  answered: ${answered(r.query)}`);
  if (r.cause && r.query?.status !== 'ok') lines.push(`  stderr:   ${r.cause}`);
  if (r.query?.status === 'ok') {
    const not = r.missing.length ? ` (not: ${r.missing.join(', ')})` : '';
    lines.push(`  names:    ${r.returned} returned, ${r.exist ?? '?'} exist${r.exist === 1 ? 's' : ''} at the revision${not}`);
    lines.push(`  tokens:   ${r.tokens} of a budget of ${r.budget}${r.tokens > r.budget ? ' (over)' : ''}`);
  }
  for (const w of r.warnings) lines.push(`  warning:  ${w}`);
  return lines;
}
