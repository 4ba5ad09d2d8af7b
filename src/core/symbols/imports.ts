// Names a TypeScript or JavaScript file imports (`import { CartDto } from './api'`), and the
// definition each stands for: a hover over the imported name, or over a use of it, resolves it
// to the module it comes from rather than to every definition of that name.
import { dirname, posix } from 'node:path';
import type { Repository } from '../git/repository';
import { Definition, definitionsOf, modulePath } from './definitions';
import { languageOf } from './languages';
import { textAt } from './lookup';
import { withTree } from './parser';

export interface ImportedName {
  /** The name as the module exports it. */
  name: string;
  /** The name in this file (an alias, or the name itself). */
  local: string;
  /** The module specifier, as written (`./api`). */
  from: string;
  /** Where the imported name is written: 1-based line, 0-based UTF-16 column. */
  line: number;
  column: number;
}

/** The named imports of a TypeScript or JavaScript file; none for other languages. */
export async function importsOf(path: string, text: string): Promise<ImportedName[]> {
  const language = languageOf(path);
  if (language !== 'typescript' && language !== 'tsx' && language !== 'javascript') return [];
  return withTree(language, text, (tree) => {
    const out: ImportedName[] = [];
    for (const statement of tree.rootNode.descendantsOfType('import_statement')) {
      const source = statement?.childForFieldName('source');
      if (!statement || !source) continue;
      const from = source.text.slice(1, -1);
      for (const spec of statement.descendantsOfType('import_specifier')) {
        const name = spec?.childForFieldName('name');
        if (!spec || !name) continue;
        const local = spec.childForFieldName('alias') ?? name;
        out.push({ name: name.text, local: local.text, from, line: name.startPosition.row + 1, column: name.startPosition.column });
      }
    }
    return out;
  });
}

/** The imported name written at a position, or the import a use of `name` in the file refers to. */
export function importAt(imports: ImportedName[], line: number, column: number, name?: string): ImportedName | undefined {
  const written = imports.find((i) => i.line === line && i.column <= column && column <= i.column + i.name.length);
  return written ?? (name === undefined ? undefined : imports.find((i) => i.local === name));
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/**
 * The definitions an import stands for, read at `rev`: the relative module's file (its extension
 * and index files tried as the compiler does), the top-level definitions named so. Empty for a
 * package import or a module that is not there.
 */
export async function importedDefinitions(repo: Repository, rev: string, fromFile: string, imported: ImportedName): Promise<(Definition & { file: string })[]> {
  if (!imported.from.startsWith('.')) return [];
  const base = posix.normalize(posix.join(dirname(fromFile), imported.from));
  for (const extension of EXTENSIONS) {
    const path = `${base}${extension}`;
    const text = languageOf(path) ? await textAt(repo, rev, path).catch(() => undefined) : undefined;
    if (text === undefined) continue;
    return (await definitionsOf(path, text)).filter((d) => d.symbol === `${modulePath(path)}.${imported.name}`).map((d) => ({ ...d, file: path }));
  }
  return [];
}
