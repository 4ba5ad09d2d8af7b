// Benchmark (not a test): scoring is linear in the answer's size. One answer of BENCH_NAMES
// (default 1,000,000) returned names, all in one file of the demo repository (three real symbols
// of shop/cart.py repeated, and a name of nothing every thousandth), is put into a real run folder
// of the demo corpus, then analyzed as a resume does it (`fixture-lab run --out`: matching, every
// metric, granularities with the names placed in the code, sensitivity, failure analysis,
// FINDINGS.md), re-scored by `export-trec` and by `charts`. Prints wall and CPU seconds of each
// (the CPU time is the figure on a shared machine); the target is seconds, not minutes. Before the
// fix an answer of 200,000 such names took 264 s. Run with
// `node esbuild.mjs && node corpus/build-demo.mjs && node out/test/bench/scoring.bench.js`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cli } from '../../src/cli/cli';
import { demoCorpus } from '../helpers/demoCorpus';

const NAMES = Number(process.env.BENCH_NAMES ?? 1_000_000);

async function fixtureLab(cwd: string, ...argv: string[]): Promise<{ wall: number; cpu: number }> {
  let stderr = '';
  const cpu = process.cpuUsage();
  const started = performance.now();
  const code = await cli(argv, { cwd, stdout: { write: () => undefined }, stderr: { write: (s: string) => (stderr += s) } });
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  if (code !== 0) throw new Error(`fixture-lab ${argv.join(' ')} exited ${code}: ${stderr}`);
  return { wall, cpu: (used.user + used.system) / 1e6 };
}

async function main() {
  const corpus = demoCorpus('systems:\n  - {name: many, type: command, query: [/bin/echo, shop/cart.Cart.total], parse: {format: lines}}\n');
  const run = ['run', '.', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'r'];
  await fixtureLab(corpus, ...run);
  const answer = join(corpus, 'r/raw/many/bookshop-easy-01.json');
  const raw = JSON.parse(readFileSync(answer, 'utf8')) as { symbols: string[] };
  raw.symbols = Array.from({ length: NAMES }, (_, i) => (
    i % 1000 === 0 ? `shop/cart.Cart.m${i}` : ['shop/cart.Cart', 'shop/cart.Cart.total', 'shop/cart.Cart.subtotal'][i % 3]));
  writeFileSync(answer, JSON.stringify(raw));
  console.log(`one answer of ${NAMES.toLocaleString('en-US')} names in shop/cart.py`);
  for (const [what, argv] of [['analysis (run --out, resumed)', run], ['export-trec', ['export-trec', 'r']], ['charts', ['charts', 'r']]] as const) {
    const { wall, cpu } = await fixtureLab(corpus, ...argv);
    console.log(`${what.padEnd(30)} ${wall.toFixed(1).padStart(6)} s wall ${cpu.toFixed(1).padStart(6)} s CPU`);
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
