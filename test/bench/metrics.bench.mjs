// Benchmark (not a test) for the scoring harness's numbers (issue 4, "How fast"):
//  1. `fixture-lab metrics` on a generated TREC run of 5,000 topics x 100 documents, whole
//     process against whole process with trec_eval when TREC_EVAL names its binary (skipped
//     otherwise), and whether the two print the same values;
//  2. scoring a 300-task x 7-system set of rankings in-process: matching, every metric, the means
//     per group, and the significance matrix (Wilcoxon, Cohen's d, 1000-resample bootstrap) for
//     every metric; target 0.5 s (issue 29);
// Wall and CPU time both: on a loaded machine the CPU time, and its ratio, is the figure.
//  3. cl100k_base token counting (src/core/scoring/tokens.ts) in MB/s.
// Prints medians. Needs `npm run build` first (for dist/cli.js).
//   node test/bench/metrics.bench.mjs            BENCH_RUNS=5 by default
//   TREC_EVAL=/path/to/trec_eval node test/bench/metrics.bench.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadTs, ROOT } from './loadTs.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TOPICS = Number(process.env.BENCH_TOPICS ?? 5000);
const DOCS = 100;
const TASKS = 300;
const SYSTEMS = 7;

// mulberry32, seeded: every run of the benchmark uses the same data.
const { median, mulberry32: prng } = await loadTs('numbers-random', ['src/core/numbers', 'src/core/scoring/significance']);
const { timeProcess, cpuSince } = await loadTs('process-time', ['test/bench/processTime']);
const ms = (x) => `${x.toFixed(0)} ms`;

/** The scoring modules, bundled from src/ into out/bench (beside node_modules, so tiktoken resolves). */
function loadScoring() {
  return loadTs('scoring', ['match', 'metrics', 'significance', 'tokens', 'trec'].map((m) => `src/core/scoring/${m}`));
}

function trecFiles(dir) {
  const random = prng(4);
  let qrels = '';
  let run = '';
  for (let t = 0; t < TOPICS; t++) {
    const qid = `task-${t}`;
    for (let j = 0; j < 25; j++) {
      const d = (random() * 160) | 0;
      if (j === 0 || random() < 0.9) qrels += `${qid} 0 pkg/mod${d}.Sym${d} ${[0, 1, 1, 2, 3][(random() * 5) | 0]}\n`;
    }
    const seen = new Set();
    let rank = 0;
    while (seen.size < DOCS) {
      const d = (random() * 160) | 0;
      if (seen.has(d)) continue;
      seen.add(d);
      rank++;
      // Two decimals: plenty of tied scores.
      run += `${qid} Q0 pkg/mod${d}.Sym${d} ${rank} ${(random() * 10).toFixed(2)} bench\n`;
    }
  }
  // trec_eval refuses a qrels file judging a document twice: keep each topic's first judgment.
  const seenJ = new Set();
  qrels = qrels.split('\n').filter((l) => {
    if (!l) return false;
    const [q, , d] = l.split(' ');
    const k = `${q} ${d}`;
    if (seenJ.has(k)) return false;
    seenJ.add(k);
    return true;
  }).join('\n') + '\n';
  writeFileSync(join(dir, 'qrels.txt'), qrels);
  writeFileSync(join(dir, 'run.txt'), run);
  return { qrels: join(dir, 'qrels.txt'), run: join(dir, 'run.txt'), mb: (qrels.length + run.length) / 1e6 };
}

/** Runs each command RUNS times, interleaved (so a busy machine slows all alike); medians in ms, wall and CPU. */
function timeProcesses(commands) {
  const runs = commands.map(() => []);
  for (let i = 0; i < RUNS; i++) commands.forEach(([file, args], c) => runs[c].push(timeProcess(file, args)));
  return runs.map((r) => ({ median: 1000 * median(r.map((x) => x.wall)), cpu: 1000 * median(r.map((x) => x.cpu)), out: r[r.length - 1].stdout }));
}

/** The lines both print (trec_eval's measures; not F1_10 or num_q), normalized for comparison. */
const comparable = (out) => out.split('\n').filter((l) => l && !/^(F1_10|num_q|runid)\b/.test(l)).map((l) => l.trim().split(/\s+/).join(' ')).sort();

async function benchTrec() {
  const cli = join(ROOT, 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.log('metrics CLI: dist/cli.js missing; run `npm run build` first');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fixture-lab-bench-'));
  try {
    const files = trecFiles(dir);
    console.log(`TREC run: ${TOPICS} topics x ${DOCS} docs (${files.mb.toFixed(1)} MB of qrels + run), ${RUNS} runs each, whole process`);
    const commands = [
      [process.execPath, [cli, 'metrics', '--qrels', files.qrels, '--run', files.run]],
      [process.execPath, [cli, 'metrics', '--qrels', files.qrels, '--run', files.run, '--json']],
      [process.execPath, ['-e', '']],
    ];
    if (process.env.TREC_EVAL) commands.push([process.env.TREC_EVAL, ['-q', '-m', 'P.5,10,20', '-m', 'recall.5,10,20', '-m', 'ndcg_cut.10', '-m', 'recip_rank', files.qrels, files.run]]);
    const [ours, json, bare, theirs] = timeProcesses(commands);
    const both = (x) => `median ${ms(x.median)} wall, ${ms(x.cpu)} CPU`;
    console.log(`  node -e ''                   ${both(bare)}`);
    console.log(`  fixture-lab metrics          ${both(ours)}`);
    console.log(`  fixture-lab metrics --json   ${both(json)}`);
    if (theirs) {
      console.log(`  trec_eval -q                 ${both(theirs)}`);
      const [wall, cpu] = [ours.median / theirs.median, ours.cpu / theirs.cpu];
      console.log(`  fixture-lab / trec_eval: ${wall.toFixed(2)}x wall, ${cpu.toFixed(2)}x CPU; target 0.5x: ${wall <= 0.5 ? 'met' : 'MISSED'} in wall time, `
        + `${cpu <= 0.5 ? 'met' : 'MISSED'} in CPU time`);
      console.log(`  with --json: ${(json.median / theirs.median).toFixed(2)}x wall, ${(json.cpu / theirs.cpu).toFixed(2)}x CPU; `
        + `node -e '' alone: ${(bare.cpu / theirs.cpu).toFixed(2)}x CPU`);
      const a = comparable(ours.out);
      const b = comparable(theirs.out);
      const same = a.length === b.length && a.every((l, i) => l === b[i]);
      console.log(`  same values as trec_eval: ${same ? `yes, all ${a.length} lines` : 'NO'}`);
    } else {
      console.log('  trec_eval: skipped (set TREC_EVAL to its binary)');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function scoringData() {
  const random = prng(7);
  const pick = (xs) => xs[(random() * xs.length) | 0];
  const tiers = ['easy', 'medium', 'hard'];
  const repos = ['flask', 'kubernetes', 'cargo', 'jekyll', 'gin'];
  const tasks = [];
  for (let t = 0; t < TASKS; t++) {
    const n = 3 + ((random() * 13) | 0);
    const truth = Array.from({ length: n }, (_, i) => ({ symbol: `pkg/area${t % 17}/file${i}.Type${t}.Method${i}`, confidence: random() < 0.6 ? 'HIGH' : 'MEDIUM' }));
    tasks.push({ id: `task-${t}`, tier: pick(tiers), repo: pick(repos), truth });
  }
  const systems = [];
  for (let s = 0; s < SYSTEMS; s++) {
    const skill = 0.15 + s * 0.08;
    const outputs = tasks.map((task) => {
      const names = [];
      const length = 20 + ((random() * 21) | 0);
      for (let i = 0; i < length; i++) {
        if (random() < skill) {
          const g = pick(task.truth).symbol.split('.');
          // Various spellings: partial qualification, over-qualification, another tool's separators.
          const r = random();
          names.push(r < 0.3 ? g.slice(-2).join('.') : r < 0.6 ? `example.com/mod/${g.join('.')}` : r < 0.8 ? `${g[0]}.py::${g.slice(1).join('::')}` : g.join('.'));
        } else {
          names.push(`pkg/noise${(random() * 50) | 0}.Thing${(random() * 1000) | 0}.run`);
        }
      }
      return { names, tokens: 1000 + ((random() * 4000) | 0) };
    });
    systems.push({ name: `system-${s}`, outputs });
  }
  return { tasks, systems };
}

function benchScoring(scoring) {
  const { tasks, systems } = scoringData();
  const totals = [];
  const cpus = [];
  const parts = { match: [], summarize: [], significance: [] };
  let pairs = 0;
  let metricsCompared = 0;
  for (let r = 0; r < RUNS; r++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const rows = [];
    for (const system of systems) {
      system.outputs.forEach((out, i) => {
        const task = tasks[i];
        const match = scoring.matchRanking(out.names, task.truth, { rule: process.env.BENCH_MATCH ?? 'symbol', module: 'example.com/mod' });
        rows.push({ system: system.name, task: task.id, tier: task.tier, repo: task.repo, score: scoring.scoreMatch(match, { tokens: out.tokens }) });
      });
    }
    const t1 = performance.now();
    scoring.summarize(rows);
    const t2 = performance.now();
    // The significance matrix for every metric: per system, its per-task values in task order.
    const values = rows.map((row) => scoring.metricValues(row.score));
    const names = Object.keys(values[0]);
    metricsCompared = 0;
    pairs = 0;
    for (const metric of names) {
      const bySystem = new Map();
      rows.forEach((row, i) => {
        let xs = bySystem.get(row.system);
        if (!xs) bySystem.set(row.system, (xs = []));
        xs.push(values[i][metric] ?? 0);
      });
      pairs += scoring.significanceMatrix(bySystem, { seed: 1 }).pairs.length;
      metricsCompared++;
    }
    const t3 = performance.now();
    parts.match.push(t1 - t0);
    parts.summarize.push(t2 - t1);
    parts.significance.push(t3 - t2);
    totals.push(t3 - t0);
    cpus.push(1000 * cpuSince(cpu));
  }
  const total = median(totals);
  const totalCpu = median(cpus);
  console.log(`Scoring ${TASKS} tasks x ${SYSTEMS} systems in-process (${RUNS} runs):`);
  console.log(`  match + metrics ${ms(median(parts.match))}, means per group ${ms(median(parts.summarize))}, significance matrix (${metricsCompared} metrics, ${pairs} pairs, 1000 resamples each) ${ms(median(parts.significance))}`);
  console.log(`  total median ${ms(total)} wall, ${ms(totalCpu)} CPU; target 500 ms: ${total <= 500 ? 'met' : 'MISSED'} in wall time, `
    + `${totalCpu <= 500 ? 'met' : 'MISSED'} in CPU time`);
  // The first run pays for V8 compiling the scoring code; a process that scores once (the CLI) sees this figure.
  console.log(`  first run (code not yet compiled): ${ms(totals[0])} wall, ${ms(cpus[0])} CPU`);
}

function benchTokens(scoring) {
  const random = prng(11);
  const words = ['def', 'return', 'self', 'request', 'handler', 'value', 'if', 'None', 'for', 'in', 'func', 'err', 'nil', 'struct', '{', '}', '(', ')', ':', '=', '+', '.', ',', 'cache', 'lookup', 'items', 'SQLiteStore', 'NodesByName', 'make_response', 'apply_discount'];
  let text = '';
  while (text.length < 4_000_000) {
    let line = '    '.repeat((random() * 3) | 0);
    const n = 4 + ((random() * 10) | 0);
    for (let i = 0; i < n; i++) line += words[(random() * words.length) | 0] + (random() < 0.2 ? String((random() * 100) | 0) : '') + ' ';
    text += line + '\n';
  }
  scoring.countTokens('warm up');
  const whole = [];
  const chunked = [];
  let tokens = 0;
  const chunks = [];
  for (let i = 0; i < text.length; i += 8192) chunks.push(text.slice(i, i + 8192));
  for (let r = 0; r < RUNS; r++) {
    let started = performance.now();
    tokens = scoring.countTokens(text);
    whole.push(performance.now() - started);
    started = performance.now();
    for (const c of chunks) scoring.countTokens(c);
    chunked.push(performance.now() - started);
  }
  const mb = Buffer.byteLength(text) / 1e6;
  console.log(`cl100k_base token counting on ${mb.toFixed(1)} MB of code-like text (${tokens} tokens):`);
  console.log(`  one string: median ${(mb / (median(whole) / 1000)).toFixed(1)} MB/s; in 8 KB outputs: median ${(mb / (median(chunked) / 1000)).toFixed(1)} MB/s`);
}

const scoring = await loadScoring();
await benchTrec();
benchScoring(scoring);
benchTokens(scoring);
