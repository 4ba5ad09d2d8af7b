// Cohen's kappa (docs/fixture-format.md#the-protocol-states-and-who-writes-what): chance-corrected agreement between two raters who put the same items
// into categories. Undefined, never NaN or a made-up 1.0, when there is nothing to correct for.
import type { Band } from '../../shared/vocabulary';

export interface Kappa {
  /** null when undefined; `reason` then says why. */
  kappa: number | null;
  /** Observed agreement, the share of items both raters put in the same category. */
  observed: number | null;
  /** Agreement expected by chance from each rater's category rates. */
  expected: number | null;
  reason: string | null;
}

/** Kappa over paired categorical ratings; `a[i]` and `b[i]` are the two raters' categories of item i. */
export function cohensKappa<C>(a: readonly C[], b: readonly C[]): Kappa {
  if (a.length !== b.length) throw new Error('cohensKappa: both raters must rate the same items');
  const n = a.length;
  if (n === 0) return { kappa: null, observed: null, expected: null, reason: 'no items to compare' };
  let agree = 0;
  const countA = new Map<C, number>();
  const countB = new Map<C, number>();
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    countA.set(a[i], (countA.get(a[i]) ?? 0) + 1);
    countB.set(b[i], (countB.get(b[i]) ?? 0) + 1);
  }
  const observed = agree / n;
  let expected = 0;
  for (const [category, ca] of countA) expected += (ca / n) * ((countB.get(category) ?? 0) / n);
  if (Math.abs(1 - expected) < 1e-12) {
    return { kappa: null, observed, expected, reason: 'no variation: both raters put every item in one and the same category' };
  }
  return { kappa: (observed - expected) / (1 - expected), observed, expected, reason: null };
}

export type { Band };

/** The protocol's bands: > 0.8 strong, 0.6-0.8 moderate (discuss), < 0.6 weak (re-examine). */
export function bandOf(kappa: number | null): Band | null {
  if (kappa === null) return null;
  if (kappa > 0.8) return 'strong';
  if (kappa >= 0.6) return 'moderate';
  return 'weak';
}

/** The corpus-wide target the protocol asks for before a benchmark run. */
export const KAPPA_TARGET = 0.75;
