// Pool and judge (core/harness/pooling.ts) on a generated corpus: seeded random fixtures and
// answers, the pool checked against its definition from the other side (every unjudged symbol of
// a top K, and nothing else), Judged@K against the same count, and merging idempotent. The demo
// corpus's run is checked through the CLI in findings.test.ts.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Fixture, judgedAtK, judgedKeys, mergePooled, mulberry32, poolOf, poolText, RawResult, readFixture, settleDispute, symbolKey, textOf,
} from '../../src/core';
import { ROOT } from '../helpers/demoCorpus';
import { addPooled } from '../helpers/edits';

function answer(system: string, task: string, symbols: string[], status: RawResult['status'] = 'ok'): RawResult {
  return { system, task, repo: 'demo', rev: '0', budget: 5000, status, output: '', symbols, tokens: 0, timings: {}, source: 'run', finished_at: '' };
}

describe('pool and judge', () => {
  const random = mulberry32(1052);
  const universe = Array.from({ length: 30 }, (_, i) => `pkg/m${i % 5}.S${i}`);
  const some = (p: number) => universe.filter(() => random() < p);
  const fixtures = new Map<string, Fixture>();
  for (let i = 0; i < 20; i++) {
    const f = readFixture(`id: g-${i}\nrepo: demo\ntask: x\nground_truth: []\n`, 'g.yaml').fixture;
    f.candidates = some(0.2);
    f.labels = { dana: some(0.1).map((symbol) => ({ symbol, confidence: 'HIGH' })), lee: some(0.1).map((symbol) => ({ symbol, confidence: 'MEDIUM' })) };
    f.labeler = 'dana';
    f.verifier = 'lee';
    f.disputes = some(0.05).map((symbol) => ({ symbol, resolution: 'excluded', rationale: 'r' }));
    fixtures.set(`g-${i}`, f);
  }
  const systems = ['a', 'b', 'c'];
  // Answers with repeats and other spellings of one name (`.py::`), and one failed answer.
  const raws = [...fixtures.keys()].flatMap((task) => systems.map((system) => answer(system, task, some(0.5).sort(() => random() - 0.5).map((s) => (random() < 0.2 ? s.replace(/\.S/, '.py::S') : s)).flatMap((s) => (random() < 0.1 ? [s, s] : [s])))));
  raws.push(answer('d', 'g-0', universe, 'timeout'));

  it('pools exactly the unjudged symbols of each system\'s first K distinct symbols, with the systems that returned them', () => {
    for (const depth of [1, 5, 10]) {
      for (const [task, f] of fixtures) {
        const answers = raws.filter((r) => r.task === task);
        const pooled = poolOf(f, answers, depth);
        const judged = judgedKeys(f);
        const expected = new Map<string, Set<string>>();
        for (const r of answers.filter((x) => x.status === 'ok')) {
          const top = [...new Set(r.symbols.map((s) => symbolKey(s)))].slice(0, depth);
          for (const key of top.filter((k) => !judged.has(k))) expected.set(key, (expected.get(key) ?? new Set()).add(r.system));
        }
        assert.deepEqual(new Map(pooled.map((p) => [symbolKey(p.symbol), new Set(p.from)])), expected, `${task} at ${depth}`);
        // Written by their normalized names, once each.
        assert.equal(new Set(pooled.map((p) => p.symbol)).size, pooled.length);
        assert.ok(pooled.every((p) => !p.symbol.includes('::')));
      }
    }
  });

  it('Judged@K counts the same symbols the pool holds', () => {
    const rows = judgedAtK(raws, fixtures, new Map(), 10);
    assert.deepEqual(rows.map((r) => r.system), ['a', 'b', 'c', 'd']);
    const d = rows.find((r) => r.system === 'd')!;
    assert.deepEqual([d.n, d.judged, d.unjudged], [0, null, 0], 'a failed answer has no top K');
    for (const system of systems) {
      const memberships = [...fixtures].reduce((n, [task, f]) => n + poolOf(f, raws.filter((r) => r.task === task && r.system === system), 10).length, 0);
      assert.equal(rows.find((r) => r.system === system)!.unjudged, memberships);
      const share = rows.find((r) => r.system === system)!.judged!;
      assert.ok(share > 0 && share < 1, `${system}: ${share}`);
    }
  });

  it('merging a pool again changes nothing; new systems join an entry\'s from', () => {
    const [task, f] = [...fixtures][3];
    const pooled = poolOf(f, raws.filter((r) => r.task === task), 10);
    assert.ok(pooled.length > 0);
    assert.deepEqual(mergePooled(pooled, pooled), pooled);
    const merged = mergePooled([{ symbol: pooled[0].symbol, from: ['z'] }], pooled);
    assert.deepEqual(merged[0].from, [...new Set(['z', ...pooled[0].from])].sort());
    // Written into the file and read back, the list is the same.
    let text = 'id: t\nrepo: demo\ntask: x\nground_truth: []\ntags: [a]\n';
    for (const p of pooled) text = addPooled(text, p);
    const read = readFixture(text, 't.yaml');
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.fixture.pooled, pooled);
    assert.ok(text.indexOf('pooled:') < text.indexOf('tags:'), 'placed before tags, as FIXTURE_KEYS orders it');
  });

  it('poolText judges against the text as it stands: a ruling not yet saved is judged, and pooling twice adds nothing', () => {
    const base = readFileSync(join(ROOT, 'corpus/tasks/bookshop/medium/01-queue-retry-limit.yaml'), 'utf8');
    const fresh = 'worker/queue/queue.Queue.jobs';
    const answers = [answer('grep', 'bookshop-medium-01', ['worker/queue/queue.Queue.Retry', fresh, 'worker/queue/queue.New'])];
    const pooled = poolText(base, answers, 10);
    assert.ok(pooled.ok);
    assert.deepEqual(pooled.added.map((p) => p.symbol), [fresh, 'worker/queue/queue.New']);
    // The adjudicator ruled on the jobs field first (as an unsaved document holds it): judged, so not pooled.
    const ruled = textOf(settleDispute(base, { symbol: fresh, resolution: 'excluded', rationale: 'r', unjudged: true }));
    const afterRuling = poolText(ruled, answers, 10);
    assert.ok(afterRuling.ok);
    assert.deepEqual(readFixture(afterRuling.text, 'f.yaml').fixture.pooled, [{ symbol: 'worker/queue/queue.New', from: ['grep'] }]);
    // Again: the same text, nothing added.
    const again = poolText(pooled.text, answers, 10);
    assert.ok(again.ok);
    assert.equal(again.text, pooled.text);
    assert.deepEqual(again.added, []);
  });

  it('reads a malformed pooled entry as an error naming the fix', () => {
    const read = readFixture('id: t\nrepo: demo\ntask: x\nground_truth: []\npooled:\n  - {symbol: a.B}\n', 't.yaml');
    assert.deepEqual(read.problems.map((p) => [p.code, p.message]), [['bad-pooled', 'a pooled entry is a mapping {symbol, from: [SYSTEM, ...]} (`fixture-lab pool` writes them)']]);
  });
});
