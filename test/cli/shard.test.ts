import * as assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureIdOf, inShard, loadCorpus, mulberry32, revisionOf, shardOf, TIMING_FIELDS, timingFieldText, withoutTiming } from '../../src/core';
import { run } from '../helpers/cli';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { assertSameRun } from '../helpers/runFolders';
import { tempDir, writeFiles } from '../helpers/tempDir';

const TASKS = ['bookshop-easy-01', 'bookshop-easy-02', 'bookshop-hard-01', 'bookshop-hard-03', 'bookshop-medium-01', 'bookshop-medium-02',
  'bookshop-medium-03', 'bookshop-medium-04'];

/**
 * A recorded run of a system not installed here, for the replay system: one timeout and one crash
 * among its answers, each recorded at its task's revision (a replay refuses an answer given at another).
 */
async function recording(dir: string, corpus: string): Promise<string> {
  const files: Record<string, string> = {};
  const { fixtures, repos } = await loadCorpus(corpus);
  const revOf = (task: string) => {
    const f = fixtures.find((x) => fixtureIdOf(x) === task)!.read.fixture;
    return revisionOf(f, repos.find((r) => r.name === f.repo))!.rev;
  };
  TASKS.forEach((task, i) => {
    const status = i === 2 ? 'timeout' : i === 5 ? 'failed' : 'ok';
    const symbols = status === 'ok' ? ['shop/pricing.apply_discount', 'shop/cart.Cart.total', 'worker/queue/queue.Queue.Retry'].slice(i % 3) : [];
    files[`raw/recorded/${task}.json`] = JSON.stringify({
      system: 'recorded', task, repo: 'bookshop', rev: revOf(task), budget: 5000, status, ...(status === 'ok' ? {} : { error: `query: ${status}` }),
      output: symbols.join('\n'), symbols, tokens: 0, timings: status === 'ok' ? { index_ms: 10 + i, cold_ms: 5, warm_median_ms: 2 } : {},
      source: 'run', finished_at: '2026-01-01T00:00:00.000Z',
    });
  });
  writeFiles(dir, files);
  return join(dir, 'raw');
}

describe('sharded runs: run --shard I/N and merge', function () {
  this.timeout(600_000);
  let cwd: string;
  let corpus: string;
  const shards = ['s1', 's2', 's3'];
  const common = ['--budget', '5000,2000', '--seed', '7'];

  before(async () => {
    cwd = tempDir();
    const recorded = tempDir();
    corpus = demoCorpus(`systems:\n  - {name: grep, type: grep}\n  - {name: bm25, type: bm25}\n`
      + `  - {name: replayed, type: replay, from: ${JSON.stringify(join(recorded, 'raw'))}, system: recorded}\n`);
    await recording(recorded, corpus);
    const whole = await run(cwd, 'run', corpus, '--out', 'whole', ...common);
    assert.equal(whole.code, 0, whole.stderr);
    for (const [i, out] of shards.entries()) {
      const r = await run(cwd, 'run', corpus, '--out', out, '--shard', `${i + 1}/3`, ...common);
      assert.equal(r.code, 0, r.stderr);
    }
  });

  it('answers in each shard exactly the pairs the hash gives it, and records the shard in run.json', () => {
    for (const [i, out] of shards.entries()) {
      const info = JSON.parse(readFileSync(join(cwd, out, 'run.json'), 'utf8'));
      assert.deepEqual(info.shard, { index: i + 1, count: 3 });
      for (const folder of ['raw', 'raw/budget-2000']) {
        const answered = ['grep', 'bm25', 'replayed'].flatMap((s) => (existsSync(join(cwd, out, folder, s))
          ? readdirSync(join(cwd, out, folder, s)).filter((f) => f.endsWith('.json')).map((f) => `${s} ${f.slice(0, -5)}`) : []));
        const expected = ['grep', 'bm25', 'replayed'].flatMap((s) => TASKS.filter((t) => shardOf(s, t, 3) === i + 1).map((t) => `${s} ${t}`));
        assert.deepEqual(answered.sort(), expected.sort(), `${out}/${folder}`);
        assert.ok(answered.length > 0 && answered.length < 24, `${out} holds a slice, not all or nothing`);
      }
    }
  });

  it('merges the three shards into a folder equal to the unsharded run byte for byte, its times aside', async () => {
    const r = await run(cwd, 'merge', 'merged', ...shards);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^merged 3 folders: 24 answers at 5000 tokens\nresults: merged\n$/);
    const whole = assertSameRun(join(cwd, 'merged'), join(cwd, 'whole'));
    for (const f of ['run.json', 'FINDINGS.md', 'aggregated/per-task.csv', 'aggregated/overall.csv', 'analysis/significance-tests.json',
      'analysis/failure-analysis.md', 'analysis/repository-lines.json', 'raw/grep/bookshop-easy-01.json', 'raw/budget-2000/bm25/bookshop-hard-03.json']) {
      assert.ok(whole.includes(f), f);
    }
    // What the comparison leaves out is only the times: the rest is still there to compare.
    const findings = withoutTiming('FINDINGS.md', readFileSync(join(cwd, 'merged', 'FINDINGS.md'), 'utf8'));
    assert.match(findings, /## Time to context\n## Significance[\s\S]*\| bm25 vs grep \|/);
    assert.match(findings, /\| replayed \| 8 \|/);
    assert.match(withoutTiming('aggregated/per-task.csv', readFileSync(join(cwd, 'merged', 'aggregated/per-task.csv'), 'utf8')),
      /^system,task,repo,tier,status,returned,.*,NDCG@10,.*,source,match\n/);
    const raw = JSON.parse(withoutTiming('raw/grep/bookshop-easy-01.json', readFileSync(join(cwd, 'merged', 'raw/grep/bookshop-easy-01.json'), 'utf8')));
    assert.equal(raw.timings, undefined);
    assert.ok(raw.symbols.length > 0);
    const info = JSON.parse(readFileSync(join(cwd, 'merged', 'run.json'), 'utf8'));
    assert.equal(info.shard, undefined);
    assert.ok(info.finished_at >= info.started_at);
  });

  it('refuses a bad --shard with one line naming the flag and the form', async () => {
    for (const bad of ['0/2', '3/2', 'x/y', '1/0', '2']) {
      const r = await run(cwd, 'run', corpus, '--shard', bad, '--out', 'never');
      assert.equal(r.code, 2, bad);
      assert.equal(r.stderr.split('\n')[0], `fixture-lab run: --shard must be I/N with I from 1 to N, e.g. --shard 2/3 (not ${bad})`);
      assert.equal(existsSync(join(cwd, 'never')), false);
    }
    const other = await run(cwd, 'run', corpus, '--shard', '2/3', '--out', 's1', ...common);
    assert.equal(other.code, 1);
    assert.equal(other.stderr, 'fixture-lab: s1: was run as shard 1/3: resume it with --shard 1/3, or choose a new --out\n');
  });

  /** Merges into a new folder, expecting a refusal: one line, and nothing written. */
  async function refused(...dirs: string[]): Promise<string> {
    const out = `refused-${Math.random().toString(36).slice(2)}`;
    const r = await run(cwd, 'merge', out, ...dirs);
    assert.equal(r.code, 1, r.stdout);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(existsSync(join(cwd, out)), false, 'no OUT');
    assert.deepEqual(readdirSync(cwd).filter((n) => n.includes('merging')), [], 'no temp folder left');
    return r.stderr;
  }

  /** A copy of shard folder `from` as `to`, with run.json changed by `edit`. */
  function copyShard(from: string, to: string, edit: (info: Record<string, unknown>) => void = () => undefined): string {
    rmSync(join(cwd, to), { recursive: true, force: true });
    cpSync(join(cwd, from), join(cwd, to), { recursive: true });
    const info = JSON.parse(readFileSync(join(cwd, to, 'run.json'), 'utf8'));
    edit(info);
    writeFileSync(join(cwd, to, 'run.json'), JSON.stringify(info, null, 2) + '\n');
    return to;
  }

  it('refuses missing shards, naming how many answers and which shard', async () => {
    const missing = ['grep', 'bm25', 'replayed'].flatMap((s) => TASKS.filter((t) => shardOf(s, t, 3) === 3)).length * 2;
    assert.match(await refused('s1', 's2'),
      new RegExp(`^fixture-lab: refused-\\w+: ${missing} answers missing; shard 3/3 was not given \\(${missing / 2 * 2}: .*\\): `
        + 'run `fixture-lab run --shard 3/3` and add its folder\n$'));
    const partial = copyShard('s2', 's2-partial');
    const [system] = readdirSync(join(cwd, partial, 'raw')).filter((n) => !n.startsWith('budget-'));
    const [task] = readdirSync(join(cwd, partial, 'raw', system));
    rmSync(join(cwd, partial, 'raw', system, task));
    assert.match(await refused('s1', partial, 's3'), new RegExp(`^fixture-lab: refused-\\w+: 1 answer missing; shard 2/3 \\(s2-partial\\) is incomplete `
      + `\\(1: ${system} on ${task.slice(0, -5)}\\): resume it with \`fixture-lab run --shard 2/3 --out s2-partial\`\n$`));
  });

  it('refuses a pair answered twice, and shards of other splits', async () => {
    assert.match(await refused('s1', 's2', 's3', copyShard('s1', 's1-again')),
      /^fixture-lab: s1-again: answers \S+ on \S+ \(budget 5000\) as s1 does: give each shard's folder once\n$/);
    assert.match(await refused('s1', copyShard('s2', 's2-of-4', (i) => void (i.shard = { index: 2, count: 4 }))),
      /^fixture-lab: s2-of-4: is shard 2\/4, but s1 is 1\/3: merge the shards of one --shard I\/N split\n$/);
  });

  it('refuses shards that disagree on seed, corpus, systems, budgets or match rule, naming the folder and the flag', async () => {
    const cases: [string, (i: Record<string, unknown>) => void, RegExp][] = [
      ['seed', (i) => void (i.seed = 8), /ran with another seed than s1 \(8 vs 7\): run every shard with the same --seed/],
      ['corpus', (i) => void (i.corpus = 'elsewhere'), /ran with another corpus than s1 .*: run every shard with the same the corpus folder/],
      ['systems', (i) => void (i.systems = (i.systems as unknown[]).slice(1)), /ran with another systems than s1 .*: run every shard with the same --systems/],
      ['budgets', (i) => void (i.budgets = [5000]), /ran with another budgets than s1 \(\[5000\] vs \[5000,2000\]\): run every shard with the same --budget/],
      ['match', (i) => void (i.match = 'exact'), /ran with another match than s1 \("exact" vs "symbol"\): run every shard with the same --match/],
    ];
    for (const [name, edit, expected] of cases) {
      const stderr = await refused('s1', 's2', copyShard('s3', `s3-${name}`, edit));
      assert.match(stderr, new RegExp(`^fixture-lab: s3-${name}: ${expected.source}\n$`), name);
    }
  });

  it('refuses to write over an existing folder', async () => {
    const r = await run(cwd, 'merge', 's1', 's2', 's3');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'fixture-lab: s1: already exists: give merge a new folder to write\n');
  });
});

describe('sharding: the assignment of pairs', () => {
  it('puts every (system, task) pair in exactly one shard, whatever the order of the ids (seeded random N and ids)', () => {
    const random = mulberry32(19);
    const id = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => 'abcxyz-_.019'[Math.floor(random() * 12)]).join('');
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(random() * 6);
      const systems = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, id))];
      const tasks = [...new Set(Array.from({ length: 1 + Math.floor(random() * 20) }, id))];
      const assign = (ss: string[], ts: string[]) => new Map(ss.flatMap((s) => ts.map((t) => [`${s}\0${t}`, shardOf(s, t, count)] as const)));
      const forward = assign(systems, tasks);
      const shuffled = assign([...systems].reverse(), [...tasks].sort(() => random() - 0.5));
      assert.deepEqual([...shuffled].sort(), [...forward].sort(), 'the order of the ids changes nothing');
      for (const s of systems) for (const t of tasks) {
        const owners = Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard({ index, count }, s, t));
        assert.deepEqual(owners, [forward.get(`${s}\0${t}`)], `${s} ${t} of ${count}`);
      }
    }
  });

  it('is sha256 of `system\\0task` mod N: fixed values, and every shard used', () => {
    assert.equal(shardOf('grep', 'bookshop-easy-01', 1), 1);
    // Computed once with `sha256(system + '\0' + task)`, first 6 bytes big-endian, mod N, plus 1: a change of hash fails here.
    assert.deepEqual([shardOf('grep', 'bookshop-easy-01', 3), shardOf('bm25', 'bookshop-hard-03', 5), shardOf('replayed', 'bookshop-medium-04', 6)],
      [2, 5, 6]);
    const spread = new Map<number, number>();
    for (let i = 0; i < 600; i++) spread.set(shardOf('bm25', `task-${i}`, 6), (spread.get(shardOf('bm25', `task-${i}`, 6)) ?? 0) + 1);
    assert.deepEqual([...spread.keys()].sort(), [1, 2, 3, 4, 5, 6]);
    assert.ok([...spread.values()].every((n) => n > 60), JSON.stringify([...spread]));
  });

  it('docs/scaling.md names every field the comparison leaves out, and the test leaves out no other', () => {
    const doc = readFileSync(join(ROOT, 'docs/scaling.md'), 'utf8');
    for (const f of TIMING_FIELDS) assert.ok(doc.includes(timingFieldText(f)), timingFieldText(f));
    assert.equal(withoutTiming('analysis/significance-tests.json', '{"seed": 7}'), '{"seed": 7}', 'other files are compared whole');
  });
});
