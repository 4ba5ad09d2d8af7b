// The WebAssembly text assembler (src/core/scoring/wasmText.ts): what it makes runs, and a mistake
// in the text is an error naming the function and the instruction, never a module that misbehaves.
import * as assert from 'node:assert/strict';
import { assembleWasm, WasmFunction } from '../../src/core/scoring/wasmText';

function instantiate(functions: WasmFunction[]): Record<string, (...args: number[]) => number> {
  const memory = new WebAssembly.Memory({ initial: 1 });
  new Uint8Array(memory.buffer).set([3, 1, 4, 1, 5, 9, 2, 6]);
  const module = new WebAssembly.Module(assembleWasm(functions));
  return new WebAssembly.Instance(module, { env: { memory } }).exports as Record<string, (...args: number[]) => number>;
}

describe('wasmText: WebAssembly assembled from flat text', () => {
  it('runs loops, branches, memory, f64 and calls as written', () => {
    const sum: WasmFunction = {
      name: 'sum',
      params: ['from', 'to'],
      i32: ['total'],
      body: `
        block $done loop $bytes
          local.get $from local.get $to i32.ge_u br_if $done
          local.get $total local.get $from i32.load8_u i32.add local.set $total
          local.get $from i32.const 1 i32.add local.set $from
          br $bytes
        end end
        local.get $total ;; the sum`,
    };
    const twice: WasmFunction = {
      name: 'twice',
      params: ['from', 'to'],
      i32: [],
      f64: ['x'],
      body: 'local.get $from local.get $to call $sum f64.convert_i32_s f64.const 2.5 f64.mul local.set $x local.get $x f64.const 0 f64.gt if i32.const -7 return end i32.const 0',
    };
    const wasm = instantiate([sum, twice]);
    assert.equal(wasm.sum(0, 8), 31);
    assert.equal(wasm.sum(2, 4), 5);
    assert.equal(wasm.twice(0, 0), 0);
    assert.equal(wasm.twice(0, 1), -7);
    assert.equal(instantiate([{ name: 'big', params: [], i32: [], body: 'i32.const 0x811c9dc5' }]).big(), 0x811c9dc5 | 0);
  });

  it('refuses text it cannot assemble, naming the function and the instruction', () => {
    const fails = (body: string, why: RegExp) =>
      assert.throws(() => assembleWasm([{ name: 'f', params: ['a'], i32: [], body }]), why);
    fails('local.get $a i32.frobnicate', /wasm f: `i32.frobnicate` \(instruction 2\): unknown instruction/);
    fails('local.get $b', /`local.get \$b`.*no such local/);
    fails('block $x br $y end i32.const 0', /`br \$y`.*no enclosing block of that name/);
    fails('block $x i32.const 0', /wasm f: 1 block\(s\) not ended/);
    fails('i32.const', /`i32.const`.*needs an immediate/);
    fails('i32.const 1.5', /not an integer/);
    fails('call $g', /no such function/);
    fails('end', /no block to end/);
  });
});
