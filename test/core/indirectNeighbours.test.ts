// Neighbours no direct call, type use or data flow of the changed lines reaches, each on a small
// real git history shaped like the code it was seen in: the sibling an added definition copies and
// a modified definition's same-signature twin; a property's readers; the types built from a
// changed type; the callers an added override now serves; the writers of a changed module table;
// the readers of what a changed constructor sets at the changed lines; the TypeScript type that
// declares a field the change reads, and the type a field named by `T['field']` is declared with;
// a Go variable typed by a call's n-th result; what a thin
// wrapper hands on to; the getter of a field the change writes.
import * as assert from 'node:assert/strict';
import type { RankedCandidate } from '../../src/core';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const pick = (c: RankedCandidate | undefined) => c && { kind: c.kind, why: c.why };

describe('neighbours: siblings, properties, type users, dispatch, tables, declarers, wrappers and getters', function () {
  this.timeout(60_000);

  it('an added definition links the one of its shape just above it, which it copies; an unlike neighbour is not linked', async () => {
    const repo = new TestRepo();
    const errors = (extra: string) => 'export class RequestError extends Error {}\n\nexport function helper(): number {\n\treturn 1;\n}\n\n'
      + `export class RetryError extends RequestError {\n\tconstructor() {\n\t\tsuper();\n\t\tthis.name = 'RetryError';\n\t}\n}\n${extra}`;
    const flags = (extra: string) => `package cobra\n\nvar EnablePrefixMatching = false\n\nvar EnableCaseInsensitive = false\n${extra}\nfunc Run() {}\n`;
    const base = repo.commit('base', { 'src/errors.ts': errors(''), 'cobra/cobra.go': flags('') });
    const head = repo.commit('head', {
      'src/errors.ts': errors("\nexport class AbortError extends RequestError {\n\tconstructor() {\n\t\tsuper();\n\t\tthis.name = 'AbortError';\n\t}\n}\n"),
      'cobra/cobra.go': flags('\nvar EnableTraverseRunHooks = false\n'),
    });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('src/errors.RetryError')), { kind: 'type', why: 'copied by the added AbortError (line 14)' });
    assert.deepEqual(pick(m.get('cobra/cobra.EnableCaseInsensitive')), { kind: 'type', why: 'copied by the added EnableTraverseRunHooks (line 7)' });
    assert.ok(!m.has('src/errors.helper') && !m.has('cobra/cobra.EnablePrefixMatching') && !m.has('cobra/cobra.Run'), [...m.keys()].join(', '));
  });

  it('a modified definition links its twin of the same signature in its file, and no family of more than two', async () => {
    const repo = new TestRepo();
    const ip = (body: string) => 'package echo\n\ntype Extractor func(r string) string\n\ntype Option func()\n\n'
      + `func FromRealIP(options ...Option) Extractor {\n\treturn func(r string) string { return ${body} }\n}\n\n`
      + 'func FromXFF(options ...Option) Extractor {\n\treturn func(r string) string { return r }\n}\n\nfunc Direct() Extractor {\n\treturn nil\n}\n';
    const mux = (body: string) => `package chi\n\ntype Mux struct{}\n\n${['Get', 'Put', 'Post', 'Patch'].map((n) => `func (m *Mux) ${n}(pattern string, handler func()) {\n\tm.handle(pattern${n === 'Get' ? body : ''})\n}\n`).join('\n')}\nfunc (m *Mux) handle(p string) {}\n`;
    const base = repo.commit('base', { 'echo/ip.go': ip('r'), 'chi/mux.go': mux('') });
    const head = repo.commit('head', { 'echo/ip.go': ip('r + "x"'), 'chi/mux.go': mux(' + "/"') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('echo/ip.FromXFF')), { kind: 'type', why: 'declared like FromRealIP (line 11)' });
    assert.ok(!m.has('echo/ip.Direct'), 'another signature');
    assert.ok(!m.has('chi/mux.Mux.Put') && !m.has('chi/mux.Mux.Post'), 'Get has three same-signature siblings: a family, not a twin');
  });

  it('a changed property is called by reading it (Python @property, TypeScript get)', async () => {
    const repo = new TestRepo();
    const conn = (path: string) => `class Connection:\n    @property\n    def base_url(self):\n        return "${path}"\n\n    def url_for(self, name):\n        return self.base_url + name\n\n    def other(self):\n        return 1\n`;
    const opts = (value: string) => `export class Options {\n\tget retries(): number {\n\t\treturn ${value};\n\t}\n}\n\nexport function limit(o: Options): number {\n\treturn o.retries * 2;\n}\n`;
    const base = repo.commit('base', { 'app/conn.py': conn('/'), 'src/options.ts': opts('1') });
    const head = repo.commit('head', { 'app/conn.py': conn('/root/'), 'src/options.ts': opts('2') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/conn.Connection.url_for')), { kind: 'caller', why: 'reads base_url (line 7)' });
    assert.deepEqual(pick(m.get('src/options.limit')), { kind: 'caller', why: 'reads retries (line 8)' });
    assert.ok(!m.has('app/conn.Connection.other'));
  });

  it('the few types built from a changed type are its neighbours; a type used by many is not followed', async () => {
    const repo = new TestRepo();
    const persist = (field: string) => `export interface PersistOptions<S> {\n\tname: string;\n\t${field}\n}\n\n`
      + 'type Persist = <T>(options: PersistOptions<T>) => T;\n\ntype PersistImpl = <T>(\n\tconfig: T,\n\toptions: PersistOptions<T>,\n) => T;\n\n'
      + 'export interface Common {\n\tid: string;\n}\n\n'
      + [1, 2, 3, 4].map((i) => `type Use${i} = { value: Common };\n`).join('');
    const base = repo.commit('base', { 'src/persist.ts': persist('version?: number;') });
    const head = repo.commit('head', { 'src/persist.ts': persist('version?: number | string;').replace('\tid: string;', '\tid: number;') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('src/persist.Persist')), { kind: 'type', why: 'uses PersistOptions as a type (line 6)' });
    assert.deepEqual(pick(m.get('src/persist.PersistImpl')), { kind: 'type', why: 'uses PersistOptions as a type (line 10)' });
    assert.ok(!m.has('src/persist.Use1'), 'Common is used by four types: a vocabulary type');
  });

  it('an added override links the callers of the method it overrides, when no other class defines the name', async () => {
    const repo = new TestRepo();
    const core = (extra: string) => `class Parameter:\n    def get_error_hint(self, ctx):\n        return "x"\n\n\nclass Argument(Parameter):\n    def get_error_hint(self, ctx):\n        return "a"\n\n\nclass Option(Parameter):\n    def show(self):\n        return 1\n${extra}`;
    const base = repo.commit('base', {
      'app/core.py': core(''),
      'app/errors.py': 'class BadParameter(Exception):\n    def format_message(self):\n        return self.param.get_error_hint(self.ctx)\n\n    def other(self):\n        return self.param.show()\n',
    });
    const head = repo.commit('head', { 'app/core.py': core('\n    def get_error_hint(self, ctx):\n        return super().get_error_hint(ctx) + "!"\n') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/errors.BadParameter.format_message')), {
      kind: 'caller', why: 'calls get_error_hint, which the added core.Option.get_error_hint overrides (line 3)' });
    assert.ok(!m.has('app/errors.BadParameter.other'));
  });

  it('a changed module-level table links the functions that write it; not its readers', async () => {
    const repo = new TestRepo();
    const tree = (rows: string) => `package chi\n\nvar methodMap = map[string]int{\n\t"GET": 1,\n${rows}}\n\nfunc RegisterMethod(m string) {\n\tmethodMap[m] = 8\n}\n\nfunc lookup(m string) int {\n\treturn methodMap[m]\n}\n`;
    const base = repo.commit('base', { 'chi/tree.go': tree('') });
    const head = repo.commit('head', { 'chi/tree.go': tree('\t"QUERY": 2,\n') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('chi/tree.RegisterMethod')), { kind: 'data', why: 'writes methodMap (line 8)' });
    assert.ok(!m.has('chi/tree.lookup'), 'a reader reads the table as before');
  });

  it("what a changed constructor sets at the changed lines is read by its class's readers; what it sets elsewhere is not", async () => {
    const repo = new TestRepo();
    const config = (check: string) => 'import os\n\n\nclass Config:\n    def __init__(self, env_file=None):\n        self.prefix_value = ""\n\n\n\n'
      + `        self.file_values = {}\n        if env_file is not None${check}:\n            self.file_values = read(env_file)\n\n    def get(self, key):\n        return self.file_values[key]\n\n    def prefix(self):\n        return self.prefix_value\n\n\ndef read(path):\n    return {}\n`;
    const base = repo.commit('base', { 'app/config.py': config(' and os.path.isfile(env_file)') });
    const head = repo.commit('head', { 'app/config.py': config('') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/config.Config.get')), { kind: 'data', why: 'reads file_values (line 15)' });
    assert.ok(!m.has('app/config.Config.prefix'), 'prefix_value is set away from the changed lines');
  });

  it('TypeScript: the interface that declares a field the changed lines read (not one a JSDoc example names)', async () => {
    const repo = new TestRepo();
    const ky = (body: string) => "import type {KyOptions} from './options';\n\nexport class Ky {\n\tconstructor(private readonly options: KyOptions) {}\n\n"
      + `\tdecorate(text: string): unknown {\n\t\treturn ${body};\n\t}\n}\n`;
    const base = repo.commit('base', {
      'src/options.ts': 'export interface KyOptions {\n\t/**\n\tparseJson: text => text\n\t*/\n\tparseJson?: (text: string) => unknown;\n}\n\nexport type Hooks = {\n\t/**\n\t@example\n\tparseJson: (text) => text\n\t*/\n\tbefore?: () => void;\n};\n',
      'src/ky.ts': ky('text'),
    });
    const head = repo.commit('head', { 'src/ky.ts': ky("text === '' ? undefined : this.options.parseJson!(text)") });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('src/options.KyOptions')), { kind: 'type', why: 'declares parseJson, read by decorate (line 7)' });
    assert.ok(!m.has('src/options.Hooks'), 'its JSDoc example declares nothing');
  });

  it("Go: a variable assigned a call's results has the n-th result's type (`node, _, h := t.FindRoute(...)`)", async () => {
    const repo = new TestRepo();
    const find = (body: string) => `package chi\n\nfunc (mx *Mux) Find(path string) string {\n\tnode, _, h := mx.tree.FindRoute(path)\n\t_ = h\n\tif node != nil {\n\t\treturn ${body}\n\t}\n\treturn ""\n}\n`;
    const base = repo.commit('base', {
      'chi/tree.go': 'package chi\n\ntype node struct {\n\tsubroutes string\n}\n\ntype leaf struct {\n\tsubroutes string\n}\n\ntype Mux struct {\n\ttree *node\n}\n\nfunc (n *node) FindRoute(path string) (*node, int, *leaf) {\n\treturn n, 0, nil\n}\n',
      'chi/find.go': find('""'),
    });
    const head = repo.commit('head', { 'chi/find.go': find('node.subroutes') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('chi/tree.node.subroutes')), { kind: 'data', why: 'read by find.Mux.Find (line 7)' });
    assert.ok(!m.has('chi/tree.leaf.subroutes'), 'the third result is a leaf; node is the first');
  });

  it('what a thin wrapper the change calls hands on to is a callee two hops out; a wrapper of two calls is not followed', async () => {
    const repo = new TestRepo();
    const cmd = (extra: string) => 'package cobra\n\ntype Command struct{}\n\nfunc (c *Command) HelpFunc() func() {\n\treturn nil\n}\n\n'
      + 'func (c *Command) Help() error {\n\tc.HelpFunc()()\n\treturn nil\n}\n\nfunc (c *Command) Usage() error {\n\tc.first()\n\tc.second()\n\treturn nil\n}\n\n'
      + `func (c *Command) first()  {}\nfunc (c *Command) second() {}\n\nfunc (c *Command) Run() {\n\tc.Usage()\n${extra}}\n`;
    const base = repo.commit('base', { 'cobra/command.go': cmd('') });
    const head = repo.commit('head', { 'cobra/command.go': cmd('\tc.Help()\n') });
    const m = by(await candidates(repo, base, head, { evidence: 'all' }));
    assert.deepEqual(pick(m.get('cobra/command.Command.HelpFunc')), { kind: 'callee', why: 'called by Help (line 10), which command.Command.Run calls' });
    assert.equal(m.get('cobra/command.Command.HelpFunc')?.hops, 2);
    assert.ok(!m.has('cobra/command.Command.first'), 'Usage does two things: not a wrapper');
  });

  it("TypeScript: `const d: Options['_internals']` links the type Options declares that field with", async () => {
    const repo = new TestRepo();
    const defaults = (extra: string) => "import Options from './options';\n\n"
      + `export const defaultInternals: Options['_internals'] = {\n\ttimeout: 1,\n${extra}};\n\nexport const other: Options['name'] = 'x';\n`;
    const base = repo.commit('base', {
      'src/options.ts': 'export type InternalsType = {timeout: number; signal?: unknown};\n\nexport type NameType = string;\n\n'
        + 'export default class Options {\n\tprivate _internals: InternalsType;\n\tname: NameType;\n\n\tconstructor() {\n\t\tthis._internals = {timeout: 1};\n\t\tthis.name = "";\n\t}\n}\n',
      'src/defaults.ts': defaults(''),
    });
    const head = repo.commit('head', { 'src/defaults.ts': defaults('\tsignal: undefined,\n') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('src/options.InternalsType')), { kind: 'type', why: "the declared type of Options['_internals'] (line 3)" });
    assert.ok(!m.has('src/options.NameType'), 'other, which names Options.name, did not change');
  });

  it('the getter of a field the changed lines write, even a short-named one', async () => {
    const repo = new TestRepo();
    const cmd = (extra: string) => 'package cobra\n\ntype Command struct {\n\tctx int\n\tid int\n}\n\nfunc (c *Command) Context() int {\n\treturn c.ctx\n}\n\n'
      + 'func (c *Command) ID() int {\n\treturn c.id\n}\n\n'
      + `func (c *Command) Init(sub *Command) {\n\tsub.id = 7\n\tx := 1\n\t_ = x\n\ty := 2\n\t_ = y\n${extra}}\n`;
    const base = repo.commit('base', { 'cobra/command.go': cmd('') });
    const head = repo.commit('head', { 'cobra/command.go': cmd('\tif sub.ctx == 0 {\n\t\tsub.ctx = c.ctx\n\t}\n') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('cobra/command.Command.Context')), { kind: 'data', why: 'returns ctx, which command.Command.Init writes (line 9)' });
    assert.ok(!m.has('cobra/command.Command.ID'), 'id is written on a line the change left alone');
  });
});
