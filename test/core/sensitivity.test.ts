// Dispute sensitivity (core/harness/sensitivity.ts): the ground truth in each scenario, a ranking
// that flips with the contested labels (and FINDINGS.md's warning about it), and a generated
// corpus of seeded random reviews and answers, where every flip reported is one the per-task
// scores show and none is missed. The demo corpus's section is checked in findings.test.ts.
import * as assert from 'node:assert/strict';
import {
  contestedTruths, DEFAULT_KS, DEFAULT_MATCH_RULE, disputeSensitivity, Fixture, HEADLINE_METRICS, metricValues, mulberry32, RawResult, scoreResult, readFixture, SCENARIOS, sensitivityMarkdown,
} from '../../src/core';
import { finishReview, labelAs, settleDispute, startReview } from '../helpers/edits';

const NEW = 'id: "t"\nrepo: demo\ntask: "x"\ncandidates: [a.A, a.B, a.C, a.D, a.E, a.F, a.G]\nground_truth: []\n';
const info = { match: DEFAULT_MATCH_RULE, ks: [...DEFAULT_KS] };

/** alice includes `mine`, bob `theirs` (symbol -> confidence), review finished. */
function review(mine: Record<string, 'HIGH' | 'MEDIUM'>, theirs: Record<string, 'HIGH' | 'MEDIUM'>, id = 't'): string {
  let text = NEW.replace('id: "t"', `id: "${id}"`);
  for (const [symbol, confidence] of Object.entries(mine)) text = labelAs(text, 'alice', { symbol, confidence, reason: 'r' });
  text = startReview(text, 'bob');
  for (const [symbol, confidence] of Object.entries(theirs)) text = labelAs(text, 'bob', { symbol, confidence, reason: 'r' });
  return finishReview(text).text;
}
const fixtureOf = (text: string) => readFixture(text, 'f.yaml').fixture;
const names = (labels: { symbol: string; confidence?: string }[]) => labels.map((l) => `${l.symbol} ${l.confidence}`).sort();

function answer(system: string, task: string, symbols: string[]): RawResult {
  return { system, task, repo: 'demo', rev: '0', budget: 5000, status: 'ok', output: symbols.join('\n'), symbols, tokens: 10 * symbols.length, timings: {}, source: 'run', finished_at: '' };
}

describe('dispute sensitivity', () => {
  it('gives the ground truth as settled, with every contested item in, and with every one out', () => {
    // A, B agreed; C alice only; D, E bob only; F both, HIGH vs MEDIUM.
    let text = review({ 'a.A': 'HIGH', 'a.B': 'MEDIUM', 'a.C': 'HIGH', 'a.F': 'HIGH' }, { 'a.A': 'HIGH', 'a.B': 'MEDIUM', 'a.D': 'MEDIUM', 'a.E': 'HIGH', 'a.F': 'MEDIUM' });
    text = settleDispute(text, { symbol: 'a.D', resolution: 'included', rationale: 'r' });
    const c = contestedTruths(fixtureOf(text));
    assert.equal(c.contested, 4);
    assert.equal(c.open, 3);
    assert.deepEqual(names(c.truths.settled), ['a.A HIGH', 'a.B MEDIUM', 'a.D MEDIUM', 'a.F HIGH']);
    assert.deepEqual(names(c.truths.included), ['a.A HIGH', 'a.B MEDIUM', 'a.C HIGH', 'a.D MEDIUM', 'a.E HIGH', 'a.F HIGH']);
    assert.deepEqual(names(c.truths.excluded), ['a.A HIGH', 'a.B MEDIUM', 'a.F MEDIUM']);
    // Without two raters' lists nothing is contested.
    const seed = fixtureOf('id: s\nrepo: demo\ntask: x\nground_truth: [a.A]\n');
    assert.deepEqual(contestedTruths(seed), { contested: 0, open: 0, truths: { settled: seed.ground_truth, included: seed.ground_truth, excluded: seed.ground_truth } });
  });

  it('flags a ranking that flips with the contested labels, in FINDINGS.md words', () => {
    // Settled truth {A, B}; contested C, D, E. narrow returns the agreed symbols, wide the contested ones.
    const f = fixtureOf(review({ 'a.A': 'HIGH', 'a.B': 'HIGH', 'a.C': 'HIGH' }, { 'a.A': 'HIGH', 'a.B': 'HIGH', 'a.D': 'MEDIUM', 'a.E': 'MEDIUM' }));
    const raws = [answer('narrow', 't', ['a.A', 'a.B']), answer('wide', 't', ['a.C', 'a.D', 'a.E', 'a.A'])];
    const s = disputeSensitivity(raws, new Map([['t', f]]), info, new Map());
    // R@10: narrow 1 vs wide 0.5 as settled; 0.4 vs 0.8 with C, D, E included.
    assert.equal(s.means.get('narrow')!.settled['R@10'], 1);
    assert.equal(s.means.get('wide')!.settled['R@10'], 0.5);
    assert.equal(s.means.get('narrow')!.included['R@10'], 0.4);
    assert.equal(s.means.get('wide')!.included['R@10'], 0.8);
    assert.deepEqual(s.flips.find((x) => x.metric === 'R@10'), { metric: 'R@10', a: 'narrow', b: 'wide', aAhead: 'settled', bAhead: 'included' });
    const md = sensitivityMarkdown(s).join('\n');
    assert.match(md, /^## Dispute sensitivity\n\nEach system scored three ways: .* 3 contested items in 1 of 1 fixtures, 3 of them open\./);
    assert.match(md, /\| narrow \| 0\.200 \[0\.200, 0\.200\] \| 1\.000 \[0\.400, 1\.000\] \|/);
    assert.match(md, /\*\*Warning:\*\* \d+ rankings of two systems flip with the contested labels/);
    assert.match(md, /- R@10: narrow ahead as settled \(1\.000 vs 0\.500\), wide ahead with every contested item included \(0\.800 vs 0\.400\)/);
    // Two systems that agree on the contested items never flip.
    const same = disputeSensitivity([answer('x', 't', ['a.A', 'a.C']), answer('y', 't', ['a.C', 'a.A'])], new Map([['t', f]]), info, new Map());
    assert.deepEqual(same.flips.filter((x) => x.metric === 'R@10'), []);
  });

  it('on a generated corpus: every flip reported is one the scores show, none is missed, and the settled scenario is the run\'s own score', () => {
    const random = mulberry32(2828);
    const symbols = ['a.A', 'a.B', 'a.C', 'a.D', 'a.E', 'a.F', 'a.G'];
    const pick = () => Object.fromEntries(symbols.filter(() => random() < 0.4).map((s) => [s, random() < 0.5 ? 'HIGH' : 'MEDIUM'] as const));
    const fixtures = new Map<string, Fixture>();
    for (let i = 0; i < 25; i++) {
      let mine = pick();
      if (Object.keys(mine).length === 0) mine = { 'a.A': 'HIGH' };
      const text = review(mine, pick(), `g-${i}`);
      fixtures.set(`g-${i}`, fixtureOf(text));
    }
    const systems = ['s1', 's2', 's3', 's4'];
    const raws = [...fixtures.keys()].flatMap((task) => systems.map((system) => answer(system, task, [...symbols].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 6)))));
    const s = disputeSensitivity(raws, fixtures, info, new Map());
    assert.ok(s.contested > 20, `a generated corpus with disagreements (${s.contested})`);
    const mean = (system: string, scenario: (typeof SCENARIOS)[number], metric: string) => {
      const xs = s.tasks.filter((t) => t.system === system).map((t) => t.values[scenario][metric]).filter((v): v is number => v !== null);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    let expected = 0;
    for (const metric of HEADLINE_METRICS) {
      for (const a of systems) {
        for (const b of systems.filter((x) => x > a)) {
          const diffs = SCENARIOS.map((sc) => Math.round((mean(a, sc, metric) - mean(b, sc, metric)) * 1e9));
          const flips = diffs.some((d) => d > 0) && diffs.some((d) => d < 0);
          if (flips) expected++;
          assert.equal(s.flips.some((f) => f.metric === metric && f.a === a && f.b === b), flips, `${metric} ${a} ${b}: ${diffs.join()}`);
        }
      }
    }
    assert.equal(s.flips.length, expected);
    for (const t of s.tasks) {
      const own = metricValues(scoreResult(raws.find((r) => r.system === t.system && r.task === t.task)!, fixtures.get(t.task)!, info).score);
      for (const metric of HEADLINE_METRICS) assert.equal(t.values.settled[metric], own[metric]);
    }
    assert.ok(expected > 0, 'random systems on a contested corpus flip somewhere');
  });
});
