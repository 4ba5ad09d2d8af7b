// The CLI installed as a user installs it: `npm pack`'s tarball into a fresh global prefix with
// `npm install -g`, then `fixture-lab` run from a folder that has nothing to do with this one.
// The tarball is packed from the dist/ already built (--ignore-scripts: its `prepare` would rebuild
// out/test under the running suite); the packages it depends on come from npm's cache when there
// (`npm ci` filled it), else from the registry.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

describe('the CLI installed from `npm pack`', function () {
  this.timeout(240_000);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
  let packed: { filename: string; files: { path: string; size: number }[] };
  let prefix: string;

  before(function () {
    if (!existsSync(join(ROOT, 'dist', 'cli.js'))) this.skip(); // node esbuild.mjs first (npm test does)
    const dir = tempDir();
    const json = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
    [packed] = JSON.parse(json) as (typeof packed)[];
    prefix = join(dir, 'prefix');
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(dir, packed.filename)], { cwd: dir, encoding: 'utf8' });
  });

  it('the tarball holds the CLI and the chart libraries it imports, README and LICENSE: no sources, tests, maps or the extension', () => {
    assert.equal(packed.filename, `${manifest.name}-${manifest.version}.tgz`);
    assert.deepEqual(packed.files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'dist/LICENSE.scip.txt', 'dist/charts.js', 'dist/cli-main.js', 'dist/cli-metrics.js', 'dist/cli.js', 'package.json']);
  });

  it('`fixture-lab --version` runs from any folder, with only package.json\'s dependencies installed beside it', () => {
    const elsewhere = tempDir();
    const run = spawnSync(join(prefix, 'bin', 'fixture-lab'), ['--version'], { cwd: elsewhere, encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } });
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
    assert.equal(run.stdout, `${manifest.version}\n`);
    const installed = join(prefix, 'lib', 'node_modules', manifest.name, 'node_modules');
    for (const name of Object.keys(manifest.dependencies)) assert.ok(existsSync(join(installed, name, 'package.json')), `${name} is not installed`);
  });

  it('the installed CLI scores a demo fixture and draws its charts (tree-sitter, tiktoken and vega from the install)', () => {
    const corpus = demoCorpus();
    const out = join(tempDir(), 'run');
    const run = spawnSync(join(prefix, 'bin', 'fixture-lab'), ['run', corpus, '--systems', 'grep', '--tasks', 'bookshop-easy-01', '--out', out], { cwd: tempDir(), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^grep\s+1\s/m);
    const charts = readdirSync(join(out, 'analysis', 'charts'));
    assert.ok(charts.includes('radar.svg'), charts.join(', '));
    assert.match(readFileSync(join(out, 'analysis', 'charts', 'radar.svg'), 'utf8'), /^<svg /);
  });
});
