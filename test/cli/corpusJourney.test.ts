// From an empty folder to a judged, re-scored run with the CLI alone: init, repo add, new, labels,
// a review, bulk settling (review settle --from), a run, pooling, bulk judging (pool --judge) and
// the re-score that keeps the run's own times. Real git, real files, the real baselines.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFixture, TASK_STUB } from '../../src/core';
import { ok, run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const ERRORS = 'def should_ignore_error(error):\n    return False\n\n\ndef handle(error):\n    if should_ignore_error(error):\n        return None\n    return str(error)\n';
const REPORT = 'from app.errors import handle\n\n\ndef report(errors):\n    return [handle(e) for e in errors]\n';
const UTIL = 'def format_error(error):\n    return "error: " + str(error)\n\n\ndef log_error(error):\n    print(format_error(error))\n\n\n'
  + 'def count_errors(errors):\n    return len(errors)\n';

function flaskLike(): TestRepo {
  const repo = new TestRepo();
  repo.commit('base', { 'app/errors.py': ERRORS, 'app/report.py': REPORT, 'app/util.py': UTIL });
  repo.git('remote', 'add', 'origin', 'https://github.com/example/flasklike');
  repo.mergePullRequest(3, 'dev/deprecate', 'deprecate', 'deprecate `should_ignore_error`',
    { 'app/errors.py': ERRORS.replace('    return False\n', '    import warnings\n    warnings.warn("deprecated")\n    return False\n') });
  return repo;
}

describe('a corpus from an empty folder to a judged, re-scored run (CLI)', function () {
  this.timeout(240_000);

  it('init, repo add, new, labels, a review, settle --from, run, pool --write, pool --judge, run --rescore', async () => {
    const repo = flaskLike();
    const dir = tempDir();
    await ok(run(dir, 'init', 'corpus'));
    await ok(run(dir, 'repo', 'add', 'flask', repo.dir));

    // new: the PR title names the solution's symbol, so it is not the task; it stays in a comment.
    const made = await ok(run(dir, 'new', '--repo', 'flask', '--pr', '3', 'corpus'));
    const F = /^wrote (\S+)/.exec(made)![1];
    const file = join(dir, F);
    const stub = readFileSync(file, 'utf8');
    assert.equal(readFixture(stub, F).fixture.task, TASK_STUB);
    assert.match(stub, /# The change's title, which may name the symbols that solve it: deprecate `should_ignore_error`\n/);

    // A task that names its ground truth is a leak: validate warns once it is labeled.
    writeFileSync(file, stub.replace(/^task: .*$/m, 'task: "Deprecate should_ignore_error"'));
    await ok(run(dir, 'label', 'add', F, 'app/errors.should_ignore_error', '--confidence', 'HIGH', '--reason', 'the deprecated hook', '--rater', 'dana'));
    const leaky = await run(dir, 'validate', 'corpus', '--no-resolve');
    assert.match(leaky.stdout, /warning: the task names its ground truth \(`app\/errors\.should_ignore_error`\)/);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^task: .*$/m, 'task: "Errors the app swallows on purpose should warn that the hook goes away"'));
    assert.doesNotMatch((await run(dir, 'validate', 'corpus', '--no-resolve')).stdout, /task names its ground truth/);

    // Labels and a review with two disagreements.
    await ok(run(dir, 'label', 'add', F, 'app/errors.handle', '--confidence', 'MEDIUM', '--reason', 'its caller', '--rater', 'dana'));
    await ok(run(dir, 'review', 'start', F, '--verifier', 'lee'));
    await ok(run(dir, 'label', 'add', F, 'app/errors.should_ignore_error', '--confidence', 'HIGH', '--reason', 'the hook', '--rater', 'lee'));
    await ok(run(dir, 'label', 'add', F, 'app/report.report', '--confidence', 'MEDIUM', '--reason', 'calls handle', '--rater', 'lee'));
    assert.match(await ok(run(dir, 'review', 'finish', F)), /2 disagreements/);

    // Bulk settling: a bad row refuses the whole file, naming the row; the good file settles both in one edit.
    const before = readFileSync(file, 'utf8');
    writeFileSync(join(dir, 'bad.csv'), 'symbol,resolution,confidence,rationale\napp/errors.handle,included,,"calls the hook, so it changes"\napp/report.report,maybe,,no\n');
    const bad = await run(dir, 'review', 'settle', F, '--from', 'bad.csv');
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /bad\.csv: row 3: `resolution` must be included or excluded, not `maybe`; nothing was written/);
    assert.equal(readFileSync(file, 'utf8'), before);
    writeFileSync(join(dir, 'rulings.csv'), 'symbol,resolution,confidence,rationale\napp/errors.handle,included,,"calls the hook, so it changes"\n'
      + 'app/report.report,excluded,,only passes errors through\n');
    assert.match(await ok(run(dir, 'review', 'settle', F, '--from', 'rulings.csv')), /2 rulings \(1 included, 1 excluded\) from rulings\.csv; ground_truth: 2 symbols/);
    const settled = readFixture(readFileSync(file, 'utf8'), F).fixture;
    assert.deepEqual(settled.disputes.map((d) => [d.symbol, d.resolution]), [['app/errors.handle', 'included'], ['app/report.report', 'excluded']]);

    // A run, its pool, and the pool judged in bulk. A command system beside the baselines: run.json
    // records each system's argv (programs resolved) and version (as written, or printed by its argv).
    const systems = readFileSync(join(dir, 'corpus/systems.yaml'), 'utf8');
    writeFileSync(join(dir, 'corpus/systems.yaml'), systems.replace('    type: grep ', '    version: "builtin 1"\n    type: grep ')
      + '  - name: echoer\n    type: command\n    query: [sh, -c, "printf \'app/util.count_errors\\\\n\'", "{task}"]\n    parse: {format: lines}\n'
      + '    version: [sh, -c, "echo echoer 1.2.3"]\n');
    await ok(run(dir, 'run', 'corpus', '--systems', 'grep,bm25,echoer', '--budget', '2000', '--out', 'results/r1'));
    const info = JSON.parse(readFileSync(join(dir, 'results/r1/run.json'), 'utf8'));
    assert.equal(info.fixture_lab_version, JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')).version);
    const byName = Object.fromEntries(info.systems.map((s: { name: string }) => [s.name, s]));
    assert.deepEqual(byName.grep, { name: 'grep', type: 'grep', version: 'builtin 1' });
    assert.deepEqual(byName.bm25, { name: 'bm25', type: 'bm25' });
    assert.equal(byName.echoer.version, 'echoer 1.2.3');
    assert.match(byName.echoer.argv.query[0], /^\/.*\/sh$/, 'the program resolved on PATH');
    assert.deepEqual(byName.echoer.argv.query.slice(1), ['-c', "printf 'app/util.count_errors\\n'", '{task}']);
    // One task: no pair can be significant, and FINDINGS.md says so rather than a bare "not significant".
    assert.match(readFileSync(join(dir, 'results/r1/FINDINGS.md'), 'utf8'), /, 1 task, 3 systems, budget 2000 tokens, /, 'counts in English');
    assert.match(readFileSync(join(dir, 'results/r1/FINDINGS.md'), 'utf8'),
      /\*\*Too few tasks to test\*\*: with 1 task no pair can reach p < 0\.05; the smallest p the test can give is 1\.000 /);
    assert.match(await ok(run(dir, 'pool', 'results/r1', '--write')), /judge them: fixture-lab pool results\/r1 --judge RULINGS\.csv/);
    const pooled = readFixture(readFileSync(file, 'utf8'), F).fixture.pooled ?? [];
    assert.ok(pooled.length >= 2, `the baselines return unjudged symbols: ${JSON.stringify(pooled)}`);
    const id = readFixture(readFileSync(file, 'utf8'), F).fixture.id!;
    const judged = readFileSync(file, 'utf8');
    const wrong = `task,symbol,resolution,confidence,rationale\n${id},${pooled[0].symbol},included,MEDIUM,formats it\nnope-01,x.y,excluded,,no\n`;
    writeFileSync(join(dir, 'wrong.csv'), wrong);
    const refused = await run(dir, 'pool', 'results/r1', '--judge', 'wrong.csv');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /wrong\.csv: row 3: task `nope-01` is no fixture this run answered/);
    assert.equal(readFileSync(file, 'utf8'), judged, 'nothing written');
    const yaml = pooled.map((p, i) => `- task: ${id}\n  symbol: ${p.symbol}\n  resolution: ${i === 0 ? 'included\n  confidence: MEDIUM' : 'excluded'}\n  rationale: judged from the pool\n`);
    writeFileSync(join(dir, 'judge.yaml'), yaml.join(''));
    const out = await ok(run(dir, 'pool', 'results/r1', '--judge', 'judge.yaml'));
    assert.match(out, new RegExp(`${pooled.length} rulings \\(1 included, ${pooled.length - 1} excluded\\) over 1 fixture; re-score the run with them: `
      + 'fixture-lab run --out results/r1 --rescore'));
    const after = readFixture(readFileSync(file, 'utf8'), F).fixture;
    assert.deepEqual(after.disputes.filter((d) => d.unjudged).map((d) => d.symbol), pooled.map((p) => p.symbol));
    assert.ok(after.ground_truth.some((l) => l.symbol === pooled[0].symbol));

    // validate: the judged pool is one note line for the fixture; --verbose lists each.
    const v = await run(dir, 'validate', 'corpus', '--no-resolve');
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stdout, new RegExp(`note: ${pooled.length} rulings on symbols no rater judged`));
    assert.equal(v.stdout.split('\n').filter((l) => / note: /.test(l)).length, 1);
    assert.match(v.stderr, new RegExp(`${pooled.length} notes \\(--verbose lists each\\)`));
    const verbose = await run(dir, 'validate', 'corpus', '--no-resolve', '--verbose');
    assert.equal(verbose.stdout.split('\n').filter((l) => / note: ruling on /.test(l)).length, pooled.length);

    // The re-score: the same answers scored against the judged fixture, the run's own times kept.
    await ok(run(dir, 'run', 'corpus', '--out', 'results/r1', '--rescore'));
    const rescored = JSON.parse(readFileSync(join(dir, 'results/r1/run.json'), 'utf8'));
    assert.equal(rescored.started_at, info.started_at);
    assert.equal(rescored.finished_at, info.finished_at);
    assert.ok(rescored.rescored_at >= info.finished_at);
    assert.deepEqual(rescored.systems, info.systems, 'a re-score runs nothing: the systems as they ran');
    const noRun = await run(dir, 'run', 'corpus', '--out', 'results/none', '--rescore');
    assert.equal(noRun.code, 1);
    assert.match(noRun.stderr, /results\/none: is no run folder \(no run\.json\): --rescore/);
  });

  it('label remove of the last label before a review clears labeler:, so another rater can label; the refusal says what fits', async () => {
    const repo = flaskLike();
    const dir = tempDir();
    await ok(run(dir, 'init', 'corpus', '--repo', `flask=${repo.dir}`));
    const F = /^wrote (\S+)/.exec(await ok(run(dir, 'new', '--repo', 'flask', '--pr', '3', 'corpus')))![1];
    await ok(run(dir, 'label', 'add', F, 'app/errors.handle', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'git-name'));
    const refusedAlice = await run(dir, 'label', 'add', F, 'app/errors.handle', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'alice');
    assert.match(refusedAlice.stderr, /alice is not the labeler of this fixture \(git-name, 1 label\).*remove their labels as git-name \(the last one clears `labeler:`\)/);
    await ok(run(dir, 'label', 'remove', F, 'app/errors.handle', '--rater', 'git-name'));
    assert.doesNotMatch(readFileSync(join(dir, F), 'utf8'), /labeler:/);
    assert.match(await ok(run(dir, 'label', 'add', F, 'app/errors.handle', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'alice')), /labeler: alice/);
  });
});
