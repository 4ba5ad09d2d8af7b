// Matching a system's returned names to a fixture's ground truth (§5.3–5.4, made honest).
// Every name goes through the shared normalizer first; the rule is explicit and recorded with
// every result; each ground-truth entry is credited at most once, so recall never exceeds 1.

import { effectiveConfidence, Label } from '../fixtures/model';
import { NormalizeOptions, symbolKey, symbolSegments } from '../symbols/normalize';
import { MATCH_RULES, type MatchRule } from '../../shared/vocabulary';

export { MATCH_RULES, type MatchRule };
export const DEFAULT_MATCH_RULE: MatchRule = 'bounded';

/** The gain of a ground-truth entry for graded NDCG: HIGH 2, MEDIUM 1 (plain strings count as HIGH). */
export const GAINS = { HIGH: 2, MEDIUM: 1 } as const;

/** One ground-truth entry as the scorer sees it. */
export interface TruthEntry {
  symbol: string;
  gain: number;
}

/** What a returned item at one rank earned. */
export interface RankMatch {
  /** 1-based. */
  rank: number;
  returned: string;
  relevant: boolean;
  /** Index into the ground truth of the entry credited here; null when not relevant. */
  entry: number | null;
  /** That entry's symbol, for reading results without the fixture beside them. */
  groundTruth: string | null;
  /** The credited entry's gain, 0 when not relevant. */
  gain: number;
  /**
   * Why a returned item is not relevant, when it matched something: `already-credited` (every
   * entry it matches was credited at an earlier rank) or `duplicate` (the same name came back
   * at an earlier rank).
   */
  note?: 'already-credited' | 'duplicate';
}

export interface MatchResult {
  rule: MatchRule;
  ranks: RankMatch[];
  /** The ground truth with gains, in the fixture's order. */
  truth: TruthEntry[];
  /** For each ground-truth entry, the rank that credited it, or null. */
  creditedAt: (number | null)[];
}

export interface MatchOptions extends NormalizeOptions {
  rule?: MatchRule;
}

/** A fixture's ground truth (labels, or plain strings) as entries with gains. */
export function truthEntries(groundTruth: readonly (Label | string | TruthEntry)[]): TruthEntry[] {
  return groundTruth.map((g) => {
    if (typeof g === 'string') return { symbol: g, gain: GAINS.HIGH };
    if ('gain' in g && typeof g.gain === 'number') return { symbol: g.symbol, gain: g.gain };
    return { symbol: g.symbol, gain: GAINS[effectiveConfidence(g as Label)] };
  });
}

/** Whether `needle` occurs in `hay` as a contiguous run. */
function isContiguousRun(needle: readonly string[], hay: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  outer: for (let start = 0; start + needle.length <= hay.length; start++) {
    for (let i = 0; i < needle.length; i++) if (hay[start + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
}

/** Whether `needle` is an ordered (not necessarily contiguous) subsequence of `hay` ending on hay's last segment. */
function isSubsequenceSameLast(needle: readonly string[], hay: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  if (needle[needle.length - 1] !== hay[hay.length - 1]) return false;
  let j = 0;
  for (let i = 0; i < hay.length && j < needle.length; i++) if (hay[i] === needle[j]) j++;
  return j === needle.length;
}

/**
 * Whether two already-split names match under a rule. `exact`: the same segments. `bounded`:
 * the shorter's segments are a contiguous run of the longer's (whole segments only, so `Node`
 * never matches `NodesByName`). `lenient`: bounded, or the shorter's segments are an ordered
 * subsequence of the longer's ending on the same last segment (`store.NodesByName` matches
 * `internal/store.SQLiteStore.NodesByName`). Each rule accepts everything the one before it does.
 */
export function segmentsMatch(a: readonly string[], b: readonly string[], rule: MatchRule): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (rule === 'exact') return short.length === long.length && short.every((s, i) => s === long[i]);
  if (isContiguousRun(short, long)) return true;
  return rule === 'lenient' && isSubsequenceSameLast(short, long);
}

/** Whether two names (any tool's spelling) match under a rule, after normalization. */
export function namesMatch(a: string, b: string, rule: MatchRule = DEFAULT_MATCH_RULE, options: NormalizeOptions = {}): boolean {
  return segmentsMatch(symbolSegments(a, options), symbolSegments(b, options), rule);
}

/**
 * Scores a ranked list of returned names against a ground truth, one-to-one: ranks are visited
 * in order, and each returned name is credited with the best-fitting ground-truth entry it
 * matches that no earlier rank took (an identical name first, then the closest in length,
 * then the higher gain, then the fixture's order). A name that only matches entries already
 * credited, or that repeats an earlier returned name, is not relevant.
 */
export function matchRanking(
  returned: readonly string[],
  groundTruth: readonly (Label | string | TruthEntry)[],
  options: MatchOptions = {},
): MatchResult {
  const rule = options.rule ?? DEFAULT_MATCH_RULE;
  const truth = truthEntries(groundTruth);
  const truthSegments = truth.map((t) => symbolSegments(t.symbol, options));
  const truthKeys = truthSegments.map((s) => s.join('.'));
  const creditedAt: (number | null)[] = truth.map(() => null);
  const seen = new Set<string>();
  const ranks: RankMatch[] = returned.map((name, i) => {
    const rank = i + 1;
    const segments = symbolSegments(name, options);
    const key = segments.join('.');
    const none: RankMatch = { rank, returned: name, relevant: false, entry: null, groundTruth: null, gain: 0 };
    if (segments.length === 0) return none;
    const duplicate = seen.has(key);
    seen.add(key);
    let best = -1;
    let matchedAny = false;
    for (let t = 0; t < truth.length; t++) {
      if (!segmentsMatch(segments, truthSegments[t], rule)) continue;
      matchedAny = true;
      if (duplicate || creditedAt[t] !== null) continue;
      if (best < 0 || better(t, best)) best = t;
    }
    if (best < 0) return matchedAny ? { ...none, note: duplicate ? 'duplicate' : 'already-credited' } : none;
    creditedAt[best] = rank;
    return { rank, returned: name, relevant: true, entry: best, groundTruth: truth[best].symbol, gain: truth[best].gain };

    function better(t: number, than: number): boolean {
      const exactT = truthKeys[t] === key;
      const exactB = truthKeys[than] === key;
      if (exactT !== exactB) return exactT;
      const distT = Math.abs(truthSegments[t].length - segments.length);
      const distB = Math.abs(truthSegments[than].length - segments.length);
      if (distT !== distB) return distT < distB;
      if (truth[t].gain !== truth[than].gain) return truth[t].gain > truth[than].gain;
      return false;
    }
  });
  return { rule, ranks, truth, creditedAt };
}

/** The comparison key of a name, re-exported here so scoring code has one import. */
export const matchKey = symbolKey;
