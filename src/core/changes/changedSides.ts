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
 * assign (`rule.flag = flag` below the lines that now compute `flag`): what the change computes flows there.
 */
export function nearLines(s: SideSymbol, lines: string[], defs: Definition[]): (line: number) => boolean {
  const def = defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
  let headEnd = def ? def.nameLine : s.startLine;
  // The head ends at the line that opens the body (`{`, a Python `:`), a few lines at most.
  while (def && headEnd < Math.min(s.endLine, def.nameLine + 8) && !/[{:]\s*(?:(?:\/\/|#).*)?$/.test(lines[headEnd - 1] ?? '')) headEnd++;
  const changedAt = (line: number) => s.changedAt(line) || (line >= s.startLine && line <= headEnd);
  const assigned = new Set<string>();
  for (let line = s.startLine; line <= s.endLine; line++) {
    if (!s.changedAt(line)) continue;
    const m = /^\s*(?:(?:let|const|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]*)?(?::=|=(?!=)|[-+*/|&]=)/.exec(lines[line - 1] ?? '');
    if (m && !/^(?:return|if|for|while|else|elif)$/.test(m[1])) assigned.add(m[1]);
  }
  if (assigned.size === 0) return changedAt;
  const uses = new RegExp(`(?<![\\w$.])(?:${[...assigned].map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`);
  return (line) => changedAt(line) || (line >= s.startLine && line <= s.endLine && uses.test(lines[line - 1] ?? ''));
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
      changedAt: added ? every : nearChange(hunks, 'new', texts), madeAt: added ? every : nearChange(hunks, 'new', texts, 0) });
    if (s.change !== 'modified') continue;
    const name = s.baseSymbol ?? s.symbol;
    const at = (await index.file(report.base, path))?.defs.filter((d) => d.symbol === name) ?? [];
    // Same-named definitions (an overload, a redefinition): the one nearest the head's lines.
    const d = at.sort((a, b) => Math.abs(a.startLine - s.startLine) - Math.abs(b.startLine - s.startLine))[0];
    if (d) {
      add(report.base, path, {
        owner: s, symbol: d.symbol, startLine: d.startLine, endLine: d.endLine,
        changedAt: nearChange(hunks, 'old', texts), madeAt: nearChange(hunks, 'old', texts, 0) });
    }
  }
  const out: { info: FileInfo; symbols: SideSymbol[] }[] = [];
  for (const side of sides.values()) {
    const info = await index.file(side.rev, side.path);
    if (info) out.push({ info, symbols: side.symbols });
  }
  return out;
}
