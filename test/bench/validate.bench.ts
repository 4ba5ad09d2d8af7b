// Benchmark (not a test): `fixture-lab validate` resolving every symbol of a 300-fixture corpus
// against a generated 3,000-file repository (the one of symbols.bench.ts) with a history of
// revisions, as a whole CLI process. Run with `npm run bench:validate`. Target (issue 13): under
// 10 s warm, i.e. with the cache of a previous run beside the corpus.
//
// The corpus: fixtures spread over REVISIONS changes (each change edits 20 files), each fixture
// naming 5 ground-truth symbols, 10 candidates, two raters' labels and two disputes drawn from
// the files it is about; about 2% of the names carry a typo and 1% point into the wrong file, so
// suggestions (same file, and across the repository) are part of the work.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkCorpusSymbols, corpusCacheDir, loadCorpus, median, mulberry32 } from '../../src/core';
import { generate, generatedPath, GIT_ENV } from './generatedRepo';

const FILES = Number(process.env.BENCH_FILES ?? 3000);
const FIXTURES = Number(process.env.BENCH_FIXTURES ?? 300);
const REVISIONS = Number(process.env.BENCH_REVISIONS ?? 30);
const CHANGED = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** A symbol file i defines (see generatedRepo.ts), picked by `r` in [0, 1). */
function symbolOf(i: number, r: number): string {
  const file = generatedPath(i).replace(/\.\w+$/, '');
  const k = Math.floor(r * 8);
  const pick = Math.floor(r * 64) % 4;
  switch (i % 3) {
    case 0: return `${file}.${[`Service${i}_${k}`, `Service${i}_${k}.handle`, `Service${i}_${k}.lookup`, `helper_${k}`][pick]}`;
    case 1: return `${file}.${[`Store${i}_${k}`, `Store${i}_${k}.Get`, `helper${i}_${k}`, `Store${i}_${k}`][pick]}`;
    default: return `${file}.${[`Cart${i}_${k}`, `Cart${i}_${k}.total`, `Item${i}_${k}`, `format${k}`][pick]}`;
  }
}

function corpusFixture(n: number, base: string, head: string, random: () => number): string {
  const files = Array.from({ length: 4 }, () => Math.floor(random() * FILES));
  const names = new Set<string>();
  while (names.size < 16) {
    let name = symbolOf(files[Math.floor(random() * files.length)], random());
    const roll = random();
    if (roll < 0.02) name += 'x'; // a typo: suggested from the same file
    else if (roll < 0.03) name = name.replace(/file(\d+)/, (_, i) => `file${(Number(i) + 3) % FILES}`); // the wrong file: suggested from the repository
    names.add(name);
  }
  const [gt, candidates] = [[...names].slice(0, 5), [...names].slice(5, 15)];
  const label = (s: string) => `{symbol: "${s}", confidence: HIGH, reason: "r"}`;
  return `id: "gen-easy-${n}"
repo: gen
difficulty: easy
diff: {base: "${base}", head: "${head}"}
task: "Task ${n}"
candidates:
${candidates.map((s) => `  - "${s}"`).join('\n')}
ground_truth:
${gt.map((s) => `  - ${label(s)}`).join('\n')}
labeler: dana
verifier: lee
labels:
  dana: [${gt.map(label).join(', ')}]
  lee: [${[...gt.slice(0, 4), candidates[0]].map(label).join(', ')}]
disputes:
  - {symbol: "${gt[4]}", resolution: included, rationale: "r"}
  - {symbol: "${candidates[0]}", resolution: excluded, rationale: "r"}
`;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'fixture-lab-bench-'));
  const repoDir = join(root, 'repo');
  const corpus = join(root, 'corpus');
  mkdirSync(repoDir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoDir, env: GIT_ENV, encoding: 'utf8' }).trim();
  try {
    git('init', '-q', '-b', 'main');
    const revisions: string[] = [];
    // Revision 0 writes every file; change r (1..REVISIONS) edits the CHANGED files i with i % step = r.
    const step = Math.floor(FILES / CHANGED);
    for (let r = 0; r <= REVISIONS; r++) {
      generate(repoDir, FILES, (i) => (i % step >= 1 && i % step <= r ? 2 : 1), (i) => r === 0 || i % step === r);
      git('add', '-A');
      git('commit', '-qm', `change ${r}`, '--allow-empty');
      revisions.push(git('rev-parse', 'HEAD'));
    }
    const random = mulberry32(2024);
    mkdirSync(join(corpus, 'tasks/gen/easy'), { recursive: true });
    writeFileSync(join(corpus, 'repos.yaml'), `repos:\n  - name: gen\n    commit: "${revisions.at(-1)}"\n    language: [python, go, typescript]\n    path: ${JSON.stringify(repoDir)}\n`);
    for (let n = 0; n < FIXTURES; n++) {
      const r = n % REVISIONS;
      writeFileSync(join(corpus, `tasks/gen/easy/${String(n).padStart(3, '0')}-task.yaml`), corpusFixture(n, revisions[r], revisions[r + 1], random));
    }

    const cli = resolve(__dirname, '../../../dist/cli.js');
    const validate = (...flags: string[]) => {
      const t = performance.now();
      try {
        execFileSync('node', [cli, 'validate', corpus, ...flags], { encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        // Exit 1: the corpus has errors (none expected); anything else is a failure of the benchmark.
        if ((e as { status?: number }).status !== 1) throw e;
      }
      return performance.now() - t;
    };
    const cache = corpusCacheDir(corpus);
    // Interleaved, so a busy machine slows all three alike.
    const runs = { noResolve: [] as number[], cold: [] as number[], warm: [] as number[] };
    for (let r = 0; r < RUNS; r++) {
      runs.noResolve.push(validate('--no-resolve'));
      rmSync(cache, { recursive: true, force: true });
      runs.cold.push(validate());
      runs.warm.push(validate());
    }
    const [noResolve, cold, warm] = [runs.noResolve, runs.cold, runs.warm].map((ms) => median(ms)!);

    // In process, what each run did: symbols, the match rate, files parsed.
    rmSync(cache, { recursive: true, force: true });
    const loaded = await loadCorpus(corpus, corpus);
    const first = await checkCorpusSymbols(loaded);
    const second = await checkCorpusSymbols(loaded);

    const line = (label: string, ms: number, extra = '') => console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms ${extra}`);
    console.log(`repository: ${FILES} files, ${REVISIONS + 1} revisions; corpus: ${FIXTURES} fixtures naming ${first.all_symbols.total} symbols (distinct per fixture); median of ${RUNS} runs, whole CLI process`);
    line('validate --no-resolve', noResolve, '(the floor: reading and checking the YAML)');
    line('validate, cold (no cache)', cold, `(${first.parsed} files parsed)`);
    line('validate, warm (cache of a previous run)', warm, `(${second.parsed} files parsed; target < 10000 ms)`);
    console.log(`ground truth resolved: ${first.ground_truth.resolved}/${first.ground_truth.total}; all symbols resolved: ${first.all_symbols.resolved}/${first.all_symbols.total}; ${first.problems.length} warnings`);
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(root, { recursive: true, force: true }); else console.log(root);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
