import * as assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  changedSymbols, clickTarget, disagreementsToSettle, finishRefusal, Fixture, settleRefusal, startRefusal, ReferenceGraph, Repository, guardrailsFor,
  isBlind, isTestSymbol, loadCorpus, newFixtureText, nextFixture, readFixture, reasonsUsed,
  mulberry32, parseChangeSpec, roleOf, summarizeFixture, validateCorpus, visibleLabels,
} from '../../src/core';
import { buildDemoOnce } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const CORPUS = resolve(__dirname, '../../../corpus');

async function demo(): Promise<Map<string, Fixture>> {
  const corpus = await loadCorpus(CORPUS);
  return new Map(corpus.fixtures.map((f) => [f.read.fixture.id!, f.read.fixture]));
}

describe('workbench: fixture states and raters', () => {
  it('names each demo fixture\'s state as the Fixtures tree shows it', async () => {
    const fixtures = await demo();
    const states = Object.fromEntries([...fixtures].map(([id, f]) => [id, summarizeFixture(f, { module: 'example.com/bookshop' }).state]));
    assert.deepEqual(states, {
      'bookshop-easy-01': 'adjudicated',
      'bookshop-easy-02': 'labeled',
      'bookshop-easy-03': 'unlabeled',
      'bookshop-hard-01': 'labeled',
      'bookshop-hard-02': 'unlabeled',
      'bookshop-hard-03': 'adjudicated',
      'bookshop-medium-01': 'disagreements',
      'bookshop-medium-02': 'in review',
      'bookshop-medium-03': 'adjudicated',
      'bookshop-medium-04': 'labeled',
    });
    const s = summarizeFixture(fixtures.get('bookshop-medium-01')!);
    assert.deepEqual([s.groundTruth, s.cap, s.kappa, s.open], [4, 15, 0.633, 3]);
  });

  it('sends the labeler\'s clicks to ground_truth until a review starts, the verifier\'s to their own list, blind', async () => {
    const fixtures = await demo();
    const labeled = fixtures.get('bookshop-easy-02')!;
    assert.deepEqual(clickTarget(labeled, 'dana'), {});
    // Another rater before a review: refused, with the fix (start a review as its verifier).
    assert.match((clickTarget(labeled, 'lee') as { refused: string }).refused, /^lee is not the labeler of this fixture \(dana, \d+ labels?\).*fixture-lab review start FIXTURE --verifier lee/);
    assert.match((clickTarget(labeled, undefined) as { refused: string }).refused, /who is labeling\? set your rater name: the fixtureLab\.raterName setting/);
    const inReview = fixtures.get('bookshop-medium-02')!;
    assert.equal(roleOf(inReview, 'lee'), 'verifier');
    assert.deepEqual(clickTarget(inReview, 'lee'), { rater: 'lee' });
    assert.match((clickTarget(inReview, 'dana') as { refused: string }).refused, /the review has started, so dana's list is frozen/);
    assert.equal(isBlind(inReview, 'lee'), true);
    assert.deepEqual(visibleLabels(inReview, 'lee').map((l) => l.symbol), ['shop/checkout.checkout', 'shop/coupons.redeem_coupon']);
    assert.equal(visibleLabels(inReview, 'dana').length, 4);
    const finished = fixtures.get('bookshop-medium-01')!;
    assert.equal(isBlind(finished, 'lee'), false);
    assert.match((clickTarget(finished, 'lee') as { refused: string }).refused, /review is finished: settle/);
    // Nobody has labeled an unlabeled fixture yet: whoever clicks first is its labeler.
    assert.deepEqual(clickTarget(fixtures.get('bookshop-easy-03')!, 'sam'), {});
  });
});

describe('workbench: the review\'s preconditions, one place for the CLI and the editor', () => {
  it('says why a review cannot start, finish or settle here, with a code, and nothing when it can', async () => {
    const fixtures = await demo();
    const labeled = fixtures.get('bookshop-easy-02')!;
    const inReview = fixtures.get('bookshop-medium-02')!;
    const finished = fixtures.get('bookshop-medium-01')!;
    const code = (r: { code: string; refused: string } | undefined) => r && `${r.code}: ${r.refused}`;
    assert.equal(startRefusal(labeled, 'lee'), undefined);
    assert.match(code(startRefusal(labeled, undefined))!, /^no-rater: who is reviewing\? set your rater name/);
    assert.match(code(startRefusal(labeled, 'dana'))!, /^wrong-rater: dana labeled bookshop-easy-02; the verifier must be someone else/);
    assert.match(code(startRefusal(inReview, 'lee'))!, /^review-state: the review of bookshop-medium-02 has started already/);
    assert.match(code(startRefusal(fixtures.get('bookshop-easy-03')!, 'lee'))!, /^no-labeler: /);
    assert.match(code(finishRefusal(labeled))!, /^review-state: no review has started/);
    assert.equal(finishRefusal(inReview), undefined);
    assert.match(code(finishRefusal(finished))!, /^review-state: the review of bookshop-medium-01 is finished already/);
    const ruling = { symbol: 'shop/nowhere.Nothing', resolution: 'included' as const, rationale: 'r' };
    assert.match(code(settleRefusal(inReview, ruling))!, /^review-state: the review is under way: finish it first/);
    assert.match(code(settleRefusal(finished, ruling))!, /^ruling: `shop\/nowhere\.Nothing` is in no rater's list/);
    assert.match(code(settleRefusal(finished, { ...ruling, unjudged: true }))!, /^ruling: no rater included/);
    assert.equal(settleRefusal(finished, { ...ruling, unjudged: true, confidence: 'MEDIUM' }), undefined);
    // The editor's Settle Disagreements: the open ones of a finished review, or the one named.
    const options = { module: 'example.com/bookshop' };
    assert.match(code(disagreementsToSettle(inReview, undefined, options) as { code: string; refused: string })!, /^review-state: finish the review first/);
    const open = disagreementsToSettle(finished, undefined, options);
    assert.ok(Array.isArray(open) && open.length === 3);
    assert.deepEqual(disagreementsToSettle(finished, open[1].symbol, options), [open[1]]);
    assert.match(code(disagreementsToSettle(finished, 'shop/nowhere.Nothing', options) as { code: string; refused: string })!, /^not-in-list: `shop\/nowhere\.Nothing` is not an open disagreement of bookshop-medium-01/);
  });
});

describe('workbench: guardrails, reasons, new fixtures', () => {
  it('warns about the cap, test-only symbols and far symbols, without refusing', async () => {
    const f = (await demo()).get('bookshop-medium-01')!;
    assert.deepEqual(guardrailsFor(f, 'worker/queue/queue.New', 15).map((g) => g.code), ['cap']);
    assert.deepEqual(guardrailsFor(f, 'worker/queue/queue_test.TestRetry', 3).map((g) => g.code), ['test-only']);
    assert.deepEqual(guardrailsFor({ ...f, task: 'Fix the flaky tests of the queue' }, 'worker/queue/queue_test.TestRetry', 3), []);
    assert.deepEqual(guardrailsFor(f, 'worker/main.main', 3, 3).map((g) => g.code), ['far']);
    assert.deepEqual(guardrailsFor(f, 'worker/queue/queue.Queue.Retry', 15), [], 'an entry already in the list does not grow it');
    for (const s of ['web/src/cart.test.CartView', 'tests/unit/pricing.test_total', 'pkg/api/types_test.TestPod', 'src/test/java/com/x/ShopTest.ShopTest.add', 'spec/cart_spec.Cart']) assert.ok(isTestSymbol(s), s);
    for (const s of ['shop/pricing.apply_discount', 'web/src/testing.render', 'latest/x.y']) assert.ok(!isTestSymbol(s), s);
  });

  it('measures how far a symbol is from the changed code, in reference hops', async () => {
    buildDemoOnce();
    const repo = await Repository.open(join(CORPUS, '.repos/bookshop'));
    try {
      const base = await repo.resolve('02-queue-retry-limit~1');
      const graph = (await ReferenceGraph.build(repo, base))!;
      const changed = (await changedSymbols(repo, base, '02-queue-retry-limit')).symbols.filter((c) => c.change !== 'added').map((c) => c.symbol);
      assert.equal(graph.hopsFrom(changed, 'worker/queue/queue.Queue.Retry'), 0);
      assert.equal(graph.hopsFrom(changed, 'worker/queue/queue.Queue.Pop'), 1, 'drain calls Pop');
      assert.equal(graph.hopsFrom(changed, 'worker/jobs/email.Render'), 2, 'drain -> EmailJob.Run -> Render');
      assert.equal(graph.hopsFrom(changed, 'shop/pricing.apply_discount'), undefined, 'unrelated code is out of reach');
    } finally {
      repo.close();
    }
  });

  it('offers the reasons already used, most used first', async () => {
    const reasons = reasonsUsed((await demo()).values());
    const twice = reasons.indexOf('Applies every discount; the 50% cap is enforced here'); // ground truth and dana's list
    const once = reasons.indexOf('Base amount'); // lee's list only
    assert.ok(twice >= 0 && once > twice, `${twice} before ${once}`);
  });

  it('writes a new fixture from a change that validates, numbered after the last in its tier', async () => {
    const dir = tempDir({ 'repos.yaml': 'repos:\n  - {name: bookshop, commit: "1111111111111111111111111111111111111111", language: python}\n', 'tasks/bookshop/easy/07-old.yaml': 'id: x\n' });
    const { path, id } = nextFixture(join(dir, 'tasks'), 'bookshop', 'easy', 'Add a bulk discount!');
    assert.equal(path, join(dir, 'tasks/bookshop/easy/08-add-a-bulk-discount.yaml'));
    assert.equal(id, 'bookshop-easy-08');
    const text = newFixtureText('bookshop-easy-08', { repo: 'bookshop', tier: 'easy', task: 'Add a bulk discount', base: '0123456789012345678901234567890123456789', head: 'abc', candidates: ['shop/pricing.apply_discount'], labeler: 'dana' });
    const read = readFixture(text, 'x.yaml');
    assert.deepEqual(read.problems, []);
    assert.equal(read.fixture.diff?.base, '0123456789012345678901234567890123456789');
    assert.deepEqual(read.fixture.ground_truth, []);
    writeFileSync(path, text);
    rmSync(join(dir, 'tasks/bookshop/easy/07-old.yaml'));
    const problems = validateCorpus(await loadCorpus(dir, dir)).filter((p) => p.severity === 'error');
    assert.deepEqual(problems, []);
    assert.deepEqual(readdirSync(join(dir, 'tasks/bookshop/easy')), ['08-add-a-bulk-discount.yaml']);
  });
});

describe('a change as typed (New Fixture from a Change)', () => {
  it('`BASE..HEAD` is two revisions, `#N` a pull request, anything else a merge commit whose first parent is the base (seeded)', () => {
    assert.deepEqual(parseChangeSpec('main~1..main'), { base: 'main~1', head: 'main' });
    assert.deepEqual(parseChangeSpec(' v1.2 .. v1.3 '), { base: 'v1.2', head: 'v1.3' });
    assert.deepEqual(parseChangeSpec(' #123 '), { pr: 123 });
    assert.deepEqual(parseChangeSpec('a1b2c3d'), { base: 'a1b2c3d^1', head: 'a1b2c3d' });
    assert.deepEqual(parseChangeSpec('#12a'), { base: '#12a^1', head: '#12a' }, 'not a PR number: a revision');
    const random = mulberry32(9);
    const word = () => Array.from({ length: 1 + Math.floor(random() * 8) }, () => 'abcdef0123~^/_-'[Math.floor(random() * 15)]).join('');
    for (let n = 0; n < 300; n++) {
      const [base, head] = [word(), word()];
      assert.deepEqual(parseChangeSpec(`${base}..${head}`), { base, head });
      assert.deepEqual(parseChangeSpec(head), { base: `${head}^1`, head });
      assert.deepEqual(parseChangeSpec(`#${n}`), { pr: n });
    }
  });
});
