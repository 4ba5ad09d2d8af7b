// Benchmark (not a test): how fast the symbol layer is on a generated repository of thousands
// of files, and the whole `symbols` and `candidates` processes on real flask changes. Run with
// `npm run bench:symbols` (FLASK_REPO=<a clone of pallets/flask> for the flask figures). Targets
// (issue "PR diffs and code symbols", issue 29): a 50-file change in under 1 s including git;
// definitions of a whole repository within 1.1x of the time the grammars alone take to parse the
// same files; `candidates` on flask's 7b008869..c34d6e81 in 0.4 s and `symbols` on its 36-file
// merge adf36367 in 0.2 s, whole processes. Each figure is printed beside a baseline measured in
// the same run (`node -e 0`, the bare parse); whole processes with their CPU time (user + system,
// git's included), which a shared machine disturbs less than the wall clock. The flask commands are
// timed cold (the disk cache of definitions and references emptied before each run) and warm
// (filled by the run before), each in a cache folder of the benchmark's own.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { changedSymbols, definitionsOf, languageOf, median, Repository } from '../../src/core';
import { walkedTypes } from '../../src/core/symbols/definitions';
import { forgetTrees, parserFor } from '../../src/core/symbols/parser';
import { buildFlaskRepo } from '../helpers/flaskRepo';
import { generate, GIT_ENV } from './generatedRepo';
import { timeProcess } from './processTime';

const FILES = Number(process.env.BENCH_FILES ?? 3000);
const CHANGED = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Medians of `runs` runs in this process: wall and CPU milliseconds. */
async function time(runs: number, f: () => Promise<unknown>): Promise<{ ms: number; cpu: number }> {
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await f();
    const used = process.cpuUsage(c);
    ms.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  return { ms: median(ms)!, cpu: median(cpu)! };
}

interface ProcessTime { wall: number; cpu: number }

/**
 * Medians of `runs` runs of a whole process: wall and CPU seconds (CPU NaN where /proc is not there).
 * `before` runs ahead of each run (a disk cache emptied, for the cold figure).
 */
function processMedian(runs: number, file: string, args: string[], before = () => {}): ProcessTime {
  const timed = Array.from({ length: runs }, () => {
    before();
    return timeProcess(file, args);
  });
  return { wall: median(timed.map((t) => t.wall))!, cpu: median(timed.map((t) => t.cpu))! };
}

/**
 * A CLI command cold (its disk cache of definitions and references empty before each run: every
 * file parsed) and warm (the cache filled by the run before: nothing parsed that an earlier run read).
 */
function coldAndWarm(label: string, args: string[], node: ProcessTime, target: string): void {
  const cache = mkdtempSync(join(tmpdir(), 'fixture-lab-symbol-cache-'));
  const saved = process.env.FIXTURE_LAB_SYMBOL_CACHE;
  process.env.FIXTURE_LAB_SYMBOL_CACHE = cache;
  try {
    const empty = () => {
      rmSync(cache, { recursive: true, force: true });
      mkdirSync(cache);
    };
    // One run untimed first: the bundle's compile cache (the benchmark's own folder, which other builds on
    // the machine do not evict) is made, so each timed run starts as a user's installed CLI does.
    timeProcess('node', args);
    processLine(`${label}, cold`, processMedian(RUNS, 'node', args, empty), node, target);
    processLine(`${label}, warm`, processMedian(RUNS, 'node', args), node, target);
  } finally {
    if (saved === undefined) delete process.env.FIXTURE_LAB_SYMBOL_CACHE;
    else process.env.FIXTURE_LAB_SYMBOL_CACHE = saved;
    rmSync(cache, { recursive: true, force: true });
  }
}

function processLine(label: string, t: ProcessTime, node: ProcessTime, target: string): void {
  const cpu = Number.isFinite(t.cpu) && node.cpu > 0 ? `, CPU ${t.cpu.toFixed(2)} s = ${(t.cpu / node.cpu).toFixed(1)}x node -e 0's` : '';
  console.log(`${label.padEnd(52)} ${t.wall.toFixed(2).padStart(6)} s = ${(t.wall / node.wall).toFixed(1)}x node -e 0${cpu} (${target})`);
}

const CLI = resolve(__dirname, '../../../dist/cli.js');

/**
 * `candidates` on flask's 7b008869..c34d6e81 (#5928) and `symbols` on its 36-file merge adf36367,
 * whole processes, in FLASK_REPO (a clone of pallets/flask with those commits); without one,
 * `candidates` on the same change in the repository test/data/flask holds (flask's Python code
 * only), and no `symbols` figure.
 */
function flask(node: ProcessTime): void {
  const clone = process.env.FLASK_REPO;
  let dir = clone;
  let base = '7b0088693ece1bd3a9238a6fdf56ed8df7a4d43b';
  let head = 'c34d6e81fd8e405e6d4178bf24b364918811ef17';
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'fixture-lab-flask-'));
    const change = buildFlaskRepo(dir).find((c) => c.upstream.head === head)!;
    ({ base, head } = change);
  }
  try {
    const where = clone ? 'flask clone' : 'test/data/flask, Python only';
    coldAndWarm(`candidates 7b008869..c34d6e81 (${where})`, [CLI, 'candidates', '--repo', dir, '--base', base, '--head', head], node, 'target <= 0.4 s');
    if (clone) {
      coldAndWarm('symbols adf36367^..adf36367 (36 files; flask clone)', [CLI, 'symbols', '--repo', dir, '--base', 'adf36367^', '--head', 'adf36367'], node, 'target <= 0.2 s');
    } else {
      console.log('symbols adf36367^..adf36367: set FLASK_REPO to a clone of pallets/flask for this figure');
    }
  } finally {
    if (!clone) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const compileCache = mkdtempSync(join(tmpdir(), 'fixture-lab-compile-cache-'));
  process.env.FIXTURE_LAB_COMPILE_CACHE ??= compileCache;
  process.on('exit', () => rmSync(compileCache, { recursive: true, force: true }));
  const node = processMedian(RUNS, 'node', ['-e', '0']);
  console.log(`node -e 0 (the baseline of whole processes): ${node.wall.toFixed(2)} s${Number.isFinite(node.cpu) ? `, CPU ${node.cpu.toFixed(2)} s` : ''}; median of ${RUNS} runs`);
  flask(node);

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

    process.env.FIXTURE_LAB_SYMBOL_CACHE = 'off'; // every file parsed, as a first run parses it
    const changeProcess = processMedian(RUNS, 'node', [CLI, 'symbols', '--repo', dir, '--base', 'HEAD~1', '--head', 'HEAD', '--json']);
    delete process.env.FIXTURE_LAB_SYMBOL_CACHE;
    let changed = 0;
    const changeInProcess = await time(RUNS, async () => {
      changed = (await changedSymbols(repo, 'HEAD~1', 'HEAD')).symbols.length;
    });
    const bare = await time(RUNS, async () => {
      for (const s of sources) (await parserFor(languageOf(s.path)!)).parse(s.text)!.delete();
    });
    // The floor of any extraction through web-tree-sitter's node API: the parse and one C walk of
    // every node (descendantsOfType with the rules' types), nothing read from the nodes it returns.
    const walk = await time(RUNS, async () => {
      for (const s of sources) {
        const tree = (await parserFor(languageOf(s.path)!)).parse(s.text)!;
        tree.rootNode.descendantsOfType(walkedTypes(languageOf(s.path)!));
        tree.delete();
      }
    });
    let definitions = 0;
    const whole = await time(RUNS, async () => {
      // No tree kept from the run before (a repository under 2M characters would keep them all):
      // each run parses every file, as the bare parse does; dropping the last run's trees costs what
      // the bare parse's deletes cost.
      forgetTrees();
      definitions = 0;
      for (const s of sources) definitions += (await definitionsOf(s.path, s.text)).length;
    });
    // The extraction alone (the walk and the rules, no parse): definitions asked again of files whose
    // trees are still kept (parser.ts keeps the last 512 trees of 2M characters at most), beside
    // those files' bare parse.
    const kept: typeof sources = [];
    for (let chars = 0, i = 0; i < Math.min(sources.length, 400) && chars + sources[i].text.length <= 1_500_000; chars += sources[i++].text.length) kept.push(sources[i]);
    const keptBare = await time(RUNS, async () => {
      for (const s of kept) (await parserFor(languageOf(s.path)!)).parse(s.text)!.delete();
    });
    forgetTrees();
    for (const s of kept) await definitionsOf(s.path, s.text);
    const extraction = await time(RUNS, async () => {
      for (const s of kept) await definitionsOf(s.path, s.text);
    });
    forgetTrees();
    repo.close();

    const line = (label: string, t: { ms: number; cpu: number }, extra = '') =>
      console.log(`${label.padEnd(52)} ${t.ms.toFixed(0).padStart(6)} ms, CPU ${t.cpu.toFixed(0)} ms ${extra}`);
    console.log(`repository: ${files.length} files, ${mb.toFixed(1)} MB; ${CHANGED} files changed; median of ${RUNS} runs`);
    processLine(`changed symbols, ${CHANGED}-file change, whole CLI process`, changeProcess, node, `${changed} symbols; target < 1 s`);
    line(`changed symbols, ${CHANGED}-file change, in process`, changeInProcess);
    line('bare parse of every file (grammar only)', bare, `(${(mb / (bare.ms / 1000)).toFixed(1)} MB/s)`);
    line('parse + one descendantsOfType walk (the floor)', walk, `(${(walk.ms / bare.ms).toFixed(2)}x bare parse, CPU ${(walk.cpu / bare.cpu).toFixed(2)}x)`);
    line('definitions of every file', whole,
      `(${definitions} definitions, ${(mb / (whole.ms / 1000)).toFixed(1)} MB/s, ${(whole.ms / bare.ms).toFixed(2)}x bare parse, CPU ${(whole.cpu / bare.cpu).toFixed(2)}x; target <= 1.1x)`);
    line(`the walk and rules alone, ${kept.length} files' kept trees`, extraction,
      `(CPU ${(extraction.cpu / keptBare.cpu).toFixed(2)}x those files' bare parse, ${keptBare.cpu.toFixed(0)} ms: what the definitions add to the parse)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
