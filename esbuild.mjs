// One build for everything that ships or runs: the extension host bundle, the CLI,
// the webview bundle, and the test bundles (so tests run the same code esbuild ships).
// esbuild does not type-check: `npm run typecheck` (test/typecheck.mjs) runs beside it.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// `node esbuild.mjs` builds; a script importing this file (test/bench/loadTs.mjs, a test) takes its plugins and builds nothing.
const building = process.argv[1] !== undefined && realpathSync(resolve(process.argv[1])) === fileURLToPath(import.meta.url);
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
/**
 * WebAssembly text (a .wat file) imported from TypeScript is the module's bytes (a Uint8Array),
 * assembled by wabt as the bundle is made: the bundles carry no assembler (wabt is a
 * devDependency, in no .vsix or tarball) and no .wasm file is kept beside the source to go stale.
 * A mistake in the text fails the build at its line and column, as a TypeScript error does.
 */
let wabt;
export const wasmFromText = {
  name: 'wasm-from-text',
  setup(build) {
    build.onLoad({ filter: /\.wat$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const file = relative(process.cwd(), args.path);
      wabt ??= import('wabt').then((m) => m.default());
      let module;
      try {
        module = (await wabt).parseWat(file, text);
        module.resolveNames();
        module.validate();
        return { contents: module.toBinary({}).buffer, loader: 'binary' };
      } catch (error) {
        // wabt's message: a headline, then `file:line:column: error: what` for each error, each with its line quoted.
        const message = error instanceof Error ? error.message : String(error);
        const lines = text.split('\n');
        const errors = [...message.matchAll(/^.*?:(\d+):(\d+): error: (.*)$/gm)].map(([, line, column, what]) => ({
          text: what,
          location: { file, line: Number(line), column: Number(column) - 1, lineText: lines[Number(line) - 1] ?? '' },
        }));
        return { errors: errors.length > 0 ? errors : [{ text: message, location: { file } }] };
      } finally {
        module?.destroy();
      }
    });
  },
};

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
 * (and keeps nothing); a script importing this file for its plugins builds nothing and needs none.
 */
async function extractorCodeHash() {
  if (watch || !building) return '';
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
  plugins: [problemMatcher, wasmFromText],
};

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };

/**
 * vega and vega-lite, bundled together once as a CommonJS file beside the Node bundles
 * (dist/charts.js), which the bundles' `vega` and `vega-lite` stand for: the installed extension
 * and CLI carry their charts without vega's hundred packages in node_modules (.vscodeignore,
 * .npmignore), and the CLI loads the file through its compile cache (src/cli/compileCache.ts), which
 * needs a script, not an ES module. Vega's packages are ES modules, and one of them, vega-canvas,
 * has a top-level await (an optional `await import('canvas')` for node-canvas) that a script
 * cannot hold: its own build without node-canvas (the package's browser build: no DOM here, so no
 * canvas) is used instead. That is what the Node build found before, since node-canvas is not
 * installed: charts are drawn headless (renderer 'none') and text is measured by Vega's estimate,
 * now the same on every machine (with node-canvas installed beside the CLI it would have measured
 * text with it).
 */
const browserVegaCanvas = {
  name: 'vega-canvas-without-node-canvas',
  setup(build) {
    build.onResolve({ filter: /^vega-canvas$/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
      if (found.errors.length > 0 || !/vega-canvas\.node\.js$/.test(found.path)) throw new Error(`vega-canvas resolved to ${found.path}: expected its Node build, to swap for its browser build`);
      return { path: found.path.replace(/vega-canvas\.node\.js$/, 'vega-canvas.browser.js') };
    });
  },
};
const chartsModule = {
  ...common,
  sourcemap: false,
  minify: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  stdin: { contents: "export * as vega from 'vega';\nexport * as vl from 'vega-lite';\n", resolveDir: import.meta.dirname, sourcefile: 'charts.js' },
  outfile: 'dist/charts.js',
  plugins: [...common.plugins, browserVegaCanvas],
};

/**
 * `vega` and `vega-lite` in a Node bundle: dist/charts.js's two halves, loaded when a chart is first
 * drawn (src/core/charts/svg.ts imports them dynamically). The CLI's bundle loads it through the
 * compile cache; the extension requires it.
 */
const chartsBeside = (cached) => ({
  name: 'charts-beside',
  setup(build) {
    build.onResolve({ filter: /^vega(-lite)?$/ }, (args) => ({ path: args.path, namespace: 'charts-beside' }));
    build.onResolve({ filter: /^\.\/charts\.js$/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'charts-beside' }, (args) => {
      const half = args.path === 'vega' ? 'vega' : 'vl';
      return {
        resolveDir: import.meta.dirname,
        loader: 'js',
        contents: cached
          ? `module.exports = require('./src/cli/compileCache').requireCached(require('node:path').join(__dirname, 'charts.js')).${half};`
          : `module.exports = require('./charts.js').${half};`,
      };
    });
  },
});

/**
 * The CLI's bundle runs as a vm.Script (src/cli/compileCache.ts), where Node 20 has no loader for
 * import(): a build that leaves one in it fails here rather than at the user's first chart.
 */
const noDynamicImport = {
  name: 'no-dynamic-import',
  setup(build) {
    build.onEnd((result) => {
      for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
        const dynamic = output.imports.filter((i) => i.kind === 'dynamic-import' && i.external);
        if (dynamic.length > 0) result.errors.push({ text: `${file} imports ${dynamic.map((i) => i.path).join(', ')} with import(), which the compile cache's vm.Script cannot run` });
      }
    });
  },
};

const builds = [
  {
    ...node,
    entryPoints: ['src/extension/main.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode', 'web-tree-sitter', '@vscode/tree-sitter-wasm', 'tiktoken'],
    plugins: [...common.plugins, chartsBeside(false)],
  },
  // `fixture-lab`: a small launcher (dist/cli.js) that loads the CLI's bundle (dist/cli-main.js, or dist/cli-metrics.js) with the compile cache.
  {
    ...node,
    entryPoints: ['src/cli/launch.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...node,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli-main.js',
    external: ['web-tree-sitter', '@vscode/tree-sitter-wasm', 'tiktoken'],
    metafile: true,
    plugins: [...common.plugins, chartsBeside(true), noDynamicImport],
  },
  // `fixture-lab metrics`' own bundle, which the launcher loads for that command (src/cli/metricsMain.ts).
  {
    ...node,
    entryPoints: ['src/cli/metricsMain.ts'],
    outfile: 'dist/cli-metrics.js',
    metafile: true,
    plugins: [...common.plugins, noDynamicImport],
  },
  chartsModule,
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

if (building) {
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
}
