// What symbol resolution keeps on disk, so a corpus validates again without git or tree-sitter.
// It lives beside the corpus, in `.fixture-lab/cache/` (a `.gitignore` of `*` keeps it out of the
// corpus's git): it belongs to that corpus and goes with it, tests' temp corpora take theirs along
// when removed, and a read-only corpus just runs uncached. Everything in it is derived from
// commits, which never change, so nothing is ever invalidated; a format number in each file
// retires old files when what is derived changes.
//
// Per repository (`symbols/<repo>/`):
// - `<commit>.json`, per revision: every symbol asked about there, by comparison key, and the
//   answer: defined (true), not defined (null), or not defined with the nearest existing name.
// - `definitions.json`: the definitions tree-sitter found in each file content (by blob id and
//   extension, so a file unchanged between two revisions is parsed once), for revisions and
//   symbols not asked about yet.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { writeTextAtomic } from '../io/files';

/** Bump when definitions.ts, the nearest-name rule or what is read (MAX_FILE_BYTES) change what is derived. */
export const RESOLVE_CACHE_FORMAT = 4;

/** Defined; not defined (null); not defined, and this existing name is nearest. */
export type StoredAnswer = true | null | string;

/** The cache folder of a corpus. */
export function corpusCacheDir(corpusDir: string): string {
  return join(corpusDir, '.fixture-lab', 'cache');
}

/** A repository name from repos.yaml as a folder name: never a path, never hidden. */
function folderName(repo: string): string {
  return repo.replace(/[^\w.-]/g, '_').replace(/^\./, '_') || '_';
}

export class SymbolStore {
  private readonly revisions = new Map<string, Promise<Map<string, StoredAnswer>>>();
  private readonly dirtyRevisions = new Set<string>();
  private definitionsLoad?: Promise<Map<string, string[]>>;
  private dirtyDefinitions = false;
  private readonly dir?: string;

  /** `cacheDir` undefined: kept in memory only. */
  constructor(private readonly cacheDir: string | undefined, repo: string) {
    this.dir = cacheDir && join(cacheDir, 'symbols', folderName(repo));
  }

  /** Whether answers at this commit were stored by an earlier run (so the commit exists). */
  async knows(commit: string): Promise<boolean> {
    return this.dir !== undefined && (await this.answers(commit)).size > 0;
  }

  /** The answers at a commit (full SHA): loaded once, then added to. */
  answers(commit: string): Promise<Map<string, StoredAnswer>> {
    let found = this.revisions.get(commit);
    if (!found) {
      found = this.read<{ answers: Record<string, StoredAnswer> }>(`${commit}.json`).then((f) => new Map(Object.entries(f?.answers ?? {})));
      this.revisions.set(commit, found);
    }
    return found;
  }

  async remember(commit: string, key: string, answer: StoredAnswer): Promise<void> {
    (await this.answers(commit)).set(key, answer);
    this.dirtyRevisions.add(commit);
  }

  /** Member names (`Cart.total`) found in a file content, by `<blob>.<extension>`. */
  definitions(): Promise<Map<string, string[]>> {
    this.definitionsLoad ??= this.read<{ files: Record<string, string[]> }>('definitions.json').then((f) => new Map(Object.entries(f?.files ?? {})));
    return this.definitionsLoad;
  }

  async rememberDefinitions(content: string, members: string[]): Promise<void> {
    (await this.definitions()).set(content, members);
    this.dirtyDefinitions = true;
  }

  /** Write what was added. A cache that cannot be written (a read-only corpus) is not an error. */
  async save(): Promise<void> {
    if (!this.dir || (this.dirtyRevisions.size === 0 && !this.dirtyDefinitions)) return;
    try {
      await fs.mkdir(this.dir, { recursive: true });
      const ignore = join(this.cacheDir!, '.gitignore');
      await fs.writeFile(ignore, '# Derived from the repositories by fixture-lab; safe to delete.\n*\n', { flag: 'wx' }).catch(() => undefined);
      for (const commit of this.dirtyRevisions) {
        const answers = Object.fromEntries([...(await this.answers(commit))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
        await writeTextAtomic(join(this.dir, `${commit}.json`), JSON.stringify({ format: RESOLVE_CACHE_FORMAT, revision: commit, answers }) + '\n');
      }
      if (this.dirtyDefinitions) {
        const files = Object.fromEntries(await this.definitions());
        await writeTextAtomic(join(this.dir, 'definitions.json'), JSON.stringify({ format: RESOLVE_CACHE_FORMAT, files }) + '\n');
      }
      this.dirtyRevisions.clear();
      this.dirtyDefinitions = false;
    } catch {
      // The answers stay in memory for this run; the next run derives them again.
    }
  }

  /** A cache file of this format, or undefined (absent, unreadable, another format). */
  private async read<T>(name: string): Promise<T | undefined> {
    if (!this.dir) return undefined;
    try {
      const data = JSON.parse(await fs.readFile(join(this.dir, name), 'utf8')) as { format?: unknown };
      return data.format === RESOLVE_CACHE_FORMAT ? (data as T) : undefined;
    } catch {
      return undefined;
    }
  }
}
