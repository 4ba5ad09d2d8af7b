// Failure analysis (§8.3): for every ground-truth symbol a system did not return in its top K,
// a suggested category with the evidence that suggests it. A person's choice (the triage file
// the panel writes) overrides the suggestion; the fixtures are never touched.
import type { MatchResult } from '../scoring/match';
import { Definition, definitionsOf } from '../symbols/definitions';
import { languageOf } from '../symbols/languages';
import { referencesOf } from '../symbols/references';
import type { Repository } from '../git/repository';
import { extractKeywords, foldPlural, identifierWords, wordsOf } from './keywords';
import type { RawResult } from './results';

export const FAILURE_CATEGORIES = ['noise overwhelm', 'vocabulary miss', 'depth miss', 'language gap', 'scale failure', 'unexplained'] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

export interface Miss {
  system: string;
  task: string;
  symbol: string;
  /** Rank at which the system returned it, when below the cut. */
  rank?: number;
  suggested: FailureCategory;
  evidence: string;
  /** Set by a person in triage. */
  category?: FailureCategory;
  confirmed?: boolean;
}

/** How far (in reference hops) each symbol of a revision is from the task's keyword hits. */
export interface HopOracle {
  hopsFromKeywords(task: string, symbol: string): number | undefined;
}

export interface MissContext {
  raw: RawResult;
  match: MatchResult;
  task: string;
  cutoff: number;
  /** Languages the system declares; a symbol in another is a language gap. */
  languages?: string[];
  hops?: HopOracle;
  /** The language a symbol is written in (from the revision's definitions). */
  symbolLanguage?: (symbol: string) => string | undefined;
}

/** The words of a symbol's name: its file's base name and its members (`shop/pricing.apply_discount` -> pricing, apply, discount). */
export function nameWords(symbol: string): string[] {
  return identifierWords(symbol.slice(symbol.lastIndexOf('/') + 1)).map(foldPlural);
}

export function missesOf(c: MissContext): Miss[] {
  const out: Miss[] = [];
  const taskWords = wordsOf(c.task);
  c.match.truth.forEach((entry, i) => {
    const rank = c.match.creditedAt[i];
    if (rank !== null && rank <= c.cutoff) return;
    const miss = (suggested: FailureCategory, evidence: string): Miss => ({ system: c.raw.system, task: c.raw.task, symbol: entry.symbol, ...(rank !== null ? { rank } : {}), suggested, evidence });
    if (c.raw.status !== 'ok') {
      out.push(miss('scale failure', `the system ${c.raw.status === 'timeout' ? 'timed out' : 'failed'} on ${c.raw.repo}: ${c.raw.error ?? 'no message'}`));
      return;
    }
    if (rank !== null) {
      out.push(miss('noise overwhelm', `found at rank ${rank}, below K=${c.cutoff}`));
      return;
    }
    const language = c.symbolLanguage?.(entry.symbol);
    if (c.languages && language && !c.languages.includes(language)) {
      out.push(miss('language gap', `a ${language} symbol; the system declares ${c.languages.join(', ')}`));
      return;
    }
    const words = nameWords(entry.symbol);
    if (!words.some((w) => taskWords.has(w))) {
      out.push(miss('vocabulary miss', `no word of \`${entry.symbol.slice(entry.symbol.lastIndexOf('/') + 1)}\` occurs in the task`));
      return;
    }
    const hops = c.hops?.hopsFromKeywords(c.task, entry.symbol);
    if (hops === undefined || hops > 2) {
      const shared = words.filter((w) => taskWords.has(w));
      out.push(miss('depth miss', `shares "${shared.join('", "')}" with the task but is ${hops === undefined ? 'more than 2 hops (or unreachable)' : `${hops} hops`} from every keyword hit`));
      return;
    }
    out.push(miss('unexplained', `shares vocabulary with the task and is ${hops} hop${hops === 1 ? '' : 's'} from a keyword hit, yet was not returned`));
  });
  return out;
}

/**
 * A name-based reference graph of one revision: definitions are nodes, a call or type use inside
 * one definition of another's name is an edge (both ways). Keyword hits are the definitions whose
 * name shares a word with the task's keywords.
 */
export class ReferenceGraph implements HopOracle {
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
        byName.set(d.name, [...(byName.get(d.name) ?? []), d.symbol]);
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
    const start = this.defs.filter((d) => identifierWords(d.name).some((w) => keywords.has(w))).map((d) => d.symbol);
    const seen = new Map(start.map((s) => [s, 0]));
    const queue = [...start];
    while (queue.length > 0) {
      const s = queue.shift()!;
      const depth = seen.get(s)!;
      if (s === symbol) return depth;
      if (depth >= 3) continue;
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

/** The top three categories of a system's misses, a person's category counting over the suggestion. */
export function topModes(misses: Miss[], n = 3): { category: FailureCategory; count: number }[] {
  const counts = new Map<FailureCategory, number>();
  for (const m of misses) counts.set(m.category ?? m.suggested, (counts.get(m.category ?? m.suggested) ?? 0) + 1);
  return [...counts.entries()].map(([category, count]) => ({ category, count })).sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)).slice(0, n);
}
