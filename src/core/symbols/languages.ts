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

/**
 * git pathspecs that name every path languageOf reads, and more (`.py`, which it does not): `*`
 * matches `/` in git's default pathspecs, and `icase` any case, as languageOf's extensions do.
 * For git run through simple-git, which runs it without the caller's GIT_* variables (so never
 * under GIT_LITERAL_PATHSPECS or GIT_GLOB_PATHSPECS, which would change what these mean).
 */
export function sourcePathspecs(): string[] {
  return Object.keys(BY_EXTENSION).map((ext) => `:(icase)*.${ext}`);
}

/** The language of a path by its extension, or undefined for files no grammar reads. */
export function languageOf(path: string): LanguageId | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined;
}
