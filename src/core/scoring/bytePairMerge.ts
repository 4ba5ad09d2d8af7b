// cl100k_base's byte-pair merge for one pre-tokenizer piece, in bounded time and memory: every
// token count goes through it (tokens.ts). tiktoken merges a piece by rescanning every part for the
// lowest-ranked pair at every merge: quadratic in the piece, so one 200 KB run of letters (a single
// piece) took 53 s. The same merge here takes the lowest pair from a heap, O(n log n), and a piece
// longer than a window is merged a window at a time, joined where both windows agree on a token
// (see countPiece): the count stays tiktoken's exactly.
//
// tiktoken's rule (core/src/lib.rs, _byte_pair_merge): start from single bytes; while some
// adjacent pair of parts concatenates to a token, merge the pair whose concatenation has the lowest
// rank, the leftmost on ties. A piece that is itself a token is one token without merging.

/** How the merge works through a long piece; tests shrink these to reach every path. */
export interface MergeLimits {
  /** Bytes merged at once; a longer piece is merged in overlapping windows. */
  readonly window: number;
  /** A window's last `margin` bytes are merged only to be merged again by the next window. */
  readonly margin: number;
  /** Earlier join points tried when two windows disagree, before merging the whole piece at once. */
  readonly retries: number;
}

export const MERGE_LIMITS: MergeLimits = { window: 8192, margin: 512, retries: 8 };

/** Paths taken, so tests can see they reached each of them. */
export const mergeStats = { windows: 0, joinRetries: 0, wholeMerges: 0 };

// The longest cl100k_base token is 128 bytes; a window must hold a token past its margin.
const LONGEST_TOKEN = 128;
const HALF = 2 ** 32;

interface Vocabulary {
  /** Every token's bytes, back to back; token r is pool[offsets[r], offsets[r + 1]). */
  readonly pool: Uint8Array;
  readonly offsets: Int32Array;
  /** Open addressing over token bytes, two numbers a slot: rank + 1 (0: empty), the bytes' hash. */
  readonly slots: Int32Array;
  /** The rank of each two-byte token by (first << 8 | second), -1 where none. */
  readonly pairs: Int32Array;
}

let vocabulary: Vocabulary | undefined;

function hash(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h;
}

// base64's alphabet as a table from byte to its six bits ('=' is 0: padding is taken off after; -1: not base64).
const BASE64 = new Int32Array(256).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/='].entries()) BASE64[c.charCodeAt(0)] = i & 63;

const damaged = (what: string): Error => new Error(`tiktoken cl100k_base.json: ${what}`);

/**
 * cl100k_base's ranks as tiktoken's package ships them (encoders/cl100k_base.json's bpe_ranks: one
 * line, `! <first rank> <base64 token> <base64 token> ...`, tokens in rank order), decoded in one
 * pass into one pool. A Buffer per token made loading take about 0.3 s of CPU.
 */
export function decodeRanks(line: string): { pool: Uint8Array; offsets: Int32Array } {
  if (!line.startsWith('! 0 ')) throw damaged('unexpected bpe_ranks layout');
  const text = Buffer.from(line, 'latin1');
  // One pass over the bytes, each token ending at the next space: a call to indexOf per token (two
  // passes of 100,256 calls into the runtime) was most of a fresh process's time here. A token
  // takes at least five bytes (four of base64 and a space), which bounds the count.
  const offsets = new Int32Array(Math.floor((text.length - 4) / 5) + 2);
  const pool = new Uint8Array(text.length);
  let size = 0;
  let rank = 0;
  for (let at = 4; at <= text.length; rank++) {
    let end = at;
    while (end < text.length && text[end] !== 0x20) end++;
    if (end === at || (end - at) % 4 !== 0) throw damaged(`token ${rank} is not base64`);
    for (let i = at; i < end; i += 4) {
      const a = BASE64[text[i]];
      const b = BASE64[text[i + 1]];
      const c = BASE64[text[i + 2]];
      const d = BASE64[text[i + 3]];
      if ((a | b | c | d) < 0) throw damaged(`token ${rank} is not base64`);
      const bits = (a << 18) | (b << 12) | (c << 6) | d;
      pool[size++] = bits >> 16;
      pool[size++] = (bits >> 8) & 0xff;
      pool[size++] = bits & 0xff;
    }
    // One '=' pads a token whose last group holds two bytes, two one whose last group holds one.
    if (text[end - 1] === 0x3d) size -= text[end - 2] === 0x3d ? 2 : 1;
    offsets[rank + 1] = size;
    at = end + 1;
  }
  return { pool: pool.subarray(0, size), offsets: offsets.subarray(0, rank + 1) };
}

function cl100kVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { bpe_ranks } = require('tiktoken/encoders/cl100k_base.json') as { bpe_ranks: string };
  const { pool, offsets } = decodeRanks(bpe_ranks.trim());
  const tokens = offsets.length - 1;
  const slots = new Int32Array(2 << 19);
  const pairs = new Int32Array(1 << 16).fill(-1);
  const mask = (slots.length >> 1) - 1;
  for (let rank = 0; rank < tokens; rank++) {
    const from = offsets[rank];
    const to = offsets[rank + 1];
    if (to - from === 2) pairs[(pool[from] << 8) | pool[from + 1]] = rank;
    const h = hash(pool, from, to);
    let slot = h & mask;
    while (slots[2 * slot] !== 0) slot = (slot + 1) & mask;
    slots[2 * slot] = rank + 1;
    slots[2 * slot + 1] = h;
  }
  vocabulary = { pool, offsets, slots, pairs };
  return vocabulary;
}

/** The rank of bytes[from, to) as a single token, or -1. */
function rankOf(v: Vocabulary, bytes: Uint8Array, from: number, to: number): number {
  const length = to - from;
  if (length > LONGEST_TOKEN) return -1;
  if (length === 2) return v.pairs[(bytes[from] << 8) | bytes[from + 1]];
  const mask = (v.slots.length >> 1) - 1;
  const h = hash(bytes, from, to);
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const entry = v.slots[2 * slot];
    if (entry === 0) return -1;
    if (v.slots[2 * slot + 1] !== h) continue;
    const start = v.offsets[entry - 1];
    if (v.offsets[entry] - start !== length) continue;
    let same = true;
    for (let i = 0; i < length && same; i++) same = v.pool[start + i] === bytes[from + i];
    if (same) return entry - 1;
  }
}

// The merge's working memory, kept between windows (up to KEPT bytes): parts are named by their
// first byte, next links them, rank[i] is the rank of part i joined with the part after it (-1: no
// such token, -2: part i was merged into the part before it). The heap holds rank * 2^32 + part,
// so its minimum is the lowest rank, then the leftmost part; entries whose rank has since changed
// are skipped.
const KEPT = 1 << 16;
let kept = { next: new Int32Array(0), prev: new Int32Array(0), rank: new Int32Array(0), heap: new Float64Array(0) };

/** tiktoken's merge of bytes[from, to), by heap: where its parts start, relative to from, then the length. */
function merge(v: Vocabulary, bytes: Uint8Array, from: number, to: number): Int32Array {
  const n = to - from;
  let memory = kept;
  if (memory.next.length < n) {
    // n - 1 pairs in the heap, then at most two more per merge.
    memory = { next: new Int32Array(n), prev: new Int32Array(n), rank: new Int32Array(n), heap: new Float64Array(3 * n) };
    if (n <= KEPT) kept = memory;
  }
  const { next, prev, rank, heap } = memory;
  let size = 0;
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    rank[i] = i + 1 < n ? v.pairs[(bytes[from + i] << 8) | bytes[from + i + 1]] : -1;
    if (rank[i] >= 0) heap[size++] = rank[i] * HALF + i;
  }
  const siftDown = (at: number, key: number): void => {
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && heap[child + 1] < heap[child]) child++;
      if (heap[child] >= key) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = key;
  };
  const push = (key: number): void => {
    let at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent] <= key) break;
      heap[at] = heap[parent];
      at = parent;
    }
    heap[at] = key;
  };
  // The rank of part `part` joined with the part `after` that follows it.
  const joined = (part: number, after: number): number => rankOf(v, bytes, from + part, from + next[after]);
  for (let at = (size >> 1) - 1; at >= 0; at--) siftDown(at, heap[at]);
  while (size > 0) {
    const key = heap[0];
    siftDown(0, heap[--size]);
    const r = Math.floor(key / HALF);
    const i = key - r * HALF;
    if (rank[i] !== r) continue;
    const gone = next[i];
    rank[gone] = -2;
    next[i] = next[gone];
    if (next[i] < n) prev[next[i]] = i;
    rank[i] = next[i] < n ? joined(i, next[i]) : -1;
    if (rank[i] >= 0) push(rank[i] * HALF + i);
    const before = prev[i];
    if (before >= 0) {
      rank[before] = joined(before, i);
      if (rank[before] >= 0) push(rank[before] * HALF + before);
    }
  }
  let parts = 1;
  for (let i = next[0]; i < n; i = next[i]) parts++;
  const starts = new Int32Array(parts + 1);
  for (let i = 0, k = 0; i < n; i = next[i]) starts[k++] = i;
  starts[parts] = n;
  return starts;
}

/**
 * The number of cl100k_base tokens tiktoken makes of one pre-tokenizer piece (its UTF-8 bytes).
 *
 * Windows are joined on a shared token, which is exact (the argument of github/rust-gems' bpe
 * crate, Corollaries II and III, holds for tiktoken's merge): (1) the tokens of a merge up to any of
 * its token boundaries are the merge of the bytes up to there, since no merge crossed it; (2) if the
 * merge of A ends with token t and the merge of B begins with the same t at the same bytes, the
 * merge of A joined to B is A's tokens then B's: every lowest pair of the whole is the lowest of A
 * or of B, so the whole replays both. Each window starts at a token of the window before, chosen
 * `margin` bytes before its end (where the window's cut-off end no longer reaches); if the new
 * window begins with a different token, an earlier one is tried, and after `retries` earlier ones
 * the piece is merged whole: slower and larger, never inexact.
 */
export function countPiece(bytes: Uint8Array, limits: MergeLimits = MERGE_LIMITS): number {
  if (limits.window - limits.margin <= LONGEST_TOKEN) throw new Error('merge window too small for its margin');
  const v = cl100kVocabulary();
  const n = bytes.length;
  if (rankOf(v, bytes, 0, n) >= 0) return 1;
  if (n <= limits.window) return merge(v, bytes, 0, n).length - 1;
  // The previous window: where it started, its token starts, and the tokens counted before it.
  let last: { from: number; starts: Int32Array; counted: number } = { from: 0, starts: new Int32Array(0), counted: 0 };
  let join = 0; // the token of `last` this window starts with; 0 for the first window
  let retries = limits.retries;
  for (;;) {
    const from = join === 0 ? 0 : last.from + last.starts[join];
    const to = Math.min(n, from + limits.window);
    const starts = merge(v, bytes, from, to);
    mergeStats.windows++;
    if (join > 0 && starts[1] !== last.starts[join + 1] - last.starts[join]) {
      // The windows disagree on their shared token: join on an earlier one, or merge it all.
      if (retries-- === 0 || join === 1) {
        mergeStats.wholeMerges++;
        return merge(v, bytes, 0, n).length - 1;
      }
      mergeStats.joinRetries++;
      join--;
      continue;
    }
    const counted = join === 0 ? 0 : last.counted + join;
    if (to === n) return counted + starts.length - 1;
    retries = limits.retries;
    let next = starts.length - 2;
    while (next > 1 && starts[next] > to - from - limits.margin) next--;
    last = { from, starts, counted };
    join = next;
  }
}
