// One tree-sitter runtime per process and one grammar per language, each loaded on first use:
// a labeler who only opens Python never pays for the Rust grammar.
import { dirname, join } from 'node:path';
import { Language, Parser, Tree } from 'web-tree-sitter';
import { GRAMMAR_FILE, LanguageId } from './languages';

let runtime: Promise<void> | undefined;
const grammars = new Map<LanguageId, Promise<Parser>>();

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
      return new Parser().setLanguage(grammar);
    });
    grammars.set(language, parser);
  }
  return parser;
}

/**
 * Parse `text` and hand the tree to `use`, freeing the tree's WASM memory afterwards
 * (trees are not garbage-collected). tree-sitter recovers from syntax errors, so a broken
 * file still yields the parts that parse.
 */
export async function withTree<T>(language: LanguageId, text: string, use: (tree: Tree) => T): Promise<T> {
  const parser = await parserFor(language);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter could not parse a ${language} file`);
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}
