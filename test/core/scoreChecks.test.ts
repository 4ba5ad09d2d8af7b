// What the panel says beside the scores (core/panelView/checks.ts): Judged@10 per system with its
// warning, the range of each headline metric over the contested labels and the rankings that flip
// inside it, and ties across the cut at K (harness/pooling.ts), its definition proven as a property;
// and the system scores a tie is told from, as answers carry them (parse.scores, checkAnswer).
import * as assert from 'node:assert/strict';
import {
  checkAnswer, DEFAULT_MATCH_RULE, disputeSensitivity, fixtureResults, mulberry32, parseOutput, RawResult, readFixture, RunFolder, tieAcrossCut,
} from '../../src/core';
import { finishReview, labelAs, startReview } from '../helpers/edits';

const NEW = 'id: "t"\nrepo: demo\ntask: "x"\ncandidates: [a.A, a.B, a.C, a.D, a.E, a.F, a.G]\nground_truth: []\n';

/** alice includes A, B, C; bob A, B, D, E: settled truth {A, B}, C, D and E contested and open. */
function contested() {
  let text = NEW;
  for (const symbol of ['a.A', 'a.B', 'a.C']) text = labelAs(text, 'alice', { symbol, confidence: 'HIGH', reason: 'r' });
  text = startReview(text, 'bob');
  for (const [symbol, confidence] of [['a.A', 'HIGH'], ['a.B', 'HIGH'], ['a.D', 'MEDIUM'], ['a.E', 'MEDIUM']] as const) {
    text = labelAs(text, 'bob', { symbol, confidence, reason: 'r' });
  }
  return readFixture(finishReview(text).text, 't.yaml').fixture;
}

function answer(system: string, symbols: string[], scores?: number[]): RawResult {
  return { system, task: 't', repo: 'demo', rev: '0', budget: 5000, status: 'ok', output: symbols.join('\n'), symbols, ...(scores ? { scores } : {}), tokens: 10,
    timings: {}, source: 'run', finished_at: '' };
}

const run: RunFolder = { dir: '/tmp/run-20261123-000000', name: 'run-20261123-000000', info: {
  corpus: 'corpus', started_at: '', match: DEFAULT_MATCH_RULE, budgets: [5000], ks: [5, 10, 20], seed: 1, systems: [], tasks: ['t'], skipped_tasks: [] } };

describe('score checks beside the panel\'s scores', () => {
  const fixture = contested();
  const unjudged = Array.from({ length: 10 }, (_, i) => `x.U${i + 1}`);
  const raws = [
    answer('narrow', ['a.A', 'a.B']),
    answer('wide', ['a.C', 'a.D', 'a.E', 'a.A']),
    // One judged symbol, then ten no rater judged; the 10th and 11th share the score 1.
    answer('loose', ['a.A', ...unjudged], [5, 4, 4, 4, 3, 3, 3, 3, 2, 1, 1]),
  ];
  const view = fixtureResults(fixture, new Map(raws.map((raw) => [raw.system, { raw, run }])), {
    match: DEFAULT_MATCH_RULE, budget: 5000, run: run.name, systems: ['narrow', 'wide', 'loose', 'absent'] });

  it('gives Judged@10 per system in its row, and warns in words about the one under 0.9', () => {
    assert.deepEqual(view.rows.map((r) => [r.system, r.judged]), [['narrow', 1], ['wide', 1], ['loose', 0.1], ['absent', undefined]]);
    assert.deepEqual(view.checks!.unjudged, [
      'loose: Judged@10 0.100, under 0.9: 9 symbols in its first 10 that no rater judged count as not relevant; Pool them and '
        + 'judge them in To Judge before comparing',
    ]);
  });

  it('gives each headline metric as settled, with every contested item included and excluded, and names the rankings that flip', () => {
    const s = view.checks!.sensitivity;
    assert.deepEqual([s.contested, s.open, s.metrics], [3, 3, ['P@10', 'R@10', 'NDCG@10', 'MRR']]);
    assert.deepEqual(s.rows.map((r) => r.system), ['narrow', 'wide', 'loose'], 'in the order of the table above');
    const r10 = Object.fromEntries(s.rows.map((r) => [r.system, r.ranges['R@10']]));
    // Settled {A, B}; included {A, B, C, D, E}; excluded {A, B}.
    assert.deepEqual(r10.narrow, { settled: 1, included: 0.4, excluded: 1 });
    assert.deepEqual(r10.wide, { settled: 0.5, included: 0.8, excluded: 0.5 });
    assert.ok(s.flips.includes('R@10: narrow ahead as settled (1.000 vs 0.500), wide ahead with every contested item included (0.800 vs 0.400)'), s.flips.join('\n'));
    // The same values FINDINGS.md's section is written from.
    const findings = disputeSensitivity(raws, new Map([['t', fixture]]), { match: DEFAULT_MATCH_RULE, ks: [5, 10, 20] }, new Map());
    for (const row of s.rows) {
      for (const metric of s.metrics) {
        const m = findings.means.get(row.system)!;
        assert.deepEqual(row.ranges[metric], { settled: m.settled[metric], included: m.included[metric], excluded: m.excluded[metric] }, `${row.system} ${metric}`);
      }
    }
    assert.equal(s.flips.length, findings.flips.length);
  });

  it('warns about an answer whose scores tie across the cut at 10, and only that one', () => {
    assert.deepEqual(view.checks!.ties, ['loose on t: 1 symbol inside the first 10 and 1 past it share the score 1, so which of them count at 10 is the system\'s tie-break']);
  });

  it('has no checks without answers', () => {
    const none = fixtureResults(fixture, new Map(), { match: DEFAULT_MATCH_RULE, budget: 5000, systems: ['narrow'] });
    assert.equal(none.checks, undefined);
  });
});

describe('a tie across the cut at K', () => {
  it('is reported exactly when some symbol in the first K and some past it share a score (ranked lists, seeded)', () => {
    const random = mulberry32(2026);
    let ties = 0;
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(random() * 16);
      // Non-increasing scores from a few values, so ties are common.
      const scores = Array.from({ length }, () => Math.floor(random() * 5)).sort((a, b) => b - a);
      const k = 1 + Math.floor(random() * 12);
      const tie = tieAcrossCut(answer('s', scores.map((_, i) => `a.S${i}`), scores), k);
      let straddles = false;
      for (let i = 0; i < Math.min(k, length); i++) for (let j = k; j < length; j++) if (scores[i] === scores[j]) straddles = true;
      assert.equal(tie !== undefined, straddles, `${scores.join()} at ${k}`);
      if (tie) {
        ties++;
        assert.equal(tie.inside, scores.slice(0, k).filter((s) => s === tie.score).length);
        assert.equal(tie.outside, scores.slice(k).filter((s) => s === tie.score).length);
        assert.ok(tie.inside > 0 && tie.outside > 0);
      }
    }
    assert.ok(ties > 200, `ties exercised (${ties})`);
  });

  it('cannot be told without scores, nor on a failed answer', () => {
    assert.equal(tieAcrossCut(answer('s', Array.from({ length: 12 }, (_, i) => `a.S${i}`)), 10), undefined);
    assert.equal(tieAcrossCut({ ...answer('s', ['a.A', 'a.B'], [1, 1]), status: 'failed' }, 1), undefined);
    assert.ok(tieAcrossCut(answer('s', ['a.A', 'a.B'], [1, 1]), 1));
  });

  it('reads scores from JSON output by parse.scores, and refuses scores that are not one number per symbol', () => {
    const text = JSON.stringify({ results: [{ symbol: 'a.A', score: 2.5 }, { symbol: 'a.B', score: 2.5 }] });
    assert.deepEqual(parseOutput(text, { format: 'json', symbols: 'results[].symbol', scores: 'results[].score' }), { symbols: ['a.A', 'a.B'], scores: [2.5, 2.5] });
    assert.throws(() => parseOutput(JSON.stringify({ results: [{ symbol: 'a.A', score: 'high' }] }), { format: 'json', symbols: 'results[].symbol', scores: 'results[].score' }),
      /^Error: `results\[\]\.score` gives 1 score for 1 symbol, or one that is not a number; point parse\.scores at one number per symbol, or leave it out$/);
    assert.throws(() => checkAnswer({ text: '', symbols: ['a.A'], scores: [1, 2] }), /the answer is malformed: its scores are not one per symbol/);
    assert.throws(() => checkAnswer({ text: '', symbols: ['a.A'], scores: [Number.NaN] }), /score 1 is not a number/);
  });
});
