// A diff fixture is labeled and run at diff.base, but a person reads the change and clicks on
// either side of it. What a click names at base: the same name for a file the change leaves alone
// or edits in place, the old name for a definition of a renamed (moved) file, and nothing for a
// definition the change adds: no system can retrieve it from the base revision, so labeling it is
// refused. The CodeLens, hovers, decorations, the Candidates view and every label action ask here.
import type { FileChange } from '../git/diff';
import { Definition, modulePath } from '../symbols/definitions';
import { CANONICAL, symbolKey } from '../symbols/normalize';

/** The side of a change a name was read on; undefined when unknown (a typed name, a working-tree file). */
export type Side = 'base' | 'head';

export type AtBase = { symbol: string } | { refused: string };

/** Why a symbol that exists only at head cannot be labeled. */
export function onlyAtHead(symbol: string): string {
  return `\`${symbol}\` exists only at diff.head (the change adds it): systems run at diff.base, where it cannot be retrieved, so it is not `
    + `labeled; label the base-side symbols the task needs`;
}

export class BaseNames {
  /** Head-side names in the change's files that differ at base: the base name, or null when the change adds it. */
  private readonly atHead = new Map<string, string | null>();
  /** The names the change's files define at base. */
  private readonly atBase = new Set<string>();

  /** One file of the change, given its definitions on both sides (as changedSymbols reads them). */
  addFile(f: FileChange, before: Definition[], after: Definition[]): void {
    for (const d of before) this.atBase.add(symbolKey(d.symbol, CANONICAL));
    if (!f.newPath) return;
    const baseIds = new Map<string, string>();
    if (f.oldPath && f.status !== 'copied') identities(before, f.oldPath).forEach((id, i) => baseIds.set(id, before[i].symbol));
    identities(after, f.newPath).forEach((id, i) => {
      const head = after[i].symbol;
      const base = baseIds.get(id);
      if (base === undefined) this.atHead.set(symbolKey(head, CANONICAL), null);
      else if (symbolKey(base, CANONICAL) !== symbolKey(head, CANONICAL)) this.atHead.set(symbolKey(head, CANONICAL), base);
    });
  }

  /**
   * `symbol`, read on `side`, named at base; or why it cannot be labeled. A name of unknown side
   * is taken as base-side when the change's files define it at base, else as head-side.
   */
  nameAtBase(symbol: string, side?: Side): AtBase {
    if (side === 'base') return { symbol };
    const key = symbolKey(symbol, CANONICAL);
    if (side === undefined && this.atBase.has(key)) return { symbol };
    const base = this.atHead.get(key);
    if (base === null) return { refused: onlyAtHead(symbol) };
    return { symbol: base ?? symbol };
  }
}

/**
 * A definition's identity across the two sides of one file: its name without the path (so a
 * renamed file keeps its symbols) and, for overloads, which of the same-named ones it is.
 */
export function identities(defs: Definition[], path: string | undefined): string[] {
  const prefix = path ? modulePath(path).length : 0;
  const seen = new Map<string, number>();
  return defs.map((d) => {
    const local = d.symbol.slice(prefix);
    const n = seen.get(local) ?? 0;
    seen.set(local, n + 1);
    return `${local}#${n}`;
  });
}
