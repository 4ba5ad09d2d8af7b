// The benchmark results this window shows: for the open fixture, each system's newest answer
// (from the run the panel just made, else the newest run that has it), scored now against the
// fixture as it stands, with the misses of the runs those answers came from. The panel, the
// triage decorations, hovers and view all read this one place and follow its change event.
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import {
  Answer, fixtureView, corpusCharts, corpusResults, fixtureCharts, readSignificance, CorpusResults, DEFAULT_MATCH_RULE, failureReport,
  fixtureHeader, FixtureHeader, fixtureResults, FixtureResults, latestAnswers,
  latestCorpusRun, listRuns, MatchRule, Miss, PRIMARY_BUDGET, readMisses, readRun, RunFolder, scoreRun, setTriage, SystemChoice, systemChoices, TriageChoice,
} from '../../core';
import { Ctx } from '../ctx';
import { Current, Session } from '../labeling/session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export interface Loaded {
  header: FixtureHeader;
  results: FixtureResults;
  /** Misses of the fixture's task, by system, from the run each system's answer came from. */
  misses: Miss[];
  /** The run each system's answer came from. */
  runs: Map<string, RunFolder>;
  module?: string;
  /** The configured systems as read for these results (systems.yaml and PATH), for the run form. */
  systems: SystemChoice[];
}

export class BenchmarkResults implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** The run this window made last: searched first, its rows are `this run`. */
  lastRun?: RunFolder;
  match: MatchRule = DEFAULT_MATCH_RULE;
  budget = PRIMARY_BUDGET;
  /** Systems with a run under way. */
  readonly running = new Set<string>();
  private loaded?: Promise<Loaded | undefined>;

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus, private readonly session: Session) {
    ctx.push(session.onDidChange(() => this.refresh()));
  }

  resultsDir(): string {
    const configured = this.ctx.config.resultsPath;
    if (isAbsolute(configured)) return configured;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
    return join(folder, configured);
  }

  /** Throw away what was read; the next `current()` reads the runs again. */
  refresh(): void {
    this.loaded = undefined;
    this.changed.fire();
  }

  /** The open fixture's header and results; undefined when no fixture is open. */
  current(): Promise<Loaded | undefined> {
    this.loaded ??= this.session.current().then((c) => (c ? this.load(c) : undefined));
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  async systems(): Promise<SystemChoice[]> {
    const corpus = await this.corpus.get();
    return corpus ? systemChoices(corpus.dir) : [];
  }

  async corpusView(): Promise<CorpusResults | null> {
    const corpus = await this.corpus.get();
    const run = latestCorpusRun(await listRuns(this.resultsDir()));
    if (!corpus || !run) return null;
    const scored = await scoreRun(run, corpus);
    return corpusResults(run, scored, corpusCharts(scored, await readSignificance(run.dir)));
  }

  /** Record a person's choice for one miss in its run's triage file, and show it. */
  async triage(miss: Pick<Miss, 'system' | 'task' | 'symbol'>, choice: TriageChoice): Promise<Miss[]> {
    const loaded = await this.current();
    const run = (loaded?.results.fixture === miss.task ? loaded.runs.get(miss.system) : undefined) ?? (await this.triageRun())?.run;
    if (!run) throw new Error(`no run holds ${miss.system}'s answer to ${miss.task}`);
    const misses = await setTriage(run.dir, miss, choice, failureReport);
    this.refresh();
    return misses;
  }

  /**
   * The run the Triage view lists: the one this window made last, else the newest, with its misses
   * (but those of a fixture the rater reviews blind: a miss names a ground-truth symbol).
   */
  async triageRun(): Promise<{ run: RunFolder; misses: Miss[] } | undefined> {
    const run = this.lastRun ?? (await listRuns(this.resultsDir()))[0];
    if (!run) return undefined;
    const rater = await this.session.rater();
    const blind = new Set((await this.corpus.get())?.fixtures.filter((f) => fixtureView(f.read.fixture, rater).blind).map((f) => f.read.fixture.id) ?? []);
    return { run, misses: (await readMisses(run.dir)).filter((m) => !blind.has(m.task)) };
  }

  async useRun(dir: string): Promise<void> {
    this.lastRun = await readRun(dir);
    this.refresh();
  }

  private async load(c: Current): Promise<Loaded> {
    const corpus = await this.corpus.get();
    const file = corpus?.fixtures.find((f) => f.path === c.uri.fsPath)?.file ?? vscode.workspace.asRelativePath(c.uri);
    const header = fixtureHeader(c.fixture, file, c.module, c.view);
    if (c.view.blind) {
      // Scores and misses would tell the blind verifier what the ground truth holds: none until the review finishes.
      const results = fixtureResults(
        c.view.fixture, new Map(), { match: this.match, budget: this.budget, module: c.module, systems: [], misses: [], running: new Set() });
      return { header, results, misses: [], runs: new Map(), module: c.module, systems: await this.systems() };
    }
    const runs = await listRuns(this.resultsDir());
    const id = header.id;
    const choices = await this.systems();
    const configured = choices.map((s) => s.name);
    const recorded = runs.filter((r) => r.info.tasks.includes(id)).flatMap((r) => r.info.systems.map((s) => s.name));
    const systems = [...new Set([...configured, ...recorded])];
    const answers = await latestAnswers(runs, id, systems, this.lastRun);
    const misses = await missesOf(answers, id);
    const results = fixtureResults(c.fixture, answers, {
      match: this.match,
      budget: this.budget,
      module: c.module,
      run: this.lastRun?.name,
      systems: systems.filter((s) => answers.has(s) || configured.includes(s)),
      misses,
      running: this.running,
      charts: fixtureCharts,
    });
    return { header, results, misses, runs: new Map([...answers].map(([s, a]) => [s, a.run])), module: c.module, systems: choices };
  }

  dispose(): void {
    this.changed.dispose();
  }
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
