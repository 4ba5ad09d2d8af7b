import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { disagreementsToSettle, Fixture, fixtureView, loadCorpus } from '../../src/core';
import { describeFilter, fixtureRow, matchesFilter, settlePicker, statusText, unsavedStatus } from '../../src/extension/views/viewModels';

const CORPUS = resolve(__dirname, '../../../corpus');

async function demo(id: string): Promise<Fixture> {
  const corpus = await loadCorpus(CORPUS);
  return corpus.fixtures.map((f) => f.read.fixture).find((f) => f.id === id)!;
}

describe('view models (what the views say)', () => {
  const open = (f: Fixture) => fixtureView(f, 'sam');

  it('shows each fixture\'s state as its icon, n/15 and kappa as its description, the details in its tooltip', async () => {
    const disagreements = fixtureRow(open(await demo('bookshop-medium-01')));
    assert.equal(disagreements.description, '4/15 · κ 0.633');
    assert.deepEqual([disagreements.icon, disagreements.color], ['warning', 'list.warningForeground']);
    assert.match(disagreements.tooltip, /^bookshop-medium-01: disagreements \(3 open\)\n\n/);
    const unlabeled = fixtureRow(open(await demo('bookshop-easy-03')));
    assert.deepEqual([unlabeled.description, unlabeled.icon], ['0/15', 'circle-large-outline']);
    const row = fixtureRow(open(await demo('bookshop-easy-01')));
    assert.equal(row.description, '5/15 · κ 0.550');
    assert.equal(row.icon, 'pass-filled');
    assert.match(row.tooltip, /^bookshop-easy-01: adjudicated\n\nOrders of five or more books/);
    assert.match(row.tooltip, /ground truth 5\/15; kappa 0\.550; labeler dana; verifier lee\n/);
    // After the review, every agreement figure, over all items and over the labeled ones.
    assert.match(row.tooltip, /\n\nAll 9 items: κ 0\.550, percent 0\.778, AC1 0\.561, PABAK 0\.556, positive agreement 0\.800, negative agreement 0\.750, weighted κ 0\.630\nLabeled only, 6 items: κ -0\.200, percent 0\.667, AC1 0\.538, PABAK 0\.333, positive agreement 0\.800, negative agreement n\/a, weighted κ 0\.357\n/);
    // Each label as its own yes/no. HIGH: dana apply_discount, total, CAP; lee apply_discount, total; 6 of 9 neither (3 of the 6 labeled).
    // po 8/9, pe 3/9·2/9 + 6/9·7/9 = 48/81: κ 0.727; π 5/18: AC1 0.814; labeled only po 5/6, pe 1/2: κ 0.667, π 5/12: AC1 0.676.
    assert.match(row.tooltip, /\nHIGH: κ 0\.727, percent 0\.889, AC1 0\.814, positive agreement 0\.800; labeled only κ 0\.667, AC1 0\.676, positive agreement 0\.800\nMEDIUM: κ /);
    assert.doesNotMatch(fixtureRow(open(await demo('bookshop-easy-03'))).tooltip, /AC1/);
  });

  it('every demo row fits the default sidebar width: label and description within 20 characters, the state not spelled out', async () => {
    for (const f of (await loadCorpus(CORPUS)).fixtures.map((file) => file.read.fixture)) {
      for (const rater of ['sam', 'lee', 'dana']) {
        const row = fixtureRow(fixtureView(f, rater));
        assert.ok(`${row.label} ${row.description}`.length <= 20, `${row.label} ${row.description}`);
        assert.ok(row.tooltip.startsWith(`${f.id}: `), 'the tooltip names the fixture whole');
        assert.ok(!row.description.includes(row.state), row.description);
      }
    }
  });

  it('counts unsaved labels in the row and the status bar', async () => {
    const f = await demo('bookshop-easy-03');
    const row = fixtureRow(open(f), undefined, 3);
    assert.deepEqual([row.label, row.description], ['03', '0/15 · 3 unsaved']);
    assert.equal(fixtureRow(open(await demo('bookshop-medium-01')), undefined, 1).description, '4/15 · 1 unsaved', 'kappa gives way, in the tooltip');
    assert.match(row.tooltip, /^bookshop-easy-03: unlabeled\n3 unsaved labels: save the fixture/);
    assert.deepEqual(unsavedStatus(1, ['03-cart-badge.yaml']), { text: '$(circle-filled) 1 unsaved label', tooltip: '1 unsaved label in 03-cart-badge.yaml, not saved to disk: click to save (fixtureLab.saveAfterLabel saves after each label)' });
    assert.equal(unsavedStatus(0, []), undefined);
    // A file name is a repository's text: `$(` in it draws no icon in the tooltip (nor in the text, which holds no name).
    assert.ok(!unsavedStatus(2, ['$(bug)x.yaml'])!.tooltip.includes('$(bug)'));
  });

  it('a blind verifier\'s row says the review is blind and counts their own labels; no label of the labeler\'s in it', async () => {
    const f = await demo('bookshop-medium-02');
    const row = fixtureRow(fixtureView(f, 'lee'));
    assert.deepEqual([row.description, row.icon], ['2 yours', 'eye-closed']);
    assert.equal(row.tooltip, `bookshop-medium-02: in review, blind\n\n${f.task}\n\nYou are its verifier, so the labeler's labels, the ground truth and the agreement show once the review finishes; your labels: 2; labeler dana; verifier lee`);
    const asLabeler = fixtureRow(fixtureView(f, 'dana'));
    assert.deepEqual([asLabeler.description, asLabeler.icon], ['4/15', 'eye']);
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

  it('the settle picker shows both raters\' reasons side by side, and why the symbol is a candidate', async () => {
    const f = await demo('bookshop-medium-01');
    const open = disagreementsToSettle(f, undefined);
    assert.ok(Array.isArray(open));
    const [d] = open;
    const picker = settlePicker(d, f.labeler, f.verifier, 'caller: calls Push (line 12)');
    const mine = (rater: string) => f.labels[rater]?.find((l) => l.symbol === d.symbol);
    const side = (rater: string) => (mine(rater) ? `${rater}: ${mine(rater)!.confidence ?? 'HIGH'} “${mine(rater)!.reason}”` : `${rater}: not included`);
    assert.equal(picker.items[0].detail, `${side(f.labeler!)}   │   ${side(f.verifier!)}`);
    assert.ok(picker.items[0].detail.includes('“'), 'one of them included it, with a reason');
    assert.deepEqual(picker.items.map((i) => i.resolution), ['included', 'excluded']);
    assert.equal(picker.placeholder, 'Candidate: caller: calls Push (line 12)');
    // A reason is a fixture's text: no link, no icon forms in the quick input.
    const hostile = settlePicker({ ...d, labeler: 'HIGH', labelerLabel: { symbol: d.symbol, reason: '[x](command:evil) $(bug)' } }, 'dana', 'lee', '$(alert)');
    assert.ok(!hostile.items[0].detail.includes('](') && !hostile.items[0].detail.includes('$(') && !hostile.placeholder.includes('$('));
  });
});
