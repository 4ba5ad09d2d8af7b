// Finding definitions by name in a repository at a revision, without a checkout: `git grep`
// names the files that mention the name as a word, tree-sitter finds the definitions in them.
// What the neighbours of a change and a hover over an identifier both need.
import type { Repository } from '../git/repository';
import { Definition, definitionsOf, modulePath } from './definitions';
import { languageOf } from './languages';
import { symbolKey } from './normalize';

/** Files `git grep` may name per search: bounds the cost on huge repositories. */
export const MAX_FILES = 400;

export async function textAt(repo: Repository, rev: string, path: string): Promise<string | undefined> {
  const content = await repo.readFile(rev, path);
  return content.kind === 'text' ? content.text : undefined;
}

/** Source files at `rev` containing any of `names` as a word (git grep, no checkout needed), at most `limit`. */
export async function filesMentioning(repo: Repository, rev: string, names: string[], limit = MAX_FILES): Promise<string[]> {
  const words = names.filter((n) => /^\w+$/.test(n));
  if (words.length === 0) return [];
  const args = ['grep', '-l', '-z', '-w', '-I', '--full-name', ...words.flatMap((w) => ['-e', w]), rev, '--'];
  const out = await repo.git.raw(args).catch(() => '');
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => line.slice(rev.length + 1))
    .filter((path) => languageOf(path) !== undefined)
    .slice(0, limit);
}

export async function definitionsMentioning(repo: Repository, rev: string, names: string[]): Promise<{ path: string; defs: Definition[] }[]> {
  const wanted = new Set(names);
  const out: { path: string; defs: Definition[] }[] = [];
  for (const path of await filesMentioning(repo, rev, names)) {
    const text = await textAt(repo, rev, path);
    if (text === undefined) continue;
    const defs = (await definitionsOf(path, text)).filter((d) => wanted.has(d.name));
    if (defs.length > 0) out.push({ path, defs });
  }
  return out;
}

/** Every definition at `rev` whose own name is `name` (a hover over a call offers these). */
export async function definitionsNamed(repo: Repository, rev: string, name: string): Promise<(Definition & { file: string })[]> {
  return (await definitionsMentioning(repo, rev, [name])).flatMap(({ path, defs }) => defs.map((d) => ({ ...d, file: path })));
}

/**
 * Where a qualified symbol (`shop/cart.Cart.total`) is defined at `rev`: only the files whose
 * module path prefixes the name are read, in the tree's order; the first definition wins.
 */
export async function definitionOf(repo: Repository, rev: string, symbol: string): Promise<(Definition & { file: string }) | undefined> {
  const key = symbolKey(symbol);
  for (const path of await repo.listFiles(rev)) {
    if (!symbol.startsWith(`${modulePath(path)}.`)) continue;
    const text = await textAt(repo, rev, path);
    if (text === undefined) continue;
    const def = (await definitionsOf(path, text)).find((d) => symbolKey(d.symbol) === key);
    if (def) return { ...def, file: path };
  }
  return undefined;
}
