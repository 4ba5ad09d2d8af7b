// Benchmark (not a test): what a person waits for when running systems, and what of it is the
// harness's own. Whole processes of the CLI beside `node -e 0` timed in the same loop (issue 29's
// figures), wall and CPU time (the CPU time, with its ratio, is what holds on a loaded machine);
// then one run in process with its events timed: per answer, the harness's overhead is the time
// between two answers less the system's own query times (cold + warm), and per run, what is
// neither (planning, the analysis, FINDINGS.md, the charts); then the grep baseline's query on
// pallets/flask's code. Medians of BENCH_RUNS (default 5). Run with `npm run bench:harness`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, runBenchmark, type RawResult } from '../../src/core';
import { Repository } from '../../src/core/git/repository';
import { forgetTrees } from '../../src/core/symbols/parser';
import { GrepBaseline } from '../../src/core/harness/adapters/grep';
import { buildFlaskRepo } from '../helpers/flaskRepo';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';
import { childrenCpu, cpuSince, timeProcess, type Timed } from './processTime';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLI = join(ROOT, 'dist/cli.js');

/**
 * Medians of `args` and of `node -e 0`, alternating so a drifting machine moves both: wall and CPU
 * seconds, each with its ratio. The CLI runs as a person's does, with its compile cache (made by
 * the first run, src/cli/compileCache.ts); with `withoutCache`, the same command with the cache off
 * is timed in the same loop too (what the first run after a new build costs).
 */
function whole(label: string, target: number, args: () => string[], withoutCache = false): void {
  const a: Timed[] = [];
  const b: Timed[] = [];
  const c: Timed[] = [];
  timeProcess(process.execPath, args(), ROOT); // makes the compile cache, if this build has none yet
  for (let i = 0; i < RUNS; i++) {
    a.push(timeProcess(process.execPath, args(), ROOT));
    b.push(timeProcess(process.execPath, ['-e', '0'], ROOT));
    if (withoutCache) c.push(timeProcess(process.execPath, args(), ROOT, { ...process.env, FIXTURE_LAB_COMPILE_CACHE: 'off' }));
  }
  const m = (xs: Timed[], key: 'wall' | 'cpu') => median(xs.map((x) => x[key]))!;
  const [wall, cpu, wall0, cpu0] = [m(a, 'wall'), m(a, 'cpu'), m(b, 'wall'), m(b, 'cpu')];
  console.log(`${label}\n  ${wall.toFixed(2)} s wall (node -e 0 ${wall0.toFixed(2)} s, ratio ${(wall / wall0).toFixed(1)}x), `
    + `${cpu.toFixed(2)} s CPU (node -e 0 ${cpu0.toFixed(2)} s, ratio ${(cpu / cpu0).toFixed(1)}x); `
    + `target ${target} s: ${wall <= target ? 'met' : 'MISSED'} in wall time, ${cpu <= target ? 'met' : 'MISSED'} in CPU time`);
  if (withoutCache) {
    const cpuOff = m(c, 'cpu');
    console.log(`  without the compile cache (a new build's first run): ${cpuOff.toFixed(2)} s CPU (ratio ${(cpuOff / cpu0).toFixed(1)}x)`);
  }
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
    console.log(`  ${system} query on the demo: cold median ${cold.toFixed(1)} ms, warm median ${warm.toFixed(1)} ms (${mine.length} answers)`
      + `${system === 'grep' ? `; target 50 ms: ${cold <= 50 && warm <= 50 ? 'met' : 'MISSED'}` : ''}`);
  }
}

/**
 * The grep baseline's query on pallets/flask's code (test/data/flask: four merged pull requests,
 * each at its base), as the runner times it: the first query at a revision (cold: reading the
 * revision's files) and three more (warm), per pull request with its own task text.
 */
async function flaskGrep(): Promise<void> {
  const dir = tempDir();
  const changes = buildFlaskRepo(dir);
  const repo = await Repository.open(dir);
  try {
    await flaskQueries(dir, changes, repo);
  } finally {
    repo.close(); // its blob reader's `git cat-file` would keep the benchmark's process alive
  }
}

async function flaskQueries(dir: string, changes: ReturnType<typeof buildFlaskRepo>, repo: Repository): Promise<void> {
  const cold: number[] = [];
  const coldCpu: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Each pass starts with no tree kept (src/core/symbols/parser.ts keeps the last 2M characters'):
    // a cold query of a pass is the first at its revision, as in a new process; the pass's later
    // revisions may reuse the trees of files an earlier one read, as a corpus's run does.
    forgetTrees();
    for (const change of changes) {
      const grep = new GrepBaseline();
      const ctx = { name: 'flask', repo, rev: change.base, languages: ['python'], checkout: () => Promise.resolve(dir) };
      const input = { taskId: change.id, task: change.task, budget: 5000 };
      const [cpu, children] = [process.cpuUsage(), childrenCpu()];
      let started = performance.now();
      await grep.query(ctx, input);
      cold.push(performance.now() - started);
      coldCpu.push(1000 * (cpuSince(cpu) + childrenCpu() - children));
      for (let i = 0; i < 3; i++) {
        started = performance.now();
        await grep.query(ctx, input);
        warm.push(performance.now() - started);
      }
    }
  }
  const [c, w] = [median(cold)!, median(warm)!];
  const cc = median(coldCpu)!;
  console.log(`grep query on pallets/flask (${changes.length} pull requests x ${RUNS}, in process): cold median ${c.toFixed(1)} ms wall, `
    + `${cc.toFixed(0)} ms CPU (git's reading the revision included), warm median ${w.toFixed(1)} ms; target 100 ms: `
    + `${c <= 100 && w <= 100 ? 'met' : 'MISSED'} in wall time, ${cc <= 100 && w <= 100 ? 'met' : 'MISSED'} in CPU time`);
}

async function main() {
  // `BENCH_ONLY=flask`: the flask queries alone, so that `node --cpu-prof` profiles only them.
  if (process.env.BENCH_ONLY === 'flask') return flaskGrep();
  spawnSync(process.execPath, [join(ROOT, 'corpus/build-demo.mjs')], { stdio: 'ignore' });
  const corpus = demoCorpus();
  whole('run: grep and bm25, one fixture, budget 5000 (the panel\'s Run)', 1, () =>
    [CLI, 'run', corpus, '--systems', 'grep,bm25', '--budget', '5000', '--tasks', 'bookshop-easy-01', '--out', tempDir()], true);
  whole('run: the demo corpus, grep and bm25, the three default budgets', 5, () => [CLI, 'run', corpus, '--out', tempDir()]);
  whole('validate --no-resolve (start-up, reading the corpus)', 1, () => [CLI, 'validate', corpus, '--no-resolve']);
  await inProcess(corpus);
  await flaskGrep();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
