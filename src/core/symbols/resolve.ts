// Does a symbol name exist in the code at a revision, and if not, which existing name is nearest?
// A name's file is found from the revision's tree (`git ls-tree`, no checkout): the files whose
// path without extension is a prefix of the name. Those files' definitions (definitions.ts) decide.
// A miss gets a suggestion from the same file first, then from across the repository. Every
// answer and every file's definitions go to the SymbolStore, so a second run needs neither git
// nor tree-sitter.
import type { Repository } from '../git/repository';
import { definitionsOf, fileDefinitions, modulePath } from './definitions';
import { guessedText } from '../git/blobs';
import { damageText } from './parseDamage';
import { languageOf } from './languages';
import { filesMentioning } from './lookup';
import { lastSegment, nearestKey } from './nearest';
import { symbolKey } from './normalize';
import { StoredAnswer, SymbolStore } from './resolveCache';
import { listAt } from '../lists';

export type SymbolAnswer = { found: true } | { found: false; suggestion?: string };

/** Beyond this many source files, the repository-wide suggestion reads only files naming the word (git grep). */
export const REPO_WIDE_MAX_FILES = 5000;

const FULL_SHA = /^[0-9a-f]{40}$/i;

interface TreeFile {
  path: string;
  blob: string;
  /** The path without extension as a comparison key: `shop.cart` for shop/cart.py. */
  module: string;
}

interface Tree {
  files: TreeFile[];
  byModule: Map<string, TreeFile[]>;
}

/** Comparison key -> how it is shown. */
type Names = Map<string, string>;

export class SymbolResolver {
  /** Files tree-sitter parsed for this resolver: what the cache spares (tests and benchmarks read it). */
  parsed = 0;
  private repository?: Promise<Repository>;
  private readonly commits = new Map<string, Promise<string>>();
  private readonly trees = new Map<string, Promise<Tree>>();
  private readonly contents = new Map<string, Promise<string[]>>();
  private readonly everything = new Map<string, Promise<Names>>();
  private readonly damages = new Map<string, Promise<string | undefined>>();

  /** `open` is called at most once, and only when the cache cannot answer. */
  constructor(private readonly open: () => Promise<Repository>, readonly store: SymbolStore) {}

  /**
   * The answer for each comparison key (normalize.ts's symbolKey) at `rev`. Throws the
   * repository's FixtureLabError when it cannot be opened or lacks the revision.
   */
  async resolve(rev: string, keys: Iterable<string>): Promise<Map<string, SymbolAnswer>> {
    const commit = await this.commitOf(rev);
    const stored = await this.store.answers(commit);
    const out = new Map<string, SymbolAnswer>();
    for (const key of keys) {
      if (out.has(key)) continue;
      let answer = stored.get(key);
      if (answer === undefined) {
        answer = await this.derive(commit, key);
        await this.store.remember(commit, key, answer);
      }
      out.set(key, answer === true ? { found: true } : answer === null ? { found: false } : { found: false, suggestion: answer });
    }
    return out;
  }

  /**
   * Which of `keys` name a file at `rev` rather than a definition in one (`httpx/_decoders` for
   * `httpx/_decoders.py`): such a name exists, but a system answering with it retrieved a file, which
   * only a ground-truth entry naming the same file can credit.
   */
  async fileNames(rev: string, keys: Iterable<string>): Promise<Set<string>> {
    const tree = await this.tree(await this.commitOf(rev));
    return new Set([...keys].filter((key) => tree.byModule.has(key)));
  }

  /**
   * Why `key` may be missing at `rev` although written right: the file it would be defined in (the
   * longest module that prefixes it) has a syntax error tree-sitter did not recover from, after
   * which definitions may be missing (parseDamage.ts), or was read in a guessed encoding. Read from the file's extraction, kept on disk
   * with its definitions, so a run whose answers all came from the cache says it too.
   */
  async damageFor(rev: string, key: string): Promise<{ file: string; reason: string } | undefined> {
    const commit = await this.commitOf(rev);
    const tree = await this.tree(commit);
    const segments = key.split('.');
    for (let n = segments.length - 1; n >= 1; n--) {
      for (const file of tree.byModule.get(segments.slice(0, n).join('.')) ?? []) {
        const reason = await this.damageOf(file);
        if (reason) return { file: file.path, reason };
      }
    }
    return undefined;
  }

  /**
   * Why a file's names may be missing or wrong, in words (its syntax error, or its encoding guessed:
   * blobs.ts's guessedText), read once per content (a run asks for the files of every answer's missing names).
   */
  private damageOf(file: TreeFile): Promise<string | undefined> {
    const content = `${file.blob}.${file.path.slice(file.path.lastIndexOf('.') + 1)}`;
    let found = this.damages.get(content);
    if (!found) {
      found = (async () => {
        const [text] = await (await this.repo()).blobReader.read([file.blob]);
        if (text.kind !== 'text') return undefined;
        const { damage } = await fileDefinitions(file.path, text.text);
        return damage ? damageText(file.path, damage) : text.guessed ? guessedText(file.path) : undefined;
      })();
      this.damages.set(content, found);
    }
    return found;
  }

  save(): Promise<void> {
    return this.store.save();
  }

  /** The repository, opened once (also for checks beside resolution: validate's label relocations). */
  repo(): Promise<Repository> {
    return (this.repository ??= this.open());
  }

  /** A full SHA the cache already knows needs no git; anything else is resolved by it. */
  private commitOf(rev: string): Promise<string> {
    let found = this.commits.get(rev);
    if (!found) {
      found = (async () => {
        if (FULL_SHA.test(rev) && (await this.store.knows(rev.toLowerCase()))) return rev.toLowerCase();
        return (await this.repo()).resolve(rev);
      })();
      found.catch(() => this.commits.delete(rev));
      this.commits.set(rev, found);
    }
    return found;
  }

  private async derive(commit: string, key: string): Promise<StoredAnswer> {
    const tree = await this.tree(commit);
    if (tree.byModule.has(key)) return true; // the name of a file
    const segments = key.split('.');
    const owners: TreeFile[][] = [];
    for (let n = 1; n < segments.length; n++) {
      const files = tree.byModule.get(segments.slice(0, n).join('.'));
      if (files) owners.push(files);
    }
    for (const files of owners) {
      for (const file of files) {
        if ((await this.membersOf(file)).includes(key.slice(file.module.length + 1))) return true;
      }
    }
    // Nearest: in the file the name points into (its longest prefix), else anywhere.
    const own = owners.at(-1);
    if (own) {
      const names = await this.namesIn(own);
      const near = nearestKey(key, names.keys());
      if (near) return names.get(near)!;
    }
    const word = lastSegment(key);
    const exact = await this.definedElsewhere(commit, tree, word);
    const exactNear = exact && nearestKey(key, exact.keys());
    if (exactNear) return exact.get(exactNear)!;
    const names = await this.namesEverywhere(commit, tree, word);
    const near = nearestKey(key, names.keys());
    return near ? names.get(near)! : null;
  }

  /**
   * The definitions and files named exactly `word`, found without parsing the repository: a file
   * defining `word` contains it as a word, so `git grep -w` names every such file. When any exist
   * they are what the repository-wide search would pick (their last segment is 0 edits away).
   * Undefined when grep cannot tell (not a plain word), or would name as many files as the
   * repository-wide search reads anyway.
   */
  private async definedElsewhere(commit: string, tree: Tree, word: string): Promise<Names | undefined> {
    if (!/^\w+$/.test(word)) return undefined;
    const paths = new Set(await filesMentioning(await this.repo(), commit, [word], REPO_WIDE_MAX_FILES));
    if (paths.size >= REPO_WIDE_MAX_FILES) return undefined;
    const files = tree.files.filter((f) => paths.has(f.path));
    const names: Names = new Map([...(await this.namesIn(files))].filter(([k]) => lastSegment(k) === word));
    for (const file of tree.files) if (lastSegment(file.module) === word) names.set(file.module, modulePath(file.path));
    return names;
  }

  private tree(commit: string): Promise<Tree> {
    let found = this.trees.get(commit);
    if (!found) {
      found = (async () => {
        const out = await (await this.repo()).git.raw(['ls-tree', '-r', '-z', '--full-tree', commit]);
        const files: TreeFile[] = [];
        const byModule = new Map<string, TreeFile[]>();
        for (const record of out.split('\0')) {
          const tab = record.indexOf('\t');
          const [, type, blob] = record.slice(0, tab).split(' ');
          const path = record.slice(tab + 1);
          if (type !== 'blob' || !languageOf(path)) continue;
          const file = { path, blob, module: moduleKey(modulePath(path)) };
          files.push(file);
          listAt(byModule, file.module).push(file);
        }
        return { files, byModule };
      })();
      this.trees.set(commit, found);
    }
    return found;
  }

  /** The member names a file defines (`Cart`, `Cart.total`): stored by content, parsed once. */
  private membersOf(file: TreeFile): Promise<string[]> {
    const content = `${file.blob}.${file.path.slice(file.path.lastIndexOf('.') + 1)}`;
    let found = this.contents.get(content);
    if (!found) {
      found = (async () => {
        const stored = (await this.store.definitions()).get(content);
        if (stored) return stored;
        const [text] = await (await this.repo()).blobReader.read([file.blob]);
        const prefix = modulePath(file.path).length + 1;
        const members = text.kind === 'text' ? (await definitionsOf(file.path, text.text)).map((d) => d.symbol.slice(prefix)) : [];
        this.parsed++;
        await this.store.rememberDefinitions(content, members);
        return members;
      })();
      this.contents.set(content, found);
    }
    return found;
  }

  private async namesIn(files: TreeFile[]): Promise<Names> {
    const names: Names = new Map();
    for (const file of files) {
      const shown = modulePath(file.path);
      for (const member of await this.membersOf(file)) names.set(`${file.module}.${symbolKey(member)}`, `${shown}.${member}`);
    }
    return names;
  }

  /**
   * Every definition and file name at a commit, for suggestions across the repository. A huge
   * repository is not parsed whole for a suggestion: there, only files naming `word` are read.
   */
  private namesEverywhere(commit: string, tree: Tree, word: string): Promise<Names> {
    const huge = tree.files.length > REPO_WIDE_MAX_FILES;
    const memo = huge ? `${commit} ${word}` : commit;
    let found = this.everything.get(memo);
    if (!found) {
      found = (async () => {
        const paths = huge ? new Set(await filesMentioning(await this.repo(), commit, [word])) : undefined;
        const files = paths ? tree.files.filter((f) => paths.has(f.path)) : tree.files;
        await Promise.all(files.map((f) => this.membersOf(f)));
        const names = await this.namesIn(files);
        for (const file of tree.files) names.set(file.module, modulePath(file.path));
        return names;
      })();
      this.everything.set(memo, found);
    }
    return found;
  }
}

/**
 * A file's module as the key of a name in it begins: normalised as it is inside a whole name (the
 * quotes and `(…)` that symbolKey trims from a name's ends are the file's own characters here, as
 * in a file named ``a`[x](y)`.py``), so a member's key always starts with its file's.
 */
function moduleKey(module: string): string {
  const MEMBER = '.x0';
  return symbolKey(module + MEMBER).slice(0, -MEMBER.length);
}
