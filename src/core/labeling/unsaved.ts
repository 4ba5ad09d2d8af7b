// How many labels an unsaved fixture document holds that its file does not: what the status bar
// and the Fixtures tree count as "N unsaved labels". A label added, removed or changed (confidence
// or reason) in any list counts once; so does a ruling (a dispute).
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
  let n = 0;
  for (const [key, value] of after) if (before.get(key) !== value) n++;
  for (const key of before.keys()) if (!after.has(key)) n++;
  return n;
}
