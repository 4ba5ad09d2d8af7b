import * as assert from 'node:assert/strict';
import { matchRanking, namesMatch, truthEntries } from '../../src/core/scoring/match';
import { scoreGains, scoreMatch, summarize, ScoredTask } from '../../src/core/scoring/metrics';

const close = (actual: number | null | undefined, expected: number, eps = 1e-9) => {
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) < eps, `${actual} != ${expected}`);
};

describe('scoring: matching returned names to ground truth', () => {
  it('exact compares normalized names only', () => {
    assert.ok(namesMatch('shop/pricing.py::apply_discount', 'shop.pricing.apply_discount', 'exact'));
    assert.ok(!namesMatch('pricing.apply_discount', 'shop/pricing.apply_discount', 'exact'));
  });

  it('bounded matches whole contiguous segments, never part of a segment', () => {
    assert.ok(namesMatch('store.SQLiteStore', 'internal/store.SQLiteStore.NodesByName', 'bounded'));
    assert.ok(namesMatch('internal/store.SQLiteStore.NodesByName', 'SQLiteStore.NodesByName', 'bounded'));
    assert.ok(!namesMatch('Node', 'store.NodesByName', 'bounded'));
    assert.ok(!namesMatch('store.Node', 'store.NodesByName', 'bounded'));
    // Not contiguous: the lenient rule's case.
    assert.ok(!namesMatch('store.NodesByName', 'internal/store.SQLiteStore.NodesByName', 'bounded'));
  });

  it('lenient adds ordered subsequences that end on the same segment', () => {
    assert.ok(namesMatch('store.NodesByName', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    assert.ok(!namesMatch('NodesByName.store', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    assert.ok(!namesMatch('store.Nodes', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    // Everything bounded accepts, lenient accepts.
    assert.ok(namesMatch('store.SQLiteStore', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
  });

  it('strips the module prefix through the shared normalizer', () => {
    assert.ok(namesMatch('k8s.io/kubernetes/pkg/kubelet.Run', 'pkg/kubelet.Run', 'exact', { module: 'k8s.io/kubernetes' }));
  });

  it('gives gains HIGH 2, MEDIUM 1, plain strings HIGH', () => {
    assert.deepEqual(truthEntries(['a.b', { symbol: 'c.d', confidence: 'MEDIUM' }, { symbol: 'e.f' }]).map((t) => t.gain), [2, 1, 2]);
  });

  it('credits each ground-truth entry once, so recall cannot exceed 1', () => {
    const truth = [{ symbol: 'internal/store.SQLiteStore.NodesByName', confidence: 'HIGH' as const }, { symbol: 'api.Handler', confidence: 'MEDIUM' as const }];
    const m = matchRanking(['SQLiteStore.NodesByName', 'store.SQLiteStore.NodesByName', 'Unrelated', 'api/Handler', 'Handler'], truth);
    assert.deepEqual(m.ranks.map((r) => r.relevant), [true, false, false, true, false]);
    assert.deepEqual(m.ranks.map((r) => r.entry), [0, null, null, 1, null]);
    assert.deepEqual(m.ranks.map((r) => r.gain), [2, 0, 0, 1, 0]);
    assert.equal(m.ranks[1].note, 'already-credited');
    assert.equal(m.ranks[2].note, undefined);
    assert.deepEqual(m.creditedAt, [1, 4]);
    assert.equal(m.rule, 'bounded');
  });

  it('does not credit a repeated returned name twice, even when another entry would match', () => {
    const m = matchRanking(['Run', 'Run'], ['a.Run', 'b.Run']);
    assert.deepEqual(m.ranks.map((r) => r.relevant), [true, false]);
    assert.equal(m.ranks[1].note, 'duplicate');
  });

  it('prefers the identical entry, then the closest in length, then the higher gain', () => {
    const truth = [{ symbol: 'x.y.Run' }, { symbol: 'y.Run', confidence: 'MEDIUM' as const }];
    assert.equal(matchRanking(['y.Run'], truth).ranks[0].entry, 1);
    const byGain = [{ symbol: 'a.Run', confidence: 'MEDIUM' as const }, { symbol: 'b.Run', confidence: 'HIGH' as const }];
    assert.equal(matchRanking(['Run'], byGain).ranks[0].entry, 1);
  });

  it('never matches an empty name', () => {
    assert.ok(!namesMatch('', 'a.b'));
    assert.equal(matchRanking(['', '()'], ['a']).ranks.filter((r) => r.relevant).length, 0);
  });
});

describe('scoring: per-task metrics', () => {
  // Ranks 2 (HIGH) and 4 (MEDIUM) relevant; three ground-truth entries (HIGH, MEDIUM, HIGH).
  const score = scoreGains([0, 2, 0, 1, 0], [2, 1, 2], { tokens: 400 });

  it('divides P@K by K even when fewer came back, R@K by the ground truth', () => {
    close(score.precision[5], 2 / 5);
    close(score.precision[10], 2 / 10);
    close(score.precision[20], 2 / 20);
    close(score.recall[5], 2 / 3);
    close(score.recall[20], 2 / 3);
    close(score.f1[5], (2 * 0.4 * (2 / 3)) / (0.4 + 2 / 3));
  });

  it('computes NDCG@10 binary and graded with a log2(rank + 1) discount', () => {
    const l = Math.log2;
    close(score.ndcg10, (1 / l(3) + 1 / l(5)) / (1 + 1 / l(3) + 1 / l(4)));
    close(score.ndcg10Graded, (2 / l(3) + 1 / l(5)) / (2 + 2 / l(3) + 1 / l(4)));
  });

  it('computes MRR without a cutoff and 0 when nothing is relevant', () => {
    close(score.mrr, 1 / 2);
    const late = new Array(30).fill(0);
    late[24] = 1;
    close(scoreGains(late, [1]).mrr, 1 / 25);
    close(scoreGains([0, 0], [1]).mrr, 0);
    close(scoreGains([], [1]).precision[5], 0);
  });

  it('computes token efficiency as relevant found per token', () => {
    close(score.tokenEfficiency, 2 / 400);
    assert.equal(scoreGains([1], [1]).tokenEfficiency, null);
    close(scoreGains([], [1], { tokens: 0 }).tokenEfficiency, 0);
  });

  it('takes K from the options', () => {
    const s = scoreGains([1, 1, 0], [1, 1], { ks: [1, 3] });
    assert.deepEqual(Object.keys(s.precision), ['1', '3']);
    close(s.precision[3], 2 / 3);
    assert.throws(() => scoreGains([], [1], { ks: [0] }), /positive integer/);
  });

  it('leaves recall and NDCG undefined for an empty ground truth', () => {
    const s = scoreGains([0, 0], []);
    assert.equal(s.recall[10], null);
    assert.equal(s.ndcg10, null);
    close(s.precision[5], 0);
  });

  it('scores a match result with one-to-one credit, so R@K stays at most 1', () => {
    const m = matchRanking(['a.Run', 'Run', 'x.Run', 'b.Other'], ['a.Run', { symbol: 'b.Other', confidence: 'MEDIUM' }]);
    const s = scoreMatch(m);
    close(s.recall[5], 1);
    close(s.precision[5], 2 / 5);
    close(s.ndcg10Graded, (2 + 1 / Math.log2(5)) / (2 + 1 / Math.log2(3)));
  });

  it('averages per system overall, per tier and per repo, skipping undefined values', () => {
    const row = (system: string, tier: string, repo: string, gains: number[], truth: number[]): ScoredTask => ({ system, task: `${tier}-${repo}`, tier, repo, score: scoreGains(gains, truth) });
    const rows = [
      row('s1', 'easy', 'flask', [1], [1]),
      row('s1', 'hard', 'flask', [0], [1]),
      row('s1', 'hard', 'k8s', [0], []),
      row('s2', 'easy', 'flask', [1, 1], [1, 1]),
    ];
    const { overall, perTier, perRepo } = summarize(rows);
    const s1 = overall.find((g) => g.system === 's1')!;
    assert.equal(s1.n, 3);
    close(s1.mean['P@5'], (0.2 + 0 + 0) / 3);
    close(s1.mean['R@5'], 0.5); // the empty ground truth is skipped
    close(s1.mean.MRR, 1 / 3);
    assert.equal(perTier.filter((g) => g.system === 's1').length, 2);
    close(perTier.find((g) => g.system === 's1' && g.group === 'hard')!.mean['R@10'], 0);
    close(perRepo.find((g) => g.system === 's2' && g.group === 'flask')!.mean['NDCG@10'], 1);
  });
});
