// A name-based reference graph of one revision: how far apart two definitions are, counted in
// calls and type uses. Failure analysis asks how far a missed symbol is from the task's keyword
// hits (a depth miss is more than 2 hops); the labeling guardrail asks how far a label is from
// the changed code.
import type { Repository } from '../git/repository';
import { extractKeywords, identifierWords } from './words';
import { Definition, definitionsOf } from './definitions';
import { languageOf } from './languages';
import { referencesOf } from './references';
import { listAt } from '../lists';

/**
 * A name-based reference graph of one revision: definitions are nodes, a call or type use inside
 * one definition of another's name is an edge (both ways). Keyword hits are the definitions whose
 * name shares a word with the task's keywords.
 */
export class ReferenceGraph {
  private constructor(
    private readonly defs: Definition[],
    private readonly edges: Map<string, Set<string>>,
    readonly languages: Map<string, string>,
  ) {}

  static async build(repo: Repository, rev: string, maxFiles = 5000): Promise<ReferenceGraph | undefined> {
    const files = (await repo.listFiles(rev)).filter((p) => languageOf(p));
    if (files.length > maxFiles) return undefined; // too big to walk for a suggestion
    const texts = await repo.blobReader.read(files.map((p) => `${rev}:${p}`));
    const defs: Definition[] = [];
    const byName = new Map<string, string[]>();
    const uses: { from: string; name: string }[] = [];
    const languages = new Map<string, string>();
    for (let i = 0; i < files.length; i++) {
      const t = texts[i];
      if (t.kind !== 'text') continue;
      const fileDefs = await definitionsOf(files[i], t.text);
      for (const d of fileDefs) {
        defs.push(d);
        listAt(byName, d.name).push(d.symbol);
        languages.set(d.symbol, languageOf(files[i])!);
      }
      for (const ref of await referencesOf(files[i], t.text)) {
        if (ref.kind === 'identifier') continue;
        const owner = fileDefs.filter((d) => d.startLine <= ref.line && ref.line <= d.endLine).pop();
        if (owner) uses.push({ from: owner.symbol, name: ref.name });
      }
    }
    const edges = new Map<string, Set<string>>();
    const link = (a: string, b: string) => {
      if (a === b) return;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
    };
    for (const u of uses) {
      for (const target of byName.get(u.name) ?? []) {
        link(u.from, target);
        link(target, u.from);
      }
    }
    // A member and its container are one hop apart: a method is reached through its class.
    for (const d of defs) if (d.parent) {
      link(d.symbol, d.parent);
      link(d.parent, d.symbol);
    }
    return new ReferenceGraph(defs, edges, languages);
  }

  hopsFromKeywords(task: string, symbol: string): number | undefined {
    const keywords = new Set(extractKeywords(task).flatMap((k) => identifierWords(k)));
    return this.hopsFrom(this.defs.filter((d) => identifierWords(d.name).some((w) => keywords.has(w))).map((d) => d.symbol), symbol);
  }

  /** Reference hops from the nearest of `starts` to `symbol`, up to 3; undefined beyond. */
  hopsFrom(starts: string[], symbol: string, maxDepth = 3): number | undefined {
    const seen = new Map(starts.map((s) => [s, 0]));
    const queue = [...starts];
    while (queue.length > 0) {
      const s = queue.shift()!;
      const depth = seen.get(s)!;
      if (s === symbol) return depth;
      if (depth >= maxDepth) continue;
      for (const next of this.edges.get(s) ?? []) {
        if (!seen.has(next)) {
          seen.set(next, depth + 1);
          queue.push(next);
        }
      }
    }
    return undefined;
  }

}

