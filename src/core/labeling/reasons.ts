// The reasons already written in a corpus, most used first: the quick input offers them, so
// labelers reuse one wording for one kind of need.
import type { Fixture } from '../fixtures/model';

export function reasonsUsed(fixtures: Iterable<Fixture>, limit = 30): string[] {
  const counts = new Map<string, number>();
  for (const f of fixtures) {
    for (const l of [...f.ground_truth, ...Object.values(f.labels).flat()]) {
      const r = l.reason?.trim();
      if (r) counts.set(r, (counts.get(r) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit).map(([r]) => r);
}
