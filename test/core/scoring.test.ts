import * as assert from 'node:assert/strict';
import { runDocnos, runHeader } from '../../src/core/harness/trecExport';
import { DEFAULT_MATCH_RULE, itemKey, MATCH_RULES, MatchRule, matchName, matchRanking, namesMatch, truthEntries } from '../../src/core/scoring/match';
import { scoreGains, scoreMatch, summarize, ScoredTask } from '../../src/core/scoring/metrics';
import { mulberry32 } from '../../src/core/scoring/significance';
import { evaluateTrec, formatQrels, formatRun, parseQrels, parseRun } from '../../src/core/scoring/trec';
import { normalizeSymbol } from '../../src/core/symbols/normalize';

const close = (actual: number | null | undefined, expected: number, eps = 1e-9) => {
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) < eps, `${actual} != ${expected}`);
};

describe('scoring: matching rules', () => {
  it('exact compares normalized names only', () => {
    assert.ok(namesMatch('shop/pricing.py::apply_discount', 'shop.pricing.apply_discount', 'exact'));
    assert.ok(!namesMatch('pricing.apply_discount', 'shop/pricing.apply_discount', 'exact'));
  });

  it('symbol (the default) matches under- and over-qualified names of the same symbol', () => {
    assert.equal(DEFAULT_MATCH_RULE, 'symbol');
    const truth = 'internal/store.SQLiteStore.NodesByName';
    for (const returned of ['store.NodesByName', 'SQLiteStore.NodesByName', 'internal/store.NodesByName', 'internal/store/sqlite.go::SQLiteStore.NodesByName', 'example.com/x/internal/store.SQLiteStore.NodesByName']) {
      assert.ok(namesMatch(returned, truth), returned);
      assert.ok(namesMatch(truth, returned), `${returned}, the other way`);
    }
    assert.ok(namesMatch('ctx.AppContext.pop', 'src/flask/ctx.AppContext.pop'));
    assert.ok(namesMatch('AppContext.pop', 'src/flask/ctx.AppContext.pop'));
  });

  it('symbol never matches a bare word, a directory, a file, a package or a class above the symbol', () => {
    const truth = 'internal/store.SQLiteStore.NodesByName';
    for (const returned of ['NodesByName', 'internal', 'internal/store', 'internal/store.go', 'store.SQLiteStore', 'SQLiteStore', 'NodesByName.store', 'store.Nodes', 'Node']) {
      assert.ok(!namesMatch(returned, truth), returned);
    }
    assert.ok(!namesMatch('ctx.AppContext', 'src/flask/ctx.AppContext.pop'));
    // A file named like the function in it is still a file (the demo's shop/checkout.py, worker/main.go).
    assert.ok(!namesMatch('shop/checkout.py', 'shop/checkout.checkout'));
    assert.ok(!namesMatch('worker/main.go', 'worker/main.main'));
    assert.ok(!namesMatch('example.com/bookshop/worker/main', 'worker/main.main', 'symbol', { module: 'example.com/bookshop' }));
    // Paths match paths.
    assert.ok(namesMatch('flask/app.py', 'src/flask/app.py'));
    // A dotted module path is the short form of a function of the same name (docs/scoring.md: a limit of names alone).
    assert.ok(namesMatch('shop.checkout', 'shop/checkout.checkout'));
  });

  it('bounded matches whole contiguous segments, never part of a segment, bare words included', () => {
    assert.ok(namesMatch('store.SQLiteStore', 'internal/store.SQLiteStore.NodesByName', 'bounded'));
    assert.ok(namesMatch('internal/store.SQLiteStore.NodesByName', 'SQLiteStore.NodesByName', 'bounded'));
    assert.ok(namesMatch('shop', 'shop/cart.Cart.total', 'bounded'));
    assert.ok(namesMatch('ctx.AppContext', 'src/flask/ctx.AppContext.pop', 'bounded'));
    assert.ok(!namesMatch('Node', 'store.NodesByName', 'bounded'));
    assert.ok(!namesMatch('store.Node', 'store.NodesByName', 'bounded'));
    // Not contiguous: the lenient and symbol rules' case.
    assert.ok(!namesMatch('store.NodesByName', 'internal/store.SQLiteStore.NodesByName', 'bounded'));
  });

  it('lenient: the same last segment and an ordered subsequence, single words allowed, and nothing else', () => {
    assert.ok(namesMatch('store.NodesByName', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    assert.ok(namesMatch('NodesByName', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    assert.ok(namesMatch('shop/checkout.py', 'shop/checkout.checkout', 'lenient'));
    assert.ok(!namesMatch('NodesByName.store', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    assert.ok(!namesMatch('store.Nodes', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    // Not a prefix: before issue 14 lenient accepted everything bounded did.
    assert.ok(!namesMatch('store.SQLiteStore', 'internal/store.SQLiteStore.NodesByName', 'lenient'));
    assert.ok(!namesMatch('pkg/f', 'pkg/f.A', 'lenient'));
  });

  it('seed: §5.4 to the letter, one normalized name a substring of the other', () => {
    assert.ok(namesMatch('Node', 'store.NodesByName', 'seed'));
    assert.ok(namesMatch('shop', 'shop/cart.Cart.total', 'seed'));
    assert.ok(namesMatch('internal/store.SQLiteStore.NodesByName.extra', 'store.SQLiteStore.NodesByName', 'seed'));
    // Its own example is not a substring either way.
    assert.ok(!namesMatch('store.NodesByName', 'internal/store.SQLiteStore.NodesByName', 'seed'));
  });

  it('every rule: the same key matches, an empty name never does', () => {
    for (const rule of MATCH_RULES) {
      assert.ok(namesMatch('k8s.io/kubernetes/pkg/kubelet.Run', 'pkg/kubelet.Run', rule, { module: 'k8s.io/kubernetes' }), rule);
      assert.ok(!namesMatch('', 'a.b', rule), rule);
    }
    assert.equal(matchRanking(['', '()'], ['a']).ranks.filter((r) => r.relevant).length, 0);
  });
});

describe('scoring: credit as a maximum matching built in rank order', () => {
  it('scores one ranking array again as a fresh copy of it, after it is changed in place and under another module (names read once per array, seeded)', () => {
    const random = mulberry32(2911);
    const pool = ['example.com/shop/pricing.apply', 'shop/pricing.apply', 'pricing.apply', 'shop/cart.Cart.total', 'cart.Cart', 'shop/models.py', 'Unrelated', 'a.h'];
    const truth = [{ symbol: 'shop/pricing.apply', confidence: 'HIGH' as const }, { symbol: 'shop/cart.Cart.total', confidence: 'MEDIUM' as const }, 'shop/models'];
    for (let n = 0; n < 200; n++) {
      const ranking = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pool[Math.floor(random() * pool.length)]);
      const options = { rule: MATCH_RULES[Math.floor(random() * MATCH_RULES.length)], module: random() < 0.5 ? 'example.com' : undefined };
      assert.deepEqual(matchRanking(ranking, truth, options), matchRanking([...ranking], truth, options));
      // The same array, an element replaced (or one added), read again.
      if (random() < 0.5) ranking[Math.floor(random() * ranking.length)] = pool[Math.floor(random() * pool.length)];
      else ranking.push(pool[Math.floor(random() * pool.length)]);
      assert.deepEqual(matchRanking(ranking, truth, options), matchRanking([...ranking], truth, options), JSON.stringify(ranking));
      const other = { ...options, module: options.module ? undefined : 'example.com' };
      assert.deepEqual(matchRanking(ranking, truth, other), matchRanking([...ranking], truth, other), JSON.stringify({ ranking, other }));
    }
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
    assert.equal(m.rule, 'symbol');
  });

  it('does not credit a repeated returned name twice, even when another entry would match', () => {
    const m = matchRanking(['Run', 'Run'], ['a.Run', 'b.Run'], { rule: 'lenient' });
    assert.deepEqual(m.ranks.map((r) => r.relevant), [true, false]);
    assert.equal(m.ranks[1].note, 'duplicate');
  });

  it('prefers the identical entry, then the higher gain, then the closest in length, then the fixture order', () => {
    const identical = [{ symbol: 'x.y.Run' }, { symbol: 'y.Run', confidence: 'MEDIUM' as const }];
    assert.equal(matchRanking(['y.Run'], identical).ranks[0].entry, 1);
    const byGain = [{ symbol: 'z.a.Run', confidence: 'MEDIUM' as const }, { symbol: 'p.q.r.a.Run', confidence: 'HIGH' as const }];
    assert.equal(matchRanking(['a.Run'], byGain).ranks[0].entry, 1);
    const byLength = [{ symbol: 'p.q.r.a.Run' }, { symbol: 'z.a.Run' }];
    assert.equal(matchRanking(['a.Run'], byLength).ranks[0].entry, 1);
    assert.equal(matchRanking(['Run'], ['a.Run', 'b.Run'], { rule: 'lenient' }).ranks[0].entry, 0);
  });

  it("does not depend on the order inside the top K (issue 14's case: [pkg/f, pkg/f.B] and [pkg/f.B, pkg/f])", () => {
    const truth = [{ symbol: 'pkg/f.A', confidence: 'MEDIUM' as const }, { symbol: 'pkg/f.B', confidence: 'HIGH' as const }];
    const bounded = (list: string[]) => scoreMatch(matchRanking(list, truth, { rule: 'bounded' }));
    for (const s of [bounded(['pkg/f', 'pkg/f.B']), bounded(['pkg/f.B', 'pkg/f'])]) {
      close(s.precision[10], 0.2);
      close(s.recall[10], 1);
    }
    // pkg/f took B (HIGH) first, then moved to A so that pkg/f.B could have B: still credited.
    const m = matchRanking(['pkg/f', 'pkg/f.B'], truth, { rule: 'bounded' });
    assert.deepEqual(m.ranks.map((r) => r.groundTruth), ['pkg/f.A', 'pkg/f.B']);
    assert.deepEqual(m.creditedAt, [1, 2]);
    // Under symbol a package path is not its functions.
    for (const list of [['pkg/f', 'pkg/f.B'], ['pkg/f.B', 'pkg/f']]) {
      const s = scoreMatch(matchRanking(list, truth));
      close(s.precision[10], 0.1);
      close(s.recall[10], 0.5);
    }
  });

  it('moves earlier items along the shortest augmenting path, and only when the new item needs it', () => {
    // c.X matches all three; b.X.Y entries 1 and 2; a.X.Y.Z only entry 2.
    const truth = ['c.X', 'b.X.Y', 'a.X.Y.Z'];
    const m = matchRanking(['X', 'X.Y', 'X.Y.Z'], truth, { rule: 'bounded' });
    assert.deepEqual(m.ranks.map((r) => r.relevant), [true, true, true]);
    assert.deepEqual(m.creditedAt.every((r) => r !== null), true);
    // A free entry is taken without moving anyone.
    const free = matchRanking(['X.Y', 'X'], truth, { rule: 'bounded' });
    assert.deepEqual(free.ranks.map((r) => r.entry), [1, 0]);
  });

  describe('properties (random lists, seeded)', () => {
    const SEGMENTS = ['pkg', 'internal', 'store', 'api', 'f', 'g', 'A', 'B', 'Store', 'run', 'Run'];
    const cases = (() => {
      const random = mulberry32(1404);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
      const name = (min: number, max: number) => {
        const n = min + Math.floor(random() * (max - min + 1));
        const segs = Array.from({ length: n }, () => pick(SEGMENTS));
        // Some path separators, as real names have.
        return segs.map((s, i) => (i === 0 ? s : `${random() < 0.3 ? '/' : '.'}${s}`)).join('');
      };
      const out: { truth: { symbol: string; confidence: 'HIGH' | 'MEDIUM' }[]; returned: string[] }[] = [];
      for (let c = 0; c < 400; c++) {
        const keys = new Set<string>();
        const truth: { symbol: string; confidence: 'HIGH' | 'MEDIUM' }[] = [];
        const size = 1 + Math.floor(random() * 6);
        while (truth.length < size) {
          const symbol = name(2, 4);
          if (keys.has(matchName(symbol).key)) continue;
          keys.add(matchName(symbol).key);
          truth.push({ symbol, confidence: random() < 0.6 ? 'HIGH' : 'MEDIUM' });
        }
        const returned = Array.from({ length: Math.floor(random() * 30) }, () => {
          const r = random();
          if (r < 0.3) {
            // A piece of a ground-truth name: its tail, its head, or the whole.
            const segs = matchName(pick(truth).symbol).segments;
            const from = Math.floor(random() * segs.length);
            return random() < 0.5 ? segs.slice(from).join('.') : segs.slice(0, from + 1).join('/');
          }
          return name(1, 4);
        });
        out.push({ truth, returned });
      }
      return { all: out, random };
    })();

    /** The maximum matching of the distinct names of a list to the truth, by Kuhn's algorithm, from scratch. */
    function maximumMatching(list: readonly string[], truth: readonly { symbol: string }[], rule: MatchRule): number {
      const firsts = new Map<string, string>();
      for (const n of list) if (!firsts.has(itemKey(matchName(n), rule))) firsts.set(itemKey(matchName(n), rule), n);
      const items = [...firsts.entries()].filter(([key]) => key !== '' && key !== '/').map(([, n]) => n);
      const owner = new Array<number>(truth.length).fill(-1);
      const edges = items.map((n) => truth.map((t, j) => (namesMatch(n, t.symbol, rule) ? j : -1)).filter((j) => j >= 0));
      const tryItem = (i: number, visited: Set<number>): boolean => {
        for (const j of edges[i]) {
          if (visited.has(j)) continue;
          visited.add(j);
          if (owner[j] < 0 || tryItem(owner[j], visited)) {
            owner[j] = i;
            return true;
          }
        }
        return false;
      };
      return items.filter((_, i) => tryItem(i, new Set())).length;
    }

    it('credited items in any top K = the maximum matching of that set; each pair matches, each entry once', () => {
      for (const rule of MATCH_RULES) {
        for (const { truth, returned } of cases.all) {
          const m = matchRanking(returned, truth, { rule });
          for (const k of [1, 5, 10, 20, returned.length]) {
            const credited = m.ranks.slice(0, k).filter((r) => r.relevant).length;
            assert.equal(credited, maximumMatching(returned.slice(0, k), truth, rule), `${rule} K=${k}: ${JSON.stringify({ truth, returned })}`);
          }
          const entries = m.ranks.filter((r) => r.relevant).map((r) => r.entry!);
          assert.equal(new Set(entries).size, entries.length);
          for (const r of m.ranks.filter((x) => x.relevant)) assert.ok(namesMatch(r.returned, truth[r.entry!].symbol, rule), `${rule}: ${r.returned} ~ ${r.groundTruth}`);
          m.creditedAt.forEach((rank, t) => assert.equal(rank === null ? null : m.ranks[rank - 1].entry, rank === null ? null : t));
        }
      }
    });

    it('a credited item stays credited as the list grows', () => {
      for (const { truth, returned } of cases.all) {
        const whole = matchRanking(returned, truth, { rule: 'bounded' }).ranks.map((r) => r.relevant);
        for (let m = 0; m <= returned.length; m += 3) {
          assert.deepEqual(matchRanking(returned.slice(0, m), truth, { rule: 'bounded' }).ranks.map((r) => r.relevant), whole.slice(0, m));
        }
      }
    });

    it('any permutation inside the top K leaves P@K, R@K and F1@K unchanged (greedy credit did not)', () => {
      const random = mulberry32(77);
      let greedyDiffers = 0;
      for (const rule of MATCH_RULES) {
        for (const { truth, returned } of cases.all) {
          for (const k of [5, 10, 20]) {
            const before = scoreMatch(matchRanking(returned, truth, { rule }), { ks: [k] });
            const top = returned.slice(0, k);
            for (let i = top.length - 1; i > 0; i--) {
              const j = Math.floor(random() * (i + 1));
              [top[i], top[j]] = [top[j], top[i]];
            }
            const permuted = [...top, ...returned.slice(k)];
            const after = scoreMatch(matchRanking(permuted, truth, { rule }), { ks: [k] });
            assert.equal(after.precision[k], before.precision[k], `${rule} P@${k}`);
            assert.equal(after.recall[k], before.recall[k], `${rule} R@${k}`);
            assert.equal(after.f1[k], before.f1[k], `${rule} F1@${k}`);
            if (greedyCredited(returned.slice(0, k), truth, rule) !== greedyCredited(top, truth, rule)) greedyDiffers++;
          }
        }
      }
      assert.ok(greedyDiffers > 50, `the cases exercise reordering that greedy credit gets wrong (${greedyDiffers})`);
    });

    it('trec_eval on the exported docnos gives every figure back (P, R at 5/10/20, graded NDCG@10, MRR)', () => {
      for (const rule of MATCH_RULES) {
        for (const [c, { truth, returned }] of cases.all.entries()) {
          if (returned.length === 0) continue;
          const m = matchRanking(returned, truth, { rule });
          const s = scoreMatch(m);
          const qrels = formatQrels(truthEntries(truth).map((t) => ({ qid: `q${c}`, docno: normalizeSymbol(t.symbol), rel: t.gain })));
          const judged = new Set(truth.map((t) => normalizeSymbol(t.symbol)));
          const run = formatRun([[`q${c}`, runDocnos(m, judged)]], 'r', runHeader({ match: rule, started_at: 'now' }));
          const t = evaluateTrec(parseQrels(qrels), parseRun(run)).topics.get(`q${c}`)!;
          const near = (a: number, b: number | null, what: string) => assert.ok(Math.abs(a - (b ?? 0)) < 1e-12, `${rule} ${what}: trec ${a}, ours ${b}`);
          for (const k of [5, 10, 20] as const) {
            near(t[`P_${k}`], s.precision[k], `P@${k}`);
            near(t[`recall_${k}`], s.recall[k], `R@${k}`);
          }
          near(t.ndcg_cut_10, s.ndcg10Graded, 'NDCG@10 graded');
          near(t.recip_rank, s.mrr, 'MRR');
        }
      }
    });
  });
});

/** Credit handed out rank by rank without moving anyone (before issue 14), for comparison. */
function greedyCredited(list: readonly string[], truth: readonly { symbol: string }[], rule: MatchRule): number {
  const taken = new Set<number>();
  const seen = new Set<string>();
  let credited = 0;
  for (const n of list) {
    const key = itemKey(matchName(n), rule);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    const j = truth.findIndex((t, i) => !taken.has(i) && namesMatch(n, t.symbol, rule));
    if (j >= 0) {
      taken.add(j);
      credited++;
    }
  }
  return credited;
}

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
