// filesMentioning answers a revision's repeated searches from its files read once, in process
// (the neighbours of a change search a revision a dozen times): the answers must be `git grep -l
// -w -I`'s, in its order, file for file, which this test asks git itself for.
import * as assert from 'node:assert/strict';
import { filesMentioning, Repository } from '../../src/core';
import { filesGitNames } from '../helpers/gitGrep';
import { TestRepo } from '../helpers/gitRepo';

describe('files mentioning a name at a revision (filesMentioning)', function () {
  this.timeout(60_000);

  it('names what `git grep -l -w -I` names, in its order, on its first search of a revision and on those after, and when the caller says it will search again', async () => {
    const t = new TestRepo();
    const big = `${'x = 1\n'.repeat(200_000)}foo = 2\n`; // over the blob reader's 1 MB
    const sha = t.commit('files', {
      'a.py': 'foo_bar = 1\nfoo = 2\n',
      'b.py': 'xfoo = 1\nfoox = 2\n',
      'c.py': Buffer.from('foo\0 binary\n'),
      'd.ts': '// foo in a comment\nexport const y = 1;\n',
      'dir/e.py': 'import foo\n',
      'dir/sub/f.go': 'package sub\n\nfunc Bar() {}\n',
      'dir-x.py': 'Bar()\n',
      'g.txt': 'foo\n',
      'h.py': '\uFEFFfoo = 1\r\nbar=foo\r\n',
      'i.py': 'été_foo = 1\nfooé = 2\n',
      'j.py': '_ = 1\n',
      'k.py': Buffer.from([0x66, 0x6f, 0x6f, 0xff, 0x0a]), // foo, then a byte no UTF-8 sequence starts with
      '.gitattributes': 'generated.py binary\n',
      'generated.py': 'foo = 1\n', // text, but binary by its attribute
      'dir/sub/UPPER.PY': 'foo = 1\n', // a source file by its extension in any case, deep in folders
      '.py': 'foo = 1\n', // no name before the extension: not a source file
      'notes.pyc': 'foo\n',
    });
    const asks = [['foo'], ['Bar'], ['foo', 'Bar'], ['bar', 'y'], ['_'], ['nothing'], ['x', 'foo_bar', 'foox']];
    let bigRev: string | undefined;
    // `repeated` (a change's neighbours): the revision's first search is in process too.
    for (const [withBig, repeated] of [[false, false], [true, false], [false, true], [true, true]]) {
      const rev = withBig ? (bigRev ??= t.commit('a large file', { 'big.py': big })) : sha;
      const repo = await Repository.open(t.dir);
      try {
        for (let round = 0; round < 2; round++) {
          for (const names of asks) {
            const expected = filesGitNames(t, rev, names);
            assert.deepEqual(await filesMentioning(repo, rev, names, undefined, repeated), expected,
              `${names.join(',')} (search ${round + 1}${withBig ? ', with a 1.2 MB file' : ''}${repeated ? ', repeated' : ''})`);
          }
          assert.deepEqual(await filesMentioning(repo, rev, ['foo'], 2, repeated), filesGitNames(t, rev, ['foo']).slice(0, 2), 'the limit keeps the first');
        }
      } finally {
        repo.close();
      }
    }
    assert.ok(filesGitNames(t, sha, ['foo']).includes('a.py') && !filesGitNames(t, sha, ['foo']).includes('c.py'), 'the test data covers a word and a binary file');
    assert.ok(filesGitNames(t, sha, ['foo']).includes('dir/sub/UPPER.PY'), 'and an extension in capitals');
  });
});
