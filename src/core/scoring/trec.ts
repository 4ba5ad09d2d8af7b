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
// - `all` is the mean over the evaluated topics (with `complete`, trec_eval's -c: over every
//   qrels topic, a topic missing from the run counting 0). Docnos compare exactly.
import { FixtureLabError } from '../problems';
import { f1 } from './metrics';
import { OUT_PER_TOPIC, TrecMemory } from './trecScan';

export { TrecMemory } from './trecScan';
import {
  compareBytes, compareRanges, docnoOf, eachRunTopic, HashTable, Judgments, keyOf, newTopicRun, Qrels, readRun, Run, RunEntry, TopicJudgments,
  parseQrels, TopicRun, topicFromEntries, TrecBytes, TrecInput,
} from './trecText';

export { compareBytes, parseQrels, parseRun, TopicJudgments } from './trecText';
export type { Judgments, Qrels, Run, RunEntry, TrecInput } from './trecText';

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

/** trec_eval's order for one topic: score descending, ties by docno descending (byte order). */
export function rankEntries(entries: readonly RunEntry[]): RunEntry[] {
  return [...entries].sort((a, b) => (a.score !== b.score ? b.score - a.score : compareBytes(b.docno, a.docno)));
}

/** Room for one topic's judged levels, reused from topic to topic. */
let levels = new Float64Array(64);

/** The ideal DCG@10 of a topic and its number of relevant documents (level >= 1). */
function idealOf(judgments: Judgments): { idcg: number; numRel: number } {
  if (levels.length < judgments.size) levels = new Float64Array(2 * judgments.size);
  let count = 0;
  let numRel = 0;
  const add = (rel: number) => {
    if (rel > 0) levels[count++] = rel;
    if (rel >= 1) numRel++;
  };
  if (judgments instanceof TopicJudgments) {
    const { values } = judgments.columns;
    for (let i = judgments.from; i < judgments.from + judgments.size; i++) add(values[i]);
  } else {
    judgments.forEach((rel) => add(rel));
  }
  // A typed array sorts numerically, ascending, without a comparator: read it from the end.
  const sorted = levels.subarray(0, count).sort();
  let idcg = 0;
  for (let i = 0; i < Math.min(10, count); i++) idcg += sorted[count - 1 - i] / Math.log2(i + 2);
  return { idcg, numRel };
}

function scoresFrom(relBy5: number, relBy10: number, relBy20: number, dcg: number, firstRel: number, idcg: number, numRel: number): TrecScores {
  const recall = (k: number) => (numRel > 0 ? k / numRel : 0);
  const P_10 = relBy10 / 10;
  const recall_10 = recall(relBy10);
  return {
    P_5: relBy5 / 5,
    P_10,
    P_20: relBy20 / 20,
    recall_5: recall(relBy5),
    recall_10,
    recall_20: recall(relBy20),
    ndcg_cut_10: idcg > 0 ? dcg / idcg : 0,
    recip_rank: firstRel > 0 ? 1 / firstRel : 0,
    F1_10: f1(P_10, recall_10),
  };
}

/** Measures one topic's ranked docnos (best first) against its judgments. */
export function trecScores(ranked: readonly string[], judgments: Judgments): TrecScores {
  const { idcg, numRel } = idealOf(judgments);
  let dcg = 0;
  let firstRel = 0;
  let r5 = 0;
  let r10 = 0;
  let r20 = 0;
  for (let i = 0; i < ranked.length; i++) {
    const rel = judgments.get(ranked[i]) ?? 0;
    if (rel >= 1) {
      if (firstRel === 0) firstRel = i + 1;
      if (i < 5) r5++;
      if (i < 10) r10++;
      if (i < 20) r20++;
    }
    if (i < 10 && rel > 0) dcg += rel / Math.log2(i + 2);
    if (i >= 20 && firstRel > 0) break;
  }
  return scoresFrom(r5, r10, r20, dcg, firstRel, idcg, numRel);
}

/**
 * The rank of entry i in trec_eval's order (score descending, ties by docno descending in byte
 * order): 1 + the entries ahead of it.
 */
function rankOf(t: TopicRun, i: number): number {
  const { starts, ends, scores, n } = t;
  const { bytes } = t.source;
  const score = scores[i];
  let ahead = 0;
  for (let j = 0; j < n; j++) {
    const s = scores[j];
    if (s > score || (s === score && j !== i && compareRanges(bytes, starts[j], ends[j], bytes, starts[i], ends[i]) > 0)) ahead++;
  }
  return ahead + 1;
}

/**
 * One topic's scores straight from its unsorted entries: only the relevant documents need a
 * rank, and each one's rank is 1 + the entries ahead of it in trec_eval's order, so the topic
 * is never sorted. Refuses a document retrieved twice, as trec_eval does.
 */
function scoreTopic(qid: string, t: TopicRun, judgments: Judgments, table: HashTable, runFile?: string): TrecScores {
  const { starts, ends, hashes, lines, n } = t;
  const { bytes } = t.source;
  // Every docno once.
  const repeat = table.firstRepeat(bytes, starts, ends, hashes, 0, n);
  if (repeat >= 0) {
    throw new FixtureLabError(
      `line ${lines[repeat]}: topic ${qid} retrieves ${docnoOf(t, repeat)} again (first on line ${lines[table.found]}); each document once per topic`,
      runFile);
  }
  const { idcg, numRel } = idealOf(judgments);
  let dcg = 0;
  let firstRel = 0;
  let r5 = 0;
  let r10 = 0;
  let r20 = 0;
  const credit = (rank: number, rel: number) => {
    if (rank <= 10) dcg += rel / Math.log2(rank + 1);
    if (rel >= 1) {
      if (firstRel === 0 || rank < firstRel) firstRel = rank;
      if (rank <= 5) r5++;
      if (rank <= 10) r10++;
      if (rank <= 20) r20++;
    }
  };
  // Each judged-relevant document, found among the entries through the table.
  if (judgments instanceof TopicJudgments) {
    const q = judgments.columns;
    const qBytes = judgments.source.bytes;
    for (let k = judgments.from; k < judgments.from + judgments.size; k++) {
      if (q.values[k] <= 0) continue;
      const i = table.find(bytes, starts, ends, hashes, q.hashes[k], qBytes, q.starts[k], q.ends[k]);
      if (i >= 0) credit(rankOf(t, i), q.values[k]);
    }
  } else {
    judgments.forEach((rel, docno) => {
      if (rel <= 0) return;
      const key = keyOf(docno);
      const i = table.find(bytes, starts, ends, hashes, key.hash, key.bytes, 0, key.bytes.length);
      if (i >= 0) credit(rankOf(t, i), rel);
    });
  }
  return scoresFrom(r5, r10, r20, dcg, firstRel, idcg, numRel);
}

export interface TrecOptions {
  /**
   * trec_eval's -c: average over every topic of the qrels, a topic missing from the run scoring 0
   * on every measure (and listed with those zeros); a task a system failed then counts as 0.
   */
  complete?: boolean;
}

function finish(
  qrelsQids: Iterable<string>, scores: Map<string, TrecScores>, skipped: string[], options: TrecOptions, runFile?: string,
): TrecEvaluation {
  if (scores.size === 0) {
    throw new FixtureLabError('no topic of the run has judgments in the qrels; check that the qids of the two files agree', runFile);
  }
  if (options.complete) {
    for (const qid of qrelsQids) {
      if (!scores.has(qid)) scores.set(qid, Object.fromEntries(TREC_MEASURES.map((m) => [m, 0])) as TrecScores);
    }
  }
  const qids = sortBytes([...scores.keys()]);
  const topics = new Map(qids.map((q) => [q, scores.get(q)!]));
  // The sums by name, each in the topics' order (formatTrecTable says why not `all[m] += s[m]`).
  const all: TrecScores = { P_5: 0, P_10: 0, P_20: 0, recall_5: 0, recall_10: 0, recall_20: 0, ndcg_cut_10: 0, recip_rank: 0, F1_10: 0 };
  for (const s of topics.values()) {
    all.P_5 += s.P_5;
    all.P_10 += s.P_10;
    all.P_20 += s.P_20;
    all.recall_5 += s.recall_5;
    all.recall_10 += s.recall_10;
    all.recall_20 += s.recall_20;
    all.ndcg_cut_10 += s.ndcg_cut_10;
    all.recip_rank += s.recip_rank;
    all.F1_10 += s.F1_10;
  }
  for (const m of TREC_MEASURES) all[m] /= topics.size;
  return { topics, all, skipped: sortBytes(skipped) };
}

/**
 * Strings in strcmp's order of their UTF-8 bytes (compareBytes'). Without a code unit from
 * U+D800 up, that is the order of their UTF-16 code units, the default sort's, which needs no
 * comparator called from JavaScript (5,000 qids: 60,000 calls, slow in a fresh process).
 */
function sortBytes(strings: string[]): string[] {
  return strings.some((s) => /[\ud800-\uffff]/.test(s)) ? strings.sort(compareBytes) : strings.sort();
}

/**
 * Evaluates a run against qrels as trec_eval does (see the top of this file). Throws a
 * FixtureLabError when a topic of the run lists a document twice, or when no topic of the run
 * has judgments.
 */
export function evaluateTrec(qrels: Qrels, run: Run, runFile?: string, options: TrecOptions = {}): TrecEvaluation {
  const scores = new Map<string, TrecScores>();
  const skipped: string[] = [];
  const table = new HashTable();
  for (const [qid, entries] of run.topics) {
    const judgments = qrels.topics.get(qid);
    if (!judgments) {
      skipped.push(qid);
      continue;
    }
    scores.set(qid, scoreTopic(qid, topicFromEntries(entries), judgments, table, runFile));
  }
  return finish(qrels.topics.keys(), scores, skipped, options, runFile);
}

/**
 * evaluateTrec(qrels, parseRun(text)) without holding the whole run in memory: the run is read
 * in one pass and each topic scored as soon as its lines end, so only the current topic's
 * entries are kept. A topic whose lines are not consecutive (rare) makes it start over, reading
 * the whole run first. The same results and errors, the first bad line of the file first. The
 * run may be given as the file's bytes, which are then never decoded.
 */
export function evaluateTrecText(qrels: Qrels, text: TrecInput, runFile?: string, options: TrecOptions = {}): TrecEvaluation {
  const source = new TrecBytes(text);
  const scores = new Map<string, TrecScores>();
  const skipped: string[] = [];
  const table = new HashTable();
  const done = new Set<string>();
  const streamed = eachRunTopic(source, runFile, newTopicRun(source), (qid, t) => {
    if (done.has(qid)) return false;
    done.add(qid);
    const judgments = qrels.topics.get(qid);
    if (judgments) scores.set(qid, scoreTopic(qid, t, judgments, table, runFile));
    else skipped.push(qid);
    return true;
  });
  return streamed ? finish(qrels.topics.keys(), scores, skipped, options, runFile) : evaluateWhole(qrels, source, runFile, options);
}

/**
 * parseQrels and evaluateTrecText on two files' bytes, the same evaluation and the same errors,
 * read and scored in WebAssembly when the files are what it reads (trecScan.ts): then JavaScript
 * only names the topics and writes their scores. Anything else (a line to refuse, a number for
 * Number(), topics split across a file, a repeat) is evaluated by parseQrels and
 * evaluateTrecText, which say what is wrong where.
 */
export function evaluateTrecFiles(
  qrels: Uint8Array, run: Uint8Array, files: { qrels?: string; run?: string } = {}, options: TrecOptions = {},
): TrecEvaluation {
  const memory = TrecMemory.of(qrels, run);
  return memory ? evaluateTrecMemory(memory, files, options) : evaluateTrecText(parseQrels(qrels, files.qrels), run, files.run, options);
}

/** evaluateTrecFiles on files read into a TrecMemory (TrecMemory.sized: never copied). */
export function evaluateTrecMemory(memory: TrecMemory, files: { qrels?: string; run?: string } = {}, options: TrecOptions = {}): TrecEvaluation {
  return evaluateInMemory(memory, files.run, options) ?? evaluateTrecText(parseQrels(memory.qrels, files.qrels), memory.run, files.run, options);
}

/**
 * The evaluation made in WebAssembly alone, or undefined where evaluateTrecMemory leaves the files
 * to evaluateTrecText (exported for the tests that compare the two).
 */
export function evaluateInMemory(memory: TrecMemory, runFile?: string, options: TrecOptions = {}): TrecEvaluation | undefined {
  const source = new TrecBytes(memory.bytes);
  const judged = memory.scanQrels();
  if (!judged) return undefined;
  // Each qrels topic in one stretch, judging each document once.
  const qrelsTopics = new Map<string, number>();
  for (let k = 0; k < judged.count; k++) {
    const qid = source.text(judged.qidStarts[k], judged.qidEnds[k]);
    if (qrelsTopics.has(qid)) return undefined;
    qrelsTopics.set(qid, k);
  }
  if (memory.repeatedJudgment() >= 0) return undefined;
  const scanned = memory.scanRun();
  if (!scanned) return undefined;
  const { stretches, slow, scores: runScores } = scanned;
  for (let k = 0; k < slow.length; k += 3) {
    const score = Number(source.text(slow[k + 1], slow[k + 2]));
    if (!Number.isFinite(score)) return undefined;
    runScores[slow[k]] = score;
  }
  // Each run topic in one stretch (evaluateTrecText reads the whole run again otherwise), paired with its judgments.
  const pairs = new Int32Array(stretches.count);
  const qids: string[] = [];
  const skipped: string[] = [];
  for (let k = 0; k < stretches.count; k++) {
    const qid = source.text(stretches.qidStarts[k], stretches.qidEnds[k]);
    qids.push(qid);
    pairs[k] = qrelsTopics.get(qid) ?? -1;
    if (pairs[k] < 0) skipped.push(qid);
  }
  if (new Set(qids).size !== qids.length) return undefined;
  const out = memory.score(pairs);
  if (typeof out === 'number') return undefined;
  const scores = new Map<string, TrecScores>();
  for (let k = 0, o = 0; k < stretches.count; k++, o += OUT_PER_TOPIC) {
    if (pairs[k] >= 0) scores.set(qids[k], scoresFrom(out[o], out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5], out[o + 6]));
  }
  return finish(qrelsTopics.keys(), scores, skipped, options, runFile);
}

/** The path for runs whose topics' lines are not consecutive: read everything, then score. */
function evaluateWhole(qrels: Qrels, source: TrecBytes, runFile: string | undefined, options: TrecOptions): TrecEvaluation {
  const scores = new Map<string, TrecScores>();
  const skipped: string[] = [];
  const table = new HashTable();
  for (const [qid, t] of readRun(source, runFile)) {
    const judgments = qrels.topics.get(qid);
    if (judgments) scores.set(qid, scoreTopic(qid, t, judgments, table, runFile));
    else skipped.push(qid);
  }
  return finish(qrels.topics.keys(), scores, skipped, options, runFile);
}

/**
 * A value to 4 decimals as C's printf("%.4f") writes it: an exact tie (0.03125) rounds to even
 * (0.0312), where JavaScript's toFixed rounds it up.
 */
export function fixed4(v: number): string {
  const rounded = v.toFixed(4);
  const scaled = Math.abs(v) * 1e4;
  if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return rounded;
  const exact = v.toFixed(30);
  const dot = exact.indexOf('.');
  if (dot < 0 || !/^50*$/.test(exact.slice(dot + 5))) return rounded;
  const truncated = exact.slice(0, dot + 5);
  return Number(truncated[truncated.length - 1]) % 2 === 0 ? truncated : rounded;
}

/**
 * trec_eval -q's text: `measure<TAB>qid<TAB>value` (value to 4 decimals), topics first, then `all`
 * and num_q. Made as one string from one list of lines (not appended to line by line), with
 * each value's digits worked out once: most topics' values are a few fractions (P_5 has six).
 */
export function formatTrecTable(evaluation: TrecEvaluation): string {
  const names = TREC_MEASURES.map((m) => `${m.padEnd(22)}\t`);
  const digits = new Map<number, string>();
  const fixed = (v: number) => {
    let s = digits.get(v);
    if (s === undefined) digits.set(v, (s = fixed4(v)));
    return s;
  };
  const lines: string[] = [];
  // Each topic's lines as one string: a tenth of the strings for join to copy. Each measure read
  // by its name, in TREC_MEASURES' order (test/core/trec.test.ts checks it): the code runs once, in
  // V8's interpreter, where `s[TREC_MEASURES[k]]` in a loop cost a lookup by name per value (about
  // 40 ms of CPU on 5,000 topics; docs/performance.md).
  const [p5, p10, p20, r5, r10, r20, ndcg, rr, f1] = names;
  for (const [qid, s] of evaluation.topics) {
    const q = `${qid}\t`;
    lines.push(`${p5}${q}${fixed(s.P_5)}\n${p10}${q}${fixed(s.P_10)}\n${p20}${q}${fixed(s.P_20)}\n`
      + `${r5}${q}${fixed(s.recall_5)}\n${r10}${q}${fixed(s.recall_10)}\n${r20}${q}${fixed(s.recall_20)}\n`
      + `${ndcg}${q}${fixed(s.ndcg_cut_10)}\n${rr}${q}${fixed(s.recip_rank)}\n${f1}${q}${fixed(s.F1_10)}\n`);
  }
  lines.push(`${'num_q'.padEnd(22)}\tall\t${evaluation.topics.size}\n`);
  for (let k = 0; k < TREC_MEASURES.length; k++) lines.push(`${names[k]}all\t${fixed4(evaluation.all[TREC_MEASURES[k]])}\n`);
  return lines.join('');
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
 * topic is an error, as trec_eval refuses it. Each of `comments` becomes a `# ` line at the top,
 * which trec_eval skips from v10.0 on (9.0.x and earlier call it a malformed line: strip them
 * with `grep -v '^#'` there); parseRun and `fixture-lab metrics` skip them too.
 */
export function formatRun(rankings: Iterable<[qid: string, docnos: readonly string[]]>, tag: string, comments: readonly string[] = []): string {
  checkToken(tag, 'run tag');
  let out = '';
  for (const c of comments) {
    if (/[\r\n]/.test(c)) throw new RangeError('a TREC comment is one line');
    out += `# ${c}\n`;
  }
  for (const [qid, docnos] of rankings) {
    checkToken(qid, 'qid');
    if (qid.startsWith('#')) throw new RangeError(`a TREC qid cannot start with #, which makes its lines comments: \`${qid}\``);
    const seen = new Set<string>();
    docnos.forEach((d, i) => {
      if (seen.has(checkToken(d, 'docno'))) throw new RangeError(`topic ${qid} ranks ${d} twice; a TREC run lists each document once per topic`);
      seen.add(d);
      out += `${qid} Q0 ${d} ${i + 1} ${docnos.length - i} ${tag}\n`;
    });
  }
  return out;
}
