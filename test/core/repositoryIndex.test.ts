// The repository index's one way to the files that mention a set of names (Index.mentioning), which
// every neighbour rule that scans such files reads through: the files `git grep -l -w -I` names at
// base, in its order, read once; test files only when asked, one folder when asked; and one search
// per set of names for the change, whatever order the names come in.
import * as assert from 'node:assert/strict';
import { Index } from '../../src/core/changes/repositoryIndex';
import { Repository } from '../../src/core';
import { isTestPath } from '../../src/core/symbols/testPaths';
import { filesGitNames } from '../helpers/gitGrep';
import { TestRepo } from '../helpers/gitRepo';

describe('the files that mention names at base (Index.mentioning)', function () {
  this.timeout(60_000);

  it('reads the files git grep names, in its order, with tests and folders as asked, searching each set of names once', async () => {
    const t = new TestRepo();
    const base = t.commit('files', {
      'pkg/a.py': 'def foo():\n    return bar()\n',
      'pkg/b.py': 'def bar():\n    return 1\n',
      'pkg/sub/c.py': 'from pkg.a import foo\nfoo()\n',
      'tests/test_a.py': 'from pkg.a import foo\n\ndef test_foo():\n    foo()\n',
      'pkg/d.py': 'foobar = 1\n',
      'README.md': 'foo bar\n',
    });
    t.commit('later', { 'pkg/f.py': 'foo = 2\n' });
    const repo = await Repository.open(t.dir);
    try {
      const searches: string[][] = [];
      const raw = repo.git.raw.bind(repo.git);
      // The change's searches reach git once: the revision's files are listed (`git grep -l -e ''`,
      // git's own binary rule and order) and read once, and every search, the first too, runs over them in process.
      (repo.git as { raw: (args: string[]) => Promise<string> }).raw = (args: string[]) => {
        if (args.includes('grep')) searches.push(args);
        return raw(args);
      };
      const index = new Index(repo, base, 5);
      const paths = async (names: Iterable<string>, options?: { tests?: boolean; folder?: string }) => {
        const out: string[] = [];
        for await (const info of index.mentioning(names, options)) {
          assert.equal(info.rev, base);
          out.push(info.path);
        }
        return out;
      };
      const all = filesGitNames(t, base, ['foo', 'bar']);
      assert.deepEqual(all, ['pkg/a.py', 'pkg/b.py', 'pkg/sub/c.py', 'tests/test_a.py'], 'the test data: a word in three folders and a test, not in a longer word or a non-source file');
      assert.deepEqual(await paths(['foo', 'bar']), all.filter((p) => !isTestPath(p)), 'non-test files by default');
      assert.equal(searches.length, 1);
      assert.deepEqual(await paths(['bar', 'foo', 'bar'], { tests: true }), all, 'tests when asked');
      assert.deepEqual(await paths(new Set(['foo', 'bar']), { folder: 'pkg' }), ['pkg/a.py', 'pkg/b.py'], 'only the folder asked');
      assert.equal(searches.length, 1, 'the same names in another order, repeated or as a set: no search again');
      assert.deepEqual(await paths(['foo']), filesGitNames(t, base, ['foo']).filter((p) => !isTestPath(p)));
      const searched = (index as unknown as { searches: Map<string, unknown> }).searches;
      assert.deepEqual([...searched.keys()], ['bar\0foo', 'foo'], 'another set of names is another search');
      assert.equal(searches.length, 1, 'no search of its own reaches git: the revision\'s files were listed once');
      assert.ok(searches[0].includes('-l') && searches[0].includes('') && !searches[0].includes('-w'), `the one git grep lists the files: ${searches[0].join(' ')}`);
      assert.deepEqual(await paths(['nothing_here']), []);
      assert.deepEqual(await paths([]), []);
      // A file is read once for the change, whichever search names it.
      const first = [];
      for await (const info of index.mentioning(['foo'])) first.push(info);
      assert.equal(first[0], await index.file(base, 'pkg/a.py'));
    } finally {
      repo.close();
    }
  });
});
