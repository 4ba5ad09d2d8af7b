// Benchmark (not a test): how fast the symbol layer is on a generated repository of thousands
// of files. Run with `npm run bench:symbols`. Targets (issue "PR diffs and code symbols"):
// a 50-file change in under 1 s including git; definitions of a whole repository within 3x
// of the time the grammars alone take to parse the same files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { changedSymbols, definitionsOf, languageOf, median, Repository } from '../../src/core';
import { parserFor } from '../../src/core/symbols/parser';
import { generate, GIT_ENV } from './generatedRepo';

const FILES = Number(process.env.BENCH_FILES ?? 3000);
const CHANGED = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
async function time(runs: number, f: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  return median(ms)!;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fixture-lab-bench-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' }).trim();
  try {
    git('init', '-q', '-b', 'main');
    generate(dir, FILES, () => 1);
    git('add', '-A');
    git('commit', '-qm', 'base');
    // Every (FILES / CHANGED)-th file changes one constant in each of its definitions.
    const step = Math.floor(FILES / CHANGED);
    generate(dir, FILES, (i) => (i % step === 0 ? 2 : 1));
    git('commit', '-qam', 'change');
    const repo = await Repository.open(dir);
    const files = (await repo.listFiles('HEAD')).filter((p) => languageOf(p));
    const texts = await repo.blobReader.read(files.map((p) => `HEAD:${p}`));
    const sources = files.map((p, i) => ({ path: p, text: texts[i].kind === 'text' ? texts[i].text : '' }));
    const bytes = sources.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
    const mb = bytes / 1e6;
    for (const s of sources.slice(0, 3)) await definitionsOf(s.path, s.text); // grammars loaded once, outside the timings

    const cli = resolve(__dirname, '../../../dist/cli.js');
    const changeProcess = await time(RUNS, () => Promise.resolve(execFileSync('node', [cli, 'symbols', '--repo', dir, '--base', 'HEAD~1', '--head', 'HEAD', '--json'])));
    let changed = 0;
    const changeInProcess = await time(RUNS, async () => {
      changed = (await changedSymbols(repo, 'HEAD~1', 'HEAD')).symbols.length;
    });
    const bare = await time(RUNS, async () => {
      for (const s of sources) (await parserFor(languageOf(s.path)!)).parse(s.text)!.delete();
    });
    let definitions = 0;
    const whole = await time(RUNS, async () => {
      definitions = 0;
      for (const s of sources) definitions += (await definitionsOf(s.path, s.text)).length;
    });
    repo.close();

    const line = (label: string, ms: number, extra = '') => console.log(`${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms ${extra}`);
    console.log(`repository: ${files.length} files, ${mb.toFixed(1)} MB; ${CHANGED} files changed; median of ${RUNS} runs`);
    line(`changed symbols, ${CHANGED}-file change, whole CLI process`, changeProcess, `(${changed} symbols; target < 1000 ms)`);
    line(`changed symbols, ${CHANGED}-file change, in process`, changeInProcess);
    line('bare parse of every file (grammar only)', bare, `(${(mb / (bare / 1000)).toFixed(1)} MB/s)`);
    line('definitions of every file', whole, `(${definitions} definitions, ${(mb / (whole / 1000)).toFixed(1)} MB/s, ${(whole / bare).toFixed(2)}x bare parse; target <= 3x)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
