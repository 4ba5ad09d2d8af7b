// Three real command systems whose answers are not all retrieval, run on the demo corpus by
// `fixture-lab run` (runBenchmark): `silent` returns no symbols with its own warning in its JSON
// (what gitnexus 1.6.12 does offline), `unmapped` returns names that exist nowhere in the
// repository (a parse that maps nothing), `verbose` ignores the budget and always prints the
// same 3,048 tokens (codegraph has no budget option). For the answer-health tests in Node and in
// the panel's webview.
import { join } from 'node:path';
import { runBenchmark } from '../../src/core';
import { demoCorpus } from './demoCorpus';
import { tempDir } from './tempDir';

export const SILENT_WARNING = 'FTS extension failed to load — keyword search degraded';
/** bookshop-easy-01's ground truth: verbose returns it for every task. */
export const EASY_01_TRUTH = ['shop/pricing.apply_discount', 'shop/cart.Cart.total', 'shop/pricing.DISCOUNT_CAP_PERCENT', 'shop/cart.Cart.subtotal',
  'shop/models.LineItem'];
/**
 * verbose's output in cl100k tokens, by hand: its JSON without the padding is 45 tokens, the
 * padding is 3,000 pieces ` x` of one token each, and `,"context":"` adds 3.
 */
export const VERBOSE_TOKENS = 3048;

const SCRIPTS: Record<string, string> = {
  'silent.mjs': `process.stdout.write(JSON.stringify({ results: [], warning: ${JSON.stringify(SILENT_WARNING)} }));\n`,
  'unmapped.mjs': 'process.stdout.write(JSON.stringify({ results: [{ symbol: "nowhere/ghost.Phantom.method" }, { symbol: "nowhere/ghost.spectre" }] }));\n',
  // Progress on stderr is not a warning.
  'verbose.mjs': `process.stderr.write('indexing 12 files\\n');\nprocess.stdout.write(JSON.stringify({ results: ${JSON.stringify(EASY_01_TRUTH)}.map((symbol) => ({ symbol })), context: ' x'.repeat(3000) }));\n`,
};

/** The demo corpus with the three systems (scripts beside systems.yaml). */
export function honestCorpus(): string {
  const scripts = tempDir(SCRIPTS);
  const entry = (name: string) => `  - name: ${name}\n    type: command\n    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, `${name}.mjs`))}, "{task}", "{budget}"]\n`
    + '    parse: {format: json, symbols: "results[].symbol"}\n';
  return demoCorpus(`systems:\n${['silent', 'unmapped', 'verbose'].map(entry).join('')}`);
}

/** A run of the three on bookshop-easy-01 and -02 at budgets 2000 (primary) and 5000; returns the corpus and the run folder. */
export async function honestRun(): Promise<{ corpus: string; out: string }> {
  const corpus = honestCorpus();
  const out = join(tempDir(), 'run');
  await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-0?', budgets: [2000, 5000], cwd: corpus });
  return { corpus, out };
}
