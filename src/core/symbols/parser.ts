// One tree-sitter runtime per process and one grammar per language, each loaded on first use:
// a labeler who only opens Python never pays for the Rust grammar.
import { dirname, join } from 'node:path';
import { Language, Parser, Tree } from 'web-tree-sitter';
import { GRAMMAR_FILE, LanguageId } from './languages';

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
 * Parse `text` and hand the tree to `use`. tree-sitter recovers from syntax errors, so a broken
 * file still yields the parts that parse. The tree is valid only while `use` runs.
 */
export async function withTree<T>(language: LanguageId, text: string, use: (tree: Tree) => T): Promise<T> {
  await parserFor(language);
  return use(treeOf(language, text));
}

/**
 * The last few trees parsed, by language and text (first in, first out). A change's files are read for
 * their definitions on both sides, then again for the neighbours, their definitions and their
 * references: each a parse of the same text, which costs more than reading what it found.
 * Trees hold WebAssembly memory that is not garbage-collected: each is deleted when it leaves.
 */
const recent = new Map<LanguageId, Map<string, Tree>>();
/** At most this many trees, of at most this many characters of text in all. */
const RECENT_TREES = 16;
const RECENT_CHARS = 4 * 1024 * 1024;
const order: { language: LanguageId; text: string }[] = [];
let recentChars = 0;

function treeOf(language: LanguageId, text: string): Tree {
  let trees = recent.get(language);
  if (!trees) recent.set(language, (trees = new Map<string, Tree>()));
  const known = trees.get(text);
  if (known) return known;
  const parser = loaded.get(language);
  if (!parser) throw new Error(`the ${language} grammar is not loaded yet: await parserFor('${language}') first`);
  const tree = parsed(language, parser, text);
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
