// One build for everything that ships or runs: the extension host bundle, the CLI,
// the webview bundle, and the test bundles (so tests run the same code esbuild ships).
// esbuild does not type-check: `npm run typecheck` (test/typecheck.mjs) runs beside it.
import * as esbuild from 'esbuild';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Every *.test.ts and *.bench.ts under test/, plus the extension-host entry of the integration suite. */
function testEntries(dir = 'test') {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...testEntries(path));
    else if (/\.(test|bench)\.ts$/.test(name) || path === join('test', 'integration', 'index.ts')) found.push(path);
  }
  return found;
}

/** Print errors as file:line:col so editors' problem matchers pick them up. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`${location?.file}:${location?.line}:${location?.column}: error: ${text}`);
      }
    });
  },
};

const common = {
  bundle: true,
  sourcemap: true,
  minify: production,
  logLevel: 'warning',
  plugins: [problemMatcher],
};

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };

const builds = [
  { ...node, entryPoints: ['src/extension/main.ts'], outfile: 'dist/extension.js', external: ['vscode', 'web-tree-sitter', '@vscode/tree-sitter-wasm', 'tiktoken', 'vega', 'vega-lite'] },
  {
    ...node,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    external: ['web-tree-sitter', '@vscode/tree-sitter-wasm', 'tiktoken', 'vega', 'vega-lite'],
    banner: { js: '#!/usr/bin/env node' },
  },
  // Always minified: most of it is vega, and the panel's first paint waits for the whole bundle to load.
  { ...common, minify: true, platform: 'browser', format: 'iife', target: 'es2022', entryPoints: ['webview/main.ts'], outfile: 'dist/webview.js' },
  {
    ...node,
    entryPoints: testEntries(),
    outdir: 'out/test',
    outbase: 'test',
    packages: 'external',
    external: ['vscode'],
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
