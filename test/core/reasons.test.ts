import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { Fixture, fixtureView, isShortReason, loadCorpus, mulberry32, reasonChoices, reasonKey } from '../../src/core';

const CORPUS = resolve(__dirname, '../../../corpus');

function fixture(id: string, reasons: string[], rater?: string): Fixture {
  const labels = reasons.map((reason, i) => ({ symbol: `pkg/m.S${i}`, confidence: 'HIGH' as const, reason }));
  return { id, candidates: [], ground_truth: rater ? [] : labels, labels: rater ? { [rater]: labels } : {}, disputes: [], tags: [] };
}

describe('the label picker\'s reasons', () => {
  it('offers the corpus\'s short reasons, most used first, then this fixture\'s own; no other task\'s long sentence', () => {
    const corpus = [
      fixture('a', ['Signature change', 'Caller of the changed function', 'Applies every discount; the 50% cap is enforced here']),
      fixture('b', ['signature  change', 'Caller of the changed function', 'Base amount']),
      fixture('c', ['Caller of the changed function', 'Reads the queue before the retry count is stored anywhere']),
    ];
    const current = fixture('d', ['Base amount', 'Draws the badge next to the cart total in the header', 'Draws the badge next to the cart total in the header ']);
    const { common, own } = reasonChoices([...corpus, current], current);
    assert.deepEqual(common, ['Caller of the changed function', 'Base amount', 'Signature change']);
    assert.deepEqual(own, ['Draws the badge next to the cart total in the header'], 'its own long reason once; Base amount is already offered');
    assert.ok(!common.includes('Reads the queue before the retry count is stored anywhere'));
  });

  it('on the demo corpus: as a blind verifier sees it, none of the labeler\'s reasons', async () => {
    const fixtures = (await loadCorpus(CORPUS)).fixtures.map((f) => f.read.fixture);
    const inReview = fixtures.find((f) => f.id === 'bookshop-medium-02')!;
    const asLee = fixtures.map((f) => fixtureView(f, 'lee').fixture);
    const { common, own } = reasonChoices(asLee, fixtureView(inReview, 'lee').fixture);
    const shown = [...common, ...own];
    for (const l of inReview.labels.dana ?? []) {
      if (!inReview.labels.lee?.some((m) => m.reason === l.reason)) assert.ok(!shown.includes(l.reason!), `${l.reason} is dana's`);
    }
    assert.deepEqual(own, (inReview.labels.lee ?? []).map((l) => l.reason).filter((r) => !common.includes(r!)));
  });

  it('property: over seeded random corpora, no reason twice (case and spacing aside), the list capped, common ones short and by use', () => {
    const random = mulberry32(1717);
    const words = ['calls', 'the', 'changed', 'cart', 'total', 'caller', 'type', 'Base', 'amount', 'reads', 'queue', 'retry', 'limit'];
    const reason = () => Array.from({ length: 1 + Math.floor(random() * 10) }, () => words[Math.floor(random() * words.length)]).join(random() < 0.2 ? '  ' : ' ');
    for (let round = 0; round < 200; round++) {
      const pool = Array.from({ length: 1 + Math.floor(random() * 20) }, reason);
      const some = () => Array.from({ length: Math.floor(random() * 8) }, () => pool[Math.floor(random() * pool.length)]);
      const corpus = Array.from({ length: Math.floor(random() * 6) }, (_, i) => fixture(`f${i}`, some(), random() < 0.3 ? 'lee' : undefined));
      const current = random() < 0.8 ? fixture('now', some()) : undefined;
      const limits = { common: Math.floor(random() * 9), total: 1 + Math.floor(random() * 15) };
      const { common, own } = reasonChoices([...corpus, ...(current ? [current] : [])], current, limits);
      const all = [...common, ...own];
      assert.equal(new Set(all.map(reasonKey)).size, all.length, `round ${round}: a reason twice`);
      assert.ok(all.length <= limits.total && common.length <= limits.common, `round ${round}: over the cap`);
      assert.ok(common.every(isShortReason), `round ${round}: a long common reason`);
      const uses = (r: string) => [...corpus, ...(current ? [current] : [])].flatMap((f) => [...f.ground_truth, ...Object.values(f.labels).flat()]).filter((l) => reasonKey(l.reason ?? '') === reasonKey(r)).length;
      for (let i = 1; i < common.length; i++) assert.ok(uses(common[i - 1]) >= uses(common[i]), `round ${round}: not by use`);
      const mine = new Set((current ? [...current.ground_truth] : []).map((l) => reasonKey(l.reason!)));
      assert.ok(own.every((r) => mine.has(reasonKey(r))), `round ${round}: an own reason from elsewhere`);
    }
  });
});
