// The charts (src/core/charts) on real scores: the demo corpus's fixtures answered by four
// scripted systems, scored by the real analyzeRun (which also computes the significance
// matrices and draws the SVGs: test/helpers/scriptedRun.ts), and SVGs drawn by the real vega.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chartConfig, ChartView, corpusCharts, countTokens, fixtureCharts, LIGHT_THEME, RADAR_AXES, radarValues, renderSvg, ScoredResult, scoreMatch, SignificanceMatrix, summarize } from '../../src/core';
import { cli } from '../../src/cli/cli';
import { SCRIPTED_SYSTEMS, scriptedRun } from '../helpers/scriptedRun';

const ROOT = resolve(__dirname, '../../..');

type Values<T> = { data: { values: T[] } };
const values = <T>(chart: ChartView) => (chart.spec as unknown as Values<T>).data.values;
const byId = (charts: ChartView[], id: string) => charts.find((c) => c.id === id) ?? assert.fail(`no chart ${id} in ${charts.map((c) => c.id).join(',')}`);
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

describe('charts', function () {
  this.timeout(60_000);

  let runDir: string;
  let scored: ScoredResult[];
  let significance: Record<string, SignificanceMatrix>;
  let charts: ChartView[];
  let tasks: string[];

  before(async () => {
    ({ runDir, tasks, scored, significance } = await scriptedRun());
    charts = corpusCharts(scored, significance);
  });

  it('a fixture\'s precision-recall curve is the scorer\'s P@K and R@K, K = 1..50, one curve per system', () => {
    const task = 'bookshop-easy-01';
    const mine = scored.filter((s) => s.raw.task === task);
    const pr = byId(fixtureCharts(mine), 'pr-curve');
    const points = values<{ system: string; k: number; precision: number; recall: number }>(pr);
    assert.equal(points.length, Object.keys(SCRIPTED_SYSTEMS).length * 50);
    for (const s of mine) {
      const curve = points.filter((p) => p.system === s.raw.system);
      assert.deepEqual(curve.map((p) => p.k), Array.from({ length: 50 }, (_, i) => i + 1));
      assert.equal(curve[0].precision, scoreMatch(s.match, { ks: [1] }).precision[1], `${s.raw.system}: P@1`);
      assert.equal(curve[9].precision, s.score.precision[10], `${s.raw.system}: the run's P@10`);
      assert.equal(curve[9].recall, s.score.recall[10], `${s.raw.system}: the run's R@10`);
    }
    const oracle = points.filter((p) => p.system === 'oracle');
    const size = mine[0].match.truth.length;
    assert.deepEqual([oracle[0].precision, oracle[size - 1].precision, oracle[size - 1].recall], [1, 1, 1]);
    assert.equal(points.find((p) => p.system === 'late' && p.k === 10)!.precision, 0);
  });

  it('a fixture\'s token scatter has one point per system: its output\'s tokens and its whole answer\'s recall', () => {
    const mine = scored.filter((s) => s.raw.task === 'bookshop-medium-01');
    const points = values<{ system: string; tokens: number; recall: number }>(byId(fixtureCharts(mine), 'token-efficiency'));
    assert.deepEqual(points.map((p) => p.system), ['flaky', 'interleaved', 'late', 'oracle']);
    for (const p of points) {
      const s = mine.find((x) => x.raw.system === p.system)!;
      assert.equal(p.tokens, countTokens(s.raw.output));
      assert.equal(p.recall, s.score.relevantFound / s.match.truth.length);
    }
    assert.deepEqual(points.map((p) => p.recall), [0, 1, 1, 1], 'flaky failed the medium tasks; the others return every symbol somewhere');
  });

  it('the corpus curves are the mean over tasks, and meet the run\'s mean P@10 and R@10 at K = 10', () => {
    const points = values<{ system: string; k: number; precision: number; recall: number }>(byId(charts, 'pr-curves'));
    const { overall } = summarize(scored.map((s) => ({ system: s.raw.system, task: s.raw.task, score: s.score })));
    for (const g of overall) {
      const at10 = points.find((p) => p.system === g.system && p.k === 10)!;
      assert.ok(Math.abs(at10.precision - g.mean['P@10']!) < 1e-12, `${g.system} P@10`);
      assert.ok(Math.abs(at10.recall - g.mean['R@10']!) < 1e-12, `${g.system} R@10`);
    }
    const scatter = values<{ system: string; task: string }>(byId(charts, 'token-efficiency'));
    assert.equal(scatter.length, tasks.length * Object.keys(SCRIPTED_SYSTEMS).length, 'one point per task and system');
  });

  it('the heatmap has a cell per task and system, rows hardest first (mean P@10 over the systems)', () => {
    const heatmap = byId(charts, 'p10-heatmap');
    const cells = values<{ task: string; system: string; p10: number; difficulty: number }>(heatmap);
    assert.equal(cells.length, tasks.length * Object.keys(SCRIPTED_SYSTEMS).length);
    for (const c of cells) assert.equal(c.p10, scored.find((s) => s.raw.task === c.task && s.raw.system === c.system)!.score.precision[10]);
    const order = (heatmap.spec as { encoding: { y: { sort: string[] } } }).encoding.y.sort;
    assert.deepEqual([...order].sort(), tasks);
    const difficulty = order.map((task) => {
      const row = cells.filter((c) => c.task === task);
      assert.ok(row.every((c) => c.difficulty === row[0].difficulty));
      assert.ok(Math.abs(row[0].difficulty - row.reduce((a, c) => a + c.p10, 0) / row.length) < 1e-12);
      return row[0].difficulty;
    });
    for (let i = 1; i < difficulty.length; i++) assert.ok(difficulty[i - 1] <= difficulty[i], `row ${i} is not harder than row ${i - 1}: ${difficulty.join(',')}`);
    assert.ok(difficulty[0] < difficulty[difficulty.length - 1], 'the demo tasks differ in difficulty');
  });

  it('the significance matrix shows analyzeRun\'s p-values for P@10, both ways, starred only when significant', () => {
    const matrix = significance['P@10'];
    const cells = values<{ a: string; b: string; p: number; significant: boolean; label: string }>(byId(charts, 'p10-significance'));
    assert.equal(cells.length, matrix.systems.length * (matrix.systems.length - 1));
    for (const pair of matrix.pairs) {
      for (const [a, b] of [[pair.a, pair.b], [pair.b, pair.a]]) {
        const cell = cells.find((c) => c.a === a && c.b === b)!;
        assert.equal(cell.p, pair.wilcoxon.p);
        assert.equal(cell.significant, pair.significant);
        assert.equal(cell.label.endsWith(' *'), pair.significant);
      }
    }
    assert.ok(matrix.pairs.some((p) => p.significant) && matrix.pairs.some((p) => !p.significant), 'the scripted systems give both kinds');
    assert.equal(corpusCharts(scored.filter((s) => s.raw.system === 'oracle'), { 'P@10': { systems: ['oracle'], pairs: [] } }).some((c) => c.id === 'p10-significance'), false, 'one system: nothing to compare');
  });

  it('specs carry no colors: the theme decides them through chartConfig', async () => {
    for (const chart of [...charts, ...fixtureCharts(scored.filter((s) => s.raw.task === tasks[0]))]) {
      assert.doesNotMatch(JSON.stringify(chart.spec), /#[0-9a-f]{3,8}\b|rgba?\(|"(fill|stroke|color)":"/i, chart.id);
    }
    const dark = { ...LIGHT_THEME, foreground: '#cccccc', background: '#1e1e1e', gridColor: '#2b2b2b', domainColor: '#454545', palette: ['#3794ff', '#d18616', '#89d185', '#f14c4c', '#b180d7', '#cca700'] };
    assert.equal(chartConfig(dark).background, '#1e1e1e');
    const themed = new Set([dark.foreground, dark.background, dark.gridColor, dark.domainColor, ...dark.palette]);
    for (const chart of [...charts, ...fixtureCharts(scored.filter((s) => s.raw.task === tasks[0]))]) {
      const svg = await renderSvg(chart, dark);
      assert.match(svg, /<rect width="\d+" height="\d+" fill="#1e1e1e"\/>/, `${chart.id}: the theme's background`);
      // Every visible color is the theme's, or (rgb()) a step of its ramp from background to palette[0].
      const visible = svg.replace(/ stroke="[^"]*" stroke-width="0"/g, '');
      const foreign = [...visible.matchAll(/(?:fill|stroke|stop-color)="([^"]+)"/g)].map((m) => m[1]).filter((c) => !themed.has(c) && c !== 'none' && !/^(url\(#|rgb\()/.test(c));
      assert.deepEqual([...new Set(foreign)], [], `${chart.id}: colors not from the theme`);
    }
    const svg = await renderSvg(byId(charts, 'pr-curves'), dark);
    // The systems in order take the palette in order.
    for (const [i, color] of dark.palette.slice(0, 4).entries()) assert.ok(svg.includes(`stroke="${color}"`), `system ${i} drawn in ${color}`);
    const heatmap = await renderSvg(byId(charts, 'p10-heatmap'), dark);
    assert.ok(heatmap.includes('fill="rgb(30, 30, 30)"') || heatmap.includes('stop-color="rgb(30, 30, 30)"'), 'P@10 = 0 is the background itself');
  });

  it('the radar chart (§8.2): six axes per system, Table 1\'s means, token efficiency and time to context relative to the best', async () => {
    const radar = byId(charts, 'radar');
    const layers = (radar.spec as unknown as { layer: Values<{ system: string; axis: string; value: number; order: number; x: number; y: number }>[] }).layer;
    const polygons = layers[3].data.values;
    const systems = Object.keys(SCRIPTED_SYSTEMS).sort();
    const overall = summarize(scored.map((s) => ({ system: s.raw.system, task: s.raw.task, score: s.score }))).overall;
    const bestEfficiency = Math.max(...overall.map((g) => g.mean.token_efficiency!));
    for (const system of systems) {
      const corners = polygons.filter((p) => p.system === system);
      assert.deepEqual(corners.map((p) => p.axis), [...RADAR_AXES, RADAR_AXES[0]], `${system}: six axes, closed`);
      assert.deepEqual([corners[6].x, corners[6].y], [corners[0].x, corners[0].y]);
      const mean = overall.find((g) => g.system === system)!.mean;
      for (const metric of ['P@10', 'R@10', 'NDCG@10', 'MRR']) assert.equal(corners.find((p) => p.axis === metric)!.value, mean[metric], `${system} ${metric}`);
      assert.equal(corners.find((p) => p.axis === 'TokenEff')!.value, mean.token_efficiency! / bestEfficiency, `${system} TokenEff`);
      assert.equal(corners.find((p) => p.axis === 'TTC')!.value, 0, 'no answer was timed');
      // P@10 points straight up, at its value.
      assert.deepEqual([corners[0].x, corners[0].y], [0, Math.round(mean['P@10']! * 1e6) / 1e6]);
    }
    // Timed answers: the fastest median cold query is 1, a system four times slower 0.25.
    const timed = scored.map((s) => ({ ...s, raw: { ...s.raw, timings: { cold_ms: s.raw.system === 'oracle' ? 100 : 400 } } }));
    const ttc = radarValues(timed, systems).filter((v) => v.axis === 'TTC');
    assert.deepEqual(ttc.map((v) => [v.system, v.value, v.measured]), systems.map((s) => [s, s === 'oracle' ? 1 : 0.25, `${s === 'oracle' ? '0.100' : '0.400'} s cold query (median)`]));
    const svg = await renderSvg(radar);
    assert.equal(count(svg, /aria-roledescription="line mark"/g), 4 + systems.length, 'four rings and a polygon per system');
    assert.equal(count(svg, /aria-roledescription="point"/g), 6 * systems.length);
  });

  it('renders every chart as SVG with its title and a mark per data point', async () => {
    const systems = Object.keys(SCRIPTED_SYSTEMS).length;
    const marks = (svg: string, role: string) => count(svg, new RegExp(`role="graphics-symbol" aria-roledescription="${role}"`, 'g'));
    const svgs = new Map<string, string>();
    for (const chart of charts) {
      const svg = await renderSvg(chart);
      assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.ok(svg.includes(`>${chart.title}</text>`), `${chart.id}: title`);
      svgs.set(chart.id, svg);
    }
    assert.equal(marks(svgs.get('pr-curves')!, 'point'), systems * 50);
    assert.equal(marks(svgs.get('pr-curves')!, 'line mark'), systems);
    assert.equal(marks(svgs.get('token-efficiency')!, 'point'), systems * tasks.length);
    assert.equal(marks(svgs.get('p10-heatmap')!, 'rect mark'), systems * tasks.length);
    assert.equal(marks(svgs.get('p10-significance')!, 'rect mark'), systems * (systems - 1));
    assert.equal(marks(svgs.get('p10-significance')!, 'text mark'), systems * (systems - 1));
    assert.equal(marks(svgs.get('p10-boxplot')!, 'box'), systems, 'a box per system');
  });

  it('analyzeRun writes the corpus charts beside FINDINGS.md, which links them; `charts RUN_DIR` draws the same again', async () => {
    const dir = join(runDir, 'analysis/charts');
    assert.deepEqual(readdirSync(dir).sort(), charts.map((c) => `${c.id}.svg`).sort());
    const findings = readFileSync(join(runDir, 'FINDINGS.md'), 'utf8');
    const section = findings.slice(findings.indexOf('## Charts'));
    for (const c of charts) assert.ok(section.includes(`- [${c.title}](analysis/charts/${c.id}.svg)`), c.id);
    // Vega numbers gradients per process; renderSvg numbers them per document: the same chart drawn again is the same bytes.
    for (const c of charts) assert.equal(readFileSync(join(dir, `${c.id}.svg`), 'utf8'), await renderSvg(c), `${c.id}: the file is the chart`);

    const before = new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    writeFileSync(join(dir, 'stale.svg'), '<svg/>');
    let stdout = '';
    let stderr = '';
    const io = { cwd: ROOT, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } };
    // Each answer records its fixture's revision and task text, as a run does: `charts` checks them against the fixtures and keeps every one.
    for (const s of scored) assert.match(s.raw.rev, /^[0-9a-f]{40}$/, `${s.raw.system} on ${s.raw.task}`);
    assert.equal(await cli(['charts', runDir], io), 0);
    assert.doesNotMatch(stderr, /left out/, stderr);
    assert.equal(count(stdout, /^wrote .*analysis\/charts\/[\w-]+\.svg$/gm), charts.length, stdout);
    assert.equal(existsSync(join(dir, 'stale.svg')), false, 'an SVG the run no longer draws is removed');
    for (const [f, text] of before) assert.equal(readFileSync(join(dir, f), 'utf8'), text, `${f} drawn again the same`);
  });
});
