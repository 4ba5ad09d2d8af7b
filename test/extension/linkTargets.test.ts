import * as assert from 'node:assert/strict';
import { FixtureLabError } from '../../src/core';
import { isLinkRef, LinkTargets } from '../../src/extension/hovers/linkTargets';

describe('hover link targets (what a hover link carries: a key)', () => {
  it('gives each target its own key and looks it up; a link holds the key alone', () => {
    const links = new LinkTargets<string>('symbol');
    const a = links.ref('a`[x](command:y)`.f');
    const b = links.ref('a`[x](command:y)`.f');
    assert.deepEqual(a, { link: 'symbol-1' });
    assert.deepEqual(b, { link: 'symbol-2' });
    assert.equal(links.resolve(a), 'a`[x](command:y)`.f');
    assert.ok(isLinkRef(JSON.parse(JSON.stringify(a))), 'a key survives the link\'s JSON');
  });

  it('refuses a key it never gave, and the oldest once it keeps more than its limit', () => {
    const links = new LinkTargets<number>('miss', 3);
    const refs = [1, 2, 3, 4].map((n) => links.ref(n));
    assert.throws(() => links.resolve(refs[0]), (e: Error) => e instanceof FixtureLabError && /out of date: hover the symbol again/.test(e.message));
    assert.deepEqual(refs.slice(1).map((r) => links.resolve(r)), [2, 3, 4]);
    assert.throws(() => links.resolve({ link: 'miss-99' }), /out of date/);
  });

  it('takes as a link argument only an object with a key and nothing else', () => {
    assert.equal(isLinkRef({ link: 'symbol-1' }), true);
    for (const arg of ['symbol-1', { link: 1 }, { link: 'symbol-1', reason: 'pwned' }, { symbol: 'x' }, null, undefined, ['symbol-1']]) assert.equal(isLinkRef(arg), false, JSON.stringify(arg));
  });
});
