// Agreement beyond one kappa (core/agreement/figures.ts) against textbook values, the padding rule
// as a property over seeded random tasks, and `sided_with` (agreement/raters.ts) as settling writes it.
import * as assert from 'node:assert/strict';
import {
  addTables, agreementOf, binaryFigures, bootstrapFigures, cohenOfTable, cohensKappa, Dispute, emptyTable, figuresOf, gwetAC1, isKappaParadox, labeledOnlyFigures, loadCorpus, mulberry32, pabak, paradoxNote, RatingTable, readFixture, sidedWith, tableOf, validateCorpus, weightedKappa,
} from '../../src/core';
import { finishReview, labelAs, settleDispute, startReview } from '../helpers/edits';
import { tempDir } from '../helpers/tempDir';

const close = (actual: number | null, expected: number, digits = 9, what = '') => {
  assert.ok(actual !== null && Math.abs(actual - expected) < 10 ** -digits, `${what} ${actual} != ${expected}`);
};

/** A 2x2 table (index 0 no, 1 yes) from both yes, first only, second only, both no. */
const binary = (yy: number, yn: number, ny: number, nn: number) => [[nn, ny], [yn, yy]];

/** A 3x3 rating table from paired ratings on the scale 0 (not included), 1 MEDIUM, 2 HIGH. */
function scaled(a: number[], b: number[]): RatingTable {
  const t = emptyTable();
  a.forEach((x, i) => t[x][b[i]]++);
  return t;
}

describe('agreement figures: textbook values', () => {
  it("Gwet's AC1 on Gwet (2008)'s kappa-paradox table: 125 subjects, 118 both +, 5 and 2 split, none both −", () => {
    // Gwet 2008 (Br J Math Stat Psychol 61:29-48), after Feinstein & Cicchetti (1990): po = 0.944,
    // kappa = -0.0234, AC1 = 0.9408. pi+ = (123 + 120) / 250 = 0.972, pe = 2(0.972)(0.028).
    const t = binary(118, 5, 2, 0);
    const f = binaryFigures(t);
    close(f.percent, 0.944);
    close(f.kappa, -0.0234, 4);
    close(f.ac1, 0.9408, 4);
    close(f.ac1, (0.944 - 2 * 0.972 * 0.028) / (1 - 2 * 0.972 * 0.028));
    // scikit-learn 1.2.1's cohen_kappa_score on the same 125 pairs: -0.023391812865497075.
    close(f.kappa, -0.023391812865497075, 12);
    assert.equal(isKappaParadox(f), true);
  });

  it('AC1 over q categories: pe = Σ πk(1 − πk) / (q − 1)', () => {
    // Wikipedia's kappa example 20/5/10/15: po 0.7, pi+ = (25 + 30) / 100 = 0.55, pe = 0.495.
    close(gwetAC1(binary(20, 5, 10, 15)), (0.7 - 0.495) / 0.505);
    // Three categories, every rating a different one for the two raters: po 0, pi = 1/3 each, pe = (3 · 2/9) / 2 = 1/3.
    close(gwetAC1([[0, 1, 0], [0, 0, 1], [1, 0, 0]]), -0.5);
    assert.equal(gwetAC1([[0, 0], [0, 0]]), null);
  });

  it('PABAK by formula: 2·po − 1 for two categories, (q·po − 1) / (q − 1) beyond', () => {
    for (const t of [binary(20, 5, 10, 15), binary(118, 5, 2, 0), binary(0, 3, 4, 0), binary(7, 0, 0, 3)]) {
      const f = binaryFigures(t);
      close(f.pabak, 2 * f.percent! - 1);
    }
    close(binaryFigures(binary(0, 3, 4, 0)).pabak, -1);
    close(pabak(0.6, 3), 0.4);
  });

  it("specific agreement (Cicchetti & Feinstein 1990): 2a / (2a + b + c) and 2d / (2d + b + c)", () => {
    const f = binaryFigures(binary(20, 5, 10, 15));
    close(f.specific_positive, 40 / 55);
    close(f.specific_negative, 30 / 45);
    // Nobody included anything: no positive agreement to speak of.
    assert.equal(binaryFigures(binary(0, 0, 0, 9)).specific_positive, null);
  });

  it("linearly weighted kappa equals scikit-learn's cohen_kappa_score(weights='linear', labels=[0, 1, 2])", () => {
    // Reference values computed with scikit-learn 1.2.1 (Debian's python3-sklearn) and recorded here.
    const cases: [number[], number[], number][] = [
      [[2, 2, 2, 2, 1, 1, 1, 0, 0, 0], [2, 2, 1, 1, 1, 2, 1, 0, 0, 1], 0.5238095238095238],
      [[2, 2, 0, 0, 0, 0, 1], [2, 1, 2, 0, 0, 0, 1], 0.5333333333333332],
      [[2, 0, 1, 0, 2, 1], [0, 2, 0, 1, 2, 1], -0.125],
      [[2, 1, 0, 0], [2, 0, 2, 0], 0.25],
    ];
    // A task of 60 candidates: 12 both HIGH, 3 HIGH/MEDIUM, 2 both MEDIUM, 2 HIGH/-, 3 -/MEDIUM, 1 MEDIUM/-, 37 neither.
    const a = [...Array(15).fill(2), 1, 1, 2, 2, 0, 0, 0, 1, ...Array(37).fill(0)];
    const b = [...Array(12).fill(2), 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, ...Array(37).fill(0)];
    cases.push([a, b, 0.7748976807639836], [a.slice(0, 23), b.slice(0, 23), 0.3324538258575198]);
    for (const [x, y, want] of cases) close(weightedKappa(scaled(x, y)), want, 12, `${x.join()} / ${y.join()}`);
    // sklearn's unweighted kappa of that task's inclusion: 0.775.
    close(figuresOf(scaled(a, b)).kappa, 0.775, 12);
    assert.equal(weightedKappa(scaled([2, 2], [2, 2])), null, 'nothing varies: undefined, not 1');
  });

  it('the kappa of a table is the kappa of its items (the existing cohensKappa), and percent is observed', () => {
    const random = mulberry32(18);
    for (let n = 0; n < 200; n++) {
      const size = 1 + Math.floor(random() * 40);
      const x = Array.from({ length: size }, () => Math.floor(random() * 3));
      const y = Array.from({ length: size }, () => Math.floor(random() * 3));
      const f = figuresOf(scaled(x, y));
      const k = cohensKappa(x.map((v) => v > 0), y.map((v) => v > 0));
      assert.equal(f.kappa === null, k.kappa === null);
      if (k.kappa !== null) close(f.kappa, k.kappa, 12);
      close(f.percent, k.observed!, 12);
      const three = cohenOfTable(scaled(x, y));
      const k3 = cohensKappa(x, y).kappa;
      if (k3 !== null) close(three, k3, 12);
    }
  });

  it('names the kappa paradox where raw agreement is high and kappa weak, and says what to read', () => {
    // 15 of 60 candidates: one rater includes 3, the other 3 others, 54 neither: po 0.9, kappa -0.053.
    const t = scaled([...Array(3).fill(2), ...Array(3).fill(0), ...Array(54).fill(0)], [...Array(3).fill(0), ...Array(3).fill(2), ...Array(54).fill(0)]);
    const note = paradoxNote(figuresOf(t), t);
    assert.match(note!, /^kappa paradox: 90\.0% raw agreement but κ -0\.053, since 95\.0% of the ratings are "not included".*read AC1 and positive specific agreement/);
    assert.equal(paradoxNote(figuresOf(binary(20, 5, 10, 15)), scaled([], [])), null);
  });
});

describe('the padding rule', () => {
  /** A random task: some labeled items, then `pad` candidates both raters left out. */
  function randomTable(random: () => number): RatingTable {
    const t = emptyTable();
    const labeled = 1 + Math.floor(random() * 20);
    for (let i = 0; i < labeled; i++) {
      const x = Math.floor(random() * 3);
      const y = x === 0 ? 1 + Math.floor(random() * 2) : Math.floor(random() * 3);
      t[x][y]++;
    }
    t[0][0] = Math.floor(random() * 30);
    return t;
  }

  it('adding both-excluded candidates never lowers percent or PABAK, nor AC1 while at most half the ratings include, and never moves the labeled-only figures', () => {
    const random = mulberry32(1846);
    let ac1Checked = 0;
    for (let n = 0; n < 500; n++) {
      const t = randomTable(random);
      const padded = addTables([t, [[1 + Math.floor(random() * 40), 0, 0], [0, 0, 0], [0, 0, 0]]]);
      const before = figuresOf(t);
      const after = figuresOf(padded);
      assert.ok(after.percent! >= before.percent! - 1e-12, `percent ${JSON.stringify(t)}`);
      assert.ok(after.pabak! >= before.pabak! - 1e-12, `PABAK ${JSON.stringify(t)}`);
      const included = (2 * before.items - t[0].reduce((s, v) => s + v, 0) - t.reduce((s, row) => s + row[0], 0)) / (2 * before.items);
      if (included <= 0.5) {
        ac1Checked++;
        assert.ok(after.ac1! >= before.ac1! - 1e-12, `AC1 ${JSON.stringify(t)}`);
      }
      assert.deepEqual(labeledOnlyFigures(padded), labeledOnlyFigures(t));
    }
    assert.ok(ac1Checked > 100, `the AC1 clause was exercised (${ac1Checked})`);
  });

  it('AC1 can fall when most ratings are inclusions: padding moves π toward one half (the clause above is needed)', () => {
    // a 8, b 1, c 1, d 0: AC1 0.756; with 2 both-excluded, 0.733.
    const t = binary(8, 1, 1, 0);
    assert.ok(gwetAC1(binary(8, 1, 1, 2))! < gwetAC1(t)!);
  });
});

describe('corpus figures: bootstrap over tasks', () => {
  it('is seeded (the same interval twice), resamples tasks, and holds the pooled value', () => {
    const random = mulberry32(5172);
    const tables = Array.from({ length: 12 }, () => {
      const t = emptyTable();
      for (let i = 0; i < 40; i++) t[Math.floor(random() * 3) * Number(random() < 0.4)][Math.floor(random() * 3) * Number(random() < 0.4)]++;
      return t;
    });
    const a = bootstrapFigures(tables, figuresOf, { seed: 7, resamples: 400 });
    assert.deepEqual(bootstrapFigures(tables, figuresOf, { seed: 7, resamples: 400 }), a);
    assert.notDeepEqual(bootstrapFigures(tables, figuresOf, { seed: 8, resamples: 400 }), a);
    const pooled = figuresOf(addTables(tables));
    for (const k of ['kappa', 'percent', 'ac1', 'pabak', 'kappa_weighted'] as const) {
      const [lo, hi] = a[k]!;
      assert.ok(lo < hi && lo <= pooled[k]! && pooled[k]! <= hi, `${k}: ${pooled[k]} in [${lo}, ${hi}]`);
    }
    // Twelve copies of one task: every resample pools to the same figures.
    const same = bootstrapFigures(Array(12).fill(tables[0]), figuresOf, { resamples: 50 });
    assert.deepEqual(same.kappa, [figuresOf(tables[0]).kappa, figuresOf(tables[0]).kappa]);
  });
});

describe('sided_with', () => {
  const NEW = 'id: "t"\nrepo: demo\ntask: "x"\ncandidates: [a/b.C, a/b.D, a/b.E, a/b.F]\nground_truth: []\n';
  /** alice: C HIGH, D MEDIUM, F HIGH; bob: C HIGH, E MEDIUM, F MEDIUM; finished. */
  function reviewed(): string {
    let text = labelAs(NEW, 'alice', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'r' });
    text = labelAs(text, 'alice', { symbol: 'a/b.D', confidence: 'MEDIUM', reason: 'r' });
    text = labelAs(text, 'alice', { symbol: 'a/b.F', confidence: 'HIGH', reason: 'r' });
    text = startReview(text, 'bob');
    text = labelAs(text, 'bob', { symbol: 'a/b.C', confidence: 'HIGH', reason: 'r' });
    text = labelAs(text, 'bob', { symbol: 'a/b.E', confidence: 'MEDIUM', reason: 'r' });
    text = labelAs(text, 'bob', { symbol: 'a/b.F', confidence: 'MEDIUM', reason: 'r' });
    return finishReview(text).text;
  }
  const side = (text: string, ruling: Omit<Dispute, 'rationale'>) => {
    const settled = settleDispute(text, { ...ruling, rationale: 'r' });
    return readFixture(settled, 'f.yaml').fixture.disputes.find((d) => d.symbol === ruling.symbol)?.sided_with;
  };

  it('is computed when settling: the rater whose rating the ruling gives, else whose inclusion it matches; both or neither', () => {
    const text = reviewed();
    assert.equal(side(text, { symbol: 'a/b.D', resolution: 'excluded' }), 'bob');
    assert.equal(side(text, { symbol: 'a/b.D', resolution: 'included' }), 'alice');
    assert.equal(side(text, { symbol: 'a/b.D', resolution: 'included', confidence: 'HIGH' }), 'alice', 'on inclusion');
    assert.equal(side(text, { symbol: 'a/b.E', resolution: 'included', confidence: 'MEDIUM' }), 'bob');
    // F: HIGH vs MEDIUM. Without a confidence the ruling keeps the labeler's (ground truth's rule).
    assert.equal(side(text, { symbol: 'a/b.F', resolution: 'included' }), 'alice');
    assert.equal(side(text, { symbol: 'a/b.F', resolution: 'included', confidence: 'MEDIUM' }), 'bob');
    assert.equal(side(text, { symbol: 'a/b.F', resolution: 'excluded' }), 'neither');
    assert.equal(side(text, { symbol: 'a/b.C', resolution: 'included' }), 'both');
    assert.equal(side(text, { symbol: 'a/b.C', resolution: 'included', confidence: 'MEDIUM' }), 'both', 'both included it');
    assert.equal(side(text, { symbol: 'a/z.New', resolution: 'included', confidence: 'HIGH', unjudged: true }), 'neither');
    // Whatever a caller passes is replaced by what the core computes.
    const forged = settleDispute(text, { symbol: 'a/b.D', resolution: 'excluded', rationale: 'r', sided_with: 'alice' });
    assert.equal(readFixture(forged, 'f.yaml').fixture.disputes[0].sided_with, 'bob');
  });

  it('is not written for the seed forms, with one rater', () => {
    const seed = 'id: "t"\nrepo: demo\ntask: "x"\nground_truth:\n  - {symbol: a/b.C, confidence: HIGH, reason: r}\n  - {symbol: a/b.D, confidence: HIGH, reason: r}\n';
    const settled = settleDispute(seed, { symbol: 'a/b.D', resolution: 'excluded', rationale: 'r' });
    assert.equal(readFixture(settled, 'f.yaml').fixture.disputes[0].sided_with, undefined);
    assert.equal(sidedWith(readFixture(seed, 'f.yaml').fixture, { symbol: 'a/b.D', resolution: 'excluded' }), undefined);
  });

  it('validate: a value other than a rater, both or neither is an error; one the ruling does not imply, a warning', async () => {
    const text = settleDispute(reviewed(), { symbol: 'a/b.D', resolution: 'excluded', rationale: 'r' });
    const check = async (fixture: string) => {
      const dir = tempDir({ 'repos.yaml': 'repos:\n  - name: demo\n    url: https://example.com/demo.git\n    commit: "0123456"\n', 'tasks/demo/easy/01-t.yaml': fixture });
      return validateCorpus(await loadCorpus(dir)).filter((p) => /sided/.test(p.code)).map((p) => `${p.severity} ${p.code}: ${p.message}`);
    };
    assert.deepEqual(await check(text), []);
    assert.deepEqual(await check(text.replace('sided_with: "bob"', 'sided_with: "carol"')),
      ["error bad-sided-with: sided_with `carol` must be the labeler's or the verifier's name, both or neither (alice, bob, both, neither)"]);
    assert.deepEqual(await check(text.replace('sided_with: "bob"', 'sided_with: alice')),
      ["warning sided-with-mismatch: dispute about `a/b.D` says sided_with `alice`, but the ruling and the raters' lists say `bob`: settle it again to record it"]);
  });

  it('the agreement of a review carries the table every figure comes from', () => {
    const a = agreementOf(readFixture(reviewed(), 'f.yaml').fixture);
    // C H/H, D M/-, E -/M, F H/M: rows labeler, columns verifier, over -, MEDIUM, HIGH.
    assert.deepEqual(a.table, [[0, 1, 0], [1, 0, 0], [0, 1, 1]]);
    assert.deepEqual(a.table, tableOf([{ labeler: 'HIGH', verifier: 'HIGH' }, { labeler: 'MEDIUM', verifier: null }, { labeler: null, verifier: 'MEDIUM' }, { labeler: 'HIGH', verifier: 'MEDIUM' }]));
    assert.equal(a.figures.kappa, a.kappa);
    assert.equal(a.labeled_only.items, 4);
  });
});
