import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { namesAtRevision, RepoSymbols, stderrCause, systemWarnings } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

describe('answer health', () => {
  it('the cause of a real Node crash is `Cannot find module`, not the `Node.js v…` trailer', () => {
    const missing = join(tempDir(), 'wrapper.js');
    const crash = spawnSync(process.execPath, [missing], { encoding: 'utf8' });
    assert.notEqual(crash.status, 0);
    assert.match(crash.stderr.trim().split('\n').pop()!, /^Node\.js v\d/, 'the last line is the trailer the run used to report');
    assert.equal(stderrCause(crash.stderr), `Error: Cannot find module '${missing}'`);
  });

  it('the cause of a real Python traceback is its error line; a plain message stands as it is', () => {
    const py = spawnSync('python3', ['-c', 'import no_such_module_here'], { encoding: 'utf8' });
    if (py.error) return; // python3 is part of Debian's base here, but not everywhere
    assert.equal(stderrCause(py.stderr), "ModuleNotFoundError: No module named 'no_such_module_here'");
    assert.equal(stderrCause('error: unknown option \'--repo\'\n'), "error: unknown option '--repo'");
    assert.equal(stderrCause('indexing 3 files\nsomething odd happened\n'), 'something odd happened');
    assert.equal(stderrCause(''), undefined);
    assert.equal(stderrCause('\n\nNode.js v20.20.2\n'), undefined);
  });

  it('a system\'s warnings: a `warning` field in its JSON, warning lines and warn-level JSON logs on stderr', () => {
    const output = JSON.stringify({ definitions: [], warning: 'FTS extension failed to load — keyword search degraded (load-only policy)' }, null, 2);
    const stderr = [
      '  GitNexus Query (1.6.12)',
      '{"level":40,"time":1,"name":"gitnexus","msg":"GitNexus: FTS extension unavailable; continuing without FTS features."}',
      '{"level":30,"msg":"indexed"}',
      'Warning: full-text/BM25 search is disabled',
      '  Warning: full-text/BM25 search is disabled',
      'a line that mentions a warning in passing',
    ].join('\n');
    assert.deepEqual(systemWarnings(output, stderr), [
      'FTS extension failed to load — keyword search degraded (load-only policy)',
      'GitNexus: FTS extension unavailable; continuing without FTS features.',
      'Warning: full-text/BM25 search is disabled',
    ]);
    assert.deepEqual(systemWarnings(`${JSON.stringify({ warnings: ['a', 'b', 'a'] })}\n---\n**Next:** more`, '', '\n---\n'), ['a', 'b']);
    assert.deepEqual(systemWarnings('not json', ''), []);
  });

  it('names at a revision: how many returned names exist there, as validate resolves them', async () => {
    const repo = new TestRepo();
    const first = repo.commit('one', { 'shop/cart.py': 'class Cart:\n    def total(self):\n        return 0\n' });
    const second = repo.commit('two', { 'shop/cart.py': 'class Cart:\n    def total(self):\n        return 0\n    def add(self):\n        pass\n' });
    const symbols = new RepoSymbols({ name: 'shop', path: repo.dir } as never, repo.dir, { cacheDir: false });
    try {
      const atFirst = await namesAtRevision(symbols.resolver, first, ['shop/cart.Cart.total', 'shop/cart.py::Cart.total', 'shop/cart.Cart.add', 'Cart::add']);
      assert.deepEqual(atFirst, { returned: 3, exist: 1, missing: ['shop/cart.Cart.add', 'Cart::add'] });
      const atSecond = await namesAtRevision(symbols.resolver, second, ['shop/cart.Cart.add', 'example.com/shop/shop/cart.Cart'], 'example.com/shop');
      assert.deepEqual(atSecond, { returned: 2, exist: 2, missing: [] });
    } finally {
      await symbols.close();
    }
  });
});
