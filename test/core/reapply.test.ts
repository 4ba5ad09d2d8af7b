// Unsaved edits re-applied on a fixture changed on disk (core/fixtures/reapply.ts), on the demo
// corpus's real fixtures: a ruling left unsaved while `pool --write` rewrote the file, and the other
// way round; then, as a property over seeded random edits of every demo fixture, that the merge
// never loses either side; and the cases with no merge (one entry changed two ways, something typed
// by hand), which say what each side changed.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '../../src/core';
import { Dispute, Edited, Fixture, mulberry32, RawResult, readFixture, reapplyEdits, RESOLUTIONS, symbolKey } from '../../src/core';
import { ROOT } from '../helpers/demoCorpus';

const TASKS = join(ROOT, 'corpus/tasks');
const QUEUE = join(TASKS, 'bookshop/medium/01-queue-retry-limit.yaml');
const RULED = 'worker/queue/queue.Queue.Push';
/** Every demo fixture file. */
const demoFixtureFiles = (): string[] => readdirSync(TASKS, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(TASKS, f));
const read = (text: string): Fixture => readFixture(text, 'f.yaml').fixture;
const ok = (e: Edited): string => {
  if (!e.ok) throw new Error(e.problem.message);
  return e.text;
};

function answer(system: string, task: string, symbols: string[]): RawResult {
  return { system, task, repo: 'bookshop', rev: '0', budget: 5000, status: 'ok', output: '', symbols, tokens: 0, timings: {}, source: 'run', finished_at: '' };
}

const keyed = <T extends { symbol: string }>(items: readonly T[]) => new Map(items.map((i) => [symbolKey(i.symbol), JSON.stringify(i)]));

describe('unsaved edits re-applied on a fixture changed on disk', () => {
  const base = readFileSync(QUEUE, 'utf8');
  const push: Dispute = { symbol: 'worker/queue/queue.Queue.Push', resolution: 'included', confidence: 'HIGH', rationale: 'Retry re-queues through Push' };
  const answers = [
    answer('grep', 'bookshop-medium-01', ['worker/queue/queue.Queue.Retry', 'worker/queue/queue.Queue.jobs', 'worker/main.main', RULED]),
    answer('bm25', 'bookshop-medium-01', ['worker/queue/queue.Queue.jobs', 'worker/queue/queue.New']),
  ];

  it('a ruling left unsaved, then `pool --write` on disk: the ruling made again on the pooled text, the pool byte for byte', () => {
    const mine = ok(core.settleDispute(base, push));
    const theirs = ok(core.poolText(base, answers, 10));
    const merged = reapplyEdits(base, mine, theirs);
    assert.ok(merged.ok, merged.ok ? '' : merged.reason);
    const f = read(merged.text);
    assert.deepEqual(f.disputes, read(mine).disputes);
    assert.deepEqual(f.ground_truth, read(mine).ground_truth);
    assert.deepEqual(f.pooled, read(theirs).pooled);
    // The pool's block is in the merge as the disk has it.
    const pooledBlock = theirs.slice(theirs.indexOf('\npooled:'));
    assert.ok(merged.text.includes(pooledBlock.trimEnd()), merged.text);
    // Each side's changes, as a choice that drops them would lose them.
    assert.deepEqual(merged.mine, [`ground truth: 1 added (${RULED} (HIGH))`, `rulings: 1 added (${RULED} (included HIGH))`]);
    // What a rater judged is never pooled: main.main and Queue.Push are candidates.
    assert.deepEqual(merged.theirs, ['pooled: 2 added (worker/queue/queue.Queue.jobs, worker/queue/queue.New)']);
  });

  it('a pool left unsaved, then a ruling written on disk: merged the other way round too', () => {
    const mine = ok(core.poolText(base, answers, 10));
    const theirs = ok(core.settleDispute(base, push));
    const merged = reapplyEdits(base, mine, theirs);
    assert.ok(merged.ok, merged.ok ? '' : merged.reason);
    assert.deepEqual(read(merged.text).pooled, read(mine).pooled);
    assert.deepEqual(read(merged.text).disputes, read(theirs).disputes);
  });

  it('keeps the file\'s CRLF line endings', () => {
    const crlf = base.replace(/\n/g, '\r\n');
    const mine = ok(core.editKeepingLineEndings(crlf, (t) => core.settleDispute(t, push)));
    const theirs = ok(core.editKeepingLineEndings(crlf, (t) => core.poolText(t, answers, 10)));
    const merged = reapplyEdits(crlf, mine, theirs);
    assert.ok(merged.ok, merged.ok ? '' : merged.reason);
    assert.ok(!/[^\r]\n/.test(merged.text), 'every line ends in CRLF');
    assert.deepEqual(read(merged.text).pooled, read(theirs).pooled);
    assert.deepEqual(read(merged.text).disputes, read(mine).disputes);
  });

  it('no merge when both sides ruled on one symbol in two ways: the reason names it, and each side says what it changed', () => {
    const mine = ok(core.settleDispute(base, push));
    const theirs = ok(core.settleDispute(base, { symbol: push.symbol, resolution: 'excluded', rationale: 'Push is not changed' }));
    const merged = reapplyEdits(base, mine, theirs);
    assert.equal(merged.ok, false);
    assert.match(merged.ok ? '' : merged.reason, /both changed rulings worker\/queue\/queue\.Queue\.Push/);
    assert.deepEqual(merged.mine.filter((l) => l.startsWith('rulings')), ['rulings: 1 added (worker/queue/queue.Queue.Push (included HIGH))']);
    assert.deepEqual(merged.theirs, ['rulings: 1 added (worker/queue/queue.Queue.Push (excluded))']);
  });

  it('the same change on both sides merges to it', () => {
    const mine = ok(core.settleDispute(base, push));
    const merged = reapplyEdits(base, mine, mine);
    assert.ok(merged.ok);
    assert.equal(merged.text, mine);
  });

  it('no merge when the unsaved text holds something typed by hand besides the ruling: nothing of it would be lost silently', () => {
    const mine = ok(core.settleDispute(base, push)).replace('tags: [go', '# checked twice\ntags: [go');
    const merged = reapplyEdits(base, mine, ok(core.poolText(base, answers, 10)));
    assert.equal(merged.ok, false);
    assert.match(merged.ok ? '' : merged.reason, /typed by hand/);
  });

  it('no merge when the file on disk no longer reads as YAML', () => {
    const merged = reapplyEdits(base, ok(core.settleDispute(base, push)), `${base}\nfoo: [unclosed\n`);
    assert.equal(merged.ok, false);
    assert.match(merged.ok ? '' : merged.reason, /does not read as YAML/);
  });

  it('property: label edits and rulings re-applied on a text changed by a pool or by other edits never lose either side', () => {
    const random = mulberry32(2028);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    let merges = 0;
    let refused = 0;
    for (const file of demoFixtureFiles()) {
      const text = readFileSync(file, 'utf8');
      const f = read(text);
      const raters = [f.labeler, f.verifier, undefined];
      const universe = [...new Set([...f.candidates, ...f.ground_truth.map((l) => l.symbol), 'shop/new.Thing', 'worker/extra.helper', 'shop/x.Y.z'])];
      for (let round = 0; round < 12; round++) {
        // Two disjoint halves of the symbols: one side edits one, the other the other.
        const shuffled = [...universe].sort(() => random() - 0.5);
        const half = Math.ceil(shuffled.length / 2);
        const sides = [shuffled.slice(0, half), shuffled.slice(half)];
        const edits = (own: string[]): string => {
          let out = text;
          for (let i = 0; i < 1 + Math.floor(random() * 4); i++) {
            const symbol = pick(own);
            const choice = random();
            const next: Edited = choice < 0.3
              ? core.labelAs(out, pick(raters), { symbol, confidence: pick(['HIGH', 'MEDIUM'] as const), reason: `r${round}` })
              : choice < 0.45 ? core.unlabelAs(out, pick(raters), symbol)
                : choice < 0.8 ? core.settleDispute(out, { symbol, resolution: pick(RESOLUTIONS), confidence: 'MEDIUM', rationale: `why ${i}` })
                  : core.addCandidate(out, symbol);
            if (next.ok) out = next.text;
          }
          return out;
        };
        const mine = edits(sides[0]);
        const theirs = random() < 0.5
          ? ok(core.poolText(text, [answer('a', f.id!, sides[1].sort(() => random() - 0.5)), answer('b', f.id!, [...sides[1]].reverse())], 5))
          : edits(sides[1]);
        const merged = reapplyEdits(text, mine, theirs);
        // A ruling can rewrite a whole derived ground truth, or freeze a list: those two sides meet on one entry, which may refuse.
        if (!merged.ok) {
          refused++;
          assert.match(merged.reason, /both changed|review started/, `${file} round ${round}: ${merged.reason}`);
          continue;
        }
        merges++;
        const [b, m, t, r] = [read(text), read(mine), read(theirs), read(merged.text)];
        // Each list: an entry as the side that changed it has it.
        const lists = (x: Fixture) => ({
          ground_truth: keyed(x.ground_truth), disputes: keyed(x.disputes), pooled: keyed(x.pooled ?? []),
          candidates: keyed(x.candidates.map((symbol) => ({ symbol }))),
          ...Object.fromEntries(Object.entries(x.labels).map(([k, v]) => [`labels.${k}`, keyed(v)])),
        });
        const [lb, lm, lt, lr] = [b, m, t, r].map(lists) as Record<string, Map<string, string>>[];
        for (const list of new Set([...Object.keys(lm), ...Object.keys(lt), ...Object.keys(lr)])) {
          for (const key of new Set([...(lm[list]?.keys() ?? []), ...(lt[list]?.keys() ?? []), ...(lb[list]?.keys() ?? [])])) {
            const before = lb[list]?.get(key);
            const want = lm[list]?.get(key) !== before ? lm[list]?.get(key) : lt[list]?.get(key);
            assert.equal(lr[list]?.get(key), want, `${file} round ${round}: ${list} ${key}`);
          }
        }
        assert.equal(r.agreement, m.agreement !== b.agreement ? m.agreement : t.agreement);
      }
    }
    assert.ok(merges > 80 && refused < merges / 20, `${merges} merges, ${refused} refused`);
  });
});
