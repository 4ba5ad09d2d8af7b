// Writes test/data/flask/changes.json.br: the Python code (src/, tests/, examples/) of pallets/flask
// at both sides of four merged pull requests (issue 16's labeled set), for the candidates benchmark
// and its unit test. Each side is stored as which file holds which content; contents are stored
// once and the whole is Brotli-compressed (its large window finds what the revisions share), so
// the eight revisions of the whole Python code take about 115 KB. Tests build a git repository from
// it (test/helpers/flaskRepo.ts): nothing is fetched at test time. Run with a clone of flask:
//   git clone https://github.com/pallets/flask && node test/tools/flaskChanges.mjs flask/.git
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** The merge commits, oldest first; each change is its first parent against it. */
const CHANGES = [
  { pr: 5736, merge: 'ed1c9e953e2d67c0994e32e6c8d878291e36d4f7' },
  { pr: 5898, merge: '809d5a8869d4ffe8656680b2438b10f7c8845613' },
  { pr: 5917, merge: '12e95c93b488725f80753f34b2e0d24838ca4646' },
  { pr: 5928, merge: 'c34d6e81fd8e405e6d4178bf24b364918811ef17' },
];
const SCOPES = ['src', 'tests', 'examples'];

const [gitDir] = process.argv.slice(2);
if (!gitDir) throw new Error('usage: node test/tools/flaskChanges.mjs <flask .git folder>');
const git = (...args) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

const blobs = {};
const revisions = [];
for (const { pr, merge } of CHANGES) {
  const base = git('rev-parse', `${merge}^1`).trim();
  for (const [side, sha] of [['base', base], ['head', merge]]) {
    const files = {};
    for (const line of git('ls-tree', '-r', sha, '--', ...SCOPES).split('\n').filter(Boolean)) {
      const [meta, path] = line.split('\t');
      const blob = meta.split(' ')[2];
      if (!path.endsWith('.py')) continue;
      files[path] = blob;
      blobs[blob] ??= git('cat-file', 'blob', blob);
    }
    const [date, subject] = git('show', '-s', '--format=%cI%x00%s', sha).trim().split('\0');
    revisions.push({ pr, side, sha, date, subject, files });
  }
}
const json = Buffer.from(JSON.stringify({ source: 'https://github.com/pallets/flask', revisions, blobs }));
const packed = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
const out = join(import.meta.dirname, '../data/flask/changes.json.br');
writeFileSync(out, packed);
console.log(`${out}: ${revisions.length} revisions, ${Object.keys(blobs).length} contents, ${packed.length} bytes`);
