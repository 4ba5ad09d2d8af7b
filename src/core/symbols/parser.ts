// One tree-sitter runtime per process and one grammar per language, each loaded on first use:
// a labeler who only opens Python never pays for the Rust grammar.
import { dirname, join } from 'node:path';
import type * as TreeSitter from 'web-tree-sitter';
import type { Edit, Parser, Tree } from 'web-tree-sitter';
import { GRAMMAR_FILE, LanguageId } from './languages';

/**
 * web-tree-sitter's module, loaded when first needed: a CLI run whose definitions all come from
 * the disk cache (extractCache.ts), such as `symbols` on a change read before, never loads its
 * JavaScript (about 6 ms of CPU when imported with the rest; docs/performance.md).
 */
let treeSitterModule: typeof TreeSitter | undefined;
function treeSitter(): typeof TreeSitter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (treeSitterModule ??= require('web-tree-sitter') as typeof TreeSitter);
}

let runtime: Promise<void> | undefined;
const grammars = new Map<LanguageId, Promise<Parser>>();
/** The parsers whose grammar has loaded: what `treeOf` parses with. */
const loaded = new Map<LanguageId, Parser>();

function grammarDir(): string {
  // The package has no `exports` map, so its package.json resolves from wherever the bundle runs.
  return join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
}

/** A parser set to `language`, shared by every caller (parsing is synchronous, so sharing is safe). */
export function parserFor(language: LanguageId): Promise<Parser> {
  let parser = grammars.get(language);
  if (!parser) {
    const { Language, Parser } = treeSitter();
    runtime ??= Parser.init();
    parser = runtime.then(async () => {
      const grammar = await Language.load(join(grammarDir(), GRAMMAR_FILE[language]));
      const ready = new Parser().setLanguage(grammar);
      loaded.set(language, ready);
      return ready;
    });
    grammars.set(language, parser);
  }
  return parser;
}

/**
 * Parse `text` and hand the tree to `use`. `previous`: a text this one is an edit of (the other
 * side of a change), whose tree, when it is still kept, is reused where the two texts agree. tree-sitter recovers from syntax errors, so a broken
 * file still yields the parts that parse. The tree is valid only while `use` runs.
 */
export async function withTree<T>(language: LanguageId, text: string, use: (tree: Tree) => T, previous?: string): Promise<T> {
  await parserFor(language);
  return use(treeOf(language, text, previous));
}

/**
 * The last few trees parsed, by language and text (first in, first out). A change's files are read for
 * their definitions on both sides, then again for the neighbours, their definitions and their
 * references: each a parse of the same text, which costs more than reading what it found.
 * Trees hold WebAssembly memory that is not garbage-collected: each is deleted when it leaves.
 */
const recent = new Map<LanguageId, Map<string, Tree>>();
/**
 * At most this many trees, of at most this many characters of text in all. The characters bound
 * the memory (flask's Python trees take about 30 bytes of WebAssembly memory per character of
 * text, and that memory never shrinks: 2M characters, about 60 MB); the count is only a backstop.
 * A count of 16 was reached first on real changes: `candidates` on flask's #5928 reads 85 files of
 * 0.8M characters in all, and parsed 17 of them twice (22% of its parsing) when their references
 * were asked for after 16 other files had been read.
 */
const RECENT_TREES = 512;
const RECENT_CHARS = 2 * 1024 * 1024;
const order: { language: LanguageId; text: string }[] = [];
let recentChars = 0;

/** Drops every kept tree (a benchmark's cold query, which must parse as a new process would). */
export function forgetTrees(): void {
  for (const held of recent.values()) for (const tree of held.values()) tree.delete();
  recent.clear();
  order.length = 0;
  recentChars = 0;
}

function treeOf(language: LanguageId, text: string, previous?: string): Tree {
  let trees = recent.get(language);
  if (!trees) recent.set(language, (trees = new Map<string, Tree>()));
  const known = trees.get(text);
  if (known) return known;
  const parser = loaded.get(language);
  if (!parser) throw new Error(`the ${language} grammar is not loaded yet: await parserFor('${language}') first`);
  const before = previous !== undefined ? trees.get(previous) : undefined;
  const tree = (before && reparsed(parser, before, previous!, text)) ?? parsed(language, parser, text);
  trees.set(text, tree);
  order.push({ language, text });
  recentChars += text.length;
  while (order.length > 1 && (order.length > RECENT_TREES || recentChars > RECENT_CHARS)) {
    const oldest = order.shift()!;
    const held = recent.get(oldest.language)!;
    held.get(oldest.text)!.delete();
    held.delete(oldest.text);
    recentChars -= oldest.text.length;
  }
  return tree;
}

function parsed(language: LanguageId, parser: Parser, text: string): Tree {
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter could not parse a ${language} file`);
  if (!tree.rootNode.hasError || (language !== 'typescript' && language !== 'tsx')) return tree;
  const repaired = withSignaturesSeparated(text);
  if (repaired === text) return tree;
  const second = parser.parse(repaired);
  if (second && errorCount(second) < errorCount(tree)) {
    tree.delete();
    return second;
  }
  second?.delete();
  return tree;
}

/**
 * `text` parsed incrementally from the tree of `previous`, an earlier version of it: tree-sitter
 * reuses the subtrees outside the edited span (the two texts' common prefix and suffix), so the
 * head side of a change costs a fraction of a parse. Only between trees without syntax errors,
 * where tree-sitter's incremental parse is the same tree as a parse from scratch (error recovery
 * can choose otherwise with old subtrees at hand, and TypeScript's repair needs a fresh parse);
 * undefined otherwise, and the caller parses from scratch.
 * symbolsRecorded.test.ts and incrementalParse.test.ts compare the two.
 */
function reparsed(parser: Parser, before: Tree, previous: string, text: string): Tree | undefined {
  if (before.rootNode.hasError) return undefined;
  const old = before.copy();
  try {
    old.edit(editBetween(previous, text));
    const tree = parser.parse(text, old);
    if (tree && !tree.rootNode.hasError) return tree;
    tree?.delete();
    return undefined;
  } finally {
    old.delete();
  }
}

/** The one edit turning `before` into `after`: what lies between their common prefix and suffix (UTF-16 offsets and columns, as web-tree-sitter counts). */
export function editBetween(before: string, after: string): Edit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let suffix = 0;
  while (suffix < shorter - start && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  const oldEnd = before.length - suffix;
  const newEnd = after.length - suffix;
  return new (treeSitter().Edit)({
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition: pointAt(before, start),
    oldEndPosition: pointAt(before, oldEnd),
    newEndPosition: pointAt(after, newEnd),
  });
}

/** The row and column of an offset: rows end at `\n`, as tree-sitter counts them. */
function pointAt(text: string, offset: number): { row: number; column: number } {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}

const errorCount = (tree: Tree): number => tree.rootNode.descendantsOfType('ERROR').length;

/**
 * tree-sitter-typescript reads a member that starts its line with `<` (a generic call signature,
 * `<T>(x: T): R`) after a member that ends in a type and no `;` as that type going on
 * (`Hono<E> < T ...`), where TypeScript starts a new member. The error cascades: hono's
 * src/types.ts had no definitions after its first such interface, 1,400 of its 1,569 lines. The
 * repair writes `;` over the whitespace before each such `<` (so every offset, line and column stays
 * where it is), and `parsed` keeps it only when its tree has fewer errors.
 */
function withSignaturesSeparated(text: string): string {
  const lines = text.split('\n');
  let previous = ''; // the last line that was neither blank nor a `//` comment
  let offset = 0;
  const at: number[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    const indent = line.length - line.trimStart().length;
    if (trimmed.startsWith('<') && indent > 0 && /[\w>)\]]$/.test(previous)) at.push(offset + indent - 1);
    if (trimmed !== '' && !trimmed.startsWith('//')) previous = trimmed;
    offset += line.length + 1;
  }
  if (at.length === 0) return text;
  const chars = text.split('');
  for (const i of at) chars[i] = ';';
  return chars.join('');
}

/**
 * `text` parsed incrementally from a fresh parse of `previous`, as `withTree` parses a change's
 * head side when its base side's tree is kept; undefined where that path parses from scratch. The
 * caller deletes the tree (incrementalParse.test.ts compares it with a parse from scratch).
 */
export async function reparsedFrom(language: LanguageId, previous: string, text: string): Promise<Tree | undefined> {
  const parser = await parserFor(language);
  const before = parsed(language, parser, previous);
  try {
    return reparsed(parser, before, previous, text);
  } finally {
    before.delete();
  }
}
