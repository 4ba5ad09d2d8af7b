// Where names point at one revision (spans.ts's Location), for the granularity metrics: a name
// whose key is a source file's path without extension is that file; a name that is a definition
// of the file its leading segments name (as SymbolResolver reads them: `git ls-tree`, then
// tree-sitter on the files the name points into) is that definition, with the lines it owns;
// anything else (a directory, a package prefix, a member that is not there) points nowhere.
// Each file is parsed, and each name placed, once per Locator.
import type { Repository } from '../git/repository';
import { definitionsOf, modulePath } from './definitions';
import { languageOf } from './languages';
import { textAt } from './lookup';
import { NormalizeOptions, symbolKey } from './normalize';
import { type Locate, type Location, ownedLines } from './spans';
import { listAt } from '../lists';

export class Locator {
  private tree?: Promise<Map<string, string[]>>;
  private readonly files = new Map<string, Promise<Map<string, Location>>>();
  private readonly keys = new Map<string, Promise<Location | null>>();

  /** `rev` as the repository knows it (a SHA, a branch, a tag). */
  constructor(private readonly repo: Repository, readonly rev: string) {}

  /** Each name's Location (null: it points nowhere real), by its comparison key (normalize.ts's symbolKey under `options`). */
  async locate(names: Iterable<string>, options: NormalizeOptions = {}): Promise<Map<string, Location | null>> {
    const out = new Map<string, Location | null>();
    // Each spelling once: an answer may repeat one name a million times.
    for (const name of new Set(names)) {
      const key = symbolKey(name, options);
      if (out.has(key)) continue;
      let found = this.keys.get(key);
      if (!found) this.keys.set(key, (found = key ? this.locateKey(key) : Promise.resolve(null)));
      out.set(key, await found);
    }
    return out;
  }

  /** `locate` as a lookup: where each of `names` points, for the pure scorers (scoring/granularity.ts). */
  async lookup(names: Iterable<string>, options: NormalizeOptions = {}): Promise<Locate> {
    const found = await this.locate(names, options);
    return (name) => found.get(symbolKey(name, options));
  }

  private async locateKey(key: string): Promise<Location | null> {
    const byModule = await this.modules();
    const own = byModule.get(key);
    if (own) return { kind: 'file', file: own[0] };
    const segments = key.split('.');
    // Shortest file first, as SymbolResolver reads them: `validate` and the scores agree on what exists.
    for (let n = 1; n < segments.length; n++) {
      for (const path of byModule.get(segments.slice(0, n).join('.')) ?? []) {
        const found = (await this.definitionsIn(path)).get(key);
        if (found) return found;
      }
    }
    return null;
  }

  /** Source files by the comparison key of their path without extension, in the tree's order. */
  private modules(): Promise<Map<string, string[]>> {
    this.tree ??= this.repo.listFiles(this.rev).then((paths) => {
      const byModule = new Map<string, string[]>();
      for (const path of paths) {
        if (!languageOf(path)) continue;
        const key = symbolKey(modulePath(path));
        listAt(byModule, key).push(path);
      }
      return byModule;
    });
    return this.tree;
  }

  /** A file's definitions as Locations, by comparison key. */
  private definitionsIn(path: string): Promise<Map<string, Location>> {
    let found = this.files.get(path);
    if (!found) {
      found = (async () => {
        const text = await textAt(this.repo, this.rev, path);
        if (text === undefined) return new Map<string, Location>();
        const owned = ownedLines(await definitionsOf(path, text));
        return new Map([...owned].map(([symbol, lines]): [string, Location] => [symbolKey(symbol), { kind: 'symbol', file: path, symbol, lines }]));
      })();
      this.files.set(path, found);
    }
    return found;
  }
}
