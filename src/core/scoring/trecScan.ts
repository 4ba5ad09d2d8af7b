// `fixture-lab metrics`' reading and scoring in WebAssembly (trecScan.wat, the code that runs):
// the qrels and the run are read (or copied) into one WebAssembly memory and read there in one
// pass each (each line split on C's isspace, the docno's FNV-1a hash taken, the number read), into
// columns (docno offsets, hash, value; no line numbers: errors are trecText.ts's to word) and a
// list of each topic's stretch of consecutive lines; then each run topic is scored against its
// judgments there (a hash table of its docnos; each relevant document's rank as 1 + the entries
// ahead of it in trec_eval's order, counted until it can no longer change a measure), leaving
// JavaScript a few numbers per topic. It computes exactly what trecText.ts and trec.ts compute, in
// the same order of operations, and only for input they read without an error: at anything they
// would refuse or read another way (a line with the wrong fields, a relevance that is not a small
// integer, a topic's judgments split across the qrels, a docno twice in a topic) it gives up, and
// the caller evaluates with trecText.ts, which says what is wrong where. test/core/trecBytes.test.ts
// compares the two on random files, good and bad.
//
// Why WebAssembly at all: the command reads 25 MB in a fresh process, and V8 runs a JavaScript
// loop in its interpreter until TurboFan has compiled it on another thread (the better part of
// that process's time on a busy machine); a WebAssembly module is compiled as it is made, so the
// loops run compiled from their first byte (docs/performance.md). The text is assembled by wabt
// when esbuild bundles this file (esbuild.mjs's wasmFromText): the import below is the module's
// bytes, and nothing assembles at run time.
import { setFlagsFromString } from 'node:v8';
import trecScanWasm from './trecScan.wat';

/** The numbers scoreAll leaves per topic: r5, r10, r20, dcg, firstRel, idcg, numRel (trecScan.wat stores them). */
export const OUT_PER_TOPIC = 7;

/** The part of the WebAssembly API used here (the core's TypeScript library, ES2022 without the DOM, does not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: { env: { memory: WasmMemory } }) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

let compiled: object | undefined;

/** V8's flags for how WebAssembly is compiled, as a process starts unless it was given them itself. */
const WASM_TIERING = /--(no-)?(liftoff|wasm-lazy-compilation|wasm-dynamic-tiering|wasm-tier-up)\b/;

/**
 * The module compiled by TurboFan, every function at once, as it is made. V8 otherwise compiles
 * each function with Liftoff, its baseline compiler, on its first call, and moves a function to
 * TurboFan's code only at a later call: the scans are one call each, and ran all along in
 * Liftoff's code, twice as slow (on 21 MB: about 80 ms against 38 ms, for about 10 ms of compiling;
 * docs/performance.md). The flags are V8's defaults again once the module is made (a process given
 * its own, in its arguments or NODE_OPTIONS, keeps them and Liftoff), so nothing else compiles
 * under them and the CLI's code cache sees the flags it was made with.
 */
function compileOptimized(api: WasmApi, bytes: Uint8Array): object {
  if (WASM_TIERING.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)) return new api.Module(bytes);
  setFlagsFromString('--no-liftoff --no-wasm-lazy-compilation');
  try {
    return new api.Module(bytes);
  } finally {
    setFlagsFromString('--liftoff --wasm-lazy-compilation');
  }
}

const PAGE = 65536;
/** wasm32's 4 GiB. */
const MAX_PAGES = 65536;

/** trecScan.wat's functions, and its globals: where each column is (set here), what the scans found (read here). */
interface Exports {
  scanRun(): number;
  scanQrels(): number;
  repeatedJudgment(): number;
  scoreAll(): number;
  rTopics: WasmGlobal;
  rSlowCount: WasmGlobal;
  qTopics: WasmGlobal;
}
interface WasmGlobal {
  value: number;
}

/** The stretches of one file's topics: stretch k is entries [from[k], from[k + 1]) of qid bytes [qidStarts[k], qidEnds[k]). */
export interface Stretches {
  count: number;
  from: Int32Array;
  qidStarts: Int32Array;
  qidEnds: Int32Array;
}

/** Both files in one WebAssembly memory, and the module's functions over them. */
export class TrecMemory {
  /** The memory's bytes: the run's from runStart, the qrels' from qrelsStart. */
  readonly bytes: Uint8Array;
  readonly runStart = 0;
  readonly qrelsStart: number;
  private readonly buffer: ArrayBuffer;
  private readonly layout: Readonly<Record<string, number>>;
  private readonly exports: Exports;

  /** Where the qrels' bytes go (their length), filled before anything is read. */
  readonly qrels: Uint8Array;
  /** Where the run's bytes go. */
  readonly run: Uint8Array;

  private constructor(api: WasmApi, memory: WasmMemory, qrelsLength: number, runLength: number, layout: Record<string, number>) {
    this.buffer = memory.buffer;
    this.bytes = new Uint8Array(this.buffer);
    this.layout = layout;
    this.qrelsStart = layout.qrelsStart;
    this.run = this.bytes.subarray(this.runStart, this.runStart + runLength);
    this.qrels = this.bytes.subarray(this.qrelsStart, this.qrelsStart + qrelsLength);
    this.bytes[this.runStart + runLength] = 10;
    this.bytes[this.qrelsStart + qrelsLength] = 10;
    const classes = this.bytes.subarray(layout.classes, layout.classes + 256);
    for (const c of [9, 11, 12, 13, 32]) classes[c] = 1;
    classes[10] = 2;
    const pow = new Float64Array(this.buffer, layout.pow, 23);
    for (let i = 0; i < 23; i++) pow[i] = Number(`1e${i}`);
    // trec.ts's discounts, Math.log2(rank + 1), the same doubles.
    const log2 = new Float64Array(this.buffer, layout.log2, 32);
    for (let i = 1; i < 32; i++) log2[i] = Math.log2(i);
    compiled ??= compileOptimized(api, trecScanWasm);
    const exports = new api.Instance(compiled, { env: { memory } }).exports;
    for (const [name, at] of Object.entries(layout)) {
      const global = exports[name] as WasmGlobal | undefined;
      // A name the layout and trecScan.wat spell differently would leave a column at 0: never read a file so.
      if (typeof global?.value !== 'number') throw new Error(`trecScan.wat exports no global \`${name}\` for TrecMemory's layout`);
      global.value = at;
    }
    this.exports = exports as unknown as Exports;
  }

  /** Memory holding copies of both files, or undefined when there is none to be had (the caller reads them in JavaScript). */
  static of(qrels: Uint8Array, run: Uint8Array): TrecMemory | undefined {
    const memory = TrecMemory.sized(qrels.length, run.length);
    memory?.qrels.set(qrels);
    memory?.run.set(run);
    return memory;
  }

  /**
   * Memory for files of these lengths and their columns, or undefined when there is none to be
   * had: fill `qrels` and `run` before anything else (a file read straight into them is never copied).
   */
  static sized(qrelsLength: number, runLength: number): TrecMemory | undefined {
    if (!wasm) return undefined;
    // An entry's line holds its fields and their separators: a run's 6 fields at least 11 bytes, the qrels' 4 at least 7.
    const runCap = Math.floor(runLength / 11) + 1;
    const qrelsCap = Math.floor(qrelsLength / 7) + 1;
    let next = 0;
    const take = (bytes: number) => {
      const start = next;
      next += Math.ceil(bytes / 8) * 8;
      return start;
    };
    // Each file followed by a newline (the constructor writes it), which ends its last line.
    take(runLength + 1);
    const layout: Record<string, number> = { runStart: 0, runEnd: runLength };
    layout.qrelsStart = take(qrelsLength + 1);
    layout.qrelsEnd = layout.qrelsStart + qrelsLength;
    layout.pow = take(23 * 8);
    layout.classes = take(256);
    layout.log2 = take(32 * 8);
    for (const [prefix, cap] of [['r', runCap], ['q', qrelsCap]] as const) {
      layout[`${prefix}${prefix === 'r' ? 'Scores' : 'Values'}`] = take(8 * cap);
      for (const column of ['Starts', 'Ends', 'Hashes', 'QidStarts', 'QidEnds']) layout[`${prefix}${column}`] = take(4 * cap);
      layout[`${prefix}TopicFrom`] = take(4 * (cap + 1));
    }
    layout.rSlow = take(12 * runCap);
    // The table holds one topic at most half full: room for 2 x the largest file's entries, as a power of two.
    let tableSlots = 16;
    while (tableSlots < 2 * Math.max(runCap, qrelsCap)) tableSlots *= 2;
    layout.table = take(4 * tableSlots);
    layout.levels = take(8 * qrelsCap);
    layout.pairs = take(4 * runCap);
    layout.out = take(8 * OUT_PER_TOPIC * runCap);
    const pages = Math.ceil(next / PAGE);
    if (pages > MAX_PAGES) return undefined;
    let memory: WasmMemory;
    try {
      memory = new wasm.Memory({ initial: pages });
    } catch {
      return undefined; // no address space for it
    }
    return new TrecMemory(wasm, memory, qrelsLength, runLength, layout);
  }

  private column<T extends Int32Array | Float64Array>(kind: new (b: ArrayBuffer, at: number, n: number) => T, name: string, n: number): T {
    return new kind(this.buffer, this.layout[name], n);
  }

  private stretches(prefix: 'r' | 'q', count: number): Stretches {
    return {
      count,
      from: this.column(Int32Array, `${prefix}TopicFrom`, count + 1),
      qidStarts: this.column(Int32Array, `${prefix}QidStarts`, count),
      qidEnds: this.column(Int32Array, `${prefix}QidEnds`, count),
    };
  }

  /** Reads the qrels: its stretches, or undefined at a line that trecText.ts must read (to refuse it, or with Number()). */
  scanQrels(): Stretches | undefined {
    if (this.exports.scanQrels() < 0) return undefined;
    return this.stretches('q', this.exports.qTopics.value);
  }

  /** The first stretch of the qrels judging a document twice, or -1. */
  repeatedJudgment(): number {
    return this.exports.repeatedJudgment();
  }

  /** Reads the run: its stretches, and per score the scan left to Number() its entry and bytes; undefined at a line eachRunTopic refuses. */
  scanRun(): { stretches: Stretches; slow: Int32Array; scores: Float64Array } | undefined {
    const entries = this.exports.scanRun();
    if (entries < 0) return undefined;
    return {
      stretches: this.stretches('r', this.exports.rTopics.value),
      slow: this.column(Int32Array, 'rSlow', 3 * this.exports.rSlowCount.value),
      scores: this.column(Float64Array, 'rScores', entries),
    };
  }

  /**
   * Scores each run stretch against the qrels topic pairs[k] names (-1: none), into the returned
   * OUT_PER_TOPIC numbers per stretch; a number, instead, is the first stretch retrieving a document twice.
   */
  score(pairs: Int32Array): Float64Array | number {
    this.column(Int32Array, 'pairs', pairs.length).set(pairs);
    const repeat = this.exports.scoreAll();
    return repeat >= 0 ? repeat : this.column(Float64Array, 'out', OUT_PER_TOPIC * pairs.length);
  }
}
