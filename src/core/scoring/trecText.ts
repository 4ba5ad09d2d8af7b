// Reading TREC text, fast: qrels (`qid 0 docno rel`) and runs (`qid Q0 docno rank score tag`)
// with line-numbered errors. trec_eval reads 5,000 topics x 100 documents in well under a
// second, and `fixture-lab metrics` should not be slower, so a docno is kept as an offset range
// of the file's text with a hash taken while reading it (no string, no map entry per document),
// numbers are read without making strings, and each small hot loop is a function of its own so
// V8 optimizes it early. Fields split on C's isspace, as trec_eval's parser does; blank lines
// are skipped, and in runs so are comment lines (the first non-blank character `#`, as
// trec_eval 10 reads them); fields past a run line's sixth are ignored.
import { FixtureLabError } from '../problems';

export interface Qrels {
  /** qid -> that topic's judgments (docno -> relevance level). */
  topics: Map<string, Judgments>;
}

/** One topic's judgments: docno -> relevance level. A Map<string, number> is one too. */
export interface Judgments {
  readonly size: number;
  get(docno: string): number | undefined;
  forEach(fn: (rel: number, docno: string) => void): void;
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
export function isSpace(c: number): boolean {
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

const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

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

/** Growable parallel arrays of judgments (or of any entries), by doubling. */
export class Columns {
  size = 0;
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  values: Float64Array;
  lines: Int32Array;
  tags: Int32Array;

  constructor(capacity: number) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.hashes = new Int32Array(capacity);
    this.values = new Float64Array(capacity);
    this.lines = new Int32Array(capacity);
    this.tags = new Int32Array(capacity);
  }

  push(start: number, end: number, hash: number, value: number, line: number, tag: number): void {
    if (this.size === this.starts.length) {
      const grown = new Columns(this.size * 2);
      grown.starts.set(this.starts);
      grown.ends.set(this.ends);
      grown.hashes.set(this.hashes);
      grown.values.set(this.values);
      grown.lines.set(this.lines);
      grown.tags.set(this.tags);
      this.starts = grown.starts;
      this.ends = grown.ends;
      this.hashes = grown.hashes;
      this.values = grown.values;
      this.lines = grown.lines;
      this.tags = grown.tags;
    }
    const i = this.size++;
    this.starts[i] = start;
    this.ends[i] = end;
    this.hashes[i] = hash;
    this.values[i] = value;
    this.lines[i] = line;
    this.tags[i] = tag;
  }
}

/**
 * One topic's judgments as read from qrels text: entries [from, from + size) of columns shared
 * by the whole file, each docno an offset range of the text with a hash taken while reading it,
 * so a large qrels file makes no per-document strings or maps.
 */
export class TopicJudgments implements Judgments {
  constructor(readonly text: string, readonly columns: Columns, readonly from: number, readonly size: number) {}

  docno(k: number): string {
    const i = this.from + k;
    return this.text.slice(this.columns.starts[i], this.columns.ends[i]);
  }

  get(docno: string): number | undefined {
    const h = hashString(docno);
    const { starts, ends, hashes, values } = this.columns;
    for (let i = this.from; i < this.from + this.size; i++) {
      if (hashes[i] === h && ends[i] - starts[i] === docno.length && this.text.startsWith(docno, starts[i])) return values[i];
    }
    return undefined;
  }

  forEach(fn: (rel: number, docno: string) => void): void {
    for (let k = 0; k < this.size; k++) fn(this.columns.values[this.from + k], this.docno(k));
  }
}

/** The fields of the last qrels line scanned: qid, docno and rel as offset pairs, and the docno's hash. */
const QF = new Int32Array(7);
const Q_QID = 0;
const Q_DOC = 2;
const Q_REL = 4;
const Q_HASH = 6;

/**
 * Splits the qrels line text[i, end) into QF and returns its field count (5 for "more than 4").
 * A small function of its own, so V8 optimizes it after a few hundred lines instead of
 * compiling one large loop while the file is read.
 */
function scanQrelsLine(text: string, i: number, end: number): number {
  QF[Q_QID] = i;
  while (i < end && !isSpace(text.charCodeAt(i))) i++;
  QF[Q_QID + 1] = i;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  if (i === end) return 1;
  while (i < end && !isSpace(text.charCodeAt(i))) i++;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  if (i === end) return 2;
  QF[Q_DOC] = i;
  let hash = FNV_OFFSET;
  for (let c = text.charCodeAt(i); i < end && !isSpace(c); c = text.charCodeAt(++i)) hash = Math.imul(hash ^ c, FNV_PRIME);
  QF[Q_DOC + 1] = i;
  QF[Q_HASH] = hash;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  if (i === end) return 3;
  QF[Q_REL] = i;
  while (i < end && !isSpace(text.charCodeAt(i))) i++;
  QF[Q_REL + 1] = i;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  return i === end ? 4 : 5;
}

/** Reads TREC qrels: `qid iter docno rel` per line, rel an integer; blank lines are skipped. */
export function parseQrels(text: string, file?: string): Qrels {
  const { qids, read } = readQrelsLines(text, file);
  return groupJudgments(text, qids, read, file);
}

/** Every qrels line checked and read into columns (the topic as an index into qids), in file order. */
function readQrelsLines(text: string, file: string | undefined): { qids: string[]; read: Columns } {
  const qids: string[] = [];
  const topicIndex = new Map<string, number>();
  const read = new Columns(1024);
  let qid = '';
  let topic = -1;
  const n = text.length;
  let pos = 0;
  let line = 0;
  for (; pos < n; pos++) {
    line++;
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    let i = pos;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) {
      pos = end;
      continue;
    }
    const count = scanQrelsLine(text, i, end);
    if (count !== 4) throw qrelsFields(line, count === 5 ? 0 : count, file);
    if (!isInteger(text, QF[Q_REL], QF[Q_REL + 1])) {
      throw new FixtureLabError(
        `line ${line}: relevance \`${text.slice(QF[Q_REL], QF[Q_REL + 1])}\` is not an integer; write 0 for not relevant, 1 or more for relevant`, file);
    }
    if (topic < 0 || QF[Q_QID + 1] - QF[Q_QID] !== qid.length || !text.startsWith(qid, QF[Q_QID])) {
      qid = text.slice(QF[Q_QID], QF[Q_QID + 1]);
      const known = topicIndex.get(qid);
      if (known === undefined) {
        topic = qids.length;
        qids.push(qid);
        topicIndex.set(qid, topic);
      } else {
        topic = known;
      }
    }
    read.push(QF[Q_DOC], QF[Q_DOC + 1], QF[Q_HASH], readNumber(text, QF[Q_REL], QF[Q_REL + 1]), line, topic);
    pos = end;
  }
  return { qids, read };
}

/** Each topic's judgments made contiguous, checked for repeats, as TopicJudgments. */
function groupJudgments(text: string, qids: string[], read: Columns, file: string | undefined): Qrels {
  // Each topic's judgments made contiguous (a stable counting sort by topic: file order kept).
  const counts = new Int32Array(qids.length + 1);
  for (let i = 0; i < read.size; i++) counts[read.tags[i] + 1]++;
  for (let t = 0; t < qids.length; t++) counts[t + 1] += counts[t];
  const columns = new Columns(Math.max(1, read.size));
  columns.size = read.size;
  const next = counts.slice(0, qids.length);
  for (let i = 0; i < read.size; i++) {
    const at = next[read.tags[i]]++;
    columns.starts[at] = read.starts[i];
    columns.ends[at] = read.ends[i];
    columns.hashes[at] = read.hashes[i];
    columns.values[at] = read.values[i];
    columns.lines[at] = read.lines[i];
    columns.tags[at] = read.tags[i];
  }
  const topics = new Map<string, TopicJudgments>();
  const table = new HashTable();
  for (let t = 0; t < qids.length; t++) {
    const from = counts[t];
    const size = counts[t + 1] - from;
    const judged = new TopicJudgments(text, columns, from, size);
    topics.set(qids[t], judged);
    // Each topic judges a document once (trec_eval refuses a repeat too).
    table.reset(size);
    const { slots, mask } = table;
    const { starts, ends, hashes, lines } = columns;
    for (let i = from; i < from + size; i++) {
      let slot = hashes[i] & mask;
      for (let j = slots[slot]; j >= 0; j = slots[slot]) {
        if (hashes[j] === hashes[i] && compareRanges(text, starts[i], ends[i], text, starts[j], ends[j]) === 0) {
          throw new FixtureLabError(
            `line ${lines[i]}: topic ${qids[t]} judges ${judged.docno(i - from)} twice (first on line ${lines[j]}); keep one judgment`, file);
        }
        slot = (slot + 1) & mask;
      }
      slots[slot] = i;
    }
  }
  return { topics };
}

/** A qrels line without exactly 4 fields (found 0 means more than 4). */
function qrelsFields(line: number, found: number, file: string | undefined): FixtureLabError {
  return new FixtureLabError(`line ${line}: expected 4 fields \`qid 0 docno rel\`, found ${found || 'more'}; fix that line (is this a run `
    + `rather than qrels?)`, file);
}

/**
 * Byte-order comparison of a[aStart, aEnd) and b[bStart, bEnd) (as compareBytes), without
 * making strings.
 */
export function compareRanges(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  const n = Math.min(la, lb);
  for (let k = 0; k < n; k++) {
    let x = a.charCodeAt(aStart + k);
    let y = b.charCodeAt(bStart + k);
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
 * One topic's retrieved documents in file order, as parallel arrays. A docno is never made into
 * a string here: it is text[starts[i], ends[i]), with an FNV-1a hash taken while reading it, so
 * a run of millions of lines allocates next to nothing.
 */
export interface TopicRun {
  text: string;
  /** Entries in use; the arrays grow by doubling and are reused from topic to topic. */
  n: number;
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  scores: Float64Array;
  lines: Int32Array;
}

export function newTopicRun(text: string, capacity = 128): TopicRun {
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

export function pushEntry(t: TopicRun, start: number, end: number, hash: number, score: number, line: number): void {
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

/** `#`: a run line starting with it is a comment. */
const COMMENT = 35;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function hashString(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** A topic's entries made from strings (the in-memory Run form). */
export function topicFromEntries(entries: readonly RunEntry[]): TopicRun {
  const t = newTopicRun(entries.map((e) => e.docno).join('\n'), Math.max(1, entries.length));
  let at = 0;
  for (const e of entries) {
    pushEntry(t, at, at + e.docno.length, hashString(e.docno), e.score, e.line);
    at += e.docno.length + 1;
  }
  return t;
}

export const docnoOf = (t: TopicRun, i: number): string => t.text.slice(t.starts[i], t.ends[i]);

/** Where reading a run has got to: the offset of a line's start and that line's number. */
export interface Cursor {
  pos: number;
  line: number;
}

/**
 * Moves the cursor to the next line that is neither blank nor a comment and returns that line's first field (its qid),
 * or null at the end of the text.
 */
export function nextQid(text: string, cur: Cursor): string | null {
  const n = text.length;
  while (cur.pos < n) {
    let end = text.indexOf('\n', cur.pos);
    if (end < 0) end = n;
    let i = cur.pos;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i < end && text.charCodeAt(i) !== COMMENT) {
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
export function readTopic(text: string, cur: Cursor, qid: string, file: string | undefined, into: TopicRun, tags?: string[]): void {
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
    if (i === end || text.charCodeAt(i) === COMMENT) {
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
      throw new FixtureLabError(
        `line ${line}: score \`${text.slice(scoreStart, scoreEnd)}\` is not a number; the fifth field must be the document's score`, file);
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
  return new FixtureLabError(`line ${line}: expected 6 fields \`qid Q0 docno rank score tag\`, found ${found}; fix that line (is this qrels `
    + `rather than a run?)`, file);
}

/** Every topic of a run as parallel arrays, topics in order of first appearance. */
export function readRun(text: string, file: string | undefined, tags?: string[]): Map<string, TopicRun> {
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

/** An open-addressing table of entry indexes by hash, reused from topic to topic. */
export class HashTable {
  slots = new Int32Array(16).fill(-1);
  mask = 15;

  /** Empties the table, sized for n entries at most half full. */
  reset(n: number): void {
    let size = 16;
    while (size < 2 * n) size *= 2;
    if (size !== this.slots.length) this.slots = new Int32Array(size);
    this.slots.fill(-1);
    this.mask = size - 1;
  }
}

