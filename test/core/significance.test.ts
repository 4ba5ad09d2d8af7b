import * as assert from 'node:assert/strict';
import {
  bootstrapMeanCI, cohensDAv, cohensDPaired, comparePaired, DEFAULT_SEED, doubledRanks, EXACT_MAX_N, mulberry32, pairOf, significanceMatrix, smallestReachableP,
  wilcoxon,
} from '../../src/core/scoring/significance';
import { erfc, normalSf } from '../../src/core/scoring/normal';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarize } from '../../src/core';
import { findingsMarkdown } from '../../src/core/harness/findings';
import { RunInfo, toCsv, writeJson } from '../../src/core/harness/results';
import { readSignificance } from '../../src/core/panelView/runs';
import { fmt } from '../../src/shared/figures';
import { tempDir } from '../helpers/tempDir';

const close = (actual: number | null | undefined, expected: number, eps = 1e-9) => {
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) <= eps, `${actual} != ${expected}`);
};

/**
 * The two-sided p by brute force: every assignment of signs to the non-zero |d| (a Gray code,
 * one flip per step), counting those whose W+ is at least as far out as the observed one.
 */
function enumeratedP(d: number[]): number {
  const nonzero = d.map((v) => Number(v.toFixed(12))).filter((v) => v !== 0);
  const n = nonzero.length;
  if (n === 0) return 1;
  const abs = nonzero.map(Math.abs);
  const rank = abs.map((v) => {
    const below = abs.filter((w) => w < v).length;
    const same = abs.filter((w) => w === v).length;
    return below + (same + 1) / 2;
  });
  const observed = nonzero.reduce((s, v, i) => (v > 0 ? s + rank[i] : s), 0);
  let w = 0;
  let low = 0;
  let high = 0;
  const positive = new Array<boolean>(n).fill(false);
  for (let step = 0; step < 2 ** n; step++) {
    if (step > 0) {
      const k = 31 - Math.clz32(step & -step);
      positive[k] = !positive[k];
      w += positive[k] ? rank[k] : -rank[k];
    }
    if (w <= observed + 1e-9) low++;
    if (w >= observed - 1e-9) high++;
  }
  return Math.min(1, (2 * Math.min(low, high)) / 2 ** n);
}

// Reference values are scipy 1.17.1's scipy.stats.wilcoxon (zero_method 'wilcox') and numpy,
// computed once by hand; neither is needed to run this test. With ties, scipy's exact answer is
// its permutation method (`method=PermutationMethod(n_resamples=np.inf)`, every sign flip); its
// `method='exact'` is exact only without ties. Above 50 differences: `method='asymptotic'` with
// its default continuity correction.
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

  it('is exact with ties too: 0.1, 0.1, 0.1, 0.1, 0.2 give p = 0.0625, not the normal approximation\'s 0.034', () => {
    const w = wilcoxon([0.1, 0.1, 0.1, 0.1, 0.2]);
    assert.equal(w.method, 'exact');
    assert.equal(w.wPlus, 15);
    close(w.p, 0.0625, 1e-15);
    const c = comparePaired('a', [0.6, 0.6, 0.6, 0.6, 0.7], 'b', [0.5, 0.5, 0.5, 0.5, 0.5]);
    assert.ok(c.cohensD! > 0.3);
    assert.equal(c.significant, false);
  });

  it('no test on 5 pairs reaches p < 0.05: the smallest exact p is 2/32', () => {
    const random = mulberry32(5);
    for (let trial = 0; trial < 500; trial++) {
      const d = Array.from({ length: 5 }, () => Math.round((random() - 0.3) * 10) / 10);
      assert.ok(wilcoxon(d).p >= 0.0625, d.join(','));
    }
  });

  it('drops zeros and ranks ties by their average rank (scipy, permutation: T 12.5, p 0.0703125)', () => {
    const w = wilcoxon([0.1, 0.2, 0.2, -0.3, 0.3, 0.4, 0.5, 0.5, -0.5, 0.6, 0.7, 0.0, 0.0]);
    assert.equal(w.method, 'exact');
    assert.equal(w.n, 11);
    assert.equal(w.statistic, 12.5);
    close(w.p, 0.0703125, 1e-15);
    assert.deepEqual([...doubledRanks([0.5, 0.1, 0.5, 0.2, 0.5]).doubled], [8, 2, 8, 4, 8]);
  });

  it('ranks as a sort by value does: the doubled average ranks and the tie groups, ascending (property, seeded)', () => {
    // The ranking as first written: positions sorted by value, each run of equal values given its mean position.
    const reference = (values: number[]) => {
      const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
      const doubled = new Int32Array(values.length);
      const tieGroups: number[] = [];
      for (let start = 0; start < order.length;) {
        let end = start;
        while (end + 1 < order.length && values[order[end + 1]] === values[order[start]]) end++;
        for (let k = start; k <= end; k++) doubled[order[k]] = start + end + 2;
        if (end > start) tieGroups.push(end - start + 1);
        start = end + 1;
      }
      return { doubled, tieGroups };
    };
    const random = mulberry32(2901);
    for (let trial = 0; trial < 300; trial++) {
      const n = Math.floor(random() * 400);
      const levels = 1 + Math.floor(random() * (trial % 3 === 0 ? 1000 : 8));
      const values = Array.from({ length: n }, () => (random() < 0.02 ? Infinity : Math.floor(random() * levels) / 7));
      assert.deepEqual(doubledRanks(values), reference(values), `trial ${trial}`);
    }
  });

  it('agrees with every one of the 2^n sign flips (n <= 20, ties and zeros, seeded)', () => {
    const random = mulberry32(14);
    for (let trial = 0; trial < 60; trial++) {
      const n = trial < 4 ? 20 : 1 + Math.floor(random() * 18);
      // Few distinct magnitudes, so most samples have ties; some differences are 0.
      const levels = 1 + Math.floor(random() * 6);
      const d = Array.from({ length: n }, () => (Math.floor(random() * (2 * levels + 1)) - levels) / 10);
      close(wilcoxon(d).p, enumeratedP(d), 1e-9);
    }
  });

  it('is exact up to 50 non-zero differences (scipy, exact: p 0.004757046552823496), the normal approximation above', () => {
    const d = Array.from({ length: 50 }, (_, i) => (i + 1) * ((i * 7) % 5 === 0 || (i * 3) % 11 === 0 ? -1 : 1));
    const w = wilcoxon(d);
    assert.equal(EXACT_MAX_N, 50);
    assert.equal(w.method, 'exact');
    assert.equal(w.statistic, 349);
    close(w.p, 0.004757046552823496, 1e-15);
    assert.equal(wilcoxon([...d, 0, 0]).method, 'exact');
    assert.equal(wilcoxon([...d, 51]).method, 'normal');
  });

  it('uses the normal approximation with tie and continuity corrections above 50 differences (scipy: T 579, p 0.013518188182406977)', () => {
    const d = [2.340919, -2.255665, 0.718099, -0.26777, -0.152649, 0.084403, -1.719986, 0.068068, -0.565213, 3.623, 0.525787, -0.052631, 0.018713, -0.368046, -0.755151, -0.090801, 0.781945, 0.061446, 1.257759, 0.100198, 0.32426, 1.845821, 0.845106, -0.205229, 0.117161, 0.840525, 2.235088, 0.03038, 0.056441, 1.302314, -0.58646, 0.00828, 1.182539, 0.88035, 0.391517, 0.970104, -2.528162, 1.321307, -0.659645, -1.36862, 0.576446, 1.000545, -0.144767, -0.776406, 0.326125, 0.247253, 1.705598, 1.047408, 0.493816, 1.411633, 0.094477, -0.6259, 0.884058, 0.882538, 0.085171, -0.482809, 0.529154, -2.193894, 0.990125, 0.791368];
    const w = wilcoxon(d);
    assert.equal(w.method, 'normal');
    assert.equal(w.statistic, 579);
    close(w.p, 0.013518188182406977, 1e-12);
    // With ties (scipy: p 0.02305449128107993).
    const base = Array.from({ length: 60 }, (_, i) => ((i * 37) % 60) / 60);
    close(wilcoxon(base.map((v, i) => v + (i % 3 === 0 ? 0.9 : i % 3 === 1 ? 0.01 : -0.6)), base).p, 0.02305449128107993, 1e-12);
  });

  it('treats metric differences that differ only by float noise as ties (scipy, permutation, on the rounded differences: p 0.000885009765625)', () => {
    const a = [0.3, 0.5, 0.1, 0.0, 0.4, 0.6, 0.2, 0.3, 0.5, 0.7, 0.2, 0.1, 0.4, 0.3, 0.6, 0.5, 0.2, 0.3, 0.1, 0.4];
    const b = [0.2, 0.3, 0.1, 0.1, 0.2, 0.4, 0.2, 0.1, 0.3, 0.5, 0.1, 0.1, 0.3, 0.2, 0.4, 0.2, 0.2, 0.1, 0.2, 0.3];
    const w = wilcoxon(a, b);
    assert.equal(w.n, 16);
    assert.equal(w.statistic, 8);
    close(w.p, 0.000885009765625, 1e-15);
  });

  it('computes the normal tail as fdlibm does (scipy: erfc(1) = 0.15729920705028516, scipy norm.sf(3) = 0.0013498980316300933)', () => {
    close(erfc(1), 0.15729920705028516, 1e-16);
    close(erfc(0.5), 0.4795001221869535, 1e-16);
    close(erfc(2), 0.004677734981047266, 1e-18);
    close(erfc(5), 1.5374597944280347e-12, 1e-27);
    close(normalSf(3), 0.0013498980316300933, 1e-17);
    close(normalSf(0), 0.5, 0);
    close(normalSf(-1.96), 0.9750021048517795, 1e-15);
  });

  it('gives p = 1 when every difference is zero', () => {
    const w = wilcoxon([0.1 + 0.2 - 0.3, 0, 0]);
    assert.equal(w.n, 0);
    assert.equal(w.p, 1);
  });
});

describe("significance: Cohen's d, bootstrap, matrix", () => {
  it("computes Cohen's d_z as mean / SD of the differences (numpy: 0.5546079777065185)", () => {
    close(cohensDPaired([6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]), 0.5546079777065185, 1e-12);
    close(cohensDPaired([3, 5], [1, 1]), 3 / Math.SQRT2, 1e-12);
    assert.equal(cohensDPaired([1]), null);
    assert.equal(cohensDPaired([0, 0, 0]), 0);
    assert.equal(cohensDPaired([2, 2, 2]), Infinity);
  });

  // 300 tasks, two uncorrelated systems: d_av is about sqrt(2) d_z, and the two fall either side of 0.3.
  const xs = Array.from({ length: 300 }, (_, i) => ((i * 37) % 101) / 101);
  const ys = Array.from({ length: 300 }, (_, i) => ((i * 53 + 7) % 97) / 97 - 0.1);

  it("computes Cohen's d_av as mean difference / mean of the two SDs (numpy: d_z 0.25039133930208024, d_av 0.34461932351231483)", () => {
    close(cohensDPaired(xs, ys), 0.25039133930208024, 1e-12);
    close(cohensDAv(xs, ys), 0.34461932351231483, 1e-12);
    close(cohensDAv([1, 2, 3], [1, 1, 2]), (2 / 3) / ((1 + Math.sqrt(1 / 3)) / 2), 1e-12);
    assert.equal(cohensDAv([1], [0]), null);
    assert.equal(cohensDAv([1, 1], [0, 0]), Infinity);
  });

  it('reports both d and calls significance on d_z by default, on d_av when asked', () => {
    const byDz = comparePaired('x', xs, 'y', ys);
    assert.ok(byDz.wilcoxon.p < 1e-4);
    assert.equal(byDz.effect_size, 'd_z');
    close(byDz.cohens_d_z, 0.25039133930208024, 1e-12);
    close(byDz.cohens_d_av, 0.34461932351231483, 1e-12);
    assert.equal(byDz.cohensD, byDz.cohens_d_z);
    assert.equal(byDz.significant, false);
    const byDav = comparePaired('x', xs, 'y', ys, { effectSize: 'd_av' });
    assert.equal(byDav.effect_size, 'd_av');
    assert.equal(byDav.cohensD, byDav.cohens_d_av);
    assert.equal(byDav.significant, true);
    assert.equal(byDav.better, 'x');
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
    assert.ok(ci[0] < 0.17 && 0.17 < ci[1], ci.join(','));
    assert.ok(ci[0] > -0.1 && ci[1] < 0.4);
    assert.notDeepEqual(bootstrapMeanCI(d, { seed: 7 }), ci);
    assert.deepEqual(bootstrapMeanCI([0.5, 0.5]), [0.5, 0.5]);
    // 1000 resamples and the default seed unless told otherwise.
    assert.deepEqual(bootstrapMeanCI(d, { resamples: 1000, seed: DEFAULT_SEED }), ci);
    assert.equal(bootstrapMeanCI([]), null);
  });

  it('draws each resample as mulberry32 draws it, to the last bit, whether the draws are kept or not (property, seeded)', () => {
    // The interval as first written: a fresh stream of draws per call.
    const reference = (values: number[], resamples: number, seed: number): [number, number] => {
      const random = mulberry32(seed);
      const means = new Float64Array(resamples);
      for (let r = 0; r < resamples; r++) {
        let s = 0;
        for (let i = 0; i < values.length; i++) s += values[(random() * values.length) | 0];
        means[r] = s / values.length;
      }
      means.sort();
      const at = (q: number) => {
        const pos = q * (resamples - 1);
        const lo = Math.floor(pos);
        const hi = Math.min(lo + 1, resamples - 1);
        return means[lo] + (means[hi] - means[lo]) * (pos - lo);
      };
      return [at((1 - 0.95) / 2), at(1 - (1 - 0.95) / 2)];
    };
    const random = mulberry32(99);
    // Calls alternate between seeds, sizes and resample counts, so a kept set of draws is reused
    // only where it applies; 5,000 values x 1,000 resamples are drawn afresh (too many to keep).
    // Kept draws are summed eight resamples side by side: 997 and 5 resamples leave some over.
    const cases: [number, number, number][] = [[300, 1000, DEFAULT_SEED], [300, 1000, 7], [300, 1000, DEFAULT_SEED], [299, 1000, DEFAULT_SEED],
      [300, 200, DEFAULT_SEED], [1, 1000, 3], [5000, 1000, DEFAULT_SEED], [300, 1000, DEFAULT_SEED], [300, 997, DEFAULT_SEED], [17, 5, 11]];
    for (const [n, resamples, seed] of cases) {
      const values = Array.from({ length: n }, () => Math.round(random() * 20) / 20 - 0.5);
      assert.deepEqual(bootstrapMeanCI(values, { resamples, seed }), reference(values, resamples, seed), `${n} values, ${resamples} resamples, seed ${seed}`);
    }
  });

  it('calls a difference significant only when p < 0.05 and |d| > 0.3', () => {
    const better = [0.3, 0.5, 0.1, 0.0, 0.4, 0.6, 0.2, 0.3, 0.5, 0.7, 0.2, 0.1, 0.4, 0.3, 0.6, 0.5, 0.2, 0.3, 0.1, 0.4];
    const worse = [0.2, 0.3, 0.1, 0.1, 0.2, 0.4, 0.2, 0.1, 0.3, 0.5, 0.1, 0.1, 0.3, 0.2, 0.4, 0.2, 0.2, 0.1, 0.2, 0.3];
    const c = comparePaired('knowing', better, 'grep', worse);
    assert.ok(c.wilcoxon.p < 0.05);
    close(c.cohensD, 0.9828358899402392, 1e-9);
    close(c.cohens_d_z, 0.9828358899402392, 1e-9);
    assert.equal(c.significant, true);
    assert.equal(c.better, 'knowing');
    close(c.meanDiff, 0.11);
    // A large effect on too few non-zero differences: |d| > 0.3 but p >= 0.05 (scipy, permutation: 0.25).
    const noisy = comparePaired('a', [1, 0, 1, 0, 1, 0], 'b', [0, 0, 0, 0, 0, 0]);
    close(noisy.wilcoxon.p, 0.25, 1e-15);
    assert.ok(Math.abs(noisy.cohensD!) > 0.3);
    assert.equal(noisy.significant, false);
    assert.equal(noisy.better, null);
  });

  it('needs a large enough effect as well as p < 0.05', () => {
    // 60 tasks, a small consistent gain on most: p tiny, but d below 0.3 when the spread is wide.
    const base = Array.from({ length: 60 }, (_, i) => ((i * 37) % 60) / 60);
    const shifted = base.map((v, i) => v + (i % 3 === 0 ? 0.9 : i % 3 === 1 ? 0.01 : -0.6));
    const c = comparePaired('x', shifted, 'y', base);
    close(c.wilcoxon.p, 0.02305449128107993, 1e-12); // scipy, asymptotic with the continuity correction
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
    close(ba.cohens_d_z, -ab.cohens_d_z!);
    close(ba.cohens_d_av, -ab.cohens_d_av!);
    assert.equal(ba.wilcoxon.p, ab.wilcoxon.p);
    assert.equal(pairOf(m, 's1', 'nope'), null);
    assert.throws(() => significanceMatrix({ a: [1, 2], b: [1] }), /same tasks/);
  });
});

describe('significance: an effect over a zero spread', () => {
  // Six tasks, each +0.1: the differences (and each system's values) are equal but for floating-point rounding.
  const a = [0.7, 0.7, 0.7, 0.7, 0.7, 0.7];
  const b = a.map((v) => v - 0.1);
  const stepped = [0.6, 0.7, 0.8, 0.9, 1.0, 0.5];

  it('is unbounded, in words, in every field: d_z and d_av, the JSON beside `significant`, FINDINGS.md and every table', async () => {
    const p = comparePaired('a', a, 'b', b);
    assert.equal(p.significant, true);
    assert.equal(p.cohens_d_z, Infinity);
    assert.equal(p.cohens_d_av, Infinity, 'not floating-point noise (it was 6577928282353815)');
    assert.equal(pairOf({ systems: ['a', 'b'], pairs: [p] }, 'b', 'a')?.cohens_d_z, -Infinity);
    // Differences that vary only in their last bits (0.7 - 0.6 is not 0.8 - 0.7) have no spread either.
    assert.equal(cohensDPaired(stepped, stepped.map((v) => v - 0.1)), Infinity);
    assert.equal(cohensDPaired([0.1, 0.1, 0.1], [0.1, 0.1, 0.1]), 0);
    assert.equal(fmt(Infinity), 'unbounded');
    assert.equal(fmt(-Infinity), '-unbounded');

    const dir = tempDir({ 'analysis/.keep': '' });
    const matrix = significanceMatrix({ a, b });
    await writeJson(join(dir, 'analysis', 'significance-tests.json'), { metrics: { 'P@10': matrix } });
    const text = readFileSync(join(dir, 'analysis', 'significance-tests.json'), 'utf8');
    assert.match(text, /"cohens_d_z": "unbounded",\n\s*"cohens_d_av": "unbounded",/);
    assert.match(text, /"cohensD": "unbounded",/);
    assert.doesNotMatch(text, /null|e\+1\d/);
    assert.equal((await readSignificance(dir))['P@10'].pairs[0].cohens_d_z, Infinity, 'read back as the unbounded number');

    const findings = findingsMarkdown({
      info: { corpus: 'c', budgets: [5000], match: 'symbol', seed: 1, systems: [], tasks: ['t'], skipped_tasks: [], started_at: '' } as unknown as RunInfo,
      summaries: summarize([]), significance: { 'P@10': matrix }, significanceByTier: {}, misses: [], timing: [], failedAnswers: 0,
    });
    const row = findings.split('\n').find((l) => l.startsWith('| a vs b | all |'));
    assert.ok(row, findings);
    assert.match(row, /\| unbounded \| unbounded \| \*\*significant\*\*: a is better \|$/);
    assert.match(findings, /`unbounded`: the per-task differences have no spread/);
    assert.doesNotMatch(findings, /Infinity|\d{10,}/);
  });

  it('no figure prints a negative zero', () => {
    for (const n of [-0, -0.0001, -0.0004999]) assert.equal(fmt(n), '0.000', String(n));
    assert.equal(fmt(-0.00001, 4), '0.0000');
    assert.equal(fmt(-0.0005), '-0.001');
    assert.equal(toCsv(['x'], [[-0.00001]]), 'x\n0.0000\n');
  });
});

describe('the smallest reachable p', () => {
  it('is the exact test\'s p when every difference has one sign, for any n tasks; under 0.05 only from 6 tasks on', () => {
    for (let n = 1; n <= 12; n++) {
      // Differences of one sign, distinct or tied: none can give a smaller p.
      for (const diffs of [Array.from({ length: n }, (_, i) => i + 1), Array.from({ length: n }, () => 0.5)]) {
        assert.equal(wilcoxon(diffs).p, smallestReachableP(n), `n = ${n}`);
        assert.equal(wilcoxon(diffs.map((d, i) => (i === 0 ? -d : d))).p >= smallestReachableP(n), true);
      }
      assert.equal(smallestReachableP(n) < 0.05, n >= 6, `n = ${n}`);
    }
    assert.equal(smallestReachableP(3), 0.25);
  });
});
