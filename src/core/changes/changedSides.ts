// The changed symbols where the neighbour rules read them: each file at the side each symbol lives
// on (deleted at base, added at head, modified at both), with that side's line numbers, and which
// of its lines are the change's evidence.
import type { FileChange } from '../git/diff';
import type { Definition } from '../symbols/definitions';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import type { FileInfo, Index } from './repositoryIndex';

/** A changed symbol as one side of its file holds it: its qualified name and lines there. */
export interface SideSymbol {
  owner: ChangedSymbol;
  symbol: string;
  startLine: number;
  endLine: number;
  /** Is a line at or beside a line the change made (every line of an added or deleted symbol is)? */
  changedAt: (line: number) => boolean;
  /** Is a line one the change made? */
  madeAt: (line: number) => boolean;
}

/**
 * The lines of a changed symbol that are the change's evidence: those at or beside a changed
 * line; its head (decorators, signature, a class's bases: the contract the changed code keeps,
 * and the types an expert reads to change it); and those that use a local the changed lines
 * assign (`rule.flag = flag` below the lines that now compute `flag`): what the change computes
 * flows there. A changed line inside a statement that spans lines assigns that statement's
 * variable: a row added to a table (`translations := []struct{...}{ ⏎ {tag: "x"}, ⏎ }`) flows
 * where the table is read, and on through what a loop over it binds (`for _, t := range
 * translations`): the lines that register or translate through the new rows are the change's.
 */
export function nearLines(s: SideSymbol, lines: string[], defs: Definition[]): (line: number) => boolean {
  const def = defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
  let headEnd = def ? def.nameLine : s.startLine;
  // The head ends at the line that opens the body (`{`, a Python `:`), a few lines at most.
  while (def && headEnd < Math.min(s.endLine, def.nameLine + 8) && !/[{:]\s*(?:(?:\/\/|#).*)?$/.test(lines[headEnd - 1] ?? '')) headEnd++;
  const changedAt = (line: number) => s.changedAt(line) || (line >= s.startLine && line <= headEnd);
  const assigned = new Set<string>();
  const assign = (name: string | undefined) => {
    if (name && !/^(?:return|if|for|while|else|elif|_)$/.test(name)) assigned.add(name);
  };
  const table = statementsOf(lines, headEnd + 1, s.endLine);
  for (let line = s.startLine; line <= s.endLine; line++) {
    if (!s.changedAt(line)) continue;
    assign(ASSIGNMENT.exec(lines[line - 1] ?? '')?.[1]);
    if (line > headEnd && s.madeAt(line)) assign(table(line));
  }
  if (assigned.size === 0) return changedAt;
  // What a loop over an assigned table binds, or a row read out of it by key, is the table's data
  // too (two steps), in the lines the loop or the row's statement leads (a closure in another row
  // may bind its own `t`).
  const scoped: { uses: RegExp; from: number; to: number }[] = [];
  const known = new Set(assigned);
  let reading = [...assigned].map((name) => ({ name, from: s.startLine, to: s.endLine }));
  for (let step = 0; step < 2 && reading.length > 0; step++) {
    const next: typeof reading = [];
    for (const r of reading) {
      const uses = usesOf([r.name]);
      const rows = rowsOf(r.name);
      for (let line = Math.max(r.from, headEnd + 1); line <= r.to; line++) {
        const text = code(lines[line - 1] ?? '');
        if (!uses.test(text)) continue;
        for (const name of boundBy(text, rows).filter((n) => !known.has(n) && !/^(?:_|err)$/.test(n))) {
          const scope = { name, from: line, to: blockEnd(lines, line, s.endLine) };
          scoped.push({ uses: usesOf([name]), from: scope.from, to: scope.to });
          next.push(scope);
        }
      }
    }
    reading = next;
  }
  const uses = usesOf([...assigned]);
  return (line) => {
    if (changedAt(line)) return true;
    if (line < s.startLine || line > s.endLine) return false;
    const text = code(lines[line - 1] ?? '');
    return uses.test(text) || scoped.some((x) => line >= x.from && line <= x.to && x.uses.test(text));
  };
}

/** The last line of the block a line leads: the lines below it indented deeper (blank lines included), and the one that closes it. */
function blockEnd(lines: string[], line: number, last: number): number {
  const indent = (t: string) => /^\s*/.exec(t)![0].length;
  const level = indent(lines[line - 1] ?? '');
  let end = line;
  for (let l = line + 1; l <= last; l++) {
    const t = lines[l - 1] ?? '';
    if (t.trim() === '') continue;
    if (indent(t) <= level) return /^\s*[)\]}]/.test(t) ? l : end;
    end = l;
  }
  return end;
}

/** A statement that assigns a variable: `x = `, `x := `, `const x: T = `, `x += ` (the variable in group 1). */
const ASSIGNMENT = /^\s*(?:export\s+)?(?:(?:let|const|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]*)?(?::=|=(?!=)|[-+*/|&]=)/;

const usesOf = (names: Iterable<string>) => new RegExp(`(?<![\\w$.])(?:${[...names].map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`);

/** A line's code without its string literals' text (a `t` in "can't" names no variable `t`). */
const code = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');

/** An assignment of a row read out of `table` by key (`row := table[key]`, `row = table.get(key)`). */
const rowsOf = (table: string) => new RegExp(String.raw`^\s*(?:(?:let|const|var)\s+)?([A-Za-z_$][\w$]*)\s*(?:,\s*[\w$]+\s*)?(?::=|=(?!=))\s*`
  + table.replace(/\$/g, '\\$') + String.raw`\s*(?:\[|\.get\()`);

/**
 * The names a line binds from a table it reads: a loop's variables (Go `for k, v := range x`,
 * Python `for k, v in x`, TypeScript `for (const [k, v] of x)`) or a row read by key (`rows`). Not
 * what a call given a row returns (`err = register(t.tag)`): that is the call's, not the table's.
 */
function boundBy(text: string, rows: RegExp): string[] {
  const loop = /^\s*for\s+(?:([A-Za-z_]\w*)\s*,\s*)?([A-Za-z_]\w*)\s*:?=\s*range\b/.exec(text)
    ?? /^\s*(?:async\s+)?for\s+\(?([\w\s,()]+?)\)?\s+in\b/.exec(text)
    ?? /\bfor\s*(?:await\s*)?\(\s*(?:const|let|var)\s+([[{]?[\w$\s,]+[\]}]?)\s+of\b/.exec(text);
  if (loop) return loop.slice(1).flatMap((g) => (g ? g.split(/[^\w$]+/).filter(Boolean) : []));
  const row = rows.exec(text);
  return row ? [row[1]] : [];
}

/**
 * For a line inside a statement that spans lines (between `from` and `to`), the variable that
 * statement assigns: scanning up, the bracket left open around the line, the line its statement
 * starts on (`translations := []struct {` before `}{`), and what that line assigns; past a
 * literal that assigns nothing (a row of a table), the one around it.
 */
function statementsOf(lines: string[], from: number, to: number): (line: number) => string | undefined {
  const stripped = new Map<number, string>();
  const at = (line: number) => {
    let text = stripped.get(line);
    if (text === undefined) stripped.set(line, (text = code(lines[line - 1] ?? '').replace(/\/\/.*$|#.*$/, '')));
    return text;
  };
  return (line) => {
    if (line < from || line > to) return undefined;
    let depth = 0;
    for (let l = line - 1; l >= from; l--) {
      const text = at(l);
      for (let i = text.length - 1; i >= 0; i--) {
        const c = text[i];
        if (c === ')' || c === ']' || c === '}') depth++;
        else if ((c === '(' || c === '[' || c === '{') && --depth < 0) {
          // The statement the open bracket belongs to starts where the brackets before it on its line close.
          const start = statementStart(at, l, i, from);
          const name = ASSIGNMENT.exec(at(start))?.[1];
          if (name) return name;
          depth = 0;
        }
      }
    }
    return undefined;
  };
}

/** The first line of the statement holding the bracket at (line, column): up while a bracket before it closes one opened above. */
function statementStart(at: (line: number) => string, line: number, column: number, from: number): number {
  let depth = 0;
  let l = line;
  let text = at(l).slice(0, column);
  for (;;) {
    for (let i = text.length - 1; i >= 0; i--) {
      const c = text[i];
      if (c === ')' || c === ']' || c === '}') depth++;
      else if (c === '(' || c === '[' || c === '{') depth--;
    }
    if (depth <= 0 || l <= from) return l;
    l--;
    text = at(l);
  }
}

/** Lines this close to a changed line are part of the change's evidence (the `if` that now wraps a call, the comment above it). */
const NEAR_LINES = 2;

/**
 * Which lines of one side of a file are at or within NEAR_LINES of a line the change made there
 * (-U0 hunks). A line the change only re-indented or moved (the same text on the other side of
 * the file's diff: a block wrapped in a new `if`) is not one it made.
 */
function nearChange(hunks: FileChange['hunks'], side: 'old' | 'new', texts: { old: string[]; new: string[] }, near = NEAR_LINES): (line: number) => boolean {
  const other = side === 'old' ? 'new' : 'old';
  const lines = (h: FileChange['hunks'][number], s: 'old' | 'new') => {
    const [start, count] = s === 'old' ? [h.oldStart, h.oldLines] : [h.newStart, h.newLines];
    return Array.from({ length: count }, (_, i) => start + i);
  };
  const text = (s: 'old' | 'new', line: number) => (texts[s][line - 1] ?? '').trim();
  // Within the file's diff: a hunk of -U0 pairs the lines of a re-indented block out of order.
  const changedTexts = (s: 'old' | 'new') => new Set(hunks.flatMap((h) => lines(h, s).map((l) => text(s, l))));
  const [hereTexts, otherTexts] = [changedTexts(side), changedTexts(other)];
  const ranges: [number, number][] = [];
  for (const h of hunks) {
    const here = lines(h, side);
    const made = here.filter((l) => !otherTexts.has(text(side, l)));
    const thereMade = lines(h, other).some((l) => !hereTexts.has(text(other, l)));
    for (const l of made) ranges.push([l, l]);
    // No line on this side, something made on the other (lines inserted or deleted): the lines on either side of the gap are beside the change.
    if (here.length === 0 && thereMade && near > 0) {
      const start = side === 'old' ? h.oldStart : h.newStart;
      ranges.push([start, start + 1]);
    }
  }
  return (line) => ranges.some(([a, b]) => line >= a - near && line <= b + near);
}

/**
 * Each changed file at the sides its symbols live on: a deleted symbol at base, an added one at
 * head, a modified one at both (its base lines found by its base name), each with that side's lines.
 */
export async function sidesOf(index: Index, report: ChangeReport): Promise<{ info: FileInfo; symbols: SideSymbol[] }[]> {
  const oldPath = new Map(report.files.filter((f) => f.newPath && f.oldPath).map((f) => [f.newPath!, f.oldPath!]));
  const byNew = new Map(report.files.filter((f) => f.newPath).map((f) => [f.newPath!, f]));
  const every = () => true;
  // Which lines of a file's side are near the change depends on the file alone, not on the symbol:
  // worked out once per file, side and distance (a file's every symbol asked for it again).
  const nearBy = new Map<string, (line: number) => boolean>();
  const near = (file: string, hunks: FileChange['hunks'], side: 'old' | 'new', texts: { old: string[]; new: string[] }, distance?: number) => {
    const key = `${file}\0${side}\0${distance ?? NEAR_LINES}`;
    let found = nearBy.get(key);
    if (!found) nearBy.set(key, (found = nearChange(hunks, side, texts, distance)));
    return found;
  };
  const sides = new Map<string, { rev: string; path: string; symbols: SideSymbol[] }>();
  const add = (rev: string, path: string, s: SideSymbol) => {
    const key = `${rev}:${path}`;
    const side = sides.get(key) ?? { rev, path, symbols: [] };
    side.symbols.push(s);
    sides.set(key, side);
  };
  for (const s of report.symbols) {
    if (s.change === 'deleted') {
      add(report.base, s.file, { owner: s, symbol: s.symbol, startLine: s.startLine, endLine: s.endLine, changedAt: every, madeAt: every });
      continue;
    }
    const hunks = byNew.get(s.file)?.hunks ?? [];
    const added = s.change === 'added';
    const path = oldPath.get(s.file) ?? s.file;
    const lines = async (rev: string, at: string) => (added ? [] : (await index.file(rev, at))?.lines ?? []);
    const texts = { old: await lines(report.base, path), new: await lines(report.head, s.file) };
    add(report.head, s.file, {
      owner: s, symbol: s.symbol, startLine: s.startLine, endLine: s.endLine,
      changedAt: added ? every : near(s.file, hunks, 'new', texts), madeAt: added ? every : near(s.file, hunks, 'new', texts, 0) });
    if (s.change !== 'modified') continue;
    const name = s.baseSymbol ?? s.symbol;
    const at = (await index.file(report.base, path))?.defs.filter((d) => d.symbol === name) ?? [];
    // Same-named definitions (an overload, a redefinition): the one nearest the head's lines.
    const d = at.sort((a, b) => Math.abs(a.startLine - s.startLine) - Math.abs(b.startLine - s.startLine))[0];
    if (d) {
      add(report.base, path, {
        owner: s, symbol: d.symbol, startLine: d.startLine, endLine: d.endLine,
        changedAt: near(s.file, hunks, 'old', texts), madeAt: near(s.file, hunks, 'old', texts, 0) });
    }
  }
  const out: { info: FileInfo; symbols: SideSymbol[] }[] = [];
  for (const side of sides.values()) {
    const info = await index.file(side.rev, side.path);
    if (info) out.push({ info, symbols: side.symbols });
  }
  return out;
}
