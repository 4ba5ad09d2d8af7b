// Pool and judge, TREC-style: after a run, every system's top K symbols that no rater judged go
// to a separate `pooled:` list of their fixture (never to `candidates`, so kappa, measured over
// the raters' universe, never changes), where an adjudicator judges them. Judged@K says, per
// system, how much of its top K some rater judged: under 0.9, its scores rest on unjudged
// symbols counted as wrong.
import { join, resolve } from 'node:path';
import { loadCorpus } from '../corpus/load';
import { addPooled } from '../fixtures/edit';
import type { Fixture, PooledSymbol } from '../fixtures/model';
import { readFixture } from '../fixtures/read';
import { editKeepingLineEndings } from '../lineEndings';
import { edited, Edited, FixtureLabError, then } from '../problems';
import type { Corpus } from '../corpus/load';
import { fmt } from '../../shared/figures';
import { JUDGED_WARNING } from '../../shared/panelView';
import { mean } from '../numbers';
import { NormalizeOptions, normalizeSymbol, symbolKey } from '../symbols/normalize';
import { reportText } from '../untrusted/reportMarkdown';
import type { RawResult } from '../scoring/answers';
import { RAW, readRawDir, RunInfo } from './results';

export const DEFAULT_POOL_DEPTH = 10;
/** Judged@K under this is a warning (the 0.9), in FINDINGS.md and the panel alike. */
export const JUDGED_TARGET = JUDGED_WARNING;

/** What some rater (or the adjudicator) judged: candidates, every rater's list, ground truth, disputes. */
export function judgedKeys(f: Fixture, options: NormalizeOptions = {}): Set<string> {
  const labels = [...Object.values(f.labels).flat(), ...f.ground_truth];
  const symbols = [...f.candidates, ...labels.map((l) => l.symbol), ...f.disputes.map((d) => d.symbol)];
  return new Set(symbols.map((s) => symbolKey(s, options)));
}

/** An answer's first K distinct symbols (a repeated name counts once, at its first rank). */
function topK(raw: RawResult, k: number, options: NormalizeOptions): { symbol: string; key: string; rank: number }[] {
  const out: { symbol: string; key: string; rank: number }[] = [];
  const seen = new Set<string>();
  if (raw.status !== 'ok') return out;
  // A spelling seen already is a repeat, read without normalizing it again (an answer may repeat one name a million times).
  const spellings = new Set<string>();
  for (let rank = 0; rank < raw.symbols.length && out.length < k; rank++) {
    if (spellings.has(raw.symbols[rank])) continue;
    spellings.add(raw.symbols[rank]);
    const key = symbolKey(raw.symbols[rank], options);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ symbol: normalizeSymbol(raw.symbols[rank], options), key, rank });
  }
  return out;
}

/** The pool of one fixture: each unjudged symbol of some system's top K, with the systems that returned it, best rank first. */
export function poolOf(f: Fixture, answers: readonly RawResult[], depth: number, options: NormalizeOptions = {}): PooledSymbol[] {
  const judged = judgedKeys(f, options);
  const pool = new Map<string, { symbol: string; from: Set<string>; rank: number }>();
  for (const raw of answers) {
    for (const { symbol, key, rank } of topK(raw, depth, options)) {
      if (judged.has(key)) continue;
      const entry = pool.get(key) ?? { symbol, from: new Set<string>(), rank };
      entry.from.add(raw.system);
      entry.rank = Math.min(entry.rank, rank);
      pool.set(key, entry);
    }
  }
  return [...pool.values()]
    .sort((a, b) => a.rank - b.rank || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((e) => ({ symbol: e.symbol, from: [...e.from].sort() }));
}

/** A fixture's pooled list with new entries merged in: one entry per symbol, `from` the union. */
export function mergePooled(existing: readonly PooledSymbol[], added: readonly PooledSymbol[], options: NormalizeOptions = {}): PooledSymbol[] {
  const out = new Map(existing.map((p) => [symbolKey(p.symbol, options), { symbol: p.symbol, from: [...p.from] }]));
  for (const p of added) {
    const key = symbolKey(p.symbol, options);
    const entry = out.get(key);
    if (entry) entry.from = [...new Set([...entry.from, ...p.from])].sort();
    else out.set(key, { symbol: p.symbol, from: [...p.from] });
  }
  return [...out.values()];
}

/**
 * A pool written into one fixture's text: its pool from these answers, judged against the text as
 * it stands (a ruling in it, saved or not, is judged and so not pooled), merged into `pooled:`. The
 * one pool edit: `pool --write` applies it to the file, the panel's Pool to the open document.
 * `added`: the symbols `pooled:` did not hold before.
 */
export function poolText(text: string, answers: readonly RawResult[], depth: number, options: NormalizeOptions = {}): Edited<{ added: PooledSymbol[] }> {
  const fixture = readFixture(text, '').fixture;
  const pooled = poolOf(fixture, answers, depth, options);
  const existing = fixture.pooled ?? [];
  const had = new Set(existing.map((p) => symbolKey(p.symbol, options)));
  const merged = mergePooled(existing, pooled, options);
  const result = merged.reduce<Edited>((out, entry) => then(out, (t) => addPooled(t, entry)), edited(text));
  return result.ok ? { ...result, added: pooled.filter((p) => !had.has(symbolKey(p.symbol, options))) } : result;
}

/** One fixture's text before and after a run's pool (only fixtures the pool changes). */
export interface PoolEdit {
  task: string;
  /** The fixture file, absolute; `file` corpus-relative, for messages. */
  path: string;
  file: string;
  before: string;
  after: string;
  added: PooledSymbol[];
}

/**
 * A run's pool as edits of its fixtures' texts, each read through `textOf` (an editor passes its
 * documents' unsaved text): what the panel's Pool applies as one WorkspaceEdit.
 */
export async function poolEdits(
  runDir: string, corpus: Corpus, depth: number, textOf: (path: string) => Promise<string>, warn?: (message: string) => void,
): Promise<PoolEdit[]> {
  const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
  const raws = await readRawDir(join(runDir, RAW), warn);
  const out: PoolEdit[] = [];
  for (const f of corpus.fixtures) {
    const id = f.read.fixture.id;
    const answers = raws.filter((r) => r.task === id);
    if (!f.read.parsed || !id || answers.length === 0) continue;
    const before = await textOf(f.path);
    const module = f.read.fixture.repo ? modules.get(f.read.fixture.repo) : undefined;
    let added: PooledSymbol[] = [];
    const result = editKeepingLineEndings(before, (t) => {
      const pooled = poolText(t, answers, depth, { module });
      if (pooled.ok) added = pooled.added;
      return pooled;
    });
    if (!result.ok) throw new FixtureLabError(result.problem.message, f.file);
    if (result.text !== before) out.push({ task: id, path: f.path, file: f.file, before, after: result.text, added });
  }
  return out;
}

export interface RunPool {
  task: string;
  /** The fixture file, absolute. */
  path: string;
  /** Corpus-relative, for messages. */
  file: string;
  module?: string;
  pooled: PooledSymbol[];
  /** The run's answers to its task, which `pooled` is drawn from. */
  answers: RawResult[];
}

/** The pool of every fixture a run answered, from its raw answers and the corpus as it is now. */
export async function poolRun(runDir: string, info: RunInfo, depth: number, cwd = process.cwd(), warn?: (message: string) => void): Promise<RunPool[]> {
  const corpus = await loadCorpus(info.corpus_path ?? resolve(cwd, info.corpus), cwd);
  const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
  const raws = await readRawDir(join(runDir, RAW), warn, cwd);
  const out: RunPool[] = [];
  for (const f of corpus.fixtures) {
    const fixture = f.read.fixture;
    if (!f.read.parsed || !fixture.id) continue;
    const answers = raws.filter((r) => r.task === fixture.id);
    if (answers.length === 0) continue;
    const module = fixture.repo ? modules.get(fixture.repo) : undefined;
    out.push({ task: fixture.id, path: f.path, file: f.file, module, pooled: poolOf(fixture, answers, depth, { module }), answers });
  }
  return out;
}

export interface JudgedAt {
  system: string;
  k: number;
  /** Tasks with an answer. */
  n: number;
  /** Mean over those tasks of the share of the top K some rater judged; null with no answers. */
  judged: number | null;
  /** Unjudged symbols in its top K, over all tasks. */
  unjudged: number;
}

/** Judged@K per system: how much of each top K some rater judged, averaged over the tasks it answered. */
export function judgedAtK(raws: readonly RawResult[], fixtures: Map<string, Fixture>, modules: Map<string, string | undefined>, k: number): JudgedAt[] {
  const systems = [...new Set(raws.map((r) => r.system))].sort();
  return systems.map((system) => {
    const shares: number[] = [];
    let unjudged = 0;
    for (const raw of raws.filter((r) => r.system === system)) {
      const f = fixtures.get(raw.task);
      if (!f) continue;
      const options = { module: modules.get(raw.task) };
      const top = topK(raw, k, options);
      if (top.length === 0) continue;
      const judged = judgedKeys(f, options);
      const hits = top.filter((t) => judged.has(t.key)).length;
      unjudged += top.length - hits;
      shares.push(hits / top.length);
    }
    return { system, k, n: shares.length, judged: mean(shares), unjudged };
  });
}

/** FINDINGS.md's Judged@K section. */
export function judgedMarkdown(rows: readonly JudgedAt[], k: number): string[] {
  const out = [`## Judged@${k}`, '',
    `The share of each system's top ${k} (distinct symbols) that some rater judged (a candidate, a label or a dispute), averaged over the tasks `
    + `it answered. An unjudged symbol scores as not relevant, so under ${JUDGED_TARGET} the scores rest on guesses: `
    + `\`fixture-lab pool RUN_DIR --depth ${k} --write\` lists them in each fixture's \`pooled:\` for an adjudicator to judge.`, ''];
  out.push(`| System | Tasks | Judged@${k} | Unjudged symbols |`, '|---|---|---|---|');
  for (const r of rows) out.push(`| ${reportText(r.system)} | ${r.n} | ${fmt(r.judged)} | ${r.unjudged} |`);
  const low = rows.filter((r) => r.judged !== null && r.judged < JUDGED_TARGET);
  // A system with no symbols in any top K has nothing judged or unjudged: not measured, never "at least".
  const none = rows.filter((r) => r.judged === null);
  out.push('');
  if (low.length === 0 && none.length === 0) out.push(`Every system's Judged@${k} is at least ${JUDGED_TARGET}.`);
  if (low.length > 0) {
    const named = low.map((r) => `${reportText(r.system)} (${fmt(r.judged)})`).join(', ');
    out.push(`**Warning:** Judged@${k} under ${JUDGED_TARGET} for ${named}: pool and judge before comparing these systems.`);
  }
  if (none.length > 0) {
    const named = none.map((r) => reportText(r.system)).join(', ');
    out.push(`${low.length > 0 ? '\n' : ''}**Warning:** Judged@${k} is not measured for ${named}: no answer had a symbol to judge (see System health), `
      + 'so these scores are not evidence about retrieval.');
  }
  return out;
}

export interface CutTie {
  system: string;
  task: string;
  k: number;
  /** The score shared by the answer's K-th and (K+1)-th symbols. */
  score: number;
  /** Symbols with that score at ranks 1..K, and past K. */
  inside: number;
  outside: number;
}

/**
 * A tie across the cut at K (docs/agreement.md#ties-across-the-cut): the answer's K-th and
 * (K+1)-th symbols, as returned, carry the same score. Which of the tied symbols fall inside the
 * first K is then the system's arbitrary tie-break, and P@K, R@K, Judged@K and the pool at depth K
 * change with it. An answer without scores has no ties to tell: its order is all there is.
 */
export function tieAcrossCut(raw: RawResult, k: number): CutTie | undefined {
  const scores = raw.status === 'ok' ? raw.scores : undefined;
  if (!scores || scores.length !== raw.symbols.length || scores.length <= k || k < 1 || scores[k - 1] !== scores[k]) return undefined;
  const score = scores[k];
  let inside = 0;
  let outside = 0;
  scores.forEach((s, i) => {
    if (s === score) {
      if (i < k) inside++;
      else outside++;
    }
  });
  return { system: raw.system, task: raw.task, k, score, inside, outside };
}

/** One line about a tie, as text: `bm25 on t-1: 3 symbols inside the first 10 and 2 past it share the score 4.25`. */
export function tieText(t: CutTie): string {
  return `${t.system} on ${t.task}: ${t.inside} symbol${t.inside === 1 ? '' : 's'} inside the first ${t.k} and ${t.outside} past it share the score `
    + `${t.score}, so which of them count at ${t.k} is the system's tie-break`;
}

/** FINDINGS.md's lines about ties across the cut, under Judged@K. */
export function tiesMarkdown(ties: readonly CutTie[], k: number): string[] {
  const out = [`### Ties across the cut at ${k}`, ''];
  if (ties.length === 0) {
    out.push(`No answer's scores tie across rank ${k} (answers without scores cannot tell; bm25 and JSON systems with \`parse.scores\` report them).`);
    return out;
  }
  out.push(`**Warning:** ${ties.length} answer${ties.length === 1 ? '' : 's'} tie across the cut: the symbols at ranks ${k} and ${k + 1} share a score, `
    + `so P@${k}, R@${k}, Judged@${k} and the pool at depth ${k} rest on the order the system happened to give them.`, '');
  for (const t of ties) out.push(`- ${reportText(tieText(t))}`);
  return out;
}
