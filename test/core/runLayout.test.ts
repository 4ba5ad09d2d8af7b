// A run folder that never loses an answer: raw/<system>/<task>.json, names that can only be one
// path component, no write outside the run folder, the old layout still read, resumes that
// answer failures again and describe every system of the folder, and a run that refuses a
// corpus `validate` rejects. Real runs (grep, bm25, replay, scripted commands) on the demo
// corpus and on corpora made in temp folders from real git repositories.
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  latestAnswers, legacyRawPath, listRuns, loadCorpus, RawResult, readAnswer, readRawDir, readSystems, RunEvent, RunInfo, runBenchmark, validateCorpus, writeRaw,
} from '../../src/core';
import { run } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const ROOT = resolve(__dirname, '../../..');
const OLD_LAYOUT = join(ROOT, 'test/fixtures/runs/old-layout');
const SCRIPTED = join(ROOT, 'test/fixtures/systems/scripted-system.mjs');

const CART = `def add_item(cart, item):
    cart.append(item)


def remove_item(cart, item):
    cart.remove(item)


def total(cart):
    return sum(i.price for i in cart)
`;

interface TinyFixture {
  id: string;
  task: string;
  truth: string[];
  tier?: 'easy' | 'medium' | 'hard';
  repo?: string;
}

/** A corpus in a temp folder over real git repositories (name -> files), with its fixtures and systems.yaml. */
function tinyCorpus(repos: Record<string, Record<string, string>>, fixtures: TinyFixture[], systemsYaml: string): string {
  const entries = Object.entries(repos).map(([name, files]) => {
    const repo = new TestRepo();
    const sha = repo.commit('initial', files);
    return `  - name: ${name}\n    url: https://example.com/${name}.git\n    commit: "${sha}"\n    language: [python]\n    path: ${repo.dir}\n`;
  });
  const files: Record<string, string> = { 'repos.yaml': `repos:\n${entries.join('')}`, 'systems.yaml': systemsYaml };
  const first = Object.keys(repos)[0];
  fixtures.forEach((f, i) => {
    const tier = f.tier ?? 'easy';
    const truth = f.truth.map((s) => `  - symbol: ${JSON.stringify(s)}\n    confidence: HIGH\n    reason: "needed"\n`).join('');
    files[`tasks/${f.repo ?? first}/${tier}/${String(i + 1).padStart(2, '0')}-task.yaml`] =
      `id: ${JSON.stringify(f.id)}\nrepo: ${f.repo ?? first}\ndifficulty: ${tier}\ntask: ${JSON.stringify(f.task)}\nground_truth:\n${truth}labeler: dana\n`;
  });
  return tempDir(files);
}

const results = (events: RunEvent[]) => events.filter((e): e is Extract<RunEvent, { kind: 'answer' }> => e.kind === 'answer').map((e) => `${e.raw.system} ${e.raw.task}`);
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

describe('run folders: results that never collide', function () {
  this.timeout(180_000);

  it('system g with task x-1 and system g-x with task 1 are two files, and both systems are scored on both tasks', async () => {
    const corpus = tinyCorpus({ shop: { 'shop/cart.py': CART } }, [
      { id: 'x-1', task: 'Adding an item to the cart should check the stock first', truth: ['shop/cart.add_item'] },
      { id: '1', task: 'Removing an item from the cart should restock it', truth: ['shop/cart.remove_item'] },
    ], 'systems:\n  - {name: g, type: grep}\n  - {name: g-x, type: grep}\n');
    const out = join(tempDir(), 'run');
    const summary = await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [5000], cwd: corpus });
    // The old layout named both `g-x-1.json`: one answer overwrote the other.
    for (const [system, task] of [['g', 'x-1'], ['g', '1'], ['g-x', 'x-1'], ['g-x', '1']]) {
      const raw = readJson<RawResult>(join(out, 'raw', system, `${task}.json`));
      assert.deepEqual([raw.system, raw.task, raw.status], [system, task, 'ok']);
    }
    assert.deepEqual(summary.scored.map((s) => `${s.raw.system}/${s.raw.task}`).sort(), ['g-x/1', 'g-x/x-1', 'g/1', 'g/x-1']);
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /\n\| g \| 2 \| /);
    assert.match(findings, /\n\| g-x \| 2 \| /);
    const overall = readFileSync(join(out, 'aggregated/overall.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').slice(0, 2).join(','));
    assert.deepEqual(overall.sort(), ['g,2', 'g-x,2']);
  });

  it('an old-layout file holding another pair\'s answer is not this pair\'s; the new layout wins over the old', async () => {
    const dir = join(tempDir(), 'raw');
    const answer = (system: string, task: string, symbols: string[]): RawResult => ({
      system, task, repo: 'r', rev: 'HEAD', budget: 5000, status: 'ok', output: symbols.join('\n'), symbols, tokens: 1, timings: {}, source: 'run', finished_at: '2026-01-01T00:00:00Z',
    });
    mkdirSync(dir, { recursive: true });
    // The collision the old layout allowed: g-x's answer to 1 in g-x-1.json.
    writeFileSync(legacyRawPath(dir, 'g-x', '1'), JSON.stringify(answer('g-x', '1', ['old'])));
    assert.equal(await readAnswer(dir, 'g', 'x-1'), undefined);
    assert.deepEqual((await readAnswer(dir, 'g-x', '1'))?.raw.symbols, ['old']);
    await writeRaw(dir, answer('g-x', '1', ['new']));
    assert.deepEqual((await readAnswer(dir, 'g-x', '1'))?.raw.symbols, ['new']);
    assert.deepEqual((await readRawDir(dir)).map((r) => r.symbols), [['new']], 'read once, from the per-system folder');
  });
});

describe('run folders: names that stay one path component', function () {
  this.timeout(180_000);

  const IDS = ['a/b', '../../../escaped', '/tmp/absolute', '..'];

  it('validate refuses an id with `/`, `..` or an absolute path, and says how to fix it', async () => {
    const corpus = tinyCorpus({ shop: { 'shop/cart.py': CART } }, [
      { id: 'ok-1', task: 'Adding an item to the cart', truth: ['shop/cart.add_item'] },
      ...IDS.map((id) => ({ id, task: 'Removing an item from the cart', truth: ['shop/cart.remove_item'] })),
    ], 'systems:\n  - {name: g, type: grep}\n');
    const problems = validateCorpus(await loadCorpus(corpus, corpus)).filter((p) => p.code === 'unsafe-id');
    assert.deepEqual(problems.map((p) => [p.file, p.line, p.severity]), IDS.map((_, i) => [`tasks/shop/easy/0${i + 2}-task.yaml`, 1, 'error']));
    assert.equal(problems[0].message, 'id `a/b` cannot name result files: use letters, digits, `.`, `_` and `-` only (no `/`, no `..`), e.g. `a-b`');
    assert.match(problems[1].message, /e\.g\. `escaped`$/);
    const r = await run(corpus, 'validate', '--no-resolve');
    assert.equal(r.code, 1);
    assert.equal(r.stdout.split('\n').filter((l) => l.includes('cannot name result files')).length, IDS.length);

    // run refuses, one line per error naming its file, and writes nothing.
    const out = join(tempDir(), 'runs', 'run');
    const refused = await run(corpus, 'run', '--budget', '5000', '--out', out);
    assert.equal(refused.code, 1);
    const lines = refused.stderr.trim().split('\n');
    assert.match(lines[0], /^fixture-lab: \.: 4 fixtures to run have 4 errors; nothing ran\. Fix them \(`fixture-lab validate` lists every problem\), or pass --skip-invalid to score only the valid fixtures:$/);
    assert.deepEqual(lines.slice(1).map((l) => l.replace(/:\d+:\d+: .*/, '')), IDS.map((_, i) => `  - tasks/shop/easy/0${i + 2}-task.yaml`));
    assert.equal(existsSync(dirname(out)), false, 'nothing written');

    // --skip-invalid scores the valid fixture, lists the others, and writes only inside the run folder.
    const parent = dirname(out);
    mkdirSync(parent, { recursive: true });
    const before = readdirSync(dirname(parent)).sort();
    const skipped = await run(corpus, 'run', '--budget', '5000', '--skip-invalid', '--out', out);
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.deepEqual(readdirSync(parent), ['run']);
    assert.deepEqual(readdirSync(dirname(parent)).sort(), before);
    assert.deepEqual(readdirSync(join(out, 'raw')), ['g']);
    assert.deepEqual(readdirSync(join(out, 'raw/g')), ['ok-1.json']);
    const info = readJson<RunInfo>(join(out, 'run.json'));
    assert.deepEqual(info.tasks, ['ok-1']);
    assert.deepEqual(info.skipped_tasks.map((s) => s.task), IDS);
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    // Each with its errors, as text (reportText sets the path in a code span).
    assert.match(findings, /\n## Fixtures not scored\n\n- a\/b: invalid: `tasks\/shop\/easy\/02-task\.yaml:1:5:` error: id `a\/b` cannot name result files: [^\n]*\n- \.\.\/\.\.\/\.\.\/escaped: invalid: /);
    assert.match(findings, /\n- 4 fixtures with errors left out \(--skip-invalid\): see Fixtures not scored\.\n/);
    for (const line of ['fixture-lab: skipped a/b: invalid: tasks/shop/easy/02-task.yaml:1:5: error: id `a/b` cannot name result files']) assert.ok(skipped.stderr.includes(line), skipped.stderr);
  });

  it('a raw write refuses an unsafe name and a symlink leading out of the run folder', async () => {
    const runDir = tempDir();
    const outside = tempDir();
    const raw = (system: string, task: string): RawResult => ({ system, task, repo: 'r', rev: 'HEAD', budget: 5000, status: 'ok', output: '', symbols: [], tokens: 0, timings: {}, source: 'run', finished_at: '' });
    await assert.rejects(writeRaw(join(runDir, 'raw'), raw('g', '../../escaped'), runDir), /task id `\.\.\/\.\.\/escaped` cannot name a result file/);
    await assert.rejects(writeRaw(join(runDir, 'raw'), raw('..', 't'), runDir), /system `\.\.` cannot name a result file/);
    mkdirSync(join(runDir, 'raw'));
    symlinkSync(outside, join(runDir, 'raw', 'g'));
    await assert.rejects(writeRaw(join(runDir, 'raw'), raw('g', 't'), runDir), /raw\/g\/t\.json: would be written outside the run folder/);
    // A file that is a symlink to one outside: writes follow symlinks, so this one is refused too.
    writeFileSync(join(outside, 'target.json'), 'keep');
    mkdirSync(join(runDir, 'raw', 'i'));
    symlinkSync(join(outside, 'target.json'), join(runDir, 'raw', 'i', 't.json'));
    await assert.rejects(writeRaw(join(runDir, 'raw'), raw('i', 't'), runDir), /raw\/i\/t\.json: would be written outside the run folder/);
    assert.deepEqual(readdirSync(outside), ['target.json']);
    assert.equal(readFileSync(join(outside, 'target.json'), 'utf8'), 'keep');
    rmSync(join(runDir, 'raw', 'i'), { recursive: true });
    await writeRaw(join(runDir, 'raw'), raw('j', 't'), runDir);
    assert.ok(existsSync(join(runDir, 'raw/j/t.json')));
    // A recorded answer whose names are not safe is not an answer: export-trec would write <system>.run.
    writeFileSync(join(runDir, 'raw/j/t.json'), JSON.stringify({ ...raw('j', 't'), system: '../x' }));
    const reported: string[] = [];
    assert.deepEqual(await readRawDir(join(runDir, 'raw'), (m) => reported.push(m)), []);
    assert.equal(reported.length, 1, reported.join('\n'));
    assert.match(reported[0], /raw\/j\/t\.json: is not a recorded answer \(`system` must be letters, digits/);
  });

  it('systems.yaml refuses a name that is not one path component, begins with budget-, or differs from another only in case', () => {
    const bad = (name: string) => () => readSystems(`systems:\n  - {name: ${JSON.stringify(name)}, type: grep}\n`, 'systems.yaml');
    assert.throws(bad('a/b'), /systems\.yaml:\d+:\d+: error: systems\[0\] \(a\/b\): `name` must be letters, digits, `\.`, `_` and `-` only \(it names the system's folder of results\), e\.g\. `a-b`/);
    assert.throws(bad('..'), /`name` must be letters, digits/);
    assert.throws(bad('budget-2000'), /`name` may not begin with `budget-` \(raw\/budget-<N>\/ holds a budget sweep's answers\): rename it, e\.g\. `2000`/);
    assert.throws(() => readSystems('systems:\n  - {name: grep, type: grep}\n  - {name: GREP, type: bm25}\n', 'systems.yaml'), /systems\[1\] \(GREP\): the names `grep` and `GREP` differ only in case/);
    assert.throws(() => readSystems('systems:\n  - {name: r, type: replay, from: x, system: ../y}\n', 'systems.yaml'), /`system` \(the name in the recorded run\) must be letters/);
  });

  it('ids differing only in case are refused: their result files would collide on some file systems', async () => {
    const corpus = tinyCorpus({ shop: { 'shop/cart.py': CART } }, [
      { id: 'Task-1', task: 'Adding an item', truth: ['shop/cart.add_item'] },
      { id: 'task-1', task: 'Removing an item', truth: ['shop/cart.remove_item'] },
    ], 'systems:\n  - {name: g, type: grep}\n');
    const problems = validateCorpus(await loadCorpus(corpus, corpus)).filter((p) => p.code === 'duplicate-id');
    assert.deepEqual(problems.map((p) => p.message), ['id `task-1` differs from `Task-1` (tasks/shop/easy/01-task.yaml) only in case: their result files would collide on some file systems; make them differ in more than case']);
  });
});

describe('run folders: the old layout stays readable', function () {
  this.timeout(300_000);

  /** The recorded old-layout run, copied into `parent` and pointed at a copy of the demo corpus. */
  function oldRun(parent = tempDir(), name = 'run-20250101-000000'): { corpus: string; dir: string } {
    const corpus = demoCorpus();
    const dir = join(parent, name);
    cpSync(OLD_LAYOUT, dir, { recursive: true });
    rmSync(join(dir, 'README.md'));
    const info = readJson<RunInfo>(join(dir, 'run.json'));
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...info, corpus_path: corpus }));
    return { corpus, dir };
  }

  it('export-trec and charts read it', async () => {
    const { corpus, dir } = oldRun();
    const trec = await run(corpus, 'export-trec', dir);
    assert.equal(trec.code, 0, trec.stderr);
    assert.equal(trec.stderr, '');
    for (const system of ['grep', 'bm25']) {
      const ranked = readFileSync(join(dir, 'trec', `${system}.run`), 'utf8');
      assert.equal(new Set(ranked.trim().split('\n').filter((l) => !l.startsWith('#')).map((l) => l.split(/\s+/)[0])).size, 8, `${system}: the eight recorded tasks`);
    }
    const charts = await run(corpus, 'charts', dir);
    assert.equal(charts.code, 0, charts.stderr);
    assert.ok(existsSync(join(dir, 'analysis/charts/pr-curves.svg')));
    assert.ok(existsSync(join(dir, 'analysis/charts/radar.svg')));
  });

  it('a replay system replays its answers', async () => {
    const { corpus, dir } = oldRun();
    writeFileSync(join(corpus, 'systems.yaml'), `systems:\n  - {name: old-grep, type: replay, from: ${JSON.stringify(join(dir, 'raw'))}, system: grep}\n`);
    const out = join(tempDir(), 'replayed');
    await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [400], cwd: corpus });
    for (const name of readdirSync(join(out, 'raw/old-grep'))) {
      const replayed = readJson<RawResult>(join(out, 'raw/old-grep', name));
      const recorded = readJson<RawResult>(join(dir, 'raw', `grep-${name}`));
      assert.equal(replayed.status, 'ok', replayed.error);
      assert.deepEqual(replayed.symbols, recorded.symbols, name);
      assert.deepEqual(replayed.timings.cold_ms, recorded.timings.cold_ms);
    }
    assert.equal(readdirSync(join(out, 'raw/old-grep')).length, 8);
  });

  it('a resume finds its answers, answers only what is missing or failed, and the panel reads it', async () => {
    const parent = tempDir();
    const { corpus, dir } = oldRun(parent);
    // One answer lost and one failed, in the old layout.
    rmSync(join(dir, 'raw/grep-bookshop-easy-02.json'));
    const failed = join(dir, 'raw/budget-200/bm25-bookshop-hard-01.json');
    writeFileSync(failed, JSON.stringify({ ...readJson<RawResult>(failed), status: 'failed', error: 'query: crashed', symbols: [] }));
    const events: RunEvent[] = [];
    await runBenchmark({ corpusDir: corpus, outDir: dir, cwd: corpus, onEvent: (e) => events.push(e) });
    const started = events.find((e): e is Extract<RunEvent, { kind: 'started' }> => e.kind === 'started');
    assert.deepEqual(started && { total: started.total, done: started.done, systems: started.systems }, { total: 32, done: 30, systems: ['grep', 'bm25'] });
    assert.deepEqual(results(events).sort(), ['bm25 bookshop-hard-01', 'grep bookshop-easy-02']);
    assert.ok(existsSync(join(dir, 'raw/grep/bookshop-easy-02.json')));
    assert.equal(readJson<RawResult>(join(dir, 'raw/budget-200/bm25/bookshop-hard-01.json')).status, 'ok');
    const info = readJson<RunInfo>(join(dir, 'run.json'));
    assert.deepEqual(info.budgets, [400, 200]);
    assert.match(readFileSync(join(dir, 'FINDINGS.md'), 'utf8'), /\n\| bm25 \| 8 \| [\s\S]*\n\| grep \| 8 \| /);
    assert.match(readFileSync(join(dir, 'FINDINGS.md'), 'utf8'), /\| System \| R@10 at 200 \| R@10 at 400 \| Least budget \|/);
    // The panel's newest answer of each system: the old layout's, and the new one written by the resume.
    const runs = await listRuns(parent);
    const answers = await latestAnswers(runs, 'bookshop-easy-02', ['grep', 'bm25']);
    assert.deepEqual([...answers.keys()].sort(), ['bm25', 'grep']);
    assert.deepEqual(answers.get('bm25')!.raw, readJson<RawResult>(join(dir, 'raw/bm25-bookshop-easy-02.json')), 'read from the old layout');
    assert.deepEqual(answers.get('grep')!.raw, readJson<RawResult>(join(dir, 'raw/grep/bookshop-easy-02.json')), 'read from the new layout');
  });
});

describe('run folders: resuming', function () {
  this.timeout(300_000);

  const scripted = (env: string) => `systems:
  - name: scripted
    type: command
    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPTED)}, query, "{commit}", "{task}", "{budget}"]
    parse: {format: json, symbols: "results[].symbol"}
    env: {${env}}
  - {name: bm25, type: bm25}
`;

  it('answers failed tasks again, unless --keep-failures', async () => {
    const corpus = demoCorpus();
    const rev = readFileSync(join(corpus, 'tasks/bookshop/medium/01-queue-retry-limit.yaml'), 'utf8').match(/base: "([0-9a-f]{40})"/)![1];
    writeFileSync(join(corpus, 'systems.yaml'), scripted(`FAIL_TASK: "${rev}"`));
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, systems: ['scripted'], budgets: [5000] });
    const failedTasks = readdirSync(join(out, 'raw/scripted')).filter((n) => readJson<RawResult>(join(out, 'raw/scripted', n)).status === 'failed').map((n) => n.replace('.json', '')).sort();
    assert.ok(failedTasks.length > 0 && failedTasks.length < 8, failedTasks.join());
    // The system is fixed; a resume that keeps failures leaves them.
    writeFileSync(join(corpus, 'systems.yaml'), scripted('NO_FAILURES: "1"'));
    const kept: RunEvent[] = [];
    await runBenchmark({ corpusDir: corpus, outDir: out, systems: ['scripted'], keepFailures: true, onEvent: (e) => kept.push(e) });
    assert.deepEqual(results(kept), []);
    const retried: RunEvent[] = [];
    await runBenchmark({ corpusDir: corpus, outDir: out, systems: ['scripted'], onEvent: (e) => retried.push(e) });
    assert.deepEqual(results(retried).sort(), failedTasks.map((t) => `scripted ${t}`));
    for (const t of failedTasks) assert.equal(readJson<RawResult>(join(out, 'raw/scripted', `${t}.json`)).status, 'ok');
    // The CLI's flag says the same.
    const cliKept = await run(corpus, 'run', '--systems', 'scripted', '--keep-failures', '--out', out);
    assert.equal(cliKept.code, 0, cliKept.stderr);
    assert.match(cliKept.stderr, /running scripted: 8 answers, 8 already done\n/);
  });

  it('a resume with --systems X (or --tasks) keeps every system and task of the folder in run.json and FINDINGS.md', async () => {
    const corpus = demoCorpus(scripted('NO_FAILURES: "1"'));
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [5000] });
    rmSync(join(out, 'raw/bm25/bookshop-easy-01.json'));
    const events: RunEvent[] = [];
    await runBenchmark({ corpusDir: corpus, outDir: out, systems: ['bm25'], tasks: 'bookshop-easy-*', onEvent: (e) => events.push(e) });
    assert.deepEqual(results(events), ['bm25 bookshop-easy-01']);
    const info = readJson<RunInfo>(join(out, 'run.json'));
    assert.deepEqual(info.systems.map((s) => s.name), ['scripted', 'bm25']);
    assert.equal(info.tasks.length, 8);
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /\n\| scripted \| 8 \| /);
    assert.match(findings, /\n\| bm25 \| 8 \| /);
    assert.match(findings, /\n\| bm25 vs scripted \| all \| 8 \| /);
    const csv = readFileSync(join(out, 'aggregated/per-task.csv'), 'utf8').trim().split('\n');
    assert.equal(csv.length, 1 + 16);
  });
});

describe('run folders: scale failure, timeout, system failure', function () {
  this.timeout(180_000);

  it('a timeout is a scale failure only in a repository over the run\'s size; elsewhere a timeout', async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `X_${i} = ${i}`).join('\n') + '\n';
    const small = CART.split('\n').length - 1;
    const large = small + 3000;
    const corpus = tinyCorpus({ small: { 'shop/cart.py': CART }, large: { 'shop/cart.py': CART, 'shop/constants.py': big } }, [
      { id: 'small-1', task: 'Adding an item to the cart', truth: ['shop/cart.add_item'], repo: 'small' },
      { id: 'large-1', task: 'Adding an item to the cart', truth: ['shop/cart.add_item'], repo: 'large' },
    ], `systems:\n  - {name: slow, type: command, query: [${JSON.stringify(process.execPath)}, -e, "setTimeout(() => {}, 60000)"], parse: {format: lines}, timeout_minutes: 0.01}\n`);
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [5000], cwd: corpus, scaleFailureLines: 2000 });
    assert.equal(readJson<RawResult>(join(out, 'raw/slow/large-1.json')).status, 'timeout');
    assert.deepEqual(readJson<Record<string, number>>(join(out, 'analysis/repository-lines.json')), Object.fromEntries(['large', 'small'].map((repo) => {
      const rev = readJson<RawResult>(join(out, `raw/slow/${repo}-1.json`)).rev;
      return [`${repo}@${rev}`, repo === 'large' ? large : small];
    })));
    const report = readFileSync(join(out, 'analysis/failure-analysis.md'), 'utf8');
    assert.ok(report.includes(`| large-1 | \`shop/cart.add_item\` | scale failure | the system timed out on large, a repository of ${large.toLocaleString('en-US')} lines (over the run's scale threshold of 2,000): query: `), report);
    assert.ok(report.includes(`| small-1 | \`shop/cart.add_item\` | timeout | the system timed out on small, a repository of ${small} lines (not over the run's scale threshold of 2,000): query: `), report);
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /- slow: scale failure \(1\), timeout \(1\)/);
    assert.match(findings, /\n- A timeout is a scale failure over 2,000 lines, not 1M \(docs\/methodology\.md#failure-categories\)\.\n/);
    assert.equal(readJson<RunInfo>(join(out, 'run.json')).scale_failure_lines, 2000);

    // At the default (§8.3: 1M lines) neither repository is large: both are timeouts.
    const again = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: again, budgets: [5000], cwd: corpus });
    assert.match(readFileSync(join(again, 'FINDINGS.md'), 'utf8'), /- slow: timeout \(2\)/);
  });
});
