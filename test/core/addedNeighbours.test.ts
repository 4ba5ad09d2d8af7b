// Issue 27's rules for what a change adds and for the evidence a change's lines give, each on a
// small real git history shaped like the code it was seen in: the base method an override keeps
// (and its sibling overrides), super() calls, the class, struct or interface that gains a member,
// the fields an added method reads and where they are set, a Go package's build-tag twins, the
// users of module-level data, comments and re-indented lines that change no code.
import * as assert from 'node:assert/strict';
import { changedSymbols, type RankedCandidate, Repository } from '../../src/core';
import { linksOf } from '../../src/core/changes/neighbours';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const pick = (c: RankedCandidate | undefined) => c && { kind: c.kind, why: c.why };

describe('neighbours: what a change adds, and what its lines are evidence of', function () {
  this.timeout(60_000);

  it('a changed override links the base method it keeps and that method\'s other overrides; an added one\'s super() call links the base', async () => {
    const repo = new TestRepo();
    const kinds = (arg: string) => `from .base import Param\n\n\nclass Opt(Param):\n    def parse(self, decls):\n        return list(decls)\n\n\nclass Arg(Param):\n    def parse(self, decls):\n        return ${arg}\n`;
    const base = repo.commit('base', {
      'app/base.py': 'class Param:\n    def parse(self, decls):\n        return decls\n',
      'app/kinds.py': kinds('decls[:1]'),
    });
    const head = repo.commit('head', {
      'app/kinds.py': kinds('decls[:2]'),
      'app/flag.py': 'from .base import Param\n\n\nclass Flag(Param):\n    def parse(self, decls):\n        return super().parse(decls) or []\n',
    });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/kinds.Opt.parse')), { kind: 'type', why: 'also overrides base.Param.parse (line 5)' });
    // Param.parse: the base method both the changed Arg.parse and the added Flag.parse override.
    const param = m.get('app/base.Param.parse');
    assert.deepEqual(param && { kind: param.kind, why: param.why, via: [...param.via].sort() }, {
      kind: 'type', why: 'overridden by flag.Flag.parse (line 5)', via: ['app/flag.Flag.parse', 'app/kinds.Arg.parse'] });
    // Flag.parse is added: `super().parse` is Param's, although three classes define a `parse`.
    const linked = (await Repository.open(repo.dir).then(async (r) => {
      try {
        return await linksOf(r, await changedSymbols(r, base, head));
      } finally {
        r.close();
      }
    })).neighbours.filter((n) => n.symbol === 'app/base.Param.parse').map((n) => n.why);
    assert.ok(linked.includes('called by flag.Flag.parse (line 6)'), linked.join('; '));
  });

  it('the class, struct or interface that gains a member is a candidate (a Go method in another file of the package)', async () => {
    const repo = new TestRepo();
    const store = (extra: string) => `class Store:\n    def get(self, k):\n        return k\n${extra}`;
    const mux = (extra: string) => `package chi\n\ntype Router interface {\n\tGet(p string)\n${extra}}\n\ntype Mux struct {\n\tn int\n}\n\nfunc (m *Mux) Get(p string) {}\n`;
    const base = repo.commit('base', { 'app/store.py': store(''), 'chi/mux.go': mux('') });
    const head = repo.commit('head', {
      'app/store.py': store('\n    def put(self, k, v):\n        return v\n'),
      'chi/mux.go': mux('\tPost(p string)\n'),
      'chi/post.go': 'package chi\n\nfunc (m *Mux) Post(p string) {}\n',
    });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/store.Store')), { kind: 'type', why: 'gains put (line 5)' });
    assert.deepEqual(pick(m.get('chi/mux.Router')), { kind: 'type', why: 'gains Post (line 5)' });
    // Mux, the added method's receiver, is its type too.
    assert.equal(m.get('chi/mux.Mux')?.kind, 'type');
  });

  it('Go: a name a package defines once per build (`//go:build` twins) resolves to both, a link each', async () => {
    const repo = new TestRepo();
    const twin = (tag: string, value: string) => `//go:build ${tag}\n\npackage chi\n\nconst supportsValue = ${value}\n\nfunc setValue(x int) {}\n`;
    const route = (extra: string) => `package chi\n\nfunc route(x int) int {\n\tif supportsValue {\n\t\tsetValue(x)\n\t}\n${extra}\treturn x\n}\n`;
    const base = repo.commit('base', { 'chi/value.go': twin('go1.22', 'true'), 'chi/value_fallback.go': twin('!go1.22', 'false'), 'chi/mux.go': route('') });
    const head = repo.commit('head', { 'chi/mux.go': route('\tx++\n') });
    const m = by(await candidates(repo, base, head));
    for (const file of ['value', 'value_fallback']) {
      assert.equal(m.get(`chi/${file}.supportsValue`)?.kind, 'data', `${file}.supportsValue`);
      assert.equal(m.get(`chi/${file}.setValue`)?.byName, false, `${file}.setValue is resolved, not a guess`);
    }
  });

  it('module-level data the change reads: its writers, and its other users when few; a Python local of the same name is neither', async () => {
    const repo = new TestRepo();
    const tree = (body: string) => `package chi\n\nconst (\n\tmALL = 1 << iota\n\tmSTUB\n)\n\nfunc routes(eps map[int]int) int {\n\treturn ${body}\n}\n`;
    const show = (body: string) => `counter = 0\n\n\ndef bump():\n    global counter\n    counter += 1\n\n\ndef shadow():\n    counter = 5\n    return counter\n\n\ndef show():\n    return ${body}\n`;
    const base = repo.commit('base', {
      'chi/tree.go': tree('eps[mALL]'),
      'chi/mux.go': 'package chi\n\ntype Mux struct{}\n\nfunc (m *Mux) handle(x int) {}\n\nfunc (m *Mux) Mount() {\n\tm.handle(mALL | mSTUB)\n}\n',
      'app/state.py': show('counter'),
    });
    const head = repo.commit('head', { 'chi/tree.go': tree('eps[mSTUB] + eps[mALL]'), 'app/state.py': show('counter * 2') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('chi/mux.Mux.Mount')), { kind: 'data', why: 'also reads mSTUB (line 8)' });
    assert.deepEqual(pick(m.get('app/state.bump')), { kind: 'data', why: 'writes counter (line 6)' });
    assert.ok(!m.has('app/state.shadow'), 'shadow assigns its own local counter');
  });

  it('a field an added method reads through self: the constructor that sets it up; another class\'s own field of that name is not it', async () => {
    const repo = new TestRepo();
    const child = (extra: string) => `from .base import Base\n\n\nclass Child(Base):\n    def open(self):\n        return 1\n${extra}`;
    const base = repo.commit('base', {
      'app/base.py': 'class Base:\n    def __init__(self, root):\n        self.root = root\n\n\nclass Other:\n    def __init__(self):\n        self.root = None\n\n    def reset(self):\n        self.root = "x"\n',
      'app/child.py': child(''),
    });
    const head = repo.commit('head', { 'app/child.py': child('\n    def path(self):\n        return self.root + "/p"\n') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('app/base.Base.__init__')), { kind: 'data', why: 'sets up root (line 3)' });
    assert.ok(!m.has('app/base.Other.__init__') && !m.has('app/base.Other.reset'), "Other's self.root is another object's");
  });

  it('a class whose docstring or comments alone changed, and a function whose comment alone changed, are not changed', async () => {
    const repo = new TestRepo();
    const param = (doc: string, value: string) => `class Param:\n    """${doc}"""\n\n    # How many.\n    def parse(self):\n        return ${value}\n\n\nclass Opt(Param):\n    pass\n`;
    const run = (comment: string) => `export function run(): number {\n  // ${comment}\n  return 1;\n}\n\nexport function main(): number {\n  return run();\n}\n`;
    const base = repo.commit('base', { 'app/param.py': param('A parameter.', '1'), 'src/run.ts': run('Therefore we return') });
    const head = repo.commit('head', { 'app/param.py': param('A parameter of a command.', '2').replace('# How many.', '# How many, at most.'), 'src/run.ts': run('Therefore, we return') });
    const c = await candidates(repo, base, head);
    assert.deepEqual(c.changed.map((s) => s.symbol), ['app/param.Param.parse']);
    assert.ok(!by(c).has('app/param.Opt'), 'a subclass of a class that did not change');
    assert.ok(!by(c).has('src/run.main'), 'a caller of a function that did not change');
  });

  it('a line the change only re-indented (a block wrapped in a new `if`) is context, not evidence', async () => {
    const repo = new TestRepo();
    const calls = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
    const lib = calls.concat('decide').map((n) => `export function ${n}(): boolean {\n  return true;\n}\n`).join('\n');
    const body = (indent: string) => calls.map((n) => `${indent}${n}();\n`).join('');
    const base = repo.commit('base', {
      'src/lib.ts': lib,
      'src/run.ts': `import { ${calls.join(', ')}, decide } from './lib';\n\nexport function run(): void {\n${body('  ')}}\n`,
    });
    const head = repo.commit('head', { 'src/run.ts': `import { ${calls.join(', ')}, decide } from './lib';\n\nexport function run(): void {\n  if (decide()) {\n${body('    ')}  }\n}\n` });
    const m = by(await candidates(repo, base, head, { evidence: 'all' }));
    const score = (n: string) => m.get(`src/lib.${n}`)?.score ?? 0;
    assert.ok(score('decide') > 0 && score('first') === score('decide'), 'beside the new `if`');
    assert.ok(score('fourth') < score('decide'), `fourth(), only re-indented and away from the new lines, weighs less (${score('fourth')} vs ${score('decide')})`);
  });
});
