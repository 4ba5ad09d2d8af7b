// Benchmark (not a test): what a person waits for when running systems, and what of it is the
// harness's own. Whole processes of the CLI beside `node -e 0` timed in the same loop (issue 29's
// figures), then one run in process with its events timed: per answer, the harness's overhead is
// the time between two answers less the system's own query times (cold + warm), and per run, what
// is neither (planning, the analysis, FINDINGS.md, the charts). Medians of BENCH_RUNS (default 5).
// Run with `npm run bench:harness`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, runBenchmark, type RawResult } from '../../src/core';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLI = join(ROOT, 'dist/cli.js');

function wallMs(args: string[]): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Median wall time of `args` and of `node -e 0`, alternating so a drifting machine moves both. */
function whole(label: string, args: () => string[]): void {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    a.push(wallMs(args()));
    b.push(wallMs(['-e', '0']));
  }
  const [ma, mb] = [median(a)!, median(b)!];
  console.log(`${label.padEnd(64)} ${(ma / 1000).toFixed(2).padStart(6)} s   node -e 0 ${(mb / 1000).toFixed(2)} s   ratio ${(ma / mb).toFixed(1)}x`);
}

function rawAnswers(dir: string): RawResult[] {
  const out: RawResult[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...rawAnswers(path));
    else if (name.endsWith('.json')) out.push(JSON.parse(readFileSync(path, 'utf8')) as RawResult);
  }
  return out;
}

async function inProcess(corpus: string): Promise<void> {
  const gaps: number[] = [];
  const systemMs: number[] = [];
  let last = performance.now();
  const started = last;
  let answersEnd = 0;
  const summary = await runBenchmark({
    corpusDir: corpus, cwd: corpus, outDir: tempDir(), systems: ['grep', 'bm25'],
    onEvent: (e) => {
      const now = performance.now();
      if (e.kind === 'index') last = now;
      if (e.kind === 'answer') {
        const t = e.raw.timings;
        gaps.push(now - last);
        systemMs.push((t.cold_ms ?? 0) + (t.warm_ms ?? []).reduce((s, x) => s + x, 0));
        last = answersEnd = now;
      }
    },
  });
  const total = performance.now() - started;
  const overhead = gaps.map((g, i) => g - systemMs[i]);
  console.log(`in process, grep and bm25 on the demo at three budgets: ${gaps.length} answers in ${(total / 1000).toFixed(2)} s`);
  console.log(`  harness per answer (between answers, less the system's cold + 3 warm queries): median ${median(overhead)!.toFixed(1)} ms`);
  console.log(`  systems' own query time per answer (cold + 3 warm): median ${median(systemMs)!.toFixed(1)} ms`);
  console.log(`  after the last answer (analysis, FINDINGS.md, charts): ${((performance.now() - answersEnd) / 1000).toFixed(2)} s`);
  const raw = rawAnswers(join(summary.dir, 'raw'));
  for (const system of ['grep', 'bm25']) {
    const mine = raw.filter((r) => r.system === system);
    const cold = median(mine.map((r) => r.timings.cold_ms ?? NaN))!;
    const warm = median(mine.map((r) => r.timings.warm_median_ms ?? NaN))!;
    console.log(`  ${system} query on the demo: cold median ${cold.toFixed(1)} ms, warm median ${warm.toFixed(1)} ms (${mine.length} answers)`);
  }
}

async function main() {
  spawnSync(process.execPath, [join(ROOT, 'corpus/build-demo.mjs')], { stdio: 'ignore' });
  const corpus = demoCorpus();
  whole('run: grep and bm25, one fixture, budget 5000 (the panel\'s Run)', () =>
    [CLI, 'run', corpus, '--systems', 'grep,bm25', '--budget', '5000', '--tasks', 'bookshop-easy-01', '--out', tempDir()]);
  whole('run: the demo corpus, grep and bm25, the three default budgets', () => [CLI, 'run', corpus, '--out', tempDir()]);
  whole('validate --no-resolve (start-up, reading the corpus)', () => [CLI, 'validate', corpus, '--no-resolve']);
  await inProcess(corpus);
}

void main();
