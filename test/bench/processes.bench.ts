// Benchmark (not a test): what reaping costs per answer. The /proc sweep reads every process's
// environment, so its cost grows with the machine's process count: measured as is, then with
// BENCH_PROCS (default 500) idle processes added. Also a whole answer of `/bin/true` through
// runProcess (spawn, exit, group kill, sweep, drain). Run with
// `node esbuild.mjs && node out/test/bench/processes.bench.js`.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { markedProcesses, median, runProcess } from '../../src/core';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const EXTRA = Number(process.env.BENCH_PROCS ?? 500);

function processCount(): number {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length;
}

function sweepMs(): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    markedProcesses('0123456789abcdef');
    times.push(performance.now() - t);
  }
  return median(times)!;
}

async function main() {
  console.log(`sweep over ${processCount()} processes: median ${sweepMs().toFixed(2)} ms`);
  const answers: number[] = [];
  for (let i = 0; i < RUNS; i++) answers.push((await runProcess(['/bin/true'], { timeoutMs: 10_000 })).ms);
  console.log(`answer of /bin/true (spawn, exit, reap, drain): median ${median(answers)!.toFixed(2)} ms`);
  const idle = Array.from({ length: EXTRA }, () => spawn('sleep', ['600'], { stdio: 'ignore' }));
  await new Promise((r) => setTimeout(r, 500));
  try {
    console.log(`sweep over ${processCount()} processes: median ${sweepMs().toFixed(2)} ms`);
  } finally {
    for (const p of idle) p.kill('SIGKILL');
  }
}

void main();
