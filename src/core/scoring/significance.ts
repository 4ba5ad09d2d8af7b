// Statistical significance of system comparisons (docs/scoring.md#significance-56): the paired Wilcoxon signed-rank test,
// Cohen's d for paired samples (d_z and d_av), a seeded bootstrap confidence interval of the mean
// difference, and the pairwise matrix over systems. A difference is called significant only when
// p < 0.05 AND |d| > 0.3, d being d_z unless the run asks for d_av. Pure arithmetic, no I/O; the
// same inputs and seed give the same numbers. Formulas and references: docs/scoring.md.
import { mean as meanOrNull, standardDeviation } from '../numbers';
import { normalSf } from './normal';

const mean = (xs: readonly number[]): number => meanOrNull(xs) ?? 0;

export const ALPHA = 0.05;
export const MIN_EFFECT = 0.3;
export const BOOTSTRAP_RESAMPLES = 1000;
export const DEFAULT_SEED = 20250101;
/** Up to this many non-zero differences, ties or not, p comes from the exact permutation distribution. */
export const EXACT_MAX_N = 50;

/** Which Cohen's d the significance rule compares with MIN_EFFECT. */
export const EFFECT_SIZES = ['d_z', 'd_av'] as const;
export type EffectSize = (typeof EFFECT_SIZES)[number];
export const DEFAULT_EFFECT_SIZE: EffectSize = 'd_z';

export interface WilcoxonResult {
  /** min(W+, W-), scipy's two-sided statistic. */
  statistic: number;
  /** Sum of the (average) ranks of the positive differences. */
  wPlus: number;
  /** Non-zero differences (zeros are dropped, Wilcoxon's convention, scipy's zero_method='wilcox'). */
  n: number;
  /** Two-sided p-value; 1 when every difference is 0. */
  p: number;
  /** `exact`: the permutation distribution of the signed ranks; `normal`: the approximation above EXACT_MAX_N. */
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
 * themselves when y is omitted). Differences are first rounded to 12 significant digits and 12
 * decimals, so metric values that differ only by floating-point noise (0.3 - 0.2 and 0.2 - 0.1)
 * tie and 0.1 + 0.2 - 0.3 counts as zero; zeros are dropped; |d| is ranked with ties given their
 * average rank. With n <= 50 non-zero differences p is exact, ties or not: the probability, over
 * the 2^n equally likely sign assignments, of a W+ at least as far from its mean as the one
 * observed (exactDistribution). Above, the normal approximation with the tie correction of the
 * variance and a continuity correction of 0.5.
 */
export function wilcoxon(x: readonly number[], y?: readonly number[]): WilcoxonResult {
  return signedRankTest(differences(x, y));
}

/** wilcoxon on differences already taken. */
function signedRankTest(differences: readonly number[]): WilcoxonResult {
  const diffs: number[] = [];
  for (const d of differences) {
    const v = roundNoise(d);
    if (v !== 0) diffs.push(v);
  }
  const n = diffs.length;
  if (n === 0) return { statistic: 0, wPlus: 0, n: 0, p: 1, method: 'none' };
  const { doubled, tieGroups } = doubledRanks(diffs.map(Math.abs));
  let wPlus2 = 0;
  for (let i = 0; i < n; i++) if (diffs[i] > 0) wPlus2 += doubled[i];
  const total2 = n * (n + 1);
  const wPlus = wPlus2 / 2;
  const statistic = Math.min(wPlus2, total2 - wPlus2) / 2;
  if (n <= EXACT_MAX_N) {
    const counts = exactDistribution(doubled);
    let below = 0;
    let above = 0;
    for (let s = 0; s <= total2; s++) {
      if (s <= wPlus2) below += counts[s];
      if (s >= wPlus2) above += counts[s];
    }
    return { statistic, wPlus, n, p: Math.min(1, (2 * Math.min(below, above)) / 2 ** n), method: 'exact' };
  }
  const mu = total2 / 4;
  let ties = 0;
  for (const t of tieGroups) ties += t * t * t - t;
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1) - ties / 2) / 24);
  const z = Math.max(0, Math.abs(wPlus - mu) - 0.5) / sd;
  return { statistic, wPlus, n, p: Math.min(1, 2 * normalSf(z)), method: 'normal' };
}

/**
 * The smallest p the exact two-sided test can give over n paired tasks: every difference non-zero
 * and of one sign, 2 / 2^n. Under ALPHA only from 6 tasks on: with fewer, no pair can be significant
 * whatever the systems do, and "not significant" says nothing about them.
 */
export function smallestReachableP(n: number): number {
  return n <= 0 ? 1 : Math.min(1, 2 ** (1 - n));
}

/** The fewest paired tasks at which some pair can reach p < ALPHA. */
export const FEWEST_TESTABLE_TASKS = 6;

/**
 * Twice the average ranks of values (1-based, ties sharing the mean of their positions), which
 * are whole numbers, and the sizes of the groups of tied values (ascending by value). A value's
 * rank depends only on how many values are below it and how many equal it, so the values are
 * sorted as numbers (a typed array's own sort, no comparator) and each value's group found in
 * them by bisection.
 */
export function doubledRanks(values: readonly number[]): { doubled: Int32Array; tieGroups: number[] } {
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  const doubled = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    // The group of v is sorted[lo, hi): positions lo+1 .. hi, whose mean is (lo + 1 + hi) / 2.
    doubled[i] = lowerBound(sorted, v) + upperBound(sorted, v) + 1;
  }
  const tieGroups: number[] = [];
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && sorted[end] === sorted[start]) end++;
    if (end - start > 1) tieGroups.push(end - start);
    start = end;
  }
  return { doubled, tieGroups };
}

/** The first position of sorted holding a value >= v. */
function lowerBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position of sorted holding a value > v. */
function upperBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The null distribution of 2 W+ given these doubled ranks: counts[s] is how many of the 2^n
 * sign assignments give sum s of the doubled ranks signed +. Built one rank at a time (a rank
 * is either out of the sum or in it), so n ranks summing to S cost n * S additions; the counts
 * are whole numbers below 2^53 for n <= 52, so every one is exact in a double.
 */
export function exactDistribution(doubled: ArrayLike<number>): Float64Array {
  let total = 0;
  for (let i = 0; i < doubled.length; i++) total += doubled[i];
  const counts = new Float64Array(total + 1);
  counts[0] = 1;
  let reach = 0;
  for (let i = 0; i < doubled.length; i++) {
    const r = doubled[i];
    reach += r;
    for (let s = reach; s >= r; s--) counts[s] += counts[s - r];
  }
  return counts;
}

/**
 * A difference without floating-point noise: 12 significant digits, 12 decimals. Written as
 * decimal text twice, which is most of a Wilcoxon test's time; metric differences repeat (a P@5
 * difference is one of eleven), so each value's rounding is kept, up to ROUNDED_KEPT of them.
 */
function roundNoise(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  let r = rounded.get(v);
  if (r === undefined) {
    if (rounded.size >= ROUNDED_KEPT) rounded.clear();
    rounded.set(v, (r = Number(Number(v.toPrecision(12)).toFixed(12))));
  }
  return r;
}

const ROUNDED_KEPT = 1 << 16;
const rounded = new Map<number, number>();

function differences(x: readonly number[], y?: readonly number[]): number[] {
  if (!y) return [...x];
  if (x.length !== y.length) throw new RangeError(`paired samples differ in length: ${x.length} and ${y.length}`);
  return x.map((v, i) => v - y[i]);
}

/**
 * A spread below this share of the values' size is rounding, not spread: six tasks each +0.1
 * (0.6 - 0.5, 0.7 - 0.6, ...) differ in their last bits, and over that noise a mean difference
 * of 0.1 would read as an effect of 10^15.
 */
export const SPREAD_RESOLUTION = 1e-9;

/** The sample standard deviation of `xs`, 0 when it is zero up to rounding at the size `scale`; null below two values. */
export function spreadOf(xs: readonly number[], scale = sizeOf(xs)): number | null {
  const sd = standardDeviation(xs);
  if (sd === null) return null;
  return sd <= SPREAD_RESOLUTION * Math.max(scale, Number.MIN_VALUE) ? 0 : sd;
}

/** m / sd, with sd 0 read as: no effect when m is 0 too (up to the same rounding), an unbounded one otherwise. */
function standardized(m: number, sd: number | null, scale: number): number | null {
  if (sd === null) return null;
  if (sd === 0) return Math.abs(m) <= SPREAD_RESOLUTION * scale ? 0 : m > 0 ? Infinity : -Infinity;
  return m / sd;
}

/** The largest |value| of the samples, 0 for none. */
function sizeOf(...samples: (readonly number[] | undefined)[]): number {
  let size = 0;
  for (const xs of samples) {
    if (xs) for (const x of xs) size = Math.max(size, Math.abs(x));
  }
  return size;
}

/**
 * Cohen's d_z for paired samples: the mean difference over the sample standard deviation of the
 * differences. null below two pairs; 0 when every difference is 0; +-Infinity (written
 * `unbounded`) when the differences are all equal, up to rounding, and not 0.
 */
export function cohensDPaired(x: readonly number[], y?: readonly number[]): number | null {
  // Rounding is measured against the values subtracted, not the differences: 0.7 - 0.6 carries 0.7's error.
  return dZ(differences(x, y), sizeOf(x, y));
}

function dZ(d: readonly number[], scale: number): number | null {
  return standardized(mean(d), spreadOf(d, scale), scale);
}

/**
 * Cohen's d_av: the mean difference over the mean of the two samples' standard deviations (it
 * ignores how the two are correlated, so it reads like a d between independent groups). null
 * below two pairs.
 */
export function cohensDAv(x: readonly number[], y: readonly number[]): number | null {
  return dAv(x, y, differences(x, y), sizeOf(x, y));
}

function dAv(x: readonly number[], y: readonly number[], d: readonly number[], scale: number): number | null {
  const sx = spreadOf(x, scale);
  const sy = spreadOf(y, scale);
  return standardized(mean(d), sx === null || sy === null ? null : (sx + sy) / 2, scale);
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
  const seed = options.seed ?? DEFAULT_SEED;
  const means = new Float64Array(resamples);
  const indices = n * resamples <= KEPT_DRAWS ? drawnIndices(seed, n, resamples) : undefined;
  if (indices) {
    resampleMeans(Float64Array.from(values), indices, means);
  } else {
    const random = mulberry32(seed);
    for (let r = 0; r < resamples; r++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += values[(random() * n) | 0];
      means[r] = s / n;
    }
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

// Which values a resample draws depends only on the seed, n and the number of resamples, and every
// pair of a significance matrix (every metric, every system pair) uses the same three: drawing the
// same indices again was most of scoring a 300-task x 7-system run (315 pairs x 1000 resamples x
// 300 draws). They are drawn once and kept, up to KEPT_DRAWS of them; the draws and the sums are
// the same, in the same order, so the interval is the same to the last bit.
const KEPT_DRAWS = 1 << 22;

/**
 * Each resample's mean from the kept draws: resample r sums values[indices[r * n + i]] for i in
 * order, as a fresh draw would. Eight resamples are summed side by side, each in its own order:
 * the same additions, but eight independent chains the processor overlaps where one chain waits
 * on each addition before the next.
 */
function resampleMeans(values: Float64Array, indices: Int32Array, means: Float64Array): void {
  const n = values.length;
  const resamples = means.length;
  let r = 0;
  for (; r + 8 <= resamples; r += 8) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    for (let i = 0, k = r * n; i < n; i++, k++) {
      s0 += values[indices[k]];
      s1 += values[indices[k + n]];
      s2 += values[indices[k + 2 * n]];
      s3 += values[indices[k + 3 * n]];
      s4 += values[indices[k + 4 * n]];
      s5 += values[indices[k + 5 * n]];
      s6 += values[indices[k + 6 * n]];
      s7 += values[indices[k + 7 * n]];
    }
    means[r] = s0 / n;
    means[r + 1] = s1 / n;
    means[r + 2] = s2 / n;
    means[r + 3] = s3 / n;
    means[r + 4] = s4 / n;
    means[r + 5] = s5 / n;
    means[r + 6] = s6 / n;
    means[r + 7] = s7 / n;
  }
  for (; r < resamples; r++) {
    let s = 0;
    for (let i = 0, k = r * n; i < n; i++, k++) s += values[indices[k]];
    means[r] = s / n;
  }
}
let drawn: { seed: number; n: number; resamples: number; indices: Int32Array } | undefined;

function drawnIndices(seed: number, n: number, resamples: number): Int32Array {
  if (drawn && drawn.seed === seed && drawn.n === n && drawn.resamples === resamples) return drawn.indices;
  const random = mulberry32(seed);
  const indices = new Int32Array(n * resamples);
  for (let k = 0; k < indices.length; k++) indices[k] = (random() * n) | 0;
  drawn = { seed, n, resamples, indices };
  return indices;
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
  /** mean(a - b) / SD(a - b). */
  cohens_d_z: number | null;
  /** mean(a - b) / ((SD(a) + SD(b)) / 2). */
  cohens_d_av: number | null;
  /** Which of the two the significance rule used, and its value (cohensD). */
  effect_size: EffectSize;
  cohensD: number | null;
  /** 95% bootstrap interval of mean(a - b). */
  ci: [number, number] | null;
  /** p < 0.05 and |d| > 0.3. */
  significant: boolean;
  /** The better system when the difference is significant. */
  better: string | null;
}

export interface SignificanceOptions extends BootstrapOptions {
  /** The d that must exceed MIN_EFFECT; default d_z. */
  effectSize?: EffectSize;
}

/** Compares two systems' per-task values (the same tasks, in the same order). */
export function comparePaired(a: string, xs: readonly number[], b: string, ys: readonly number[], options: SignificanceOptions = {}): PairComparison {
  // The differences taken once, for every statistic.
  const d = differences(xs, ys);
  const w = signedRankTest(d);
  const dz = dZ(d, sizeOf(d));
  const dav = dAv(xs, ys, d, sizeOf(xs, ys));
  const effectSize = options.effectSize ?? DEFAULT_EFFECT_SIZE;
  const cohensD = effectSize === 'd_av' ? dav : dz;
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
    cohens_d_z: dz,
    cohens_d_av: dav,
    effect_size: effectSize,
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
export function significanceMatrix(
  values: ReadonlyMap<string, readonly number[]> | Readonly<Record<string, readonly number[]>>, options: SignificanceOptions = {}): SignificanceMatrix {
  // A guard, not a bare instanceof: `instanceof Map` would type the entries as any.
  const isMap = (v: typeof values): v is ReadonlyMap<string, readonly number[]> => v instanceof Map;
  const entries = isMap(values) ? [...values.entries()] : Object.entries(values);
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
        cohens_d_z: p.cohens_d_z === null ? null : -p.cohens_d_z,
        cohens_d_av: p.cohens_d_av === null ? null : -p.cohens_d_av,
        cohensD: p.cohensD === null ? null : -p.cohensD,
        ci: p.ci === null ? null : [-p.ci[1], -p.ci[0]],
        wilcoxon: { ...p.wilcoxon, wPlus: (p.wilcoxon.n * (p.wilcoxon.n + 1)) / 2 - p.wilcoxon.wPlus },
      };
    }
  }
  return null;
}
