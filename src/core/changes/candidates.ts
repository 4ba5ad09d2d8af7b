// A fixture's default `candidates` (docs/fixture-format.md#default-candidates): the symbols a change touches, then their
// one-hop neighbours by score, each once. Both raters judge this universe, so the items neither
// of them labels count toward kappa: it holds what a labeler can use, not every name-alike.
import type { Repository } from '../git/repository';
import { isTestPath } from '../symbols/testPaths';
import type { BaseNames } from './baseNames';
import { ChangedSymbol, changedSymbols, ChangeReport } from './changedSymbols';
import type { Links, Neighbour, Relation } from './links';
import { linksOf } from './neighbours';
import { ResolverOptions, resolverFor, ResolverUse } from './resolvers';

export type TestsPolicy = 'exclude' | 'after' | 'mixed';
export const TESTS_POLICIES: readonly TestsPolicy[] = ['exclude', 'after', 'mixed'];
/** Non-test candidates kept by default: past 40 a labeler stops reading, and kappa over padding means little. */
export const DEFAULT_CANDIDATE_LIMIT = 40;
/**
 * A neighbour's weighed links (Neighbour.score) worth listing on their own: one resolved call, type
 * use or caller, or a read, decorator or data flow at the lines the change made. Less is a use in
 * lines the change left alone, a constructor, or what only the change's tests use.
 */
export const STRONG_EVIDENCE = 0.5;
/** Neighbours on weaker evidence are listed only while fewer than this many have strong evidence: the list ends where evidence runs out. */
export const FEW_STRONG = 5;
/**
 * Tests listed after the non-tests (policy `after`, evidence `strong`): the tests the change edits
 * always (they are changed symbols), and tests that merely use the changed code only while fewer
 * than this many tests are listed. The labeling protocol drops test-only symbols unless the task is
 * about tests (000's 7.3, step 6): a few show how the changed code is exercised, and a labeler who
 * finds the task is about tests reads on from them; forty more are padding that both raters pass
 * over, which inflates kappa (issue 16). On the tuning halves of rounds 1-6 no listed test was ground truth.
 */
export const FEW_TESTS = 5;

export interface CandidateOptions extends ResolverOptions {
  /** Non-test candidates kept (the changed symbols always are); tests after them are capped alike. */
  limit?: number;
  /** Test code: after every non-test candidate when the change touches tests (default), mixed in by score, or never. */
  tests?: TestsPolicy;
  /** A name nothing in the code resolves links by name alone to at most this many definitions (default 3). */
  ambiguousLimit?: number;
  /** `strong` (default): neighbours on weak evidence only while few have strong evidence; `all`: every neighbour, to the limit. */
  evidence?: EvidencePolicy;
  /**
   * Evidence beside the code as well (definitions named like the changed ones, and those changed
   * with them before base: namesakes.ts, coChanges.ts); by default only with `evidence: 'all'`. Left
   * out of the default list on measure: on the held-out halves of rounds 1-5 of bench:candidates
   * the list found 164/183 ground-truth symbols without them and 163/183 with them, at 33.0% and
   * 31.7% precision, with twice the CPU per change (history reads ten commits as changes); they
   * lifted only the tuning halves they were written on (153 -> 154/177). docs/candidates.md.
   */
  beside?: boolean;
}

export type EvidencePolicy = 'strong' | 'all';
export const EVIDENCE_POLICIES: readonly EvidencePolicy[] = ['strong', 'all'];

export type CandidateKind = 'changed' | Relation;

/** One candidate as a labeler reads it. */
export interface RankedCandidate {
  symbol: string;
  file: string;
  /** 1-based, on the side the symbol is read (base, head for a modified one). */
  line: number;
  kind: CandidateKind;
  /** 0 for the changed symbols, 1 for their neighbours, 2 for what a neighbour does with data the change writes, a caller's caller and the second ring. */
  hops: number;
  links: number;
  test: boolean;
  why: string;
  /** 1 for changed symbols; a neighbour's weighed links over the best neighbour's, rounded to 2 places. */
  score: number;
  via: string[];
  /** Linked by name alone to one of several same-named definitions (the benchmark counts these). */
  byName: boolean;
}

export interface Candidates {
  base: string;
  head: string;
  changed: ChangedSymbol[];
  /** The neighbours kept, by score. */
  neighbours: Neighbour[];
  /** The candidates in order: non-test first, then tests (policy `after`). */
  ranked: RankedCandidate[];
  /**
   * The qualified names as they are at base, where a diff fixture is labeled and run: `ranked`'s.
   * Symbols the change adds are not candidates: no system can retrieve them from the base revision.
   */
  symbols: string[];
  /**
   * Non-test candidates kept of how many, the score of the first one cut (null: none cut), and what
   * cut it: `evidence` (what follows rests on weak links), `limit`, or null.
   */
  cut: { kept: number; of: number; nextScore: number | null; by: 'evidence' | 'limit' | null };
  /** Names nothing resolves that more than `ambiguousLimit` (3) definitions share: not linked, counted. */
  ambiguous: number;
  /** Does the change touch test code? Only then are tests candidates (policy `after`). */
  touchesTests: boolean;
  /** Test candidates kept of how many (policy `after`: past FEW_TESTS only the changed tests stay); `of` is 0 when no test is a candidate. */
  tests: { kept: number; of: number };
  skipped: { path: string; reason: string }[];
  /** The change's files tree-sitter could not read whole (ChangeReport.unparsed): candidates there may be missing. */
  unparsed: string[];
  /** What resolved the names (`scip` or the heuristics), and each fallback in a line to show. */
  resolver: Omit<ResolverUse, 'precise'>;
  /** The base-side name of what a click on either side names (labels are named at base). */
  names: BaseNames;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The uses the index resolved to something no definition here is (an attribute a class method sets
 * on `cls`, an interface's property): not linked, which a list made with the index must say.
 */
function unmappedNote(unmapped: NonNullable<Links['unmapped']>): string {
  const uses = [...unmapped.values()].reduce((n, u) => n + u.uses.size, 0);
  const named = [...unmapped].slice(0, 3).map(([symbol, u]) => `${symbol} (${u.place.path}:${u.place.line})`);
  const more = unmapped.size > named.length ? `, and ${unmapped.size - named.length} more` : '';
  const counted = `${uses} ${uses === 1 ? 'use' : 'uses'} of ${unmapped.size} ${unmapped.size === 1 ? 'symbol' : 'symbols'}`;
  return `the SCIP index resolved ${counted} to code that is no symbol here, not linked: ${named.join(', ')}${more}`;
}

export async function candidatesOf(repo: Repository, base: string, head: string, options: CandidateOptions = {}): Promise<Candidates> {
  return candidatesFrom(repo, await changedSymbols(repo, base, head), options);
}

/** The candidates of a change whose symbols are read already. */
export async function candidatesFrom(repo: Repository, report: ChangeReport, options: CandidateOptions = {}): Promise<Candidates> {
  const limit = options.limit ?? DEFAULT_CANDIDATE_LIMIT;
  const policy = options.tests ?? 'after';
  const evidence = options.evidence ?? 'strong';
  const { precise, ...resolver } = await resolverFor(repo, report, options);
  const { neighbours: all, ambiguous, unmapped } = await linksOf(repo, report, options.ambiguousLimit, precise, options.beside ?? evidence === 'all');
  if (unmapped && unmapped.size > 0) resolver.notes.push(unmappedNote(unmapped));
  const touchesTests = report.files.some((f) => isTestPath(f.newPath ?? f.oldPath ?? ''));
  const best = Math.max(0, ...all.map((n) => n.score));

  const changed: RankedCandidate[] = report.symbols.filter((s) => s.change !== 'added').map((s) => ({
    symbol: s.baseSymbol ?? s.symbol, file: s.file, line: s.startLine, kind: 'changed', hops: 0, links: 0, test: isTestPath(s.file),
    why: s.change === 'deleted' ? `deleted (lines ${s.startLine}-${s.endLine})` : `modified (lines ${s.startLine}-${s.endLine})`,
    score: 1, via: [], byName: false,
  }));
  // One entry per symbol: its strongest link names it.
  const seen = new Set(changed.map((c) => c.symbol));
  const linked: RankedCandidate[] = [];
  const kept = new Map<RankedCandidate, Neighbour>();
  for (const n of all) {
    if (seen.has(n.symbol)) continue;
    seen.add(n.symbol);
    const c: RankedCandidate = {
      symbol: n.symbol, file: n.file, line: n.startLine, kind: n.relation, hops: n.hops, links: n.links, test: n.test, why: n.why,
      score: best > 0 ? round2(n.score / best) : 0, via: n.via, byName: n.byName };
    linked.push(c);
    kept.set(c, n);
  }
  const allowed = (c: RankedCandidate) => !c.test || policy === 'mixed' || (policy === 'after' && touchesTests);
  const candidates = [...changed, ...linked].filter(allowed);
  const ordered = policy === 'mixed' ? candidates : [...candidates.filter((c) => !c.test), ...candidates.filter((c) => c.test)];
  const { keep, evident } = selectCandidates(ordered, (c) => (c.kind === 'changed' ? Infinity : kept.get(c)!.score), limit, policy, evidence);
  const nonTest = ordered.filter((c) => !c.test);
  const ranked = ordered.filter((c) => keep.has(c));
  const firstCut = nonTest.find((c) => !keep.has(c));
  return {
    base: report.base,
    head: report.head,
    changed: report.symbols,
    neighbours: ranked.filter((c) => kept.has(c)).map((c) => kept.get(c)!),
    ranked,
    symbols: [...new Set(ranked.map((c) => c.symbol))],
    cut: {
      kept: nonTest.filter((c) => keep.has(c)).length, of: nonTest.length, nextScore: firstCut ? firstCut.score : null,
      by: !firstCut ? null : evident(firstCut) ? 'limit' : 'evidence' },
    ambiguous,
    touchesTests,
    tests: { kept: ranked.filter((c) => c.test).length, of: ordered.filter((c) => c.test).length },
    skipped: report.skipped,
    unparsed: report.unparsed,
    resolver,
    names: report.names,
  };
}

/**
 * Which of `ordered` (changed symbols first, then neighbours by score; tests after non-tests unless
 * `mixed`) a list keeps. Changed symbols always. The list ends where evidence runs out: a
 * neighbour whose weighed links (`weight`) reach STRONG_EVIDENCE is listed; weaker ones only while
 * fewer than FEW_STRONG non-test neighbours are strong, and then only up to FEW_STRONG (never tests,
 * which follow). `limit` then caps the non-test neighbours (and the tests after them alike). Tests
 * after the non-tests (`after`): the changed ones, and test neighbours while fewer than FEW_TESTS
 * tests are listed.
 */
export function selectCandidates<T extends { kind: CandidateKind; test: boolean; hops?: number }>(
  ordered: readonly T[], weight: (c: T) => number, limit: number, policy: TestsPolicy, evidence: EvidencePolicy,
): { keep: Set<T>; evident: (c: T) => boolean } {
  const strong = (c: T) => weight(c) >= STRONG_EVIDENCE;
  const linked = ordered.filter((c) => c.kind !== 'changed' && !c.test);
  // The floor is one hop out: two hops out, only evidence that stands on its own is listed, and it
  // never empties the floor either (a strong two-hop link adds to the one-hop list, not in its place).
  const oneHop = linked.filter((c) => (c.hops ?? 1) < 2);
  const floor = new Set(oneHop.filter(strong).length >= FEW_STRONG ? [] : oneHop.slice(0, FEW_STRONG));
  const evident = (c: T) => evidence === 'all' || c.kind === 'changed' || strong(c) || floor.has(c);
  // The limit counts non-test candidates (tests, placed after, are capped alike); changed symbols always stay.
  const room = (list: T[]) => {
    const fixed = list.filter((c) => c.kind === 'changed');
    return new Set([...fixed, ...list.filter((c) => c.kind !== 'changed').slice(0, Math.max(0, limit - fixed.length))]);
  };
  const tests = [...room(ordered.filter((c) => c.test && evident(c)))];
  const changedTests = tests.filter((c) => c.kind === 'changed');
  const fewTests = evidence === 'all' ? tests
    : [...changedTests, ...tests.filter((c) => c.kind !== 'changed').slice(0, Math.max(0, FEW_TESTS - changedTests.length))];
  const keep = policy === 'mixed'
    ? room(ordered.filter(evident))
    : new Set([...room(ordered.filter((c) => !c.test && evident(c))), ...fewTests]);
  return { keep, evident };
}

/** The tests' cut, to follow describeCut's line: `; tests kept 5 of 40` (empty when every test candidate is kept). */
export function describeTests(tests: Candidates['tests']): string {
  return tests.kept < tests.of ? `; tests kept ${tests.kept} of ${tests.of}` : '';
}

/** The cut in a line: `kept 40 of 73, next score 0.4` (`, the rest on weak evidence` when evidence cut it). */
export function describeCut(cut: Candidates['cut']): string {
  if (cut.nextScore === null) return `kept ${cut.kept} of ${cut.of}`;
  return `kept ${cut.kept} of ${cut.of}, next score ${cut.nextScore}${cut.by === 'evidence' ? ', the rest on weak evidence' : ''}`;
}
