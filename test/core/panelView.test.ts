import * as assert from 'node:assert/strict';
import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  agreementOf, corpusResults, fmt, judgedAtK, labelingReport, DEFAULT_MATCH_RULE, MATCH_RULES, failureReport, fixtureHeader, fixtureResults, latestAnswers, latestCorpusRun, listRuns, loadCorpus, matchRanking,
  readMisses, readTriage, RETURNED_PAGE_ITEMS, returnedPage, runBenchmark, scoreRun, setTriage, SHOWN_CHARS, systemChoices, triageKey, verdictsFor, verdictText,
} from '../../src/core';
import { corpusView } from '../../src/core/panelView/host';
import { BodyIndex } from '../../src/core/symbols/bodyIndex';
import { Repository } from '../../src/core/git/repository';
import { repositoryPath } from '../../src/core/corpus/repos';
import { staleLabelsOf } from '../../src/core/corpus/resolveSymbols';
import { fixtureView } from '../../src/core/labeling/state';
import type { Fixture } from '../../src/core/fixtures/model';
import { parseWebviewMessage } from '../../src/shared/protocol';
import { demoCorpus } from '../helpers/demoCorpus';
import { bigFixture, longLists } from '../webview/generated';
import { compileChart, compileCharts, SVG_MAX_POINTS } from '../../src/core/charts/compile';
import { LIGHT_THEME } from '../../src/shared/chartTheme';
import { tempDir } from '../helpers/tempDir';

const TASK = 'bookshop-easy-01';
const FILE = 'tasks/bookshop/easy/01-bulk-discount.yaml';

describe('panel: what the benchmark panel shows, from real runs on the demo corpus', function () {
  this.timeout(180_000);
  let corpus: string;
  let results: string;

  before(async () => {
    corpus = demoCorpus();
    results = join(tempDir(), 'results');
    // An older run with both baselines over the whole corpus, then a newer one with bm25 on one fixture.
    await runBenchmark({ corpusDir: corpus, outDir: join(results, 'run-20260101-000000'), budgets: [5000] });
    await runBenchmark({ corpusDir: corpus, outDir: join(results, 'run-20260202-000000'), systems: ['bm25'], tasks: TASK, budgets: [5000] });
  });

  async function loaded() {
    const c = await loadCorpus(corpus, corpus);
    const fixture = c.fixtures.find((f) => f.file === FILE)!.read.fixture;
    const runs = await listRuns(results);
    return { c, fixture, runs };
  }

  it('the Corpus tab says which raw answers it left out of its scores: a damaged one is never a silently smaller average', async () => {
    const copy = join(tempDir(), 'results');
    cpSync(join(results, 'run-20260101-000000'), join(copy, 'run-20260101-000000'), { recursive: true });
    const damaged = join(copy, 'run-20260101-000000', 'raw', 'grep', 'bookshop-easy-02.json');
    writeFileSync(damaged, '{"system": "grep", "task": "bookshop-easy-0');
    const c = await loadCorpus(corpus, corpus);
    const view = (await corpusView(copy, c, undefined))!;
    assert.equal(view.checks?.damaged?.length, 1, JSON.stringify(view.checks?.damaged));
    assert.match(view.checks.damaged[0], /bookshop-easy-02\.json/);
    const whole = (await corpusView(results, c, undefined))!;
    assert.equal(whole.checks?.damaged, undefined, 'nothing said when every answer reads');
  });

  it('the Corpus tab names the stale ground truth of the fixtures it scores, in the fixture pane\'s words, each after its file', async () => {
    // easy-01's apply_discount as if labeled at the change's head (its revision edited by hand since): other code where the fixture runs.
    const HEAD = '6d2dc9693e1f13b86b62ede8d4af7c608f205026';
    const edited = demoCorpus();
    const path = join(edited, FILE);
    const original = readFileSync(path, 'utf8');
    const changed = original.replace(/(ground_truth:\n  - symbol: "shop\/pricing\.apply_discount"\n)/, `$1    at: "${HEAD}"\n`);
    assert.notEqual(changed, original);
    writeFileSync(path, changed);
    const c = await loadCorpus(edited, edited);
    const entry = c.repos.find((r) => r.name === 'bookshop')!;
    const repo = await Repository.open(repositoryPath(c.dir, entry));
    try {
      const index = new BodyIndex(repo, { module: entry.module });
      const stale = async (fixture: Fixture, file: string) => (await staleLabelsOf(index, fixture, entry, file))
        .filter((s) => s.lists.includes('ground_truth')).map((s) => s.message);
      const view = (await corpusView(results, c, undefined, stale))!;
      const lines = view.checks?.staleLabels ?? [];
      assert.equal(lines.length, 1, JSON.stringify(lines));
      const fixture = c.fixtures.find((f) => f.file === FILE)!.read.fixture;
      assert.equal(lines[0], `${FILE}: ${(await stale(fixture, FILE))[0]}`);
      assert.match(lines[0], /`shop\/pricing\.apply_discount` was labeled at 6d2dc96, and at diff\.base 76fa6ca its body differs there/);
      assert.equal((await corpusView(results, c, undefined))!.checks?.staleLabels, undefined, 'nothing without the check');
      // Its review under way (no agreement yet): its verifier reads none of it, since the label names the ground truth; its labeler does.
      writeFileSync(path, changed.replace(/^agreement: .*\n/m, ''));
      const underWay = await loadCorpus(edited, edited);
      assert.equal(fixtureView(underWay.fixtures.find((f) => f.file === FILE)!.read.fixture, 'lee').blind, true);
      assert.equal((await corpusView(results, underWay, 'lee', stale))!.checks?.staleLabels, undefined, 'the blind verifier');
      assert.equal((await corpusView(results, underWay, 'dana', stale))!.checks?.staleLabels?.length, 1, 'the labeler');
    } finally {
      repo.close();
    }
  });

  it('lists runs newest first, and takes each system\'s newest answer: this run, or a recorded one', async () => {
    const { fixture, runs } = await loaded();
    assert.deepEqual(runs.map((r) => r.name), ['run-20260202-000000', 'run-20260101-000000']);
    const answers = await latestAnswers(runs, TASK, ['grep', 'bm25'], runs[0]);
    assert.equal(answers.get('bm25')!.run.name, 'run-20260202-000000');
    assert.equal(answers.get('grep')!.run.name, 'run-20260101-000000');
    const view = fixtureResults(fixture, answers, { match: DEFAULT_MATCH_RULE, budget: 5000, run: runs[0].name, systems: ['grep', 'bm25', 'absent'] });
    assert.deepEqual(view.rows.map((r) => [r.system, r.status, r.source.kind, r.source.run]), [
      ['grep', 'ok', 'recorded', 'run-20260101-000000'],
      ['bm25', 'ok', 'run', 'run-20260202-000000'],
      ['absent', 'pending', 'run', ''],
    ]);
    assert.equal(latestCorpusRun(runs)?.name, 'run-20260101-000000', 'the corpus view skips the one-fixture run');
  });

  it('fills the table, matrix and lists from the scorer', async () => {
    const { fixture, runs } = await loaded();
    const answers = await latestAnswers(runs, TASK, ['grep', 'bm25']);
    const view = fixtureResults(fixture, answers, { match: DEFAULT_MATCH_RULE, budget: 5000, systems: ['grep', 'bm25'] });
    const perTask = readFileSync(join(results, 'run-20260101-000000', 'aggregated', 'per-task.csv'), 'utf8').split('\n');
    const header = perTask[0].split(',');
    const grepLine = perTask.find((l) => l.startsWith(`grep,${TASK},`))!.split(',');
    const grepRow = view.rows.find((r) => r.system === 'grep')!;
    for (const metric of ['P@5', 'P@10', 'R@10', 'NDCG@10', 'MRR'] as const) {
      assert.equal(grepRow.metrics[metric]!.toFixed(4), Number(grepLine[header.indexOf(metric)]).toFixed(4), metric);
    }
    assert.equal(grepRow.tokens, answers.get('grep')!.raw.tokens);
    assert.ok(grepRow.timings.cold_ms! >= 0 && grepRow.timings.warm_ms! >= 0);
    for (const [i, system] of view.matrix.systems.entries()) {
      const match = matchRanking(answers.get(system)!.raw.symbols, fixture.ground_truth, { rule: DEFAULT_MATCH_RULE });
      view.matrix.rows.forEach((row, j) => {
        const rank = match.creditedAt[j];
        const cell = row.cells[i];
        if (rank === null) assert.equal(cell.kind, 'missed');
        else assert.deepEqual(cell, { kind: rank <= 10 ? 'hit' : 'below', rank });
      });
      const list = view.lists.find((l) => l.system === system)!;
      assert.deepEqual(list.items.map((x) => [x.rank, x.returned, x.groundTruth]), match.ranks.map((r) => [r.rank, r.returned, r.groundTruth]));
    }
    assert.deepEqual(view.matrix.rows.map((r) => r.symbol), fixture.ground_truth.map((l) => l.symbol));
  });

  it('describes the fixture for the header', async () => {
    const { fixture } = await loaded();
    const header = fixtureHeader(fixture, FILE);
    assert.equal(header.id, TASK);
    assert.equal(header.groundTruth.total, fixture.ground_truth.length);
    assert.equal(header.groundTruth.high + header.groundTruth.medium, header.groundTruth.total);
    assert.equal(header.rev, fixture.diff!.base);
    assert.equal(header.state, 'adjudicated');
    assert.ok(header.kappa !== null && header.band !== null);
    // Beside kappa, raw agreement and AC1 over every item (the panel shows the three).
    const agreement = agreementOf(fixture);
    assert.equal(header.percent, agreement.observed);
    assert.equal(header.ac1, agreement.figures.ac1);
    assert.equal(typeof header.ac1, 'number');
  });

  it('says why each system missed a symbol, and saves a person\'s triage with the run, never in the fixture', async () => {
    const { c, fixture, runs } = await loaded();
    const run = runs[1];
    const before = readFileSync(join(corpus, FILE), 'utf8');
    const misses = await readMisses(run.dir);
    const answers = await latestAnswers([run], TASK, ['grep', 'bm25']);
    const view = fixtureResults(fixture, answers, { match: run.info.match, budget: 5000, systems: ['grep', 'bm25'], misses });
    const missedRow = view.matrix.rows.find((r) => r.cells.some((cell) => cell.kind === 'missed' || cell.kind === 'below'));
    assert.ok(missedRow, 'the baselines miss something in easy-01');
    const verdicts = verdictsFor(view, misses, missedRow.symbol)!;
    const missed = verdicts.find((v) => v.kind !== 'hit')!;
    assert.ok(missed.miss, 'a miss record with evidence');
    assert.match(verdictText(missed, 10), new RegExp(`^${missed.system}: (missed|found below K=10, at rank \\d+); ${missed.miss.suggested} \\(suggested\\): .+`));
    assert.equal(verdictsFor(view, misses, 'shop/nowhere.nothing'), undefined);

    const key = { system: missed.system, task: TASK, symbol: missedRow.symbol };
    const other = missed.miss.suggested === 'depth miss' ? 'vocabulary miss' : 'depth miss';
    await setTriage(run.dir, key, { category: other }, failureReport);
    await setTriage(run.dir, key, { confirmed: true }, failureReport);
    assert.deepEqual((await readTriage(run.dir))[triageKey(key)], { category: other, confirmed: true });
    const report = readFileSync(join(run.dir, 'analysis', 'failure-analysis.md'), 'utf8');
    assert.ok(report.includes(`| ${TASK} | \`${missedRow.symbol}\` | ${other} (set, confirmed; suggested ${missed.miss.suggested}) |`), report);
    const after = (await readMisses(run.dir)).find((m) => triageKey(m) === triageKey(key))!;
    assert.equal(after.category, other);
    assert.equal(readFileSync(join(corpus, FILE), 'utf8'), before, 'the fixture is untouched');
    // The corpus view from the same run counts it too.
    assert.ok((await scoreRun(run, c)).length > 0);

    await assert.rejects(setTriage(run.dir, key, { category: 'bad luck' as never }, failureReport), /unknown failure category `bad luck`/);
    await assert.rejects(setTriage(run.dir, { ...key, symbol: 'shop/nowhere.nothing' }, { confirmed: true }, failureReport), /has no miss of `shop\/nowhere.nothing`/);
  });

  it('averages a whole run for the corpus view as the aggregated CSV does', async () => {
    const { c, runs } = await loaded();
    const run = latestCorpusRun(runs)!;
    const view = corpusResults(run, await scoreRun(run, c));
    const overall = readFileSync(join(run.dir, 'aggregated', 'overall.csv'), 'utf8').split('\n');
    const header = overall[0].split(',');
    for (const row of view.rows) {
      const line = overall.find((l) => l.startsWith(`${row.system},`))!.split(',');
      assert.equal(row.n, Number(line[header.indexOf('n')]));
      assert.equal(row.metrics['P@10']!.toFixed(4), Number(line[header.indexOf('P@10')]).toFixed(4));
    }
    assert.equal(view.tasks, run.info.tasks.length);
  });

  it('gives the corpus view the run\'s Judged@10, dispute sensitivity and flips as FINDINGS.md does, and the corpus\'s agreement as the labeling report does', async () => {
    const { c, runs } = await loaded();
    const run = latestCorpusRun(runs)!;
    const view = corpusResults(run, await scoreRun(run, c), [], c);
    const findings = readFileSync(join(run.dir, 'FINDINGS.md'), 'utf8');
    const judgedSection = findings.slice(findings.indexOf('## Judged@10'));
    for (const row of view.rows) {
      const cells = judgedSection.split('\n').find((l) => l.startsWith(`| ${row.system} | `))!.split(' | ');
      assert.equal(fmt(row.judged), cells[2], `${row.system}: Judged@10 as FINDINGS.md gives it`);
    }
    const json = JSON.parse(readFileSync(join(run.dir, 'analysis', 'dispute-sensitivity.json'), 'utf8')) as {
      contested: number; means: Record<string, Record<string, Record<string, number | null>>>; flips: unknown[] };
    const s = view.checks!.sensitivity;
    assert.ok(s.contested > 0 && s.contested === json.contested, `${s.contested} contested, as the run's analysis counts`);
    assert.deepEqual(s.rows.map((r) => r.system).sort(), Object.keys(json.means).sort());
    for (const row of s.rows) {
      for (const metric of s.metrics) {
        const m = json.means[row.system];
        assert.deepEqual(row.ranges[metric], { settled: m.settled[metric], included: m.included[metric], excluded: m.excluded[metric] }, `${row.system} ${metric}`);
      }
    }
    assert.equal(s.flips.length, json.flips.length);
    // Ties: bm25 records its scores; the corpus view lists the same answers FINDINGS.md does.
    const tiesSection = findings.slice(findings.indexOf('### Ties across the cut at 10'), findings.indexOf('\n## ', findings.indexOf('### Ties across the cut at 10')));
    assert.equal(view.checks!.ties.length, tiesSection.split('\n').filter((l) => l.startsWith('- ')).length);

    // Agreement: the labeling report's corpus figures, pooled over the reviewed tasks' items.
    const report = labelingReport(c);
    const cell = (figure: string) => report.split('\n').find((l) => l.startsWith(`| ${figure} | `))!.split(' | ').slice(1, 3).map((x) => x.split(' (')[0]);
    const a = view.agreement!;
    assert.ok(a.tasks > 0 && a.items > a.labeledOnly.items);
    assert.deepEqual(cell('κ'), [fmt(a.kappa), fmt(a.labeledOnly.kappa)]);
    assert.deepEqual(cell('percent'), [fmt(a.percent), fmt(a.labeledOnly.percent)]);
    assert.deepEqual(cell('AC1'), [fmt(a.ac1), fmt(a.labeledOnly.ac1)]);
    assert.ok(report.includes(`| Figure | All ${a.items} items | Labeled only (${a.labeledOnly.items} items) |`));
    assert.equal(a.paradox === null, report.includes('No kappa paradox over the corpus'));
    // Without the corpus (as before), none of it.
    const bare = corpusResults(run, await scoreRun(run, c));
    assert.equal(bare.checks ?? bare.agreement ?? bare.rows[0].judged, undefined);
  });

  it('gives a fixture\'s view the per-task values of the run\'s dispute sensitivity, and Judged@10 per system', async () => {
    const { fixture, runs } = await loaded();
    const run = runs[1];
    const answers = await latestAnswers([run], TASK, ['grep', 'bm25']);
    const view = fixtureResults(fixture, answers, { match: run.info.match, budget: 5000, systems: ['grep', 'bm25'] });
    const json = JSON.parse(readFileSync(join(run.dir, 'analysis', 'dispute-sensitivity.json'), 'utf8')) as {
      tasks: { system: string; task: string; values: Record<string, Record<string, number | null>> }[] };
    for (const row of view.checks!.sensitivity.rows) {
      const t = json.tasks.find((x) => x.system === row.system && x.task === TASK)!;
      for (const metric of view.checks!.sensitivity.metrics) {
        assert.deepEqual(row.ranges[metric], { settled: t.values.settled[metric], included: t.values.included[metric], excluded: t.values.excluded[metric] });
      }
    }
    const judged = judgedAtK([...answers.values()].map((a) => a.raw), new Map([[TASK, fixture]]), new Map(), 10);
    assert.deepEqual(view.rows.map((r) => [r.system, r.judged]), ['grep', 'bm25'].map((s) => [s, judged.find((j) => j.system === s)!.judged]));
    assert.ok(view.rows.every((r) => typeof r.judged === 'number'));
  });

  it('says which systems can run here, and why not', async () => {
    const dir = demoCorpus('systems:\n  - {name: grep, type: grep}\n  - name: ghost\n    type: command\n    query: [no-such-retriever-xyz, "{task}"]\n    parse: {format: lines}\n');
    assert.deepEqual(await systemChoices(dir), [
      { name: 'grep', type: 'grep', available: true },
      { name: 'ghost', type: 'command', available: false, reason: 'system ghost: `no-such-retriever-xyz` is not installed (not on PATH)' },
    ]);
  });

  it('skips a folder that is not a run', async () => {
    const dir = join(tempDir(), 'results');
    await runBenchmark({ corpusDir: corpus, outDir: join(dir, 'run-20260303-000000'), systems: ['grep'], tasks: TASK, budgets: [5000] });
    renameSync(join(dir, 'run-20260303-000000', 'run.json'), join(dir, 'run-20260303-000000', 'run.json.bak'));
    writeFileSync(join(dir, 'notes.txt'), 'not a run');
    assert.deepEqual(await listRuns(dir), []);
  });
});

describe('panel: the message protocol', () => {
  it('accepts what the webview may send', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    // Every matching rule the form offers, the default first among them.
    for (const match of MATCH_RULES) assert.deepEqual(parseWebviewMessage({ type: 'run', systems: ['grep'], budget: 5000, match }), { type: 'run', systems: ['grep'], budget: 5000, match });
    assert.deepEqual(parseWebviewMessage({ type: 'openSymbol', symbol: 'shop/cart.Cart' }), { type: 'openSymbol', symbol: 'shop/cart.Cart' });
    assert.deepEqual(parseWebviewMessage({ type: 'cancel', extra: '<script>' }), { type: 'cancel' }, 'unknown fields are dropped');
    assert.deepEqual(parseWebviewMessage({ type: 'checkSystems', systems: ['codegraph'], budget: 5000, match: 'x' }),
      { type: 'checkSystems', systems: ['codegraph'], budget: 5000 });
    assert.deepEqual(parseWebviewMessage({ type: 'pool', run: 'run-20261128-010203' }), { type: 'pool', run: 'run-20261128-010203' });
  });

  it('refuses anything else', () => {
    for (const bad of [null, 'run', 42, {}, { type: 'eval', code: 'x' }, { type: 'run', systems: 'grep', budget: 5000, match: 'bounded' },
      { type: 'run', systems: ['grep'], budget: '5000', match: 'bounded' }, { type: 'run', systems: ['grep'], budget: -1, match: 'bounded' },
      { type: 'run', systems: ['grep'], budget: 5000, match: 'fuzzy' }, { type: 'openSymbol', symbol: '' }, { type: 'openSymbol' },
      { type: 'checkSystems', systems: 'grep', budget: 5000 }, { type: 'checkSystems', systems: ['grep'], budget: 0 },
      // A run is a folder name under the results folder, never a path out of it.
      { type: 'pool' }, { type: 'pool', run: '../../etc' }, { type: 'pool', run: 'run-1/../../x' }, { type: 'pool', run: 42 }]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});

describe('panel: the page\'s chart theme (issue 17: charts made on the host, in the page\'s colors)', () => {
  const theme = { ...LIGHT_THEME, background: '#1f1f1f', palette: ['#3794ff', '#d18616'] };

  it('takes the theme the page reports with ready, and on a theme change', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready', theme }), { type: 'ready', theme });
    assert.deepEqual(parseWebviewMessage({ type: 'theme', theme: { ...theme, extra: 1 } }), { type: 'theme', theme });
  });

  it('refuses a theme that is not one: ready stays ready without it, a theme message is dropped', () => {
    for (const bad of [null, 'dark', { ...theme, fontSize: '13px' }, { ...theme, fontSize: 1e9 }, { ...theme, palette: [] }, { ...theme, palette: ['#fff', 3] },
      { ...theme, foreground: 'x'.repeat(201) }, { ...theme, font: 'a\nb' }, { ...theme, background: undefined }]) {
      assert.deepEqual(parseWebviewMessage({ type: 'ready', theme: bad }), { type: 'ready' }, JSON.stringify(bad));
      assert.equal(parseWebviewMessage({ type: 'theme', theme: bad }), undefined, JSON.stringify(bad));
    }
  });

  it('draws a chart of up to SVG_MAX_POINTS points as SVG, each mark described, and a larger one on a canvas', async () => {
    // A precision-recall curve has a point per system and K (1..50).
    const curve = (systems: number) => bigFixture(systems, 6).results.charts.find((c) => c.id === 'pr-curve')!;
    const points = (c: ReturnType<typeof curve>) => (c.spec as { data: { values: unknown[] } }).data.values.length;
    const described = (scene: string) => scene.match(/"description":/g)?.length ?? 0;
    const [atLimit, past] = [curve(SVG_MAX_POINTS / 50), curve(SVG_MAX_POINTS / 50 + 1)];
    assert.deepEqual([points(atLimit), points(past)], [SVG_MAX_POINTS, SVG_MAX_POINTS + 50]);
    const [svg, canvas] = [await compileChart(atLimit, theme), await compileChart(past, theme)];
    assert.deepEqual([svg.renderer, canvas.renderer], ['svg', 'canvas']);
    assert.ok(described(svg.scene) >= SVG_MAX_POINTS, `${described(svg.scene)} marks described`);
    assert.ok(described(canvas.scene) < 5, `${described(canvas.scene)} marks described on the canvas`);
    // Both keep the chart's own title and description for the page's figure.
    assert.deepEqual([canvas.title, canvas.description], [past.title, past.spec.description]);
  });

  it('makes each chart a scenegraph in that theme: its background, its palette, text tooltips, no links', async () => {
    const charts = bigFixture(4, 6).results.charts;
    const made = await compileCharts(charts, theme);
    assert.deepEqual(made.map((c) => c.id), charts.map((c) => c.id));
    for (const chart of made) {
      assert.equal(chart.background, '#1f1f1f');
      assert.ok(chart.width > 100 && chart.height > 100, `${chart.id}: ${chart.width} x ${chart.height}`);
      const json = chart.scene;
      assert.match(json, /"marktype"/);
      assert.doesNotMatch(json, /"href"/);
      assert.ok(json.includes('#3794ff'), `${chart.id} uses the theme's first color`);
      assert.ok(!json.includes(LIGHT_THEME.palette[0]), `${chart.id} uses none of the default theme's`);
    }
    const tooltips = [...made[0].scene.matchAll(/"tooltip":("(?:[^"\\]|\\.)*"|[^,}]+)/g)].map((m) => JSON.parse(m[1]) as unknown);
    assert.ok(tooltips.length > 0 && tooltips.every((t) => typeof t === 'string' && /^\w[^:]*: /.test(t)), JSON.stringify(tooltips.slice(0, 3)));
    // Made again for the same theme and spec: the same scenegraph, from the cache.
    assert.equal((await compileChart(charts[0], theme)).scene, made[0].scene);
  });
});

describe('panel: returned lists sent a page at a time (issue 12)', () => {
  it('sends a 100,000-symbol answer as its first 200 items and counts: the message stays small', () => {
    const { full, results } = longLists([100_000, 450]);
    const whole = JSON.stringify({ type: 'results', results: full }).length;
    const sent = JSON.stringify({ type: 'results', results }).length;
    assert.ok(whole > 8_000_000, `the whole lists are ${whole} characters`);
    assert.ok(sent < 200_000, `the message is ${sent} characters`);
    const [long, short] = results.lists;
    assert.deepEqual([long.system, long.total, long.from, long.items.length], ['system-01', 100_000, 0, RETURNED_PAGE_ITEMS]);
    assert.equal(long.hits, full.lists[0].items.filter((i) => i.relevant).length);
    assert.deepEqual(long.items, full.lists[0].items.slice(0, 200));
    assert.deepEqual([short.total, short.items.length], [450, 200]);
  });

  it('pages through a list in order, to its end', () => {
    const { full } = longLists([450]);
    const list = full.lists[0];
    const pages = [0, 200, 400, 450].map((from) => returnedPage(list, from));
    assert.deepEqual(pages.map((p) => [p.from, p.items.length, p.total]), [[0, 200, 450], [200, 200, 450], [400, 50, 450], [450, 0, 450]]);
    assert.deepEqual(pages.flatMap((p) => p.items), list.items);
  });

  it('keeps a page of long strings under its character budget, cutting strings no symbol is as long as', () => {
    // 2,000 symbols of 20,000 characters: whole, a 40 MB message.
    const { results } = longLists([2_000], 20_000);
    const sent = JSON.stringify({ type: 'results', results }).length;
    assert.ok(sent < 200_000, `the message is ${sent} characters`);
    const page = results.lists[0];
    assert.ok(page.items.length >= 1 && page.items.length < 200, `${page.items.length} items`);
    const noise = page.items.filter((i) => i.returned.startsWith('pkg/noise'));
    assert.ok(noise.length > 0 && noise.every((i) => i.returned.length === SHOWN_CHARS + 1 && i.returned.endsWith('\u2026')));
    assert.equal(page.total, 2_000);
  });

  it('accepts a request for more only as a system and a whole index', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'moreReturned', system: 'bm25', from: 200 }), { type: 'moreReturned', system: 'bm25', from: 200 });
    for (const bad of [{ from: 200 }, { system: 'bm25' }, { system: 'bm25', from: -1 }, { system: 'bm25', from: 1.5 }, { system: 7, from: 0 }, { system: 'bm25', from: '200' }]) {
      assert.equal(parseWebviewMessage({ type: 'moreReturned', ...bad }), undefined, JSON.stringify(bad));
    }
  });
});
