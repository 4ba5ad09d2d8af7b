// The scip resolver on a small real git history, with the real indexers (scip-python 0.6.6,
// scip-typescript 0.4.0, installed from the npm registry into .cache/systems/ on first use, as
// test/systems/setup.mjs installs codegraph): a receiver only a type checker can type links where
// the heuristics, seeing two same-named methods, link nothing; every fallback is said.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { by, candidates, INDEXERS_DIR } from '../helpers/changeCandidates';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { inTree, killAll, survivors } from '../helpers/procs';
import { tempDir } from '../helpers/tempDir';

const BIN = resolve(__dirname, '../../../dist/cli.js');

const WIDGET_TS = `export class Widget {
  render(): string {
    return 'w';
  }
}

export class Gadget {
  render(): string {
    return 'g';
  }
}

// No declared return type: the heuristics take a variable's type from the declared return type of
// the call that assigned it, the type checker infers it.
export function makeWidget() {
  return new Widget();
}
`;
const PAGE_TS = (tail: string) => `import { makeWidget } from './widget';

export function show(): string {
  const w = makeWidget();
  return w.render()${tail};
}
`;
const WIDGET_PY = (tail: string) => `class Widget:
    def render(self):
        return "w"${tail}


class Gadget:
    def render(self):
        return "g"


def make_widget():
    return Widget()
`;
const PAGE_PY = `from .widget import make_widget


def show():
    w = make_widget()
    return w.render()
`;

describe('the scip resolver', function () {
  // The first run installs the indexers (about a minute) and indexes both sides with each.
  this.timeout(20 * 60_000);

  it('links a call on a receiver only the type checker can type, in TypeScript (callee) and Python (caller); the index is cached per revision', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', {
      'web/widget.ts': WIDGET_TS, 'web/page.ts': PAGE_TS(''), 'shop/__init__.py': '', 'shop/widget.py': WIDGET_PY(''), 'shop/page.py': PAGE_PY });
    const head = repo.commit('change both', { 'web/page.ts': PAGE_TS(" + '!'"), 'shop/widget.py': WIDGET_PY(' + "!"') });

    const heuristic = await candidates(repo, base, head, { resolver: 'heuristic' });
    assert.equal(heuristic.resolver.used, 'heuristic');
    assert.ok(!by(heuristic).has('web/widget.Widget.render'), 'the heuristics cannot tell which render `w.render()` calls');
    assert.ok(!by(heuristic).has('shop/page.show'));

    const scip = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(scip.resolver.used, 'scip', scip.resolver.notes.join('\n'));
    const found = by(scip);
    assert.equal(found.get('web/widget.Widget.render')?.kind, 'callee');
    assert.equal(found.get('web/widget.Widget.render')?.byName, false);
    assert.ok(!found.has('web/widget.Gadget.render'), 'the other render is not called');
    assert.equal(found.get('web/widget.makeWidget')?.kind, 'callee');
    assert.equal(found.get('shop/page.show')?.kind, 'caller');
    assert.equal(found.get('shop/page.show')?.why, 'calls render (line 6)');

    // Both revisions' indexes come from the cache the second time.
    const again = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(again.resolver.indexSeconds, 0);
    assert.deepEqual(again.symbols, scip.symbols);
  });

  it('falls back to the heuristics, and says so, where no indexer is installed or none covers the language', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'pkg/run.go': 'package pkg\n\nfunc Run() int {\n\treturn helper()\n}\n\nfunc helper() int {\n\treturn 1\n}\n' });
    const head = repo.commit('change', { 'pkg/run.go': 'package pkg\n\nfunc Run() int {\n\treturn helper() + 1\n}\n\nfunc helper() int {\n\treturn 1\n}\n' });
    const heuristic = await candidates(repo, base, head, { resolver: 'heuristic' });

    const missing = await candidates(repo, base, head, { resolver: 'scip', indexersDir: tempDir(), install: false });
    assert.equal(missing.resolver.used, 'heuristic');
    assert.match(missing.resolver.notes.join('\n'), /^scip resolver unavailable \(no indexers installed in .*\): names resolved by the tree-sitter heuristics$/);
    assert.deepEqual(missing.symbols, heuristic.symbols);

    const go = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(go.resolver.used, 'heuristic');
    assert.deepEqual(go.resolver.notes, ['no SCIP indexer for go: its names resolved by the tree-sitter heuristics']);
    assert.deepEqual(go.symbols, heuristic.symbols);

    // The command line says it on stderr, and names the resolver in its JSON (its indexers from FIXTURE_LAB_INDEXERS).
    const saved = process.env.FIXTURE_LAB_INDEXERS;
    process.env.FIXTURE_LAB_INDEXERS = INDEXERS_DIR;
    const cli = await run(repo.dir, 'candidates', '--repo', repo.dir, '--base', base, '--head', head, '--resolver', 'scip', '--json')
      .finally(() => (saved === undefined ? delete process.env.FIXTURE_LAB_INDEXERS : (process.env.FIXTURE_LAB_INDEXERS = saved)));
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stderr, /fixture-lab: no SCIP indexer for go: its names resolved by the tree-sitter heuristics/);
    assert.equal(JSON.parse(cli.stdout).resolver, 'heuristic');
    const bad = await run(repo.dir, 'candidates', '--repo', repo.dir, '--base', base, '--head', head, '--resolver', 'lsp');
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /--resolver/);
  });

  it('a CLI stopped by SIGTERM while an indexer works leaves no indexer running; the next run sweeps the tree and partial index it left', async () => {
    const repo = new TestRepo();
    // Fresh commits (a random line), so no index of them is cached and the indexer must run.
    const salt = randomBytes(6).toString('hex');
    const base = repo.commit('base', { 'shop/__init__.py': `# ${salt}\n`, 'shop/widget.py': WIDGET_PY(''), 'shop/page.py': PAGE_PY });
    const head = repo.commit('change', { 'shop/widget.py': WIDGET_PY(' + "!"') });
    const tmp = tempDir();
    const probe = randomBytes(6).toString('hex');
    const env = { ...process.env, FIXTURE_LAB_INDEXERS: INDEXERS_DIR, TMPDIR: tmp, PROBE: probe };
    const argv = [BIN, 'candidates', '--repo', repo.dir, '--base', base, '--head', head, '--resolver', 'scip', '--json'];
    const cli = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((r) => cli.once('exit', (code) => r(code)));
    const indexer = () => inTree({ env: `PROBE=${probe}` }).filter((p) => p.cmdline.includes('scip-python'));
    try {
      const end = Date.now() + 120_000;
      while (indexer().length === 0) {
        assert.ok(Date.now() < end, 'the indexer started');
        await new Promise((r) => setTimeout(r, 50));
      }
      cli.kill('SIGTERM');
      assert.equal(await exited, 143);
      assert.deepEqual(await survivors({ env: `PROBE=${probe}` }), [], 'the indexer was reaped with the CLI');
      assert.ok(readdirSync(tmp).some((n) => n.startsWith(`fixture-lab-scip-${cli.pid}-`)), 'the stopped CLI left its exported tree');
    } finally {
      cli.kill('SIGKILL');
      killAll(inTree({ env: `PROBE=${probe}` }).map((p) => p.pid));
    }

    const again = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    again.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    again.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    assert.equal(await new Promise((r) => again.once('exit', r)), 0);
    assert.equal(JSON.parse(stdout).resolver, 'scip');
    // The wait is said as it starts, once per revision indexed (the base's index may have been written before the signal).
    assert.match(stderr, new RegExp(`^fixture-lab: indexing ${head.slice(0, 12)} with @sourcegraph/scip-python 0\\.6\\.6 \\(once per revision; minutes on a large repository\\)$`, 'm'));
    assert.deepEqual(readdirSync(tmp).filter((n) => n.startsWith('fixture-lab-scip-')), [], 'no exported tree is left, the stopped one swept');
    const indexes = join(INDEXERS_DIR, 'indexes');
    assert.ok(existsSync(indexes));
    assert.deepEqual(readdirSync(indexes).filter((n) => n.endsWith(`.${cli.pid}.partial`) || n.endsWith(`.${again.pid}.partial`)), []);
  });
});
