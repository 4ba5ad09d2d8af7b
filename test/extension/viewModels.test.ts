import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { Fixture, loadCorpus } from '../../src/core';
import { describeFilter, fixtureRow, matchesFilter, statusText } from '../../src/extension/viewModels';

const CORPUS = resolve(__dirname, '../../../corpus');

async function demo(id: string): Promise<Fixture> {
  const corpus = await loadCorpus(CORPUS);
  return corpus.fixtures.map((f) => f.read.fixture).find((f) => f.id === id)!;
}

describe('view models (what the views say)', () => {
  it('shows each fixture with its state, n/15 and kappa', async () => {
    assert.deepEqual(fixtureRow(await demo('bookshop-medium-01')).description, 'disagreements (3 open) · 4/15 · κ 0.633');
    assert.deepEqual(fixtureRow(await demo('bookshop-easy-03')).description, 'unlabeled · 0/15');
    const row = fixtureRow(await demo('bookshop-easy-01'));
    assert.equal(row.description, 'adjudicated · 5/15 · κ 0.467');
    assert.equal(row.icon, 'pass-filled');
    assert.match(row.tooltip, /^Orders of five or more books/);
  });

  it('filters by state, repo, tier and text, and says what is filtered', async () => {
    const f = await demo('bookshop-medium-02');
    assert.ok(matchesFilter(f, { state: 'in review' }));
    assert.ok(!matchesFilter(f, { state: 'labeled' }));
    assert.ok(matchesFilter(f, { repo: 'bookshop', tier: 'medium' }));
    assert.ok(!matchesFilter(f, { tier: 'easy' }));
    assert.ok(matchesFilter(f, { text: 'COUPON' }), 'text is case-insensitive and looks at the task');
    assert.ok(matchesFilter(f, { text: 'redeem_coupon' }), 'and at the ground-truth symbols');
    assert.equal(describeFilter({ state: 'in review', text: 'x' }), 'Filtered by state: in review, text: "x"');
    assert.equal(describeFilter({}), undefined);
  });

  it('puts the fixture, its count and kappa in the status bar, and hides them in a blind review', async () => {
    const f = await demo('bookshop-medium-01');
    assert.equal(statusText(f, false).text, '$(checklist) bookshop-medium-01 · 4/15 · κ 0.633');
    assert.equal(statusText(f, true).text, '$(eye) bookshop-medium-01 · blind review');
  });
});
