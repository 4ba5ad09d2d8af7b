import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listChanges, Repository, repositoryPath } from '../../src/core';
import { BlobReader, MAX_FILE_BYTES } from '../../src/core/git/blobs';
import { changedFiles, splitPatchWithRaw } from '../../src/core/git/diff';
import { GIT_ENV, TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n';

describe('git layer', () => {
  let repo: TestRepo;
  let base: string;
  let head: string;
  let r: Repository;

  before(async () => {
    repo = new TestRepo();
    base = repo.commit('base', {
      'a.txt': lines(10),
      'gone.txt': 'bye\n',
      'old/name.txt': lines(30, 'keep'),
      'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]),
      'big.txt': 'x'.repeat(10),
    });
    head = repo.commit('head', {
      'a.txt': lines(10).replace('line 3\n', 'line three\n').replace('line 8\nline 9\n', ''),
      'gone.txt': null,
      'new.txt': 'hello\nworld\n',
      'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 9, 9, 9]),
      'big.txt': 'y'.repeat(MAX_FILE_BYTES + 1),
    }, [['old/name.txt', 'new/name.txt']]);
    r = await Repository.open(repo.dir);
  });
  after(() => r.close());

  it('lists files with status, rename detection, binary flag and hunk line ranges on both sides', async () => {
    const changes = await listChanges(r, 'main~1', 'main');
    assert.equal(changes.base, base);
    assert.equal(changes.head, head);
    const brief = changes.files.map((f) => [f.status, f.oldPath ?? null, f.newPath ?? null, f.binary, f.hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])]);
    assert.deepEqual(brief, [
      ['modified', 'a.txt', 'a.txt', false, [[3, 1, 3, 1], [8, 2, 7, 0]]],
      ['modified', 'big.txt', 'big.txt', false, [[1, 1, 1, 1]]],
      ['deleted', 'gone.txt', null, false, [[1, 1, 0, 0]]],
      ['modified', 'logo.png', 'logo.png', true, []],
      ['added', null, 'new.txt', false, [[0, 0, 1, 2]]],
      ['renamed', 'old/name.txt', 'new/name.txt', false, []],
    ]);
    assert.equal(changes.files[5].similarity, 100);
  });

  it('reads a file at any revision, and says when it is binary, too large or missing', async () => {
    assert.deepEqual(await r.readFile(base, 'gone.txt'), { kind: 'text', text: 'bye\n' });
    assert.deepEqual(await r.readFile(head, 'gone.txt'), { kind: 'missing' });
    assert.deepEqual(await r.readFile(head, 'logo.png'), { kind: 'binary' });
    assert.deepEqual(await r.readFile(head, 'big.txt'), { kind: 'too-large', bytes: MAX_FILE_BYTES + 1 });
    // Many reads share one cat-file process and come back in order.
    const many = await r.blobReader.read([`${base}:a.txt`, `${head}:a.txt`, `${base}:old/name.txt`, `${head}:nope`]);
    assert.deepEqual(many.map((t) => t.kind), ['text', 'text', 'text', 'missing']);
    assert.equal(many[1].kind === 'text' && many[1].text.split('\n')[2], 'line three');
    assert.deepEqual(await r.listFiles(head), ['a.txt', 'big.txt', 'logo.png', 'new.txt', 'new/name.txt']);
  });

  it('answers hundreds of names asked at once each with its own, and what was asked before the reader closed', async () => {
    // Names asked in one turn go to git in one write; each answer still pairs with its name.
    const names = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? `${head}:nope${i}` : i % 3 === 1 ? `${head}:a.txt` : `${base}:a.txt`));
    const reader = new BlobReader(r.root);
    const answers = await reader.read(names);
    assert.deepEqual(answers.map((t) => t.kind), names.map((n) => (n.includes(':nope') ? 'missing' : 'text')));
    const text = (i: number) => (answers[i].kind === 'text' ? answers[i].text : undefined);
    assert.notEqual(text(1), text(2));
    assert.ok(names.every((n, i) => n.includes(':nope') || text(i) === text(n.startsWith(head) ? 1 : 2)));
    // Asked, then closed in the same turn: the names are written before git's input ends.
    const late = reader.read([`${head}:a.txt`]);
    reader.close();
    assert.equal((await late)[0].kind, 'text');
  });

  it('fails with one line saying what to do', async () => {
    const plain = tempDir({ 'x.txt': 'x' });
    await assert.rejects(Repository.open(plain), /is not a git repository: clone the repository there/);
    await assert.rejects(Repository.open(plain + '/nope'), /no such folder/);
    await assert.rejects(r.resolve('0123456789abcdef0123456789abcdef01234567'), /has no commit 0123456789abcdef0123456789abcdef01234567: run `git -C .* fetch origin 0123456789abcdef/);
    await assert.rejects(r.resolve('--output=x'), /is not a revision name/);
    assert.throws(() => r.relativePath('../secret.txt'), /`\.\.\/secret\.txt` is outside the repository/);
    assert.throws(() => r.relativePath('/etc/passwd'), /outside the repository/);
    assert.equal(r.relativePath('./new/name.txt'), 'new/name.txt');
  });

  it('resolves both sides of a change in one git process, and names that need more one at a time', async () => {
    // A `git` on PATH that logs each command line, then runs the real git.
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const shim = tempDir();
    const log = join(shim, 'log');
    writeFileSync(join(shim, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
    chmodSync(join(shim, 'git'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${shim}:${path}`;
    const revParses = () => (existsSync(log) ? readFileSync(log, 'utf8') : '').split('\n').filter((l) => / rev-parse /.test(` ${l} `));
    try {
      const logged = await Repository.open(repo.dir);
      try {
        const before = revParses().length;
        assert.deepEqual(await logged.resolveCommits(['main~1', head.slice(0, 8)]), [base, head]);
        assert.equal(revParses().length - before, 1, revParses().join('\n'));
        // `a..b` is two lines of rev-parse's answer, not one commit: checked one name at a time, and refused.
        await assert.rejects(logged.resolveCommits([`${base}..${head}`, 'main']), /has no commit [0-9a-f]{40}\.\.[0-9a-f]{40}: check the name/);
        await assert.rejects(logged.resolveCommits(['main', 'no-such-branch']), /has no commit no-such-branch: check the name, or fetch it/);
      } finally {
        logged.close();
      }
      // Opened with the two sides it will resolve: the top folder and both commits in one process, then none.
      const before = revParses().length;
      const opened = await Repository.open(join(repo.dir, 'old'), ['main~1', head.slice(0, 8)]);
      try {
        assert.equal(opened.root, r.root);
        assert.deepEqual((await listChanges(opened, 'main~1', head.slice(0, 8))).files.length, 6);
        assert.equal(revParses().length - before, 1, revParses().slice(before).join('\n'));
        // Once: the next asks git again (a branch may have moved).
        assert.deepEqual(await opened.resolveCommits(['main~1', head.slice(0, 8)]), [base, head]);
        assert.equal(revParses().length - before, 2);
      } finally {
        opened.close();
      }
      // A name that is no single commit: opened as before, and resolving it says what is wrong.
      for (const sides of [['main', 'no-such-branch'], [`${base}..${head}`, 'main'], ['main', `^${base}`]]) {
        const plain = await Repository.open(repo.dir, sides);
        try {
          assert.equal(plain.root, r.root);
          await assert.rejects(plain.resolveCommits(sides), /has no commit|is not a revision name/, sides.join(' '));
        } finally {
          plain.close();
        }
      }
    } finally {
      process.env.PATH = path;
    }
  });

  it('tells a shallow clone that lacks a commit to unshallow', async () => {
    const clone = tempDir();
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone + '/c'], { env: GIT_ENV });
    const shallow = await Repository.open(clone + '/c');
    try {
      await assert.rejects(shallow.resolve(base), /is a shallow clone that lacks .*: run `git -C .* fetch --unshallow`/);
      assert.equal(await shallow.resolve('HEAD'), head);
    } finally {
      shallow.close();
    }
  });

  it('lists from one `git diff` what git\'s --raw and -U0 listings say apart, whatever the paths and kinds of change', async () => {
    // listChanges reads one `git diff -z --raw -p`; the reference is the two listings git prints
    // in two processes (what it read before), parsed by the same code. Paths git quotes in a
    // patch's header (tab, newline, quote, backslash), non-ASCII ones, a path holding `diff --git`
    // and a NUL-looking name, renames, copies, a type change (file to symlink: two blocks), a mode
    // change, binary files, empty files, a submodule, deletions and additions.
    const t = new TestRepo();
    const hostile = ['tab\there.py', 'new\nline.py', 'quote"d.py', 'back\\slash.py', 'caf\u00e9/\u00fcber.py', 'sp ace/ a .py', ':colon.py', 'x diff --git a/y b/z.py'];
    const from: Record<string, string | Buffer> = { 'link.txt': 'target\n', 'mode.sh': 'echo\n', 'empty.py': '', 'bin.dat': Buffer.from([0, 1, 2, 3]) };
    hostile.forEach((p, i) => { from[p] = lines(20 + i, `v${i}`); });
    from['copied/source.py'] = lines(40, 'copy me');
    const b = t.commit('base', from);
    const to: Record<string, string | Buffer | null> = { 'bin.dat': Buffer.from([0, 9, 9, 3]), 'empty.py': 'now text\n', 'added\tfile.py': lines(3) };
    // the third of each three stays, and 'sp ace/ a .py' is renamed
    hostile.forEach((p, i) => { if (i % 3 === 0) to[p] = lines(20 + i, `v${i}`).replace(`v${i} 2\n`, 'changed\n'); else if (i % 3 === 1) to[p] = null; });
    to['copied/also.py'] = lines(40, 'copy me').replace('copy me 40', 'copy me forty');
    t.commit('middle', to, [['sp ace/ a .py', 'renamed "q"/\u00e9 b.py']]);
    t.git('rm', '-q', 'link.txt');
    symlinkSync('target', join(t.dir, 'link.txt'));
    chmodSync(join(t.dir, 'mode.sh'), 0o755);
    const sub = new TestRepo();
    sub.commit('sub', { 'x.txt': 'x\n' });
    t.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub.dir, 'vendor/sub');
    const h = t.commit('head');
    const o = await Repository.open(t.dir);
    try {
      for (const [x, y] of [[b, h], [h, b], [b, b]]) {
        const changes = await listChanges(o, x, y);
        const options = ['-c', 'core.quotepath=off', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', '-M'];
        const raw = t.git(...options, '-z', '--raw', '--no-abbrev', x, y);
        const patch = execFileSync('git', [...options, '-U0', x, y], { cwd: t.dir, env: GIT_ENV, encoding: 'utf8' });
        assert.deepEqual(changes.files, changedFiles(raw, patch));
        if (x !== y) {
          assert.ok(changes.files.length >= 12, JSON.stringify(changes.files));
          assert.ok(changes.files.some((f) => f.status === 'type-changed') && changes.files.some((f) => f.status === 'renamed')
            && changes.files.some((f) => f.binary) && changes.files.some((f) => f.submodule), JSON.stringify(changes.files));
        } else assert.deepEqual(changes.files, []);
      }
    } finally {
      o.close();
    }
    // Copies are found with -C: the split is checked on that listing too, from git's own output.
    const options = ['-c', 'core.quotepath=off', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', '-C', '-C', b, h];
    const both = execFileSync('git', [...options.slice(0, -2), '-z', '--raw', '--no-abbrev', '-p', '-U0', b, h], { cwd: t.dir, env: GIT_ENV, encoding: 'utf8' });
    const apart = { raw: execFileSync('git', [...options.slice(0, -2), '-z', '--raw', '--no-abbrev', b, h], { cwd: t.dir, env: GIT_ENV, encoding: 'utf8' }),
      patch: execFileSync('git', [...options.slice(0, -2), '-U0', b, h], { cwd: t.dir, env: GIT_ENV, encoding: 'utf8' }) };
    assert.ok(/\0C\d+\0/.test(`\0${apart.raw.split(' ').join('\0')}`), 'a copy is listed');
    assert.deepEqual(splitPatchWithRaw(both), apart);
    assert.deepEqual(splitPatchWithRaw(''), { raw: '', patch: '' });
    assert.throws(() => splitPatchWithRaw(':100644 100644 a b M\0unterminated'), /without its end/);
  });

  it('reports a submodule as such, never as text', async () => {
    const sub = new TestRepo();
    sub.commit('sub', { 'x.txt': 'x\n' });
    const outer = new TestRepo();
    const before = outer.commit('init', { 'readme.txt': 'r\n' });
    outer.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub.dir, 'vendor/sub');
    const after = outer.commit('add submodule');
    const o = await Repository.open(outer.dir);
    try {
      const changes = await listChanges(o, before, after);
      const entry = changes.files.find((f) => f.newPath === 'vendor/sub');
      assert.ok(entry?.submodule, JSON.stringify(changes.files));
      assert.deepEqual(entry.hunks, []);
    } finally {
      o.close();
    }
  });

  it('finds a corpus repository by a set path, else repos.yaml\'s path, else says what to set', () => {
    const entry = { name: 'bookshop', language: ['go'], path: '.repos/bookshop', url: 'https://example.com/b.git' };
    assert.equal(repositoryPath('/c', entry), '/c/.repos/bookshop');
    assert.equal(repositoryPath('/c', entry, '/src/bookshop'), '/src/bookshop');
    assert.equal(repositoryPath('/c', entry, '../bookshop'), '/bookshop');
    assert.throws(() => repositoryPath('/c', { name: 'x', language: [] }), /repo `x` has no local checkout: clone it and set `path:` in repos.yaml/);
  });
});
