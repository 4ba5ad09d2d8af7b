// What failure triage says about one ground-truth symbol: per system, found at rank r, found
// below the cut, or missed, with the suggested (or a person's) category and its evidence.
import type { FailureCategory, Miss } from '../harness/failures';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';
import type { FixtureResults } from './model';

export interface Verdict {
  system: string;
  kind: 'hit' | 'below' | 'missed';
  rank?: number;
  /** The run's miss record (below the cut or missed): suggestion, evidence, a person's choice. */
  miss?: Miss;
}

/** The verdicts on `symbol` (as any spelling the normalizer folds), or undefined when it is not ground truth. */
export function verdictsFor(results: FixtureResults, misses: readonly Miss[], symbol: string, options: NormalizeOptions = {}): Verdict[] | undefined {
  const key = symbolKey(symbol, options);
  const row = results.matrix.rows.find((r) => symbolKey(r.symbol, options) === key);
  if (!row) return undefined;
  const out: Verdict[] = [];
  row.cells.forEach((cell, i) => {
    const system = results.matrix.systems[i];
    if (cell.kind === 'pending') return;
    const miss = misses.find((m) => m.system === system && m.task === results.fixture && symbolKey(m.symbol, options) === key);
    if (cell.kind === 'hit') out.push({ system, kind: 'hit', rank: cell.rank });
    else out.push({ system, kind: cell.kind, ...(cell.kind === 'below' ? { rank: cell.rank } : {}), ...(miss ? { miss } : {}) });
  });
  return out;
}

/** Ground-truth symbols some system missed (or found only below the cut), with those systems: the ones to decorate. */
export function missedBy(results: Pick<FixtureResults, 'matrix'>): { symbol: string; systems: string[] }[] {
  return results.matrix.rows
    .map((r) => ({ symbol: r.symbol, systems: results.matrix.systems.filter((_, i) => r.cells[i].kind === 'missed' || r.cells[i].kind === 'below') }))
    .filter((m) => m.systems.length > 0);
}

/** The category that counts: a person's, else the suggestion. */
export function categoryOf(miss: Miss): FailureCategory {
  return miss.category ?? miss.suggested;
}

/** One line per verdict, as text: `grep: missed; vocabulary miss (suggested): no word of ...`. */
export function verdictText(v: Verdict, k: number): string {
  const where = v.kind === 'hit' ? `found at rank ${v.rank}` : v.kind === 'below' ? `found below K=${k}, at rank ${v.rank}` : 'missed';
  if (!v.miss) return `${v.system}: ${where}`;
  const status = v.miss.category ? (v.miss.category === v.miss.suggested ? 'set' : `set; suggested ${v.miss.suggested}`) : v.miss.confirmed
    ? 'confirmed' : 'suggested';
  return `${v.system}: ${where}; ${categoryOf(v.miss)} (${v.miss.confirmed && v.miss.category ? `${status}, confirmed` : status}): ${v.miss.evidence}`;
}
