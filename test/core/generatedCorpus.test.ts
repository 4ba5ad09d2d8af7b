// Pooling, Judged@10, dispute sensitivity and the panel's score checks on a generated corpus: a real
// git repository of generated Python, Go and TypeScript (test/bench/generatedRepo.ts), eight
// fixtures whose two raters' labels and settlements are drawn at random (seeded), and a real
// `fixture-lab run` of the baselines over it. The demo corpus's run is checked in findings.test.ts.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  agreementOf, corpusResults, fmt, judgedKeys, listRuns, loadCorpus, mulberry32, RawResult, RunInfo, scoreRun, symbolKey,
} from '../../src/core';
import { generate } from '../bench/generatedRepo';
import { run } from '../helpers/cli';
import { finishReview, labelAs, settleDispute, startReview } from '../helpers/edits';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const TIERS = ['easy', 'medium', 'hard'];

describe('pool and judge, and dispute sensitivity, on a generated corpus', function () {
  this.timeout(300_000);
  let corpus: string;
  let out: string;
  let findings: string;
  let raws: RawResult[];

  before(async () => {
    const repo = new TestRepo();
    generate(repo.dir, 12, () => 3);
    const commit = repo.commit('generated');
    corpus = tempDir();
    writeFileSync(join(corpus, 'repos.yaml'), `repos:\n  - name: gen\n    url: https://example.com/gen.git\n    commit: "${commit}"\n`
      + `    language: [python, go, typescript]\n    path: ${JSON.stringify(repo.dir)}\n`);
    writeFileSync(join(corpus, 'systems.yaml'), 'systems:\n  - {name: bm25, type: bm25}\n  - {name: grep, type: grep}\n');
    const random = mulberry32(1514);
    for (let i = 0; i < 8; i++) {
      const file = 3 * (i % 4); // the Python files: mod0/file0.py, file3.py, file6.py, file9.py
      const k = i % 8;
      const candidates = [0, 1, 2, 3].flatMap((j) => [`mod0/file${file}.Service${file}_${j}.handle`, `mod0/file${file}.Service${file}_${j}.lookup`,
        `mod0/file${file}.helper_${j}`]);
      const tier = TIERS[i % 3];
      let text = `id: "gen-${i}"\nrepo: gen\ndifficulty: ${tier}\ntask: "Service${file}_${k % 4} handle should retry the lookup when the cache `
        + `misses, and helper_${k % 4} should keep the retries"\ncandidates: [${candidates.join(', ')}]\nground_truth: []\n`;
      const confidence = (): 'HIGH' | 'MEDIUM' => (random() < 0.6 ? 'HIGH' : 'MEDIUM');
      const mine = candidates.filter(() => random() < 0.35);
      if (mine.length === 0) mine.push(candidates[0]);
      for (const symbol of mine) text = labelAs(text, 'dana', { symbol, confidence: confidence(), reason: 'r' });
      text = startReview(text, 'lee');
      // lee agrees with most of dana's labels, and adds a few of her own.
      for (const symbol of candidates.filter((s) => (mine.includes(s) ? random() < 0.75 : random() < 0.12))) {
        text = labelAs(text, 'lee', { symbol, confidence: confidence(), reason: 'r' });
      }
      const finished = finishReview(text);
      text = finished.text;
      // Settle half the disagreements; the rest stay open.
      for (const d of finished.agreement.disagreements.filter(() => random() < 0.5)) {
        text = settleDispute(text, random() < 0.5 ? { symbol: d.symbol, resolution: 'included', confidence: 'MEDIUM', rationale: 'settled' }
          : { symbol: d.symbol, resolution: 'excluded', rationale: 'settled' });
      }
      mkdirSync(join(corpus, 'tasks', 'gen', tier), { recursive: true });
      writeFileSync(join(corpus, 'tasks', 'gen', tier, `0${i}-generated.yaml`), text);
    }
    out = join(corpus, 'results', 'run-20261123-000000');
    const r = await run(corpus, 'run', '--out', out, '--budget', '5000');
    assert.equal(r.code, 0, r.stderr);
    findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    raws = ['bm25', 'grep'].flatMap((s) => readdirSync(join(out, 'raw', s)).map((n) => JSON.parse(readFileSync(join(out, 'raw', s, n), 'utf8')) as RawResult));
  });

  const section = (heading: string) => {
    const start = findings.indexOf(`${heading}\n`);
    assert.ok(start >= 0, `${heading} in FINDINGS.md`);
    return findings.slice(start, findings.indexOf('\n## ', start + 1));
  };

  it('scores each system as settled, with every contested item included and excluded; settled is Table 1, and each flip is one the means show', async () => {
    const fixtures = (await loadCorpus(corpus)).fixtures.map((f) => f.read.fixture);
    const contested = fixtures.reduce((n, f) => n + agreementOf(f).disagreements.length, 0);
    const open = fixtures.reduce((n, f) => n + agreementOf(f).disagreements.filter((d) => !f.disputes.some((x) => x.symbol === d.symbol)).length, 0);
    assert.ok(contested > 5 && open > 0 && open < contested, `${contested} contested, ${open} open`);
    const text = section('## Dispute sensitivity');
    assert.match(text, new RegExp(`${contested} contested items in \\d+ of 8 fixtures, ${open} of them open\\.`));
    const json = JSON.parse(readFileSync(join(out, 'analysis/dispute-sensitivity.json'), 'utf8')) as {
      means: Record<string, Record<string, Record<string, number>>>; flips: { metric: string; a: string; b: string; aAhead: string; bAhead: string }[] };
    const [header, ...rows] = readFileSync(join(out, 'aggregated/overall.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    for (const row of rows) {
      const m = json.means[row[0]];
      for (const metric of ['P@10', 'R@10', 'NDCG@10', 'MRR']) {
        assert.equal(m.settled[metric].toFixed(4), Number(row[header.indexOf(metric)]).toFixed(4), `${row[0]} ${metric} as settled is Table 1's`);
      }
      const cells = text.split('\n').find((l) => l.startsWith(`| ${row[0]} | `))!.split(' | ').slice(1);
      const values = ['settled', 'included', 'excluded'].map((s) => m[s]['R@10']);
      assert.equal(cells[1], `${fmt(m.settled['R@10'])} [${fmt(Math.min(...values))}, ${fmt(Math.max(...values))}]`);
    }
    for (const f of json.flips) {
      const diff = (s: string) => json.means[f.a][s][f.metric] - json.means[f.b][s][f.metric];
      assert.ok(diff(f.aAhead) > 0 && diff(f.bAhead) < 0, JSON.stringify(f));
    }
    assert.ok(text.includes(json.flips.length === 0 ? 'No ranking of two systems flips' : `**Warning:** ${json.flips.length} ranking`), text);
  });

  it('reports Judged@10 per system as counted by hand, and pool --write puts exactly the unjudged top 10 in pooled:', async () => {
    const before = await loadCorpus(corpus);
    const byId = new Map(before.fixtures.map((f) => [f.read.fixture.id!, f.read.fixture]));
    const text = section('## Judged@10');
    const expected = new Map<string, Set<string>>();
    for (const system of ['bm25', 'grep']) {
      const shares: number[] = [];
      for (const r of raws.filter((x) => x.system === system && x.status === 'ok' && x.symbols.length > 0)) {
        const f = byId.get(r.task)!;
        const judged = new Set([...f.candidates, ...Object.values(f.labels).flat().map((l) => l.symbol), ...f.ground_truth.map((l) => l.symbol),
          ...f.disputes.map((d) => d.symbol)].map((s) => symbolKey(s)));
        const top = [...new Set(r.symbols.map((s) => symbolKey(s)))].slice(0, 10);
        shares.push(top.filter((k) => judged.has(k)).length / top.length);
        for (const key of top.filter((k) => !judged.has(k))) expected.set(r.task, (expected.get(r.task) ?? new Set()).add(key));
      }
      const share = shares.reduce((a, b) => a + b, 0) / shares.length;
      assert.ok(text.includes(`| ${system} | ${shares.length} | ${share.toFixed(3)} | `), text);
    }
    assert.ok([...expected.values()].some((s) => s.size > 0), 'the baselines return symbols nobody judged');

    const wrote = await run(corpus, 'pool', out, '--write');
    assert.equal(wrote.code, 0, wrote.stderr);
    const after = await loadCorpus(corpus);
    for (const f of after.fixtures.map((x) => x.read.fixture)) {
      const was = byId.get(f.id!)!;
      assert.deepEqual(new Set((f.pooled ?? []).map((p) => symbolKey(p.symbol))), expected.get(f.id!) ?? new Set(), f.id);
      assert.deepEqual(f.candidates, was.candidates);
      assert.deepEqual(agreementOf(f).figures, agreementOf(was).figures, 'kappa never changes');
      // Pooled is a queue to judge, not a judgement: Judged@10 counts a pooled symbol once an adjudicator settles it.
      for (const p of f.pooled ?? []) assert.ok(!judgedKeys(f).has(symbolKey(p.symbol)), p.symbol);
    }
  });

  it('the panel\'s corpus view gives the same Judged@10, ranges and flips as the run, and the corpus\'s agreement', async () => {
    const c = await loadCorpus(corpus);
    const [folder] = await listRuns(join(corpus, 'results'));
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    assert.equal(folder.info.tasks.length, info.tasks.length);
    const view = corpusResults(folder, await scoreRun(folder, c), [], c);
    const judged = section('## Judged@10');
    for (const row of view.rows) assert.ok(judged.includes(`| ${row.system} | `) && judged.split('\n').find((l) => l.startsWith(`| ${row.system} | `))!.split(' | ')[2] === fmt(row.judged), row.system);
    assert.deepEqual(view.checks!.unjudged.map((l) => l.split(':')[0]), view.rows.filter((r) => r.judged! < 0.9).map((r) => r.system).sort());
    const json = JSON.parse(readFileSync(join(out, 'analysis/dispute-sensitivity.json'), 'utf8')) as {
      means: Record<string, Record<string, Record<string, number | null>>>; flips: unknown[] };
    for (const row of view.checks!.sensitivity.rows) {
      const m = json.means[row.system];
      assert.deepEqual(row.ranges['R@10'], { settled: m.settled['R@10'], included: m.included['R@10'], excluded: m.excluded['R@10'] });
    }
    assert.equal(view.checks!.sensitivity.flips.length, json.flips.length);
    assert.equal(view.agreement!.tasks, 8);
  });
});
