// The CLI's compile cache (src/cli/compileCache.ts): a cache is used only for the exact source it
// was made from, a damaged or foreign one is never run, and the CLI through it (dist/cli.js, which
// loads dist/cli-main.js and dist/charts.js) prints and draws what the code does without it: the
// charts the CLI writes are byte for byte those the vega packages draw in this process.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { cacheFileFor, compileCacheDir, flushCompileCaches, loadCached, readCacheFile } from '../../src/cli/compileCache';
import { userCacheDir } from '../../src/core/io/userCache';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const CLI = join(ROOT, 'dist', 'cli.js');
const moduleCache = (Module as unknown as { _cache: Record<string, unknown> })._cache;
const MAGIC_LENGTH = 'fixture-lab compile cache 1\n'.length;

/** Loads `file` as a fresh process would (not from this process's require cache). */
function load(file: string, cacheDir: string, command = 'test') {
  delete moduleCache[file];
  return loadCached(file, command, { FIXTURE_LAB_COMPILE_CACHE: cacheDir });
}

const cachesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.v8')).sort() : []);

function cli(cacheDir: string, cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FIXTURE_LAB_COMPILE_CACHE: cacheDir } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the compile cache', function () {
  this.timeout(120_000);

  it('is used only for the source it was made from: an edit of the same length compiles afresh and runs the edit', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const file = join(dir, 'bundle.js');
    writeFileSync(file, 'exports.answer = function () { return 41 + 1; };\n');
    const first = load(file, cache);
    assert.equal(first.cache, 'made');
    assert.equal((first.exports as { answer(): number }).answer(), 42);
    flushCompileCaches();
    const [made] = cachesIn(cache);
    assert.match(made, /^bundle\.js-[0-9a-f]{40}\.v8$/);

    const again = load(file, cache);
    assert.equal(again.cache, 'used');
    assert.equal((again.exports as { answer(): number }).answer(), 42);

    writeFileSync(file, 'exports.answer = function () { return 41 + 2; };\n'); // the same length: V8's own check would not tell
    const edited = load(file, cache);
    assert.equal(edited.cache, 'made');
    assert.equal((edited.exports as { answer(): number }).answer(), 43);
    flushCompileCaches();
    assert.equal(cachesIn(cache).length, 2, 'each source its own cache');
    assert.equal(load(file, cache).cache, 'used');
  });

  it('never runs a damaged cache, or one made from another source under this one\'s name', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const [a, b] = [join(dir, 'a.js'), join(dir, 'b.js')];
    writeFileSync(a, 'exports.which = () => "a";\n');
    writeFileSync(b, 'exports.which = () => "b";\n');
    load(a, cache);
    load(b, cache);
    flushCompileCaches();
    const [cacheA, cacheB] = cachesIn(cache);
    assert.ok(cacheA.startsWith('a.js-') && cacheB.startsWith('b.js-'));

    // a.js's cache under b.js's name: its header names a's source, so b compiles afresh.
    cpSync(join(cache, cacheA), join(cache, cacheB));
    const planted = load(b, cache);
    assert.equal(planted.cache, 'made');
    assert.equal((planted.exports as { which(): string }).which(), 'b');

    // A byte of a's data changed: its digest no longer matches.
    const bytes = readFileSync(join(cache, cacheA));
    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(join(cache, cacheA), bytes);
    const source = JSON.parse(bytes.subarray(bytes.indexOf(10) + 1, bytes.indexOf(10, bytes.indexOf(10) + 1)).toString()) as { source: string };
    assert.equal(readCacheFile(join(cache, cacheA), source.source), undefined);
    const damaged = load(a, cache);
    assert.equal(damaged.cache, 'made');
    assert.equal((damaged.exports as { which(): string }).which(), 'a');

    // A whole cache whose header names c's source but whose data V8 made for a's (of another
    // length): V8 refuses it, and c is compiled afresh. (c is compiled here for the first time:
    // a source this process compiled before V8 finds in its own memory without reading a cache.)
    load(a, cache);
    flushCompileCaches();
    const c = join(dir, 'c.js');
    writeFileSync(c, 'exports.which = () => "cc";\n');
    const forgedFor = cacheFileFor(c, cache);
    const aBytes = readFileSync(join(cache, cacheA));
    const headerEnd = aBytes.indexOf(10, MAGIC_LENGTH);
    const aHeader = JSON.parse(aBytes.subarray(MAGIC_LENGTH, headerEnd).toString()) as { source: string };
    writeFileSync(forgedFor.path, Buffer.concat([aBytes.subarray(0, MAGIC_LENGTH),
      Buffer.from(`${JSON.stringify({ ...aHeader, source: forgedFor.digest })}\n`), aBytes.subarray(headerEnd + 1)]));
    assert.ok(readCacheFile(forgedFor.path, forgedFor.digest), 'the forged file passes the header\'s checks');
    const refused = load(c, cache);
    assert.equal(refused.cache, 'made');
    assert.equal((refused.exports as { which(): string }).which(), 'cc');

    // Cut short, or not a cache at all.
    writeFileSync(join(cache, cacheA), bytes.subarray(0, 40));
    assert.equal(load(a, cache).cache, 'made');
    writeFileSync(join(cache, cacheA), 'hello');
    assert.equal(load(a, cache).cache, 'made');
    flushCompileCaches();
    assert.equal(load(a, cache).cache, 'used', 'made again whole');
  });

  it('is made again for a command it does not cover yet, and not for one it does', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const file = join(dir, 'bundle.js');
    writeFileSync(file, 'exports.n = 1;\n');
    load(file, cache, 'run');
    flushCompileCaches();
    const [name] = cachesIn(cache);
    const covers = () => {
      const bytes = readFileSync(join(cache, name));
      return (JSON.parse(bytes.subarray(bytes.indexOf(10) + 1, bytes.indexOf(10, bytes.indexOf(10) + 1)).toString()) as { covers: string[] }).covers;
    };
    assert.deepEqual(covers(), ['run']);
    assert.equal(load(file, cache, 'label').cache, 'used');
    flushCompileCaches();
    assert.deepEqual(covers(), ['run', 'label']);
    const old = new Date(Date.now() - 86_400_000);
    utimesSync(join(cache, name), old, old);
    assert.equal(load(file, cache, 'run').cache, 'used');
    flushCompileCaches();
    assert.deepEqual(covers(), ['run', 'label']);
    assert.ok(statSync(join(cache, name)).mtimeMs > old.getTime() + 3_600_000, 'a cache in use is newest, so pruning keeps it');
  });

  it('keeps the newest caches of a bundle, and works where nothing can be written or when turned off', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    mkdirSync(cache);
    const old = new Date(Date.now() - 86_400_000);
    for (let i = 0; i < 20; i++) {
      const path = join(cache, `bundle.js-${String(i).padStart(40, '0')}.v8`);
      writeFileSync(path, 'old');
      utimesSync(path, old, old);
    }
    writeFileSync(join(cache, 'other.js-'.padEnd(49, '0') + '.v8'), 'another bundle');
    const file = join(dir, 'bundle.js');
    writeFileSync(file, 'exports.n = 2;\n');
    load(file, cache);
    flushCompileCaches();
    const mine = cachesIn(cache).filter((f) => f.startsWith('bundle.js-'));
    assert.equal(mine.length, 12);
    assert.equal(load(file, cache).cache, 'used', 'the new one is kept');
    assert.ok(cachesIn(cache).some((f) => f.startsWith('other.js-')), 'another bundle\'s caches are its own');

    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, '');
    const unwritable = load(file, join(blocked, 'cache'));
    assert.equal((unwritable.exports as { n: number }).n, 2);
    assert.doesNotThrow(() => flushCompileCaches());

    assert.equal(compileCacheDir({ FIXTURE_LAB_COMPILE_CACHE: 'off' }), undefined);
    assert.equal(compileCacheDir({}), join(userCacheDir(), 'compile-cache'));
    const off = load(file, 'off');
    assert.equal(off.cache, 'off');
    assert.equal((off.exports as { n: number }).n, 2);
  });

  it('reads a file by its bytes: a shebang, non-ASCII text and an edit of one byte compile and run as Node would', () => {
    const dir = tempDir();
    const cache = join(dir, 'cache');
    const file = join(dir, 'bundle.js');
    // A shebang line, and text past Latin-1 and past ASCII: decoded as UTF-8, not byte by byte.
    writeFileSync(file, '#!/usr/bin/env node\nexports.s = "caf\u00e9 \u2014 \u{1F600}"; // \u00fcber\n');
    for (const expected of ['made', 'used']) {
      const loaded = load(file, cache);
      assert.equal(loaded.cache, expected);
      assert.equal((loaded.exports as { s: string }).s, 'caf\u00e9 \u2014 \u{1F600}');
      flushCompileCaches();
    }
    // U+00E9 for U+00E8: one byte of the UTF-8 differs, and the text's length does not.
    writeFileSync(file, '#!/usr/bin/env node\nexports.s = "caf\u00e8 \u2014 \u{1F600}"; // \u00fcber\n');
    const edited = load(file, cache);
    assert.equal(edited.cache, 'made');
    assert.equal((edited.exports as { s: string }).s, 'caf\u00e8 \u2014 \u{1F600}');
    // An ASCII file is the same text either way.
    writeFileSync(file, 'exports.s = "plain";\n');
    assert.equal((load(file, cache).exports as { s: string }).s, 'plain');
  });

  it('is keyed by the V8 flags set in the process: each set has its own cache, and another\'s is never used', () => {
    const dir = tempDir();
    const file = join(dir, 'bundle.js');
    writeFileSync(file, 'exports.n = 3;\n');
    const plain = cacheFileFor(file, dir, []);
    const liftoff = cacheFileFor(file, dir, ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up']);
    assert.equal(plain.wrapped, liftoff.wrapped);
    assert.notEqual(plain.digest, liftoff.digest);
    assert.notEqual(plain.path, liftoff.path);
    assert.notEqual(cacheFileFor(file, dir, ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering']).digest, liftoff.digest, 'the order is kept');
    assert.equal(cacheFileFor(file, dir, []).digest, plain.digest);
  });

  it('the CLI\'s `symbols` and `candidates` (Liftoff only) and its other commands each use a cache made under their own flags', function () {
    if (!existsSync(CLI)) this.skip(); // node esbuild.mjs first (npm test does)
    const cache = join(tempDir(), 'cache');
    const repo = new TestRepo();
    const base = repo.commit('base', { 'app.py': 'def one():\n    return 1\n\n\ndef two():\n    return one()\n' });
    const head = repo.commit('head', { 'app.py': 'def one():\n    return 11\n\n\ndef two():\n    return one()\n' });
    const mainCaches = () => cachesIn(cache).filter((f) => f.startsWith('cli-main.js-'));
    const header = (name: string) => {
      const bytes = readFileSync(join(cache, name));
      const end = bytes.indexOf(10, MAGIC_LENGTH);
      return { header: JSON.parse(bytes.subarray(MAGIC_LENGTH, end).toString()) as { source: string; data: string; covers: string[] }, data: bytes.subarray(end + 1) };
    };
    const version = cli(cache, repo.dir, '--version');
    assert.equal(version.code, 0, version.stderr);
    const [plainName] = mainCaches();
    assert.deepEqual(header(plainName).header.covers, ['-']);

    const symbols = cli(cache, repo.dir, 'symbols', '--repo', repo.dir, '--base', base, '--head', head, '--json');
    assert.equal(symbols.code, 0, symbols.stderr);
    assert.match(symbols.stdout, /"symbol": "app.one"/);
    const liftoffName = mainCaches().find((f) => f !== plainName)!;
    assert.ok(liftoffName, `symbols made a cache of its own: ${mainCaches().join(', ')}`);
    assert.deepEqual(header(liftoffName).header.covers, ['symbols'], 'not made from --version\'s cache: other flags');
    assert.deepEqual(header(plainName).header.covers, ['-']);

    // `candidates` runs under symbols' flags: it uses that cache (and makes it again to cover itself).
    const candidates = cli(cache, repo.dir, 'candidates', '--repo', repo.dir, '--base', base, '--head', head);
    assert.equal(candidates.code, 0, candidates.stderr);
    assert.deepEqual(mainCaches().sort(), [plainName, liftoffName].sort());
    assert.deepEqual(header(liftoffName).header.covers, ['symbols', 'candidates']);

    // V8 itself refuses a cache made under other flags: symbols' data, under --version's name and
    // with a header naming --version's source, is compiled around and made again.
    const plain = header(plainName);
    const foreign = header(liftoffName).data;
    const forged = { ...plain.header, data: createHash('sha256').update(foreign).digest('hex') };
    writeFileSync(join(cache, plainName), Buffer.concat([Buffer.from(`fixture-lab compile cache 1\n${JSON.stringify(forged)}\n`), foreign]));
    const again = cli(cache, repo.dir, '--version');
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout, version.stdout);
    const remade = header(plainName);
    assert.notEqual(remade.header.data, forged.data, 'the foreign data was replaced by a cache made under --version\'s own flags');
    assert.deepEqual(remade.header.covers, ['-']);
    const used = cli(cache, repo.dir, '--version');
    assert.equal(used.code, 0, used.stderr);
    assert.equal(header(plainName).header.data, remade.header.data, 'and that one is used');
  });

  it('the CLI prints the same through a cache it made, and its charts are the vega packages\' own, byte for byte', async function () {
    if (!existsSync(CLI)) this.skip(); // node esbuild.mjs first (npm test does)
    const cache = join(tempDir(), 'cache');
    const corpus = demoCorpus();
    const cwd = tempDir();
    const out = join(cwd, 'run');
    const args = ['run', corpus, '--systems', 'grep,bm25', '--budget', '5000', '--tasks', 'bookshop-easy-01', '--out', out];
    const first = cli(cache, cwd, ...args);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(cachesIn(cache).map((f) => f.replace(/-[0-9a-f]{40}\.v8$/, '')), ['charts.js', 'cli-main.js']);

    // Again through the caches, resumed: the same table. Then with the cache off.
    const second = cli(cache, cwd, ...args);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout, first.stdout);
    const off = cli('off', cwd, ...args);
    assert.equal(off.stdout, first.stdout);

    // The SVGs the CLI drew (dist/charts.js, through the cache) against those this process draws
    // from the same answers with the vega packages as installed (node_modules' ES modules).
    const charts = join(out, 'analysis', 'charts');
    const drawn = new Map(readdirSync(charts).map((f) => [f, readFileSync(join(charts, f), 'utf8')]));
    assert.equal(drawn.size, 6, [...drawn.keys()].join(', '));
    const redrawn = join(cwd, 'redrawn');
    cpSync(out, redrawn, { recursive: true });
    const here = await run(cwd, 'charts', redrawn);
    assert.equal(here.code, 0, here.stderr);
    for (const [f, svg] of drawn) assert.equal(readFileSync(join(redrawn, 'analysis', 'charts', f), 'utf8'), svg, `${f}: the CLI's chart is vega's`);
  });
});
