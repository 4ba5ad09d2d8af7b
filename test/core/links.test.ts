// Links resolved by what the code says before a name, on real git repositories shaped like the
// code they come from (a Flask-like app, a TypeScript service, a Go package): imports, the
// receiver's declared or constructed type, self/this through base classes, then the same file,
// then a unique name; decorators and registrations; data written in one place and read in another.
import * as assert from 'node:assert/strict';
import { candidatesOf, type RankedCandidate, Repository } from '../../src/core';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const SCAFFOLD = `class Scaffold:
    def __init__(self):
        self.teardown_request_funcs = {}

    def teardown_request(self, f):
        self.teardown_request_funcs.setdefault(None, []).append(f)
        return f
`;
const APP = `from .scaffold import Scaffold


class App(Scaffold):
    def __init__(self):
        super().__init__()
        self.teardown_appcontext_funcs = []

    def teardown_appcontext(self, f):
        self.teardown_appcontext_funcs.append(f)
        return f

    def ensure_sync(self, func):
        return func

    def add_url_rule(self, rule, provide_automatic_options=None):
        rule.provide_automatic_options = provide_automatic_options

    def dispatch_request(self, rule):
        if getattr(rule, "provide_automatic_options", False):
            return self.make_default_options_response()
        return None

    def make_default_options_response(self):
        return "OPTIONS"
`;
const FLASK = `from .sansio.app import App


class Flask(App):
    def do_teardown_request(self, exc):
        for func in reversed(self.teardown_request_funcs[None]):
            self.ensure_sync(func)(exc)

    def do_teardown_appcontext(self, exc):
        for func in reversed(self.teardown_appcontext_funcs):
            self.ensure_sync(func)(exc)
`;
/** Five classes with a \`get\` and two with a \`pop\`: names that everything defines. */
const STORES = ['Store', 'Session', 'Config', 'Headers', 'Cookies'].map((c) => `class ${c}:\n    def get(self, key):\n        return None\n`).join('\n\n')
  + '\n\nclass Stack:\n    def pop(self):\n        return None\n\n\nclass Globals:\n    def pop(self, name):\n        return None\n';
const HELPERS = `from .globals import current_app


def redirect(location, code=302):
    return current_app.redirect(location, code)
`;
const INIT = 'from .helpers import redirect\nfrom .app import Flask\n';
const GLOBALS = `from .app import Flask

current_app: Flask = None
`;
const EXAMPLE = `from flask import Flask
from flask import redirect

app = Flask()


@app.teardown_request
def close_db(exc):
    db = {}
    db.pop("conn", None)
    return None


def init_app(app):
    app.teardown_appcontext(close_db)


def login():
    return redirect("/")
`;

function flaskLike(): { repo: TestRepo; base: string } {
  const repo = new TestRepo();
  const base = repo.commit('base', {
    'src/flask/__init__.py': INIT,
    'src/flask/sansio/scaffold.py': SCAFFOLD,
    'src/flask/sansio/app.py': APP + '\n    def redirect(self, location, code=302):\n        return location\n',
    'src/flask/app.py': FLASK,
    'src/flask/helpers.py': HELPERS,
    'src/flask/globals.py': GLOBALS,
    'src/flask/stores.py': STORES,
    'examples/tutorial/flaskr/db.py': EXAMPLE,
  });
  return { repo, base };
}

describe('links: what the code says before a name', () => {
  it('self through the classes a class extends; the registering methods of the data a change reads', async () => {
    const { repo, base } = flaskLike();
    const head = repo.commit('teardown errors', {
      'src/flask/app.py': FLASK.replace('            self.ensure_sync(func)(exc)\n\n', '            try:\n                self.ensure_sync(func)(exc)\n            except Exception:\n                pass\n\n'),
    });
    const c = by(await candidates(repo, base, head));
    assert.equal(c.get('src/flask/app.Flask.do_teardown_request')?.kind, 'changed');
    // self.ensure_sync in Flask is App's (Flask extends App): resolved, not by name.
    assert.deepEqual(pick(c.get('src/flask/sansio/app.App.ensure_sync')), { kind: 'callee', byName: false, why: 'called by app.Flask.do_teardown_request (line 8)' });
    // do_teardown_request runs teardown_request_funcs: what fills it is a neighbour; the constructor that sets it up too, ranked below it.
    assert.deepEqual(pick(c.get('src/flask/sansio/scaffold.Scaffold.teardown_request')), { kind: 'data', byName: false, why: 'writes teardown_request_funcs (line 6)' });
    assert.deepEqual(pick(c.get('src/flask/sansio/scaffold.Scaffold.__init__')), { kind: 'data', byName: false, why: 'sets up teardown_request_funcs (line 3)' });
    const order = [...c.keys()];
    assert.ok(order.indexOf('src/flask/sansio/scaffold.Scaffold.__init__') > order.indexOf('src/flask/sansio/scaffold.Scaffold.teardown_request'));
  });

  it('a registration and a decorator link the registering method; an imported name is followed through the package that re-exports it', async () => {
    const { repo, base } = flaskLike();
    const head = repo.commit('close db once', {
      'examples/tutorial/flaskr/db.py': EXAMPLE.replace('    db = {}\n', '    db = {"conn": None}\n'),
      'src/flask/helpers.py': HELPERS.replace('code=302', 'code=303'),
    });
    const c = by(await candidates(repo, base, head));
    // `@app.teardown_request` on the changed close_db, `app = Flask()` at module level: Scaffold's method.
    assert.deepEqual(pick(c.get('src/flask/sansio/scaffold.Scaffold.teardown_request')), { kind: 'caller', byName: false, why: 'decorates db.close_db (line 7)' });
    // `app.teardown_appcontext(close_db)`: the registering method counts as close_db's caller.
    assert.deepEqual(pick(c.get('src/flask/sansio/app.App.teardown_appcontext')), { kind: 'caller', byName: false, why: 'registers close_db (line 15)' });
    // `from flask import redirect` is src/flask/helpers.py's redirect (src/flask/__init__.py re-exports it): resolved.
    assert.deepEqual(pick(c.get('examples/tutorial/flaskr/db.login')), { kind: 'caller', byName: false, why: 'calls redirect (line 19)' });
    // `current_app.redirect`: current_app is declared `Flask` in globals.py, Flask extends App.
    assert.deepEqual(pick(c.get('src/flask/sansio/app.App.redirect')), { kind: 'callee', byName: false, why: 'called by helpers.redirect (line 5)' });
    // `db = {}; db.pop(...)`: a dict's pop, not Stack.pop nor Globals.pop.
    assert.ok(!c.has('src/flask/stores.Stack.pop') && !c.has('src/flask/stores.Globals.pop'));
  });

  it('data the change writes: its readers, and what a reader calls under that read (two hops)', async () => {
    const { repo, base } = flaskLike();
    const head = repo.commit('automatic options override', {
      'src/flask/sansio/app.py': APP.replace('        rule.provide_automatic_options = provide_automatic_options\n', '        if provide_automatic_options is None:\n            provide_automatic_options = True\n        rule.provide_automatic_options = provide_automatic_options\n')
        + '\n    def redirect(self, location, code=302):\n        return location\n',
    });
    const c = by(await candidates(repo, base, head));
    assert.deepEqual(pick(c.get('src/flask/sansio/app.App.dispatch_request')), { kind: 'data', byName: false, why: 'reads provide_automatic_options (line 20)' });
    const answer = c.get('src/flask/sansio/app.App.make_default_options_response');
    assert.deepEqual(pick(answer), { kind: 'data', byName: false, why: 'called when dispatch_request reads provide_automatic_options (line 21)' });
    assert.equal(answer?.hops, 2);
  });

  it('a name five classes define is not linked from an unknown receiver, and counted; a typed receiver picks its class', async () => {
    const repo = new TestRepo();
    const code = (body: string) => `from .stores import Store\n\n\ndef load(key, cache):\n${body}\n`;
    const base = repo.commit('base', { 'shop/stores.py': STORES, 'shop/load.py': code('    return cache.get(key)') });
    const untyped = repo.commit('untyped', { 'shop/load.py': code('    return cache.get(key) or None') });
    const c1 = await candidates(repo, base, untyped);
    assert.deepEqual(c1.ranked.map((x) => x.symbol), ['shop/load.load']);
    assert.equal(c1.ambiguous, 1);
    const typed = repo.commit('typed', { 'shop/load.py': code('    store: Store = cache\n    return store.get(key)') });
    const c2 = by(await candidates(repo, untyped, typed));
    assert.deepEqual(pick(c2.get('shop/stores.Store.get')), { kind: 'callee', byName: false, why: 'called by load.load (line 6)' });
    for (const other of ['Session', 'Config', 'Headers', 'Cookies']) assert.ok(!c2.has(`shop/stores.${other}.get`), other);
    const built = repo.commit('constructed', { 'shop/load.py': code('    store = Store()\n    return store.get(key)') });
    const c3 = by(await candidates(repo, typed, built));
    assert.equal(c3.get('shop/stores.Store.get')?.byName, false);
    assert.equal(c3.get('shop/stores.Store')?.kind, 'callee');
  });

  it('a bare name five modules define: not linked and counted by default; linked by name, each a fifth, when the limit allows five', async () => {
    const repo = new TestRepo();
    const files: Record<string, string> = {};
    for (const m of ['a', 'b', 'c', 'd', 'e']) files[`site/${m}.py`] = `def render(page):\n    return "${m}"\n`;
    // No import says which: `render` reaches show() some other way (a builtins patch, a template global).
    const code = (body: string) => `def show(page):\n${body}\n`;
    const base = repo.commit('base', { ...files, 'app/show.py': code('    return render(page)') });
    const head = repo.commit('head', { 'app/show.py': code('    return render(page) or ""') });
    const fallback = await candidates(repo, base, head);
    assert.deepEqual(fallback.ranked.map((x) => x.symbol), ['app/show.show']);
    assert.equal(fallback.ambiguous, 1);
    const r = await Repository.open(repo.dir);
    try {
      const wider = await candidatesOf(r, base, head, { ambiguousLimit: 5 });
      assert.equal(wider.ambiguous, 0);
      const linked = wider.ranked.filter((x) => x.kind === 'callee');
      assert.deepEqual(linked.map((x) => [x.symbol, x.byName]), ['a', 'b', 'c', 'd', 'e'].map((m) => [`site/${m}.render`, true]));
    } finally {
      r.close();
    }
  });

  it('TypeScript: named and namespace imports, `const x: T`, `new T()` and `this`', async () => {
    const repo = new TestRepo();
    const models = 'export class Cart {\n  total(): number {\n    return 1;\n  }\n}\n\nexport class Order {\n  total(): number {\n    return 2;\n  }\n}\n';
    const util = 'export function format(n: number): string {\n  return String(n);\n}\n';
    const other = 'export function format(n: number): string {\n  return "x";\n}\n';
    const view = (body: string) => `import { Cart, Order } from './models';\nimport * as util from './util';\n\nexport class View {\n  label(): string {\n    return 'x';\n  }\n\n  render(): string {\n${body}\n  }\n}\n`;
    const base = repo.commit('base', { 'web/models.ts': models, 'web/util.ts': util, 'web/other.ts': other, 'web/view.ts': view('    return "";') });
    const head = repo.commit('head', { 'web/view.ts': view('    const cart: Cart = new Cart();\n    const order = new Order();\n    return util.format(cart.total() + order.total()) + this.label();') });
    const c = by(await candidates(repo, base, head));
    assert.equal(c.get('web/models.Cart.total')?.byName, false);
    assert.equal(c.get('web/models.Order.total')?.byName, false);
    assert.equal(c.get('web/util.format')?.kind, 'callee');
    assert.ok(!c.has('web/other.format'), 'util.format names web/util');
    assert.equal(c.get('web/view.View.label')?.why, 'called by view.View.render (line 12)');
  });

  it('Go: package qualifiers and `x := T{}`', async () => {
    const repo = new TestRepo();
    const store = 'package store\n\ntype Cache struct{}\n\nfunc (c *Cache) Get(k string) string {\n\treturn k\n}\n\nfunc New() *Cache {\n\treturn &Cache{}\n}\n';
    const other = 'package other\n\ntype Map struct{}\n\nfunc (m *Map) Get(k string) string {\n\treturn ""\n}\n\nfunc New() *Map {\n\treturn &Map{}\n}\n';
    const main = (body: string) => `package main\n\nimport (\n\t"example.com/app/store"\n)\n\nfunc run() string {\n${body}\n}\n`;
    const base = repo.commit('base', { 'store/store.go': store, 'other/other.go': other, 'main.go': main('\treturn ""') });
    const head = repo.commit('head', { 'main.go': main('\tc := store.Cache{}\n\t_ = store.New()\n\treturn c.Get("k")') });
    const c = by(await candidates(repo, base, head));
    assert.equal(c.get('store/store.New')?.byName, false);
    assert.ok(!c.has('other/other.New'), 'store.New names the store package');
    assert.equal(c.get('store/store.Cache.Get')?.byName, false);
    assert.ok(!c.has('other/other.Map.Get'));
  });
});

function pick(c: RankedCandidate | undefined): { kind: string; byName: boolean; why: string } | undefined {
  return c && { kind: c.kind, byName: c.byName, why: c.why };
}
