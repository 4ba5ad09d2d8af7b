// A WebAssembly module made from a few functions written in flat WebAssembly text (instructions
// in order, a stack machine's: `local.get $pos i32.load8_u`, `br_if $done`), assembled when first
// needed. Why WebAssembly at all: `fixture-lab metrics` reads 25 MB in a fresh process, and V8
// runs a JavaScript loop in its interpreter until TurboFan has compiled it on another thread (the
// better part of that process's time on a busy machine); V8 compiles WebAssembly with its
// baseline compiler as the module is made, so the loop runs compiled from its first byte
// (docs/performance.md). Why text assembled here rather than a .wasm file: no toolchain and no
// generated file to go stale; the source the reader reviews is the code that runs.
//
// What it knows is what those functions use: i32 and f64 locals and parameters, one i32 result,
// the imported memory `env.memory`, blocks, loops and ifs without results, named branch targets,
// calls among them by name.

export interface WasmFunction {
  name: string;
  /** i32 parameters, by name. */
  params: readonly string[];
  /** i32 locals besides the parameters. */
  i32: readonly string[];
  /** f64 locals. */
  f64?: readonly string[];
  /**
   * The body: instructions separated by white space (locals, functions and branch targets named
   * with a `$`); `;;` starts a comment to the end of its line. Returns one i32.
   */
  body: string;
}

const I32 = 0x7f;
const F64 = 0x7c;
const EMPTY_BLOCK = 0x40;

/** Instructions without an immediate. */
const PLAIN: Record<string, number> = {
  'unreachable': 0x00, 'else': 0x05, 'end': 0x0b, 'return': 0x0f, 'drop': 0x1a, 'select': 0x1b,
  'i32.eqz': 0x45, 'i32.eq': 0x46, 'i32.ne': 0x47, 'i32.lt_s': 0x48, 'i32.lt_u': 0x49, 'i32.gt_s': 0x4a, 'i32.gt_u': 0x4b,
  'i32.le_s': 0x4c, 'i32.le_u': 0x4d, 'i32.ge_s': 0x4e, 'i32.ge_u': 0x4f,
  'f64.eq': 0x61, 'f64.ne': 0x62, 'f64.lt': 0x63, 'f64.gt': 0x64, 'f64.le': 0x65, 'f64.ge': 0x66,
  'i32.add': 0x6a, 'i32.sub': 0x6b, 'i32.mul': 0x6c, 'i32.and': 0x71, 'i32.or': 0x72, 'i32.xor': 0x73, 'i32.shl': 0x74,
  'i32.shr_s': 0x75, 'i32.shr_u': 0x76,
  'f64.neg': 0x9a, 'f64.add': 0xa0, 'f64.sub': 0xa1, 'f64.mul': 0xa2, 'f64.div': 0xa3,
  'f64.convert_i32_s': 0xb7, 'f64.convert_i32_u': 0xb8,
};

/** Memory instructions, with their natural alignment (log2 bytes). */
const MEMORY: Record<string, [op: number, align: number]> = {
  'i32.load': [0x28, 2], 'f64.load': [0x2b, 3], 'i32.load8_u': [0x2d, 0], 'i32.store': [0x36, 2], 'f64.store': [0x39, 3], 'i32.store8': [0x3a, 0],
};

const LOCAL: Record<string, number> = { 'local.get': 0x20, 'local.set': 0x21, 'local.tee': 0x22 };

/** Instructions followed by one immediate (block, loop and if take a `$label` when one follows). */
const IMMEDIATE = new Set(['br', 'br_if', 'call', 'i32.const', 'f64.const', ...Object.keys(LOCAL)]);

function unsigned(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function signed(n: number): number[] {
  const out: number[] = [];
  n |= 0;
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const text = (s: string) => [...unsigned(s.length), ...Buffer.from(s, 'ascii')];
const section = (id: number, content: number[]) => [id, ...unsigned(content.length), ...content];
const vector = (items: number[][]) => [...unsigned(items.length), ...items.flat()];

/** One function's code: its locals and its instructions, encoded. Throws on an instruction it does not know, naming it. */
function encodeBody(f: WasmFunction, functions: ReadonlyMap<string, number>): number[] {
  const f64 = f.f64 ?? [];
  const index = new Map<string, number>([...f.params, ...f.i32, ...f64].map((name, i) => [name, i]));
  const code: number[] = [];
  const labels: (string | undefined)[] = [];
  // Instructions one after another, a line holding one or several: `local.get $i i32.const 1 i32.add`.
  const tokens = f.body.split('\n').map((l) => l.replace(/;;.*$/, '')).join(' ').split(/\s+/).filter((t) => t.length > 0);
  for (let k = 0; k < tokens.length; k++) {
    const op = tokens[k];
    const takes = IMMEDIATE.has(op) || ((op === 'block' || op === 'loop' || op === 'if') && tokens[k + 1]?.startsWith('$'));
    const arg = takes ? tokens[++k] : undefined;
    const wrong = (why: string) => new Error(`wasm ${f.name}: \`${op}${arg === undefined ? '' : ` ${arg}`}\` (instruction ${k}): ${why}`);
    if (IMMEDIATE.has(op) && arg === undefined) throw wrong('needs an immediate');
    const label = () => {
      const depth = labels.lastIndexOf(arg);
      if (!arg || depth < 0) throw wrong('no enclosing block of that name');
      return labels.length - 1 - depth;
    };
    if (op in PLAIN) {
      code.push(PLAIN[op]);
      if (op === 'end') {
        if (labels.length === 0) throw wrong('no block to end');
        labels.pop();
      }
    } else if (op === 'block' || op === 'loop' || op === 'if') {
      code.push(op === 'block' ? 0x02 : op === 'loop' ? 0x03 : 0x04, EMPTY_BLOCK);
      labels.push(arg);
    } else if (op === 'br' || op === 'br_if') {
      code.push(op === 'br' ? 0x0c : 0x0d, ...unsigned(label()));
    } else if (op in LOCAL) {
      const i = arg?.startsWith('$') ? index.get(arg.slice(1)) : undefined;
      if (i === undefined) throw wrong('no such local');
      code.push(LOCAL[op], ...unsigned(i));
    } else if (op === 'call') {
      const i = arg?.startsWith('$') ? functions.get(arg.slice(1)) : undefined;
      if (i === undefined) throw wrong('no such function');
      code.push(0x10, ...unsigned(i));
    } else if (op === 'i32.const') {
      if (!/^-?(0x[0-9a-f]+|\d+)$/i.test(arg ?? '')) throw wrong('not an integer');
      code.push(0x41, ...signed(Number(arg)));
    } else if (op === 'f64.const') {
      if (Number.isNaN(Number(arg))) throw wrong('not a number');
      const bytes = Buffer.alloc(8);
      bytes.writeDoubleLE(Number(arg));
      code.push(0x44, ...bytes);
    } else if (op in MEMORY) {
      const [byte, align] = MEMORY[op];
      code.push(byte, align, 0);
    } else {
      throw wrong('unknown instruction');
    }
  }
  if (labels.length > 0) throw new Error(`wasm ${f.name}: ${labels.length} block(s) not ended`);
  const locals = [...(f.i32.length > 0 ? [[...unsigned(f.i32.length), I32]] : []), ...(f64.length > 0 ? [[...unsigned(f64.length), F64]] : [])];
  const body = [...vector(locals), ...code, 0x0b];
  return [...unsigned(body.length), ...body];
}

/** The bytes of a module importing `env.memory` and exporting each function by its name. */
export function assembleWasm(functions: readonly WasmFunction[]): Uint8Array<ArrayBuffer> {
  const index = new Map(functions.map((f, i) => [f.name, i]));
  const types = functions.map((f) => [0x60, ...vector(f.params.map(() => [I32])), 1, I32]);
  const memoryImport = [...text('env'), ...text('memory'), 0x02, 0x00, 0x00];
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector(types)),
    ...section(2, vector([memoryImport])),
    ...section(3, vector(functions.map((_, i) => unsigned(i)))),
    ...section(7, vector(functions.map((f, i) => [...text(f.name), 0x00, ...unsigned(i)]))),
    ...section(10, vector(functions.map((f) => encodeBody(f, index)))),
  ];
  return Uint8Array.from(bytes);
}
