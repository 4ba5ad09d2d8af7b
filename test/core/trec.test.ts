import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compareBytes, evaluateTrec, evaluateTrecText, fixed4, formatQrels, formatRun, formatTrecTable, parseQrels, parseRun, rankEntries, TREC_MEASURES, trecJson, trecScores,
} from '../../src/core/scoring/trec';
import { FixtureLabError } from '../../src/core/problems';

const DATA = join(__dirname, '..', '..', '..', 'test', 'data', 'trec');
const read = (name: string) => readFileSync(join(DATA, name), 'utf8');

// The expected values below are trec_eval's own output (usnistgov/trec_eval v9.0.8, built from
// source) for test/data/trec/qrels.txt and run.txt:
//   trec_eval -q -m P.5,10,20 -m recall.5,10,20 -m ndcg_cut.10 -m recip_rank qrels.txt run.txt
// The pair has ties in scores (t1; every score tied in t10), graded levels (t1, t3, t10), an
// unjudged -1 level (t1), a relevant document past rank 20 (t1), a topic judged with nothing
// relevant (t2, evaluated: all 0), a judged topic missing from the run (t4, ignored), a run topic
// without judgments (t5, skipped), fewer than 20 retrieved (t2, t3, t10), and a rank column that
// disagrees with the scores (t1; trec_eval ignores it). trec_eval is not needed to run this test.
const TREC_EVAL: Record<string, Record<string, string>> = {
  t1: { recip_rank: '0.5000', P_5: '0.4000', P_10: '0.4000', P_20: '0.2500', recall_5: '0.2857', recall_10: '0.5714', recall_20: '0.7143', ndcg_cut_10: '0.4790' },
  t10: { recip_rank: '1.0000', P_5: '0.2000', P_10: '0.2000', P_20: '0.1500', recall_5: '0.2500', recall_10: '0.5000', recall_20: '0.7500', ndcg_cut_10: '0.4579' },
  t2: { recip_rank: '0.0000', P_5: '0.0000', P_10: '0.0000', P_20: '0.0000', recall_5: '0.0000', recall_10: '0.0000', recall_20: '0.0000', ndcg_cut_10: '0.0000' },
  t3: { recip_rank: '1.0000', P_5: '0.6000', P_10: '0.5000', P_20: '0.2500', recall_5: '0.2500', recall_10: '0.4167', recall_20: '0.4167', ndcg_cut_10: '0.4127' },
  all: { recip_rank: '0.6250', P_5: '0.3000', P_10: '0.2750', P_20: '0.1625', recall_5: '0.1964', recall_10: '0.3720', recall_20: '0.4702', ndcg_cut_10: '0.3374' },
};

describe('TREC qrels and runs, checked against trec_eval', () => {
  const evaluation = evaluateTrec(parseQrels(read('qrels.txt'), 'qrels.txt'), parseRun(read('run.txt'), 'run.txt'), 'run.txt');

  it('evaluates the run topics that have judgments, in trec_eval order', () => {
    assert.deepEqual([...evaluation.topics.keys()], ['t1', 't10', 't2', 't3']);
    assert.deepEqual(evaluation.skipped, ['t5']);
  });

  it('equals trec_eval to 4 decimals on every topic and on all', () => {
    for (const [qid, expected] of Object.entries(TREC_EVAL)) {
      const scores = qid === 'all' ? evaluation.all : evaluation.topics.get(qid)!;
      for (const [measure, value] of Object.entries(expected)) {
        assert.equal(fixed4(scores[measure as keyof typeof scores]), value, `${measure} ${qid}`);
      }
    }
  });

  it('scores a sorted ranking (trecScores) exactly as the unsorted fast path does', () => {
    const qrels = parseQrels(read('qrels.txt'));
    const run = parseRun(read('run.txt'));
    for (const [qid, scores] of evaluation.topics) {
      assert.deepEqual(trecScores(rankEntries(run.topics.get(qid)!).map((e) => e.docno), qrels.topics.get(qid)!), scores, qid);
    }
  });

  it('reads scores as Number() does, fast path or not', () => {
    const scores = ['0.1', '-2.5', '+3', '1e-3', '12345678901234567', '0.30000000000000004', '7.', '.5', '-0'];
    const run = parseRun(scores.map((s, i) => `q Q0 d${i} 1 ${s} r`).join('\n'));
    assert.deepEqual(run.topics.get('q')!.map((e) => e.score), scores.map(Number));
    assert.throws(() => parseRun('q Q0 d 1 1.2.3 r\n'), /score `1\.2\.3` is not a number/);
    assert.throws(() => parseRun('q Q0 d 1 NaN r\n'), /not a number/);
  });

  it('with complete (trec_eval -c) averages over every qrels topic, a missing one scoring 0', () => {
    // trec_eval v9.0.8 -c on the same files; t4 (judged, not in the run) counts as 0.
    const expected = { recip_rank: '0.5000', P_5: '0.2400', P_10: '0.2200', P_20: '0.1300', recall_5: '0.1571', recall_10: '0.2976', recall_20: '0.3762', ndcg_cut_10: '0.2699' };
    const complete = evaluateTrecText(parseQrels(read('qrels.txt')), read('run.txt'), 'run.txt', { complete: true });
    for (const [measure, value] of Object.entries(expected)) assert.equal(fixed4(complete.all[measure as keyof typeof complete.all]), value, measure);
    assert.deepEqual([...complete.topics.keys()], ['t1', 't10', 't2', 't3', 't4']);
    assert.ok(TREC_MEASURES.every((m) => complete.topics.get('t4')![m] === 0));
    assert.deepEqual(evaluateTrec(parseQrels(read('qrels.txt')), parseRun(read('run.txt')), 'run.txt', { complete: true }), complete);
  });

  it('adds F1_10 from P_10 and recall_10', () => {
    const t1 = evaluation.topics.get('t1')!;
    assert.ok(Math.abs(t1.F1_10 - (2 * t1.P_10 * t1.recall_10) / (t1.P_10 + t1.recall_10)) < 1e-12);
    assert.equal(evaluation.topics.get('t2')!.F1_10, 0);
  });

  it('prints trec_eval -q lines and the --json shape', () => {
    const table = formatTrecTable(evaluation);
    assert.match(table, /^P_5 {19}\tt1\t0\.4000$/m);
    assert.match(table, /^num_q {17}\tall\t4$/m);
    assert.match(table, /^ndcg_cut_10 {11}\tall\t0\.3374$/m);
    const json = trecJson(evaluation);
    assert.deepEqual(Object.keys(json.topics), ['t1', 't10', 't2', 't3']);
    assert.deepEqual(Object.keys(json.all), [...TREC_MEASURES, 'num_q']);
  });

  it("prints every measure of every topic, in TREC_MEASURES' order, then num_q and all", () => {
    // The table written the plain way: a line per measure per topic, in order.
    const plain = (e: typeof evaluation) => [
      ...[...e.topics].flatMap(([qid, s]) => TREC_MEASURES.map((m) => `${m.padEnd(22)}\t${qid}\t${fixed4(s[m])}\n`)),
      `${'num_q'.padEnd(22)}\tall\t${e.topics.size}\n`,
      ...TREC_MEASURES.map((m) => `${m.padEnd(22)}\tall\t${fixed4(e.all[m])}\n`),
    ].join('');
    assert.equal(formatTrecTable(evaluation), plain(evaluation));
    const complete = evaluateTrec(parseQrels(read('qrels.txt')), parseRun(read('run.txt')), 'run.txt', { complete: true });
    assert.equal(formatTrecTable(complete), plain(complete));
  });

  it('ranks by score descending, ties by docno descending, ignoring the rank column', () => {
    const run = parseRun('q Q0 a 1 1 r\nq Q0 c 2 1 r\nq Q0 b 3 2 r\nq Q0 B 4 1 r\n');
    assert.deepEqual(rankEntries(run.topics.get('q')!).map((e) => e.docno), ['b', 'c', 'a', 'B']);
  });

  it('compares docnos as strcmp compares UTF-8 bytes', () => {
    assert.ok(compareBytes('B', 'a') < 0);
    assert.ok(compareBytes('ab', 'a') > 0);
    // U+FF21 (one UTF-16 unit) sorts before U+1F600 (a surrogate pair) in bytes, not in UTF-16 units.
    assert.ok(compareBytes('\uff21', '\u{1f600}') < 0);
  });

  it('rounds exact ties to even, as printf does', () => {
    assert.equal(fixed4(1 / 32), '0.0312');
    assert.equal(fixed4(3 / 32), '0.0938');
    assert.equal(fixed4(2 / 3), '0.6667');
    assert.equal(fixed4(0), '0.0000');
  });

  it('rejects bad input with the line, the file and the fix', () => {
    const fails = (fn: () => unknown, pattern: RegExp) => assert.throws(fn, (e: unknown) => e instanceof FixtureLabError && pattern.test(e.message));
    fails(() => parseQrels('q 0 a 1\nq Q0 a 1 1.0 tag\n', 'x.qrels'), /^x\.qrels: line 2: expected 4 fields/);
    fails(() => parseQrels('q 0 a yes\n', 'x.qrels'), /line 1: relevance `yes` is not an integer/);
    fails(() => parseQrels('q 0 a 1\n\nq 0 a 0\n', 'x.qrels'), /line 3: topic q judges a twice \(first on line 1\)/);
    fails(() => parseRun('q 0 a 1\n', 'r.run'), /^r\.run: line 1: expected 6 fields/);
    fails(() => parseRun('q Q0 a 1 high tag\n', 'r.run'), /line 1: score `high` is not a number/);
    fails(() => evaluateTrec(parseQrels('q 0 a 1\n'), parseRun('q Q0 a 1 1 r\nq Q0 a 2 0 r\n'), 'r.run'), /^r\.run: line 2: topic q retrieves a again/);
    fails(() => evaluateTrec(parseQrels('q 0 a 1\n'), parseRun('z Q0 a 1 1 r\n'), 'r.run'), /no topic of the run has judgments/);
  });

  it('evaluates run text in one streaming pass with the same results, topics split or not', () => {
    const qrels = parseQrels(read('qrels.txt'));
    assert.deepEqual(evaluateTrecText(qrels, read('run.txt'), 'run.txt'), evaluation);
    // A topic whose lines are not consecutive is evaluated once, on all its lines.
    const split = 'a Q0 x 1 3 r\nb Q0 y 1 1 r\n\na Q0 y 2 2 r\nb Q0 x 2 0 r\n';
    const judged = parseQrels('a 0 y 1\nb 0 x 1\n');
    const streamed = evaluateTrecText(judged, split);
    assert.deepEqual(streamed, evaluateTrec(judged, parseRun(split)));
    assert.equal(streamed.topics.get('a')!.recip_rank, 1 / 2);
    assert.equal(streamed.topics.get('b')!.recip_rank, 1 / 2);
    // Errors name the first bad line of the file, and a repeat across the split.
    assert.throws(() => evaluateTrecText(judged, 'a Q0 x 1 3 r\nb Q0 y 1\na Q0 x 2 2\n', 'r.run'), /^Error: r\.run: line 2: expected 6 fields|line 2: expected 6 fields/);
    assert.throws(() => evaluateTrecText(judged, 'a Q0 x 1 3 r\nb Q0 y 1 1 r\na Q0 x 2 2 r\n', 'r.run'), /line 3: topic a retrieves x again \(first on line 1\)/);
  });

  it('skips comment lines in runs, as trec_eval 10 does, and writes them first', () => {
    const text = formatRun([['q', ['b', 'a']]], 'r', ['fixture-lab export-trec: match symbol']);
    assert.equal(text, '# fixture-lab export-trec: match symbol\nq Q0 b 1 2 r\nq Q0 a 2 1 r\n');
    const commented = `${text}  # an indented comment\n#q Q0 c 3 9 r\nq Q0 d 3 0 r\n`;
    const run = parseRun(commented, 'r.run');
    assert.deepEqual(run.topics.get('q')!.map((e) => e.docno), ['b', 'a', 'd']);
    assert.deepEqual([...run.topics.keys()], ['q']);
    const qrels = parseQrels('q 0 a 1\n');
    assert.deepEqual(evaluateTrecText(qrels, commented, 'r.run'), evaluateTrec(qrels, run));
    assert.equal(evaluateTrecText(qrels, commented).topics.get('q')!.recip_rank, 1 / 2);
    assert.throws(() => formatRun([['q', ['a']]], 'r', ['two\nlines']), /one line/);
    assert.throws(() => formatRun([['#q', ['a']]], 'r'), /cannot start with #/);
  });

  it('reads CRLF files and extra run fields as trec_eval does', () => {
    const run = parseRun('q Q0 a 1 1.5 tag extra\r\n');
    assert.deepEqual(run.topics.get('q'), [{ docno: 'a', score: 1.5, line: 1 }]);
    assert.deepEqual(run.tags, ['tag']);
  });

  it('writes qrels and runs that read back to the same ranking', () => {
    const qrels = formatQrels([{ qid: 'fx-1', docno: 'shop/pricing.apply', rel: 2 }, { qid: 'fx-1', docno: 'shop/cart.Cart', rel: 1 }]);
    assert.equal(qrels, 'fx-1 0 shop/pricing.apply 2\nfx-1 0 shop/cart.Cart 1\n');
    const text = formatRun([['fx-1', ['z.last', 'a.first', 'shop/pricing.apply']]], 'grep');
    assert.equal(text.split('\n')[0], 'fx-1 Q0 z.last 1 3 grep');
    assert.deepEqual(rankEntries(parseRun(text).topics.get('fx-1')!).map((e) => e.docno), ['z.last', 'a.first', 'shop/pricing.apply']);
    const ev = evaluateTrec(parseQrels(qrels), parseRun(text));
    assert.equal(ev.topics.get('fx-1')!.recip_rank, 1 / 3);
    assert.throws(() => formatRun([['q', ['a', 'a']]], 't'), /twice/);
    assert.throws(() => formatQrels([{ qid: 'q', docno: 'a b', rel: 1 }]), /whitespace/);
  });
});
