// WebAssembly text in the build (esbuild.mjs's wasmFromText, wabt): a .wat file imported from
// TypeScript is the module's bytes, and what they do is what the text says; a mistake in the text
// fails the build at its line and column, never a module that misbehaves; trecScan.wat is in the
// bundles as bytes and the assembler is not.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { tempDir } from '../helpers/tempDir';

const ROOT = join(__dirname, '..', '..', '..');

/** esbuild.mjs's plugin (loaded at run time: it is an ES module, which builds nothing when imported). */
async function plugin(): Promise<esbuild.Plugin> {
  const { wasmFromText } = (await import(pathToFileURL(join(ROOT, 'esbuild.mjs')).href)) as { wasmFromText: esbuild.Plugin };
  return wasmFromText;
}

/** Bundles `import bytes from './m.wat'` with the plugin, as the build does, and returns the bytes. */
async function assemble(wat: string): Promise<Uint8Array<ArrayBuffer>> {
  const dir = tempDir({ 'm.wat': wat, 'entry.ts': "import bytes from './m.wat';\nexport { bytes };\n" });
  const outfile = join(dir, 'out.js');
  await esbuild.build({
    entryPoints: [join(dir, 'entry.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'silent', plugins: [await plugin()],
  });
  return (createRequire(__filename)(outfile) as { bytes: Uint8Array<ArrayBuffer> }).bytes;
}

function instantiate(bytes: Uint8Array<ArrayBuffer>): Record<string, (...args: number[]) => number> {
  const memory = new WebAssembly.Memory({ initial: 1 });
  new Uint8Array(memory.buffer).set([3, 1, 4, 1, 5, 9, 2, 6]);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } }).exports as Record<string, (...args: number[]) => number>;
}

/** A module holding one exported function `f` (param $a i32) (result i32) with this body. */
const oneFunction = (body: string) => `(module\n  (func (export "f") (param $a i32) (result i32)\n    ${body})\n)\n`;

describe('wasmFromText: WebAssembly text assembled by wabt when esbuild bundles', function () {
  this.timeout(60_000);

  it('runs loops, branches, memory, f64 and calls as written', async () => {
    const wasm = instantiate(await assemble(`(module
  (import "env" "memory" (memory 0))
  (func $sum (export "sum") (param $from i32) (param $to i32) (result i32)
    (local $total i32)
    block $done loop $bytes
      local.get $from local.get $to i32.ge_u br_if $done
      local.get $total local.get $from i32.load8_u i32.add local.set $total
      local.get $from i32.const 1 i32.add local.set $from
      br $bytes
    end end
    local.get $total) ;; the sum
  (func (export "twice") (param $from i32) (param $to i32) (result i32)
    (local $x f64)
    local.get $from local.get $to call $sum f64.convert_i32_s f64.const 2.5 f64.mul local.set $x
    local.get $x f64.const 0 f64.gt if i32.const -7 return end i32.const 0)
  (func (export "big") (result i32) i32.const 0x811c9dc5)
)
`));
    assert.equal(wasm.sum(0, 8), 31);
    assert.equal(wasm.sum(2, 4), 5);
    assert.equal(wasm.twice(0, 0), 0);
    assert.equal(wasm.twice(0, 1), -7);
    assert.equal(wasm.big(), 0x811c9dc5 | 0);
  });

  it('fails the build on text it cannot assemble, naming the file, the line and the column', async () => {
    const fails = async (body: string, column: number, why: RegExp) => {
      const error = await assemble(oneFunction(body)).then(() => undefined, (e: unknown) => e as { errors?: esbuild.Message[] });
      assert.ok(error?.errors?.length, `\`${body}\` built`);
      const [first] = error.errors;
      assert.match(first.text, why, body);
      assert.match(first.location?.file ?? '', /m\.wat$/);
      assert.equal(first.location?.line, 3, body);
      assert.equal(first.location?.column, column, body);
    };
    await fails('local.get $a i32.frobnicate', 17, /unexpected token "?i32\.frobnicate/);
    await fails('local.get $b', 14, /undefined local variable "\$b"/);
    await fails('block $x br $y end i32.const 0', 16, /undefined label variable "\$y"/);
    await fails('block $x i32.const 0', 24, /unexpected token \), expected end/);
    await fails('i32.const', 13, /expected a numeric literal/);
    await fails('i32.const 1.5', 14, /invalid literal/);
    await fails('call $g', 9, /undefined function variable "\$g"/);
    await fails('end', 4, /unexpected token end/);
    // Text that parses but does not validate: the wrong type on the stack.
    await fails('local.get $a f64.neg', 17, /type mismatch in f64\.neg/);
  });

  it("puts trecScan.wat's bytes in the metrics bundle, and no assembler in any shipped bundle", async () => {
    const metrics = readFileSync(join(ROOT, 'dist', 'cli-metrics.js'), 'utf8');
    const wat = readFileSync(join(ROOT, 'src', 'core', 'scoring', 'trecScan.wat'), 'utf8');
    const bytes = await assemble(wat);
    assert.ok(metrics.includes(Buffer.from(bytes).toString('base64')), 'dist/cli-metrics.js holds the bytes wabt makes of trecScan.wat (node esbuild.mjs first)');
    for (const bundle of ['cli.js', 'cli-main.js', 'cli-metrics.js', 'extension.js']) {
      const text = readFileSync(join(ROOT, 'dist', bundle), 'utf8');
      assert.doesNotMatch(text, /parseWat|wabt/, `dist/${bundle} carries no assembler`);
    }
  });
});
