// Finding definitions by name in a repository at a revision, without a checkout: `git grep`
// names the files that mention the name as a word, tree-sitter finds the definitions in them.
// What the neighbours of a change and a hover over an identifier both need.
import type { Repository } from '../git/repository';
import { Definition, definitionsOf, modulePath } from './definitions';
import { languageOf, sourcePathspecs } from './languages';
import { symbolKey } from './normalize';

/** Files `git grep` may name per search: bounds the cost on huge repositories. */
export const MAX_FILES = 400;

export async function textAt(repo: Repository, rev: string, path: string): Promise<string | undefined> {
  const content = await repo.readFile(rev, path);
  return content.kind === 'text' ? content.text : undefined;
}

/**
 * Source files at `rev` containing any of `names` as a word (git grep, no checkout needed), at most
 * `limit`. `repeated`: the caller will search the same revision again and again (a change's
 * neighbours search its base a dozen times), so even its first search reads the revision's files
 * to search them in process, rather than a `git grep` of its own first.
 */
export async function filesMentioning(repo: Repository, rev: string, names: string[], limit = MAX_FILES, repeated = false): Promise<string[]> {
  const words = names.filter((n) => /^\w+$/.test(n));
  if (words.length === 0) return [];
  const sources = await searchedSources(repo, rev, repeated);
  if (!sources) return gitGrep(repo, rev, words, limit);
  // `git grep -w`'s word: no letter, digit or `_` (ASCII, as git's own test is) on either side.
  const word = new RegExp(`(?<![A-Za-z0-9_])(?:${words.join('|')})(?![A-Za-z0-9_])`);
  const out: string[] = [];
  for (const s of sources) {
    if (out.length === limit) break;
    if (word.test(s.text)) out.push(s.path);
  }
  return out;
}

async function gitGrep(repo: Repository, rev: string, words: string[], limit: number): Promise<string[]> {
  const args = ['grep', '-l', '-z', '-w', '-I', '--full-name', ...words.flatMap((w) => ['-e', w]), rev, '--'];
  const out = await repo.git.raw(args).catch(() => '');
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => line.slice(rev.length + 1))
    .filter((path) => languageOf(path) !== undefined)
    .slice(0, limit);
}

/** Past these, a revision's sources are not held in memory: each search is a `git grep` of its own. */
const HELD_FILES = 4000;
const HELD_CHARS = 32 * 1024 * 1024;

interface Held {
  rev: string;
  asked: number;
  sources?: Promise<{ path: string; text: string }[] | undefined>;
}

const held = new WeakMap<Repository, Held>();

/**
 * The source files `git grep -I` searches at `rev` (a commit's full id), with their texts, in its
 * order, held for the repository's last revision searched: the neighbours of a change search one
 * revision a dozen times, and a `git grep` process each time cost more than reading the files once.
 * The first search of a revision is a `git grep` (validating a corpus searches each revision about
 * once); undefined where the files are too many or one cannot be read as text (too large, or text
 * only by its attributes), so that `git grep` answers as before.
 */
function searchedSources(repo: Repository, rev: string, repeated: boolean): Promise<{ path: string; text: string }[] | undefined> | undefined {
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(rev)) return undefined;
  let h = held.get(repo);
  if (h?.rev !== rev) held.set(repo, (h = { rev, asked: 0 }));
  if (++h.asked < 2 && !repeated) return undefined;
  return (h.sources ??= readSources(repo, rev));
}

async function readSources(repo: Repository, rev: string): Promise<{ path: string; text: string }[] | undefined> {
  // git names the files it searches (its pathspec, binary rule and attributes); every non-empty one has a line that '' matches.
  // Only the source files' names are kept, so only theirs are asked for: git then reads no other blob (on flask 8 ms of git's
  // CPU instead of 20).
  const listed = await repo.git.raw(['grep', '-l', '-z', '-I', '--full-name', '-e', '', rev, '--', ...sourcePathspecs()]).catch(() => undefined);
  if (listed === undefined) return undefined;
  const paths = listed.split('\0').filter(Boolean).map((line) => line.slice(rev.length + 1)).filter((path) => languageOf(path) !== undefined);
  if (paths.length > HELD_FILES) return undefined;
  const texts = await repo.blobReader.read(paths.map((p) => `${rev}:${p}`));
  const out: { path: string; text: string }[] = [];
  let chars = 0;
  for (let i = 0; i < paths.length; i++) {
    const t = texts[i];
    if (t.kind !== 'text') return undefined;
    chars += t.text.length;
    if (chars > HELD_CHARS) return undefined;
    out.push({ path: paths[i], text: t.text });
  }
  return out;
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
