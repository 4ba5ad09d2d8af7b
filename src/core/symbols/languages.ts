// Which grammar reads a file. The eight languages of the methodology's corpus (docs/fixture-format.md#symbol-names) plus
// JavaScript; every grammar comes from @vscode/tree-sitter-wasm, the set VS Code itself ships.

export type LanguageId = 'python' | 'typescript' | 'tsx' | 'javascript' | 'go' | 'rust' | 'java' | 'csharp' | 'ruby';

const BY_EXTENSION: Record<string, LanguageId> = {
  py: 'python',
  pyi: 'python',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  go: 'go',
  rs: 'rust',
  java: 'java',
  cs: 'csharp',
  rb: 'ruby',
};

/** The grammar file of each language in @vscode/tree-sitter-wasm/wasm/. */
export const GRAMMAR_FILE: Record<LanguageId, string> = {
  python: 'tree-sitter-python.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
  csharp: 'tree-sitter-c-sharp.wasm',
  ruby: 'tree-sitter-ruby.wasm',
};

/** The language of a path by its extension, or undefined for files no grammar reads. */
export function languageOf(path: string): LanguageId | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined;
}
