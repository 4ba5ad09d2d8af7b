// Issue 27's neighbour rules, each on a small real git history shaped like the code it was seen in:
// the side each changed symbol is read at, constructors as callers and writers, overrides in
// subclasses at any depth, update expressions as writes, annotations, docstrings, comments and
// JSDoc never as data, module functions never as attributes, and the name-only links that leaked.
import * as assert from 'node:assert/strict';
import type { RankedCandidate } from '../../src/core';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';
const pick = (c: RankedCandidate | undefined) => c && { kind: c.kind, why: c.why };

describe('neighbours: issue 27 rules', function () {
  this.timeout(60_000);

  it('a file mixing a deleted and a modified method is read at both sides, each with its own lines', async () => {
    const repo = new TestRepo();
    const store = (extra: string, load: string) => `class Store:\n${extra}    def load(self, key):\n${load}\n`;
    const old = '    def reset(self):\n        self.generation = 0\n\n';
    const base = repo.commit('base', {
      'app/store.py': store(old, '        return key'),
      'app/cache.py': 'def fetch(key):\n    return key\n',
      'app/view.py': 'def show(store):\n    return store.generation\n',
    });
    const head = repo.commit('head', { 'app/store.py': store('', '        from .cache import fetch\n        return fetch(key)') });
    const c = by(await candidates(repo, base, head));
    assert.equal(c.get('app/store.Store.reset')?.kind, 'changed');
    // The deleted reset wrote `generation` at base: its reader is a neighbour.
    assert.deepEqual(pick(c.get('app/view.show')), { kind: 'data', why: 'reads generation (line 2)' });
    // The modified load's call, on head's lines (2-4), links although reset sat above it at base.
    assert.deepEqual(pick(c.get('app/cache.fetch')), { kind: 'callee', why: 'called by store.Store.load (line 4)' });
  });

  it('constructors: instantiation and super().__init__ call a changed __init__, ranked below other callers', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', {
      'app/base.py': 'class Base:\n    def __init__(self, root):\n        self.root = root\n\n    def run(self):\n        return self.root\n',
      'app/child.py': 'from .base import Base\n\n\nclass Child(Base):\n    def __init__(self):\n        super().__init__("/")\n\n\nclass Grandchild(Child):\n    def run(self):\n        return "grand"\n',
      'app/make.py': 'from .base import Base\n\n\ndef make():\n    return Base("/srv")\n\n\ndef go(b):\n    b.run()\n',
    });
    const head = repo.commit('head', {
      'app/base.py': 'class Base:\n    def __init__(self, root):\n        self.root = root or "/"\n\n    def run(self):\n        return self.root or None\n',
    });
    const c = await candidates(repo, base, head);
    const m = by(c);
    assert.deepEqual(pick(m.get('app/child.Child.__init__')), { kind: 'caller', why: "calls Base's constructor through super() (line 6)" });
    assert.deepEqual(pick(m.get('app/make.make')), { kind: 'caller', why: 'constructs Base (line 5)' });
    // Base.run changed: Grandchild (two levels down) overrides it.
    assert.deepEqual(pick(m.get('app/child.Grandchild.run')), { kind: 'type', why: 'overrides base.Base.run in subclass Grandchild (line 10)' });
    assert.ok(m.get('app/make.make')!.score < m.get('app/child.Grandchild.run')!.score, 'a constructor link ranks below an override');
    // What the changed constructor assigns is not a reason to list every reader of it.
    assert.ok(!m.has('app/base.Base.run') || m.get('app/base.Base.run')!.kind === 'changed');
  });

  it('TypeScript: `new` and `super()` call a changed constructor; `this._n++` writes', async () => {
    const repo = new TestRepo();
    const retry = (ctor: string) => `export class Retry {\n  _count = 0;\n  constructor(limit: number) {\n${ctor}\n  }\n\n  done(): boolean {\n    return this._count > 2;\n  }\n}\n`;
    const base = repo.commit('base', {
      'src/retry.ts': retry('    this.limit = limit;'),
      'src/loop.ts': "import { Retry } from './retry';\n\nexport class Backoff extends Retry {\n  constructor() {\n    super(3);\n  }\n}\n\nexport function attempt(r: Retry): void {\n  r._count++;\n}\n\nexport function start(): Retry {\n  return new Retry(1);\n}\n",
    });
    const head = repo.commit('head', { 'src/retry.ts': retry('    this.limit = limit > 0 ? limit : 1;').replace('this._count > 2', 'this._count >= 2') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('src/loop.start')), { kind: 'caller', why: 'constructs Retry (line 14)' });
    assert.deepEqual(pick(m.get('src/loop.Backoff.constructor')), { kind: 'caller', why: "calls Retry's constructor through super() (line 5)" });
    // done() reads _count; attempt() updates it with ++.
    assert.deepEqual(pick(m.get('src/loop.attempt')), { kind: 'data', why: 'writes _count (line 10)' });
  });

  it('a multi-line annotated assignment writes; docstrings, comments and JSDoc never read or write; os.path is a module', async () => {
    const repo = new TestRepo();
    const setup = (value: string) => `import os\n\n\nclass App:\n    def setup(self):\n        self.funcs: dict[\n            str, int\n        ] = ${value}\n        return os.path.join("a", "b")\n`;
    const base = repo.commit('base', {
      'app/app.py': setup('{}'),
      'app/run.py': 'def run(app):\n    return app.funcs\n\n\ndef doc(app):\n    """Example: app.funcs = {} resets it."""\n    # app.path = "x"\n    return None\n\n\ndef where(cfg):\n    cfg.path = "/"\n',
      'web/api.ts': '/**\n * Example:\n * ```\n * api.funcs = {};\n * ```\n */\nexport function api(): number {\n  return 1;\n}\n',
    });
    const head = repo.commit('head', { 'app/app.py': setup('{"a": 1}') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/run.run')), { kind: 'data', why: 'reads funcs (line 2)' });
    assert.ok(!m.has('app/run.doc'), 'a docstring and a comment are not code');
    assert.ok(!m.has('web/api.api'), 'a JSDoc example is not code');
    assert.ok(!m.has('app/run.where'), '`os.path` is a module, not the attribute `path`');
  });

  it('name-only links that leaked: a dict method, a class in a test function, a same-named Go struct', async () => {
    const repo = new TestRepo();
    const reg = (extra: string) => `def register(options):\n    bp_options = options.copy()\n    bp_options.setdefault("x", 1)\n    return Helper()${extra}\n`;
    const goMain = (body: string) => `package cmd\n\nfunc run() int {\n${body}\n}\n`;
    const base = repo.commit('base', {
      'src/ctx.py': 'class RequestContext:\n    def copy(self):\n        return self\n',
      'src/reg.py': reg(''),
      'tests/test_reg.py': 'def test_register():\n    class Helper:\n        pass\n\n    return Helper\n',
      'cmd/flags.go': 'package cmd\n\ntype Flag struct{}\n',
      'other/flags.go': 'package other\n\ntype Flag struct{}\n',
      'cmd/run.go': goMain('\treturn 0'),
    });
    const head = repo.commit('head', { 'src/reg.py': reg(' or None'), 'cmd/run.go': goMain('\t_ = Flag{}\n\treturn 1') });
    const m = by(await candidates(repo, base, head));
    assert.ok(!m.has('src/ctx.RequestContext.copy'), "a dict's copy is not RequestContext.copy");
    assert.ok(!m.has('tests/test_reg.test_register.Helper'), 'a class local to a test function is not what src calls');
    assert.equal(m.get('cmd/flags.Flag')?.byName, false);
    assert.ok(!m.has('other/flags.Flag'), "another package's Flag");
  });

  it('a subclass of a changed class extends it; it does not register it', async () => {
    const repo = new TestRepo();
    const app = (bases: string) => `class App${bases}:\n    debug = False\n\n    def run(self):\n        return 1\n`;
    const base = repo.commit('base', { 'src/sansio/app.py': app(''), 'src/app.py': 'from .sansio.app import App\n\n\nclass Flask(App):\n    pass\n' });
    // The class's own line changes (a change of `debug` would change the variable App.debug, not the class).
    const head = repo.commit('head', { 'src/sansio/app.py': app('(object)') });
    const m = by(await candidates(repo, base, head));
    const flask = m.get('src/app.Flask');
    assert.ok(flask, 'the subclass is listed');
    assert.equal(flask.why, 'extends App (line 4)');
  });

  it('a type named in a class\'s first lines: extends it in the header, embeds it (Go), else is a member\'s type', async () => {
    const repo = new TestRepo();
    const options = (extra: string) => `export interface FetchOptions {\n  timeout?: number;\n${extra}}\n`;
    const go = (extra: string) => `package conf\n\ntype Base struct {\n\tName string\n${extra}}\n`;
    const base = repo.commit('base', {
      'src/options.ts': options(''),
      'src/client.ts': "import { FetchOptions } from './options';\n\nexport interface Client {\n  defaults: FetchOptions;\n}\n\n"
        + 'export class Strict\n  extends FetchOptionsBase {}\n\nexport interface Tuned extends FetchOptions {\n  retry: number;\n}\n',
      'src/base.ts': 'export class FetchOptionsBase {}\n',
      'conf/base.go': go(''),
      'conf/app.go': 'package conf\n\ntype App struct {\n\tBase\n\tname string\n}\n\ntype Holder struct {\n\tb Base\n}\n',
      'src/sub.py': 'from .opts import Opts\n\n\nclass Sub(\n    Opts,\n):\n    x = 1\n\n\nclass Has:\n    o: Opts\n',
      'src/opts.py': 'class Opts:\n    a = 1\n',
    });
    const head = repo.commit('head', {
      'src/options.ts': options('  signal?: AbortSignal;\n'),
      'conf/base.go': go('\tTag string\n'),
      'src/opts.py': 'class Opts(object):\n    a = 1\n',
    });
    const m = by(await candidates(repo, base, head));
    assert.equal(m.get('src/client.Client')?.why, 'has a member of type FetchOptions (line 4)');
    assert.equal(m.get('src/client.Tuned')?.why, 'extends FetchOptions (line 10)');
    assert.equal(m.get('conf/app.App')?.why, 'embeds Base (line 4)');
    assert.equal(m.get('src/sub.Sub')?.why, 'extends Opts (line 5)');
    // A member that is a symbol of its own is the one linked, for what its signature says.
    assert.equal(m.get('conf/app.Holder.b')?.why, 'uses Base in its signature (line 9)');
    assert.equal(m.get('src/sub.Has.o')?.why, 'uses Opts in its signature (line 11)');
  });

  it('two hops: the callers of a changed function\'s few callers, but not three hops, nor through a function called from everywhere', async () => {
    const repo = new TestRepo();
    const merge = (body: string) => `export const deepMerge = (a: object, b: object): object => {\n${body}\n};\n\n`
      + 'export const validateAndMerge = (a: object, b: object): object => deepMerge(a, b);\n\n'
      + 'export const logged = (x: object): object => x;\n';
    const base = repo.commit('base', {
      'source/merge.ts': merge('  return {...a, ...b};'),
      'source/index.ts': "import { validateAndMerge, logged } from './merge';\n\nexport const createInstance = (d: object) => validateAndMerge(d, {});\n\n"
        + 'export function ky(): object {\n  return createInstance({});\n}\n\n'
        + [1, 2, 3, 4].map((i) => `export function use${i}(): object {\n  return logged({});\n}\n`).join('\n')
        + '\nexport function app(): object {\n  return use1();\n}\n',
    });
    const head = repo.commit('head', { 'source/merge.ts': merge('  return {...b, ...a};').replace('=> x;', '=> ({...x});') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(m.get('source/merge.validateAndMerge') && { kind: m.get('source/merge.validateAndMerge')!.kind, hops: m.get('source/merge.validateAndMerge')!.hops }, { kind: 'caller', hops: 1 });
    const create = m.get('source/index.createInstance');
    assert.deepEqual(create && { kind: create.kind, hops: create.hops, why: create.why }, { kind: 'caller', hops: 2, why: 'calls validateAndMerge, which calls deepMerge (line 3)' });
    assert.ok(create!.score < m.get('source/merge.validateAndMerge')!.score, 'two hops rank below one');
    assert.ok(!m.has('source/index.ky'), 'three hops out');
    // `logged` (changed too) has four callers: none of them is about the change, and neither is any caller of theirs.
    assert.equal(m.get('source/index.use1')?.hops, 1);
    assert.ok(!m.has('source/index.app'), 'app calls use1, one of four callers of logged');
  });

  it('a field a changed type declares anew: where it is read, and the registry that lists it as a key', async () => {
    const repo = new TestRepo();
    const options = (type: string) => `export type Options = {\n  retry?: number;\n  throwErrors?: ${type};\n};\n`;
    const base = repo.commit('base', {
      'source/options.ts': options('boolean'),
      'source/constants.ts': 'export const optionKeys = {\n  retry: true,\n  throwErrors: true,\n};\n\nexport const defaults = {\n  retry: 2,\n};\n',
      'source/check.ts': "import type { Options } from './options';\n\nexport function check(o: Options): unknown {\n  return o.throwErrors;\n}\n\n"
        + 'export function tries(o: Options): unknown {\n  return o.retry;\n}\n',
    });
    const head = repo.commit('head', { 'source/options.ts': options('boolean | ((status: number) => boolean)') });
    const m = by(await candidates(repo, base, head));
    const keys = m.get('source/constants.optionKeys');
    assert.deepEqual(keys && { kind: keys.kind, why: keys.why }, { kind: 'data', why: 'lists throwErrors as a key (line 3)' });
    const check = m.get('source/check.check');
    assert.deepEqual(check && { kind: check.kind, why: check.why }, { kind: 'data', why: 'reads throwErrors (line 4)' });
    // `retry` is declared on a line the change left alone.
    assert.ok(!m.has('source/constants.defaults'));
    assert.ok(!m.has('source/check.tries'));
  });

  it('a variable holds what the call assigning it returns: `ctx = self.request_context(e)` with `-> AppContext` links `ctx.pop`', async () => {
    const repo = new TestRepo();
    const app = (body: string) => 'from .ctx import AppContext\n\n\nclass App:\n    def request_context(self, environ) -> AppContext:\n        return AppContext(environ)\n\n'
      + `    def wsgi_app(self, environ):\n        ctx = self.request_context(environ)\n        error = None\n${body}\n`;
    const base = repo.commit('base', {
      'src/ctx.py': 'class AppContext:\n    def __init__(self, environ):\n        self.environ = environ\n\n    def pop(self, error=None):\n        return error\n',
      'src/other.py': 'class Stack:\n    def pop(self, error=None):\n        return None\n',
      'src/app.py': app('        ctx.pop(error)'),
    });
    const head = repo.commit('head', { 'src/app.py': app('        if error is not None:\n            error = None\n        ctx.pop(error)') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(m.get('src/ctx.AppContext.pop') && { kind: m.get('src/ctx.AppContext.pop')!.kind, byName: m.get('src/ctx.AppContext.pop')!.byName }, { kind: 'callee', byName: false });
    assert.ok(!m.has('src/other.Stack.pop'), 'the other pop is not what ctx holds');
  });

  it('Go: a call through an interface reaches the changed implementation of its method; not where no interface declares the name', async () => {
    const repo = new TestRepo();
    const args = (body: string) => 'package cli\n\ntype Argument interface {\n\tParse([]string) ([]string, error)\n}\n\n'
      + `type StringArg struct{ Max int }\n\nfunc (a *StringArg) Parse(s []string) ([]string, error) {\n\treturn ${body}, nil\n}\n\n`
      + 'type IntArg struct{}\n\nfunc (a *IntArg) Parse(s []string) ([]string, error) {\n\treturn s, nil\n}\n\n'
      + `type Flag struct{}\n\nfunc (f *Flag) Apply(s string) string {\n\treturn ${body === 's' ? 's' : 's + "x"'}\n}\n\n`
      + 'type Other struct{}\n\nfunc (o *Other) Apply(s string) string {\n\treturn s\n}\n';
    const command = 'package cli\n\ntype Command struct {\n\tArguments []Argument\n\tflags     []interface{ Apply(string) string }\n}\n\n'
      + 'func (c *Command) Run(args []string) {\n\tfor _, arg := range c.Arguments {\n\t\targs, _ = arg.Parse(args)\n\t}\n}\n\n'
      + 'func (c *Command) apply(v string, f interface{ Apply(string) string }) string {\n\treturn f.Apply(v)\n}\n';
    const base = repo.commit('base', { 'args.go': args('s'), 'command.go': command });
    const head = repo.commit('head', { 'args.go': args('s[:a.Max]') });
    const m = by(await candidates(repo, base, head, { evidence: 'all' }));
    // Two concrete Parse methods: the call reaches the changed one half the time, at half a resolved call.
    assert.deepEqual(pick(m.get('command.Command.Run')), { kind: 'caller', why: 'calls Parse through Argument (line 10)' });
    assert.equal(m.get('command.Command.Run')!.score < 1, true);
    // `f.Apply` is typed by an anonymous interface no definition names: nothing says which Apply.
    assert.ok(!m.has('command.Command.apply'), [...m.keys()].join(', '));
  });

  it('TypeScript: a modified overloaded function moved down the file lists its neighbours, and does not throw', async () => {
    const repo = new TestRepo();
    // Each of head's three same-named definitions is read at base against the one nearest its
    // lines: moved down, all three meet base's body, each with an owner of its own.
    const storage = (above: string, type: string, body: string) => `import { parse } from './parse';\n${above}\n`
      + `export function createStorage(): Storage\nexport function createStorage(get: () => ${type}): Storage\n`
      + `export function createStorage(get?: () => ${type}): Storage {\n${body}\n}\n`
      + '\nexport interface Storage {\n  getItem(key: string): unknown;\n}\n';
    const base = repo.commit('base', {
      'src/storage.ts': storage('', 'string', '  return { getItem: (key) => parse(get ? get() : key) };'),
      'src/parse.ts': 'export function parse(text: string): unknown {\n  return JSON.parse(text);\n}\n',
      'src/use.ts': "import { createStorage } from './storage';\n\nexport function open(): unknown {\n  return createStorage().getItem('a');\n}\n",
    });
    const head = repo.commit('head', {
      'src/storage.ts': storage(Array.from({ length: 20 }, (_, i) => `export const LIMIT_${i} = ${i};`).join('\n'), 'string | null',
        '  const read = get ?? (() => \'{}\');\n  return { getItem: (key) => parse(read() ?? key) };'),
    });
    const c = by(await candidates(repo, base, head));
    assert.equal(c.get('src/storage.createStorage')?.kind, 'changed');
    assert.equal(c.get('src/parse.parse')?.kind, 'callee');
    assert.equal(c.get('src/use.open')?.kind, 'caller');
  });
});
