// Matching a system's returned names to a fixture's ground truth (docs/scoring.md#matching---match, made honest).
// Every name goes through the shared normalizer first; the rule is explicit and recorded with
// every result. Credit is a maximum bipartite matching between the returned items and the
// ground-truth entries, built in rank order: each new item is credited when an augmenting path
// reaches a free entry, and a credited item stays credited though its entry may be handed to a
// later item while it moves to another it matches. So the number of credited items among any
// top K is the maximum matching of that set (P@K and R@K do not depend on the order inside the
// top K), each entry is credited at most once (recall never exceeds 1), and each credited item
// ends with one entry, which graded NDCG uses and export-trec writes.

import { effectiveConfidence, Label } from '../fixtures/model';
import { NormalizeOptions, normalizeSymbol, symbolKey } from '../symbols/normalize';

import { DEFAULT_MATCH_RULE, MatchRule } from './rules';

export { DEFAULT_MATCH_RULE, MATCH_RULES } from './rules';
export type { MatchRule } from './rules';

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
  /** Index into the ground truth of the entry this item is finally credited with; null when not relevant. */
  entry: number | null;
  /** That entry's symbol, for reading results without the fixture beside them. */
  groundTruth: string | null;
  /** The credited entry's gain, 0 when not relevant. */
  gain: number;
  /**
   * Why a returned item is not relevant, when it matched something: `already-credited` (every
   * entry it matches stays credited to other items, however they are reassigned) or
   * `duplicate` (the same name came back at an earlier rank).
   */
  note?: 'already-credited' | 'duplicate';
}

export interface MatchResult {
  rule: MatchRule;
  ranks: RankMatch[];
  /** The ground truth with gains, in the fixture's order. */
  truth: TruthEntry[];
  /** For each ground-truth entry, the rank of the item finally credited with it, or null. */
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
    return { symbol: g.symbol, gain: GAINS[effectiveConfidence(g)] };
  });
}

/** A name as the rules compare it. */
export interface MatchName {
  /** The segments joined by `.` (`/` and `.` are one separator). */
  key: string;
  segments: string[];
  /**
   * Whether the name ends on a path component: written with a `/` and no `.` member after the
   * last one (`shop/checkout.py`, `worker/queue`), so a file or a directory, not a symbol in one.
   */
  path: boolean;
}

export function matchName(raw: string, options: NormalizeOptions = {}): MatchName {
  const normalized = normalizeSymbol(raw, options);
  // The non-empty runs between separators, in one pass (every returned name of every answer comes here).
  const segments: string[] = [];
  let start = 0;
  for (let i = 0; i <= normalized.length; i++) {
    const c = i < normalized.length ? normalized.charCodeAt(i) : 46;
    if (c === 46 || c === 47) {
      if (i > start) segments.push(normalized.slice(start, i));
      start = i + 1;
    }
  }
  const slash = normalized.lastIndexOf('/');
  return { key: segments.join('.'), segments, path: slash >= 0 && normalized.indexOf('.', slash) < 0 };
}

/**
 * A ranking's names as matchNames last read them, by the ranking's array: one answer is scored
 * against several ground truths (disputeSensitivity's scenarios), and reading its names is most of
 * scoring a long one. Used only while every element is still the one read (compared one by one), so
 * an array changed in place is read again; an entry lives as long as its array.
 */
const namesRead = new WeakMap<readonly string[], { options: string; raw: string[]; names: MatchName[] }>();

/** What matchName reads of the options; `satisfies` fails to compile when NormalizeOptions gains a field this leaves out. */
const nameOptionsKey = (o: NormalizeOptions): string =>
  JSON.stringify({ module: o.module, keepLastSegment: o.keepLastSegment } satisfies Record<keyof NormalizeOptions, unknown>);

/**
 * Each name as matchName reads it, a repeated name read once: an answer may name one symbol a
 * million times, and reading each copy again is most of scoring it.
 */
export function matchNames(raw: readonly string[], options: NormalizeOptions = {}): MatchName[] {
  const key = nameOptionsKey(options);
  const kept = namesRead.get(raw);
  if (kept && kept.options === key && kept.raw.length === raw.length && kept.raw.every((r, i) => r === raw[i])) return kept.names.slice();
  const read = new Map<string, MatchName>();
  const names = raw.map((r) => {
    let name = read.get(r);
    if (name === undefined) read.set(r, (name = matchName(r, options)));
    return name;
  });
  namesRead.set(raw, { options: key, raw: raw.slice(), names });
  return names.slice();
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
 * Whether two names match under a rule (docs/scoring.md has each with examples). Every rule
 * accepts the same key. `exact`: nothing else. `symbol`: the last segments are equal, one
 * name's segments are an ordered subsequence of the other's, the shorter has at least two
 * segments, and both or neither end on a path component. `bounded`: one name's segments are a
 * contiguous run of the other's (whole segments: `Node` never matches `NodesByName`, but `shop`
 * matches `shop/cart.Cart.total`). `lenient`: the last segments are equal and one name's
 * segments are an ordered subsequence of the other's, single words included. `seed`: the seed's rule (docs/scoring.md#matching---match) to the
 * letter, one key a substring of the other (`Node` matches `store.NodesByName`).
 */
export function namesMatchUnder(a: MatchName, b: MatchName, rule: MatchRule): boolean {
  if (a.segments.length === 0 || b.segments.length === 0) return false;
  if (a.key === b.key) return true;
  if (rule === 'exact') return false;
  if (rule === 'seed') return a.key.includes(b.key) || b.key.includes(a.key);
  const [short, long] = a.segments.length <= b.segments.length ? [a.segments, b.segments] : [b.segments, a.segments];
  if (rule === 'bounded') return isContiguousRun(short, long);
  if (rule === 'lenient') return isSubsequenceSameLast(short, long);
  return short.length >= 2 && a.path === b.path && isSubsequenceSameLast(short, long);
}

/**
 * What makes a returned name a repeat of an earlier one: the same key, and under `symbol` also
 * both or neither a path (`worker/main` the file is not `worker.main` the symbol there).
 */
export function itemKey(name: MatchName, rule: MatchRule): string {
  return rule === 'symbol' && name.path ? `${name.key}/` : name.key;
}

/** Whether two names (any tool's spelling) match under a rule, after normalization. */
export function namesMatch(a: string, b: string, rule: MatchRule = DEFAULT_MATCH_RULE, options: NormalizeOptions = {}): boolean {
  return namesMatchUnder(matchName(a, options), matchName(b, options), rule);
}

/**
 * The ground-truth entries a name matches under a rule, in its order of preference: the same key,
 * then the higher gain, then the closest number of segments, then the fixture's order. Depends on
 * the name alone, never on the other items of a ranking.
 */
export function entriesMatching(name: MatchName, truthNames: readonly MatchName[], truth: readonly TruthEntry[], rule: MatchRule): number[] {
  const matched: number[] = [];
  for (let t = 0; t < truth.length; t++) if (namesMatchUnder(name, truthNames[t], rule)) matched.push(t);
  if (matched.length > 1) {
    const exact = (t: number) => (truthNames[t].key === name.key ? 0 : 1);
    const distance = (t: number) => Math.abs(truthNames[t].segments.length - name.segments.length);
    matched.sort((s, t) => exact(s) - exact(t) || truth[t].gain - truth[s].gain || distance(s) - distance(t) || s - t);
  }
  return matched;
}

const ROOT = -2;
const UNSEEN = -1;

/**
 * Scores a ranked list of returned names against a ground truth. Items are visited in rank
 * order; a name that repeats an earlier one (itemKey) is never credited. Each new item
 * lists the entries it matches, best first (entriesMatching). It takes the first of them that is
 * free; when none is, a breadth-first search looks for the shortest augmenting path (earlier
 * items moving to other entries they match, each in its own order of preference), so it is
 * credited exactly when the items so far admit a larger matching. An item that matches entries
 * but cannot be credited is `already-credited`. Each rank reports the entry it ends with.
 */
export function matchRanking(
  returned: readonly string[],
  groundTruth: readonly (Label | string | TruthEntry)[],
  options: MatchOptions = {},
): MatchResult {
  const rule = options.rule ?? DEFAULT_MATCH_RULE;
  const truth = truthEntries(groundTruth);
  const truthNames = truth.map((t) => matchName(t.symbol, options));
  const n = returned.length;
  // item -> entry and entry -> item, -1 when free.
  const partner = new Int32Array(n).fill(-1);
  const owner = new Int32Array(truth.length).fill(-1);
  // Each item's entries in its order of preference (empty for a duplicate or a non-match).
  const candidates = new Array<number[]>(n);
  const notes = new Array<RankMatch['note'] | undefined>(n);
  // The augmenting search's state, reused: how each entry was reached (UNSEEN, ROOT, or the entry whose item moved).
  const via = new Int32Array(truth.length);
  const queue = new Int32Array(truth.length);
  const seen = new Set<string>();
  const names = matchNames(returned, options);
  // The same name matches the same entries: each distinct name is compared with the truth once.
  const matches = new Map<MatchName, number[]>();

  for (let i = 0; i < n; i++) {
    candidates[i] = [];
    const name = names[i];
    if (name.segments.length === 0) continue;
    const key = itemKey(name, rule);
    const duplicate = seen.has(key);
    seen.add(key);
    let matched = matches.get(name);
    if (matched === undefined) matches.set(name, (matched = entriesMatching(name, truthNames, truth, rule)));
    if (matched.length === 0) continue;
    if (duplicate) {
      notes[i] = 'duplicate';
      continue;
    }
    candidates[i] = matched;
    const free = matched.find((t) => owner[t] < 0);
    if (free !== undefined) {
      owner[free] = i;
      partner[i] = free;
    } else if (!augment(i)) {
      notes[i] = 'already-credited';
    }
  }

  /** The shortest augmenting path from item i (whose entries are all taken), applied; false when there is none. */
  function augment(i: number): boolean {
    via.fill(UNSEEN);
    let tail = 0;
    for (const t of candidates[i]) {
      via[t] = ROOT;
      queue[tail++] = t;
    }
    for (let head = 0; head < tail; head++) {
      const t = queue[head];
      for (const u of candidates[owner[t]]) {
        if (via[u] !== UNSEEN) continue;
        via[u] = t;
        if (owner[u] < 0) {
          // Walk back: each item on the path moves to the entry after it; i takes the first.
          for (let cur = u; ; ) {
            const from = via[cur];
            const item = from === ROOT ? i : owner[from];
            owner[cur] = item;
            partner[item] = cur;
            if (from === ROOT) return true;
            cur = from;
          }
        }
        queue[tail++] = u;
      }
    }
    return false;
  }

  const ranks: RankMatch[] = returned.map((name, i) => {
    const t = partner[i];
    if (t >= 0) return { rank: i + 1, returned: name, relevant: true, entry: t, groundTruth: truth[t].symbol, gain: truth[t].gain };
    const note = notes[i];
    return note ? { rank: i + 1, returned: name, relevant: false, entry: null, groundTruth: null, gain: 0, note }
      : { rank: i + 1, returned: name, relevant: false, entry: null, groundTruth: null, gain: 0 };
  });
  const creditedAt = Array.from(owner, (item) => (item >= 0 ? item + 1 : null));
  return { rule, ranks, truth, creditedAt };
}

/** The comparison key of a name, re-exported here so scoring code has one import. */
export const matchKey = symbolKey;
