// "Did you mean ...": the existing name nearest to one that does not resolve. Names are compared
// by their last segment first (what a typo or a rename changes: `redirectt`, `totl`), then by the
// whole qualified name (which of several same-named definitions is meant), both by edit distance
// with transpositions, so `toatl` is one edit from `total`.

/**
 * The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbouring characters each cost 1. Stops early and returns `max + 1` once the distance must
 * exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length], max + 1);
}

/** How many edits a name of this length may be from the intended one and still be suggested. */
export function suggestionBound(name: string): number {
  return Math.max(1, Math.floor(name.length / 3));
}

/** The last `.`-separated segment of a comparison key. */
export function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/**
 * The candidate nearest to `key` (both comparison keys, see normalize.ts's symbolKey): the one
 * whose last segment is fewest edits away, within `suggestionBound`, ties broken by the distance
 * of the whole key, then by name so the answer never depends on the candidates' order.
 * Undefined when no candidate is close enough, or the only close one is `key` itself.
 */
export function nearestKey(key: string, candidates: Iterable<string>): string | undefined {
  const last = lastSegment(key);
  const bound = suggestionBound(last);
  let best: { key: string; last: number; whole: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === key) continue;
    const d = editDistance(last, lastSegment(candidate), best ? Math.min(bound, best.last) : bound);
    // From here on d <= best.last, so a tie on the last segment falls to the whole key.
    if (d > bound || (best && d > best.last)) continue;
    const whole = editDistance(key, candidate);
    const better = !best || d < best.last || whole < best.whole || (whole === best.whole && candidate < best.key);
    if (better) {
      best = { key: candidate, last: d, whole };
    }
  }
  return best?.key;
}
