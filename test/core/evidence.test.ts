// The default list ends where evidence runs out (issue 27): what the lines a change made use is
// evidence, what the rest of a long changed function uses is context; a neighbour resting only on
// context is listed while few have strong evidence, never to fill the list up.
import * as assert from 'node:assert/strict';
import { FEW_STRONG, FEW_TESTS, mulberry32, selectCandidates, STRONG_EVIDENCE } from '../../src/core';
import type { CandidateKind, EvidencePolicy, TestsPolicy } from '../../src/core';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const KINDS: CandidateKind[] = ['callee', 'type', 'caller', 'data'];

describe('candidates: the list ends where evidence runs out', function () {
  this.timeout(60_000);

  // complete() is long; the change wraps one call in an `if` and adds a few more beside it.
  const flags = ['root', 'traverse', 'find', 'parse', 'visit', 'walk', 'help_flag', 'version_flag', 'deprecate', 'annotate', 'suggest']
    .map((f) => `def ${f}(x):\n    return x\n`).join('\n\n');
  const complete = (changed: string) => 'from .flags import *\nfrom .model import Command\n\n\n'
    + 'def complete(cmd: Command, args):\n    r = root(cmd)\n    t = traverse(r)\n    f = find(t)\n    p = parse(f)\n    v = visit(p)\n'
    + `    w = walk(v)\n\n    # the flags\n    # a completion offers\n${changed}\n    cmd.directive = directive\n    return w\n`;
  const files = {
    'app/flags.py': flags,
    'app/model.py': 'class Command:\n    pass\n',
    'app/show.py': 'def show(cmd):\n    return cmd.directive\n',
  };

  function change() {
    const repo = new TestRepo();
    const base = repo.commit('base', { ...files, 'app/complete.py': complete('    help_flag(cmd)\n    directive = 0') });
    const head = repo.commit('head', {
      'app/complete.py': complete('    if not cmd.disabled:\n        help_flag(cmd)\n        version_flag(cmd)\n        deprecate(cmd)\n'
        + '        annotate(cmd)\n        suggest(cmd)\n    directive = 1 if cmd.disabled else 0'),
    });
    return { repo, base, head };
  }

  it('what the changed lines call, the signature\'s types and what their result flows to are listed; the rest of the function is cut', async () => {
    const { repo, base, head } = change();
    const c = await candidates(repo, base, head);
    const m = by(c);
    for (const f of ['help_flag', 'version_flag', 'deprecate', 'annotate', 'suggest']) assert.equal(m.get(`app/flags.${f}`)?.kind, 'callee', f);
    // The signature is the contract the changed code keeps: its types are evidence although the change left that line alone.
    assert.equal(m.get('app/model.Command')?.kind, 'type');
    // `directive` is computed on a changed line and written to cmd.directive below it: show() reads what the change now computes.
    assert.deepEqual(m.get('app/show.show') && { kind: m.get('app/show.show')!.kind, why: m.get('app/show.show')!.why }, { kind: 'data', why: 'reads directive (line 2)' });
    for (const f of ['root', 'traverse', 'find', 'parse', 'visit', 'walk']) assert.ok(!m.has(`app/flags.${f}`), `${f} is called on a line the change left alone`);
    assert.equal(c.cut.by, 'evidence');
    assert.equal(c.cut.kept, c.ranked.length);
    // --evidence all lists them, below every call the change made.
    const all = by(await candidates(repo, base, head, { evidence: 'all' }));
    for (const f of ['root', 'traverse', 'find', 'parse', 'visit', 'walk']) {
      assert.equal(all.get(`app/flags.${f}`)?.kind, 'callee', f);
      assert.ok(all.get(`app/flags.${f}`)!.score < all.get('app/flags.help_flag')!.score, f);
    }
  });

  it('while few neighbours have strong evidence, weaker ones fill in up to a few', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { ...files, 'app/complete.py': complete('    help_flag(cmd)\n    directive = 0') });
    // One changed line: one strong link; the function's other calls are context, and few enough to show.
    const head = repo.commit('head', { 'app/complete.py': complete('    help_flag(cmd)\n    directive = 0').replace('help_flag(cmd)', 'help_flag(args)') });
    const c = await candidates(repo, base, head);
    const neighbours = c.ranked.filter((x) => x.kind !== 'changed');
    assert.equal(neighbours[0].symbol, 'app/flags.help_flag');
    assert.equal(neighbours.length, FEW_STRONG);
  });

  it('property: changed symbols always stay; a strong neighbour is cut only by the limit; a weak one only fills in while strong ones are few; tests never fill in', () => {
    const random = mulberry32(27);
    for (let round = 0; round < 500; round++) {
      const n = Math.floor(random() * 30);
      type C = { id: number; kind: CandidateKind; test: boolean; weight: number };
      const changed: C[] = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, id) => ({ id, kind: 'changed', test: random() < 0.2, weight: Infinity }));
      const linked: C[] = Array.from({ length: n }, (_, i) => ({
        id: 10 + i, kind: KINDS[Math.floor(random() * KINDS.length)], test: random() < 0.3, weight: Math.round(random() * 12) / 8 }))
        .sort((a, b) => b.weight - a.weight);
      const policy: TestsPolicy = random() < 0.5 ? 'after' : 'mixed';
      const evidence: EvidencePolicy = random() < 0.8 ? 'strong' : 'all';
      const limit = Math.floor(random() * 20);
      const all = [...changed, ...linked];
      const ordered = policy === 'mixed' ? all : [...all.filter((c) => !c.test), ...all.filter((c) => c.test)];
      const { keep } = selectCandidates(ordered, (c) => c.weight, limit, policy, evidence);
      for (const c of changed) assert.ok(keep.has(c), 'a changed symbol stays');
      const strongNonTest = linked.filter((c) => !c.test && c.weight >= STRONG_EVIDENCE);
      const keptNonTest = linked.filter((c) => !c.test && keep.has(c));
      const room = Math.max(0, limit - (policy === 'mixed' ? changed.length : changed.filter((c) => !c.test).length));
      if (evidence === 'all') {
        if (policy === 'after') assert.equal(keptNonTest.length, Math.min(room, linked.filter((c) => !c.test).length));
        continue;
      }
      for (const c of linked) {
        if (!keep.has(c) || c.weight >= STRONG_EVIDENCE) continue;
        assert.ok(!c.test, 'a test never fills in on weak evidence');
        assert.ok(strongNonTest.length < FEW_STRONG, 'weak evidence only while strong is scarce');
      }
      assert.ok(keptNonTest.filter((c) => c.weight < STRONG_EVIDENCE).length <= FEW_STRONG);
      if (policy === 'after') {
        // Tests after the non-tests: every changed one, and others only while fewer than FEW_TESTS tests are listed.
        const keptTests = all.filter((c) => c.test && keep.has(c));
        const changedTests = changed.filter((c) => c.test).length;
        assert.equal(keptTests.filter((c) => c.kind === 'changed').length, changedTests);
        assert.ok(keptTests.length <= Math.max(FEW_TESTS, changedTests), 'a few tests');
        const strongTests = linked.filter((c) => c.test && c.weight >= STRONG_EVIDENCE);
        const testRoom = Math.max(0, limit - changedTests);
        assert.equal(keptTests.length, changedTests + Math.min(strongTests.length, testRoom, Math.max(0, FEW_TESTS - changedTests)));
      }
      if (policy === 'after') {
        // Every strong non-test neighbour the limit leaves room for is kept.
        for (const c of strongNonTest.slice(0, room)) assert.ok(keep.has(c), 'a strong neighbour within the limit stays');
        assert.ok(keptNonTest.length <= room);
        if (strongNonTest.length >= room) assert.equal(keptNonTest.length, room);
      }
    }
  });

  it('tests after the non-tests: the tests the change edits, then the tests that call the changed code while fewer than a few are listed', async () => {
    const repo = new TestRepo();
    const price = (rate: string) => `def price(cents):\n    return cents * ${rate}\n`;
    // Twelve tests call price(); the change edits two of them.
    const tests = (edited: string) => Array.from({ length: 12 }, (_, i) => `def test_price_${i}():\n    assert price(${i}) ${i < 2 ? edited : '>= 0'}\n`).join('\n\n');
    const base = repo.commit('base', {
      'shop/pricing.py': price('1'),
      'shop/checkout.py': 'from .pricing import price\n\n\ndef total(items):\n    return sum(price(i) for i in items)\n',
      'tests/test_pricing.py': `from shop.pricing import price\n\n\n${tests('>= 0')}`,
    });
    const head = repo.commit('head', { 'shop/pricing.py': price('2'), 'tests/test_pricing.py': `from shop.pricing import price\n\n\n${tests('% 2 == 0')}` });
    const c = await candidates(repo, base, head, { tests: 'after' });
    const listed = c.ranked.map((x) => `${x.kind}${x.test ? ' test' : ''} ${x.symbol}`);
    assert.deepEqual(listed.slice(0, 2), ['changed shop/pricing.price', 'caller shop/checkout.total'], listed.join('\n'));
    const listedTests = c.ranked.filter((x) => x.test);
    assert.equal(listedTests.length, FEW_TESTS, listed.join('\n'));
    assert.deepEqual(listedTests.slice(0, 2).map((x) => `${x.kind} ${x.symbol}`), ['changed tests/test_pricing.test_price_0', 'changed tests/test_pricing.test_price_1']);
    assert.ok(listedTests.slice(2).every((x) => x.kind === 'caller'), listed.join('\n'));
    assert.deepEqual(c.tests, { kept: FEW_TESTS, of: 12 });
    // --evidence all lists every test.
    assert.equal((await candidates(repo, base, head, { tests: 'after', evidence: 'all' })).ranked.filter((x) => x.test).length, 12);
    // A change that edits more tests than that keeps each of them (changed symbols always stay), and no test that merely calls.
    const many = repo.commit('many', { 'tests/test_pricing.py': `from shop.pricing import price\n\n\n${tests('% 2 == 0').replace(/>= 0/g, '% 3 == 0')}` });
    const all = await candidates(repo, base, many, { tests: 'after' });
    assert.deepEqual(all.ranked.filter((x) => x.test).map((x) => x.kind), Array(12).fill('changed'));
  });

  it('a constructor that sets up what the changed lines read is listed on strong evidence, below the methods that write it', async () => {
    const repo = new TestRepo();
    const helpers = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((f) => `def ${f}(x):\n    return x\n`).join('\n\n');
    const app = (open: string) => 'from .helpers import *\n\n\nclass Scaffold:\n    def __init__(self, root):\n        self.root_path = root\n\n'
      + '    def move(self, root):\n        self.root_path = root\n\n'
      + `    def open_resource(self, name):\n${open}\n`;
    const base = repo.commit('base', { 'app/helpers.py': helpers, 'app/scaffold.py': app('        return name') });
    const head = repo.commit('head', {
      'app/scaffold.py': app('        path = alpha(beta(gamma(delta(epsilon(name)))))\n        return open(self.root_path + path)'),
    });
    const c = await candidates(repo, base, head);
    const m = by(c);
    assert.equal(c.ranked.filter((x) => x.kind === 'callee').length, 5, 'five strong links: no weak one fills in');
    assert.equal(m.get('app/scaffold.Scaffold.__init__')?.why, 'sets up root_path (line 6)');
    assert.equal(m.get('app/scaffold.Scaffold.move')?.why, 'writes root_path (line 9)');
    const order = c.ranked.map((x) => x.symbol);
    assert.ok(order.indexOf('app/scaffold.Scaffold.__init__') > order.indexOf('app/scaffold.Scaffold.move'));
  });
});
