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

/** C's isspace: the field separators trec_eval splits on. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Whether text[start, end) is an optionally signed run of digits. */
function isInteger(text: string, start: number, end: number): boolean {
  let i = start;
  const c = text.charCodeAt(i);
  if (c === 43 || c === 45) i++;
  if (i >= end) return false;
  for (; i < end; i++) {
    const d = text.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return true;
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The number in text[start, end), NaN when it is not one. Plain decimals of up to 15 digits are
 * read without making a string (an exact integer over an exact power of ten: one correctly
 * rounded division, the same double as Number() and C's atof); anything else goes to Number().
 */
function readNumber(text: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  const c = text.charCodeAt(i);
  if (c === 45 || c === 43) {
    negative = c === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let dot = false;
  for (; i < end; i++) {
    const d = text.charCodeAt(i);
    if (d >= 48 && d <= 57) {
      mantissa = mantissa * 10 + (d - 48);
      digits++;
      if (dot) decimals++;
    } else if (d === 46 && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (i === end && digits > 0 && digits <= 15 && decimals <= 22) {
    const v = mantissa / POW10[decimals];
    return negative ? -v : v;
  }
  const slow = Number(text.slice(start, end));
  return Number.isFinite(slow) ? slow : NaN;
}

/** Reads TREC qrels: `qid iter docno rel` per line, rel an integer; blank lines are skipped. */
export function parseQrels(text: string, file?: string): Qrels {
  const topics = new Map<string, Map<string, number>>();
  const starts = new Int32Array(4);
  const ends = new Int32Array(4);
  let qid = '';
  let docs: Map<string, number> | undefined;
  const n = text.length;
  let pos = 0;
  let line = 0;
  while (pos < n) {
    line++;
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    let count = 0;
    let i = pos;
    while (i < end && count <= 4) {
      while (i < end && isSpace(text.charCodeAt(i))) i++;
      if (i >= end) break;
      const start = i;
      while (i < end && !isSpace(text.charCodeAt(i))) i++;
      if (count < 4) {
        starts[count] = start;
        ends[count] = i;
      }
      count++;
    }
    pos = end + 1;
    if (count === 0) continue;
    if (count !== 4) {
      throw new FixtureLabError(`line ${line}: expected 4 fields \`qid 0 docno rel\`, found ${count > 4 ? 'more' : count}; fix that line (is this a run rather than qrels?)`, file);
    }
    if (!isInteger(text, starts[3], ends[3])) {
      throw new FixtureLabError(`line ${line}: relevance \`${text.slice(starts[3], ends[3])}\` is not an integer; write 0 for not relevant, 1 or more for relevant`, file);
    }
    if (docs === undefined || ends[0] - starts[0] !== qid.length || !text.startsWith(qid, starts[0])) {
      qid = text.slice(starts[0], ends[0]);
      docs = topics.get(qid);
      if (!docs) topics.set(qid, (docs = new Map()));
    }
    const docno = text.slice(starts[2], ends[2]);
    if (docs.has(docno)) {
      throw new FixtureLabError(`line ${line}: topic ${qid} judges ${docno} twice (first on line ${firstQrelsLine(text, qid, docno)}); keep one judgment`, file);
    }
    docs.set(docno, readNumber(text, starts[3], ends[3]));
  }
  return { topics };
}

/** The line of a topic's first judgment of a document (for the duplicate message only). */
function firstQrelsLine(text: string, qid: string, docno: string): number {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const f = lines[i].trim().split(/[ \t\v\f\r]+/);
    if (f[0] === qid && f[2] === docno) return i + 1;
  }
  return 0;
}

/**
 * One topic's retrieved documents in file order, as parallel arrays. A docno is never made into
 * a string here: it is text[starts[i], ends[i]), with an FNV-1a hash taken while reading it, so
 * a run of millions of lines allocates next to nothing.
 */
interface TopicRun {
  text: string;
  /** Entries in use; the arrays grow by doubling and are reused from topic to topic. */
  n: number;
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  scores: Float64Array;
  lines: Int32Array;
}

function newTopicRun(text: string, capacity = 128): TopicRun {
  return {
    text,
    n: 0,
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    hashes: new Int32Array(capacity),
    scores: new Float64Array(capacity),
    lines: new Int32Array(capacity),
  };
}

function pushEntry(t: TopicRun, start: number, end: number, hash: number, score: number, line: number): void {
  if (t.n === t.starts.length) {
    const grow = <A extends Int32Array | Float64Array>(a: A): A => {
      const b = new (a.constructor as { new (n: number): A })(a.length * 2);
      b.set(a);
      return b;
    };
    t.starts = grow(t.starts);
    t.ends = grow(t.ends);
    t.hashes = grow(t.hashes);
    t.scores = grow(t.scores);
    t.lines = grow(t.lines);
  }
  const i = t.n++;
  t.starts[i] = start;
  t.ends[i] = end;
  t.hashes[i] = hash;
  t.scores[i] = score;
  t.lines[i] = line;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashString(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** A topic's entries made from strings (the in-memory Run form). */
function topicFromEntries(entries: readonly RunEntry[]): TopicRun {
  const t = newTopicRun(entries.map((e) => e.docno).join('\n'), Math.max(1, entries.length));
  let at = 0;
  for (const e of entries) {
    pushEntry(t, at, at + e.docno.length, hashString(e.docno), e.score, e.line);
    at += e.docno.length + 1;
  }
  return t;
}

const docnoOf = (t: TopicRun, i: number): string => t.text.slice(t.starts[i], t.ends[i]);

/** Where reading a run has got to: the offset of a line's start and that line's number. */
interface Cursor {
  pos: number;
  line: number;
}

/**
 * Moves the cursor to the next non-blank line and returns that line's first field (its qid),
 * or null at the end of the text.
 */
function nextQid(text: string, cur: Cursor): string | null {
  const n = text.length;
  while (cur.pos < n) {
    let end = text.indexOf('\n', cur.pos);
    if (end < 0) end = n;
    let i = cur.pos;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i < end) {
      let j = i;
      while (j < end && !isSpace(text.charCodeAt(j))) j++;
      return text.slice(i, j);
    }
    cur.pos = end + 1;
    cur.line++;
  }
  return null;
}

/**
 * Reads run lines from the cursor for as long as they belong to topic `qid`, checking each,
 * into `into`; stops at the first line of another topic (the cursor then points at it) or at
 * the end. With `tags`, each new run tag is added to it.
 */
function readTopic(text: string, cur: Cursor, qid: string, file: string | undefined, into: TopicRun, tags?: string[]): void {
  const n = text.length;
  const ql = qid.length;
  let pos = cur.pos;
  let line = cur.line;
  let lastTag = '';
  for (; pos < n; pos++, line++) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    let i = pos;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) {
      pos = end;
      continue;
    }
    // Field 1, the qid: another topic's line ends this topic.
    if (!(text.startsWith(qid, i) && (i + ql === end || isSpace(text.charCodeAt(i + ql))))) break;
    i += ql;
    // Field 2 (Q0, ignored).
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) throw tooFewFields(line, 1, file);
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    // Field 3, the docno.
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) throw tooFewFields(line, 2, file);
    const docStart = i;
    let hash = FNV_OFFSET;
    for (let c = text.charCodeAt(i); i < end && !isSpace(c); c = text.charCodeAt(++i)) hash = Math.imul(hash ^ c, FNV_PRIME);
    const docEnd = i;
    // Field 4 (the rank, ignored as trec_eval ignores it).
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) throw tooFewFields(line, 3, file);
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    // Field 5, the score.
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) throw tooFewFields(line, 4, file);
    const scoreStart = i;
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    const scoreEnd = i;
    // Field 6, the run tag; anything after it is ignored.
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) throw tooFewFields(line, 5, file);
    const score = readNumber(text, scoreStart, scoreEnd);
    if (Number.isNaN(score)) {
      throw new FixtureLabError(`line ${line}: score \`${text.slice(scoreStart, scoreEnd)}\` is not a number; the fifth field must be the document's score`, file);
    }
    pushEntry(into, docStart, docEnd, hash, score, line);
    if (tags) {
      const tagStart = i;
      while (i < end && !isSpace(text.charCodeAt(i))) i++;
      if (i - tagStart !== lastTag.length || !text.startsWith(lastTag, tagStart)) {
        lastTag = text.slice(tagStart, i);
        if (!tags.includes(lastTag)) tags.push(lastTag);
      }
    }
    pos = end;
  }
  cur.pos = pos;
  cur.line = line;
}

function tooFewFields(line: number, found: number, file: string | undefined): FixtureLabError {
  return new FixtureLabError(`line ${line}: expected 6 fields \`qid Q0 docno rank score tag\`, found ${found}; fix that line (is this qrels rather than a run?)`, file);
}

/** Every topic of a run as parallel arrays, topics in order of first appearance. */
function readRun(text: string, file: string | undefined, tags?: string[]): Map<string, TopicRun> {
  const topics = new Map<string, TopicRun>();
  const cur: Cursor = { pos: 0, line: 1 };
  for (let qid = nextQid(text, cur); qid !== null; qid = nextQid(text, cur)) {
    let t = topics.get(qid);
    if (!t) topics.set(qid, (t = newTopicRun(text, 16)));
    readTopic(text, cur, qid, file, t, tags);
  }
  return topics;
}

/** Reads a TREC run: `qid Q0 docno rank score tag` per line (fields past the sixth ignored, as trec_eval does). */
export function parseRun(text: string, file?: string): Run {
  const tags: string[] = [];
  const topics = new Map<string, RunEntry[]>();
  for (const [qid, t] of readRun(text, file, tags)) {
    topics.set(qid, Array.from({ length: t.n }, (_, i) => ({ docno: docnoOf(t, i), score: t.scores[i], line: t.lines[i] })));
  }
  return { topics, tags };
}

/** trec_eval's order for one topic: score descending, ties by docno descending (byte order). */
export function rankEntries(entries: readonly RunEntry[]): RunEntry[] {
  return [...entries].sort((a, b) => (a.score !== b.score ? b.score - a.score : compareBytes(b.docno, a.docno)));
}

/** The ideal DCG@10 of a topic and its number of relevant documents (level >= 1). */
function idealOf(judgments: ReadonlyMap<string, number>): { idcg: number; numRel: number } {
  const levels: number[] = [];
  let numRel = 0;
  for (const rel of judgments.values()) {
    if (rel > 0) levels.push(rel);
    if (rel >= 1) numRel++;
  }
  levels.sort((a, b) => b - a);
  let idcg = 0;
  for (let i = 0; i < Math.min(10, levels.length); i++) idcg += levels[i] / Math.log2(i + 2);
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
export function trecScores(ranked: readonly string[], judgments: ReadonlyMap<string, number>): TrecScores {
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

/** An open-addressing table of entry indexes by hash, reused from topic to topic. */
class HashTable {
  slots = new Int32Array(256).fill(-1);
  mask = 255;

  /** Empties the table, sized for n entries at most half full. */
  reset(n: number): void {
    let size = 256;
    while (size < 2 * n) size *= 2;
    if (size !== this.slots.length) this.slots = new Int32Array(size);
    this.slots.fill(-1);
    this.mask = size - 1;
  }
}

/** Whether entry i's docno (in t.text) equals the string s. */
function docnoIs(t: TopicRun, i: number, s: string): boolean {
  return t.ends[i] - t.starts[i] === s.length && t.text.startsWith(s, t.starts[i]);
}

/** Byte-order comparison of entries i and j's docnos (as compareBytes), without making strings. */
function compareDocnos(t: TopicRun, i: number, j: number): number {
  const text = t.text;
  const a = t.starts[i];
  const b = t.starts[j];
  const la = t.ends[i] - a;
  const lb = t.ends[j] - b;
  const n = Math.min(la, lb);
  for (let k = 0; k < n; k++) {
    let x = text.charCodeAt(a + k);
    let y = text.charCodeAt(b + k);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return la - lb;
}

/**
 * One topic's scores straight from its unsorted entries: only the relevant documents need a
 * rank, and each one's rank is 1 + the entries ahead of it in trec_eval's order, so the topic
 * is never sorted. Refuses a document retrieved twice, as trec_eval does.
 */
function scoreTopic(qid: string, t: TopicRun, judgments: ReadonlyMap<string, number>, table: HashTable, runFile?: string): TrecScores {
  const { hashes, scores, lines, n } = t;
  // Every docno once.
  table.reset(n);
  const { slots, mask } = table;
  for (let i = 0; i < n; i++) {
    let slot = hashes[i] & mask;
    for (let j = slots[slot]; j >= 0; j = slots[slot]) {
      if (hashes[j] === hashes[i] && compareDocnos(t, i, j) === 0) {
        throw new FixtureLabError(`line ${lines[i]}: topic ${qid} retrieves ${docnoOf(t, i)} again (first on line ${lines[j]}); each document once per topic`, runFile);
      }
      slot = (slot + 1) & mask;
    }
    slots[slot] = i;
  }
  const { idcg, numRel } = idealOf(judgments);
  let dcg = 0;
  let firstRel = 0;
  let r5 = 0;
  let r10 = 0;
  let r20 = 0;
  // Each judged-relevant document, found among the entries through the table.
  for (const [docno, rel] of judgments) {
    if (rel <= 0) continue;
    const h = hashString(docno);
    let i = -1;
    for (let slot = h & mask, j = slots[slot]; j >= 0; slot = (slot + 1) & mask, j = slots[slot]) {
      if (hashes[j] === h && docnoIs(t, j, docno)) {
        i = j;
        break;
      }
    }
    if (i < 0) continue;
    const score = scores[i];
    let ahead = 0;
    for (let j = 0; j < n; j++) {
      const s = scores[j];
      if (s > score || (s === score && j !== i && compareDocnos(t, j, i) > 0)) ahead++;
    }
    const rank = ahead + 1;
    if (rank <= 10) dcg += rel / Math.log2(rank + 1);
    if (rel >= 1) {
      if (firstRel === 0 || rank < firstRel) firstRel = rank;
      if (rank <= 5) r5++;
      if (rank <= 10) r10++;
      if (rank <= 20) r20++;
    }
  }
  return scoresFrom(r5, r10, r20, dcg, firstRel, idcg, numRel);
}

function finish(scores: Map<string, TrecScores>, skipped: string[], runFile?: string): TrecEvaluation {
  if (scores.size === 0) {
    throw new FixtureLabError('no topic of the run has judgments in the qrels; check that the qids of the two files agree', runFile);
  }
  const qids = [...scores.keys()].sort(compareBytes);
  const topics = new Map(qids.map((q) => [q, scores.get(q)!]));
  const all = Object.fromEntries(TREC_MEASURES.map((m) => [m, 0])) as TrecScores;
  for (const s of topics.values()) for (const m of TREC_MEASURES) all[m] += s[m];
  for (const m of TREC_MEASURES) all[m] /= topics.size;
  return { topics, all, skipped: skipped.sort(compareBytes) };
}

/**
 * Evaluates a run against qrels as trec_eval does (see the top of this file). Throws a
 * FixtureLabError when a topic of the run lists a document twice, or when no topic of the run
 * has judgments.
 */
export function evaluateTrec(qrels: Qrels, run: Run, runFile?: string): TrecEvaluation {
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
  return finish(scores, skipped, runFile);
}

/**
 * evaluateTrec(qrels, parseRun(text)) without holding the whole run in memory: the run is read
 * in one pass and each topic scored as soon as its lines end, so only the current topic's
 * entries are kept. A topic whose lines are not consecutive (rare) makes it start over, reading
 * the whole run first. The same results and errors, the first bad line of the file first.
 */
export function evaluateTrecText(qrels: Qrels, text: string, runFile?: string): TrecEvaluation {
  const scores = new Map<string, TrecScores>();
  const skipped: string[] = [];
  const table = new HashTable();
  const done = new Set<string>();
  const t = newTopicRun(text);
  const cur: Cursor = { pos: 0, line: 1 };
  for (let qid = nextQid(text, cur); qid !== null; qid = nextQid(text, cur)) {
    if (done.has(qid)) return evaluateWhole(qrels, text, runFile);
    done.add(qid);
    t.n = 0;
    readTopic(text, cur, qid, runFile, t);
    const judgments = qrels.topics.get(qid);
    if (judgments) scores.set(qid, scoreTopic(qid, t, judgments, table, runFile));
    else skipped.push(qid);
  }
  return finish(scores, skipped, runFile);
}

/** The path for runs whose topics' lines are not consecutive: read everything, then score. */
function evaluateWhole(qrels: Qrels, text: string, runFile?: string): TrecEvaluation {
  const scores = new Map<string, TrecScores>();
  const skipped: string[] = [];
  const table = new HashTable();
  for (const [qid, t] of readRun(text, runFile)) {
    const judgments = qrels.topics.get(qid);
    if (judgments) scores.set(qid, scoreTopic(qid, t, judgments, table, runFile));
    else skipped.push(qid);
  }
  return finish(scores, skipped, runFile);
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
