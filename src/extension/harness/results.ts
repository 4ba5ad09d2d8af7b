// The harness results this window shows: for the open fixture, each system's newest answer
// (from the run this window made, held by the RunStore, else the newest run on disk that has
// it), scored now against the fixture as it stands, with the misses of the runs those answers
// came from. Runs on disk are read once per fixture and run, never per answer: a run's answers
// come from its events. The panel, the triage decorations, hovers and view all read this one
// place and follow its change event.
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import {
  Answer, fixtureView, corpusCharts, corpusResults, fixtureCharts, readSignificance, CorpusResults, DEFAULT_MATCH_RULE, failureReport,
  fixtureHeader, FixtureHeader, fixtureResults, FixtureResults, latestAnswers, latestCorpusRun, listRuns, MatchRule, Miss, PRIMARY_BUDGET,
  RawResult, readMisses, RunFolder, RunStore, scoreRun, setTriage, SystemChoice, systemChoices, TriageChoice,
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

/** What the disk holds for one task, apart from the store's run: read once per task and run. */
interface Recorded {
  key: string;
  read: Promise<{ answers: Map<string, Answer>; misses: Miss[]; systems: string[]; choices: SystemChoice[] }>;
}

export class HarnessResults implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** The runs this window makes: their state, event by event. */
  readonly store = new RunStore();
  match: MatchRule = DEFAULT_MATCH_RULE;
  budget = PRIMARY_BUDGET;
  private loaded?: Promise<Loaded | undefined>;
  private recorded?: Recorded;
  private triageOnDisk?: Promise<{ run: RunFolder; misses: Miss[] } | undefined>;

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus, private readonly session: Session) {
    ctx.push(session.onDidChange(() => this.refresh()));
    // systems.yaml or the runs' settings changed: the run form and the runs on disk are read again.
    ctx.push(corpus.onDidChange(() => this.refresh()));
    const unsubscribe = this.store.subscribe((e) => {
      // A new run: the one before it is now one of the runs on disk.
      if (e.kind === 'started') this.forgetDisk();
      if (e.kind !== 'index' && e.kind !== 'warning') this.rescore();
    });
    ctx.push({ dispose: unsubscribe });
  }

  resultsDir(): string {
    const configured = this.ctx.config.resultsPath;
    if (isAbsolute(configured)) return configured;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
    return join(folder, configured);
  }

  /** Throw away what was read; the next `current()` reads the runs on disk again. */
  refresh(): void {
    this.forgetDisk();
    this.rescore();
  }

  /** The fixture or the store changed: score again from what is held. */
  private rescore(): void {
    this.loaded = undefined;
    this.changed.fire();
  }

  private forgetDisk(): void {
    this.recorded = undefined;
    this.triageOnDisk = undefined;
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
    return corpusResults(run, scored, corpusCharts(scored, await readSignificance(run.dir)), corpus, await this.session.rater());
  }

  /** Record a person's choice for one miss in its run's triage file, and show it. */
  async triage(miss: Pick<Miss, 'system' | 'task' | 'symbol'>, choice: TriageChoice): Promise<Miss[]> {
    const loaded = await this.current();
    const run = (loaded?.results.fixture === miss.task ? loaded.runs.get(miss.system) : undefined) ?? (await this.triageRun())?.run;
    if (!run) throw new Error(`no run holds ${miss.system}'s answer to ${miss.task}`);
    const misses = await setTriage(run.dir, miss, choice, failureReport);
    this.store.triaged(run.dir, misses);
    this.refresh();
    return misses;
  }

  /**
   * The run the Triage view lists: the latest this window finished, else the newest finished on
   * disk, with its misses (but those of a fixture the rater reviews blind: a miss names a
   * ground-truth symbol). A cancelled run is never it: the run before keeps its triage.
   */
  async triageRun(): Promise<{ run: RunFolder; misses: Miss[] } | undefined> {
    const latest = this.store.latest;
    let found: { run: RunFolder; misses: Miss[] } | undefined;
    if (latest) found = { run: latest, misses: latest.misses };
    else {
      this.triageOnDisk ??= listRuns(this.resultsDir()).then(async (runs) => {
        const run = runs.find((r) => r.info.finished_at !== undefined);
        return run && { run, misses: await readMisses(run.dir) };
      });
      this.triageOnDisk.catch(() => (this.triageOnDisk = undefined));
      found = await this.triageOnDisk;
    }
    if (!found) return undefined;
    const { run, misses } = found;
    const rater = await this.session.rater();
    const blind = new Set((await this.corpus.get())?.fixtures.filter((f) => fixtureView(f.read.fixture, rater).blind).map((f) => f.read.fixture.id) ?? []);
    return { run, misses: misses.filter((m) => !blind.has(m.task)) };
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
    const id = header.id;
    const recorded = await this.readRecorded(id);
    // The store's run comes first: its answers are the newest, told by its events.
    const run = this.store.current;
    const own = run && run.info.tasks.includes(id) ? this.store.answersTo(id) : new Map<string, RawResult>();
    const answers = new Map(recorded.answers);
    if (run) for (const [system, raw] of own) answers.set(system, { raw, run });
    const ownMisses = run ? (this.store.missesOf(run.dir) ?? []).filter((m) => m.task === id && own.has(m.system)) : [];
    const misses = [...recorded.misses.filter((m) => !own.has(m.system)), ...ownMisses];
    const configured = recorded.choices.map((s) => s.name);
    const systems = [...new Set([...recorded.systems, ...(run?.info.tasks.includes(id) ? run.info.systems.map((s) => s.name) : [])])];
    const results = fixtureResults(c.fixture, answers, {
      match: this.match,
      budget: this.budget,
      module: c.module,
      run: run?.name,
      systems: systems.filter((s) => answers.has(s) || configured.includes(s)),
      misses,
      running: this.store.running(),
      charts: fixtureCharts,
    });
    return { header, results, misses, runs: new Map([...answers].map(([s, a]) => [s, a.run])), module: c.module, systems: recorded.choices };
  }

  /** The task's answers in the runs on disk other than the store's, their misses, and the configured systems. */
  private readRecorded(id: string): Recorded['read'] {
    const own = this.store.current?.dir;
    const key = JSON.stringify([id, own]);
    if (this.recorded?.key !== key) {
      const read = (async () => {
        const runs = (await listRuns(this.resultsDir())).filter((r) => r.dir !== own);
        const choices = await this.systems();
        const configured = choices.map((s) => s.name);
        const recordedSystems = runs.filter((r) => r.info.tasks.includes(id)).flatMap((r) => r.info.systems.map((s) => s.name));
        const systems = [...new Set([...configured, ...recordedSystems])];
        const answers = await latestAnswers(runs, id, systems);
        return { answers, misses: await missesOf(answers, id), systems, choices };
      })();
      read.catch(() => (this.recorded = undefined));
      this.recorded = { key, read };
    }
    return this.recorded.read;
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
