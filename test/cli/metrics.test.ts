import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

const ROOT = resolve(__dirname, '../../..');

describe('fixture-lab metrics', () => {
  it('prints trec_eval-style lines, topics then all', async () => {
    const r = await run(ROOT, 'metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', 'test/data/trec/run.txt');
    assert.equal(r.code, 0);
    // trec_eval v9.0.8's values for these files (see test/core/trec.test.ts).
    assert.match(r.stdout, /^ndcg_cut_10\s+\tt1\t0\.4790$/m);
    assert.match(r.stdout, /^recall_10\s+\tall\t0\.3720$/m);
    assert.match(r.stdout, /^num_q\s+\tall\t4$/m);
    assert.match(r.stderr, /1 topic\(s\) of the run have no judgments .* t5/);
  });

  it('prints {"topics": {QID: {...}}, "all": {...}} with --json', async () => {
    const r = await run(ROOT, 'metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', 'test/data/trec/run.txt', '--json');
    assert.equal(r.code, 0);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(out), ['topics', 'all']);
    assert.deepEqual(Object.keys(out.topics), ['t1', 't10', 't2', 't3']);
    assert.equal(out.topics.t3.P_5, 0.6);
    assert.equal(out.all.recip_rank, 0.625);
    assert.equal(out.all.num_q, 4);
    assert.ok('F1_10' in out.all);
  });

  it('counts qrels topics missing from the run as 0 with --complete (-c), as trec_eval -c', async () => {
    const r = await run(ROOT, 'metrics', '-c', '--qrels', 'test/data/trec/qrels.txt', '--run', 'test/data/trec/run.txt', '--json');
    assert.equal(r.code, 0);
    const out = JSON.parse(r.stdout);
    assert.equal(out.all.num_q, 5);
    assert.equal(out.topics.t4.P_5, 0);
    assert.equal(out.all.P_5.toFixed(4), '0.2400');
  });

  it('names the file, the line and the fix on bad input; usage errors exit 2', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'q.txt'), 'q1 0 a 1\n');
    writeFileSync(join(dir, 'bad.run'), 'q1 Q0 a 1 1.0 tag\nq1 Q0 b 2\n');
    let r = await run(dir, 'metrics', '--qrels', 'q.txt', '--run', 'bad.run');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'fixture-lab: bad.run: line 2: expected 6 fields `qid Q0 docno rank score tag`, found 4; fix that line (is this qrels rather than a run?)\n');
    r = await run(dir, 'metrics', '--qrels', 'missing.txt', '--run', 'bad.run');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^fixture-lab: missing\.txt: no such qrels file; check the path\n$/);
    r = await run(dir, 'metrics', '--qrels', 'q.txt');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--run is required/);
  });

  it('runs as its own bundle (dist/cli-metrics.js) with the output, errors and exit codes of the whole CLI\'s', async function () {
    const launcher = join(ROOT, 'dist', 'cli.js');
    if (!existsSync(launcher)) this.skip(); // node esbuild.mjs first (npm test does)
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.txt'), 't1 Q0 d1 1 1.5 r\nt1 Q0 d2 2\n');
    const cases = [
      ['metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', 'test/data/trec/run.txt'],
      ['metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', 'test/data/trec/run.txt', '--json', '--complete'],
      ['metrics', '--qrels', 'test/data/trec/qrels.txt'],
      ['metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', join(dir, 'missing.txt')],
      ['metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', join(dir, 'bad.txt')],
      ['metrics', '--qrels', 'test/data/trec/qrels.txt', '--run', 'test/data/trec/run.txt', '--bogus'],
    ];
    for (const argv of cases) {
      const spawned = spawnSync(process.execPath, [launcher, ...argv], { cwd: ROOT, encoding: 'utf8' });
      const inProcess = await run(ROOT, ...argv);
      assert.deepEqual({ code: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr }, inProcess, argv.join(' '));
    }
  });
});
