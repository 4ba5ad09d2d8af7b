// Big panel payloads for the speed measurements (issue 6, "How fast"): a fixture with 10 systems x
// 15 ground-truth symbols and a 300-task corpus view, made the way the host makes them (core's
// scoring, fixtureResults, corpusResults and the chart builders) from seeded synthetic answers.
import { corpusCharts } from '../../src/core/charts/corpusCharts';
import { fixtureCharts } from '../../src/core/charts/fixtureCharts';
import type { Fixture } from '../../src/core/fixtures/model';
import { scoreResult, ScoredResult } from '../../src/core/harness/analysis';
import type { RawResult, RunInfo } from '../../src/core/harness/results';
import { corpusResults, scoreRun } from '../../src/core/panelView/corpus';
import type { CorpusResults, FixtureHeader, FixtureResults, PanelResults, RunControls } from '../../src/core/panelView/model';
import { fixtureResults } from '../../src/core/panelView/results';
import { panelResults } from '../../src/core/panelView/returned';
import { latestAnswers, readRun, type RunFolder } from '../../src/core/panelView/runs';
import { metricValues } from '../../src/core/scoring/metrics';
import { mulberry32, significanceMatrix } from '../../src/core/scoring/significance';
import type { Corpus } from '../../src/core/corpus/load';
import { loadCorpus } from '../../src/core/corpus/load';
import { repositoryPath } from '../../src/core/corpus/repos';
import { readFixture } from '../../src/core/fixtures/read';
import { Repository } from '../../src/core/git/repository';
import { Locator } from '../../src/core/symbols/locate';
import { demoCorpus } from '../helpers/demoCorpus';
import { finishReview, labelAs, startReview } from '../helpers/edits';
import { honestRun } from '../helpers/honestSystems';

const RUN = 'run-20261123-120000';
const INFO: RunInfo = { corpus: 'corpus', started_at: '2026-11-23T12:00:00.000Z', match: 'bounded', budgets: [5000], ks: [5, 10, 20], seed: 20250101, systems: [], tasks: [], skipped_tasks: [] };

const systemNames = (n: number) => Array.from({ length: n }, (_, i) => `system-${String(i + 1).padStart(2, '0')}`);

function fixture(id: string, symbols: number, random: () => number): Fixture {
  const ground_truth = Array.from({ length: symbols }, (_, i) => ({ symbol: `pkg/module${i % 7}.Type${i}.method_${i}`, confidence: random() < 0.6 ? ('HIGH' as const) : ('MEDIUM' as const), reason: 'generated' }));
  return { id, repo: 'big', difficulty: 'hard', task: `Generated task ${id}: change every method the ground truth names.`, candidates: [], ground_truth, labels: {}, disputes: [], tags: ['generated', 'bench'], agreement: 0.81, diff: { base: 'a'.repeat(40), head: 'b'.repeat(40) } };
}

/** A ranked list of `length` symbols: each ground-truth symbol found with some probability, at a random rank. */
function answer(f: Fixture, system: string, length: number, random: () => number, padding = '', canFail = true): RawResult {
  const symbols = Array.from({ length }, (_, i) => `pkg/noise${i % 11}.Helper${i}${padding}.run`);
  for (const label of f.ground_truth) if (random() < 0.55) symbols[Math.floor(random() * length)] = label.symbol;
  const failed = random() < 0.05 && canFail;
  return {
    system, task: f.id!, repo: 'big', tier: 'hard', rev: f.diff!.base, budget: 5000,
    status: failed ? 'failed' : 'ok', ...(failed ? { error: 'exit 1: generated failure' } : {}),
    output: '', symbols: failed ? [] : symbols, tokens: Math.round(1000 + random() * 4000),
    timings: { index_ms: random() * 5000, cold_ms: random() * 800, warm_ms: [], warm_median_ms: random() * 200 },
    source: 'run', finished_at: INFO.started_at,
  };
}

const runFolder = (tasks: string[]): RunFolder => ({ dir: `/tmp/${RUN}`, name: RUN, info: { ...INFO, tasks } });

export interface BigFixture {
  header: FixtureHeader;
  controls: RunControls;
  /** The results message's payload, as the host sends it. */
  results: PanelResults;
}

export function bigFixture(systems = 10, symbols = 15, seed = 1): BigFixture {
  const random = mulberry32(seed);
  const f = fixture('big-hard-01', symbols, random);
  const names = systemNames(systems);
  const run = runFolder([f.id!]);
  const answers = new Map(names.map((s) => [s, { raw: answer(f, s, 50, random), run }]));
  const high = f.ground_truth.filter((l) => l.confidence === 'HIGH').length;
  return {
    header: { id: f.id!, file: 'tasks/big/hard/01-generated.yaml', repo: 'big', tier: 'hard', tags: f.tags, task: f.task!, rev: f.diff!.base, state: 'adjudicated', kappa: 0.81, band: 'strong', groundTruth: { total: symbols, high, medium: symbols - high } },
    controls: { systems: names.map((name) => ({ name, type: 'command', available: true })), budgets: [2000, 5000, 10000], budget: 5000, matchRules: ['exact', 'bounded', 'lenient'], match: 'bounded', canRun: true },
    results: panelResults(fixtureResults(f, answers, { match: 'bounded', budget: 5000, run: RUN, systems: names, charts: fixtureCharts })),
  };
}

export interface LongLists extends BigFixture {
  /** The results as the host keeps them, every list whole (the page is sent `results`). */
  full: FixtureResults;
}

/**
 * A fixture whose systems returned long lists (issue 12: 100,000 returned symbols were an 8.7 MB
 * message): one system per entry of `lengths`, each symbol `padding` characters longer than usual.
 */
export function longLists(lengths: readonly number[] = [100_000, 450], padding = 0, seed = 3): LongLists {
  const random = mulberry32(seed);
  const f = fixture('long-hard-01', 15, random);
  const names = systemNames(lengths.length);
  const run = runFolder([f.id!]);
  const answers = new Map(names.map((s, i) => [s, { raw: answer(f, s, lengths[i], random, 'x'.repeat(padding), false), run }]));
  const full = fixtureResults(f, answers, { match: 'bounded', budget: 5000, run: RUN, systems: names, charts: fixtureCharts });
  const big = bigFixture(lengths.length, 15, seed);
  return { header: { ...big.header, id: f.id! }, controls: { ...big.controls, systems: names.map((name) => ({ name, type: 'command', available: true })) }, full, results: panelResults(full) };
}

export function bigCorpus(tasks = 300, systems = 10, seed = 2): CorpusResults {
  const random = mulberry32(seed);
  const fixtures = Array.from({ length: tasks }, (_, i) => fixture(`big-${String(i + 1).padStart(3, '0')}`, 5 + (i % 11), random));
  const names = systemNames(systems);
  const scored: ScoredResult[] = fixtures.flatMap((f) => names.map((s) => scoreResult(answer(f, s, 30, random), f, INFO)));
  const p10 = new Map(names.map((s) => [s, scored.filter((x) => x.raw.system === s).map((x) => metricValues(x.score)['P@10'] ?? 0)]));
  return corpusResults(runFolder(fixtures.map((f) => f.id!)), scored, corpusCharts(scored, { 'P@10': significanceMatrix(p10, { seed: INFO.seed, resamples: 200 }) }));
}

/**
 * A fixture whose raters disagree (alice includes A, B, C; bob A, B, D, E) and three systems:
 * `narrow` returns the agreed symbols, `<b>wide</b>` the contested ones (a name that is markup, to
 * be shown as text), `loose` one judged symbol then ten nobody judged, its 10th and 11th tied.
 * The results as the host sends them, and the corpus view of the same answers.
 */
export function contestedPayload(): { header: FixtureHeader; controls: RunControls; results: PanelResults; corpus: CorpusResults } {
  let text = 'id: "t-contested"\nrepo: demo\ntask: "Contested labels"\ncandidates: [a.A, a.B, a.C, a.D, a.E, a.F, a.G]\nground_truth: []\n';
  for (const symbol of ['a.A', 'a.B', 'a.C']) text = labelAs(text, 'alice', { symbol, confidence: 'HIGH', reason: 'r' });
  text = startReview(text, 'bob');
  for (const [symbol, confidence] of [['a.A', 'HIGH'], ['a.B', 'HIGH'], ['a.D', 'MEDIUM'], ['a.E', 'MEDIUM']] as const) text = labelAs(text, 'bob', { symbol, confidence, reason: 'r' });
  text = finishReview(text).text;
  const f = readFixture(text, 't.yaml').fixture;
  const raw = (system: string, symbols: string[], scores?: number[]): RawResult => ({
    system, task: f.id!, repo: 'demo', rev: '0', budget: 5000, status: 'ok', output: symbols.join('\n'), symbols, ...(scores ? { scores } : {}), tokens: 10,
    timings: {}, source: 'run', finished_at: INFO.started_at });
  const raws = [
    raw('narrow', ['a.A', 'a.B']),
    raw('<b>wide</b>', ['a.C', 'a.D', 'a.E', 'a.A']),
    raw('loose', ['a.A', ...Array.from({ length: 10 }, (_, i) => `x.U${i + 1}`)], [5, 4, 4, 4, 3, 3, 3, 3, 2, 1, 1]),
  ];
  const run = runFolder([f.id!]);
  const names = raws.map((r) => r.system);
  const results = panelResults(fixtureResults(f, new Map(raws.map((r) => [r.system, { raw: r, run }])), { match: 'bounded', budget: 5000, run: RUN, systems: names }));
  const corpus: Corpus = { dir: '.', reposFile: 'repos.yaml', repos: [], reposProblems: [], fixtures: [{ path: 't.yaml', file: 't.yaml', placement: [], text, read: readFixture(text, 't.yaml') }] };
  const big = bigFixture(1);
  return {
    header: { ...big.header, id: f.id!, task: f.task!, tags: [] },
    controls: { ...big.controls, systems: names.map((name) => ({ name, type: 'command', available: true })) },
    results,
    corpus: corpusResults(run, raws.map((r) => scoreResult(r, f, INFO)), [], corpus),
  };
}

/**
 * bookshop-easy-02's results with granularity values, made as the host makes them (fixtureResults
 * with a Locator on the demo repository at diff.base): `hand` returns the answer whose values
 * test/core/granularity.test.ts computes by hand, `oracle` the ground truth.
 */
export async function demoGranularityResults(): Promise<PanelResults> {
  const dir = demoCorpus();
  const corpus = await loadCorpus(dir, dir);
  const f = corpus.fixtures.find((x) => x.read.fixture.id === 'bookshop-easy-02')!.read.fixture;
  const module = corpus.repos[0].module;
  const hand = ['web/src/cart.CartView.render', 'web/src/money.formatPrice', 'web/src/money.ts', 'web/src/cart.CartView', 'web/src/api.CartDto',
    'web/src/nothing.here', 'CartView.totalLabel'];
  const raw = (system: string, symbols: string[]): RawResult => ({
    system, task: f.id!, repo: 'bookshop', tier: 'easy', rev: f.diff!.base, budget: 5000, status: 'ok', output: symbols.join('\n'), symbols,
    tokens: 100, timings: {}, source: 'run', finished_at: INFO.started_at,
  });
  const run = runFolder([f.id!]);
  const answers = new Map([['hand', { raw: raw('hand', hand), run }], ['oracle', { raw: raw('oracle', f.ground_truth.map((g) => g.symbol)), run }]]);
  const repo = await Repository.open(repositoryPath(dir, corpus.repos[0]));
  try {
    const locate = await new Locator(repo, f.diff!.base).lookup([...f.ground_truth.map((g) => g.symbol), ...hand], { module });
    return panelResults(fixtureResults(f, answers, { match: 'symbol', budget: 5000, run: RUN, module, systems: ['hand', 'oracle'], locate }));
  } finally {
    repo.close();
  }
}

/**
 * The panel's payloads for a real run of test/helpers/honestSystems.ts (an empty answer with the
 * system's warning, an unmapped one, one over budget), read from its run folder as the host reads
 * one (readRun, latestAnswers, scoreRun) and made by the host's functions.
 */
export async function honestPayload(): Promise<{ header: FixtureHeader; controls: RunControls; results: PanelResults; corpus: CorpusResults }> {
  const { corpus: dir, out } = await honestRun();
  const corpus = await loadCorpus(dir, dir);
  const f = corpus.fixtures.find((x) => x.read.fixture.id === 'bookshop-easy-01')!.read.fixture;
  const run = await readRun(out, dir);
  const systems = run.info.systems.map((s) => s.name);
  const module = corpus.repos[0].module;
  const answers = await latestAnswers([run], f.id!, systems);
  const results = panelResults(fixtureResults(f, answers, { match: run.info.match, budget: run.info.budgets[0], run: run.name, systems, module }));
  const big = bigFixture(1);
  return {
    header: { ...big.header, id: f.id!, task: f.task!, tags: [] },
    controls: { ...big.controls, systems: systems.map((name) => ({ name, type: 'command', available: true })) },
    results,
    corpus: corpusResults(run, await scoreRun(run, corpus), [], corpus),
  };
}
