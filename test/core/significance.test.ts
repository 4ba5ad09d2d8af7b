import * as assert from 'node:assert/strict';
import {
  bootstrapMeanCI, cohensDPaired, comparePaired, mulberry32, pairOf, significanceMatrix, wilcoxon,
} from '../../src/core/scoring/significance';

const close = (actual: number | null | undefined, expected: number, eps = 1e-9) => {
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) <= eps, `${actual} != ${expected}`);
};

// Reference values are scipy 1.17.1's scipy.stats.wilcoxon (zero_method 'wilcox', no continuity
// correction) and numpy, computed once by hand; neither is needed to run this test.
describe('significance: paired Wilcoxon signed-rank', () => {
  // Fisher's data, scipy's documented example: 15 differences, no ties.
  const fisher = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];

  it('uses the exact distribution for small n without ties (scipy: T 24, p 0.041259765625)', () => {
    const w = wilcoxon(fisher);
    assert.equal(w.method, 'exact');
    assert.equal(w.statistic, 24);
    assert.equal(w.n, 15);
    close(w.p, 0.041259765625, 1e-15);
    close(wilcoxon([1, 2, 3, 4, 5]).p, 0.0625, 1e-15);
    close(wilcoxon([1, 2, 3, 4, -5]).p, 0.625, 1e-15);
  });

  it('pairs x with y, and a reversed pair has the same p', () => {
    const x = fisher.map((d) => d + 100);
    const y = fisher.map(() => 100);
    close(wilcoxon(x, y).p, 0.041259765625, 1e-15);
    close(wilcoxon(y, x).p, 0.041259765625, 1e-15);
    assert.throws(() => wilcoxon([1, 2], [1]), /differ in length/);
  });

  it('drops zeros and uses the normal approximation with the tie correction when |d| ties (scipy: p 0.06753459831355195)', () => {
    const w = wilcoxon([0.1, 0.2, 0.2, -0.3, 0.3, 0.4, 0.5, 0.5, -0.5, 0.6, 0.7, 0.0, 0.0]);
    assert.equal(w.method, 'normal');
    assert.equal(w.n, 11);
    assert.equal(w.statistic, 12.5);
    close(w.p, 0.06753459831355195, 1e-12);
  });

  it('uses the normal approximation above 50 differences (scipy: T 579, p 0.013379732514095138)', () => {
    const d = [2.340919, -2.255665, 0.718099, -0.26777, -0.152649, 0.084403, -1.719986, 0.068068, -0.565213, 3.623, 0.525787, -0.052631, 0.018713, -0.368046, -0.755151, -0.090801, 0.781945, 0.061446, 1.257759, 0.100198, 0.32426, 1.845821, 0.845106, -0.205229, 0.117161, 0.840525, 2.235088, 0.03038, 0.056441, 1.302314, -0.58646, 0.00828, 1.182539, 0.88035, 0.391517, 0.970104, -2.528162, 1.321307, -0.659645, -1.36862, 0.576446, 1.000545, -0.144767, -0.776406, 0.326125, 0.247253, 1.705598, 1.047408, 0.493816, 1.411633, 0.094477, -0.6259, 0.884058, 0.882538, 0.085171, -0.482809, 0.529154, -2.193894, 0.990125, 0.791368];
    const w = wilcoxon(d);
    assert.equal(w.method, 'normal');
    assert.equal(w.statistic, 579);
    close(w.p, 0.013379732514095138, 1e-12);
  });

  it('treats metric differences that differ only by float noise as ties (scipy on the rounded differences: p 0.0014841609308883677)', () => {
    const a = [0.3, 0.5, 0.1, 0.0, 0.4, 0.6, 0.2, 0.3, 0.5, 0.7, 0.2, 0.1, 0.4, 0.3, 0.6, 0.5, 0.2, 0.3, 0.1, 0.4];
    const b = [0.2, 0.3, 0.1, 0.1, 0.2, 0.4, 0.2, 0.1, 0.3, 0.5, 0.1, 0.1, 0.3, 0.2, 0.4, 0.2, 0.2, 0.1, 0.2, 0.3];
    const w = wilcoxon(a, b);
    assert.equal(w.n, 16);
    assert.equal(w.statistic, 8);
    close(w.p, 0.0014841609308883677, 1e-12);
  });

  it('gives p = 1 when every difference is zero', () => {
    const w = wilcoxon([0.1 + 0.2 - 0.3, 0, 0]);
    assert.equal(w.n, 0);
    assert.equal(w.p, 1);
  });
});

describe("significance: Cohen's d, bootstrap, matrix", () => {
  it("computes Cohen's d for paired samples as mean / SD of the differences (numpy: 0.5546079777065185)", () => {
    close(cohensDPaired([6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]), 0.5546079777065185, 1e-12);
    close(cohensDPaired([3, 5], [1, 1]), 3 / Math.SQRT2, 1e-12);
    assert.equal(cohensDPaired([1]), null);
    assert.equal(cohensDPaired([0, 0, 0]), 0);
    assert.equal(cohensDPaired([2, 2, 2]), Infinity);
  });

  it('draws the same numbers for the same seed (mulberry32)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 5 }, () => a());
    assert.deepEqual(xs, Array.from({ length: 5 }, () => b()));
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.notDeepEqual(xs, Array.from({ length: 5 }, mulberry32(43)));
  });

  it('gives a deterministic 95% bootstrap interval around the mean', () => {
    const d = [0.1, 0.3, -0.1, 0.2, 0.4, 0.0, 0.2, 0.1, 0.3, 0.2];
    const ci = bootstrapMeanCI(d)!;
    assert.deepEqual(bootstrapMeanCI(d), ci);
    assert.ok(ci[0] < 0.17 && 0.17 < ci[1], `${ci}`);
    assert.ok(ci[0] > -0.1 && ci[1] < 0.4);
    assert.notDeepEqual(bootstrapMeanCI(d, { seed: 7 }), ci);
    assert.deepEqual(bootstrapMeanCI([0.5, 0.5]), [0.5, 0.5]);
    assert.equal(bootstrapMeanCI([]), null);
  });

  it('calls a difference significant only when p < 0.05 and |d| > 0.3', () => {
    const better = [0.3, 0.5, 0.1, 0.0, 0.4, 0.6, 0.2, 0.3, 0.5, 0.7, 0.2, 0.1, 0.4, 0.3, 0.6, 0.5, 0.2, 0.3, 0.1, 0.4];
    const worse = [0.2, 0.3, 0.1, 0.1, 0.2, 0.4, 0.2, 0.1, 0.3, 0.5, 0.1, 0.1, 0.3, 0.2, 0.4, 0.2, 0.2, 0.1, 0.2, 0.3];
    const c = comparePaired('knowing', better, 'grep', worse);
    assert.ok(c.wilcoxon.p < 0.05);
    close(c.cohensD, 0.9828358899402392, 1e-9);
    assert.equal(c.significant, true);
    assert.equal(c.better, 'knowing');
    close(c.meanDiff, 0.11);
    // A large effect on too few non-zero differences: |d| > 0.3 but p >= 0.05 (scipy, asymptotic: 0.0832645166635504).
    const noisy = comparePaired('a', [1, 0, 1, 0, 1, 0], 'b', [0, 0, 0, 0, 0, 0]);
    close(noisy.wilcoxon.p, 0.0832645166635504, 1e-12);
    assert.ok(Math.abs(noisy.cohensD!) > 0.3);
    assert.equal(noisy.significant, false);
    assert.equal(noisy.better, null);
  });

  it('needs a large enough effect as well as p < 0.05', () => {
    // 60 tasks, a small consistent gain on most: p tiny, but d below 0.3 when the spread is wide.
    const base = Array.from({ length: 60 }, (_, i) => ((i * 37) % 60) / 60);
    const shifted = base.map((v, i) => v + (i % 3 === 0 ? 0.9 : i % 3 === 1 ? 0.01 : -0.6));
    const c = comparePaired('x', shifted, 'y', base);
    close(c.wilcoxon.p, 0.022830331705642054, 1e-12); // scipy
    close(c.cohensD, 0.16636715712152855, 1e-9); // numpy
    assert.equal(c.significant, false);
  });

  it('compares every pair of systems once, and reads a pair either way', () => {
    const m = significanceMatrix({ s1: [0.5, 0.6, 0.7, 0.8], s2: [0.1, 0.2, 0.3, 0.3], s3: [0.5, 0.5, 0.5, 0.5] });
    assert.deepEqual(m.systems, ['s1', 's2', 's3']);
    assert.deepEqual(m.pairs.map((p) => `${p.a}-${p.b}`), ['s1-s2', 's1-s3', 's2-s3']);
    const ab = pairOf(m, 's1', 's2')!;
    const ba = pairOf(m, 's2', 's1')!;
    close(ba.meanDiff, -ab.meanDiff);
    close(ba.ci![0], -ab.ci![1]);
    assert.equal(ba.wilcoxon.p, ab.wilcoxon.p);
    assert.equal(pairOf(m, 's1', 'nope'), null);
    assert.throws(() => significanceMatrix({ a: [1, 2], b: [1] }), /same tasks/);
  });
});
