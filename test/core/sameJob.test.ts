// The same job done elsewhere, and where a change's effect reaches a user (src/core/changes/sameJob.ts), each on a
// small real git history shaped like the code it was seen in; and the weights that pay for them
// (many callers of one changed symbol weigh a quarter each; a two-hop link never empties the floor).
import * as assert from 'node:assert/strict';
import { selectCandidates, type CandidateKind } from '../../src/core';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

describe('neighbours: the same job done elsewhere, and where the change reaches a user', function () {
  this.timeout(60_000);

  it('the other entry point: a method beside the changed one that shares a callee few call and is written like it; not one written otherwise', async () => {
    const repo = new TestRepo();
    const parse = (check: string) => 'package flag\n\ntype FlagSet struct {\n\tparsed bool\n\targs   []string\n}\n\n'
      + 'func (f *FlagSet) parseArgs(args []string) error {\n\tf.args = args\n\treturn nil\n}\n\n'
      + `func (f *FlagSet) Parse(arguments []string) error {\n\tf.parsed = true\n${check}\tf.args = make([]string, 0, len(arguments))\n\terr := f.parseArgs(arguments)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n\n`
      + 'func (f *FlagSet) ParseAll(arguments []string, fn func(string) error) error {\n\tf.parsed = true\n\tf.args = make([]string, 0, len(arguments))\n\terr := f.parseArgs(arguments)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n\n'
      + 'func (f *FlagSet) Reset() {\n\tf.parsed = false\n\t_ = f.parseArgs(nil)\n}\n';
    const base = repo.commit('base', { 'flag/flag.go': parse('') });
    const head = repo.commit('head', { 'flag/flag.go': parse('\tif len(arguments) == 0 {\n\t\treturn nil\n\t}\n') });
    const m = by(await candidates(repo, base, head));
    const all = m.get('flag/flag.FlagSet.ParseAll');
    assert.equal(all?.kind, 'type');
    assert.match(all?.why ?? '', /^also calls parseArgs \(line 26\) and is written like Parse: another way in to the same job$/);
    assert.equal(all?.hops, 2);
    assert.ok(!m.has('flag/flag.FlagSet.Reset'), 'Reset calls parseArgs too, but does another job');
  });

  it('a closure that calls the changed code is reached through the function it lives in: that function is a caller too', async () => {
    const repo = new TestRepo();
    const retrying = (sleep: string) => `class Retrying:\n    def __init__(self, sleep=${sleep}):\n        self.sleep = sleep\n`;
    const deco = 'from .retrying import Retrying\n\n\ndef retry(*dargs):\n    def wrap(f):\n        r = Retrying(*dargs)\n        return r\n\n    return wrap\n';
    const base = repo.commit('base', { 'lib/retrying.py': retrying('None'), 'lib/api.py': deco });
    const head = repo.commit('head', { 'lib/retrying.py': retrying('print') });
    const m = by(await candidates(repo, base, head));
    assert.equal(m.get('lib/api.retry')?.kind, 'caller');
    assert.equal(m.get('lib/api.retry')?.why, 'holds wrap, which constructs Retrying (line 6)');
  });

  it('an added definition named as one of another module links the one it mirrors, more for each member they share; not a name two modules define', async () => {
    const repo = new TestRepo();
    const sync = 'class retry_if_result:\n    def __init__(self, predicate):\n        self.predicate = predicate\n\n    def __call__(self, state):\n        return self.predicate(state)\n\n\n'
      + 'class retry_never:\n    def __call__(self, state):\n        return False\n';
    const other = 'class retry_never:\n    def __call__(self, state):\n        return False\n';
    const base = repo.commit('base', { 'lib/retry.py': sync, 'lib/extra.py': other, 'lib/aio/__init__.py': '' });
    const aio = 'from lib.retry import retry_if_result as _sync\n\n\nclass retry_if_result:\n    def __init__(self, predicate):\n        self.predicate = predicate\n\n'
      + '    async def __call__(self, state):\n        return await self.predicate(state)\n\n\nclass retry_never:\n    async def __call__(self, state):\n        return False\n';
    const head = repo.commit('head', { 'lib/aio/retry.py': aio });
    const c = await candidates(repo, base, head);
    const m = by(c);
    const mirror = m.get('lib/retry.retry_if_result');
    assert.equal(mirror?.why, 'named like the added retry.retry_if_result: the definition it mirrors (line 1)');
    const raw = c.neighbours.find((n) => n.symbol === 'lib/retry.retry_if_result')!;
    assert.equal(raw.score, 1.5, 'the class, its __init__ and its __call__: three halves');
    assert.ok(!m.has('lib/retry.retry_never') && !m.has('lib/extra.retry_never'), 'two modules define retry_never: which one it mirrors is unknown');
  });

  it('a changed override links the override written most like it in a large family, and the few callers of the base method it overrides', async () => {
    const repo = new TestRepo();
    const pem = (name: string, error: string) => `class ${name}(Algorithm):\n    def prepare_key(self, key):\n        data = force_bytes(key)\n        try:\n            return load_private(data)\n        except ValueError:\n            ${error}\n\n\n`;
    const other = (name: string, body: string) => `class ${name}(Algorithm):\n    def prepare_key(self, key):\n        ${body}\n\n\n`;
    const algorithms = (rsaError: string) => 'def force_bytes(k):\n    return k\n\n\ndef load_private(d):\n    return d\n\n\n'
      + 'class Algorithm:\n    def prepare_key(self, key):\n        raise NotImplementedError\n\n\n'
      + pem('RSAAlgorithm', rsaError) + pem('ECAlgorithm', 'raise InvalidKeyError("Not a key")')
      + other('NoneAlgorithm', 'return None') + other('HMACAlgorithm', 'return bytes(key)') + other('OKPAlgorithm', 'return key.public_key()')
      + 'class InvalidKeyError(Exception):\n    pass\n';
    const api = 'from .algorithms import Algorithm\n\n\nclass JWS:\n    def verify(self, alg_obj: Algorithm, key):\n        return alg_obj.prepare_key(key)\n';
    const base = repo.commit('base', { 'jwt/algorithms.py': algorithms('return None'), 'jwt/api.py': api });
    const head = repo.commit('head', { 'jwt/algorithms.py': algorithms('raise InvalidKeyError("Not a key")') });
    const m = by(await candidates(repo, base, head));
    assert.match(m.get('jwt/algorithms.ECAlgorithm.prepare_key')?.why ?? '', /^also overrides algorithms\.Algorithm\.prepare_key, written most like prepare_key of 5 overrides/);
    for (const other of ['NoneAlgorithm', 'HMACAlgorithm', 'OKPAlgorithm']) assert.ok(!m.has(`jwt/algorithms.${other}.prepare_key`), other);
    assert.equal(m.get('jwt/api.JWS.verify')?.kind, 'caller');
    assert.match(m.get('jwt/api.JWS.verify')!.why, /^calls algorithms\.Algorithm\.prepare_key, which prepare_key overrides: where it runs/);
  });

  it('callers of a changed function called from more than five places weigh a quarter each: listed only while strong evidence is scarce', async () => {
    const helpers = ['a', 'b', 'c', 'd', 'e'].map((h) => `def ${h}(x):\n    return x\n`).join('\n\n');
    const core = (body: string) => `from .helpers import a, b, c, d, e\n\n\ndef render(x):\n    return ${body}\n`;
    const users = (n: number) => 'from .core import render\n\n\n' + Array.from({ length: n }, (_, i) => `def view_${i}(x):\n    return render(x)\n`).join('\n\n');
    const history = (n: number) => {
      const r = new TestRepo();
      const base = r.commit('base', { 'app/helpers.py': helpers, 'app/core.py': core('x'), 'app/views.py': users(n) });
      const head = r.commit('head', { 'app/core.py': core('a(b(c(d(e(x)))))') });
      return { r, base, head };
    };
    const many = history(6);
    const m6 = by(await candidates(many.r, many.base, many.head));
    assert.ok(![...m6.keys()].some((k) => k.startsWith('app/views.')), 'six callers, five strong callees: no caller listed');
    const few = history(5);
    const m5 = by(await candidates(few.r, few.base, few.head));
    assert.equal([...m5.keys()].filter((k) => k.startsWith('app/views.')).length, 5, 'five callers: each a full link');
  });

  it('a strong two-hop link adds to the one-hop list: it never empties the floor of weak one-hop links', () => {
    type C = { id: string; kind: CandidateKind; test: boolean; hops: number; weight: number };
    const strong = (id: string, hops: number): C => ({ id, kind: 'callee', test: false, hops, weight: 1 });
    const ordered: C[] = [strong('s1', 1), strong('s2', 1), strong('s3', 1), strong('s4', 1), strong('two', 2),
      { id: 'weak', kind: 'callee', test: false, hops: 1, weight: 0.25 }];
    const { keep } = selectCandidates(ordered, (c) => c.weight, 40, 'after', 'strong');
    assert.deepEqual([...keep].map((c) => c.id), ['s1', 's2', 's3', 's4', 'two', 'weak']);
    const five: C[] = [...ordered.slice(0, 4), strong('s5', 1), ordered[5]];
    assert.ok(!selectCandidates(five, (c) => c.weight, 40, 'after', 'strong').keep.has(five[5]), 'five strong one-hop links: no floor');
  });
});
