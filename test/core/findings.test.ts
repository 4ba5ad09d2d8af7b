// FINDINGS.md of a real run on the demo corpus, as `fixture-lab run` writes it by default: bm25,
// and grep replayed from a recorded run (its timings are the recorded ones, so time to context
// can be checked to the millisecond). Every section the seed asks for, a few cells checked
// against the aggregated CSV and the recording, and what a one-budget run says instead.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agreementOf, loadCorpus, median, RawResult, RunInfo, runBenchmark, symbolKey } from '../../src/core';
import { run } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const ROOT = resolve(__dirname, '../../..');
const RECORDED_AT_400 = join(ROOT, 'test/fixtures/runs/old-layout/raw');

const HEADINGS = [
  '# Findings',
  '## Table 1: overall',
  '## System health',
  '## Table 2: per tier, P@10 / R@10 / NDCG@10 binary and graded',
  '## Table 3: per repo',
  '## Table 4: token efficiency at fixed recall',
  '## Granularities',
  '## Time to context',
  '## Significance',
  '### P@10',
  '### R@10',
  '### NDCG@10',
  '### MRR',
  '## Dispute sensitivity',
  '## Judged@10',
  '### Ties across the cut at 10',
  '## Failure modes (top 3 per system)',
  '## Fixtures not scored',
  '## Departures from the methodology',
  '## Charts',
];

describe('FINDINGS.md per the seed', function () {
  this.timeout(300_000);

  let corpus: string;
  let out: string;
  let findings: string;

  // The recording was made at 400 tokens, and a replay answers only the budget an answer was given
  // at: a copy says 5000, the run's first budget (its other budgets have no recording, and fail).
  const RECORDED = join(tempDir(), 'raw');

  before(async () => {
    mkdirSync(RECORDED);
    for (const name of readdirSync(RECORDED_AT_400).filter((n) => n.startsWith('grep-'))) {
      const raw = JSON.parse(readFileSync(join(RECORDED_AT_400, name), 'utf8')) as RawResult;
      writeFileSync(join(RECORDED, name), JSON.stringify({ ...raw, budget: 5000 }));
    }
    corpus = demoCorpus(`systems:\n  - {name: bm25, type: bm25}\n  - {name: grep-recorded, type: replay, from: ${JSON.stringify(RECORDED)}, system: grep}\n`);
    out = join(tempDir(), 'run');
    const r = await run(corpus, 'run', '--out', out);
    assert.equal(r.code, 0, r.stderr);
    findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
  });

  it('has every section, in order', () => {
    const headings = findings.split('\n').filter((l) => l.startsWith('#'));
    // Every table names the matching rule that produced it.
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    const rule = ` (matching \`${info.match}\`)`;
    assert.deepEqual(headings, HEADINGS.map((h) => (/^## (Table|Significance|Granularities)/.test(h) ? h + rule : h)));
  });

  it('the Granularities table is aggregated/granularity.csv, whose micro rows are the per-task sizes summed', () => {
    const csv = (name: string) => readFileSync(join(out, 'aggregated', name), 'utf8').trim().split('\n').map((l) => l.split(','));
    const [header, ...rows] = csv('granularity.csv');
    assert.deepEqual(header, ['system', 'granularity', 'averaging', 'n', 'coverage@10', 'precision@10', 'f1@10', 'coverage', 'precision', 'f1', 'match']);
    // Two systems, three granularities, macro and micro.
    assert.equal(rows.length, 2 * 3 * 2);
    for (const row of rows) {
      const line = findings.split('\n').find((l) => l.startsWith(`| ${row.slice(0, 4).join(' | ')} | `));
      assert.ok(line, `${row.slice(0, 3).join(' ')}: in FINDINGS.md`);
      line.split(' | ').slice(4, 10).forEach((cell, i) => {
        const value = row[4 + i];
        if (value === '') assert.equal(cell.replace(/ \|$/, ''), 'n/a');
        else assert.ok(Math.abs(Number(cell.replace(/ \|$/, '')) - Number(value)) <= 0.0005 + 1e-9, `${row.slice(0, 3).join(' ')} ${header[4 + i]}: ${cell} vs ${value}`);
      });
    }
    const json = JSON.parse(readFileSync(join(out, 'analysis', 'granularity.json'), 'utf8'));
    assert.equal(json.k, 10);
    assert.deepEqual(json.summaries.map((x: Record<string, unknown>) => [x.system, x.granularity, x.averaging, x.n]),
      rows.map((r) => [r[0], r[1], r[2], Number(r[3])]));
    const [taskHeader, ...tasks] = csv('granularity-per-task.csv');
    assert.equal(json.tasks.length * 3, tasks.length);
    assert.deepEqual(taskHeader.slice(0, 8), ['system', 'task', 'granularity', 'gold', 'retrieved@10', 'overlap@10', 'retrieved', 'overlap']);
    for (const row of rows.filter((r) => r[2] === 'micro')) {
      const mine = tasks.filter((t) => t[0] === row[0] && t[2] === row[1] && Number(t[3]) > 0);
      assert.equal(mine.length, Number(row[3]), `${row[0]} ${row[1]}: n`);
      const sum = (i: number) => mine.reduce((n, t) => n + Number(t[i]), 0);
      assert.ok(Math.abs(Number(row[4]) - sum(5) / sum(3)) < 1e-4, `${row[0]} ${row[1]}: micro coverage@10`);
      assert.ok(Math.abs(Number(row[8]) - (sum(6) > 0 ? sum(7) / sum(6) : 0)) < 1e-4, `${row[0]} ${row[1]}: micro precision`);
    }
  });

  it('measures the budgets 5000, 2000 and 10000 by default, and Table 4 reads them', () => {
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    assert.deepEqual(info.budgets, [5000, 2000, 10000]);
    assert.deepEqual(readdirSync(join(out, 'raw')).sort(), ['bm25', 'budget-10000', 'budget-2000', 'grep-recorded']);
    assert.equal(readdirSync(join(out, 'raw/budget-2000/bm25')).length, 8);
    assert.match(findings, /\n\| System \| R@10 at 2000 \| R@10 at 5000 \| R@10 at 10000 \| Least budget \|\n\|---\|---\|---\|---\|---\|\n\| bm25 \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \| (2000|5000|10000|not reached \(tried 2000, 5000, 10000\)) \|\n/);
    assert.doesNotMatch(findings, /One token budget|Token budgets/, 'the seed\'s budgets: no departure');
  });

  it('Tables 1-3 give mean ± SD, as the aggregated CSV computes them', () => {
    const [header, ...rows] = readFileSync(join(out, 'aggregated/overall.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    const table1 = ['P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'NDCG@10_graded', 'MRR'];
    for (const row of rows) {
      const line = findings.split('\n').find((l) => l.startsWith(`| ${row[0]} | 8 | `));
      assert.ok(line, `${row[0]}: Table 1`);
      const cells = line.split(' | ').slice(2, 2 + table1.length);
      table1.forEach((metric, i) => {
        // The CSV has four decimals, the table three: they agree to the table's rounding.
        const [mean, sd] = cells[i].split(' ± ').map(Number);
        assert.ok(Math.abs(mean - Number(row[header.indexOf(metric)])) <= 0.00051, `${row[0]} ${metric}: ${cells[i]}`);
        assert.ok(Math.abs(sd - Number(row[header.indexOf(`${metric}_sd`)])) <= 0.00051, `${row[0]} ${metric} SD: ${cells[i]}`);
      });
    }
    assert.ok(findings.includes('\nTasks per tier: easy 2, medium 4, hard 2.\n'));
    // NDCG@10 in two kinds, each named, and the graded one said to be trec_eval's ndcg_cut.10.
    assert.ok(findings.includes('| System | n | P@5 | P@10 | P@20 | R@10 | NDCG@10 (binary) | NDCG@10 (graded) | MRR | TokenEff |'));
    const tier = (t: string) => ['P@10', 'R@10', 'NDCG@10 (binary)', 'NDCG@10 (graded)'].map((m) => `${t} ${m}`).join(' | ');
    assert.ok(findings.includes(`| System | ${tier('easy')} | ${tier('medium')} | ${tier('hard')} |`));
    assert.match(findings, /\n\| System \| Repo \| n \| P@10 \| R@10 \| NDCG@10 \(binary\) \| NDCG@10 \(graded\) \| MRR \|\n/);
    assert.equal(findings.split('\n').filter((l) => l.startsWith('NDCG@10 (binary): every credited item gains 1; NDCG@10 (graded): HIGH gains 2, '
      + 'MEDIUM 1, and equals trec_eval\'s `ndcg_cut.10`')).length, 2, 'under Table 1 and Table 2');
    assert.match(findings, /\n\| bm25 \| bookshop \| 8 \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \|\n/);
  });

  it('gives time to context per system: the median index, cold and warm times', () => {
    const recorded = readdirSync(RECORDED).filter((n) => n.startsWith('grep-')).map((n) => JSON.parse(readFileSync(join(RECORDED, n), 'utf8')) as RawResult);
    const perRevision = new Map(recorded.map((r) => [r.rev, r.timings.index_ms!]));
    const s = (ms: number | null) => `${(ms! / 1000).toFixed(3)} s`;
    const row = `| grep-recorded | 8 | ${s(median([...perRevision.values()]))} | ${s(median(recorded.map((r) => r.timings.cold_ms!)))} | ${s(median(recorded.map((r) => r.timings.warm_median_ms!)))} |`;
    assert.ok(findings.includes(`| System | n | Index | Cold query | Warm query |\n|---|---|---|---|---|\n| bm25 | 8 | `), 'the heading and bm25\'s row');
    assert.ok(findings.includes(row), row);
  });

  it('tests significance for P@10, R@10, NDCG@10 and MRR, overall and per tier', () => {
    for (const metric of ['P@10', 'R@10', 'NDCG@10', 'MRR']) {
      const start = findings.indexOf(`### ${metric}\n`);
      const section = findings.slice(start, findings.indexOf('\n#', start + 1));
      const rows = section.split('\n').filter((l) => l.startsWith('| bm25 vs grep-recorded |')).map((l) => l.split(' | ').slice(1, 3).join(' '));
      assert.deepEqual(rows, ['all 8', 'easy 2', 'medium 4', 'hard 2'], metric);
    }
    assert.match(findings, /\| bm25 vs grep-recorded \| all \| 8 \| -?[\d.]+ \| \[-?[\d.]+, -?[\d.]+\] \| [\d.]+ \((exact|normal)\) \| -?[\d.]+ \| -?[\d.]+ \| (not significant|\*\*significant\*\*: \S+ is better) \|/);
    assert.ok(findings.includes('| Systems | Tasks | n | Mean difference | 95% CI | p | d_z | d_av | Verdict |'));
    const tests = JSON.parse(readFileSync(join(out, 'analysis/significance-tests.json'), 'utf8')) as { metrics: Record<string, unknown>; per_tier: Record<string, Record<string, { pairs: { n: number }[] }>> };
    assert.deepEqual(Object.keys(tests.metrics), ['P@10', 'R@10', 'NDCG@10', 'MRR']);
    assert.deepEqual(Object.keys(tests.per_tier).sort(), ['easy', 'hard', 'medium']);
    assert.deepEqual(Object.keys(tests.per_tier.medium), ['P@10', 'R@10', 'NDCG@10', 'MRR']);
    assert.equal(tests.per_tier.medium['MRR'].pairs[0].n, 4);
  });

  it('scores each system as settled, with every contested item included and excluded, and says which rankings flip', async () => {
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    const fixtures = (await loadCorpus(corpus)).fixtures.map((f) => f.read.fixture).filter((f) => info.tasks.includes(f.id!));
    const contested = fixtures.reduce((n, f) => n + (f.verifier ? agreementOf(f).disagreements.length : 0), 0);
    const affected = fixtures.filter((f) => f.verifier && agreementOf(f).disagreements.length > 0).length;
    assert.ok(contested > 0, 'the demo corpus has disagreements');
    const start = findings.indexOf('## Dispute sensitivity\n');
    const section = findings.slice(start, findings.indexOf('\n## ', start + 1));
    assert.match(section, new RegExp(`${contested} contested items in ${affected} of ${fixtures.length} fixtures, \\d+ of them open\\.`));
    assert.match(section, /\| System \| P@10 settled \[range\] \| R@10 settled \[range\] \| NDCG@10 settled \[range\] \| MRR settled \[range\] \|/);
    const json = JSON.parse(readFileSync(join(out, 'analysis/dispute-sensitivity.json'), 'utf8')) as { means: Record<string, Record<string, Record<string, number>>>; flips: unknown[]; tasks: unknown[] };
    assert.equal(json.tasks.length, 16);
    // Settled is Table 1's value; the range holds it.
    for (const system of ['bm25', 'grep-recorded']) {
      const m = json.means[system];
      const cells = section.split('\n').find((l) => l.startsWith(`| ${system} | `))!.split(' | ').slice(1);
      const r10 = /^([\d.]+) \[([\d.]+), ([\d.]+)\]$/.exec(cells[1])!.slice(1).map(Number);
      assert.ok(Math.abs(r10[0] - m.settled['R@10']) < 0.0006 && r10[1] <= r10[0] && r10[0] <= r10[2], `${system}: ${cells[1]}`);
      assert.deepEqual([r10[1], r10[2]], [Math.min(m.settled['R@10'], m.included['R@10'], m.excluded['R@10']), Math.max(m.settled['R@10'], m.included['R@10'], m.excluded['R@10'])].map((x) => Number(x.toFixed(3))));
    }
    assert.ok(section.includes(json.flips.length === 0 ? 'No ranking of two systems flips inside these ranges.' : '**Warning:**'));
  });

  it('reports Judged@10 per system, and pool --write puts the unjudged top 10 in pooled:, never in candidates', async () => {
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    const before = await loadCorpus(corpus);
    const byId = new Map(before.fixtures.map((f) => [f.read.fixture.id!, f]));
    const raws = readdirSync(join(out, 'raw/bm25')).map((n) => JSON.parse(readFileSync(join(out, 'raw/bm25', n), 'utf8')) as RawResult);
    // Judged@10 of bm25, by hand: the share of each answer's first ten distinct symbols that a candidate, label, ground truth or dispute names.
    const shares = raws.filter((r) => r.status === 'ok' && r.symbols.length > 0).map((r) => {
      const f = byId.get(r.task)!.read.fixture;
      const module = before.repos.find((x) => x.name === f.repo)?.module;
      const judged = new Set([...f.candidates, ...Object.values(f.labels).flat().map((l) => l.symbol), ...f.ground_truth.map((l) => l.symbol), ...f.disputes.map((d) => d.symbol)].map((s) => symbolKey(s, { module })));
      const top = [...new Set(r.symbols.map((s) => symbolKey(s, { module })))].slice(0, 10);
      return top.filter((k) => judged.has(k)).length / top.length;
    });
    const judgedAt10 = shares.reduce((a, b) => a + b, 0) / shares.length;
    const start = findings.indexOf('## Judged@10\n');
    const section = findings.slice(start, findings.indexOf('\n## ', start + 1));
    assert.ok(section.includes(`| bm25 | ${shares.length} | ${judgedAt10.toFixed(3)} | `), section);
    assert.ok(section.includes(judgedAt10 < 0.9 ? '**Warning:** Judged@10 under 0.9 for ' : 'at least 0.9'), section);

    const dry = await run(corpus, 'pool', out);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /\d+ symbols? to judge over 8 fixtures \(--write adds them to each fixture's pooled:\)\n$/);
    assert.equal((await loadCorpus(corpus)).fixtures.map((f) => f.text).join(), before.fixtures.map((f) => f.text).join(), 'without --write nothing changes');
    const wrote = await run(corpus, 'pool', out, '--depth', '10', '--write');
    assert.equal(wrote.code, 0, wrote.stderr);
    const after = await loadCorpus(corpus);
    let pooled = 0;
    for (const f of after.fixtures) {
      const was = byId.get(f.read.fixture.id!)!.read.fixture;
      assert.deepEqual(f.read.fixture.candidates, was.candidates);
      if (info.tasks.includes(f.read.fixture.id!) && f.read.fixture.verifier) assert.deepEqual(agreementOf(f.read.fixture).figures, agreementOf(was).figures, 'kappa never changes');
      for (const p of f.read.fixture.pooled ?? []) {
        pooled++;
        assert.ok(p.from.length > 0 && p.from.every((s) => ['bm25', 'grep-recorded'].includes(s)), JSON.stringify(p));
      }
    }
    assert.ok(pooled > 0, 'the demo systems return symbols nobody judged');
    assert.equal(Number(/^(\d+) symbols? to judge over/m.exec(wrote.stdout)![1]), pooled);
    assert.match(wrote.stdout, /\njudge them: fixture-lab pool \S+ --judge RULINGS\.csv \(task,symbol,resolution,confidence,rationale\)\n$/);
    // The corpus still validates (pooled is a known field), and pooling again adds nothing twice.
    assert.equal((await run(corpus, 'validate', '--no-resolve')).code, 0);
    await run(corpus, 'pool', out, '--write');
    assert.equal((await loadCorpus(corpus)).fixtures.map((f) => f.text).join(), after.fixtures.map((f) => f.text).join());
  });

  it('keeps bm25\'s scores with its answers and warns about every answer whose scores tie across rank 10', () => {
    const raws = readdirSync(join(out, 'raw/bm25')).map((n) => JSON.parse(readFileSync(join(out, 'raw/bm25', n), 'utf8')) as RawResult);
    for (const r of raws.filter((x) => x.status === 'ok')) {
      const scores = r.scores ?? [];
      assert.equal(scores.length, r.symbols.length, r.task);
      assert.ok(scores.every((s, i) => i === 0 || s <= scores[i - 1]), `${r.task}: ranked by score`);
    }
    // By hand: the 10th and 11th symbols as returned share a score.
    const tied = raws.filter((r) => r.status === 'ok' && r.scores!.length > 10 && r.scores![9] === r.scores![10]);
    const start = findings.indexOf('### Ties across the cut at 10\n');
    const section = findings.slice(start, findings.indexOf('\n## ', start + 1));
    if (tied.length === 0) assert.match(section, /No answer's scores tie across rank 10/);
    else assert.ok(section.includes(`**Warning:** ${tied.length} answer${tied.length === 1 ? '' : 's'} tie across the cut`), section);
    for (const r of tied) assert.ok(section.includes(`- bm25 on ${r.task}: `), `${r.task} in\n${section}`);
    // grep-recorded replays a recording without scores: nothing to tell, nothing listed.
    assert.doesNotMatch(section, /grep-recorded on/);
  });

  it('lists the fixtures not scored, the departures from the seed, and links the radar chart', () => {
    assert.ok(findings.includes('\n## Fixtures not scored\n\n- bookshop-easy-03: no ground truth yet\n- bookshop-hard-02: no ground truth yet\n'));
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    const departures = findings.slice(findings.indexOf('## Departures from the methodology'), findings.indexOf('## Charts')).split('\n').filter((l) => l.startsWith('- '));
    assert.ok(departures.includes(`- Matching uses the \`${info.match}\` rule (docs/scoring.md), not the methodology's two-way substring rule (docs/methodology.md#matching), which credits prefixes.`), departures.join('\n'));
    assert.ok(departures.includes('- Learning curves, staleness and the learned start are not measured (docs/methodology.md#learning-staleness-and-the-learned-start).'));
    assert.ok(departures.includes('- Timeouts in smaller repositories (*timeout*) and crashes (*system failure*) are failure categories of their own, which the methodology does not name (docs/methodology.md#failure-categories).'));
    assert.ok(findings.includes('\n- [Six measures per system](analysis/charts/radar.svg)\n'));
    assert.match(readFileSync(join(out, 'analysis/charts/radar.svg'), 'utf8'), /^<svg /);
  });

  it('a run at one budget says Table 4 is not measured, and why, as a departure', async () => {
    writeFileSync(join(corpus, 'systems.yaml'), 'systems:\n  - {name: bm25, type: bm25}\n');
    const one = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: one, budgets: [5000], cwd: corpus });
    const text = readFileSync(join(one, 'FINDINGS.md'), 'utf8');
    assert.ok(text.includes('\n## Table 4: token efficiency at fixed recall (matching `symbol`)\n\nNot measured: this run used one budget (5000 tokens). `fixture-lab run` measures 2000, 5000, 10000 by default (`--budget 5000,2000,10000`).\n'));
    assert.ok(text.includes('\n- One token budget (5000), not 2000, 5000, 10000 (docs/methodology.md#token-budgets): Table 4 is not measured.\n'));
    assert.ok(text.includes('\nOne system only: nothing to compare.\n'));
    assert.equal(existsSync(join(one, 'raw/budget-2000')), false);
  });
});
