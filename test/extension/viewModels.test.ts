import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { Fixture, fixtureView, loadCorpus } from '../../src/core';
import { describeFilter, fixtureRow, matchesFilter, statusText } from '../../src/extension/views/viewModels';

const CORPUS = resolve(__dirname, '../../../corpus');

async function demo(id: string): Promise<Fixture> {
  const corpus = await loadCorpus(CORPUS);
  return corpus.fixtures.map((f) => f.read.fixture).find((f) => f.id === id)!;
}

describe('view models (what the views say)', () => {
  const open = (f: Fixture) => fixtureView(f, 'sam');

  it('shows each fixture with its state, n/15 and kappa', async () => {
    assert.deepEqual(fixtureRow(open(await demo('bookshop-medium-01'))).description, 'disagreements (3 open) · 4/15 · κ 0.633');
    assert.deepEqual(fixtureRow(open(await demo('bookshop-easy-03'))).description, 'unlabeled · 0/15');
    const row = fixtureRow(open(await demo('bookshop-easy-01')));
    assert.equal(row.description, 'adjudicated · 5/15 · κ 0.467');
    assert.equal(row.icon, 'pass-filled');
    assert.match(row.tooltip, /^Orders of five or more books/);
    // After the review, every agreement figure, over all items and over the labeled ones.
    assert.match(row.tooltip, /\n\nAll 8 items: κ 0\.467, percent 0\.750, AC1 0\.529, PABAK 0\.500, positive agreement 0\.800, negative agreement 0\.667, weighted κ 0\.586\nLabeled only, 6 items: κ -0\.200, percent 0\.667, AC1 0\.538, PABAK 0\.333, positive agreement 0\.800, negative agreement n\/a, weighted κ 0\.357$/);
    assert.doesNotMatch(fixtureRow(open(await demo('bookshop-easy-03'))).tooltip, /AC1/);
  });

  it('a blind verifier\'s row says the review is blind and counts their own labels; no label of the labeler\'s in it', async () => {
    const f = await demo('bookshop-medium-02');
    const row = fixtureRow(fixtureView(f, 'lee'));
    assert.equal(row.description, 'in review · blind · 2 yours');
    assert.equal(row.tooltip, `${f.task}\n\nin review, blind: you are its verifier, so the labeler's labels, the ground truth and the agreement show once the review finishes; your labels: 2; labeler dana; verifier lee`);
    assert.equal(fixtureRow(fixtureView(f, 'dana')).description, 'in review · 4/15');
  });

  it('filters by state, repo, tier and text, and says what is filtered', async () => {
    const f = open(await demo('bookshop-medium-02'));
    assert.ok(matchesFilter(f, { state: 'in review' }));
    assert.ok(!matchesFilter(f, { state: 'labeled' }));
    assert.ok(matchesFilter(f, { repo: 'bookshop', tier: 'medium' }));
    assert.ok(!matchesFilter(f, { tier: 'easy' }));
    assert.ok(matchesFilter(f, { text: 'COUPON' }), 'text is case-insensitive and looks at the task');
    assert.ok(matchesFilter(f, { text: 'redeem_coupon' }), 'and at the ground-truth symbols');
    // Not at the ground truth a blind verifier may not see: the filter would tell what it holds.
    assert.ok(!matchesFilter(fixtureView(f.fixture, 'lee'), { text: 'LEGACY_CODES' }));
    assert.ok(matchesFilter(fixtureView(f.fixture, 'lee'), { state: 'in review' }));
    assert.equal(describeFilter({ state: 'in review', text: 'x' }), 'Filtered by state: in review, text: "x"');
    assert.equal(describeFilter({}), undefined);
  });

  it('puts the fixture, its count and kappa in the status bar, and hides them in a blind review', async () => {
    assert.equal(statusText(open(await demo('bookshop-medium-01'))).text, '$(checklist) bookshop-medium-01 · 4/15 · κ 0.633');
    const blind = statusText(fixtureView(await demo('bookshop-medium-02'), 'lee'));
    assert.equal(blind.text, '$(eye) bookshop-medium-02 · blind review');
    assert.equal(blind.tooltip, 'Reviewing bookshop-medium-02 as verifier: the labeler\'s labels and the ground truth are hidden');
  });
});
