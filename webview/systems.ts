// Which systems the Results tab shows: those with an answer on this fixture (from this run or a
// recorded one) and those running now. A configured system nobody ran here would be a row and a
// matrix column of en dashes; it is named once, in one line, instead.
import type { Chartless, PanelResults } from '../src/shared/panelView';

export interface ShownResults {
  results: Chartless<PanelResults>;
  /** Systems left out: no answer here and not running. */
  others: string[];
}

export function withResults(results: Chartless<PanelResults>): ShownResults {
  const keep = new Set(results.rows.filter((r) => r.status !== 'pending').map((r) => r.system));
  const others = results.rows.filter((r) => !keep.has(r.system)).map((r) => r.system);
  if (others.length === 0) return { results, others };
  const columns = results.matrix.systems.map((s, i) => [s, i] as const).filter(([s]) => keep.has(s));
  return {
    results: {
      ...results,
      rows: results.rows.filter((r) => keep.has(r.system)),
      matrix: { ...results.matrix, systems: columns.map(([s]) => s), rows: results.matrix.rows.map((row) => ({ ...row, cells: columns.map(([, i]) => row.cells[i]) })) },
      lists: results.lists.filter((l) => keep.has(l.system)),
    },
    others,
  };
}

/** `codegraph and knowing have no results on this fixture.` */
export function othersLine(others: readonly string[]): string {
  const names = others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`;
  return `${names} ${others.length === 1 ? 'has' : 'have'} no results on this fixture (not run on it).`;
}
