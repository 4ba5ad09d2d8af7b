// How good a change's default candidates are against its ground truth: what the candidates
// benchmark prints and the flask unit test asserts (issue 16's targets). Plain Node, no mocha.
import { candidatesOf, Repository, symbolKey } from '../../src/core';
import type { CandidateOptions } from '../../src/core';

export interface Quality {
  id: string;
  /** Ground-truth symbols among the candidates, of how many. */
  hit: number;
  truth: number;
  /** HIGH ground-truth symbols among the candidates, of how many (0 of 0 where the ground truth has no confidences). */
  highHit: number;
  high: number;
  /** Candidates listed (the default list: 40 non-test, tests after). */
  listed: number;
  /** (test, non-test) pairs of candidates, and those where the test comes first. */
  pairs: number;
  testsAbove: number;
  /** Candidates linked by name alone to one of several same-named definitions. */
  nameOnlyCommon: number;
  ambiguous: number;
  missed: string[];
  /** The listed candidates in order, each with its rank, kind, score and the link that listed it, and whether the ground truth names it. */
  listing: { truth: boolean; line: string }[];
  /** What the resolver said it fell back on, and the seconds it spent indexing. */
  notes: string[];
  indexSeconds: number;
}

export async function qualityOf(
  id: string, repo: Repository, base: string, head: string, groundTruth: string[], keyOptions: { module?: string } = {}, options: CandidateOptions = {}, high: string[] = [],
): Promise<Quality> {
  const c = await candidatesOf(repo, base, head, options);
  const keys = new Set(c.symbols.map((s) => symbolKey(s, keyOptions)));
  const missed = groundTruth.filter((s) => !keys.has(symbolKey(s, keyOptions)));
  const truth = new Set(groundTruth.map((s) => symbolKey(s, keyOptions)));
  const weight = new Map(c.neighbours.map((n) => [`${n.symbol}\0${n.relation}`, n.score]));
  const defKind = new Map(c.neighbours.map((n) => [`${n.symbol}\0${n.relation}`, n.kind]));
  let pairs = 0;
  let testsAbove = 0;
  c.ranked.forEach((a, i) => c.ranked.slice(i + 1).forEach((b) => {
    if (a.test === b.test) return;
    pairs++;
    if (a.test) testsAbove++;
  }));
  return {
    id,
    hit: groundTruth.length - missed.length,
    truth: groundTruth.length,
    highHit: high.filter((s) => keys.has(symbolKey(s, keyOptions))).length,
    high: high.length,
    listed: c.symbols.length,
    pairs,
    testsAbove,
    nameOnlyCommon: c.ranked.filter((r) => r.byName).length,
    ambiguous: c.ambiguous,
    missed,
    listing: c.ranked.map((r, i) => ({
      truth: truth.has(symbolKey(r.symbol, keyOptions)),
      line: `#${i + 1} ${r.symbol} [${r.kind}${r.kind === 'changed' ? '' : ` ${defKind.get(`${r.symbol}\0${r.kind}`)}`}${r.test ? ', test' : ''}${r.byName ? ', by name' : ''}, hops ${r.hops}, score ${r.score}${r.kind === 'changed' ? '' : ` = ${weight.get(`${r.symbol}\0${r.kind}`)?.toFixed(3)}`}] ${r.why}` })),
    notes: c.resolver.notes,
    indexSeconds: c.resolver.indexSeconds,
  };
}

/** The figures of several changes together. */
export function total(rows: Quality[]): Omit<Quality, 'id' | 'missed' | 'listing' | 'notes' | 'indexSeconds'> {
  const sum = (f: (q: Quality) => number) => rows.reduce((n, q) => n + f(q), 0);
  return { hit: sum((q) => q.hit), truth: sum((q) => q.truth), highHit: sum((q) => q.highHit), high: sum((q) => q.high), listed: sum((q) => q.listed), pairs: sum((q) => q.pairs), testsAbove: sum((q) => q.testsAbove), nameOnlyCommon: sum((q) => q.nameOnlyCommon), ambiguous: sum((q) => q.ambiguous) };
}
