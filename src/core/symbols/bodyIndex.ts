// The definitions of a repository at a revision with their body hashes (bodyHash.ts), read
// through git without a checkout: one symbol by its name (only the files whose module path
// prefixes it are read), or every one by its hash (`relocate` looking for where a body went).
// A file's definitions are parsed once per blob, whatever revisions share it.
import type { Repository } from '../git/repository';
import { fileHash, hashedDefinitionsOf } from './bodyHash';
import { modulePath } from './definitions';
import { languageOf } from './languages';
import { NormalizeOptions, symbolKey } from './normalize';
import { listAt } from '../lists';

/** What a label records of the code it was made on (fixtures/model.ts's Label fields of the same names). */
export interface Provenance {
  at?: string;
  body_hash?: string;
}

export interface HashedSymbol {
  /** The qualified name (docs/fixture-format.md#symbol-names); a file's own name for a whole file. */
  symbol: string;
  file: string;
  /** 1-based first line (1 for a whole file). */
  line: number;
  bodyHash: string;
}

interface TreeFile {
  path: string;
  blob: string;
  module: string;
}

/** A file's definitions relative to its module path, so files with the same content share them. */
type Members = { member: string; line: number; bodyHash: string }[];

export class BodyIndex {
  private readonly commits = new Map<string, Promise<string>>();
  private readonly trees = new Map<string, Promise<TreeFile[]>>();
  private readonly blobs = new Map<string, Promise<{ members: Members; whole: string } | undefined>>();
  private readonly hashes = new Map<string, Promise<Map<string, HashedSymbol[]>>>();

  constructor(readonly repo: Repository, private readonly options: NormalizeOptions = {}) {}

  /** The full SHA of `rev`; a FixtureLabError saying how to fetch it when the repository lacks it. */
  commit(rev: string): Promise<string> {
    return once(this.commits, rev, () => this.repo.resolve(rev));
  }

  /** The definition (or file) named `symbol` at `commit`, if there is one: the first in the tree's order. */
  async find(commit: string, symbol: string): Promise<HashedSymbol | undefined> {
    const key = symbolKey(symbol, this.options);
    for (const file of await this.tree(commit)) {
      if (key !== file.module && !key.startsWith(`${file.module}.`)) continue;
      const found = (await this.symbolsOf(file)).find((s) => symbolKey(s.symbol, this.options) === key);
      if (found) return found;
    }
    return undefined;
  }

  /** Every definition and file at `commit` by body hash. Reads the whole tree: asked only when a body must be looked for. */
  byHash(commit: string): Promise<Map<string, HashedSymbol[]>> {
    return once(this.hashes, commit, async () => {
      const out = new Map<string, HashedSymbol[]>();
      for (const file of await this.tree(commit)) {
        for (const s of await this.symbolsOf(file)) listAt(out, s.bodyHash).push(s);
      }
      return out;
    });
  }

  private tree(commit: string): Promise<TreeFile[]> {
    return once(this.trees, commit, async () => {
      const out = await this.repo.git.raw(['ls-tree', '-r', '-z', '--full-tree', commit]);
      const files: TreeFile[] = [];
      for (const record of out.split('\0')) {
        const tab = record.indexOf('\t');
        const [, type, blob] = record.slice(0, tab).split(' ');
        const path = record.slice(tab + 1);
        if (type === 'blob' && languageOf(path)) files.push({ path, blob, module: symbolKey(modulePath(path), this.options) });
      }
      return files;
    });
  }

  private async symbolsOf(file: TreeFile): Promise<HashedSymbol[]> {
    const content = await once(this.blobs, `${file.blob}.${file.path.slice(file.path.lastIndexOf('.') + 1)}`, async () => {
      const [text] = await this.repo.blobReader.read([file.blob]);
      if (text.kind !== 'text') return undefined;
      const prefix = modulePath(file.path).length + 1;
      const members = (await hashedDefinitionsOf(file.path, text.text))
        .map((d) => ({ member: d.symbol.slice(prefix), line: d.startLine, bodyHash: d.bodyHash }));
      return { members, whole: fileHash(text.text) };
    });
    if (!content) return [];
    const module = modulePath(file.path);
    return [
      { symbol: module, file: file.path, line: 1, bodyHash: content.whole },
      ...content.members.map((m) => ({ symbol: `${module}.${m.member}`, file: file.path, line: m.line, bodyHash: m.bodyHash })),
    ];
  }
}

/**
 * What a new label records of the code (docs/fixture-format.md#labels-that-follow-the-code): the
 * full SHA of the revision it is made at and, when the code there defines the symbol, its body
 * hash. Nothing when the revision cannot be read: the label is written without them.
 */
export async function provenanceOf(index: BodyIndex, rev: string, symbol: string): Promise<Provenance> {
  try {
    const at = await index.commit(rev);
    const found = await index.find(at, symbol);
    return found ? { at, body_hash: found.bodyHash } : { at };
  } catch {
    return {};
  }
}

function once<T>(memo: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = memo.get(key);
  if (!found) {
    found = make();
    found.catch(() => memo.delete(key));
    memo.set(key, found);
  }
  return found;
}
