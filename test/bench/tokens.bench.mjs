// Benchmark (not a test) for token counting on hostile shapes (issue 12, "Bounded, linear work"):
// one 200 KB line (target under 0.5 s), 16 MB (target under 10 s), 64 MB (must not trap), each
// shape beside tiktoken's own count of the whole text where tiktoken finishes in reasonable time.
// Prints medians.
//   npm run bench:tokens            BENCH_RUNS=3 by default; BENCH_HUGE=0 skips the 64 MB runs
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadTs, ROOT } from './loadTs.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const HUGE = process.env.BENCH_HUGE !== '0';

const { countTokens, median, mulberry32 } = await loadTs('tokens', ['src/core/scoring/tokens', 'src/core/numbers', 'src/core/scoring/significance']);
const tiktoken = createRequire(join(ROOT, 'package.json'))('tiktoken').get_encoding('cl100k_base');

const random = mulberry32(11);
const pick = (items) => items[(random() * items.length) | 0];
const letters = (alphabet, n) => Array.from({ length: n }, () => pick(alphabet)).join('');

/** Code-like text: indented lines of identifiers, numbers and punctuation. */
function code(bytes) {
  const words = ['def', 'return', 'self', 'request', 'handler', 'value', 'if', 'None', 'for', 'in', 'func', 'err', 'nil', 'struct', '{', '}', '(', ')', ':', '=', '+', '.', ',', 'cache', 'lookup', 'items', 'SQLiteStore', 'NodesByName', 'make_response', 'apply_discount'];
  const lines = [];
  let size = 0;
  while (size < bytes) {
    let line = '    '.repeat((random() * 3) | 0);
    const n = 4 + ((random() * 10) | 0);
    for (let i = 0; i < n; i++) line += pick(words) + (random() < 0.2 ? String((random() * 100) | 0) : '') + ' ';
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/** Prose of made-up words: almost every piece is new, so nothing comes from the cache. */
function words(bytes) {
  const out = [];
  let size = 0;
  while (size < bytes) {
    const w = ' ' + letters('abcdefghijklmnopqrstuvwxyz', 2 + ((random() * 10) | 0));
    out.push(w);
    size += w.length;
  }
  return out.join('');
}

const KB = 1000;
const MB = 1000 * KB;
const shapes = [
  ['one 200 KB line of "a"', () => 'a'.repeat(200 * KB), 'line'],
  ['one 200 KB line of random letters', () => letters('abcdefghijklmnopqrstuvwxyz', 200 * KB), 'line'],
  ['one 200 KB line of CJK (600 KB UTF-8)', () => letters('中文字符日本語', 200 * KB), 'line'],
  ['one 200 KB line of punctuation', () => letters('!#$%&()*+,-./:;<=>?@[]^_{|}~', 200 * KB), 'line'],
  ['one 200 KB line of minified code', () => code(200 * KB).replace(/\s+/g, ''), 'line'],
  ['200 KB of spaces', () => ' '.repeat(200 * KB), 'line'],
  ['16 MB of code-like text', () => code(16 * MB), 'big'],
  ['16 MB of made-up words', () => words(16 * MB), 'big'],
  ['16 MB line of "abcdefghij"', () => 'abcdefghij'.repeat(1.6 * MB), 'big'],
  ['16 MB line of random letters', () => letters('abcdefghijklmnopqrstuvwxyz', 16 * MB), 'big'],
  ['64 MB of code-like text', () => code(64 * MB), 'huge'],
  ['64 MB line of random letters', () => letters('abcdefghijklmnopqrstuvwxyz', 64 * MB), 'huge'],
];

countTokens('warm up the encoder and the tables '.repeat(10) + 'x'.repeat(300));
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`countTokens, medians of ${RUNS} (64 MB: one run):`);
for (const [name, make, size] of shapes) {
  if (size === 'huge' && !HUGE) continue;
  const text = make();
  const times = [];
  let tokens = 0;
  for (let r = 0; r < (size === 'huge' ? 1 : RUNS); r++) {
    const started = performance.now();
    tokens = countTokens(text);
    times.push(performance.now() - started);
  }
  let reference = '';
  // tiktoken on the whole text, where it is not quadratic in a long piece (and a run of 20 KB of
  // the same shape otherwise, for scale).
  if (size === 'line') {
    const sample = text.slice(0, 20 * KB);
    const started = performance.now();
    tiktoken.encode_ordinary(sample);
    reference = `; tiktoken whole on its first 20 KB: ${seconds(performance.now() - started)}`;
  } else if (size === 'big' && !name.includes('line')) {
    const started = performance.now();
    const expected = tiktoken.encode_ordinary(text).length;
    reference = `; tiktoken whole: ${seconds(performance.now() - started)}${expected === tokens ? ', same count' : `, COUNT DIFFERS: ${expected}`}`;
  }
  console.log(`  ${name}: ${seconds(median(times))} (${tokens} tokens)${reference}`);
}
