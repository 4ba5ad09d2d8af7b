// Benchmark (not a test): how good a change's default candidates are, over the labeled changes of
// the demo corpus (corpus/, built by corpus/build-demo.mjs; ground truth written by the raters of
// its fixtures). Run with `npm run bench:candidates`. Prints per fixture and overall: recall of
// the ground truth within the default list, precision, the share of (test, non-test) pairs where
// the test ranks first, and the names left unlinked as ambiguous. Targets (issue 16): recall
// >= 90% at the default limit; tests never above non-tests by default.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { candidatesOf, loadCorpus, Repository, repositoryPath, symbolKey } from '../../src/core';

const ROOT = resolve(__dirname, '../../..');

async function main(): Promise<void> {
  execFileSync('node', [join(ROOT, 'corpus/build-demo.mjs')]);
  const corpus = await loadCorpus(join(ROOT, 'corpus'));
  let found = 0, truth = 0, listed = 0, testsAbove = 0, pairs = 0, ambiguous = 0;
  const rows: string[] = [];
  for (const f of corpus.fixtures) {
    const fx = f.read.fixture;
    if (!fx.diff || !fx.repo || fx.ground_truth.length === 0) continue;
    const entry = corpus.repos.find((r) => r.name === fx.repo)!;
    const repo = await Repository.open(repositoryPath(corpus.dir, entry));
    try {
      const c = await candidatesOf(repo, fx.diff.base, fx.diff.head);
      const options = { module: entry.module };
      const keys = new Set(c.symbols.map((s) => symbolKey(s, options)));
      const gt = fx.ground_truth.map((l) => symbolKey(l.symbol, options));
      const hit = gt.filter((k) => keys.has(k)).length;
      found += hit;
      truth += gt.length;
      listed += c.symbols.length;
      ambiguous += c.ambiguous;
      c.ranked.forEach((a, i) => c.ranked.slice(i + 1).forEach((b) => {
        if (a.test !== b.test) {
          pairs++;
          if (a.test) testsAbove++;
        }
      }));
      const missed = fx.ground_truth.filter((l) => !keys.has(symbolKey(l.symbol, options))).map((l) => l.symbol);
      rows.push(`${(fx.id ?? f.file).padEnd(22)} recall ${hit}/${gt.length}  precision ${hit}/${c.symbols.length}  ambiguous ${c.ambiguous}${missed.length ? `  missed: ${missed.join(', ')}` : ''}`);
    } finally {
      repo.close();
    }
  }
  for (const r of rows) console.log(r);
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(`\n${rows.length} labeled changes, default list (40 non-test, tests after)`);
  console.log(`recall of ground truth: ${found}/${truth} = ${pct(found, truth)}`);
  console.log(`precision: ${found}/${listed} = ${pct(found, listed)}`);
  console.log(`tests above non-tests: ${testsAbove}/${pairs} pairs = ${pct(testsAbove, pairs)}`);
  console.log(`ambiguous names not linked: ${ambiguous}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
