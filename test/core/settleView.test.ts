// The adjudicator's views (core/labeling/settleView.ts): Settle shows the conflicts of a reviewed
// fixture (both raters' ratings and reasons side by side; a toggle shows every item), a ruling
// shows on its row; To judge lists the pooled symbols nobody judged or ruled on, and judging one
// (an unjudged ruling) takes it off the list without moving kappa. On the demo corpus's reviewed
// fixture and, as properties, on seeded random reviews. Hovers are Markdown that trusts nothing.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  agreementOf, candidateWhy, Candidates, Confidence, markdownCodeBlock, mulberry32, readFixture, rowDetails, rulingChoices, rulingText, settleTooltip, settleView,
  settleDispute as trySettle, toJudgeView, judgeTooltip,
} from '../../src/core';
import { ROOT } from '../helpers/demoCorpus';
import { addPooled, finishReview, labelAs, setField, settleDispute, startReview } from '../helpers/edits';

const demo = (relative: string) => readFileSync(join(ROOT, 'corpus/tasks', relative), 'utf8');
const MEDIUM_01 = demo('bookshop/medium/01-queue-retry-limit.yaml');
const fixture = (text: string) => readFixture(text, 'f.yaml').fixture;
const labelsBlock = (text: string) => text.slice(text.indexOf('\nlabels:'), text.indexOf('\nagreement:'));

describe('the Settle view', () => {
  it('shows only the conflicts of a reviewed fixture by default: both raters\' confidence side by side; the toggle shows every item', () => {
    const f = fixture(MEDIUM_01);
    const view = settleView(f, 'dana', false);
    // The ratings first, in the order the line above the rows names the raters; the symbol after.
    assert.deepEqual(view.rows.map((r) => [r.label, r.description]), [
      ['HIGH │ MEDIUM', 'queue.Job'],
      ['MEDIUM │ out', 'queue.Queue'],
      ['out │ MEDIUM', 'queue.Queue.Push'],
    ]);
    assert.equal(view.raters, 'ratings: dana (labeler) │ lee (verifier)');
    assert.deepEqual([view.settleable, view.conflicts, view.settled, view.note, view.progress], [true, 3, 0, undefined, '3 of 3 conflicts open']);
    // Each row is one of the agreement's disagreements, and every disagreement has its row.
    assert.deepEqual(view.rows.map((r) => r.symbol), agreementOf(f).disagreements.map((d) => d.symbol));
    const push = view.rows[2];
    assert.deepEqual(rowDetails(push, 'caller: calls Push (line 12)'), [
      'dana: not included', 'lee: MEDIUM “Retry re-queues through Push”', 'candidate: caller: calls Push (line 12)']);
    const all = settleView(f, 'dana', true);
    assert.equal(all.rows.length, f.candidates.length);
    assert.equal(all.rows.find((r) => r.symbol === 'worker/queue/queue.Queue.Retry')?.label, 'both HIGH');
    assert.equal(all.rows.find((r) => r.symbol === 'worker/main.main')?.label, 'both out');
  });

  it('a ruling shows on its row, with whom it sided with; the raters\' lists are untouched', () => {
    const symbol = 'worker/queue/queue.Queue.Push';
    const text = settleDispute(MEDIUM_01, { symbol, resolution: 'included', confidence: 'HIGH', rationale: 'Retry calls it' });
    const f = fixture(text);
    assert.equal(labelsBlock(text), labelsBlock(MEDIUM_01));
    assert.deepEqual(f.ground_truth.find((l) => l.symbol === symbol), { symbol, confidence: 'HIGH', reason: 'Retry re-queues through Push' });
    const view = settleView(f, 'dana', false);
    const row = view.rows.find((r) => r.symbol === symbol)!;
    // Included at HIGH: lee included it (MEDIUM), dana did not, so it sided with lee on inclusion:
    // said in words where the ratings were, the symbol still after it.
    assert.deepEqual([row.label, row.description], ['HIGH, sided with lee', 'queue.Queue.Push']);
    assert.equal(rowDetails(row, undefined).at(-1), 'ruling: included HIGH “Retry calls it” · sided with lee');
    assert.deepEqual([view.conflicts, view.settled, view.progress], [3, 1, '2 of 3 conflicts open']);
    // Shown all items, it still counts the conflicts.
    assert.equal(settleView(f, 'dana', true).progress, '2 of 3 conflicts open');
    assert.equal(rulingText({ resolution: 'excluded' }), 'excluded');
    // Rule…'s choices say whom each would side with, as the ruling then records it.
    const choices = rulingChoices(fixture(MEDIUM_01), 'worker/queue/queue.Job');
    assert.deepEqual(choices.map((c) => [c.title, c.sides]), [['Include HIGH', 'dana'], ['Include MEDIUM', 'lee'], ['Exclude', 'neither']]);
    for (const c of choices) {
      const ruled = fixture(settleDispute(MEDIUM_01, { symbol: 'worker/queue/queue.Job', resolution: c.resolution, rationale: 'r', ...(c.confidence ? { confidence: c.confidence } : {}) }));
      assert.equal(ruled.disputes.at(-1)!.sided_with, c.sides);
      const shown = settleView(ruled, 'dana', false).rows.find((r) => r.symbol === 'worker/queue/queue.Job')!;
      assert.equal(shown.label, `${c.confidence ?? 'excluded'}, sided with ${c.sides}`);
    }
  });

  it('a blind verifier sees nothing; during the review others see the conflicts without actions; a fixture never reviewed has none', () => {
    let text = labelAs(demo('bookshop/easy/03-cart-badge.yaml'), 'dana', { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: 'Draws it' });
    assert.match(settleView(fixture(text), 'dana', false).note!, /has no review yet/);
    text = startReview(text, 'lee');
    text = labelAs(text, 'lee', { symbol: 'web/src/api.CartDto', confidence: 'MEDIUM', reason: 'Counted' });
    const blind = settleView(fixture(text), 'lee', true);
    assert.deepEqual(blind.rows, []);
    assert.match(blind.note!, /blind/);
    const labeler = settleView(fixture(text), 'dana', false);
    assert.equal(labeler.rows.length, 2);
    assert.equal(labeler.settleable, false);
    assert.match(labeler.note!, /finish it/);
    const finished = settleView(fixture(finishReview(text).text), 'lee', false);
    assert.deepEqual([finished.settleable, finished.rows.length], [true, 2]);
  });

  it('as a property: the conflict rows are exactly the items rated differently, each ruling on its row (seeded reviews)', () => {
    const random = mulberry32(1846);
    const symbols = Array.from({ length: 12 }, (_, i) => `a/m${i % 3}.S${i}`);
    const rating = (): Confidence | null => { const x = random(); return x < 0.5 ? null : x < 0.75 ? 'MEDIUM' : 'HIGH'; };
    for (let n = 0; n < 60; n++) {
      let text = `id: "g-${n}"\nrepo: demo\ntask: "t"\ncandidates: [${symbols.slice(0, 8).map((s) => JSON.stringify(s)).join(', ')}]\nground_truth: []\n`;
      const dana = symbols.map((symbol) => ({ symbol, confidence: rating() }));
      const lee = symbols.map((symbol) => ({ symbol, confidence: rating() }));
      if (!dana.some((l) => l.confidence)) dana[0].confidence = 'HIGH';
      for (const l of dana) if (l.confidence) text = labelAs(text, 'dana', { symbol: l.symbol, confidence: l.confidence, reason: 'r' });
      text = startReview(text, 'lee');
      for (const l of lee) if (l.confidence) text = labelAs(text, 'lee', { symbol: l.symbol, confidence: l.confidence, reason: 'q' });
      text = finishReview(text).text;
      // The items: the 8 candidates and whatever either rater labeled.
      const rated = symbols.filter((_, i) => i < 8 || dana[i].confidence || lee[i].confidence);
      const differ = rated.filter((s) => dana[symbols.indexOf(s)].confidence !== lee[symbols.indexOf(s)].confidence);
      let view = settleView(fixture(text), 'dana', false);
      assert.deepEqual(view.rows.map((r) => r.symbol).sort(), differ.sort());
      assert.equal(settleView(fixture(text), 'dana', true).rows.length, rated.length);
      // Rule on some conflicts: each shows its own ruling, and only those count as settled.
      const ruled = new Map<string, string>();
      for (const row of view.rows.filter(() => random() < 0.5)) {
        const excluded = random() < 0.5;
        const settled = trySettle(text, excluded ? { symbol: row.symbol, resolution: 'excluded', rationale: `x ${row.symbol}` }
          : { symbol: row.symbol, resolution: 'included', confidence: random() < 0.5 ? 'HIGH' : 'MEDIUM', rationale: `i ${row.symbol}` });
        // Refused only when excluding would leave ground truth empty.
        if (!settled.ok) {
          assert.equal(settled.problem.code, 'empty-ground-truth');
          continue;
        }
        text = settled.text;
        ruled.set(row.symbol, fixture(text).disputes.at(-1)!.rationale);
      }
      view = settleView(fixture(text), 'dana', false);
      assert.equal(view.settled, ruled.size);
      for (const row of view.rows) assert.equal(row.ruling?.rationale, ruled.get(row.symbol));
    }
  });
});

describe('To judge', () => {
  const POOLED = [
    { symbol: 'worker/queue/queue.Queue.Len', from: ['bm25'] },
    { symbol: 'worker/jobs/email.EmailJob', from: ['bm25', 'grep'] },
    { symbol: 'worker/queue/queue.Queue.Pop', from: ['grep'] },
  ];

  it('lists the pooled symbols no rater judged and no ruling settles, with the systems that returned them', () => {
    let text = MEDIUM_01;
    for (const p of POOLED) text = addPooled(text, p);
    const view = toJudgeView(fixture(text), 'dana');
    // Queue.Pop is a candidate: judged already (a pool written before it became one).
    assert.deepEqual(view.rows.map((r) => [r.label, r.description]), [['queue.Queue.Len', 'from bm25'], ['email.EmailJob', 'from bm25, grep']]);
    assert.equal(view.judgeable, true);
    assert.match(toJudgeView(fixture(MEDIUM_01), 'dana').note!, /no pooled symbols: Pool in the benchmark panel \(or `fixture-lab pool RUN_DIR --write`\)/);
  });

  it('as a property: judging a pooled symbol (an unjudged ruling) takes it off the list, grows ground truth where included, and never moves kappa (seeded)', () => {
    const random = mulberry32(5172);
    const before = fixture(MEDIUM_01);
    const agreement = JSON.stringify(agreementOf(before));
    for (let n = 0; n < 25; n++) {
      const pooled = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({ symbol: `worker/pool${n}.P${i}`, from: random() < 0.5 ? ['bm25'] : ['bm25', 'grep'] }));
      let text = pooled.reduce((t, p) => addPooled(t, p), MEDIUM_01);
      const judged = new Set<string>();
      for (const p of pooled.filter(() => random() < 0.6)) {
        const r = random();
        const confidence: Confidence = r < 0.33 ? 'HIGH' : 'MEDIUM';
        text = settleDispute(text, r < 0.66 ? { symbol: p.symbol, resolution: 'included', confidence, rationale: 'found by a system', unjudged: true }
          : { symbol: p.symbol, resolution: 'excluded', rationale: 'not needed', unjudged: true });
        judged.add(p.symbol);
        const f = fixture(text);
        const ruling = f.disputes.at(-1)!;
        assert.equal(ruling.unjudged, true);
        assert.equal(f.ground_truth.some((l) => l.symbol === p.symbol), ruling.resolution === 'included');
      }
      const f = fixture(text);
      assert.deepEqual(toJudgeView(f, 'dana').rows.map((r) => r.symbol), pooled.map((p) => p.symbol).filter((s) => !judged.has(s)));
      // Candidates and the raters' lists as they were: the agreement is the same to the last figure.
      assert.deepEqual(f.candidates, before.candidates);
      assert.equal(labelsBlock(text), labelsBlock(MEDIUM_01));
      assert.equal(JSON.stringify(agreementOf(f)), agreement);
      assert.equal(f.agreement, before.agreement);
    }
  });

  it('a blind verifier judges nothing; during a review the list shows without actions', () => {
    let text = labelAs(demo('bookshop/easy/03-cart-badge.yaml'), 'dana', { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: 'Draws it' });
    text = addPooled(startReview(text, 'lee'), POOLED[0]);
    assert.deepEqual(toJudgeView(fixture(text), 'lee').rows, []);
    const dana = toJudgeView(fixture(text), 'dana');
    assert.deepEqual([dana.rows.length, dana.judgeable], [1, false]);
    assert.equal(toJudgeView(fixture(setField(text, 'agreement', 0.5)), 'dana').judgeable, true);
  });
});

describe('the hovers of Settle and To judge', () => {
  it('show fixtures\' and repositories\' text as text: reasons escaped, code in a fence nothing in it can close', () => {
    const hostile = 'see [here](command:workbench.action.terminal.new) <img src=x> **now** $(alert)';
    let text = MEDIUM_01.replace('"Retry re-queues through Push"', JSON.stringify(hostile));
    text = settleDispute(text, { symbol: 'worker/queue/queue.Queue.Push', resolution: 'excluded', rationale: hostile });
    const row = settleView(fixture(text), 'dana', false).rows.find((r) => r.symbol.endsWith('Push'))!;
    const code = 'func (q *Queue) Push(j Job) {\n\t// ```` not a fence\n\tq.jobs = append(q.jobs, j)\n}\n';
    const md = settleTooltip(row, 'caller: [x](command:y)', { file: 'worker/queue/queue.go', startLine: 12, text: code, language: 'go' });
    assert.ok(!md.includes('](command:'), md);
    assert.ok(!/(^|[^\\])[<[]/m.test(md), 'every < and [ is escaped');
    assert.ok(md.includes('\\[here\\]\\(command\\:workbench'), md);
    const block = markdownCodeBlock(code, 'go');
    assert.ok(md.includes(block));
    assert.ok(block.startsWith('`````go\n') && block.endsWith('\n`````'), block);
    assert.equal(block.split('\n').filter((l) => /^`{3,}/.test(l)).length, 2, 'only the fence\'s own lines open and close it');
    // A fixture's text as a fence's language is refused; a long definition is cut, the rest counted.
    assert.ok(markdownCodeBlock('x', 'go{.onload=1}').startsWith('```\n'));
    const long = markdownCodeBlock(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n'), 'go');
    assert.match(long, /line 39\n```\n\n10 more lines$/);
    const judge = judgeTooltip({ symbol: 'a/b.C', from: ['<b>sys</b>'], label: 'b.C', description: '' }, undefined);
    assert.ok(!judge.includes('<b>') && judge.includes('not found at the fixture\'s revision'), judge);
  });

  it('say why a symbol is a candidate: its change, or the neighbour\'s link, by its name at base', () => {
    const found = {
      changed: [{ symbol: 'web/src/format/money.formatPrice', baseSymbol: 'web/src/money.formatPrice', file: 'web/src/format/money.ts', kind: 'function', change: 'modified', startLine: 3, endLine: 9 }],
      neighbours: [{ symbol: 'web/src/cart.CartView.totalLabel', relation: 'caller', why: 'calls formatPrice (line 20)' }],
    } as unknown as Candidates;
    assert.equal(candidateWhy(found, 'web/src/money.formatPrice'), 'modified function in web/src/format/money.ts');
    assert.equal(candidateWhy(found, 'web/src/cart.CartView.totalLabel'), 'caller: calls formatPrice (line 20)');
    assert.equal(candidateWhy(found, 'web/src/cart.CartView'), undefined);
    assert.equal(candidateWhy(undefined, 'x'), undefined);
  });
});
