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
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter could not parse a ${language} file`);
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
