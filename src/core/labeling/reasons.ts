// The reasons the label picker offers, so labelers reuse one wording for one kind of need: the
// corpus's most used short reasons (a long reason is one task's own sentence, of no use to
// another), then the reasons this fixture already has, deduplicated across both, the list capped.
import type { Fixture } from '../fixtures/model';

/** What counts as a short, reusable reason. */
export const SHORT_REASON = { words: 6, chars: 48 } as const;

export interface ReasonChoices {
  /** Short reasons across the corpus, most used first. */
  common: string[];
  /** This fixture's own reasons not already in `common`, in the order it gives them. */
  own: string[];
}

export interface ReasonLimits {
  /** At most this many common reasons (default 7). */
  common?: number;
  /** At most this many reasons in all (default 15). */
  total?: number;
}

/** The reasons already written in a corpus, most used first. */
export function reasonsUsed(fixtures: Iterable<Fixture>, limit = 30): string[] {
  const counts = new Map<string, { text: string; n: number }>();
  for (const f of fixtures) {
    for (const r of reasonsOf(f)) {
      const key = reasonKey(r);
      const seen = counts.get(key);
      if (seen) seen.n++;
      else counts.set(key, { text: r, n: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.n - a.n || a.text.localeCompare(b.text)).slice(0, limit).map((c) => c.text);
}

export function isShortReason(reason: string): boolean {
  return reason.length <= SHORT_REASON.chars && reason.split(/\s+/).filter(Boolean).length <= SHORT_REASON.words;
}

/**
 * The picker's reasons. `corpus` and `current` are as the rater may see them (a blind verifier's
 * view holds none of the labeler's reasons), `current` being the fixture labeled now.
 */
export function reasonChoices(corpus: Iterable<Fixture>, current: Fixture | undefined, limits: ReasonLimits = {}): ReasonChoices {
  const total = limits.total ?? 15;
  const common = reasonsUsed(corpus, Infinity).filter(isShortReason).slice(0, Math.min(limits.common ?? 7, total));
  const seen = new Set(common.map(reasonKey));
  const own: string[] = [];
  for (const r of current ? reasonsOf(current) : []) {
    if (common.length + own.length >= total) break;
    if (seen.has(reasonKey(r))) continue;
    seen.add(reasonKey(r));
    own.push(r);
  }
  return { common, own };
}

/** Two reasons are the same when they differ only in case and spacing. */
export function reasonKey(reason: string): string {
  return reason.trim().replace(/\s+/g, ' ').toLowerCase();
}

function reasonsOf(f: Fixture): string[] {
  return [...f.ground_truth, ...Object.values(f.labels).flat()].flatMap((l) => (l.reason?.trim() ? [l.reason.trim()] : []));
}
