// The labeling protocol's transitions (core/labeling/protocol.ts) and the derived ground truth
// (labeling/groundTruth.ts): the failures the issue found, each one a test, and the derivation
// rule as a property over seeded random reviews.
import * as assert from 'node:assert/strict';
import {
  agreementOf, Confidence, derivedGroundTruth, Dispute, effectiveConfidence, groundTruthMismatches, loadCorpus, mulberry32, readFixture, validateCorpus,
} from '../../src/core';
import { finishReview, labelAs, settleDispute, startReview, unlabelAs } from '../helpers/edits';
import { tempDir } from '../helpers/tempDir';

const NEW = `id: "demo-easy-01"
repo: demo
task: "Add a thing"
candidates:
  - a/b.C
  - a/b.D
  - a/b.E
ground_truth: []
`;

const fixture = (text: string) => {
  const read = readFixture(text, 'f.yaml');
  assert.deepEqual(read.problems.filter((p) => p.severity === 'error'), []);
  return read.fixture;
};
const truth = (text: string) => fixture(text).ground_truth.map((l) => `${l.symbol} ${effectiveConfidence(l)}`);
const labelsBlock = (text: string) => text.slice(text.indexOf('\nlabels:'), text.indexOf('\nagreement:'));

/** alice labels C (HIGH) and D (MEDIUM), bob reviews and labels C (HIGH) and E (MEDIUM), finished. */
function reviewed(): string {
  let text = labelAs(NEW, 'alice', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'Modified' });
  text = labelAs(text, 'alice', { symbol: 'a/b.D', confidence: 'MEDIUM', reason: 'Caller' });
  text = startReview(text, 'bob');
  text = labelAs(text, 'bob', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'Changed' });
  text = labelAs(text, 'bob', { symbol: 'a/b.E', confidence: 'MEDIUM', reason: 'A type it uses' });
  return finishReview(text).text;
}

describe('the labeling protocol', () => {
  it('records the first rater to label as labeler; their labels are the draft ground truth', () => {
    const text = labelAs(NEW, 'dana', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'Modified' });
    assert.equal(text, NEW.replace('ground_truth: []\n', 'ground_truth:\n  - symbol: "a/b.C"\n    confidence: HIGH\n    reason: "Modified"\nlabeler: "dana"\n'));
    // The labeler again: the draft grows, `labeler:` stays one line.
    const two = labelAs(text, 'dana', { symbol: 'a/b.D', confidence: 'MEDIUM', reason: 'r' });
    assert.deepEqual(truth(two), ['a/b.C HIGH', 'a/b.D MEDIUM']);
    assert.equal(two.match(/^labeler:/gm)?.length, 1);
    assert.equal(unlabelAs(two, 'dana', 'a/b.D'), text);
  });

  it('refuses another rater before a review starts, with the fix; no name at all is refused too', () => {
    const text = labelAs(NEW, 'dana', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'r' });
    assert.throws(() => labelAs(text, 'lee', { symbol: 'a/b.E', confidence: 'HIGH', reason: 'r' }),
      /^FixtureLabError: lee is not the labeler of this fixture \(dana, 1 label\): to check them blind, start a review as its verifier first/);
    assert.throws(() => unlabelAs(text, 'lee', 'a/b.C'), /lee is not the labeler/);
    assert.throws(() => labelAs(NEW, undefined, { symbol: 'a/b.C', confidence: 'HIGH', reason: 'r' }), /who is labeling\? set your rater name/);
  });

  it('a review freezes the labeler\'s list, takes the verifier\'s blind, and closes both at finish', () => {
    let text = labelAs(NEW, 'alice', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'Modified' });
    assert.throws(() => startReview(text, 'alice'), /alice labeled demo-easy-01; the verifier must be someone else/);
    assert.throws(() => startReview(NEW, 'bob'), /records no labeler/);
    text = startReview(text, 'bob');
    assert.match(text, /labeler: "alice"\nverifier: "bob"\nlabels:\n  alice:\n    - symbol: "a\/b\.C"\n      confidence: HIGH\n      reason: "Modified"\n  bob: \[\]\n$/);
    assert.throws(() => startReview(text, 'bob'), /has started already/);
    assert.throws(() => startReview(text, 'carol'), /the verifier of demo-easy-01 is bob, not carol/);
    assert.throws(() => labelAs(text, 'alice', { symbol: 'a/b.D', confidence: 'HIGH', reason: 'r' }), /alice's list is frozen/);
    assert.throws(() => settleDispute(text, { symbol: 'a/b.C', resolution: 'excluded', rationale: 'r' }), /the review is under way: finish it first/);
    text = labelAs(text, 'bob', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'r' });
    assert.deepEqual(fixture(text).labels.bob.map((l) => l.symbol), ['a/b.C']);
    const { text: done, agreement } = finishReview(text);
    assert.equal(agreement.kappa, 1);
    assert.match(done, /agreement: 1\n$/);
    assert.throws(() => finishReview(done), /is finished already \(agreement: 1\): settle/);
    assert.throws(() => labelAs(done, 'bob', { symbol: 'a/b.D', confidence: 'HIGH', reason: 'r' }), /review is finished: settle/);
  });

  it('finish derives ground_truth from both lists; settling never empties it or touches the raters\' lists, and kappa stays', () => {
    const text = reviewed();
    // Both included only C: that is the ground truth until the disagreements are settled.
    assert.deepEqual(truth(text), ['a/b.C HIGH']);
    const kappa = agreementOf(fixture(text)).kappa;
    const excluded = settleDispute(text, { symbol: 'a/b.D', resolution: 'excluded', rationale: 'Known from the task' });
    assert.deepEqual(truth(excluded), ['a/b.C HIGH'], 'an exclusion keeps the agreed symbols');
    const included = settleDispute(excluded, { symbol: 'a/b.E', resolution: 'included', rationale: 'Needed' });
    assert.deepEqual(fixture(included).ground_truth.at(-1), { symbol: 'a/b.E', confidence: 'MEDIUM', reason: 'A type it uses' }, "the including rater's label");
    for (const t of [excluded, included]) {
      assert.equal(labelsBlock(t), labelsBlock(text), 'disputes never touch labels');
      assert.equal(agreementOf(fixture(t)).kappa, kappa, 'kappa never changes after finish');
    }
    // A ruling's confidence settles a symbol both included.
    const lowered = settleDispute(included, { symbol: 'a/b.C', resolution: 'included', confidence: 'MEDIUM', rationale: 'Helpful only' });
    assert.deepEqual(fixture(lowered).ground_truth[0], { symbol: 'a/b.C', confidence: 'MEDIUM', reason: 'Modified' });
  });

  it('repairs a ground truth an older tool emptied: settling derives it again from the lists', () => {
    // As `label add --rater alice` and `dispute add` used to leave it: both lists, an empty ground truth.
    const emptied = reviewed().replace(/ground_truth:\n(  .*\n)+/, 'ground_truth: []\n');
    assert.deepEqual(truth(emptied), []);
    const settled = settleDispute(emptied, { symbol: 'a/b.D', resolution: 'excluded', rationale: 'r' });
    assert.deepEqual(truth(settled), ['a/b.C HIGH']);
  });

  it('a ruling on a symbol nobody judged must say so (unjudged) and give its confidence', () => {
    const text = reviewed();
    const ruling: Dispute = { symbol: 'a/z.Missed', resolution: 'included', rationale: 'Both missed it' };
    assert.throws(() => settleDispute(text, ruling), /`a\/z\.Missed` is in no rater's list and not in candidates: nobody judged it/);
    assert.throws(() => settleDispute(text, { ...ruling, unjudged: true }), /no rater included `a\/z\.Missed`: the ruling gives its confidence/);
    assert.throws(() => settleDispute(text, { symbol: 'a/b.E', resolution: 'excluded', rationale: 'r', unjudged: true }), /was judged/);
    const added = settleDispute(text, { ...ruling, unjudged: true, confidence: 'MEDIUM' });
    assert.match(added, /  - symbol: "a\/z\.Missed"\n    resolution: included\n    confidence: MEDIUM\n    rationale: "Both missed it"\n    unjudged: true\n    sided_with: "neither"\n$/);
    assert.deepEqual(fixture(added).ground_truth.at(-1), { symbol: 'a/z.Missed', confidence: 'MEDIUM', reason: 'Both missed it' });
    // A candidate nobody included is judged (left out by both), but still needs a confidence.
    assert.throws(() => settleDispute(text, { symbol: 'a/b.D', resolution: 'included', rationale: 'r', unjudged: true }), /was judged/);
  });

  it('in the seed\'s forms (no labels) a ruling edits ground_truth in place, converting a plain list', () => {
    const seed = 'id: k\nrepo: demo\ntask: t\nground_truth:\n- pkg/a.F\n- pkg/a.G   # kept\nlabeler: "developer-A"\nverifier: "developer-B"\nagreement: 0.85\n';
    const out = settleDispute(seed, { symbol: 'pkg/a.F', resolution: 'excluded', rationale: 'Known' });
    assert.equal(out, 'id: k\nrepo: demo\ntask: t\nground_truth:\n- symbol: pkg/a.G   # kept\n  confidence: HIGH\nlabeler: "developer-A"\nverifier: "developer-B"\nagreement: 0.85\ndisputes:\n  - symbol: "pkg/a.F"\n    resolution: excluded\n    rationale: "Known"\n');
    const added = settleDispute(out, { symbol: 'pkg/b.H', resolution: 'included', confidence: 'HIGH', rationale: 'Missed', unjudged: true });
    assert.deepEqual(truth(added), ['pkg/a.G HIGH', 'pkg/b.H HIGH']);
    // Settling never empties it: the last symbol cannot be ruled out.
    assert.throws(() => settleDispute(out, { symbol: 'pkg/a.G', resolution: 'excluded', rationale: 'r' }), /excluding `pkg\/a\.G` would leave ground_truth empty/);
    assert.throws(() => settleDispute(reviewed(), { symbol: 'a/b.C', resolution: 'excluded', rationale: 'r' }), /would leave ground_truth empty/);
  });

  it('property: after any review and any rulings, ground_truth is exactly the rule, kappa and the lists never move, and validate agrees', async function () {
    this.timeout(60_000);
    const random = mulberry32(1307);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const pool = Array.from({ length: 8 }, (_, i) => `p/m.S${i}`);
    const confidences: Confidence[] = ['HIGH', 'MEDIUM'];
    for (let round = 0; round < 40; round++) {
      const mine = new Map<string, Confidence>();
      const theirs = new Map<string, Confidence>();
      for (const s of pool) {
        if (random() < 0.45) mine.set(s, pick(confidences));
        if (random() < 0.45) theirs.set(s, pick(confidences));
      }
      if (mine.size === 0) mine.set(pool[0], 'HIGH');
      const candidates = pool.filter(() => random() < 0.5);
      let text = `id: "t-${round}"\nrepo: demo\ntask: t\ncandidates: [${candidates.join(', ')}]\nground_truth: []\n`;
      for (const [s, c] of mine) text = labelAs(text, 'ann', { symbol: s, confidence: c, reason: `ann ${s}` });
      text = startReview(text, 'ben');
      for (const [s, c] of theirs) text = labelAs(text, 'ben', { symbol: s, confidence: c, reason: `ben ${s}` });
      const finished = finishReview(text);
      text = finished.text;
      const frozen = labelsBlock(text);
      const rulings = new Map<string, Dispute>();
      for (let k = 0; k < 5; k++) {
        const symbol = random() < 0.2 ? `p/x.New${k}` : pick(pool);
        const judged = mine.has(symbol) || theirs.has(symbol) || candidates.includes(symbol);
        const resolution = random() < 0.5 ? 'included' : 'excluded';
        const needs = resolution === 'included' && !mine.has(symbol) && !theirs.has(symbol);
        const ruling: Dispute = {
          symbol, resolution, rationale: `ruling ${k}`,
          ...(resolution === 'included' && (needs || random() < 0.3) ? { confidence: pick(confidences) } : {}),
          ...(judged ? {} : { unjudged: true }),
        };
        const next = new Map(rulings).set(symbol, ruling);
        // The rule, computed here from the raw lists.
        const expected = [...new Set([...pool, ...next.keys()])].flatMap((s) => {
          const r = next.get(s);
          const both = mine.has(s) && theirs.has(s);
          if (r?.resolution === 'excluded' || (!both && r?.resolution !== 'included')) return [];
          return [`${s} ${r?.confidence ?? mine.get(s) ?? theirs.get(s)}`];
        });
        if (expected.length === 0 && truth(text).length > 0) {
          assert.throws(() => settleDispute(text, ruling), /would leave ground_truth empty/);
          continue;
        }
        text = settleDispute(text, ruling);
        rulings.set(symbol, ruling);
        assert.deepEqual(truth(text).sort(), expected.sort(), `round ${round}, ruling ${k}`);
        assert.equal(labelsBlock(text), frozen);
        assert.equal(agreementOf(fixture(text)).kappa, finished.agreement.kappa);
        assert.deepEqual(groundTruthMismatches(fixture(text)), []);
        assert.deepEqual(truth(text).sort(), derivedGroundTruth(fixture(text)).map((l) => `${l.symbol} ${effectiveConfidence(l)}`).sort());
      }
      if (round % 10 === 0) {
        const dir = tempDir({ 'repos.yaml': 'repos:\n  - name: demo\n    url: u\n    commit: "0123456"\n    language: python\n', 'tasks/demo/easy/01-t.yaml': text });
        const errors = validateCorpus(await loadCorpus(dir, dir)).filter((p) => p.severity === 'error' && p.code !== 'empty-ground-truth');
        assert.deepEqual(errors, []);
      }
    }
  });
});
