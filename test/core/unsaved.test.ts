import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { labelAs, readFixture, settleDispute, textOf, unlabelAs, unsavedLabels } from '../../src/core';

const EASY_03 = resolve(__dirname, '../../../corpus/tasks/bookshop/easy/03-cart-badge.yaml');
const MEDIUM_01 = resolve(__dirname, '../../../corpus/tasks/bookshop/medium/01-queue-retry-limit.yaml');
const fixtureOf = (text: string) => readFixture(text, 'x.yaml').fixture;

describe('unsaved labels (what the status bar and the Fixtures tree count)', () => {
  it('counts each label added, changed or removed once, in any list, and each ruling', () => {
    const saved = readFileSync(EASY_03, 'utf8');
    let text = textOf(labelAs(saved, 'dana', { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: 'Renders the cart' }));
    text = textOf(labelAs(text, 'dana', { symbol: 'web/src/api.CartDto', confidence: 'MEDIUM', reason: 'The cart data' }));
    assert.equal(unsavedLabels(fixtureOf(saved), fixtureOf(text)), 2);
    // Changing an unsaved label is still one; removing it leaves one.
    text = textOf(labelAs(text, 'dana', { symbol: 'web/src/api.CartDto', confidence: 'HIGH', reason: 'The cart data' }));
    assert.equal(unsavedLabels(fixtureOf(saved), fixtureOf(text)), 2);
    text = textOf(unlabelAs(text, 'dana', 'web/src/api.CartDto'));
    assert.equal(unsavedLabels(fixtureOf(saved), fixtureOf(text)), 1);
    assert.equal(unsavedLabels(fixtureOf(saved), fixtureOf(saved)), 0);
  });

  it('a ruling counts once, though it writes the dispute and moves ground_truth; rulings on two symbols count two', () => {
    const saved = readFileSync(MEDIUM_01, 'utf8');
    const f = fixtureOf(saved);
    const ruled = textOf(settleDispute(saved, { symbol: 'worker/queue/queue.Queue.Push', resolution: 'included', confidence: 'HIGH', rationale: 'Retry re-queues through Push' }, {}));
    // The ruling did both: a dispute and a ground-truth entry.
    assert.equal(fixtureOf(ruled).disputes.length, f.disputes.length + 1);
    assert.ok(fixtureOf(ruled).ground_truth.some((l) => l.symbol === 'worker/queue/queue.Queue.Push'));
    assert.equal(unsavedLabels(f, fixtureOf(ruled)), 1);
    const twice = textOf(settleDispute(ruled, { symbol: 'worker/queue/queue.Queue', resolution: 'excluded', rationale: 'Only Retry changes' }, {}));
    assert.equal(unsavedLabels(f, fixtureOf(twice)), 2);
    // Undone (the saved text again): nothing unsaved.
    assert.equal(unsavedLabels(f, fixtureOf(saved)), 0);
  });
});
