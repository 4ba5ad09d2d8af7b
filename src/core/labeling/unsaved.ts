// How many labels an unsaved fixture document holds that its file does not: what the status bar
// and the Fixtures tree count as "N unsaved labels". Counted per symbol: a label added, removed or
// changed (confidence or reason) counts once, and so does a ruling, though it writes the dispute
// and moves ground_truth too (one ruling read as "2 unsaved labels").
import type { Fixture } from '../fixtures/model';
import { symbolKey } from '../symbols/normalize';

export function unsavedLabels(saved: Fixture, edited: Fixture): number {
  const entries = (f: Fixture): Map<string, string> => {
    const all = new Map<string, string>();
    const lists: [string, Fixture['ground_truth']][] = [['ground_truth', f.ground_truth], ...Object.entries(f.labels)];
    for (const [list, labels] of lists) {
      for (const l of labels) all.set(`${list}\0${symbolKey(l.symbol)}`, JSON.stringify([l.confidence ?? 'HIGH', l.reason ?? '']));
    }
    for (const d of f.disputes) all.set(`disputes\0${symbolKey(d.symbol)}`, JSON.stringify([d.resolution, d.rationale, d.confidence ?? '']));
    return all;
  };
  const before = entries(saved);
  const after = entries(edited);
  const symbolOf = (key: string) => key.slice(key.indexOf('\0') + 1);
  const changed = new Set<string>();
  for (const [key, value] of after) if (before.get(key) !== value) changed.add(symbolOf(key));
  for (const key of before.keys()) if (!after.has(key)) changed.add(symbolOf(key));
  return changed.size;
}
