// TREC interoperability, so anyone can check Fixture Lab's numbers with trec_eval: qrels
// (`qid 0 docno rel`) and runs (`qid Q0 docno rank score tag`) read and written, and the measures
// computed as trec_eval (9.0.x) computes them:
// - each topic is ranked by score descending, ties broken by docno descending in byte order
//   (trec_eval's comp_sim_docno); the rank column is ignored, as trec_eval ignores it;
// - the topics evaluated are the run's topics that have judgments in the qrels (a run topic
//   with no judgments is skipped; one whose judgments are all 0 is evaluated and scores 0, as in
//   trec_eval); qrels topics missing from the run are ignored (trec_eval without -c);
// - a document is relevant when its level is >= 1; ndcg_cut gains are the levels themselves
//   with a log2(rank + 1) discount, the ideal taken from every judged level of the topic;
// - `all` is the mean over the evaluated topics. Docnos compare exactly (no normalization).
import { FixtureLabError } from '../problems';
import { f1 } from './metrics';

export interface Qrels {
  /** qid -> docno -> relevance level. */
  topics: Map<string, Map<string, number>>;
}

export interface RunEntry {
  docno: string;
  score: number;
  /** 1-based line in the run file. */
  line: number;
}

export interface Run {
  /** qid -> entries in file order. */
  topics: Map<string, RunEntry[]>;
  /** The run tags seen, in order of first appearance. */
  tags: string[];
}

export const TREC_MEASURES = ['P_5', 'P_10', 'P_20', 'recall_5', 'recall_10', 'recall_20', 'ndcg_cut_10', 'recip_rank', 'F1_10'] as const;
export type TrecMeasure = (typeof TREC_MEASURES)[number];
export type TrecScores = Record<TrecMeasure, number>;

export interface TrecEvaluation {
  /** Per evaluated topic, in trec_eval's order (qid byte order). */
  topics: Map<string, TrecScores>;
  /** Means over the evaluated topics. */
  all: TrecScores;
  /** Run topics without any judgment, not evaluated. */
  skipped: string[];
}

/**
 * Byte-order comparison of two strings as C's strcmp sees their UTF-8 bytes (which is code point
 * order; UTF-16 code unit order differs only between surrogates and U+E000..U+FFFF).
 */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Calls fn with each non-blank line's whitespace-separated fields and 1-based line number. */
function eachLine(text: string, fn: (fields: string[], line: number) => void): void {
  let start = 0;
  let line = 0;
  const length = text.length;
  while (start <= length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = length;
    line++;
    const raw = text.slice(start, end);
    start = end + 1;
    const trimmed = raw.trim();
    if (trimmed.length > 0) fn(trimmed.split(/\s+/), line);
    if (end === length) break;
  }
}

const INTEGER = /^[+-]?\d+$/;

/** Reads TREC qrels: `qid iter docno rel` per line, rel an integer; blank lines are skipped. */
export function parseQrels(text: string, file?: string): Qrels {
  const topics = new Map<string, Map<string, number>>();
  const lines = new Map<string, number>();
  eachLine(text, (f, line) => {
    if (f.length !== 4) {
      throw new FixtureLabError(`line ${line}: expected 4 fields \`qid 0 docno rel\`, found ${f.length}; fix that line (is this a run rather than qrels?)`, file);
    }
    const [qid, , docno, rel] = f;
    if (!INTEGER.test(rel)) throw new FixtureLabError(`line ${line}: relevance \`${rel}\` is not an integer; write 0 for not relevant, 1 or more for relevant`, file);
    let docs = topics.get(qid);
    if (!docs) topics.set(qid, (docs = new Map()));
    if (docs.has(docno)) {
      throw new FixtureLabError(`line ${line}: topic ${qid} judges ${docno} twice (first on line ${lines.get(`${qid}\u0000${docno}`)}); keep one judgment`, file);
    }
    docs.set(docno, Number(rel));
    lines.set(`${qid}\u0000${docno}`, line);
  });
  return { topics };
}

/** Reads a TREC run: `qid Q0 docno rank score tag` per line (fields past the sixth ignored, as trec_eval does). */
export function parseRun(text: string, file?: string): Run {
  const topics = new Map<string, RunEntry[]>();
  const tags: string[] = [];
  let lastTag = '';
  eachLine(text, (f, line) => {
    if (f.length < 6) {
      throw new FixtureLabError(`line ${line}: expected 6 fields \`qid Q0 docno rank score tag\`, found ${f.length}; fix that line (is this qrels rather than a run?)`, file);
    }
    const score = Number(f[4]);
    if (!Number.isFinite(score) || f[4] === '') {
      throw new FixtureLabError(`line ${line}: score \`${f[4]}\` is not a number; the fifth field must be the document's score`, file);
    }
    let entries = topics.get(f[0]);
    if (!entries) topics.set(f[0], (entries = []));
    entries.push({ docno: f[2], score, line });
    if (f[5] !== lastTag) {
      lastTag = f[5];
      if (!tags.includes(lastTag)) tags.push(lastTag);
    }
  });
  return { topics, tags };
}

/** trec_eval's order for one topic: score descending, ties by docno descending (byte order). */
export function rankEntries(entries: readonly RunEntry[]): RunEntry[] {
  return [...entries].sort((a, b) => (a.score !== b.score ? b.score - a.score : compareBytes(b.docno, a.docno)));
}

/** Measures one topic's ranked docnos against its judgments. */
export function trecScores(ranked: readonly string[], judgments: ReadonlyMap<string, number>): TrecScores {
  const levels: number[] = [];
  let numRel = 0;
  for (const rel of judgments.values()) {
    if (rel > 0) levels.push(rel);
    if (rel >= 1) numRel++;
  }
  levels.sort((a, b) => b - a);
  let idcg = 0;
  for (let i = 0; i < Math.min(10, levels.length); i++) idcg += levels[i] / Math.log2(i + 2);
  let dcg = 0;
  let firstRel = 0;
  const relBy = [0, 0, 0]; // relevant in the top 5, 10, 20
  for (let i = 0; i < ranked.length; i++) {
    const rel = judgments.get(ranked[i]) ?? 0;
    if (rel >= 1) {
      if (firstRel === 0) firstRel = i + 1;
      if (i < 5) relBy[0]++;
      if (i < 10) relBy[1]++;
      if (i < 20) relBy[2]++;
    }
    if (i < 10 && rel > 0) dcg += rel / Math.log2(i + 2);
    if (i >= 20 && firstRel > 0) break;
  }
  const recall = (n: number) => (numRel > 0 ? n / numRel : 0);
  const P_10 = relBy[1] / 10;
  const recall_10 = recall(relBy[1]);
  return {
    P_5: relBy[0] / 5,
    P_10,
    P_20: relBy[2] / 20,
    recall_5: recall(relBy[0]),
    recall_10,
    recall_20: recall(relBy[2]),
    ndcg_cut_10: idcg > 0 ? dcg / idcg : 0,
    recip_rank: firstRel > 0 ? 1 / firstRel : 0,
    F1_10: f1(P_10, recall_10),
  };
}

/**
 * Evaluates a run against qrels as trec_eval does (see the top of this file). Throws a
 * FixtureLabError when a topic of the run lists a document twice (trec_eval refuses it too), or
 * when no topic of the run has judgments.
 */
export function evaluateTrec(qrels: Qrels, run: Run, runFile?: string): TrecEvaluation {
  const topics = new Map<string, TrecScores>();
  const skipped: string[] = [];
  const qids = [...run.topics.keys()].sort(compareBytes);
  for (const qid of qids) {
    const judgments = qrels.topics.get(qid);
    if (!judgments) {
      skipped.push(qid);
      continue;
    }
    const ranked = rankEntries(run.topics.get(qid)!);
    const seen = new Map<string, number>();
    for (const e of run.topics.get(qid)!) {
      const first = seen.get(e.docno);
      if (first !== undefined) throw new FixtureLabError(`line ${e.line}: topic ${qid} retrieves ${e.docno} again (first on line ${first}); each document once per topic`, runFile);
      seen.set(e.docno, e.line);
    }
    topics.set(qid, trecScores(ranked.map((e) => e.docno), judgments));
  }
  if (topics.size === 0) {
    throw new FixtureLabError('no topic of the run has judgments in the qrels; check that the qids of the two files agree', runFile);
  }
  const all = Object.fromEntries(TREC_MEASURES.map((m) => [m, 0])) as TrecScores;
  for (const s of topics.values()) for (const m of TREC_MEASURES) all[m] += s[m];
  for (const m of TREC_MEASURES) all[m] /= topics.size;
  return { topics, all, skipped };
}

/**
 * A value to 4 decimals as C's printf("%.4f") writes it: an exact tie (0.03125) rounds to even
 * (0.0312), where JavaScript's toFixed rounds it up.
 */
export function fixed4(v: number): string {
  const rounded = v.toFixed(4);
  const exact = v.toFixed(30);
  const dot = exact.indexOf('.');
  if (dot < 0 || !/^50*$/.test(exact.slice(dot + 5))) return rounded;
  const truncated = exact.slice(0, dot + 5);
  return Number(truncated[truncated.length - 1]) % 2 === 0 ? truncated : rounded;
}

/** trec_eval -q's text: `measure<TAB>qid<TAB>value` (value to 4 decimals), topics first, then `all` and num_q. */
export function formatTrecTable(evaluation: TrecEvaluation): string {
  const out: string[] = [];
  const row = (m: string, qid: string, v: string) => out.push(`${m.padEnd(22)}\t${qid}\t${v}`);
  for (const [qid, s] of evaluation.topics) for (const m of TREC_MEASURES) row(m, qid, fixed4(s[m]));
  row('num_q', 'all', String(evaluation.topics.size));
  for (const m of TREC_MEASURES) row(m, 'all', fixed4(evaluation.all[m]));
  return out.join('\n') + '\n';
}

/** The --json shape: `{"topics": {QID: {...}}, "all": {...}}`. */
export function trecJson(evaluation: TrecEvaluation): { topics: Record<string, TrecScores>; all: TrecScores & { num_q: number } } {
  return { topics: Object.fromEntries(evaluation.topics), all: { ...evaluation.all, num_q: evaluation.topics.size } };
}

export interface Judgment {
  qid: string;
  docno: string;
  rel: number;
}

function checkToken(value: string, what: string): string {
  if (value.length === 0 || /\s/.test(value)) throw new RangeError(`a TREC ${what} cannot be empty or hold whitespace: \`${value}\``);
  return value;
}

/** Writes qrels text, one `qid 0 docno rel` line per judgment, in the order given. */
export function formatQrels(judgments: Iterable<Judgment>): string {
  let out = '';
  for (const j of judgments) {
    if (!Number.isInteger(j.rel)) throw new RangeError(`a TREC relevance must be an integer, not ${j.rel}`);
    out += `${checkToken(j.qid, 'qid')} 0 ${checkToken(j.docno, 'docno')} ${j.rel}\n`;
  }
  return out;
}

/**
 * Writes run text from ranked docnos per topic: ranks from 1 and scores that fall with the rank
 * (n .. 1), so trec_eval ranks each topic exactly in the order given. A docno repeated within a
 * topic is an error, as trec_eval refuses it.
 */
export function formatRun(rankings: Iterable<[qid: string, docnos: readonly string[]]>, tag: string): string {
  checkToken(tag, 'run tag');
  let out = '';
  for (const [qid, docnos] of rankings) {
    checkToken(qid, 'qid');
    const seen = new Set<string>();
    docnos.forEach((d, i) => {
      if (seen.has(checkToken(d, 'docno'))) throw new RangeError(`topic ${qid} ranks ${d} twice; a TREC run lists each document once per topic`);
      seen.add(d);
      out += `${qid} Q0 ${d} ${i + 1} ${docnos.length - i} ${tag}\n`;
    });
  }
  return out;
}
