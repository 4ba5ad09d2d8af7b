// Issue 27, "variables are symbols": module-level variables and constants, class attributes,
// TypeScript class fields and Go struct fields are definitions a change can touch by themselves,
// on small real git histories shaped like the flask, ky and cobra changes the issue measured.
import * as assert from 'node:assert/strict';
import { candidatesOf, changedSymbols, checkCorpusSymbols, loadCorpus, Repository } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const VIEWS = `class View:
    methods = None
    provide_automatic_options = None
    decorators = []

    def dispatch_request(self):
        raise NotImplementedError

    @classmethod
    def as_view(cls, name):
        def view(**kwargs):
            return cls().dispatch_request(**kwargs)

        view.methods = cls.methods
        view.provide_automatic_options = cls.provide_automatic_options
        return view
`;

const GLOBALS = `from contextvars import ContextVar

from werkzeug.local import LocalProxy

_cv_request = ContextVar("flask.request_ctx")
session = LocalProxy(_cv_request, "session")
`;

const SIGNALS = `from blinker import Namespace

_signals = Namespace()
request_started = _signals.signal("request-started")
request_tearing_down = _signals.signal("request-tearing-down")
`;

const APP = `from . import signals
from .globals import session
from .views import View


class Flask:
    default_config = {"DEBUG": False}

    def do_teardown_request(self, exc):
        signals.request_tearing_down.send(self, exc=exc)

    def save(self):
        return session.modified


def make_view():
    return View()


def make_app():
    return Flask()
`;

/** `change kind symbol lines` for each changed definition. */
async function changed(r: Repository, base: string, head: string): Promise<string[]> {
  return (await changedSymbols(r, base, head)).symbols.map((s) => `${s.change} ${s.kind} ${s.symbol} ${s.startLine}-${s.endLine}`);
}

describe('variables are symbols: what a change touches', () => {
  let repo: TestRepo;
  let r: Repository;
  let base: string;

  before(async () => {
    repo = new TestRepo();
    base = repo.commit('base', { 'src/flask/views.py': VIEWS, 'src/flask/globals.py': GLOBALS, 'src/flask/signals.py': SIGNALS, 'src/flask/app.py': APP });
    r = await Repository.open(repo.dir);
  });
  after(() => r.close());

  it('a one-line class-attribute change changes that attribute, not its class', async () => {
    repo.git('checkout', '-q', '-B', 'attribute', base);
    const head = repo.commit('attribute', { 'src/flask/views.py': VIEWS.replace('provide_automatic_options = None', 'provide_automatic_options: bool | None = None') });
    assert.deepEqual(await changed(r, base, head), ['modified field src/flask/views.View.provide_automatic_options 3-3']);
    const c = await candidatesOf(r, base, head);
    // The class is not changed, so its instantiation (`make_view`) is no caller.
    assert.ok(!c.symbols.includes('src/flask/views.View') && !c.symbols.includes('src/flask/app.make_view'), c.symbols.join('\n'));
    assert.equal(c.ranked[0].symbol, 'src/flask/views.View.provide_automatic_options');
    assert.equal(c.ranked[0].kind, 'changed');
  });

  it('an added or deleted attribute changes its class (its shape), and the attribute itself', async () => {
    repo.git('checkout', '-q', '-B', 'added', base);
    const head = repo.commit('added', { 'src/flask/views.py': VIEWS.replace('    decorators = []\n', '    decorators = []\n    init_every_request = True\n') });
    assert.deepEqual(await changed(r, base, head), ['modified class src/flask/views.View 1-17', 'added field src/flask/views.View.init_every_request 5-5']);
    repo.git('checkout', '-q', '-B', 'deleted', base);
    const gone = repo.commit('deleted', { 'src/flask/views.py': VIEWS.replace('    decorators = []\n', '') });
    assert.deepEqual(await changed(r, base, gone), ['modified class src/flask/views.View 1-15', 'deleted field src/flask/views.View.decorators 4-4']);
  });

  it('a module variable and a signal are changed symbols, linked to what they read', async () => {
    repo.git('checkout', '-q', '-B', 'module', base);
    const head = repo.commit('module', {
      'src/flask/globals.py': GLOBALS.replace('LocalProxy(_cv_request, "session")', 'LocalProxy(_cv_request, "session", unbound_message="no session")'),
      'src/flask/signals.py': SIGNALS.replace('"request-tearing-down"', '"request-teardown"'),
    });
    assert.deepEqual(await changed(r, base, head), [
      'modified variable src/flask/globals.session 6-6',
      'modified variable src/flask/signals.request_tearing_down 5-5',
    ]);
    const c = await candidatesOf(r, base, head);
    const brief = c.ranked.map((x) => `${x.kind} ${x.symbol}`);
    // What the changed variable itself reads is a neighbour, as a function's would be.
    assert.ok(brief.includes('data src/flask/globals._cv_request'), brief.join('\n'));
    assert.ok(brief.includes('data src/flask/signals._signals'), brief.join('\n'));
  });

  it('changed code reading a module variable, a signal or its class\'s attribute links each as data', async () => {
    repo.git('checkout', '-q', '-B', 'readers', base);
    const head = repo.commit('readers', {
      'src/flask/app.py': APP
        .replace('signals.request_tearing_down.send(self, exc=exc)', 'signals.request_tearing_down.send(self, exc=exc, config=self.default_config)')
        .replace('return session.modified', 'return session.modified or session.permanent'),
    });
    const c = await candidatesOf(r, base, head);
    const brief = c.ranked.map((x) => `${x.kind} ${x.symbol}`);
    for (const s of ['data src/flask/signals.request_tearing_down', 'data src/flask/globals.session', 'data src/flask/app.Flask.default_config']) {
      assert.ok(brief.includes(s), `${s} missing from\n${brief.join('\n')}`);
    }
  });
});

describe('variables are symbols: TypeScript class fields and Go struct fields', () => {
  it('a field edited in place is the change, not its class or struct; a module `let` is a symbol', async () => {
    const repo = new TestRepo();
    const ky = `export let defaultRetries = 2;\n\nexport class Ky {\n  protected _retryCount = 0;\n  static timeout = 10000;\n\n  run(): number {\n    return this._retryCount;\n  }\n}\n`;
    const cobra = `package cobra\n\nvar EnablePrefixMatching = false\n\ntype Command struct {\n\tUse   string\n\tShort string\n}\n\nfunc (c *Command) Name() string {\n\treturn c.Use\n}\n`;
    const base = repo.commit('base', { 'source/core/Ky.ts': ky, 'command.go': cobra });
    const head = repo.commit('head', {
      'source/core/Ky.ts': ky.replace('static timeout = 10000;', 'static timeout = 5000;').replace('let defaultRetries = 2', 'let defaultRetries = 3'),
      'command.go': cobra.replace('\tShort string\n', '\tShort string `json:"short"`\n').replace('EnablePrefixMatching = false', 'EnablePrefixMatching = true'),
    });
    const r = await Repository.open(repo.dir);
    try {
      assert.deepEqual(await changed(r, base, head), [
        'modified variable command.EnablePrefixMatching 3-3',
        'modified field command.Command.Short 7-7',
        'modified variable source/core/Ky.defaultRetries 1-1',
        'modified field source/core/Ky.Ky.timeout 5-5',
      ]);
    } finally {
      r.close();
    }
  });

  it('a struct gaining a field is modified; the fields gofmt realigns around it are not', async () => {
    const repo = new TestRepo();
    const queue = 'package queue\n\ntype Job struct {\n\tID      string\n\tPayload map[string]string\n}\n';
    const base = repo.commit('base', { 'worker/queue.go': queue });
    const head = repo.commit('head', { 'worker/queue.go': queue.replace('\tID      string\n\tPayload map[string]string\n', '\tID       string\n\tPayload  map[string]string\n\tAttempts int\n') });
    const r = await Repository.open(repo.dir);
    try {
      assert.deepEqual(await changed(r, base, head), ['modified struct worker/queue.Job 3-7', 'added field worker/queue.Job.Attempts 6-6']);
    } finally {
      r.close();
    }
  });

  it('a field is linked through its own class (`this.x`, `self.x`), never by its name alone on a receiver nothing types', async () => {
    const repo = new TestRepo();
    const models = `class Rule:\n    endpoint = None\n\n\nclass Other:\n    weight = 1\n`;
    const app = `class App:\n    timeout = 5\n\n    def run(self, thing):\n        return self.timeout + thing.weight\n`;
    const base = repo.commit('base', { 'pkg/models.py': models, 'pkg/app.py': app });
    const head = repo.commit('head', { 'pkg/app.py': app.replace('self.timeout + thing.weight', 'self.timeout * 2 + thing.weight') });
    const r = await Repository.open(repo.dir);
    try {
      const brief = (await candidatesOf(r, base, head)).ranked.map((x) => `${x.kind} ${x.symbol}`);
      assert.deepEqual(brief, ['changed pkg/app.App.run', 'data pkg/app.App.timeout']);
    } finally {
      r.close();
    }
  });

  it('data still flows through an attribute a class also declares (`View.provide_automatic_options` and `rule.provide_automatic_options`)', async () => {
    const repo = new TestRepo();
    const app = `class App:\n    def add_url_rule(self, rule, view):\n        rule.provide_automatic_options = False\n\n    def dispatch_request(self, rule):\n        if rule.provide_automatic_options:\n            return self.make_default_options_response()\n        return None\n\n    def make_default_options_response(self):\n        return "options"\n`;
    const base = repo.commit('base', { 'src/flask/views.py': VIEWS, 'src/flask/app.py': app });
    const head = repo.commit('head', { 'src/flask/app.py': app.replace('rule.provide_automatic_options = False', 'rule.provide_automatic_options = getattr(view, "provide_automatic_options", None)') });
    const r = await Repository.open(repo.dir);
    try {
      const brief = (await candidatesOf(r, base, head)).ranked.map((x) => `${x.kind} ${x.symbol}`);
      assert.ok(brief.includes('data src/flask/app.App.dispatch_request'), brief.join('\n'));
      assert.ok(brief.includes('data src/flask/app.App.make_default_options_response'), brief.join('\n'));
    } finally {
      r.close();
    }
  });
});

describe('variables are symbols: validate resolves them', () => {
  it('a module variable, a signal and a class attribute resolve; a misspelt attribute is offered the real one', async () => {
    const repo = new TestRepo();
    const head = repo.commit('base', { 'src/flask/views.py': VIEWS, 'src/flask/globals.py': GLOBALS, 'src/flask/signals.py': SIGNALS });
    const names = ['src/flask/globals.session', 'src/flask/signals.request_tearing_down', 'src/flask/views.View.provide_automatic_options', 'src/flask/views.View.provide_automatic_option'];
    const dir = tempDir({
      'repos.yaml': `repos:\n  - name: flask\n    url: https://github.com/pallets/flask\n    commit: "${head}"\n    language: python\n    path: ${JSON.stringify(repo.dir)}\n`,
      'tasks/flask/easy/01-a.yaml': `id: "flask-easy-01"\nrepo: flask\ncommit: "${head}"\ntask: "t"\nground_truth:\n${names.map((n) => `  - {symbol: "${n}", confidence: HIGH, reason: r}`).join('\n')}\n`,
    });
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(check.ground_truth, { resolved: 3, total: 4, rate: 3 / 4 });
    assert.deepEqual(check.problems.map((p) => p.message), [
      `\`src/flask/views.View.provide_automatic_option\` is not defined at commit ${head.slice(0, 7)}: did you mean \`src/flask/views.View.provide_automatic_options\`?`]);
  });
});
