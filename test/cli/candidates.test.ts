// `fixture-lab candidates`: a list a labeler can use, on real git repositories. Each candidate
// says what it is and why it is there; tests come after every non-test, and only when the change
// touches tests; a name defined everywhere (`get`) links nothing unless the code picks one; the
// cut is reported.
import * as assert from 'node:assert/strict';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';

const APP = `from .stores import Store


class App:
    def __init__(self):
        self.teardown_funcs = []
        self.store = Store()

    def teardown_request(self, f):
        self.teardown_funcs.append(f)
        return f

    def get(self, key):
        return self.store.get(key)

    def render(self, key):
        value = self.get(key)
        cached = CACHE.get(key)
        return f"{value}{cached}"


CACHE = {}
`;
const STORES = ['Store', 'Session', 'Config', 'Headers', 'Cookies'].map((c) => `class ${c}:\n    def get(self, key):\n        return None\n`).join('\n\n');
const VIEWS = `from .app import App

app = App()


@app.teardown_request
def close_db(exc):
    return None


def show(key):
    return app.render(key)
`;
const TESTS = `from shop.app import App


def test_render():
    assert App().render("k") == "NoneNone"


def test_teardown():
    App().teardown_request(lambda e: None)
`;

interface JsonOut {
  symbols: string[];
  candidates: { symbol: string; kind: string; hops: number; links: number; test: boolean; why: string; score: number }[];
  cut: { kept: number; of: number; nextScore: number | null; by: 'evidence' | 'limit' | null };
  ambiguous: number;
}

function repo(): { r: TestRepo; base: string; code: string; withTests: string } {
  const r = new TestRepo();
  const base = r.commit('base', { 'shop/app.py': APP, 'shop/stores.py': STORES, 'shop/views.py': VIEWS, 'tests/test_app.py': TESTS });
  const code = r.commit('render escapes', { 'shop/app.py': APP.replace('        return f"{value}{cached}"', '        return escape(f"{value}{cached}")').replace('        self.teardown_funcs.append(f)', '        self.teardown_funcs.insert(0, f)') });
  const withTests = r.commit('test escaping', { 'tests/test_app.py': TESTS.replace('"NoneNone"', '"None" * 2') });
  return { r, base, code, withTests };
}

async function json(dir: string, ...args: string[]): Promise<JsonOut> {
  const out = await run(dir, 'candidates', '--repo', dir, '--json', ...args);
  assert.equal(out.code, 0, out.stderr);
  return JSON.parse(out.stdout) as JsonOut;
}

describe('fixture-lab candidates: ranking a person can use', () => {
  it('each candidate has kind, hops, links, test and a one-line why; a changed method does not make its class changed', async () => {
    const { r, base, code } = repo();
    const out = await json(r.dir, '--base', base, '--head', code);
    const by = new Map(out.candidates.map((c) => [c.symbol, c]));
    assert.deepEqual(by.get('shop/app.App.render'), { symbol: 'shop/app.App.render', kind: 'changed', hops: 0, links: 0, test: false, why: 'modified (lines 16-19)', score: 1, file: 'shop/app.py', line: 16 });
    assert.ok(!by.has('shop/app.App'), 'App\'s own lines did not change');
    // self.get resolves to App.get; the caller through a decorator counts.
    assert.equal(by.get('shop/app.App.get')?.kind, 'callee');
    assert.equal(by.get('shop/app.App.get')?.why, 'called by app.App.render (line 17)');
    assert.equal(by.get('shop/views.close_db')?.kind, 'caller');
    assert.equal(by.get('shop/views.close_db')?.why, 'decorated with teardown_request (line 6)');
    assert.equal(by.get('shop/views.show')?.why, 'calls render (line 12)');
    assert.equal(by.get('shop/views.show')?.hops, 1);
    // `CACHE.get` names five definitions of `get` elsewhere and nothing picks one: not linked, counted.
    for (const c of ['Store', 'Session', 'Config', 'Headers', 'Cookies']) assert.ok(!by.has(`shop/stores.${c}.get`), c);
    assert.equal(out.ambiguous, 1);
    // A change that touches no test: no test candidate.
    assert.deepEqual(out.candidates.filter((c) => c.test), []);
    assert.deepEqual(out.cut, { kept: out.candidates.length, of: out.candidates.length, nextScore: null, by: null });
  });

  it('tests only when the change touches tests, after every non-test (--tests after, the default); mixed and exclude', async () => {
    const { r, base, withTests } = repo();
    const after = await json(r.dir, '--base', base, '--head', withTests);
    const firstTest = after.candidates.findIndex((c) => c.test);
    assert.ok(firstTest > 0, JSON.stringify(after.candidates));
    assert.ok(after.candidates.slice(firstTest).every((c) => c.test), 'no non-test after a test');
    assert.ok(after.symbols.includes('tests/test_app.test_teardown'));
    const excluded = await json(r.dir, '--base', base, '--head', withTests, '--tests', 'exclude');
    assert.deepEqual(excluded.candidates.filter((c) => c.test), []);
    const mixed = await json(r.dir, '--base', base, '--head', withTests, '--tests', 'mixed');
    assert.deepEqual(new Set(mixed.symbols), new Set(after.symbols));
    const bad = await run(r.dir, 'candidates', '--repo', r.dir, '--base', base, '--head', withTests, '--tests', 'first');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--tests must be exclude or after or mixed/);
  });

  it('--limit keeps that many non-test candidates, changed ones always, and says what it cut', async () => {
    const { r, base, code } = repo();
    const all = await json(r.dir, '--base', base, '--head', code);
    const cut = await json(r.dir, '--base', base, '--head', code, '--limit', '3');
    assert.equal(cut.candidates.length, 3);
    assert.deepEqual(cut.symbols, all.symbols.slice(0, 3));
    assert.deepEqual(cut.cut, { kept: 3, of: all.candidates.length, nextScore: all.candidates[3].score, by: 'limit' });
    const text = await run(r.dir, 'candidates', '--repo', r.dir, '--base', base, '--head', code, '--limit', '3');
    assert.match(text.stdout, new RegExp(`kept 3 of ${all.candidates.length}, next score ${all.candidates[3].score}`));
  });
});
