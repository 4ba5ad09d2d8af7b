// Writes test/data/candidates/<name>/changes.json.br: the code of a public repository at both sides
// of the merged changes its ground-truth.yaml lists (issue 27's held-out benchmark), in the format
// of test/tools/flaskChanges.mjs: each side as which file holds which content, contents stored once,
// the whole Brotli-compressed. Which files are kept is the yaml's `scopes` (folders; '' the whole
// tree) and `extensions` (how a kept file's name ends). Tests build a git repository from it
// (test/helpers/storedRepo.ts): nothing is fetched at test time. Run with a clone of the repository:
//   git clone https://github.com/sindresorhus/ky && node test/tools/benchChanges.mjs ky ky/.git
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { parse } from 'yaml';

const [name, gitDir] = process.argv.slice(2);
if (!name || !gitDir) throw new Error('usage: node test/tools/benchChanges.mjs <name under test/data/candidates> <.git folder>');
const dir = join(import.meta.dirname, '../data/candidates', name);
const truth = parse(readFileSync(join(dir, 'ground-truth.yaml'), 'utf8'));
const git = (...args) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

const blobs = {};
const revisions = [];
for (const change of truth.changes) {
  for (const [side, sha] of [['base', change.base], ['head', change.head]]) {
    if (revisions.some((r) => r.sha === sha)) continue;
    const files = {};
    const scopes = truth.scopes.filter((s) => s !== '');
    for (const line of git('ls-tree', '-r', sha, '--', ...scopes).split('\n').filter(Boolean)) {
      const [meta, path] = line.split('\t');
      const blob = meta.split(' ')[2];
      if (!truth.extensions.some((e) => path.endsWith(e))) continue;
      files[path] = blob;
      blobs[blob] ??= git('cat-file', 'blob', blob);
    }
    const [date, subject] = git('show', '-s', '--format=%cI%x00%s', sha).trim().split('\0');
    revisions.push({ pr: change.pr, side, sha, date, subject, files });
  }
}
const json = Buffer.from(JSON.stringify({ source: truth.source, revisions, blobs }));
const packed = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
const out = join(dir, 'changes.json.br');
writeFileSync(out, packed);
console.log(`${out}: ${revisions.length} revisions, ${Object.keys(blobs).length} contents, ${packed.length} bytes`);
