// The definitions a change touches (docs/fixture-format.md#default-candidates): every definition whose line range meets a hunk,
// on the base side for what was deleted and the head side for what was added or modified.
import { guessedText, MAX_FILE_BYTES } from '../git/blobs';
import { FileChange, Hunk, listChanges } from '../git/diff';
import type { FileText, Repository } from '../git/repository';
import { Definition, fileDefinitions } from '../symbols/definitions';
import { damageText } from '../symbols/parseDamage';
import { DATA_KINDS, SymbolKind } from '../symbols/kinds';
import { languageOf } from '../symbols/languages';
import { BaseNames, identities } from './baseNames';

export type ChangeKind = 'added' | 'modified' | 'deleted';

export interface ChangedSymbol {
  symbol: string;
  /** The file on the side the change kind names: base for deleted, head otherwise. */
  file: string;
  kind: SymbolKind;
  change: ChangeKind;
  /** 1-based lines on that side. */
  startLine: number;
  endLine: number;
  /** A modified symbol's name at base, when it differs (its file was renamed). */
  baseSymbol?: string;
}

export interface ChangeReport {
  base: string;
  head: string;
  symbols: ChangedSymbol[];
  files: FileChange[];
  /** Files that were not read, with why: binary, submodule, too large, huge diff. */
  skipped: { path: string; reason: string }[];
  /** What each name read on either side is called at base (a renamed file's old names; none for what the change adds). */
  names: BaseNames;
  /**
   * A changed file's side with a syntax error tree-sitter did not recover from (parseDamage.ts), or
   * read in a guessed encoding (blobs.ts's guessedText), one line each: its symbols may be missing
   * from `symbols` or misnamed, said wherever they are listed.
   */
  unparsed: string[];
}

export async function changedSymbols(repo: Repository, baseRef: string, headRef: string): Promise<ChangeReport> {
  const changes = await listChanges(repo, baseRef, headRef);
  const skipped = [...changes.skipped];
  const wanted = changes.files.filter((f) => {
    const path = (f.newPath ?? f.oldPath)!;
    if (f.submodule) skipped.push({ path, reason: 'submodule' });
    else if (f.binary) skipped.push({ path, reason: 'binary file' });
    else return languageOf(path) !== undefined || (f.oldPath !== undefined && languageOf(f.oldPath) !== undefined);
    return false;
  });
  // One batch for every blob of the change: base sides, then head sides.
  const blobs = wanted.flatMap((f) => [f.oldPath ? `${changes.base}:${f.oldPath}` : '', f.newPath ? `${changes.head}:${f.newPath}` : '']);
  const texts = await repo.blobReader.read(blobs.filter(Boolean));
  let next = 0;
  const symbols: ChangedSymbol[] = [];
  const names = new BaseNames();
  const unparsed: string[] = [];
  for (const f of wanted) {
    const oldText = f.oldPath ? texts[next++] : undefined;
    const newText = f.newPath ? texts[next++] : undefined;
    const unreadable = [oldText, newText].find((t) => t && t.kind !== 'text');
    if (unreadable) {
      skipped.push({ path: (f.newPath ?? f.oldPath)!, reason: describe(unreadable) });
      continue;
    }
    const read = async (path: string | undefined, text: typeof oldText, side: string, previous?: string) => {
      if (!path || text?.kind !== 'text') return [];
      const { definitions, damage } = await fileDefinitions(path, text.text, previous);
      if (damage) unparsed.push(`${damageText(path, damage)} (at ${side})`);
      if (text.guessed) unparsed.push(`${guessedText(path)} (at ${side})`);
      return definitions;
    };
    const before = await read(f.oldPath, oldText, `base ${changes.base.slice(0, 7)}`);
    // The head side is an edit of the base side: parsed from its tree (the same definitions, a fraction of a parse).
    const after = await read(f.newPath, newText, `head ${changes.head.slice(0, 7)}`, oldText?.kind === 'text' ? oldText.text : undefined);
    const sides = { before: oldText?.kind === 'text' ? oldText.text : undefined, after: newText?.kind === 'text' ? newText.text : undefined };
    symbols.push(...symbolsOfFile(f, before, after, sides));
    names.addFile(f, before, after);
  }
  symbols.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.startLine - b.startLine || b.endLine - a.endLine));
  return { base: changes.base, head: changes.head, symbols, files: changes.files, skipped, names, unparsed };
}

/**
 * The changed definitions of one file, given its definitions on both sides (and its texts, so a
 * blank line or a comment added or removed between two methods does not count as a change of their class).
 */
export function symbolsOfFile(f: FileChange, before: Definition[], after: Definition[], texts: { before?: string; after?: string } = {}): ChangedSymbol[] {
  const beforeKeys = identities(before, f.oldPath);
  const afterKeys = identities(after, f.newPath);
  const beforeSet = new Set(beforeKeys);
  const afterSet = new Set(afterKeys);
  const out: ChangedSymbol[] = [];
  const push = (d: Definition, file: string, change: ChangeKind) =>
    out.push({ symbol: d.symbol, file, kind: d.kind, change, startLine: d.startLine, endLine: d.endLine });
  if (f.status === 'added' || f.status === 'copied') {
    for (const d of after) push(d, f.newPath!, 'added');
    return out;
  }
  if (f.status === 'deleted') {
    for (const d of before) push(d, f.oldPath!, 'deleted');
    return out;
  }
  // Only the lines of the hunks are asked about: a file is read no further than its last hunk's last line.
  const blankBefore = unchangingLines(texts.before, f.hunks.reduce((last, h) => Math.max(last, h.oldStart + h.oldLines - 1), 0));
  const blankAfter = unchangingLines(texts.after, f.hunks.reduce((last, h) => Math.max(last, h.newStart + h.newLines - 1), 0));
  const modified = new Set<string>();
  after.forEach((d, i) => {
    if (!f.hunks.some((h) => touches(d, after, h.newStart, h.newLines, blankAfter))) return;
    if (beforeSet.has(afterKeys[i])) modified.add(afterKeys[i]);
    else push(d, f.newPath!, 'added');
  });
  before.forEach((d, i) => {
    if (!f.hunks.some((h) => touches(d, before, h.oldStart, h.oldLines, blankBefore))) return;
    if (afterSet.has(beforeKeys[i])) modified.add(beforeKeys[i]);
    else push(d, f.oldPath!, 'deleted');
  });
  // A field added or deleted changes its class's shape (the class is the one to label); a field
  // edited in place changes that field alone, so the class and every instantiation stay out.
  const parentKey = (d: Definition, defs: Definition[], keys: string[]) => keys[defs.findIndex((p) => p.symbol === d.parent)];
  // An instance attribute added or deleted is a line of the method that assigns it: that method
  // changed, not the class's declaration.
  for (const c of out) {
    if (!DATA_KINDS.has(c.kind) || (c.change !== 'added' && c.change !== 'deleted')) continue;
    const [defs, keys] = c.change === 'added' ? [after, afterKeys] : [before, beforeKeys];
    const d = defs.find((x) => x.symbol === c.symbol && x.startLine === c.startLine);
    const key = d?.parent !== undefined && d.assignedIn === undefined ? parentKey(d, defs, keys) : undefined;
    if (key !== undefined && beforeSet.has(key) && afterSet.has(key)) modified.add(key);
  }
  const beforeByKey = new Map(before.map((d, i) => [beforeKeys[i], d]));
  after.forEach((d, i) => {
    if (!modified.has(afterKeys[i])) return;
    const old = beforeByKey.get(afterKeys[i])!;
    // gofmt realigning a struct's fields (or a formatter a variable's) changes no data.
    if (DATA_KINDS.has(d.kind) && sameTokens(texts.before, old, texts.after, d)) return;
    // A parameter property on its one-line constructor's line changes when its own parameter does, not when a sibling does.
    if (onMethodLine(old, before) && onMethodLine(d, after) && sameParameter(texts.before, old, texts.after, d)) return;
    push(d, f.newPath!, 'modified');
    if (old.symbol !== d.symbol) out[out.length - 1].baseSymbol = old.symbol;
  });
  return out;
}

const CONTAINERS = new Set<SymbolKind>(['class', 'struct', 'interface', 'trait', 'enum', 'module']);

/**
 * Does a hunk side change a definition's code? A class (or other container) changes only when its
 * own lines do (signature, fields, decorators), not when a method inside it does: a changed method
 * does not make its class, and every type the class uses, part of the change. Lines of no code
 * (blank, a comment, a docstring) change nothing; a side of 0 lines holds none (the other side's
 * lines, read there, say whether code changed).
 */
function touches(d: Definition, defs: Definition[], start: number, lines: number, blank: Set<number>): boolean {
  if (lines === 0 || !meets(d, start, lines)) return false;
  const members = CONTAINERS.has(d.kind)
    ? defs.filter((m) => m !== d && m.startLine >= d.startLine && m.endLine <= d.endLine && (m.startLine > d.startLine || m.endLine < d.endLine))
    : [];
  for (let line = start; line < start + lines; line++) {
    if (line >= d.startLine && line <= d.endLine && !blank.has(line) && !members.some((m) => m.startLine <= line && line <= m.endLine)) return true;
  }
  return false;
}

/** Do two definitions' lines read the same but for whitespace? (Unknown texts: no.) */
function sameTokens(before: string | undefined, a: Definition, after: string | undefined, b: Definition): boolean {
  if (before === undefined || after === undefined) return false;
  const tokens = (text: string, d: Definition) => text.split('\n').slice(d.startLine - 1, d.endLine).join(' ').trim().split(/\s+/).join(' ');
  return tokens(before, a) === tokens(after, b);
}

/** Is `d` an instance attribute (a parameter property) on the line its method's name is on? */
function onMethodLine(d: Definition, defs: Definition[]): boolean {
  return d.assignedIn !== undefined && d.startLine === d.endLine && defs.some((m) => m.symbol === d.assignedIn && m.nameLine === d.startLine);
}

/** Do the parameters whose names `a` and `b` write read the same (`private readonly root: HTMLElement`)? */
function sameParameter(before: string | undefined, a: Definition, after: string | undefined, b: Definition): boolean {
  if (before === undefined || after === undefined) return false;
  const parameter = (text: string, d: Definition) => {
    const line = text.split('\n')[d.nameLine - 1] ?? '';
    // The list's entry around the name: from the `(` or `,` before it to the `,` or `)` after it, at its own depth.
    const edge = (from: number, step: 1 | -1) => {
      let depth = 0;
      for (let i = from; i >= 0 && i < line.length; i += step) {
        const c = line[i];
        if ('([{<'.includes(c)) depth += step === 1 ? 1 : -1;
        else if (')]}>'.includes(c) && line[i - 1] !== '=') depth += step === 1 ? -1 : 1;
        if ((c === ',' && depth === 0) || depth < 0) return i;
      }
      return step === 1 ? line.length : -1;
    };
    return line.slice(edge(d.nameColumn - 1, -1) + 1, edge(d.nameColumn, 1)).trim().split(/\s+/).join(' ');
  };
  return parameter(before, a) === parameter(after, b);
}

/**
 * The 1-based numbers of the lines that hold no code: whitespace, a comment (`#`, `//`, a block
 * comment or JSDoc), a docstring (a string standing as a statement). A container whose own lines
 * changed only there (a class's docstring, the JSDoc between two methods) changed no code: its
 * subclasses, callers and instantiations are not the change's. Lines 1 to `last` (each line's answer
 * depends only on the lines above it).
 */
function unchangingLines(text: string | undefined, last: number): Set<number> {
  const out = new Set<number>();
  let closing: string | undefined;
  (text ?? '').split('\n', last).forEach((l, i) => {
    const t = l.trim();
    if (closing !== undefined) {
      out.add(i + 1);
      if (t.includes(closing)) closing = undefined;
      return;
    }
    const doc = /^[rRbBuU]{0,2}("""|''')/.exec(t);
    const block = /^\/\*/.exec(t);
    if (doc || block) {
      out.add(i + 1);
      // Closed on the same line (a one-line docstring) or open until the line that closes it.
      const close = doc ? doc[1] : '*/';
      if (!t.slice((doc ?? block)![0].length).includes(close)) closing = close;
      return;
    }
    if (t === '' || /^(?:#|\/\/)/.test(t)) out.add(i + 1);
  });
  return out;
}

/** Does a definition's range meet a hunk side? A side of 0 lines is the gap after line `start`. */
export function meets(d: Pick<Definition, 'startLine' | 'endLine'>, start: number, lines: Hunk['oldLines']): boolean {
  if (lines > 0) return d.startLine <= start + lines - 1 && d.endLine >= start;
  return d.startLine <= start && d.endLine >= start + 1;
}

function describe(t: FileText): string {
  switch (t.kind) {
    case 'binary': return 'binary file';
    case 'too-large': return `too large (${t.bytes} bytes; the limit is ${MAX_FILE_BYTES})`;
    case 'submodule': return 'submodule';
    default: return 'not readable at that revision';
  }
}
