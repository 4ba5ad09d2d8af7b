// The disk cache of what tree-sitter finds in a file (src/core/symbols/extractCache.ts): read back,
// it gives what parsing gives; another extractor version reads none of it; a damaged entry is
// derived again and rewritten; processes writing the same entries at once leave whole ones.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Definition, definitionsOf, referencesOf } from '../../src/core';
import { entryOf, extractCacheFolder, extractorCodeHash, KEPT_VERSIONS, useExtractCache } from '../../src/core/symbols/extractCache';
import { GIT_ENV, TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const BIN = resolve(__dirname, '../../../dist/cli.js');

const PYTHON = `import os

LIMIT = 3


class Cart:
    items: list

    def total(self):
        return sum(i.price for i in self.items)

    @property
    def empty(self):
        return not self.items


def checkout(cart: Cart) -> int:
    return cart.total()
`;

const TYPESCRIPT = `export const LIMIT = 3;
export class Cart {
  items: Item[] = [];
  total(): number {
    return this.items.reduce((n, i) => n + i.price, 0);
  }
}
export function checkout(cart: Cart): number {
  return cart.total();
}
`;

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile());
}

describe('the disk cache of definitions and references', function () {
  this.timeout(120_000);
  afterEach(() => useExtractCache(undefined));

  it('is named by a hash of the extractor code, written into every bundle by esbuild.mjs', () => {
    assert.match(extractorCodeHash() ?? '', /^[0-9a-f]{32}$/);
  });

  it('keeps the folders of the three versions written to last beside its own, and removes older ones and nothing else', () => {
    const dir = tempDir();
    const day = 24 * 3600;
    const now = Date.now() / 1000;
    // Six other versions, each last written a day apart (the kinds' folder is what a write touches).
    const others = [1, 2, 3, 4, 5, 6].map((age) => {
      const name = `${age}`.repeat(16);
      mkdirSync(join(dir, name, 'definitions'), { recursive: true });
      utimesSync(join(dir, name), now - 30 * day, now - 30 * day);
      utimesSync(join(dir, name, 'definitions'), now - age * day, now - age * day);
      return name;
    });
    mkdirSync(join(dir, 'not-a-version'));
    useExtractCache(dir, 'some code');
    const own = extractCacheFolder()!.slice(dir.length + 1);
    assert.equal(KEPT_VERSIONS, 3);
    assert.deepEqual(readdirSync(dir).sort(), [...others.slice(0, 3), 'not-a-version'].sort(), 'its own folder is made on the first write');
    useExtractCache(dir, 'other code');
    assert.notEqual(extractCacheFolder(), join(dir, own));
  });

  it('gives back what parsing gives, for the same text at any path, without parsing again', async () => {
    const derived = {
      py: await definitionsOf('shop/cart.py', PYTHON),
      pyRefs: await referencesOf('shop/cart.py', PYTHON),
      ts: await definitionsOf('src/cart.ts', TYPESCRIPT),
      tsRefs: await referencesOf('src/cart.ts', TYPESCRIPT),
      moved: await definitionsOf('other/place.pyi', PYTHON),
    };
    assert.ok(derived.py.some((d) => d.parent === 'shop/cart.Cart' && d.name === 'total'));
    const dir = tempDir();
    useExtractCache(dir, 'version-a');
    const cold = {
      py: await definitionsOf('shop/cart.py', PYTHON),
      pyRefs: await referencesOf('shop/cart.py', PYTHON),
      ts: await definitionsOf('src/cart.ts', TYPESCRIPT),
      tsRefs: await referencesOf('src/cart.ts', TYPESCRIPT),
      moved: await definitionsOf('other/place.pyi', PYTHON),
    };
    assert.deepEqual(cold, derived);
    assert.equal(filesUnder(dir).length, 4, 'one entry per kind and text: the same Python text at two paths is one entry');
    const warm = {
      py: await definitionsOf('shop/cart.py', PYTHON),
      pyRefs: await referencesOf('shop/cart.py', PYTHON),
      ts: await definitionsOf('src/cart.ts', TYPESCRIPT),
      tsRefs: await referencesOf('src/cart.ts', TYPESCRIPT),
      moved: await definitionsOf('other/place.pyi', PYTHON),
    };
    assert.deepEqual(warm, derived);
    // The answers come from the entries: one edited in place (its format kept) is what is read.
    const entry = entryOf('definitions', 'python', PYTHON)!;
    const kept = JSON.parse(readFileSync(entry.path, 'utf8')) as { data: unknown[][] };
    assert.equal(kept.data[0][0], '.LIMIT', 'kept without the file part of the name');
    kept.data[0][0] = '.EDITED';
    writeFileSync(entry.path, JSON.stringify(kept));
    assert.equal((await definitionsOf('shop/cart.py', PYTHON))[0].symbol, 'shop/cart.EDITED');
  });

  it('is not read by another version of the extractor, which parses again and keeps its own entry', async () => {
    const dir = tempDir();
    const truth = await definitionsOf('shop/cart.py', PYTHON);
    useExtractCache(dir, 'version-a');
    await definitionsOf('shop/cart.py', PYTHON);
    const folderA = extractCacheFolder()!;
    const entryA = entryOf('definitions', 'python', PYTHON)!;
    const kept = JSON.parse(readFileSync(entryA.path, 'utf8')) as { data: unknown[][] };
    kept.data[0][0] = '.STALE';
    writeFileSync(entryA.path, JSON.stringify(kept));
    assert.equal((await definitionsOf('shop/cart.py', PYTHON))[0].symbol, 'shop/cart.STALE', 'version a reads its entry');

    useExtractCache(dir, 'version-b');
    assert.notEqual(extractCacheFolder(), folderA);
    assert.deepEqual(await definitionsOf('shop/cart.py', PYTHON), truth, 'version b parsed the text again');
    const entryB = entryOf('definitions', 'python', PYTHON)!;
    assert.notEqual(entryB.path, entryA.path);
    assert.ok(statSync(entryB.path).isFile(), 'and kept its own entry');
    // Version b's entry copied over version a's: a's folder, b's version inside, so read as none.
    writeFileSync(entryA.path, readFileSync(entryB.path));
    useExtractCache(dir, 'version-a');
    assert.deepEqual(await definitionsOf('shop/cart.py', PYTHON), truth);
  });

  it('derives a damaged entry again and rewrites it', async () => {
    const dir = tempDir();
    const truth = { defs: await definitionsOf('src/cart.ts', TYPESCRIPT), refs: await referencesOf('src/cart.ts', TYPESCRIPT) };
    useExtractCache(dir, 'version-a');
    await definitionsOf('src/cart.ts', TYPESCRIPT);
    await referencesOf('src/cart.ts', TYPESCRIPT);
    const defs = entryOf('definitions', 'typescript', TYPESCRIPT)!;
    const refs = entryOf('references', 'typescript', TYPESCRIPT)!;
    const whole = { defs: readFileSync(defs.path, 'utf8'), refs: readFileSync(refs.path, 'utf8') };
    const other = entryOf('definitions', 'python', PYTHON)!;
    await definitionsOf('shop/cart.py', PYTHON);
    const damages: [string, (text: string) => string | Buffer][] = [
      ['truncated', (t) => t.slice(0, Math.floor(t.length / 2))],
      ['empty', () => ''],
      ['not JSON', () => Buffer.from([0xff, 0x00, 0x7b])],
      ['rows of the wrong shape', (t) => JSON.stringify({ ...(JSON.parse(t) as object), data: [['x']] })],
      ["another text's entry", () => readFileSync(other.path, 'utf8')],
    ];
    for (const [what, damage] of damages) {
      writeFileSync(defs.path, damage(whole.defs));
      writeFileSync(refs.path, damage(whole.refs));
      assert.deepEqual(await definitionsOf('src/cart.ts', TYPESCRIPT), truth.defs, `definitions, ${what}`);
      assert.deepEqual(await referencesOf('src/cart.ts', TYPESCRIPT), truth.refs, `references, ${what}`);
      assert.equal(readFileSync(defs.path, 'utf8'), whole.defs, `definitions rewritten, ${what}`);
      assert.equal(readFileSync(refs.path, 'utf8'), whole.refs, `references rewritten, ${what}`);
    }
  });

  it('is written whole by processes writing the same entries at once, and each answers as without it', async function () {
    const repo = new TestRepo();
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) {
      files[`shop/cart${i}.py`] = PYTHON.replace(/Cart/g, `Cart${i}`).repeat(1 + (i % 4));
      files[`web/cart${i}.ts`] = TYPESCRIPT.replace(/Cart/g, `Cart${i}`);
    }
    repo.commit('base', files);
    const head = repo.commit('change', Object.fromEntries(Object.entries(files).map(([p, t]) => [p, t.replace(/LIMIT = 3/g, 'LIMIT = 4').replace(/total/g, 'sum')])));
    const dir = tempDir();
    const symbols = (cache: string) => new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, [BIN, 'symbols', '--repo', repo.dir, '--base', `${head}~1`, '--head', head, '--json'], {
        env: { ...GIT_ENV, FIXTURE_LAB_SYMBOL_CACHE: cache }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`symbols exited ${code}: ${err}`))));
    });
    const truth = await symbols('off');
    assert.ok((JSON.parse(truth) as Definition[]).length > 24);
    const answers = await Promise.all(Array.from({ length: 6 }, () => symbols(dir)));
    for (const a of answers) assert.equal(a, truth);
    const kept = filesUnder(dir);
    assert.equal(kept.length, 48, `both sides of 24 files, one entry each: ${kept.length}`);
    for (const f of kept) {
      assert.match(f, /(definitions|references)[/\\][0-9a-f]{64}\.json$/, 'no temp file left behind');
      JSON.parse(readFileSync(join(dir, f), 'utf8'));
    }
    assert.equal(await symbols(dir), truth, 'read back by the next process');
  });
});
