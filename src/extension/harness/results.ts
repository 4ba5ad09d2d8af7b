// The harness results this window shows: for the open fixture, each system's newest answer
// (from the run this window made, held by the RunStore, else the newest run on disk that has
// it), scored now against the fixture as it stands, with the misses of the runs those answers
// came from. Runs on disk are read once per fixture and run, never per answer: a run's answers
// come from its events. The panel, the triage decorations, hovers and view all read this one
// place and follow its change event.
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import {
  type Answer, corpusView, currentAnswers, CorpusResults, DEFAULT_MATCH_RULE, failureReport, type Fixture, fixtureCharts, fixtureHeader,
  FixtureHeader, fixtureResults, FixtureResults, fixtureView, listRuns, type Locate, Locator, MatchRule, Miss, namesToLocate, panelAnswers,
  PRIMARY_BUDGET, type RecordedAnswers, recordedAnswers, readMisses, revisionOf, RunFolder, RunStore, setTriage, SystemChoice, systemChoices, TriageChoice,
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
  read: Promise<RecordedAnswers>;
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
  /** Where names point, per repository revision: what the granularity columns need (a revision's code never changes). */
  private readonly locators = new Map<string, Locator>();

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus, private readonly session: Session) {
    ctx.push(session.onDidChange(() => this.refresh()));
    // systems.yaml or the runs' settings changed: the run form and the runs on disk are read again.
    ctx.push(corpus.onDidChange(() => this.refresh()));
    const unsubscribe = this.store.subscribe((e) => {
      // A new run: the one before it is now one of the runs on disk.
      if (e.kind === 'started') this.forgetDisk();
      if (e.kind !== 'install' && e.kind !== 'index' && e.kind !== 'warning') this.rescore();
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
    // The stale ground truth of each fixture the run scores, in the fixture pane's words (its one function).
    return corpusView(this.resultsDir(), await this.corpus.get(), await this.session.rater(), (fixture, file) => this.corpus.staleGroundTruth(fixture, file));
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

  /**
   * The name of a run whose results this window has loaded, whichever fixtures it covers: the run
   * the Triage view lists, else the run this window made (under way or cancelled); none without one.
   */
  async loadedRun(): Promise<string | undefined> {
    return ((await this.triageRun())?.run ?? this.store.current)?.name;
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
    const held = panelAnswers(id, recorded, this.store);
    const { systems, run } = held;
    // An answer given before the fixture's revision or task was edited answers another question: left out, and said.
    const { answers, stale: staleAnswers } = currentAnswers(held.answers, c.fixture, await this.revision(c.fixture));
    const misses = held.misses.filter((m) => answers.has(m.system));
    const locate = await this.locate(c, answers);
    const staleLabels = answers.size > 0 ? await this.corpus.staleGroundTruth(c.fixture, file) : [];
    const results = fixtureResults(c.fixture, answers, {
      locate,
      staleLabels,
      staleAnswers,
      match: this.match,
      budget: this.budget,
      module: c.module,
      run: run?.name,
      systems,
      misses,
      running: this.store.running(),
      charts: fixtureCharts,
    });
    return { header, results, misses, runs: new Map([...answers].map(([s, a]) => [s, a.run])), module: c.module, systems: recorded.choices };
  }

  /**
   * Where the fixture's ground truth and every answer's names point at the fixture's revision, for
   * the granularity columns; undefined (the columns show none) when the repository or the revision
   * cannot be had.
   */
  private async locate(c: Current, answers: ReadonlyMap<string, Answer>): Promise<Locate | undefined> {
    const corpus = await this.corpus.get();
    const name = c.fixture.repo;
    const where = corpus && name ? revisionOf(c.fixture, corpus.repos.find((r) => r.name === name)) : undefined;
    if (!name || !where) return undefined;
    try {
      const key = `${name}@${where.rev}`;
      let locator = this.locators.get(key);
      if (!locator) this.locators.set(key, (locator = new Locator(await this.corpus.repository(name), where.rev)));
      return await locator.lookup(namesToLocate(c.fixture, answers), { module: c.module });
    } catch {
      return undefined;
    }
  }

  /** The fixture's revision as a SHA; undefined when it or its repository cannot be read (its answers are not checked against it). */
  private async revision(fixture: Fixture): Promise<string | undefined> {
    const corpus = await this.corpus.get();
    const where = corpus && fixture.repo ? revisionOf(fixture, corpus.repos.find((r) => r.name === fixture.repo)) : undefined;
    if (!where || !fixture.repo) return undefined;
    try {
      return await (await this.corpus.repository(fixture.repo)).resolve(where.rev);
    } catch {
      return undefined;
    }
  }

  /** The task's answers in the runs on disk other than the store's, their misses, and the configured systems. */
  private readRecorded(id: string): Recorded['read'] {
    const own = this.store.current?.dir;
    const key = JSON.stringify([id, own]);
    if (this.recorded?.key !== key) {
      const read = this.systems().then((choices) => recordedAnswers(this.resultsDir(), id, choices, own));
      read.catch(() => (this.recorded = undefined));
      this.recorded = { key, read };
    }
    return this.recorded.read;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
