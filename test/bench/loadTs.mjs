// TypeScript modules of this repository loaded into a plain-Node benchmark script: bundled by
// esbuild into out/bench/NAME.cjs (packages left external and WebAssembly text assembled, as the
// test bundles do), then required.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { wasmFromText } from '../../esbuild.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `modules`: paths from the repository root, without extension; their exports merged. */
export async function loadTs(name, modules) {
  const outfile = join(ROOT, 'out', 'bench', `${name}.cjs`);
  mkdirSync(dirname(outfile), { recursive: true });
  await esbuild.build({
    stdin: { contents: modules.map((m) => `export * from './${m}';`).join('\n'), resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    plugins: [wasmFromText],
  });
  return createRequire(import.meta.url)(outfile);
}
