// The links of a change to its neighbours, and how they are weighed: each neighbour scores each
// changed symbol's strongest link to it once, by how surely the link resolves and what it is.
import { isTestPath } from '../symbols/testPaths';
import type { Definition } from '../symbols/definitions';
import type { ChangedSymbol } from './changedSymbols';
import { IMPLICIT_CALLS, shortName } from './languageRules';
import type { Located, Resolution } from './repositoryIndex';

export type Relation = 'callee' | 'type' | 'caller' | 'data';

/** A name with more definitions than this, and nothing in the code that picks one, links nothing. */
export const AMBIGUOUS_LIMIT = 3;

export interface Neighbour {
  symbol: string;
  file: string;
  kind: Definition['kind'];
  startLine: number;
  endLine: number;
  relation: Relation;
  /** 1, or 2 for what a neighbour does with data the change writes (`if rule.flag: self.answer()`), a caller's caller and the second ring (secondRing.ts). */
  hops: 1 | 2;
  /** The changed symbols this one is linked to. */
  via: string[];
  /** Links counted, each weighed by how surely it resolves (1, or 1/n of n same-named definitions) and what it is. Higher ranks first. */
  score: number;
  /** How many links. */
  links: number;
  /** The first link, said in a line: "calls render (line 42)". */
  why: string;
  /** Is it test code (its file's path says so)? */
  test: boolean;
  /** Linked by name alone to one of several same-named definitions: no link was resolved by what the code says. */
  byName: boolean;
  /** Every link is evidence beside the code (a name like a changed one, a change made together): at equal score it ranks below code links. */
  beside?: boolean;
}

export interface Links {
  neighbours: Neighbour[];
  /** Distinct names used or called that no code resolved and that name more than AMBIGUOUS_LIMIT definitions. */
  ambiguous: number;
  /** With a precise resolver: its symbols that uses were resolved to and no definition here is (Index.unmapped). */
  unmapped?: Map<string, { uses: Set<string>; place: { path: string; line: number } }>;
}

/** Weights: a call or type use is a link; a read, a decorator or a data flow half one. */
export const WEIGHT = { callee: 1, type: 1, caller: 1, data: 0.5 } as const;
export const DECORATOR_WEIGHT = 0.5;
/** What the change's tests use says little about the change: their links weigh a quarter. */
const TEST_OWNER_WEIGHT = 0.25;
/**
 * A modified symbol's lines the change left alone say less about it than the lines it made: in a
 * 250-line function that changed in one `if`, what that `if` calls is the change; the rest of
 * the function is context. Uses away from every changed line weigh this much.
 */
export const FAR_WEIGHT = 0.25;
export const evidence = (near: boolean) => (near ? 1 : FAR_WEIGHT);
/**
 * An instance attribute (`self.scope = scope` in `__init__`, `this.timer = ...` in a method) that
 * the changed code reads or writes on the object its method runs on is that method's own state:
 * the lines that use it show it, and its definition (an assignment in some method) tells a labeler
 * no more. Such a link weighs a quarter, like a use on a line the change left alone: listed only
 * while few neighbours have strong evidence. A declared field (a Go struct's, a TypeScript class's,
 * a Python class attribute) is part of its type's declaration, and an attribute read on another
 * object (`app.routes`) is where two parts of the code meet: both weigh in full.
 */
export const OWN_STATE_WEIGHT = 0.25;
/** Constructors link below every other link: they call, and set up, everything. */
export const CONSTRUCTOR_WEIGHT = 0.2;

/** `beside`: the link is evidence beside the code (namesakes.ts, coChanges.ts), ranked below code links of equal score. */
export type LinkFn = (
  at: Located, relation: Relation, via: ChangedSymbol, weight: number, why: string, byName: boolean, hops?: 1 | 2, beside?: boolean,
) => void;

export const isConstructor = (n: Neighbour) => n.kind === 'method' && IMPLICIT_CALLS.test(shortName(n.symbol));

/** `a.localeCompare(b)`'s order: the default locale's collator. */
const BY_NAME = new Intl.Collator();

/** The neighbours found so far, and the names left unlinked as ambiguous. */
export class LinkSet {
  private readonly found = new Map<string, Neighbour>();
  private readonly ambiguousNames = new Set<string>();
  private readonly strongest = new Map<string, Map<string, number>>();

  constructor(private readonly changedNames: Set<string>, readonly ambiguousLimit: number) {}

  readonly link: LinkFn = (at, relation, via, weight, why, byName, hops = 1, beside = false) => {
    const d = at.def;
    if (this.changedNames.has(d.symbol)) return;
    const key = `${relation}\0${d.symbol}`;
    const n = this.found.get(key) ?? {
      symbol: d.symbol, file: at.path, kind: d.kind, startLine: d.startLine, endLine: d.endLine, relation, hops, via: [], score: 0, links: 0, why,
      test: isTestPath(at.path), byName, beside };
    // A neighbour scores each changed symbol's strongest link to it once: twenty calls from one test
    // are one link's worth; and the change's tests together count as one changed symbol.
    const test = isTestPath(via.file);
    const w = weight * WEIGHT[relation] * (test ? TEST_OWNER_WEIGHT : 1);
    const best = this.strongest.get(key) ?? new Map<string, number>();
    const owner = test ? '\0tests' : via.symbol;
    const had = best.get(owner) ?? 0;
    if (w > had) {
      n.score += w - had;
      best.set(owner, w);
      this.strongest.set(key, best);
    }
    n.links++;
    n.byName &&= byName;
    n.beside &&= beside;
    n.hops = Math.min(n.hops, hops) as 1 | 2;
    if (!n.via.includes(via.symbol)) n.via.push(via.symbol);
    this.found.set(key, n);
  };

  /** Link what a resolution picked, or count the name as ambiguous. */
  linkPicked(r: Resolution, name: string, relation: Relation, via: ChangedSymbol, weight: number, why: string): void {
    if (r.picked.length === 0) return;
    if (!r.resolved && (r.picked.length > this.ambiguousLimit || (relation === 'data' && r.picked.length > 1))) {
      if (relation !== 'data') this.ambiguousNames.add(name);
      return;
    }
    for (const p of r.picked) this.link(p, relation, via, weight * (r.resolved ? 1 : 1 / r.picked.length), why, !r.resolved && r.picked.length > 1);
  }

  /** Count a name nothing resolves among too many definitions. */
  ambiguous(name: string): void {
    this.ambiguousNames.add(name);
  }

  /** The neighbours by score. */
  links(): Links {
    // Whether each is a constructor is read once, not at every comparison; names compare through one
    // collator, which is what localeCompare builds for each call (ECMA-402), so the order is the same.
    const sorted = [...this.found.values()].map((n) => ({ n, constructs: Number(isConstructor(n)), beside: Number(n.beside ?? false) }))
      // At equal evidence, what rests only on evidence beside the code (names, history) ranks below every code link, and a
      // constructor below other code: it sets up, and calls, everything.
      .sort((a, b) => b.n.score - a.n.score || a.n.hops - b.n.hops || a.beside - b.beside || a.constructs - b.constructs
        || BY_NAME.compare(a.n.symbol, b.n.symbol)
        || BY_NAME.compare(a.n.relation, b.n.relation));
    return { neighbours: sorted.map((e) => e.n), ambiguous: this.ambiguousNames.size };
  }
}
