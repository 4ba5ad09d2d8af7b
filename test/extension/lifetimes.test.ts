import * as assert from 'node:assert/strict';
import { mulberry32 } from '../../src/core';
import { Disposable, DisposableStore, Owner } from '../../src/extension/lifetimes';

/** A test double of a disposable: it records when it was disposed. */
function recorder(log: string[], name: string, fails = false): Disposable & { disposed: number } {
  const d = {
    disposed: 0,
    dispose() {
      d.disposed++;
      log.push(name);
      if (fails) throw new Error(`${name} failed`);
    },
  };
  return d;
}

class Tree extends Owner {
  constructor(subscribe: (name: string) => Disposable) {
    super();
    this._register(subscribe('emitter'));
    this._register(subscribe('subscription'));
  }
}

describe('lifetimes', () => {
  it('disposing the owner disposes everything registered, newest first, each once (seeded)', () => {
    const random = mulberry32(42);
    for (let n = 0; n < 200; n++) {
      const log: string[] = [];
      const store = new DisposableStore();
      const count = Math.floor(random() * 20);
      const items = Array.from({ length: count }, (_, i) => store.add(recorder(log, `d${i}`)));
      assert.equal(store.size, count);
      store.dispose();
      store.dispose();
      assert.deepEqual(log, items.map((_, i) => `d${i}`).reverse());
      assert.ok(items.every((d) => d.disposed === 1), 'each once, even when disposed twice');
      assert.equal(store.size, 0);
    }
  });

  it('one that throws does not keep the others alive; the failure is still reported', () => {
    const log: string[] = [];
    const store = new DisposableStore();
    const items = [store.add(recorder(log, 'a')), store.add(recorder(log, 'b', true)), store.add(recorder(log, 'c'))];
    assert.throws(() => store.dispose(), /b failed/);
    assert.deepEqual(log, ['c', 'b', 'a']);
    assert.ok(items.every((d) => d.disposed === 1));
    const two = new DisposableStore();
    two.add(recorder(log, 'x', true));
    two.add(recorder(log, 'y', true));
    assert.throws(() => two.dispose(), (e: Error) => e instanceof AggregateError && e.errors.length === 2);
  });

  it('what is registered after the owner went is disposed at once instead of leaking', () => {
    const log: string[] = [];
    const store = new DisposableStore();
    store.dispose();
    const late = store.add(recorder(log, 'late'));
    assert.equal(late.disposed, 1);
    assert.equal(store.size, 0);
  });

  it('an Owner (a tree, a lens) disposes its subscriptions with itself', () => {
    const log: string[] = [];
    const tree = new Tree((name) => recorder(log, name));
    assert.equal(tree.isDisposed, false);
    tree.dispose();
    assert.deepEqual(log, ['subscription', 'emitter']);
    assert.equal(tree.isDisposed, true);
  });
});
