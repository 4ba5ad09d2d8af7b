// test/helpers/storedRepo.ts writes a stored repository's every object with one `git fast-import`
// (the held-out benchmark's eighteen repositories, flask's): the repository must be the one a
// person gets by writing each revision's files and committing them with `git add -A` and
// `git commit -m` (and the history lines as merges by `git commit-tree`), which is how it was built
// before: the same commits, trees, blobs, refs, index and work tree.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { buildStoredRepo, type Stored, type StoredHistory } from '../helpers/storedRepo';
import { GIT_ENV } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';


/** The reference: each revision's files written out, `git add -A`, `git commit -m` (a merge of the history lines by `git commit-tree`). */
function byGitCommit(packed: string, dir: string): Map<string, string> {
  const stored = JSON.parse(brotliDecompressSync(readFileSync(packed)).toString('utf8')) as Stored;
  const historyFile = join(dirname(packed), 'history.json.br');
  const history = existsSync(historyFile) ? JSON.parse(brotliDecompressSync(readFileSync(historyFile)).toString('utf8')) as StoredHistory : undefined;
  const git = (env: NodeJS.ProcessEnv, ...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
  git(GIT_ENV, 'init', '-q', '-b', 'main');
  const commits = new Map<string, string>();
  let present = new Set<string>();
  for (const r of stored.revisions) {
    for (const path of present) if (!(path in r.files)) rmSync(join(dir, path));
    for (const [path, blob] of Object.entries(r.files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), stored.blobs[blob]);
    }
    present = new Set(Object.keys(r.files));
    const env = { ...GIT_ENV, GIT_AUTHOR_DATE: r.date, GIT_COMMITTER_DATE: r.date };
    git(env, 'add', '-A');
    const sides = history ? historyLines(dir, history, r.sha) : [];
    if (sides.length === 0) git(env, 'commit', '-q', '--allow-empty', '-m', r.subject);
    else {
      const previous = commits.size > 0 ? [git(env, 'rev-parse', 'HEAD')] : [];
      const parents = [...previous, ...sides].flatMap((p) => ['-p', p]);
      const merged = execFileSync('git', ['commit-tree', git(env, 'write-tree'), ...parents], { cwd: dir, env, input: r.subject, encoding: 'utf8' }).trim();
      git(env, 'update-ref', 'refs/heads/main', merged);
    }
    commits.set(r.sha, git(env, 'rev-parse', 'HEAD'));
  }
  return commits;
}

/** Each history commit of `base` as a root commit of its files before it, then the commit, each committed by hand; the tips. */
function historyLines(dir: string, history: StoredHistory, base: string): string[] {
  const tips: string[] = [];
  const seen = new Set<string>();
  for (const c of history.changes.filter((x) => x.base === base).flatMap((x) => x.commits)) {
    if (seen.has(c.sha) || Object.keys(c.files).length === 0) continue;
    seen.add(c.sha);
    const when = `${Math.floor(Date.parse(c.date) / 1000)} +0000`;
    const env = { ...GIT_ENV, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when };
    const tree = (files: [string, string][]) => {
      const index = join(dir, '.git', 'history-index');
      rmSync(index, { force: true });
      const ienv = { ...env, GIT_INDEX_FILE: index };
      for (const [path, blob] of files) {
        const id = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, env: ienv, input: history.blobs[blob], encoding: 'utf8' }).trim();
        execFileSync('git', ['update-index', '--add', '--cacheinfo', `100644,${id},${path}`], { cwd: dir, env: ienv });
      }
      const written = execFileSync('git', ['write-tree'], { cwd: dir, env: ienv, encoding: 'utf8' }).trim();
      rmSync(index, { force: true });
      return written;
    };
    const beforeFiles = Object.entries(c.files).filter(([, [b]]) => b !== null).map(([p, [b]]) => [p, b!] as [string, string]);
    const afterFiles = Object.entries(c.files).filter(([, [, a]]) => a !== null).map(([p, [, a]]) => [p, a!] as [string, string]);
    const commit = (t: string, message: string, parents: string[]) => execFileSync('git', ['commit-tree', t, ...parents.flatMap((p) => ['-p', p])],
      { cwd: dir, env: { ...env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com' }, input: message, encoding: 'utf8' }).trim();
    const root = commit(tree(beforeFiles), `before ${c.subject}`, []);
    tips.push(commit(tree(afterFiles), c.subject, [root]));
  }
  return tips;
}

/** What a repository is: every ref and object, commits in full, the index, the work tree's state and bytes. */
function describeRepo(dir: string): Record<string, string> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' });
  const objects = git('rev-list', '--all', '--objects').split('\n').filter(Boolean).map((l) => l.split(' ')[0]).sort();
  return {
    refs: git('for-each-ref'),
    head: git('symbolic-ref', 'HEAD'),
    commits: git('log', '--all', '--format=raw', '--topo-order'),
    objects: objects.join('\n'),
    stored: git('cat-file', '--batch-all-objects', '--batch-check').split('\n').sort().join('\n'),
    index: git('ls-files', '-s'),
    status: git('status', '--porcelain', '--ignored', '--untracked-files=all'),
    files: git('ls-files', '-z').split('\0').filter(Boolean).map((f) => `${f}\t${readFileSync(join(dir, f)).toString('base64')}`).join('\n'),
  };
}

function pack(dir: string, name: string, value: unknown): void {
  writeFileSync(join(dir, name), brotliCompressSync(Buffer.from(JSON.stringify(value))));
}

describe('stored repositories (test/helpers/storedRepo.ts): built by fast-import as git add and git commit build them', function () {
  this.timeout(120_000);

  it('a made-up history: deletions, odd paths, untidy subjects, three offsets, history lines merged into the first and a later revision', () => {
    const data = tempDir();
    const stored: Stored = {
      blobs: { a: 'print("a")\n', b: 'def b():\n    return 2\n', c: '', d: 'no final newline', e: 'x = "é ü 字"\r\nwindows\r\n' },
      revisions: [
        { pr: 1, side: 'base', sha: 'u1', date: '2024-01-02T16:35:50+01:00', subject: 'first (#1)', files: { 'pkg/a.py': 'a', 'pkg/b.py': 'b', 'docs/with space.md': 'c' } },
        { pr: 1, side: 'head', sha: 'u2', date: '2024-01-04T10:52:49Z', subject: '\n\n  tidy me   \n\n\n\nbody line  \t\n\n', files: { 'pkg/a.py': 'b', 'ünï/cödé.py': 'e', 'docs/with space.md': 'c' } },
        { pr: 2, side: 'base', sha: 'u3', date: '2024-11-12T21:03:23-08:00', subject: 'merge target: "quoted" subject', files: { 'pkg/a.py': 'b', 'pkg/b.py': 'd' } },
        { pr: 2, side: 'head', sha: 'u4', date: '2024-11-12T21:03:23-08:00', subject: 'same tree, same date', files: { 'pkg/a.py': 'b', 'pkg/b.py': 'd' } },
      ],
    };
    const history: StoredHistory = {
      blobs: { h1: 'old a\n', h2: 'older b\n', h3: 'gone soon\n' },
      changes: [
        { base: 'u1', commits: [{ sha: 'x1', date: '2023-05-01T00:00:00Z', subject: 'an upstream commit', files: { 'pkg/a.py': ['h1', 'h2'] } }] },
        { base: 'u3', commits: [
          { sha: 'x2', date: '2023-06-01T12:00:00+02:00', subject: 'removes a file', files: { 'pkg/c.py': ['h3', null], 'pkg/a.py': [null, 'h1'] } },
          { sha: 'x2', date: '2023-06-01T12:00:00+02:00', subject: 'removes a file', files: { 'pkg/c.py': ['h3', null] } },
          { sha: 'x3', date: '2023-07-01T00:00:00Z', subject: 'touches nothing', files: {} },
        ] },
      ],
    };
    pack(data, 'changes.json.br', stored);
    pack(data, 'history.json.br', history);
    const [made, reference] = [tempDir(), tempDir()];
    const commits = buildStoredRepo(join(data, 'changes.json.br'), made);
    assert.deepEqual([...commits], [...byGitCommit(join(data, 'changes.json.br'), reference)]);
    assert.deepEqual(describeRepo(made), describeRepo(reference));
    assert.equal(execFileSync('git', ['rev-list', '--count', '--all'], { cwd: made, encoding: 'utf8' }).trim(), '8', 'four revisions, two history lines of two commits');
  });

  it('flask\'s stored changes (test/data/flask), as its benchmark and test build them', () => {
    const flask = resolve(__dirname, '../../../test/data/flask/changes.json.br');
    const [made, reference] = [tempDir(), tempDir()];
    assert.deepEqual([...buildStoredRepo(flask, made)], [...byGitCommit(flask, reference)]);
    assert.deepEqual(describeRepo(made), describeRepo(reference));
  });
});
