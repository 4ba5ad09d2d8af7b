// What the benchmark panel's host (src/extension/harness/panel.ts and results.ts) sends the page,
// made without VS Code: a run event's message, the run form, a payload without its charts, the
// answers a fixture's results are scored from, and the corpus view. The host is glue around these;
// the webview tests' recorded host session (test/webview/hostSession.ts) is made by the same
// functions, so the page is tested, and README's pictures taken, on what the host really sends.
import { basename } from 'node:path';
import { type Corpus, fixtureIdOf } from '../corpus/load';
import type { Fixture } from '../fixtures/model';
import { corpusCharts } from '../charts/corpusCharts';
import type { Miss } from '../harness/failures';
import type { RunEvent } from '../harness/run';
import type { RawResult } from '../harness/results';
import type { RunStore, StoredRun } from '../harness/runStore';
import { readMisses } from '../harness/triage';
import { staleAnswer } from '../harness/staleAnswers';
import { fixtureView } from '../labeling/state';
import type { MatchRule } from '../scoring/match';
import type { HostMessage } from '../../shared/protocol';
import { MATCH_RULES } from '../../shared/vocabulary';
import { corpusResults, scoreRun } from './corpus';
import type { ChartView, CorpusResults, FixtureHeader, RunControls, SystemChoice } from './model';
import { type Answer, latestAnswers, latestCorpusRun, listRuns, readSignificance } from './runs';

export type RunMessage = Extract<HostMessage, { type: 'runStarted' | 'progress' | 'runFinished' }>;

/** The budgets the run form offers. */
export const PANEL_BUDGETS: readonly number[] = [2000, 5000, 10000];

export const RESTRICTED = 'Running systems is disabled in Restricted Mode: they run commands this workspace names. Trust the workspace to '
  + 'run them (Manage Workspace Trust).';
/** Why a blind verifier runs nothing: every score is against the ground truth they may not see yet. */
export const BLIND = 'You review this fixture blind: systems are scored against its ground truth, which shows once the review finishes.';
const NO_FIXTURE = 'Open a fixture to run systems on it.';

/** The page's message for a run event; none for what only the log hears. */
export function runMessage(e: RunEvent): RunMessage | undefined {
  switch (e.kind) {
    case 'started':
      return { type: 'runStarted', systems: e.systems, total: e.total };
    case 'answer':
      return { type: 'progress', system: e.raw.system, done: e.systemDone, total: e.perSystem, status: e.systemDone >= e.perSystem ? 'done' : 'running' };
    case 'finished':
    case 'cancelled':
      return { type: 'runFinished', run: basename(e.summary.dir), cancelled: e.kind === 'cancelled' };
    case 'failed':
      return { type: 'runFinished', cancelled: false, error: e.error.message };
    case 'install':
    case 'index':
    case 'warning':
      return undefined;
  }
}

/** The run form: the configured systems, and whether this window may run them on the open fixture (`header`; none open: undefined). */
export function runControls(systems: SystemChoice[], o: { budget: number; match: MatchRule; trusted: boolean; header?: FixtureHeader }): RunControls {
  const reason = !o.trusted ? RESTRICTED : !o.header ? NO_FIXTURE : o.header.blind ? BLIND : undefined;
  return { systems, budgets: [...PANEL_BUDGETS], budget: o.budget, matchRules: [...MATCH_RULES], match: o.match, canRun: !reason,
    ...(reason ? { disabledReason: reason } : {}) };
}

/** A payload as the page is sent it: its charts go in a `charts` message of their own. */
export function withoutCharts<T extends { charts: ChartView[] }>(payload: T): Omit<T, 'charts'> {
  const { charts, ...rest } = payload;
  return rest;
}

/** What the runs on disk hold for one task, apart from the store's run. */
export interface RecordedAnswers {
  /** Each system's newest primary-budget answer. */
  answers: Map<string, Answer>;
  /** Their misses, each from the run its answer came from (triage applied). */
  misses: Miss[];
  /** The configured systems and those of the runs that have the task. */
  systems: string[];
  /** The configured systems, for the run form. */
  choices: SystemChoice[];
}

/**
 * The task's answers in the runs under `resultsDir` but `except` (the run under way), their misses,
 * and the systems: `choices`, the configured ones (systemChoices), then those of the runs.
 */
export async function recordedAnswers(resultsDir: string, id: string, choices: SystemChoice[], except?: string): Promise<RecordedAnswers> {
  const runs = (await listRuns(resultsDir)).filter((r) => r.dir !== except);
  const configured = choices.map((s) => s.name);
  const recordedSystems = runs.filter((r) => r.info.tasks.includes(id)).flatMap((r) => r.info.systems.map((s) => s.name));
  const systems = [...new Set([...configured, ...recordedSystems])];
  const answers = await latestAnswers(runs, id, systems);
  return { answers, misses: await missesOf(answers, id), systems, choices };
}

/** The misses of one task, each system's from the run its answer came from (triage applied). */
async function missesOf(answers: ReadonlyMap<string, Answer>, task: string): Promise<Miss[]> {
  const byRun = new Map<string, Promise<Miss[]>>();
  const out: Miss[] = [];
  for (const [system, a] of answers) {
    if (!byRun.has(a.run.dir)) byRun.set(a.run.dir, readMisses(a.run.dir));
    out.push(...(await byRun.get(a.run.dir)!).filter((m) => m.system === system && m.task === task));
  }
  return out;
}

/** What a fixture's results are scored from: the recorded answers, the store's run's own over them. */
export interface PanelAnswers {
  answers: Map<string, Answer>;
  misses: Miss[];
  /** The table's systems, in order: those with an answer or configured. */
  systems: string[];
  /** The store's run (under way, or the last it saw). */
  run?: StoredRun;
}

/** The answers the panel scores for task `id`: the store's run comes first, its answers being the newest, told by its events. */
export function panelAnswers(id: string, recorded: RecordedAnswers, store: RunStore): PanelAnswers {
  const run = store.current;
  const own = run && run.info.tasks.includes(id) ? store.answersTo(id) : new Map<string, RawResult>();
  const answers = new Map(recorded.answers);
  if (run) for (const [system, raw] of own) answers.set(system, { raw, run });
  const ownMisses = run ? (store.missesOf(run.dir) ?? []).filter((m) => m.task === id && own.has(m.system)) : [];
  const misses = [...recorded.misses.filter((m) => !own.has(m.system)), ...ownMisses];
  const configured = recorded.choices.map((s) => s.name);
  const systems = [...new Set([...recorded.systems, ...(run?.info.tasks.includes(id) ? run.info.systems.map((s) => s.name) : [])])];
  return { answers, misses, systems: systems.filter((s) => answers.has(s) || configured.includes(s)), ...(run ? { run } : {}) };
}

/**
 * The answers that answer the fixture as it stands (run at `rev`, its revision resolved, with its
 * task text), and one line for each left out: an answer given at another revision or to another
 * task text (the fixture edited since its run) is never scored as an answer to it now.
 */
export function currentAnswers(
  answers: ReadonlyMap<string, Answer>, fixture: Fixture, rev: string | undefined): { answers: Map<string, Answer>; stale: string[] } {
  const kept = new Map<string, Answer>();
  const stale: string[] = [];
  for (const [system, a] of answers) {
    const why = staleAnswer(a.raw, rev, fixture.task);
    if (why) stale.push(`${why}: not scored here; run ${system} on it again (its answer is in ${a.run.name})`);
    else kept.set(system, a);
  }
  return { answers: kept, stale };
}

/** The names the granularity columns need located at the fixture's revision: the ground truth's and every answer's. */
export function namesToLocate(fixture: Fixture, answers: ReadonlyMap<string, Answer>): string[] {
  return [...fixture.ground_truth.map((g) => g.symbol), ...[...answers.values()].flatMap((a) => a.raw.symbols)];
}

/**
 * The fixture's ground-truth labels whose symbol is other code where it runs than where it was
 * labeled, one line each (validate's stale-label: the fixture pane's own, the extension's
 * WorkspaceCorpus.staleGroundTruth over core staleLabelsOf).
 */
export type StaleGroundTruth = (fixture: Fixture, file: string) => Promise<string[]>;

/**
 * The Corpus tab: the newest run over more than one task, scored against the fixtures as they
 * stand; null when there is none. `staleLabels` names the stale ground truth of each fixture the run
 * scores, above the scores as the fixture pane and FINDINGS.md say it, each line after its fixture's file.
 */
export async function corpusView(resultsDir: string, corpus: Corpus | undefined, rater: string | undefined,
  staleLabels?: StaleGroundTruth): Promise<CorpusResults | null> {
  const run = latestCorpusRun(await listRuns(resultsDir));
  if (!corpus || !run) return null;
  // A raw answer that does not read is left out of the scores, and said so under them: never a silently smaller average.
  const damaged: string[] = [];
  const left: string[] = [];
  const scored = await scoreRun(run, corpus, (message) => damaged.push(message), undefined, (message) => left.push(message));
  const view = corpusResults(run, scored, corpusCharts(scored, await readSignificance(run.dir)), corpus, rater, damaged, left);
  const tasks = new Set(scored.map((s) => s.raw.task));
  const stale: string[] = [];
  if (staleLabels) {
    for (const f of corpus.fixtures) {
      // A label's name is the ground truth a blind verifier may not see yet.
      if (!tasks.has(fixtureIdOf(f)) || fixtureView(f.read.fixture, rater).blind) continue;
      stale.push(...(await staleLabels(f.read.fixture, f.file)).map((line) => `${f.file}: ${line}`));
    }
  }
  return stale.length > 0 && view.checks ? { ...view, checks: { ...view.checks, staleLabels: stale } } : view;
}
