// Writes test/data/candidates/<name>/history.json.br: for each change its ground-truth.yaml lists, the
// last commits before its base that touch the files it changes (what a labeler's clone holds and
// the co-change evidence reads: src/core/changes/coChanges.ts), each as its upstream subject and
// date and the kept files it touches (the yaml's `scopes` and `extensions`) before and after it.
// test/helpers/storedRepo.ts builds each such commit on a side line merged into the base's commit,
// so `git log <base> -- <file>` finds it with its own diff; nothing is fetched at test time. Run with
// a clone of the repository (its full history):
//   git clone https://github.com/sindresorhus/ky && node test/tools/benchHistory.mjs ky ky/.git
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { parse } from 'yaml';

/** Commits kept per change: more than coChanges.ts reads (HISTORY_COMMITS), so its bound, not this one, decides. */
const COMMITS = 40;
/** A commit touching more kept files than this is stored without its files (coChanges.ts skips commits far smaller). */
const MAX_FILES = 40;
/** Git's empty tree, what a root commit's files are compared with. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const [name, gitDir] = process.argv.slice(2);
if (!name || !gitDir) throw new Error('usage: node test/tools/benchHistory.mjs <name under test/data/candidates> <.git folder>');
const dir = join(import.meta.dirname, '../data/candidates', name);
const truth = parse(readFileSync(join(dir, 'ground-truth.yaml'), 'utf8'));
const git = (...args) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const kept = (path) => truth.extensions.some((e) => path.endsWith(e)) && (truth.scopes.includes('') || truth.scopes.some((s) => path.startsWith(`${s}/`)));

const blobs = {};
const blobAt = (rev, path) => {
  const line = git('ls-tree', rev, '--', path).trim();
  if (!line) return null;
  const blob = line.split(/\s+/)[2];
  blobs[blob] ??= git('cat-file', 'blob', blob);
  return blob;
};

const changes = [];
for (const change of truth.changes) {
  const files = git('diff', '--name-only', '--no-renames', change.base, change.head).split('\n').filter((p) => p && kept(p));
  const commits = [];
  if (files.length > 0) {
    const log = git('log', '--no-merges', '--format=%H', `-n${COMMITS}`, change.base, '--', ...files).split('\n').filter(Boolean);
    for (const sha of log) {
      // A repository's first commit has no parent: its files are compared with the empty tree.
      const parent = git('rev-list', '--parents', '-n1', sha).trim().split(' ')[1] ?? EMPTY_TREE;
      const touched = git('diff', '--name-only', '--no-renames', parent, sha).split('\n').filter((p) => p && kept(p));
      const [date, subject] = git('show', '-s', '--format=%cI%x00%s', sha).trim().split('\0');
      const entry = { sha, date, subject, files: {} };
      if (touched.length <= MAX_FILES) for (const p of touched) entry.files[p] = [blobAt(parent, p), blobAt(sha, p)];
      else entry.tooLarge = touched.length;
      commits.push(entry);
    }
  }
  changes.push({ id: change.id, base: change.base, commits: commits.reverse() });
}
const json = Buffer.from(JSON.stringify({ source: truth.source, changes, blobs }));
const packed = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
const out = join(dir, 'history.json.br');
writeFileSync(out, packed);
console.log(`${out}: ${changes.reduce((n, c) => n + c.commits.length, 0)} commits, ${Object.keys(blobs).length} contents, ${packed.length} bytes`);
