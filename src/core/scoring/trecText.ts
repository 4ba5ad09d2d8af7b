// Reading TREC text, fast: qrels (`qid 0 docno rel`) and runs (`qid Q0 docno rank score tag`)
// with line-numbered errors. trec_eval reads 5,000 topics x 100 documents in under a second, and
// `fixture-lab metrics` should take half of that, so both files are read as trec_eval reads them:
// as bytes, never decoded. Each line is split in one pass over its bytes (scanLine); a docno is
// an offset range of the bytes with an FNV-1a hash taken while splitting (no string, no map entry
// per document), and compares as strcmp compares it (byte order); a number is read without making
// a string; a qid becomes a string once per topic. Fields split on C's isspace, as trec_eval's
// parser does; blank lines are skipped, and in runs so are comment lines (the first non-blank
// character `#`, as trec_eval 10 reads them); fields past a run line's sixth are ignored. Text
// given as a string is read as its UTF-8 bytes; bytes are shown (in errors, qids, docnos) as UTF-8.
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

/** TREC text, or the bytes of a TREC file as read (UTF-8, or anything ASCII-compatible). */
export type TrecInput = string | Uint8Array;

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

/**
 * The bytes to read, as a plain Uint8Array (one kind of array reaches the hot loops, so V8 keeps
 * them monomorphic) and as a Buffer over the same memory, for showing ranges of it as text.
 */
export class TrecBytes {
  readonly bytes: Uint8Array;
  private readonly buffer: Buffer;

  constructor(input: TrecInput) {
    const b = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
    this.bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    this.buffer = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  /** bytes[start, end) as text (UTF-8). */
  text(start: number, end: number): string {
    return this.buffer.toString('utf8', start, end);
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over bytes[start, end): the hash a docno gets while its line is split. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], FNV_PRIME);
  return h;
}

/** The hash and UTF-8 bytes of a docno given as a string, to find it among docnos read from bytes. */
export function keyOf(docno: string): { bytes: Uint8Array; hash: number } {
  const bytes = new TrecBytes(docno).bytes;
  return { bytes, hash: hashBytes(bytes, 0, bytes.length) };
}

/** Byte-order comparison (strcmp's) of a[aStart, aEnd) and b[bStart, bEnd). */
export function compareRanges(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  const n = la < lb ? la : lb;
  for (let k = 0; k < n; k++) {
    const d = a[aStart + k] - b[bStart + k];
    if (d !== 0) return d;
  }
  return la - lb;
}

/** Whether a[aStart, aEnd) and b[bStart, bEnd) hold the same bytes. */
function sameRange(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let k = aStart, j = bStart; k < aEnd; k++, j++) if (a[k] !== b[j]) return false;
  return true;
}

/**
 * The fields of the last line split by scanLine: field k (0-5) is bytes[F[2k], F[2k + 1]);
 * F[HASH] is field 2's hash (the docno, in qrels and runs alike); F[NEXT] is where the next line
 * starts. One array for the module: reading is synchronous.
 */
const F = new Int32Array(16);
const HASH = 12;
const NEXT = 13;
const RECORDED = 6;

/**
 * Splits the line starting at bytes[i] on C's isspace and returns its number of fields (0 for a
 * blank line), recording the first six in F. One loop per field, each byte looked at once; a
 * small function called once a line, so V8 optimizes it within the first few hundred lines.
 */
function scanLine(bytes: Uint8Array, i: number, n: number): number {
  let count = 0;
  let c = 0;
  for (;;) {
    // Blanks: isspace but the newline, which ends the line.
    while (i < n) {
      c = bytes[i];
      if (c > 32 || c === 10 || (c !== 32 && (c < 9 || c > 13))) break;
      i++;
    }
    if (i === n || c === 10) break;
    const start = i;
    if (count === 2) {
      let h = FNV_OFFSET;
      while (i < n) {
        c = bytes[i];
        if (c <= 32 && (c === 32 || (c >= 9 && c <= 13))) break;
        h = Math.imul(h ^ c, FNV_PRIME);
        i++;
      }
      F[HASH] = h;
    } else {
      while (i < n) {
        c = bytes[i];
        if (c <= 32 && (c === 32 || (c >= 9 && c <= 13))) break;
        i++;
      }
    }
    if (count < RECORDED) {
      F[2 * count] = start;
      F[2 * count + 1] = i;
    }
    count++;
  }
  F[NEXT] = i < n ? i + 1 : n;
  return count;
}

/** Whether bytes[start, end) is an optionally signed run of digits. */
function isInteger(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  const c = bytes[i];
  if (c === 43 || c === 45) i++;
  if (i >= end) return false;
  for (; i < end; i++) {
    const d = bytes[i];
    if (d < 48 || d > 57) return false;
  }
  return true;
}

const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * The number in bytes[start, end), NaN when it is not one. Plain decimals of up to 15 digits are
 * read without making a string (an exact integer over an exact power of ten: one correctly
 * rounded division, the same double as Number() and C's atof); anything else goes to Number().
 */
function readNumber(source: TrecBytes, bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  const c = bytes[i];
  if (c === 45 || c === 43) {
    negative = c === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let dot = false;
  for (; i < end; i++) {
    const d = bytes[i];
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
  const slow = Number(source.text(start, end));
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
 * One topic's judgments as read from qrels: entries [from, from + size) of columns shared by the
 * whole file, each docno an offset range of the file's bytes with a hash taken while reading it,
 * so a large qrels file makes no per-document strings or maps.
 */
export class TopicJudgments implements Judgments {
  constructor(readonly source: TrecBytes, readonly columns: Columns, readonly from: number, readonly size: number) {}

  docno(k: number): string {
    const i = this.from + k;
    return this.source.text(this.columns.starts[i], this.columns.ends[i]);
  }

  get(docno: string): number | undefined {
    const key = keyOf(docno);
    const { starts, ends, hashes, values } = this.columns;
    for (let i = this.from; i < this.from + this.size; i++) {
      if (hashes[i] === key.hash && sameRange(this.source.bytes, starts[i], ends[i], key.bytes, 0, key.bytes.length)) return values[i];
    }
    return undefined;
  }

  forEach(fn: (rel: number, docno: string) => void): void {
    for (let k = 0; k < this.size; k++) fn(this.columns.values[this.from + k], this.docno(k));
  }
}

/** Reads TREC qrels: `qid iter docno rel` per line, rel an integer; blank lines are skipped. */
export function parseQrels(input: TrecInput, file?: string): Qrels {
  const source = new TrecBytes(input);
  const { qids, read } = readQrelsLines(source, file);
  return groupJudgments(source, qids, read, file);
}

/** The lines of the bytes (newlines + 1), each newline found by the typed array's own search. A function of its own: see readQrelsLines. */
function countLines(bytes: Uint8Array): number {
  let lines = 1;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) lines++;
  return lines;
}

/** Every qrels line checked and read into columns (the topic as an index into qids), in file order. */
function readQrelsLines(source: TrecBytes, file: string | undefined): { qids: string[]; read: Columns } {
  const { bytes } = source;
  const qids: string[] = [];
  const topicIndex = new Map<string, number>();
  // Room for every line, counted first: growing the columns midway would take V8's compiled loop
  // down a path it has not seen, back to slow code.
  const read = new Columns(countLines(bytes));
  let qidStart = 0;
  let qidEnd = -1;
  let topic = -1;
  const n = bytes.length;
  let line = 0;
  for (let pos = 0; pos < n; pos = F[NEXT]) {
    line++;
    const count = scanLine(bytes, pos, n);
    if (count === 0) continue;
    if (count !== 4) throw qrelsFields(line, count > 4 ? 0 : count, file);
    if (!isInteger(bytes, F[6], F[7])) {
      throw new FixtureLabError(
        `line ${line}: relevance \`${source.text(F[6], F[7])}\` is not an integer; write 0 for not relevant, 1 or more for relevant`, file);
    }
    if (!sameRange(bytes, F[0], F[1], bytes, qidStart, qidEnd)) {
      qidStart = F[0];
      qidEnd = F[1];
      const qid = source.text(qidStart, qidEnd);
      const known = topicIndex.get(qid);
      if (known === undefined) {
        topic = qids.length;
        qids.push(qid);
        topicIndex.set(qid, topic);
      } else {
        topic = known;
      }
    }
    read.push(F[4], F[5], F[HASH], readNumber(source, bytes, F[6], F[7]), line, topic);
  }
  return { qids, read };
}

/** Each topic's judgments made contiguous, checked for repeats, as TopicJudgments. */
function groupJudgments(source: TrecBytes, qids: string[], read: Columns, file: string | undefined): Qrels {
  // Each topic's judgments made contiguous (a stable counting sort by topic: file order kept).
  // Topics are numbered in order of first appearance, so the file is already grouped when the
  // topic numbers never go down: then it is used as read.
  const counts = new Int32Array(qids.length + 1);
  let grouped = true;
  for (let i = 0; i < read.size; i++) {
    counts[read.tags[i] + 1]++;
    if (i > 0 && read.tags[i] < read.tags[i - 1]) grouped = false;
  }
  for (let t = 0; t < qids.length; t++) counts[t + 1] += counts[t];
  const columns = grouped ? read : new Columns(Math.max(1, read.size));
  if (!grouped) {
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
  }
  const topics = new Map<string, TopicJudgments>();
  const table = new HashTable();
  const { bytes } = source;
  const { starts, ends, hashes, lines } = columns;
  for (let t = 0; t < qids.length; t++) {
    const from = counts[t];
    const size = counts[t + 1] - from;
    const judged = new TopicJudgments(source, columns, from, size);
    topics.set(qids[t], judged);
    // Each topic judges a document once (trec_eval refuses a repeat too).
    const j = table.firstRepeat(bytes, starts, ends, hashes, from, from + size);
    if (j >= 0) {
      const first = table.found;
      throw new FixtureLabError(
        `line ${lines[j]}: topic ${qids[t]} judges ${judged.docno(j - from)} twice (first on line ${lines[first]}); keep one judgment`, file);
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
 * One topic's retrieved documents in file order, as parallel arrays. A docno is never made into
 * a string here: it is bytes[starts[i], ends[i]), with an FNV-1a hash taken while reading it, so
 * a run of millions of lines allocates next to nothing.
 */
export interface TopicRun {
  source: TrecBytes;
  /** Entries in use; the arrays grow by doubling and are reused from topic to topic. */
  n: number;
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  scores: Float64Array;
  lines: Int32Array;
}

export function newTopicRun(source: TrecBytes, capacity = 128): TopicRun {
  return {
    source,
    n: 0,
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    hashes: new Int32Array(capacity),
    scores: new Float64Array(capacity),
    lines: new Int32Array(capacity),
  };
}

function grow<A extends Int32Array | Float64Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}

export function pushEntry(t: TopicRun, start: number, end: number, hash: number, score: number, line: number): void {
  if (t.n === t.starts.length) {
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

/** A topic's entries made from strings (the in-memory Run form): their docnos' UTF-8 bytes, one after another. */
export function topicFromEntries(entries: readonly RunEntry[]): TopicRun {
  const source = new TrecBytes(entries.map((e) => e.docno).join(''));
  const t = newTopicRun(source, Math.max(1, entries.length));
  let at = 0;
  for (const e of entries) {
    const end = at + Buffer.byteLength(e.docno);
    pushEntry(t, at, end, hashBytes(source.bytes, at, end), e.score, e.line);
    at = end;
  }
  return t;
}

export const docnoOf = (t: TopicRun, i: number): string => t.source.text(t.starts[i], t.ends[i]);

/** `#`: a run line starting with it is a comment. */
const COMMENT = 35;

/**
 * Reads run lines, each checked, calling `topic` with each topic's entries when its lines end
 * (a topic whose lines are not consecutive is given once per stretch of consecutive lines);
 * `topic` returning false stops the reading, and eachRunTopic then returns false. `into` is
 * reused from stretch to stretch: the callback reads it before it returns. With `tags`, each new
 * run tag is added to it.
 */
export function eachRunTopic(
  source: TrecBytes, file: string | undefined, into: TopicRun, topic: (qid: string, t: TopicRun) => boolean | void, tags?: string[],
): boolean {
  const { bytes } = source;
  const n = bytes.length;
  let qid = '';
  let qidStart = 0;
  let qidEnd = -1;
  let tagStart = 0;
  let tagEnd = -1;
  let line = 0;
  into.n = 0;
  for (let pos = 0; pos < n; pos = F[NEXT]) {
    line++;
    const count = scanLine(bytes, pos, n);
    if (count === 0 || bytes[F[0]] === COMMENT) continue;
    // Field 1, the qid: another topic's line ends this topic's stretch.
    if (!sameRange(bytes, F[0], F[1], bytes, qidStart, qidEnd)) {
      if (qidEnd >= 0 && topic(qid, into) === false) return false;
      qidStart = F[0];
      qidEnd = F[1];
      qid = source.text(qidStart, qidEnd);
      into.n = 0;
    }
    // Fields 2 (Q0) and 4 (the rank) are ignored, as trec_eval ignores them.
    if (count < 6) throw tooFewFields(line, count, file);
    const score = readNumber(source, bytes, F[8], F[9]);
    if (Number.isNaN(score)) {
      throw new FixtureLabError(
        `line ${line}: score \`${source.text(F[8], F[9])}\` is not a number; the fifth field must be the document's score`, file);
    }
    pushEntry(into, F[4], F[5], F[HASH], score, line);
    if (tags && !sameRange(bytes, F[10], F[11], bytes, tagStart, tagEnd)) {
      tagStart = F[10];
      tagEnd = F[11];
      const tag = source.text(tagStart, tagEnd);
      if (!tags.includes(tag)) tags.push(tag);
    }
  }
  return qidEnd < 0 || topic(qid, into) !== false;
}

function tooFewFields(line: number, found: number, file: string | undefined): FixtureLabError {
  return new FixtureLabError(`line ${line}: expected 6 fields \`qid Q0 docno rank score tag\`, found ${found}; fix that line (is this qrels `
    + `rather than a run?)`, file);
}

/** Every topic of a run as parallel arrays, topics in order of first appearance. */
export function readRun(source: TrecBytes, file: string | undefined, tags?: string[]): Map<string, TopicRun> {
  const topics = new Map<string, TopicRun>();
  // The callback reads no text, so F (the line eachRunTopic has split) stays as it was.
  eachRunTopic(source, file, newTopicRun(source), (qid, read) => {
    let t = topics.get(qid);
    if (!t) topics.set(qid, (t = newTopicRun(source, Math.max(16, read.n))));
    for (let i = 0; i < read.n; i++) pushEntry(t, read.starts[i], read.ends[i], read.hashes[i], read.scores[i], read.lines[i]);
  }, tags);
  return topics;
}

/** Reads a TREC run: `qid Q0 docno rank score tag` per line (fields past the sixth ignored, as trec_eval does). */
export function parseRun(input: TrecInput, file?: string): Run {
  const tags: string[] = [];
  const topics = new Map<string, RunEntry[]>();
  for (const [qid, t] of readRun(new TrecBytes(input), file, tags)) {
    topics.set(qid, Array.from({ length: t.n }, (_, i) => ({ docno: docnoOf(t, i), score: t.scores[i], line: t.lines[i] })));
  }
  return { topics, tags };
}

/** An open-addressing table of entry indexes by hash, reused from topic to topic. */
export class HashTable {
  slots = new Int32Array(16).fill(-1);
  mask = 15;
  /** After firstRepeat found a repeat: the entry it repeats. */
  found = -1;

  /** Empties the table, sized for n entries at most half full: its first `size` slots, the array only ever growing. */
  reset(n: number): void {
    let size = 16;
    while (size < 2 * n) size *= 2;
    if (size > this.slots.length) this.slots = new Int32Array(size);
    this.slots.fill(-1, 0, size);
    this.mask = size - 1;
  }

  /**
   * Fills the table with the entries [from, to) (ranges of bytes with their hashes) and returns
   * the first entry whose bytes an earlier one has (that one in `found`), or -1.
   */
  firstRepeat(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, hashes: Int32Array, from: number, to: number): number {
    this.reset(to - from);
    const { slots, mask } = this;
    for (let i = from; i < to; i++) {
      const h = hashes[i];
      let slot = h & mask;
      for (let j = slots[slot]; j >= 0; j = slots[slot]) {
        if (hashes[j] === h && sameRange(bytes, starts[i], ends[i], bytes, starts[j], ends[j])) {
          this.found = j;
          return i;
        }
        slot = (slot + 1) & mask;
      }
      slots[slot] = i;
    }
    return -1;
  }

  /** The entry (of those firstRepeat put in) whose bytes are key[start, end), hashed `hash`, or -1. */
  find(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, hashes: Int32Array, hash: number, key: Uint8Array, start: number, end: number): number {
    const { slots, mask } = this;
    for (let slot = hash & mask, j = slots[slot]; j >= 0; slot = (slot + 1) & mask, j = slots[slot]) {
      if (hashes[j] === hash && sameRange(bytes, starts[j], ends[j], key, start, end)) return j;
    }
    return -1;
  }
}
