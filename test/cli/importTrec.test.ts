// `fixture-lab import-trec`: a TREC run file as a run folder scored like any other. The round
// trip on a real run of the demo (grep and bm25): export-trec, import-trec each system's file,
// and the imported folders score every ranking metric exactly as the run did, and export the
// same run lines again. A file written by hand is ranked as trec_eval ranks it, and bad input is
// one line naming the file and line, with nothing written.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RawResult, readRunInfo } from '../../src/core';
import { run } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';

const SYSTEMS = 'systems:\n  - name: grep\n    type: grep\n  - name: bm25\n    type: bm25\n';
/** Columns that depend on what the system printed or how long it took, which a TREC file does not carry. */
const NOT_IN_TREC = new Set(['tokens', 'token_efficiency', 'index_ms', 'cold_ms', 'warm_ms', 'source']);

/** per-task.csv's rows by system and task, as column -> value (the demo's values hold no commas). */
function perTask(runDir: string): Map<string, Record<string, string>> {
  const [header, ...rows] = readFileSync(join(runDir, 'aggregated/per-task.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
  return new Map(rows.map((r) => [`${r[0]} ${r[1]}`, Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
}

const withoutComments = (text: string) => text.split('\n').filter((l) => !l.startsWith('#')).join('\n');

describe('fixture-lab import-trec', () => {
  it('round trip: export-trec of a real run, import-trec of each system, the same metrics and the same run lines again', async function () {
    this.timeout(180_000);
    const corpus = demoCorpus(SYSTEMS);
    const ran = await run(corpus, 'run', '.', '--budget', '5000', '--out', 'orig');
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal((await run(corpus, 'export-trec', 'orig')).code, 0);
    const original = perTask(join(corpus, 'orig'));
    for (const system of ['grep', 'bm25']) {
      const r = await run(corpus, 'import-trec', `orig/trec/${system}.run`, '--system', system, '--out', `imported-${system}`);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^imported ${system}: \\d+ of 8 tasks ranked, symbol matching\\nresults: imported-${system}\\n$`));
      const dir = join(corpus, `imported-${system}`);
      const imported = perTask(dir);
      assert.equal(imported.size, 8);
      for (const [key, row] of imported) {
        const before = original.get(key);
        assert.ok(before, key);
        const compared = Object.keys(row).filter((c) => !NOT_IN_TREC.has(c));
        assert.ok(compared.includes('P@10') && compared.includes('NDCG@10_graded') && compared.includes('MRR') && compared.includes('returned'));
        assert.deepEqual(Object.fromEntries(compared.map((c) => [c, row[c]])), Object.fromEntries(compared.map((c) => [c, before[c]])), key);
      }
      const info = await readRunInfo(dir, corpus);
      assert.deepEqual(info.systems.map((s) => [s.name, s.type]), [[system, 'trec']]);
      for (const f of ['FINDINGS.md', 'analysis/significance-tests.json', 'analysis/failure-analysis.md', 'aggregated/overall.csv']) {
        assert.ok(existsSync(join(dir, f)), f);
      }
      // Scored like any other run: its TREC files again are the original's, line for line.
      assert.equal((await run(corpus, 'export-trec', `imported-${system}`)).code, 0);
      assert.equal(withoutComments(readFileSync(join(dir, `trec/${system}.run`), 'utf8')), withoutComments(readFileSync(join(corpus, `orig/trec/${system}.run`), 'utf8')));
      assert.equal(readFileSync(join(dir, 'trec/qrels.txt'), 'utf8'), readFileSync(join(corpus, 'orig/trec/qrels.txt'), 'utf8'));
      const metrics = (runDir: string) => run(corpus, 'metrics', '--qrels', 'orig/trec/qrels.txt', '--run', `${runDir}/trec/${system}.run`, '--complete');
      assert.equal((await metrics(`imported-${system}`)).stdout, (await metrics('orig')).stdout);
    }
  });

  it('a file made elsewhere: trec_eval\'s order (score, then docno descending), export-trec\'s marks read back, unranked tasks score 0', async () => {
    const corpus = demoCorpus();
    const lines = [
      '# made by another harness',
      'bookshop-easy-01 Q0 shop/models.LineItem 1 0.5 other',
      'bookshop-easy-01 Q0 example.com/bookshop/shop/pricing.apply_discount 2 0.9 other',
      'bookshop-easy-01 Q0 shop/pricing.apply_discount#dup3 3 0.2 other',
      'bookshop-easy-01 Q0 shop/cart.Cart.total 4 0.5 other',
      'bookshop-easy-01 Q0 empty#5 5 0.1 other',
      'bookshop-easy-03 Q0 web/src/cart.CartView 1 1 other',
    ];
    writeFileSync(join(corpus, 'other.run'), lines.join('\n') + '\n');
    const r = await run(corpus, 'import-trec', 'other.run', '--system', 'other', '--out', 'results/other', '--tasks', 'bookshop-easy-*');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stderr.trim().split('\n'), [
      'fixture-lab: left out qid bookshop-easy-03: no ground truth yet',
      'fixture-lab: the run ranks nothing for 1 task (bookshop-easy-02): they score 0, as trec_eval -c counts them',
    ]);
    const dir = join(corpus, 'results/other');
    assert.deepEqual(readdirSync(join(dir, 'raw/other')).sort(), ['bookshop-easy-01.json', 'bookshop-easy-02.json']);
    const raw = JSON.parse(readFileSync(join(dir, 'raw/other/bookshop-easy-01.json'), 'utf8')) as RawResult;
    // 0.9, then the two at 0.5 by docno descending (`shop/models` > `shop/cart`), then 0.2 and 0.1.
    assert.deepEqual(raw.symbols, ['example.com/bookshop/shop/pricing.apply_discount', 'shop/models.LineItem', 'shop/cart.Cart.total',
      'shop/pricing.apply_discount', '']);
    assert.equal(raw.output, raw.symbols.map((s) => `${s}\n`).join(''));
    assert.deepEqual(raw.scores, [0.9, 0.5, 0.5, 0.2, 0.1], 'the file\'s scores come along');
    assert.ok(raw.tokens > 0);
    assert.equal(raw.source, 'replay');
    const rows = perTask(dir);
    // Three of five ground-truth symbols in the top 3; the repeat and the empty name earn nothing.
    assert.equal(rows.get('other bookshop-easy-01')?.['P@5'], '0.6000');
    assert.equal(rows.get('other bookshop-easy-01')?.relevant_found, '3');
    assert.equal(rows.get('other bookshop-easy-02')?.['R@10'], '0');
    assert.deepEqual((await readRunInfo(dir, corpus)).tasks, ['bookshop-easy-01', 'bookshop-easy-02']);
  });

  it('bad input: one line naming the file (and line) and the fix; no run folder', async () => {
    const corpus = demoCorpus();
    const cases: [string, string[], RegExp][] = [
      ['bookshop-easy-01 Q0 shop/pricing.apply_discount 1 1 x\nnot-a-task Q0 a 1 1 x\n', [],
        /^fixture-lab: bad\.run:2: qid `not-a-task` is no fixture id of \.: each qid must be the id of the fixture it ranks for \(--corpus names the corpus\)$/],
      ['bookshop-easy-01 Q0 shop/pricing.apply_discount 1\n', [], /^fixture-lab: bad\.run: line 1: expected 6 fields `qid Q0 docno rank score tag`, found 4/],
      ['bookshop-easy-01 Q0 shop/pricing.apply_discount 1 high x\n', [], /^fixture-lab: bad\.run: line 1: score `high` is not a number/],
      ['bookshop-easy-01 Q0 a 1 1 x\n', ['--system', '../up'], /^fixture-lab: --system `\.\.\/up` cannot name a system's result folder/],
      ['bookshop-easy-01 Q0 a 1 1 x\n', ['--out', 'tasks'], /^fixture-lab: tasks: already exists: give import-trec a new folder to write$/],
    ];
    for (const [text, flags, expected] of cases) {
      writeFileSync(join(corpus, 'bad.run'), text);
      const argv = ['import-trec', 'bad.run', '--system', 'x', '--out', 'out', ...flags];
      const r = await run(corpus, ...argv);
      assert.equal(r.code, 1, `${text}: ${r.stderr}`);
      assert.match(r.stderr.trim(), expected);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.ok(!existsSync(join(corpus, 'out')), 'no run folder');
      assert.deepEqual(readdirSync(corpus).filter((n) => n.startsWith('.out')), [], 'no temp folder left');
    }
    const missing = await run(corpus, 'import-trec', 'gone.run', '--system', 'x', '--out', 'out');
    assert.match(missing.stderr, /^fixture-lab: gone\.run: no such TREC run file; check the path\n$/);
    const usage = await run(corpus, 'import-trec', 'bad.run', '--system', 'x');
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--out is required/);
  });
});
