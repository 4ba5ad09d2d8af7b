// Benchmark (not a test): how long a large run's corpus charts take to draw as SVG, as analyzeRun
// draws them. A synthetic run of 300 tasks x 7 systems (BENCH_TASKS, BENCH_SYSTEMS), scored by the
// real scorer, significance by the real matrix. Run with
// `node esbuild.mjs && node out/test/bench/charts.bench.js`; BENCH_OUT=DIR also writes the SVGs there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { corpusCharts, matchRanking, median, mulberry32, RawResult, renderSvg, scoreMatch, ScoredResult, significanceMatrix } from '../../src/core';

const TASKS = Number(process.env.BENCH_TASKS ?? 300);
const SYSTEMS = Number(process.env.BENCH_SYSTEMS ?? 7);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OUT = process.env.BENCH_OUT;

/** Each system finds a share of each task's truth (better systems more), mixed with noise, up to 40 items. */
function syntheticRun(): ScoredResult[] {
  const random = mulberry32(42);
  const scored: ScoredResult[] = [];
  for (let t = 0; t < TASKS; t++) {
    const truth = Array.from({ length: 3 + Math.floor(random() * 13) }, (_, i) => `pkg${t}/mod.Symbol${i}`);
    for (let s = 0; s < SYSTEMS; s++) {
      const skill = 0.2 + (0.6 * s) / Math.max(1, SYSTEMS - 1);
      const returned: string[] = [];
      const found = truth.filter(() => random() < skill);
      for (let i = 0; i < 40; i++) returned.push(found.length > 0 && random() < skill ? found.shift()! : `noise${t}.N${s}_${i}`);
      const output = returned.join('\n');
      const raw: RawResult = { system: `system-${s}`, task: `task-${String(t).padStart(3, '0')}`, repo: 'r', rev: 'HEAD', budget: 5000, status: 'ok', output, symbols: returned, tokens: output.length / 4, timings: {}, source: 'run', finished_at: '' };
      const match = matchRanking(returned, truth);
      scored.push({ raw, match, score: scoreMatch(match, { tokens: raw.tokens }) });
    }
  }
  return scored;
}

async function main() {
  const scored = syntheticRun();
  const systems = [...new Set(scored.map((s) => s.raw.system))].sort();
  const p10 = new Map(systems.map((sys) => [sys, scored.filter((s) => s.raw.system === sys).map((s) => s.score.precision[10])]));
  const significance = { 'P@10': significanceMatrix(p10, { seed: 1 }) };
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const charts = corpusCharts(scored, significance);
    const svgs: string[] = [];
    for (const chart of charts) svgs.push(await renderSvg(chart));
    times.push(performance.now() - started);
    if (OUT && run === 0) {
      mkdirSync(OUT, { recursive: true });
      charts.forEach((c, i) => writeFileSync(join(OUT, `${c.id}.svg`), svgs[i]));
    }
    const sizes = svgs.map((s) => s.length);
    if (run === 0) console.log(`${charts.length} charts, SVG sizes ${sizes.map((n) => `${(n / 1024).toFixed(0)} KiB`).join(', ')}`);
  }
  console.log(`${TASKS} tasks x ${SYSTEMS} systems: corpus charts as SVG in ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times)!.toFixed(0)} ms (the first includes loading vega)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
