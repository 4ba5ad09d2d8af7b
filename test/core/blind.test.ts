// Blind review in the core: what a rater may see of a fixture (fixtureView, the one decision every
// surface asks), and blind drafts (the labeler's draft kept out of the file from the review's
// start to its finish, in .fixture-lab/blind/ beside the corpus) with real files and real git.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  Fixture, fixtureView, hideDraft, isDraftAside, keepDraft, keptDraft, keptDraftPath, labelingReport, loadCorpus, mulberry32, readFixture, restoreDraft, validateCorpus, withheldText,
} from '../../src/core';
import { finishReview, labelAs, startReview } from '../helpers/edits';
import { TestRepo } from '../helpers/gitRepo';

const CORPUS = resolve(__dirname, '../../../corpus');
const IN_REVIEW = 'tasks/bookshop/medium/02-drop-legacy-coupons.yaml';

const demoText = (path: string) => readFileSync(join(CORPUS, path), 'utf8');
const fixtureOf = (text: string): Fixture => readFixture(text, 'f.yaml').fixture;

/** Every string a fixture holds of the labeler's that the verifier's own list and the candidates do not. */
function labelersOwn(f: Fixture): string[] {
  const mine = new Set([...f.candidates, ...(f.labels[f.verifier!] ?? []).flatMap((l) => [l.symbol, l.reason ?? ''])]);
  const theirs = [...f.ground_truth, ...(f.labels[f.labeler!] ?? [])].flatMap((l) => [l.symbol, l.reason ?? '']);
  return [...new Set(theirs.filter((s) => s && !mine.has(s)))];
}

describe('blind review: what a rater may see of a fixture', () => {
  it('the verifier of a review under way sees the task, the candidates and their own list; nothing of the labeler\'s', () => {
    const f = fixtureOf(demoText(IN_REVIEW));
    const view = fixtureView(f, 'lee');
    assert.equal(view.blind, true);
    assert.equal(view.state, 'in review');
    assert.deepEqual(view.labels.map((l) => l.symbol), ['shop/checkout.checkout', 'shop/coupons.redeem_coupon']);
    assert.deepEqual(view.fixture.ground_truth, []);
    assert.deepEqual(Object.keys(view.fixture.labels), ['lee']);
    assert.deepEqual([view.fixture.agreement, view.fixture.disputes], [undefined, []]);
    assert.equal(view.fixture.task, f.task);
    assert.deepEqual(view.fixture.candidates, f.candidates);
    const shown = JSON.stringify(view.fixture);
    const hidden = labelersOwn(f);
    assert.ok(hidden.length >= 4, 'the demo fixture has labels of dana\'s that lee has not');
    for (const s of hidden) assert.ok(!shown.includes(s), `${s} is hidden`);
    // The labeler, and anyone else, see the file as it is.
    for (const rater of ['dana', 'sam', undefined]) {
      const other = fixtureView(f, rater);
      assert.equal(other.blind, false, String(rater));
      assert.equal(other.fixture, f);
      assert.equal(other.labels, f.ground_truth);
    }
  });

  it('blind from the moment a verifier is named until the review finishes; not after', () => {
    let text = labelAs(demoText('tasks/bookshop/easy/03-cart-badge.yaml'), 'dana', { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: 'Draws the badge' });
    // Named by hand before the review starts: blind already, the state still `labeled`.
    const named = fixtureView(fixtureOf(text.replace('labeler: "dana"\n', 'labeler: "dana"\nverifier: "lee"\n')), 'lee');
    assert.deepEqual([named.blind, named.state, named.labels, named.fixture.ground_truth], [true, 'labeled', [], []]);
    text = startReview(text, 'lee');
    text = labelAs(text, 'lee', { symbol: 'web/src/api.CartDto', confidence: 'MEDIUM', reason: 'Counted' });
    assert.equal(fixtureView(fixtureOf(text), 'lee').blind, true);
    const done = fixtureView(fixtureOf(finishReview(text).text), 'lee');
    assert.deepEqual([done.blind, done.state], [false, 'disagreements']);
    assert.equal(typeof done.fixture.agreement, 'number');
  });

  it('property: over seeded random reviews, the blind view holds no symbol or reason only the labeler gave', () => {
    const random = mulberry32(4242);
    const names = Array.from({ length: 12 }, (_, i) => `pkg/m${i % 3}.S${i}`);
    for (let round = 0; round < 100; round++) {
      const pickSome = () => names.filter(() => random() < 0.35);
      let text = `id: "p-${round}"\nrepo: demo\ntask: "t"\ncandidates:\n${names.slice(0, 6).map((n) => `  - "${n}"\n`).join('')}ground_truth: []\n`;
      const labeler = pickSome();
      if (labeler.length === 0) continue;
      for (const s of labeler) text = labelAs(text, 'ann', { symbol: s, confidence: random() < 0.5 ? 'HIGH' : 'MEDIUM', reason: `ann's reason for ${s}` });
      text = startReview(text, 'bo');
      for (const s of pickSome()) text = labelAs(text, 'bo', { symbol: s, confidence: 'MEDIUM', reason: `bo on ${s}` });
      const f = fixtureOf(text);
      const view = fixtureView(f, 'bo');
      assert.equal(view.blind, true);
      const shown = JSON.stringify(view);
      for (const s of labelersOwn(f)) assert.ok(!shown.includes(`"${s}"`), `round ${round}: ${s}`);
      assert.ok(!shown.includes("ann's reason"), `round ${round}`);
    }
  });

  it('withholds every name, reason and rationale only the labeler gave: a message quoting one is not shown to the blind verifier', () => {
    const f = fixtureOf(demoText(IN_REVIEW));
    const withheld = withheldText(f, 'lee');
    assert.deepEqual(new Set(withheld), new Set(labelersOwn(f)));
    assert.ok(withheld.includes('Receives the percent checkout passes on') && withheld.includes('The lookup being removed'));
    // What lee sees anyway (a candidate, their own labels) is not withheld; nothing is, from the labeler.
    assert.ok(!withheld.includes('shop/checkout.checkout') && !withheld.includes('Signature change'));
    assert.deepEqual(withheldText(f, 'dana'), []);
  });

  it('the labeling report a blind verifier writes shows nothing of the review under way', async () => {
    const corpus = await loadCorpus(CORPUS);
    const asLee = labelingReport(corpus, { rater: 'lee' });
    const asDana = labelingReport(corpus, { rater: 'dana' });
    const row = (md: string) => md.split('\n').find((l) => l.startsWith('| bookshop-medium-02 |'))!;
    // dana sees the review is under way (no kappa before it finishes); lee sees it is under way, blind.
    assert.equal(row(asDana), '| bookshop-medium-02 | dana | lee | review in progress |  |  |  |  |  |  |');
    assert.equal(row(asLee), '| bookshop-medium-02 | dana | lee | blind review |  |  |  |  |  |  |');
    assert.ok(!/### bookshop-medium-02/.test(asLee), 'no open disagreements listed');
    // Fixtures lee does not review blind read as they do for anyone.
    const others = (md: string) => md.split('\n').filter((l) => l.startsWith('| bookshop-') && !l.startsWith('| bookshop-medium-02 |'));
    assert.deepEqual(others(asLee), others(asDana));
  });
});

describe('blind drafts: the labeler\'s draft kept out of the file during the review', () => {
  it('hiding and restoring is byte for byte, flow lists and comments included', () => {
    const commented = demoText(IN_REVIEW).replace('labels:\n', 'labels:\n  # dana labeled first.\n\n');
    for (const text of [demoText(IN_REVIEW), commented, startReview(labelAs(demoText('tasks/bookshop/easy/03-cart-badge.yaml'), 'dana', { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: 'Draws the badge for the count' }), 'lee')]) {
      const { text: hidden, draft } = hideDraft(text);
      const f = fixtureOf(hidden);
      assert.deepEqual(f.ground_truth, []);
      assert.deepEqual(Object.keys(f.labels), ['lee']);
      assert.equal(isDraftAside(f), true);
      for (const s of labelersOwn(fixtureOf(text))) assert.ok(!hidden.includes(s), s);
      assert.equal(restoreDraft(hidden, draft), text);
    }
    // The verifier's labels in between survive the round trip.
    const { text: hidden, draft } = hideDraft(demoText(IN_REVIEW));
    const labeled = labelAs(hidden, 'lee', { symbol: 'shop/cart.Cart.total', confidence: 'MEDIUM', reason: 'x' });
    assert.equal(restoreDraft(labeled, draft), labelAs(demoText(IN_REVIEW), 'lee', { symbol: 'shop/cart.Cart.total', confidence: 'MEDIUM', reason: 'x' }));
  });

  it('finish refuses a review whose draft is aside, rather than freeze an empty list as the labeler\'s', () => {
    const { text } = hideDraft(demoText(IN_REVIEW));
    assert.throws(() => finishReview(text), /^FixtureLabError: dana's draft of bookshop-medium-02 is kept out of the file \(blind drafts\), and not in this corpus's \.fixture-lab\/blind\/: finish the review where the review was started$/);
  });

  it('keeps the draft in .fixture-lab/blind/ beside the corpus, ignored by git, and the hidden fixture validates', async () => {
    const repo = new TestRepo();
    repo.commit('corpus', {
      'corpus/repos.yaml': 'repos:\n  - name: bookshop\n    url: https://example.com/bookshop.git\n    commit: "c78c1e562d5bf08a8919fd9090427e1a10bcc309"\n',
      [`corpus/${IN_REVIEW}`]: demoText(IN_REVIEW),
    });
    const path = join(repo.dir, 'corpus', IN_REVIEW);
    const { text: hidden, draft } = hideDraft(readFileSync(path, 'utf8'));
    const kept = await keepDraft(path, draft);
    writeFileSync(path, hidden);
    assert.equal(kept, join(repo.dir, 'corpus/.fixture-lab/blind', `${IN_REVIEW}.json`));
    assert.equal(keptDraftPath(path).file, kept);
    assert.equal(readFileSync(join(repo.dir, 'corpus/.fixture-lab/blind/.gitignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).join(), '*');
    // git sees the fixture change, never the kept draft.
    assert.equal(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo.dir, encoding: 'utf8' }), ` M corpus/${IN_REVIEW}\n`);
    assert.deepEqual(await keptDraft(path), { format: 1, fixture: IN_REVIEW, ...draft });

    // The file as the verifier's side sees it validates without an error.
    const corpus = await loadCorpus(join(repo.dir, 'corpus'));
    assert.deepEqual(validateCorpus(corpus).filter((p) => p.severity === 'error'), []);

    // Finish where the draft is: it comes back, then kappa and ground truth as without blind drafts.
    const restored = restoreDraft(readFileSync(path, 'utf8'), (await keptDraft(path))!);
    assert.equal(finishReview(restored).text, finishReview(demoText(IN_REVIEW)).text);
    // A draft that is not there (another machine, a renamed fixture): nothing to restore, finish refuses.
    renameSync(kept, `${kept}.moved`);
    assert.equal(await keptDraft(path), undefined);
    assert.ok(!existsSync(kept));
  });
});
