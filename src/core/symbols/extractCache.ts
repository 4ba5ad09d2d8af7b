// What tree-sitter found in a file's text (its definitions, its references), kept on disk by the
// text's hash, so a second `candidates` or `symbols` parses only the files that changed: parsing
// and walking the trees is most of what those commands cost, and the grammars' start-up is paid
// only when something must be parsed. The CLI turns it on (src/cli/main.ts); in-process callers
// (the editor, the tests) derive everything unless they turn it on too.
//
// A stale entry would be a wrong answer with exit 0, so an entry is found only under the version of
// what derived it: a hash of the extractor's own code (every source file bundled with
// definitions.ts and references.ts, written into the bundles by esbuild.mjs) and the versions of
// web-tree-sitter and of the grammars, read where they are installed. A build without that hash
// (esbuild's watch mode, where the code changes under it) keeps nothing. Entries are written to a
// temp file and renamed into place, so processes writing the same entry at once each leave a whole
// one; an entry that does not read back as what was written (truncated, edited, another key's) is
// ignored and derived again.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempPathOf } from '../io/temp';
import { userCacheDir } from '../io/userCache';
import type { LanguageId } from './languages';

/** The hash of the extractor's code, from esbuild.mjs's `define`; absent in a watch build. */
declare const FIXTURE_LAB_EXTRACTOR_CODE: string | undefined;

export type ExtractKind = 'definitions' | 'references';

interface Active {
  dir: string;
  version: string;
}

let active: Active | undefined;
/** What useExtractCache asked for, made `active` at the first entry: a command that reads none (`--help`, `label`) pays nothing. */
let asked: { dir: string; code: string } | undefined;

/** The folder and version entries go to, worked out at the first use after useExtractCache. */
function current(): Active | undefined {
  if (!active && asked) {
    const { dir, code } = asked;
    asked = undefined;
    const version = createHash('sha256').update(`${code}\0${grammarVersions()}`).digest('hex').slice(0, 16);
    active = { dir: join(dir, version), version };
    pruneVersions(dir, version);
  }
  return active;
}

/**
 * Where the CLI keeps entries: FIXTURE_LAB_SYMBOL_CACHE (a folder, or `off`), else
 * `symbols/` in the user's cache folder. Undefined: keep nothing.
 */
export function defaultExtractCacheDir(): string | undefined {
  const set = process.env.FIXTURE_LAB_SYMBOL_CACHE;
  if (set === 'off') return undefined;
  return set || join(userCacheDir(), 'symbols');
}

/** The hash of this build's extractor code, or undefined when the build has none. */
export function extractorCodeHash(): string | undefined {
  return typeof FIXTURE_LAB_EXTRACTOR_CODE === 'string' && FIXTURE_LAB_EXTRACTOR_CODE !== '' ? FIXTURE_LAB_EXTRACTOR_CODE : undefined;
}

/** The installed versions of the tree-sitter runtime and of the grammars. */
function grammarVersions(): string {
  const versionOf = (packageJson: string) => (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  // web-tree-sitter's `exports` hides its package.json; it sits beside the module.
  const runtime = versionOf(join(dirname(require.resolve('web-tree-sitter')), 'package.json'));
  const grammars = versionOf(require.resolve('@vscode/tree-sitter-wasm/package.json'));
  return `web-tree-sitter@${runtime}+@vscode/tree-sitter-wasm@${grammars}`;
}

/**
 * Keep entries in `dir` from now on (undefined: keep none). `code` is the extractor's code hash;
 * tests pass their own to prove that another version reads none of this one's entries.
 */
export function useExtractCache(dir: string | undefined, code = extractorCodeHash()): void {
  active = undefined;
  // Resolving and reading the installed versions costs a process about 5 ms of CPU: done at the first entry, not here.
  asked = dir && code ? { dir, code } : undefined;
}

/** How many other versions' folders are kept beside this one's (another install, a rebuild going back). */
export const KEPT_VERSIONS = 3;

/**
 * Each build of the extractor has a folder of its own, which no other build reads: without this,
 * every rebuild and upgrade would leave one behind for good. The current one is kept, and the
 * KEPT_VERSIONS others written to most recently; a process of a removed version that is still
 * running only parses again (its reads find nothing, its writes make the folder anew).
 */
function pruneVersions(dir: string, current: string): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n !== current && /^[0-9a-f]{16}$/.test(n));
  } catch {
    return;
  }
  const written = (name: string): number => {
    // A folder's time changes when an entry is added to it: the kinds' folders say when it was last written.
    const folder = join(dir, name);
    try {
      return Math.max(statSync(folder).mtimeMs, ...readdirSync(folder).map((k) => statSync(join(folder, k)).mtimeMs));
    } catch {
      return 0;
    }
  };
  const byAge = names.map((name) => ({ name, at: written(name) })).sort((a, b) => b.at - a.at);
  for (const { name } of byAge.slice(KEPT_VERSIONS)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** The folder entries go to now (undefined: none are kept). */
export function extractCacheFolder(): string | undefined {
  return current()?.dir;
}

/** One file text's entry of one kind: where it is kept, and the name it holds. */
export interface Entry {
  path: string;
  name: string;
}

/** The entry of one file text's `kind`, or undefined when nothing is kept. */
export function entryOf(kind: ExtractKind, language: LanguageId, text: string): Entry | undefined {
  const active = current();
  if (!active) return undefined;
  const key = createHash('sha256').update(language).update('\0').update(text).digest('hex');
  return { path: join(active.dir, kind, `${key}.json`), name: `${kind}/${key}` };
}

/** What an entry held, or undefined when it is absent or not one this version wrote whole. */
export function readEntry(entry: Entry): unknown {
  let text: string;
  try {
    text = readFileSync(entry.path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const read = JSON.parse(text) as { version?: unknown; entry?: unknown; data?: unknown };
    // The entry names itself: a file copied or renamed over another's reads as none.
    return read.version === current()?.version && read.entry === entry.name ? read.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keep `data` as the entry. A cache that cannot be written (full, read-only) only costs the next run a parse. */
export function writeEntry(entry: Entry, data: unknown): void {
  const active = current();
  if (!active) return;
  const text = JSON.stringify({ version: active.version, entry: entry.name, data });
  const temp = tempPathOf(entry.path);
  try {
    try {
      writeFileSync(temp, text);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      mkdirSync(dirname(entry.path), { recursive: true });
      writeFileSync(temp, text);
    }
    renameSync(temp, entry.path);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing reads a temp file: its name is no entry's.
    }
  }
}

/** An entry's rows, integers as JSON holds them. */
export const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
