// The recorded host session test/fixtures/panel/easy-01-run.json, made again from the host's own
// code (src/core/panelView/host.ts and the builders the host calls) on the demo corpus, with the
// systems' answers read from recorded run folders (test/fixtures/panel/easy-01/runs/) instead of
// run live: no clock, no random run id, the timings as recorded, so the same bytes every time.
// test/webview/hostSession.test.ts checks the file is what this makes (FIXTURE_LAB_RECORD=1 writes it).
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureCharts } from '../../src/core/charts/fixtureCharts';
import { type Corpus, loadCorpus } from '../../src/core/corpus/load';
import { repositoryPath } from '../../src/core/corpus/repos';
import { revisionOf } from '../../src/core/corpus/resolveSymbols';
import { Repository } from '../../src/core/git/repository';
import { scoreResult } from '../../src/core/harness/analysis';
import { PlannedTask } from '../../src/core/harness/plan';
import { readRawFile, readRunInfo, RunInfo } from '../../src/core/harness/results';
import { analyzeRunFolder, RunEvent } from '../../src/core/harness/run';
import { RunStore } from '../../src/core/harness/runStore';
import { fixtureView } from '../../src/core/labeling/state';
import { fixtureHeader } from '../../src/core/panelView/header';
import { corpusView, namesToLocate, panelAnswers, recordedAnswers, runControls, runMessage } from '../../src/core/panelView/host';
import { fixtureResults } from '../../src/core/panelView/results';
import { panelResults } from '../../src/core/panelView/returned';
import { systemChoices } from '../../src/core/panelView/runs';
import { PRIMARY_BUDGET } from '../../src/core/harness/plan';
import { DEFAULT_MATCH_RULE } from '../../src/core/scoring/rules';
import type { MatchRule } from '../../src/shared/vocabulary';
import { Locator } from '../../src/core/symbols/locate';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import type { SentMessage } from './harness';

const RECORDED = join(ROOT, 'test', 'fixtures', 'panel', 'easy-01');
const TASK = 'bookshop-easy-01';
/** The run the panel makes: its run.json and raw answers, as `fixture-lab run` recorded them. */
const PANEL_RUN = 'run-20261127-132708';
/** Runs on disk before the panel opens: a corpus run of the baselines, and an earlier run of two systems not installed here. */
const ON_DISK = ['run-20261101-120000', 'run-20261127-132613'];
/** What the person picks in the run form, and posts with Run. */
export const FORM = { systems: ['grep', 'bm25'], budget: 5000, match: 'bounded' as MatchRule };

export const DESCRIPTION = 'bookshop-easy-01 on the demo corpus, as the panel\'s host sends it (test/webview/hostSession.ts, from '
  + 'test/fixtures/panel/easy-01/): the panel opens on the fixture with two runs on disk, a corpus run of grep and bm25 (the Corpus tab) '
  + 'and an earlier run of codegraph and knowing (configured, not installed here): codegraph with a hit below the cut and a duplicate, '
  + 'knowing timed out indexing. Then grep and bm25 run from the panel (bounded, 5000 tokens): their answers as recorded, one at a time.';

export interface Recording {
  description: string;
  messages: SentMessage[];
}

/** The messages the host posts, in order: `results` and `corpus` with their charts inside (the harness compiles them, as the host does). */
export async function easy01Session(): Promise<Recording> {
  const dir = demoCorpus(readFileSync(join(RECORDED, 'systems.yaml'), 'utf8'));
  const resultsDir = join(dir, 'results');
  const corpus = await loadCorpus(dir, dir);
  const entry = corpus.fixtures.find((f) => f.read.fixture.id === TASK)!;
  const fixture = entry.read.fixture;
  const repoEntry = corpus.repos.find((r) => r.name === fixture.repo)!;
  const module = repoEntry.module;
  const repo = await Repository.open(repositoryPath(dir, repoEntry));
  try {
    // The runs on disk, each as `fixture-lab run` leaves it: answers, then its analysis (misses, significance).
    for (const name of ON_DISK) {
      const run = join(resultsDir, name);
      cpSync(join(RECORDED, 'runs', name), run, { recursive: true });
      await analyzeRunFolder(run, await readRunInfo(run), { scored: planned(corpus, (await readRunInfo(run)).tasks), configured: [], cwd: dir },
        new Map([[repoEntry.name, repo]]), () => undefined);
    }

    const rater = undefined; // no fixtureLab.raterName, no git user.name
    const header = fixtureHeader(fixture, entry.file, module, fixtureView(fixture, rater, { module }));
    const choices = await systemChoices(dir);
    const store = new RunStore();
    const locator = new Locator(repo, revisionOf(fixture, repoEntry)!.rev);
    const form: { match: MatchRule; budget: number } = { match: DEFAULT_MATCH_RULE, budget: PRIMARY_BUDGET };
    const messages: SentMessage[] = [];

    // The host's sendFixture: the header and form, then the results as they stand.
    const fixtureMessages = async () => {
      const recorded = await recordedAnswers(resultsDir, TASK, choices, store.current?.dir);
      const { answers, misses, systems, run } = panelAnswers(TASK, recorded, store);
      const locate = await locator.lookup(namesToLocate(fixture, answers), { module });
      const results = fixtureResults(fixture, answers, {
        locate, match: form.match, budget: form.budget, module, run: run?.name, systems, misses, running: store.running(), charts: fixtureCharts });
      messages.push(
        { type: 'fixture', header, controls: runControls(recorded.choices, { budget: form.budget, match: form.match, trusted: true, header }) },
        { type: 'results', results: panelResults(results) });
    };

    // The page is ready: sendAll (no run yet, so no run log).
    await fixtureMessages();
    messages.push({ type: 'corpus', corpus: await corpusView(resultsDir, corpus, rater) });

    // Run: the form's choices become the results' (runner.ts), then each event of the run goes to the
    // store, the page hears its message, and the results are sent again (the host's 50 ms coalescing
    // is shorter than any step here: each system indexes and queries four times between answers).
    form.match = FORM.match;
    form.budget = FORM.budget;
    const dirOfRun = join(resultsDir, PANEL_RUN);
    const from = join(RECORDED, 'runs', PANEL_RUN);
    const info = await readRunInfo(from);
    const tell = async (e: RunEvent) => {
      store.apply(e);
      const m = runMessage(e);
      if (m) messages.push(m);
      await fixtureMessages();
    };
    mkdirSync(dirOfRun, { recursive: true });
    const { finished_at: finishedAt, ...started } = info;
    writeFileSync(join(dirOfRun, 'run.json'), JSON.stringify(started, null, 2));
    const systems = info.systems.map((s) => s.name);
    const perSystem = info.tasks.length * info.budgets.length;
    await tell({ kind: 'started', dir: dirOfRun, run: PANEL_RUN, info: started, systems, total: perSystem * systems.length, done: 0, perSystem,
      doneBy: Object.fromEntries(systems.map((s) => [s, 0])) });
    let done = 0;
    for (const system of FORM.systems) {
      const file = join('raw', system, `${TASK}.json`);
      const raw = await readRawFile(join(from, file));
      mkdirSync(join(dirOfRun, 'raw', system), { recursive: true });
      copyFileSync(join(from, file), join(dirOfRun, file));
      done++;
      await tell({ kind: 'answer', raw, scored: scoreResult(raw, fixture, info, module), done, total: perSystem * systems.length, systemDone: 1, perSystem });
    }
    const ended: RunInfo = { ...started, finished_at: finishedAt };
    writeFileSync(join(dirOfRun, 'run.json'), JSON.stringify(ended, null, 2));
    const { scored, misses } = await analyzeRunFolder(dirOfRun, ended, { scored: planned(corpus, ended.tasks), configured: [], cwd: dir },
      new Map([[repoEntry.name, repo]]), () => undefined);
    await tell({ kind: 'finished', summary: { dir: dirOfRun, info: ended, cancelled: false, scored, misses } });
    return { description: DESCRIPTION, messages };
  } finally {
    repo.close();
  }
}

/** The tasks of a run as its plan has them (harness/plan.ts), for its analysis. */
function planned(corpus: Corpus, tasks: readonly string[]): PlannedTask[] {
  return tasks.map((id) => {
    const f = corpus.fixtures.find((x) => x.read.fixture.id === id)!;
    const fixture = f.read.fixture;
    const repo = corpus.repos.find((r) => r.name === fixture.repo)!;
    return { id, file: f.file, fixture, repo, rev: revisionOf(fixture, repo)!.rev };
  });
}

/** The recording as the file holds it. */
export function recordingText(r: Recording): string {
  return `${JSON.stringify(r, null, 1)}\n`;
}
