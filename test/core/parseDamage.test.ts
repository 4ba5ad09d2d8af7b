// A source file tree-sitter cannot read whole: the definitions after a syntax error it does not
// recover from are lost (an ERROR swallowing the rest, a block left open to the end of the file).
// Every place that reads them says so, naming the file and line, rather than a silent "not defined"
// or an unmapped answer: fileDefinitions (and its disk cache, so warm runs say it too), `symbols`,
// `candidates`, `validate`, and a run's System health. Errors confined to their own line, which
// lose nothing (hono's `export type *`), are not warned about. Real git repositories in temp folders.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../src/cli/cli';
import { fileDefinitions } from '../../src/core/symbols/definitions';
import { entryOf, useExtractCache } from '../../src/core/symbols/extractCache';
import { runBenchmark } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

/** An unclosed call on line 4 swallows the rest of the file: after1, After2 and after3 are lost. */
const BROKEN_PY = [
  'def before():', '    pass', '', 'x = foo(1,', '', 'def after1():', '    pass', '', 'class After2:', '    def m(self):', '        return 1', '',
  'def after3():', '    return 3', '',
].join('\n');
/** A block never closed: everything after line 1 is read inside `before`, named `before.after1`. */
const UNCLOSED_TS = 'export function before(): void {\n  if (x) {\n    y();\n}\nexport function after1(): void {}\nexport class After2 {\n  m() { return 1; }\n}\n';
/** Errors that stay on their line and lose nothing: a re-export tree-sitter-typescript does not know, a bad object member. */
const CONFINED_TS = "export function one(): void {}\nexport type * from './other';\nexport const x = {\n  a: 1,\n  b: @@@,\n};\nexport function two(): void {}\n";
/** A call signature after a member ending in `}`: its ERROR covers the signature and the interface's `}`, which hold no definition. */
const CLOSER_ONLY_TS = 'interface H<E> {\n  get: { a: number }\n  <T>(x: T): T\n}\nexport function two(): void {}\n';

const CART = 'class Cart:\n    def total(self):\n        return 0\n';

describe('parse damage: definitions lost after a syntax error are said, never a silent "not defined"', function () {
  this.timeout(120_000);

  it('finds the first error that covers code past its line, and keeps it with the definitions', async () => {
    const py = await fileDefinitions('shop/broken.py', BROKEN_PY);
    assert.deepEqual(py.definitions.map((d) => d.symbol), ['shop/broken.before']);
    assert.deepEqual(py.damage, { line: 4, lines: 10 });
    const ts = await fileDefinitions('web/unclosed.ts', UNCLOSED_TS);
    assert.ok(ts.definitions.some((d) => d.symbol === 'web/unclosed.before.after1'), 'read inside the unclosed block');
    assert.deepEqual(ts.damage, { line: 1, lines: 7 });
    const confined = await fileDefinitions('web/confined.ts', CONFINED_TS);
    assert.deepEqual(confined.definitions.map((d) => d.symbol), ['web/confined.one', 'web/confined.x', 'web/confined.two']);
    assert.equal(confined.damage, undefined, 'nothing lost: nothing said');
    assert.equal((await fileDefinitions('web/closer.ts', CLOSER_ONLY_TS)).damage, undefined);
    assert.equal((await fileDefinitions('shop/cart.py', CART)).damage, undefined);
  });

  it('a warm run reads the damage from the cache entry, as it reads the definitions', async () => {
    const dir = tempDir();
    useExtractCache(dir, 'damage-test');
    try {
      const cold = await fileDefinitions('shop/broken.py', BROKEN_PY);
      const entry = entryOf('definitions', 'python', BROKEN_PY)!;
      const kept = JSON.parse(readFileSync(entry.path, 'utf8')) as { data: unknown[][] };
      assert.deepEqual(kept.data.at(-1), [null, 4, 10], 'kept in the entry');
      // The warm answer is the entry's: one edited in place (its format kept) is what is read.
      kept.data[kept.data.length - 1] = [null, 5, 9];
      writeFileSync(entry.path, JSON.stringify(kept));
      const warm = await fileDefinitions('shop/broken.py', BROKEN_PY);
      assert.deepEqual(warm.definitions, cold.definitions);
      assert.deepEqual(warm.damage, { line: 5, lines: 9 });
    } finally {
      useExtractCache(undefined);
    }
  });

  describe('in a corpus whose repository has a damaged file', () => {
    let repo: TestRepo;
    let base: string;
    let head: string;
    let corpus: string;
    const io = (cwd: string) => {
      const out = { stdout: '', stderr: '' };
      return { out, io: { cwd, stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } };
    };

    before(() => {
      repo = new TestRepo();
      base = repo.commit('base', { 'shop/cart.py': CART, 'shop/broken.py': BROKEN_PY });
      head = repo.commit('head', { 'shop/broken.py': BROKEN_PY.replace('return 3', 'return 4'), 'shop/cart.py': CART.replace('return 0', 'return 1') });
      const answer = tempDir({ 'answer.mjs': "console.log(JSON.stringify({ results: [{ symbol: 'shop/broken.after1' }, { symbol: 'shop/cart.Cart.total' }] }));\n" });
      corpus = tempDir({
        'repos.yaml': `repos:\n  - name: shop\n    url: https://example.com/shop.git\n    commit: "${base}"\n    path: ${JSON.stringify(repo.dir)}\n`,
        'systems.yaml': `systems:\n  - name: scripted\n    type: command\n    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(answer, 'answer.mjs'))}]\n`
          + '    parse: {format: json, symbols: "results[].symbol"}\n',
        'tasks/shop/01.yaml': `id: "shop-01"\nrepo: shop\ncommit: "${base}"\nsource: "synthetic"\ndifficulty: easy\ntask: "Total the cart."\n`
          + 'ground_truth:\n  - symbol: "shop/cart.Cart.total"\n    confidence: HIGH\n    reason: "Totals it"\n'
          + 'candidates:\n  - "shop/broken.after1"\nlabeler: "lee"\n',
      });
    });

    it('`symbols` and `candidates` warn on stderr, naming the file and line and how many lines follow', async () => {
      const file = io(repo.dir);
      assert.equal(await cli(['symbols', '--repo', repo.dir, '--rev', base, '--file', 'shop/broken.py'], file.io), 0);
      assert.match(file.out.stdout, /shop\/broken\.before/);
      const said = 'shop/broken.py:4 has a syntax error tree-sitter could not recover from: definitions in the 10 lines after it may be missing';
      assert.ok(file.out.stderr.includes(`fixture-lab: warning: ${said}`), file.out.stderr);
      const clean = io(repo.dir);
      assert.equal(await cli(['symbols', '--repo', repo.dir, '--rev', base, '--file', 'shop/cart.py'], clean.io), 0);
      assert.equal(clean.out.stderr, '', 'a file that parses says nothing');

      const change = io(repo.dir);
      assert.equal(await cli(['symbols', '--repo', repo.dir, '--base', base, '--head', head], change.io), 0);
      assert.ok(change.out.stderr.includes(`${said} or named inside another (at base ${base.slice(0, 7)})`), change.out.stderr);
      assert.ok(change.out.stderr.includes(`(at head ${head.slice(0, 7)})`), change.out.stderr);
      const candidates = io(repo.dir);
      assert.equal(await cli(['candidates', '--repo', repo.dir, '--base', base, '--head', head], candidates.io), 0);
      assert.ok(candidates.out.stderr.includes(`fixture-lab: warning: ${said}`), candidates.out.stderr);
    });

    it('`validate` says why a name in the file is not defined, before any suggestion', async () => {
      const run = io(corpus);
      await cli(['validate', corpus], run.io);
      const line = run.out.stdout.split('\n').find((l) => l.includes('`shop/broken.after1` is not defined'));
      assert.ok(line, run.out.stdout);
      assert.match(line, /is not defined at commit [0-9a-f]{7}: shop\/broken\.py:4 has a syntax error tree-sitter could not recover from: definitions in the 10 lines after it may be missing or named inside another, so it may be defined there all the same/);
    });

    it('a run records the answer\'s names in the damaged file, and FINDINGS.md\'s System health says they are scored as misses', async () => {
      const out = join(tempDir(), 'run');
      await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [5000], cwd: corpus });
      const raw = JSON.parse(readFileSync(join(out, 'raw', 'scripted', 'shop-01.json'), 'utf8')) as { names_unparsed?: string[]; names_resolved?: number };
      assert.equal(raw.names_resolved, 1);
      assert.equal(raw.names_unparsed?.length, 1, JSON.stringify(raw));
      assert.match(raw.names_unparsed[0], /^shop\/broken\.py:4 has a syntax error/);
      const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
      // In the report the path is code (reportText), the rest words.
      assert.match(findings, /\*\*Warning:\*\* scripted returned names not defined at the revision in files that could not be read whole, which may be right and are scored as misses: `shop\/broken\.py:4` has a syntax error tree-sitter could not recover from: definitions in the 10 lines after it may be missing/);
    });
  });
});
