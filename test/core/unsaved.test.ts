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

  it('a ruling counts once, and so does each ground-truth change it makes', () => {
    const saved = readFileSync(MEDIUM_01, 'utf8');
    const f = fixtureOf(saved);
    const ruled = textOf(settleDispute(saved, { symbol: 'worker/queue/queue.Queue.Push', resolution: 'excluded', rationale: 'Not needed' }, {}));
    const before = new Set(f.ground_truth.map((l) => JSON.stringify(l)));
    const after = new Set(fixtureOf(ruled).ground_truth.map((l) => JSON.stringify(l)));
    const changedInGroundTruth = [...after].filter((l) => !before.has(l)).length + [...before].filter((l) => !after.has(l)).length;
    assert.equal(unsavedLabels(f, fixtureOf(ruled)), 1 + changedInGroundTruth);
    // Undone (the saved text again): nothing unsaved.
    assert.equal(unsavedLabels(f, fixtureOf(saved)), 0);
  });
});
