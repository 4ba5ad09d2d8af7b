// A definition's body hash (docs/fixture-format.md#labels-that-follow-the-code): what a label
// remembers of the code it was made on, so `relocate` can tell an untouched symbol, a moved or
// renamed one and a changed one apart at another revision. The normalisation leaves out what a
// formatter, an editor or another platform changes without changing the code: line endings, a
// byte order mark, Unicode composition, comments, whitespace between tokens, and the definition's
// own name where it is written (so a rename alone keeps the hash).
import { createHash } from 'node:crypto';
import { Definition, definitionsOf } from './definitions';
import { languageOf } from './languages';
import { withTree } from './parser';

export interface HashedDefinition extends Definition {
  bodyHash: string;
}

/** Every grammar's comment node types (Rust's and Java's doc comments are line or block comments too). */
const COMMENT_TYPES = ['comment', 'line_comment', 'block_comment'];

/** The text every hash reads: LF line endings, no byte order mark. */
export function canonicalText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Each definition of the file at `path` with its body hash; the names and lines are those of definitionsOf. */
export async function hashedDefinitionsOf(path: string, text: string): Promise<HashedDefinition[]> {
  const language = languageOf(path);
  if (!language) return [];
  const source = canonicalText(text);
  const defs = await definitionsOf(path, source);
  if (defs.length === 0) return [];
  const comments = await withTree(language, source, (tree) =>
    tree.rootNode.descendantsOfType(COMMENT_TYPES).flatMap((n) => (n ? [[n.startIndex, n.endIndex] as const] : [])));
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineEnd = (line: number) => (line < lineStarts.length ? lineStarts[line] - 1 : source.length);
  return defs.map((d) => {
    const start = lineStarts[d.startLine - 1];
    const end = lineEnd(d.endLine);
    const name = lineStarts[d.nameLine - 1] + d.nameColumn;
    return { ...d, bodyHash: hashOf(normalisedBody(source, start, end, comments, name)) };
  });
}

/** The hash of a whole file (a label may name a file's module: `shop/cart`): its text normalised the same way, comments kept. */
export function fileHash(text: string): string {
  return hashOf(normaliseSpace(canonicalText(text)));
}

/**
 * The lines `start`..`end` with every comment replaced by a space and the name written at
 * `name` by a placeholder, then whitespace normalised (normaliseSpace).
 */
function normalisedBody(source: string, start: number, end: number, comments: readonly (readonly [number, number])[], name: number): string {
  let out = '';
  let at = start;
  const cuts: (readonly [number, number, string])[] = comments
    .filter(([s, e]) => e > start && s < end)
    .map(([s, e]) => [Math.max(s, start), Math.min(e, end), ' ']);
  const nameEnd = identifierEnd(source, name);
  if (name >= start && nameEnd <= end && nameEnd > name) cuts.push([name, nameEnd, '\u0001'] as const);
  for (const [s, e, instead] of [...cuts].sort((a, b) => a[0] - b[0])) {
    if (s < at) continue;
    out += source.slice(at, s) + instead;
    at = e;
  }
  return normaliseSpace(out + source.slice(at, end));
}

const IDENTIFIER = /[\p{L}\p{N}_$:]+/uy;

function identifierEnd(source: string, from: number): number {
  IDENTIFIER.lastIndex = from;
  return IDENTIFIER.test(source) ? IDENTIFIER.lastIndex : from;
}

const WORD = /[\p{L}\p{N}_$]/u;

/**
 * Unicode NFC, then each run of whitespace (spaces, tabs, newlines, blank lines, indentation)
 * becomes one space between two word characters (`return x`) and nothing elsewhere (`a + b`
 * reads as `a+b`), so reindenting and reformatting keep the hash, and joining two words does not.
 */
export function normaliseSpace(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, (run: string, offset: number, all: string) => {
    const before = all[offset - 1];
    const after = all[offset + run.length];
    return before !== undefined && after !== undefined && WORD.test(before) && WORD.test(after) ? ' ' : '';
  });
}

function hashOf(normalised: string): string {
  return createHash('sha256').update(normalised, 'utf8').digest('hex').slice(0, 16);
}
