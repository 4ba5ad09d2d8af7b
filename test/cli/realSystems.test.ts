// The real retrieval systems, pinned, run through `fixture-lab run` and `fixture-lab systems check`
// with docs/scoring.md's entries as written: no wrapper, and no PATH set up. Each entry's `npm:`
// installs its package on first use into the tests' cache (.cache/systems/, which
// test/systems/setup.mjs fills beside the build: one install for the suite). codegraph's answers must name symbols that
// exist at the revision; gitnexus, offline here, must be reported degraded with its own warning.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { namesAtRevision, packageHome, RawResult, RepoSymbols } from '../../src/core';
import { generate } from '../bench/generatedRepo';
import { run } from '../helpers/cli';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

/** docs/scoring.md's entry for `name`, as written there. */
function documented(name: string): string {
  const doc = readFileSync(join(ROOT, 'docs/scoring.md'), 'utf8');
  const entry = [...doc.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((m) => m[1]).find((b) => b.startsWith(`  - name: ${name}\n`));
  assert.ok(entry, `docs/scoring.md documents ${name}`);
  return entry;
}

/** Where the tests' systems install (test/systems/setup.mjs fills it beside the build). */
const CACHE = join(ROOT, '.cache', 'systems');

const readRaw = (out: string, system: string, task: string): RawResult => JSON.parse(readFileSync(join(out, 'raw', system, `${task}.json`), 'utf8'));

describe('real systems, installed and run as documented', function () {
  this.timeout(900_000);
  const saved = { HOME: process.env.HOME, FIXTURE_LAB_SYSTEMS: process.env.FIXTURE_LAB_SYSTEMS };

  before(() => {
    // The documented entries' `npm:` packages install into (or are found in) the tests' cache;
    // gitnexus keeps its registry of indexed folders in ~/.gitnexus, so HOME is a folder of this test's own.
    process.env.FIXTURE_LAB_SYSTEMS = CACHE;
    process.env.HOME = tempDir();
    process.env.CODEGRAPH_TELEMETRY = '0';
    // This machine is shared and busy: gitnexus's parse workers get a minute to start, not 5 s (docs/scoring.md).
    process.env.GITNEXUS_WORKER_READY_TIMEOUT_MS = '60000';
  });
  after(() => {
    process.env.HOME = saved.HOME;
    if (saved.FIXTURE_LAB_SYSTEMS === undefined) delete process.env.FIXTURE_LAB_SYSTEMS;
    else process.env.FIXTURE_LAB_SYSTEMS = saved.FIXTURE_LAB_SYSTEMS;
    delete process.env.GITNEXUS_WORKER_READY_TIMEOUT_MS;
    delete process.env.CODEGRAPH_TELEMETRY;
  });

  it('codegraph 1.6.1 on the demo corpus: `fixture-lab run` with the documented entry, its names resolving at the revision', async () => {
    const corpus = demoCorpus(`systems:\n${documented('codegraph')}`);
    const r = await run(corpus, 'run', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'out');
    assert.equal(r.code, 0, r.stderr);
    const raw = readRaw(join(corpus, 'out'), 'codegraph', 'bookshop-easy-01');
    assert.equal(raw.status, 'ok', raw.error);
    const info = JSON.parse(readFileSync(join(corpus, 'out', 'run.json'), 'utf8'));
    assert.equal(info.systems[0].argv.query[0], join(packageHome({ name: '@colbymchenry/codegraph', version: '1.6.1' }, CACHE), 'node_modules/.bin/codegraph'),
      'the pinned package\'s program, from the cache');
    // Hand-checked at 76fa6ca (the task's base): each is defined there, in codegraph's order.
    assert.deepEqual(raw.symbols, ['shop/pricing.DISCOUNT_CAP_PERCENT', 'shop/cart.Cart.add', 'shop/models.Order', 'shop/cart.Cart', 'shop/models.LineItem',
      'shop/checkout.checkout']);
    const symbols = new RepoSymbols({ name: 'bookshop', language: [], path: join(ROOT, 'corpus/.repos/bookshop') }, corpus, { cacheDir: false });
    try {
      const names = await namesAtRevision(symbols.resolver, raw.rev, raw.symbols, 'example.com/bookshop');
      assert.deepEqual(names.missing, [], 'every name codegraph returned exists at the task\'s base');
    } finally {
      await symbols.close();
    }
  });

  it('codegraph 1.6.1 on a generated repository: the same entry, names resolving', async () => {
    const repo = new TestRepo();
    generate(repo.dir, 9, () => 3);
    const commit = repo.commit('generated');
    const corpus = tempDir();
    writeFileSync(join(corpus, 'repos.yaml'), `repos:\n  - name: gen\n    url: https://example.com/gen.git\n    commit: "${commit}"\n`
      + `    language: [python, go, typescript]\n    path: ${JSON.stringify(repo.dir)}\n`);
    writeFileSync(join(corpus, 'systems.yaml'), `systems:\n${documented('codegraph')}`);
    mkdirSync(join(corpus, 'tasks', 'gen', 'easy'), { recursive: true });
    writeFileSync(join(corpus, 'tasks', 'gen', 'easy', '01-retry.yaml'), `id: gen-01\nrepo: gen\ndifficulty: easy\ncommit: "${commit}"\n`
      + 'task: "Service3_2 handle should retry the lookup when the cache misses, and helper_2 should keep the retries"\n'
      + 'ground_truth:\n  - {symbol: mod0/file3.Service3_2.handle, confidence: HIGH, reason: r}\n  - {symbol: mod0/file3.helper_2, confidence: MEDIUM, reason: r}\n');
    const r = await run(corpus, 'run', '--budget', '5000', '--out', 'out');
    assert.equal(r.code, 0, r.stderr);
    const raw = readRaw(join(corpus, 'out'), 'codegraph', 'gen-01');
    assert.equal(raw.status, 'ok', raw.error);
    // Hand-checked: file0.py and file3.py are Python files of eight Service classes (handle, lookup) and helpers each.
    assert.deepEqual(raw.symbols, ['mod0/file0.helper_2', 'mod0/file3.Service3_2', 'mod0/file3.helper_2', 'mod0/file0.Service0_2.handle',
      'mod0/file3.Service3_2.handle', 'mod0/file3.Service3_2.lookup']);
    const symbols = new RepoSymbols({ name: 'gen', language: [], path: repo.dir }, corpus, { cacheDir: false });
    try {
      assert.deepEqual((await namesAtRevision(symbols.resolver, commit, raw.symbols)).missing, []);
    } finally {
      await symbols.close();
    }
  });

  it('codegraph with a parse that maps nothing: `systems check` says so in one line', async () => {
    const entry = documented('codegraph');
    const corpus = demoCorpus(`systems:\n${entry.replace('file: filePath, name: qualifiedName', 'name: name').replace('name: codegraph', 'name: bare')}`
      + `${entry.replace('file: filePath, name: qualifiedName', 'file: filePath, name: qualified_name').replace('name: codegraph', 'name: misnamed')}`);
    const r = await run(corpus, 'systems', 'check', '--task', 'bookshop-easy-01');
    assert.equal(r.code, 1);
    const firsts = r.stdout.split('\n').filter((l) => /^\S+ \((command|mcp)\)/.test(l));
    assert.deepEqual(firsts, [
      'bare (command): UNMAPPED: returned 6 names, 0 exist at 76fa6ca: check `parse`',
      'misnamed (command): FAILED: query output: none of the 6 items at `nodes[]` has a `qualified_name` text field: point parse.name at the field naming '
        + 'each symbol: check `parse` against the output',
    ]);
  });

  it('gitnexus 1.6.12 through both entries: offline, every answer is empty with its own warning; `systems check` says degraded, and an '
    + 'unknown tool lists the server\'s tools', async () => {
    const badTool = '  - name: nexus-badtool\n    type: mcp\n    npm: gitnexus@1.6.12\n    server: [gitnexus, mcp]\n    tool: search_codebase\n    arguments: {query: "{task}"}\n';
    const corpus = demoCorpus(`systems:\n${documented('gitnexus')}${documented('gitnexus-mcp')}${badTool}`);
    const r = await run(corpus, 'run', '--systems', 'gitnexus,gitnexus-mcp', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'out');
    assert.equal(r.code, 0, r.stderr);
    for (const system of ['gitnexus', 'gitnexus-mcp']) {
      const raw = readRaw(join(corpus, 'out'), system, 'bookshop-easy-01');
      assert.equal(raw.status, 'ok', `${system}: ${raw.error}`);
      assert.deepEqual(raw.symbols, [], `${system} answers nothing offline`);
      assert.match(raw.output, /"warning": "FTS extension failed to load — keyword search degraded/, system);
      assert.ok(raw.timings.index_ms! > 0, `${system} indexed`);
    }
    assert.match(readRaw(join(corpus, 'out'), 'gitnexus-mcp', 'bookshop-easy-01').output, /\n---\n\*\*Next:\*\*/, 'the MCP text keeps its trailer');

    const check = await run(corpus, 'systems', 'check', '--systems', 'gitnexus,nexus-badtool', '--task', 'bookshop-easy-01');
    assert.equal(check.code, 1);
    const firsts = check.stdout.split('\n').filter((l) => /^\S+ \((command|mcp)\)/.test(l));
    assert.equal(firsts.length, 2, check.stdout);
    assert.match(firsts[0], /^gitnexus \(command\): DEGRADED: returned no names and warns: FTS extension failed to load — keyword search degraded .*: the system is degraded here; fix its installation or index$/);
    assert.match(firsts[1], /^nexus-badtool \(mcp\): FAILED: the MCP server has no tool `search_codebase`: set `tool:` to one of list_repos, query, cypher, context, /);
    assert.match(check.stdout, /^ {2}warning: {2}FTS extension failed to load/m);
  });
});
