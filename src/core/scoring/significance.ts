// Statistical significance of system comparisons (§5.6): the paired Wilcoxon signed-rank test,
// Cohen's d for paired samples, a seeded bootstrap confidence interval of the mean difference,
// and the pairwise matrix over systems. A difference is called significant only when p < 0.05
// AND |d| > 0.3. Pure arithmetic, no I/O; the same inputs and seed give the same numbers.
// The test itself is @stdlib/stats-wilcoxon's (exact null distribution, or the normal
// approximation with the tie correction); this module decides what it is given.
import stdlibWilcoxon from '@stdlib/stats-wilcoxon';
import { mean as meanOrNull, standardDeviation } from '../numbers';

const mean = (xs: readonly number[]): number => meanOrNull(xs) ?? 0;

export const ALPHA = 0.05;
export const MIN_EFFECT = 0.3;
export const BOOTSTRAP_RESAMPLES = 1000;
export const DEFAULT_SEED = 20250101;
/** Up to this many non-zero differences without ties, the exact null distribution is used (scipy's rule). */
export const EXACT_MAX_N = 50;

export interface WilcoxonResult {
  /** min(W+, W-), scipy's two-sided statistic. */
  statistic: number;
  /** Sum of the ranks of the positive differences. */
  wPlus: number;
  /** Non-zero differences (zeros are dropped, Wilcoxon's convention). */
  n: number;
  /** Two-sided p-value; 1 when every difference is 0. */
  p: number;
  method: 'exact' | 'normal' | 'none';
}

/** A seeded 32-bit PRNG (mulberry32): uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The two-sided paired Wilcoxon signed-rank test on differences x - y (or on the differences
 * themselves when y is omitted). Zero differences are dropped; with n <= 50 non-zero
 * differences and no ties in |d| the exact distribution gives p, otherwise the normal
 * approximation with the tie correction (no continuity correction), as scipy.stats.wilcoxon does.
 * Differences are first rounded to 12 significant digits and 12 decimals, so metric values that differ only by
 * floating-point noise (0.3 - 0.2 and 0.2 - 0.1) tie, and 0.1 + 0.2 - 0.3 counts as zero.
 */
export function wilcoxon(x: readonly number[], y?: readonly number[]): WilcoxonResult {
  const diffs = differences(x, y).map(roundNoise).filter((v) => v !== 0);
  const n = diffs.length;
  if (n === 0) return { statistic: 0, wPlus: 0, n: 0, p: 1, method: 'none' };
  // A single difference: W+ is 0 or 1 with equal chance, so the two-sided p is 1.
  if (n === 1) return { statistic: 0, wPlus: diffs[0] > 0 ? 1 : 0, n, p: 1, method: 'exact' };
  const ties = new Set(diffs.map(Math.abs)).size !== n;
  const exact = !ties && n <= EXACT_MAX_N;
  // Zeros are dropped here, so the library's exact path applies whenever it should.
  const result = stdlibWilcoxon(diffs, { correction: false, exact });
  const wPlus = result.statistic;
  return { statistic: Math.min(wPlus, (n * (n + 1)) / 2 - wPlus), wPlus, n, p: Math.min(1, result.pValue), method: exact ? 'exact' : 'normal' };
}

/** A difference without floating-point noise: 12 significant digits, 12 decimals. */
function roundNoise(v: number): number {
  return v === 0 || !Number.isFinite(v) ? v : Number(Number(v.toPrecision(12)).toFixed(12));
}

function differences(x: readonly number[], y?: readonly number[]): number[] {
  if (!y) return [...x];
  if (x.length !== y.length) throw new RangeError(`paired samples differ in length: ${x.length} and ${y.length}`);
  return x.map((v, i) => v - y[i]);
}

/**
 * Cohen's d for paired samples: the mean difference over the sample standard deviation of the
 * differences (d_z). null below two pairs; 0 when every difference is 0; +-Infinity when the
 * differences are all equal and not 0.
 */
export function cohensDPaired(x: readonly number[], y?: readonly number[]): number | null {
  const d = differences(x, y);
  const sd = standardDeviation(d);
  if (sd === null) return null;
  const m = mean(d);
  if (sd === 0) return m === 0 ? 0 : m > 0 ? Infinity : -Infinity;
  return m / sd;
}

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  /** Confidence level, default 0.95. */
  level?: number;
}

/**
 * Percentile bootstrap confidence interval of a mean: `resamples` resamples with replacement
 * drawn with mulberry32(seed), the interval read from the sorted resample means by linear
 * interpolation (numpy's default percentile). null for an empty sample.
 */
export function bootstrapMeanCI(values: readonly number[], options: BootstrapOptions = {}): [number, number] | null {
  const n = values.length;
  if (n === 0) return null;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = options.level ?? 0.95;
  const random = mulberry32(options.seed ?? DEFAULT_SEED);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[(random() * n) | 0];
    means[r] = s / n;
  }
  means.sort();
  const at = (q: number) => {
    const pos = q * (resamples - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(lo + 1, resamples - 1);
    return means[lo] + (means[hi] - means[lo]) * (pos - lo);
  };
  return [at((1 - level) / 2), at(1 - (1 - level) / 2)];
}

export interface PairComparison {
  a: string;
  b: string;
  /** Paired tasks. */
  n: number;
  meanA: number;
  meanB: number;
  /** mean(a - b). */
  meanDiff: number;
  wilcoxon: WilcoxonResult;
  cohensD: number | null;
  /** 95% bootstrap interval of mean(a - b). */
  ci: [number, number] | null;
  /** p < 0.05 and |d| > 0.3. */
  significant: boolean;
  /** The better system when the difference is significant. */
  better: string | null;
}

/** Compares two systems' per-task values (the same tasks, in the same order). */
export function comparePaired(a: string, xs: readonly number[], b: string, ys: readonly number[], options: BootstrapOptions = {}): PairComparison {
  const d = differences(xs, ys);
  const w = wilcoxon(d);
  const cohensD = cohensDPaired(d);
  const significant = w.p < ALPHA && cohensD !== null && Math.abs(cohensD) > MIN_EFFECT;
  const meanDiff = d.length > 0 ? mean(d) : 0;
  return {
    a,
    b,
    n: d.length,
    meanA: xs.length > 0 ? mean(xs) : 0,
    meanB: ys.length > 0 ? mean(ys) : 0,
    meanDiff,
    wilcoxon: w,
    cohensD,
    ci: bootstrapMeanCI(d, options),
    significant,
    better: significant ? (meanDiff > 0 ? a : b) : null,
  };
}

export interface SignificanceMatrix {
  systems: string[];
  /** Every unordered pair once, a before b in the systems' order. */
  pairs: PairComparison[];
}

/**
 * Every pair of systems compared on one metric. `values` maps a system to its per-task values,
 * aligned across systems (same tasks, same order). Each pair's bootstrap uses the same seed.
 */
export function significanceMatrix(values: ReadonlyMap<string, readonly number[]> | Readonly<Record<string, readonly number[]>>, options: BootstrapOptions = {}): SignificanceMatrix {
  const entries = values instanceof Map ? [...values.entries()] : Object.entries(values);
  const lengths = new Set(entries.map(([, v]) => v.length));
  if (lengths.size > 1) {
    throw new RangeError(`systems must be scored on the same tasks: ${entries.map(([s, v]) => `${s} ${v.length}`).join(', ')}`);
  }
  const pairs: PairComparison[] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      pairs.push(comparePaired(entries[i][0], entries[i][1], entries[j][0], entries[j][1], options));
    }
  }
  return { systems: entries.map(([s]) => s), pairs };
}

/** The comparison of two systems from a matrix, oriented as a vs b (null when absent). */
export function pairOf(matrix: SignificanceMatrix, a: string, b: string): PairComparison | null {
  for (const p of matrix.pairs) {
    if (p.a === a && p.b === b) return p;
    if (p.a === b && p.b === a) {
      return {
        ...p,
        a,
        b,
        meanA: p.meanB,
        meanB: p.meanA,
        meanDiff: -p.meanDiff,
        cohensD: p.cohensD === null ? null : -p.cohensD,
        ci: p.ci === null ? null : [-p.ci[1], -p.ci[0]],
        wilcoxon: { ...p.wilcoxon, wPlus: (p.wilcoxon.n * (p.wilcoxon.n + 1)) / 2 - p.wilcoxon.wPlus },
      };
    }
  }
  return null;
}
