// One build for everything that ships or runs: the extension host bundle, the CLI,
// the webview bundle, and the test bundles (so tests run the same code esbuild ships).
// esbuild does not type-check: `npm run typecheck` (test/typecheck.mjs) runs beside it.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

/**
 * Tests keep packages external (node_modules is there when they run), except a few ES-module-only
 * ones that a CommonJS bundle cannot require() (their exports have only an `import` condition, and
 * @actions/workflow-parser imports JSON without an import attribute, which Node refuses): esbuild
 * bundles those into the tests that use them (the deploy/ manifests' validators, d3-dsv's CSV reader).
 */
const BUNDLED_IN_TESTS = /^(@actions\/|@kubernetes-models\/|kubernetes-models(\/|$)|d3-dsv$)/;
const testPackages = {
  name: 'test-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || BUNDLED_IN_TESTS.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

/**
 * The hash of the symbol extractor's own code: every source file esbuild bundles with
 * definitions.ts and references.ts, whatever they import. The disk cache of what they find
 * (src/core/symbols/extractCache.ts) files its entries under it, so a changed rule never reads an
 * entry the old one wrote. In watch mode the code changes under a running build, so it has none
 * (and keeps nothing).
 */
async function extractorCodeHash() {
  if (watch) return '';
  const { metafile } = await esbuild.build({
    entryPoints: ['src/core/symbols/definitions.ts', 'src/core/symbols/references.ts'],
    bundle: true, write: false, outdir: 'out/unwritten', metafile: true, platform: 'node', format: 'cjs', logLevel: 'silent', packages: 'external',
  });
  const hash = createHash('sha256');
  for (const input of Object.keys(metafile.inputs).sort()) hash.update(`${input}\0`).update(readFileSync(input)).update('\0');
  return hash.digest('hex').slice(0, 32);
}

const common = {
  bundle: true,
  define: {
    FIXTURE_LAB_PACKAGE_VERSION: JSON.stringify(version), // src/core/version.ts
    FIXTURE_LAB_EXTRACTOR_CODE: JSON.stringify(await extractorCodeHash()), // src/core/symbols/extractCache.ts
  },
  sourcemap: true,
  minify: production,
  logLevel: 'warning',
  // A YAML file imported from TypeScript is its text: corpus/systems.yaml is init's template (src/core/corpus/init.ts).
  // So is a .proto schema: the SCIP decoder parses src/core/symbols/scip/scip.proto at run time.
  loader: { '.yaml': 'text', '.proto': 'text' },
  plugins: [problemMatcher],
};

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };

/**
 * vega and vega-lite are ES modules with a top-level await (vega-canvas's optional
 * `await import('canvas')`), which a CommonJS bundle cannot hold: each is bundled on its own as an
 * ES module beside the Node bundles (dist/vega.mjs, dist/vega-lite.mjs), and the bundles' import()
 * of the package is pointed at that file. So the installed extension and the installed CLI carry
 * their charts without vega's hundred packages in node_modules (.vscodeignore, package.json's files).
 */
const VEGA_PACKAGES = ['vega', 'vega-lite'];
const vegaBeside = {
  name: 'vega-beside',
  setup(build) {
    build.onResolve({ filter: /^vega(-lite)?$/ }, (args) => ({ path: `./${args.path}.mjs`, external: true }));
  },
};
const vegaModules = VEGA_PACKAGES.map((name) => ({
  ...common,
  sourcemap: false,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  stdin: { contents: `export * from '${name}';`, resolveDir: import.meta.dirname, sourcefile: `${name}.mjs` },
  outfile: `dist/${name}.mjs`,
  external: ['canvas'], // vega-canvas's optional renderer: charts are drawn with renderer 'none'
}));

const builds = [
  {
    ...node,
    entryPoints: ['src/extension/main.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode', 'web-tree-sitter', '@vscode/tree-sitter-wasm', 'tiktoken'],
    plugins: [...common.plugins, vegaBeside],
  },
  {
    ...node,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    external: ['web-tree-sitter', '@vscode/tree-sitter-wasm', 'tiktoken'],
    plugins: [...common.plugins, vegaBeside],
    banner: { js: '#!/usr/bin/env node' },
  },
  ...vegaModules,
  // The panel's page, and its charts' renderers as a second script it loads when it first draws a
  // chart (webview/chartsLoader.ts): vega-scenegraph and its d3 are over half of the page's script.
  // Always minified: the panel's first paint waits for the page's bundle to load.
  { ...common, minify: true, platform: 'browser', format: 'iife', target: 'es2022', entryPoints: ['webview/main.ts'], outfile: 'dist/webview.js' },
  { ...common, minify: true, platform: 'browser', format: 'iife', target: 'es2022', globalName: 'FixtureLabCharts', entryPoints: ['webview/charts.ts'], outfile: 'dist/webview-charts.js' },
  {
    ...node,
    entryPoints: testEntries(),
    outdir: 'out/test',
    outbase: 'test',
    plugins: [...common.plugins, testPackages],
  },
];

// A test renamed or deleted must not keep running from its old build: out/test is made afresh.
rmSync('out/test', { recursive: true, force: true });

// The bundles carry scip.proto's text (Apache-2.0), so its licence ships beside them, in the .vsix
// and in the CLI's tarball (.vscodeignore, .npmignore).
mkdirSync('dist', { recursive: true });
copyFileSync('src/core/symbols/scip/LICENSE.scip.txt', 'dist/LICENSE.scip.txt');

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
