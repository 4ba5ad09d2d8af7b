// The `scip` resolver (docs/fixture-format.md#resolvers): what a name at a place in a file means,
// as a compiler-grade indexer says (scip-python's pyright, scip-typescript's TypeScript checker).
// It answers only where its index speaks: a language with no indexer (Go), a file or name the
// indexer could not resolve (an import of a module the repository does not hold) is left to the
// tree-sitter heuristics, so the neighbour rules stay one set and only resolution changes.
import type { Repository } from '../../git/repository';
import { isLocal, packageOf, ScipIndex, ScipOccurrence, ScipPlace } from './decode';
import { IndexerName } from './indexers';
import { indexRevision, RevisionIndex } from './indexRevision';

/**
 * What the index says a name at a place means: definitions in the repository (`places`, where
 * their names are written), or code outside it (`places` empty: a library, the language's own
 * types); undefined when the index does not say.
 */
export interface PreciseAnswer {
  places: ScipPlace[];
  /** The index's symbol for the name (undefined for a local). */
  symbol?: string;
}

/** A use of a repository symbol the index names, and where that symbol is defined. */
export interface PreciseUse {
  line: number;
  column: number;
  symbol: string;
  places: ScipPlace[];
}

/** A symbol the index relates to another: one it implements or overrides, or one that implements or overrides it. */
export interface PreciseRelative {
  symbol: string;
  places: ScipPlace[];
  /** Does it implement or override the one asked about (a subclass, an overriding method), rather than the other way? */
  implementer: boolean;
}

export interface PreciseResolver {
  /** The meaning of the name at (1-based line, 0-based column) of `path` at revision `rev` (a full SHA). */
  at(rev: string, path: string, line: number, column: number): Promise<PreciseAnswer | undefined>;
  /**
   * The repository symbol whose definition names it at (line, column) of `path`, when the index says;
   * `assignment`: or which is assigned there (an instance attribute the index defines at another of its assignments).
   */
  definedAt(rev: string, path: string, line: number, column: number, assignment?: boolean): Promise<string | undefined>;
  /** The uses on lines `from`..`to` of `path` of symbols the repository defines (definitions and locals left out). */
  usesIn(rev: string, path: string, from: number, to: number): Promise<PreciseUse[]>;
  /** The lines `from`..`to` of `path` that name each local or parameter, by its symbol (with the column of its first use on each line). */
  localLines(rev: string, path: string, from: number, to: number): Promise<Map<string, { lines: Set<number>; columns: Map<number, number> }>>;
  /** Every place the repository names `symbol` other than its definition. */
  references(rev: string, symbol: string): Promise<ScipPlace[]>;
  /** What `symbol` implements or overrides, and what implements or overrides it, defined in the repository. */
  related(rev: string, symbol: string): Promise<PreciseRelative[]>;
}

/** The `scip` resolver over one repository: each revision indexed (or read from the cache) once, when first asked. */
export class ScipResolver implements PreciseResolver {
  private readonly revisions = new Map<string, Promise<RevisionIndex>>();
  /** Seconds spent indexing (0 when the cache held every index). */
  seconds = 0;

  constructor(private readonly repo: Repository, private readonly home: string, private readonly cacheDir: string,
    private readonly progress?: (line: string) => void) {}

  /** Index `rev` now (the candidates of a change index both sides before reading them). */
  async prepare(rev: string): Promise<IndexerName[]> {
    return [...(await this.revision(rev)).indexes.keys()];
  }

  async at(rev: string, path: string, line: number, column: number): Promise<PreciseAnswer | undefined> {
    for (const index of (await this.revision(rev)).indexes.values()) {
      const occurrences = index.documents.get(path);
      if (!occurrences) continue;
      const o = occurrenceAt(occurrences, line, column);
      return o ? meaning(index, occurrences, path, o) : undefined;
    }
    return undefined;
  }

  async definedAt(rev: string, path: string, line: number, column: number, assignment = false): Promise<string | undefined> {
    for (const index of (await this.revision(rev)).indexes.values()) {
      const o = index.documents.get(path)?.find((x) => x.line === line && x.column === column && !isLocal(x.symbol)
        && (x.definition || (assignment && index.definitions.has(x.symbol))));
      if (o) return o.symbol;
    }
    return undefined;
  }

  async usesIn(rev: string, path: string, from: number, to: number): Promise<PreciseUse[]> {
    const out: PreciseUse[] = [];
    for (const index of (await this.revision(rev)).indexes.values()) {
      for (const o of index.documents.get(path) ?? []) {
        if (o.line < from || o.line > to || o.definition || isLocal(o.symbol)) continue;
        const places = index.definitions.get(o.symbol);
        if (places) out.push({ line: o.line, column: o.column, symbol: o.symbol, places });
      }
    }
    return out;
  }

  async localLines(rev: string, path: string, from: number, to: number): Promise<Map<string, { lines: Set<number>; columns: Map<number, number> }>> {
    const out = new Map<string, { lines: Set<number>; columns: Map<number, number> }>();
    for (const index of (await this.revision(rev)).indexes.values()) {
      for (const o of index.documents.get(path) ?? []) {
        // scip-python names a parameter globally (`…/attrs().(repr_ns)`), scip-typescript as a local.
        if (o.line < from || o.line > to || !(isLocal(o.symbol) || o.symbol.endsWith(')'))) continue;
        const entry = out.get(o.symbol) ?? { lines: new Set<number>(), columns: new Map<number, number>() };
        entry.lines.add(o.line);
        if (!entry.columns.has(o.line)) entry.columns.set(o.line, o.column);
        out.set(o.symbol, entry);
      }
    }
    return out;
  }

  async references(rev: string, symbol: string): Promise<ScipPlace[]> {
    for (const index of (await this.revision(rev)).indexes.values()) {
      const found = index.references.get(symbol);
      if (found) return found;
    }
    return [];
  }

  async related(rev: string, symbol: string): Promise<PreciseRelative[]> {
    const out: PreciseRelative[] = [];
    for (const index of (await this.revision(rev)).indexes.values()) {
      const add = (other: string, implementer: boolean) => {
        const places = index.definitions.get(other);
        if (places && !out.some((r) => r.symbol === other)) out.push({ symbol: other, places, implementer });
      };
      for (const other of index.implements.get(symbol) ?? []) add(other, false);
      for (const other of index.implementedBy.get(symbol) ?? []) add(other, true);
    }
    return out;
  }

  private revision(rev: string): Promise<RevisionIndex> {
    let found = this.revisions.get(rev);
    if (!found) {
      found = indexRevision(this.repo, rev, this.home, this.cacheDir, this.progress).then((r) => {
        this.seconds += r.seconds;
        return r;
      });
      this.revisions.set(rev, found);
    }
    return found;
  }
}

/** The occurrence whose range holds the column on `line` (binary search: occurrences are ordered). */
function occurrenceAt(occurrences: ScipOccurrence[], line: number, column: number): ScipOccurrence | undefined {
  let lo = 0;
  let hi = occurrences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (occurrences[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < occurrences.length && occurrences[i].line === line; i++) {
    const o = occurrences[i];
    if (o.column <= column && column < Math.max(o.endColumn, o.column + 1)) return o;
  }
  return undefined;
}

function meaning(index: ScipIndex, occurrences: ScipOccurrence[], path: string, o: ScipOccurrence): PreciseAnswer | undefined {
  if (isLocal(o.symbol)) {
    // A local is defined in its own document, or it is a name the indexer could not follow.
    const def = occurrences.find((x) => x.definition && x.symbol === o.symbol);
    return def ? { places: [{ path, line: def.line, column: def.column }] } : undefined;
  }
  const places = index.definitions.get(o.symbol);
  if (places) return { places, symbol: o.symbol };
  // The repository's own package, yet defined nowhere in it: an import the indexer could not follow.
  if (index.packages.has(packageOf(o.symbol))) return undefined;
  return { places: [] };
}
