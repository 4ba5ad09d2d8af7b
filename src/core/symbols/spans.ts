// Where a name points in the code, as the granularity metrics count it (docs/scoring.md#granularities):
// a definition (its file and the lines it owns) or a file. A definition owns the lines of its
// range that no definition nested in it holds (a class owns its header, each method and field
// its own lines), so every line of a file belongs to at most one symbol: naming a class is no
// way to collect the lines of its methods, as naming a file is no way to collect its symbols.
// Line sets are sorted, disjoint, inclusive 1-based ranges; the operations are ContextBench's
// union, intersection and measure, over lines instead of bytes.
import type { Definition } from './definitions';
import { listAt } from '../lists';

/** Lines `start` to `end`, 1-based, inclusive. */
export type LineRange = readonly [start: number, end: number];

/** What a name points to at a revision; a name that points to nothing real has no Location. */
export type Location =
  | { kind: 'symbol'; file: string; symbol: string; lines: LineRange[] }
  | { kind: 'file'; file: string };

/** Where a name points (undefined or null: nowhere real). */
export type Locate = (name: string) => Location | null | undefined;

/** The union of ranges: sorted, disjoint, adjacent ranges joined. */
export function unionLines(ranges: Iterable<LineRange>): LineRange[] {
  const sorted = [...ranges].filter(([s, e]) => s <= e).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The intersection of two unions (each sorted and disjoint, as unionLines makes them). */
export function intersectLines(a: readonly LineRange[], b: readonly LineRange[]): LineRange[] {
  const out: LineRange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i][0], b[j][0]);
    const e = Math.min(a[i][1], b[j][1]);
    if (s <= e) out.push([s, e]);
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return out;
}

/** How many lines a union holds. */
export function measureLines(ranges: readonly LineRange[]): number {
  return ranges.reduce((n, [s, e]) => n + e - s + 1, 0);
}

/** `outer` without the lines of `holes` (both unions). */
function subtractLines(outer: readonly LineRange[], holes: readonly LineRange[]): LineRange[] {
  const out: LineRange[] = [];
  for (const [s, e] of outer) {
    let from = s;
    for (const [hs, he] of holes) {
      if (he < from || hs > e) continue;
      if (hs > from) out.push([from, hs - 1]);
      from = Math.max(from, he + 1);
    }
    if (from <= e) out.push([from, e]);
  }
  return out;
}

/**
 * The lines each definition of one file owns, by qualified name: its range (every range of an
 * overload set) without the ranges of the definitions whose parent it is, or which it assigns (an
 * instance attribute's statement in a method).
 */
export function ownedLines(defs: readonly Definition[]): Map<string, LineRange[]> {
  const ranges = new Map<string, LineRange[]>();
  const children = new Map<string, LineRange[]>();
  for (const d of defs) {
    listAt(ranges, d.symbol).push([d.startLine, d.endLine]);
    if (d.parent !== undefined && d.parent !== d.symbol) listAt(children, d.parent).push([d.startLine, d.endLine]);
    // An instance attribute's statement (or parameter) is its own, not the method's that assigns it
    // (whose lines hold it), but for the line the method's name is on: a one-line constructor
    // (`constructor(private readonly root: HTMLElement) {}`) stays the constructor's.
    if (d.assignedIn !== undefined) {
      const method = defs.find((m) => m.symbol === d.assignedIn && m.startLine <= d.startLine && d.endLine <= m.endLine);
      const head = method && method.nameLine >= d.startLine && method.nameLine <= d.endLine ? method.nameLine : undefined;
      const own: LineRange[] = head === undefined ? [[d.startLine, d.endLine]] : [[d.startLine, head - 1], [head + 1, d.endLine]];
      listAt(children, d.assignedIn).push(...own);
      if (head !== undefined) listAt(children, d.symbol).push([head, head]);
    }
  }
  return new Map([...ranges].map(([symbol, own]) => [symbol, subtractLines(unionLines(own), unionLines(children.get(symbol) ?? []))]));
}
