// A fixture's default `candidates` (§7.3 steps 3-4): the symbols a change touches, then their
// one-hop neighbours, in that order and each once. Both raters judge this universe, so the
// items neither of them labels count toward kappa.
import type { Repository } from '../git/repository';
import type { BaseNames } from './baseNames';
import { ChangedSymbol, changedSymbols, ChangeReport } from './changedSymbols';
import { Neighbour, neighboursOf } from './neighbours';

export interface Candidates {
  base: string;
  head: string;
  changed: ChangedSymbol[];
  neighbours: Neighbour[];
  /**
   * The qualified names as they are at base, where a diff fixture is labeled and run: the
   * modified and deleted symbols (in file order), then the neighbours by rank. Symbols the change
   * adds are not candidates: no system can retrieve them from the base revision.
   */
  symbols: string[];
  skipped: { path: string; reason: string }[];
  /** The base-side name of what a click on either side names (labels are named at base). */
  names: BaseNames;
}

export async function candidatesOf(repo: Repository, base: string, head: string, neighbourLimit = 30): Promise<Candidates> {
  return candidatesFrom(repo, await changedSymbols(repo, base, head), neighbourLimit);
}

/** The candidates of a change whose symbols are read already. */
export async function candidatesFrom(repo: Repository, report: ChangeReport, neighbourLimit = 30): Promise<Candidates> {
  const neighbours = await neighboursOf(repo, report, neighbourLimit);
  const atBase = report.symbols.filter((s) => s.change !== 'added').map((s) => s.baseSymbol ?? s.symbol);
  const symbols = [...new Set([...atBase, ...neighbours.map((n) => n.symbol)])];
  return { base: report.base, head: report.head, changed: report.symbols, neighbours, symbols, skipped: report.skipped, names: report.names };
}
