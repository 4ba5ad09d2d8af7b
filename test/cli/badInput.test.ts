// Every bad input is one line naming the file and the fix, with a non-zero exit, never a stack
// trace; a damaged answer costs that answer only. Real corpora, real runs, real git repositories,
// and the built executable as a child process.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cli } from '../../src/cli/cli';
import { checkAnswer, filesMentioning, listChanges, mulberry32, parseOutput, prepareRun, quotedPath, RawResult, Repository } from '../../src/core';
import { GrepBaseline } from '../../src/core/harness/adapters/grep';
import { grepHits } from '../helpers/gitGrep';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const BIN = resolve(__dirname, '../../../dist/cli.js');

async function run(cwd: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, { cwd, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } });
  return { code, stdout, stderr };
}

/** This process's CPU seconds since `from` (the CLI runs in process here). */
function cpuSeconds(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

/** The built executable, as a person runs it: exit status and both streams. */
function runBin(cwd: string, ...argv: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Exactly one line on stderr, naming `file`, no stack trace, and the exit code asked for. */
function oneLineError(r: { code: number | null; stderr: string }, code: number, file: string | RegExp, what: string) {
  assert.equal(r.code, code, `${what}: exit code (stderr: ${r.stderr})`);
  assert.doesNotMatch(r.stderr, /\n\s+at |internal error/, `${what}: no stack trace`);
  assert.equal(r.stderr.split('\n').filter(Boolean).length, 1, `${what}: one line, not ${JSON.stringify(r.stderr)}`);
  if (typeof file === 'string') assert.ok(r.stderr.includes(file), `${what}: names ${file} in ${JSON.stringify(r.stderr)}`);
  else assert.match(r.stderr, file, what);
}

// Each anchor holds nine of the one before: `h` expands to 9^8 (43 million) strings.
const ALIAS_BOMB = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefgh'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`)].join('\n') + '\n';

describe('bad input: YAML', function () {
  this.timeout(60_000);

  it('an alias bomb in systems.yaml is one line naming the file, at once, from cli() and the executable', async () => {
    const corpus = demoCorpus(`${ALIAS_BOMB}systems:\n  - {name: g, type: grep}\n`);
    const started = process.cpuUsage();
    const r = await run(corpus, 'run', '--out', 'out');
    // CPU, not wall time: a loaded machine stretches the wall clock, while expanding 43 million strings costs minutes of CPU anywhere.
    assert.ok(cpuSeconds(started) < 5, 'refused without expanding the aliases');
    oneLineError(r, 1, 'systems.yaml:1:1: error: YAML aliases expand too far', 'run');
    assert.match(r.stderr, /write the values out/);
    assert.equal(existsSync(join(corpus, 'out')), false, 'nothing was run');
    oneLineError(runBin(corpus, 'run'), 1, 'systems.yaml:1:1: error: YAML aliases expand too far', 'the executable');
  });

  it('aliases in a fixture and in repos.yaml are reported at their place, never expanded', async () => {
    const corpus = demoCorpus();
    const fixture = 'tasks/bookshop/easy/01-bulk-discount.yaml';
    writeFileSync(join(corpus, fixture), ALIAS_BOMB + readFileSync(join(corpus, fixture), 'utf8'));
    writeFileSync(join(corpus, 'repos.yaml'), ALIAS_BOMB + readFileSync(join(corpus, 'repos.yaml'), 'utf8'));
    const started = process.cpuUsage();
    const r = await run(corpus, 'validate');
    assert.ok(cpuSeconds(started) < 5, 'reported without expanding the aliases');
    assert.equal(r.code, 1);
    const aliases = r.stdout.split('\n').filter((l) => l.includes('YAML alias'));
    assert.deepEqual(aliases, [
      'repos.yaml:2:8: error: `*a` is a YAML alias, which is not read here: write the value out (63 aliases in this file)',
      `${fixture}:2:8: error: \`*a\` is a YAML alias, which is not read here: write the value out (63 aliases in this file)`,
    ]);
    // A fixture that only says `*x` where a value belongs is refused by kappa, not read as empty.
    writeFileSync(join(corpus, fixture), readFileSync(join(corpus, fixture), 'utf8').replace(ALIAS_BOMB, 'x: &who dana\n').replace(/^labeler: .*$/m, 'labeler: *who'));
    oneLineError(await run(corpus, 'kappa', fixture), 1, `${fixture}: `, 'kappa on an aliased fixture');
  });
});

describe('bad input: command lines', function () {
  this.timeout(120_000);

  it('kappa on a file that is not a fixture exits 1 naming it', async () => {
    const corpus = demoCorpus();
    writeFileSync(join(corpus, 'notes.yaml'), 'hello: world\n');
    for (const file of ['repos.yaml', 'notes.yaml']) {
      const r = await run(corpus, 'kappa', file);
      oneLineError(r, 1, `fixture-lab: ${file}: 1:1: missing \`id:\``, `kappa ${file}`);
      assert.match(r.stderr, /fix it first \(`fixture-lab validate` lists every problem\)\n$/);
      assert.equal(r.stdout, '');
    }
    oneLineError(runBin(corpus, 'kappa', 'notes.yaml'), 1, 'notes.yaml', 'the executable');
  });

  it('output whose reader has gone (`| head`) ends quietly with 141, as SIGPIPE would, no stack trace', async () => {
    const corpus = demoCorpus();
    for (const argv of [['kappa', 'tasks'], ['--help']]) {
      // The read end closed before the CLI writes its first line: every write meets EPIPE.
      const child = spawn(process.execPath, [BIN, ...argv], { cwd: corpus, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((done) => child.on('close', done));
      assert.equal(code, 141, `${argv.join(' ')}: ${stderr}`);
      assert.equal(stderr, '', argv.join(' '));
    }
  });

  it('run --tasks matching nothing exits 1, saying so and how to see the ids', async () => {
    const corpus = demoCorpus();
    const none = await run(corpus, 'run', '--tasks', 'nothing-*', '--out', 'out');
    oneLineError(none, 1, 'tasks: --tasks `nothing-*` matches no task id or fixture path (ids here: bookshop-easy-01, bookshop-easy-02', 'no match');
    assert.match(none.stderr, /`grep -rh '\^id:' tasks` lists every id\n$/);
    const unlabeled = await run(corpus, 'run', '--tasks', 'bookshop-easy-03', '--out', 'out');
    oneLineError(unlabeled, 1, '--tasks `bookshop-easy-03` matches no task that can run: bookshop-easy-03 (no ground truth yet)', 'only unlabeled');
    assert.equal(existsSync(join(corpus, 'out')), false, 'no run folder');
  });

  it('run --tasks with what the task glob does not support (`[...]`, `{a,b}`, a leading `!`) exits 1 saying what it supports; nothing runs', async () => {
    const corpus = demoCorpus();
    for (const [glob, what] of [['bookshop-easy-0[12]', '`[...]` classes'], ['bookshop-{easy,hard}-01', '`{a,b}` alternatives'],
      ['!bookshop-easy-01', 'a leading `!` (negation)']]) {
      const r = await run(corpus, 'run', '--tasks', glob, '--out', 'out');
      oneLineError(r, 1, `--tasks \`${glob}\` uses ${what}, which the task glob does not support: it has \`*\` (any characters) and \`?\` (one character) only`,
        glob);
      writeFileSync(join(corpus, 'x.run'), 'bookshop-easy-01 Q0 shop/cart.Cart 1 1.0 x\n');
      const trec = await run(corpus, 'import-trec', 'x.run', '--system', 'x', '--out', 'out', '--tasks', glob);
      oneLineError(trec, 1, `--tasks \`${glob}\` uses ${what}`, `import-trec ${glob}`);
    }
    assert.equal(existsSync(join(corpus, 'out')), false, 'no run folder');
    // What it supports still selects: `?` one character, `*` any.
    const plan = await prepareRun({ corpusDir: corpus, cwd: corpus, systems: ['grep'], tasks: 'bookshop-easy-0?', outDir: 'out' });
    assert.equal(plan.refusal, undefined);
    assert.deepEqual(plan.toRun.map((t) => t.id), ['bookshop-easy-01', 'bookshop-easy-02']);
  });

  it('an empty --systems list (`--systems ,`) is a usage error, never every system; core refuses an empty list too', async () => {
    const corpus = demoCorpus();
    for (const list of [',', '', ' , ']) {
      const r = await run(corpus, 'run', '--systems', list, '--out', 'out');
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /^fixture-lab run: --systems names no system: give names from systems\.yaml[^\n]*\nusage: fixture-lab run /);
    }
    const bin = runBin(corpus, 'run', '--systems', ',', '--out', 'out');
    assert.equal(bin.code, 2, bin.stderr);
    assert.match(bin.stderr, /--systems names no system/);
    assert.equal(existsSync(join(corpus, 'out')), false, 'no run folder');
    const plan = await prepareRun({ corpusDir: corpus, cwd: corpus, systems: [], outDir: 'out' });
    assert.match(plan.refusal?.message ?? '', /no system chosen/);
    assert.deepEqual(plan.systems, []);
  });

  it('run --out naming a file, or a path through a file, is one line naming it; the file is untouched', async () => {
    const corpus = demoCorpus();
    writeFileSync(join(corpus, 'a-file'), 'keep\n');
    oneLineError(await run(corpus, 'run', '--out', 'a-file'), 1, 'a-file: is a file, not a run folder: give --out a new folder', '--out FILE');
    oneLineError(await run(corpus, 'run', '--out', 'a-file/run'), 1, 'a-file/run: cannot make the run folder (a file is in the way)', '--out FILE/DIR');
    oneLineError(runBin(corpus, 'run', '--out', 'a-file'), 1, 'a-file', 'the executable');
    assert.equal(readFileSync(join(corpus, 'a-file'), 'utf8'), 'keep\n');
  });

  it('an option value may begin with `-`; a forgotten value before another option is still a usage error', async () => {
    const corpus = demoCorpus();
    const fixture = 'tasks/bookshop/easy/03-cart-badge.yaml';
    const r = await run(corpus, 'label', 'add', fixture, 'web/src/badge.render', '--confidence', 'HIGH', '--reason', '- shows the count', '--rater', 'dana');
    assert.equal(r.code, 0, r.stderr);
    assert.match(readFileSync(join(corpus, fixture), 'utf8'), /symbol: "web\/src\/badge\.render"\n {4}confidence: HIGH\n {4}reason: "- shows the count"\n/);
    const dispute = await run(corpus, 'dispute', 'add', fixture, 'web/src/badge.render', '--resolution', 'included', '--rationale', '-known from the task');
    assert.equal(dispute.code, 0, dispute.stderr);
    assert.match(readFileSync(join(corpus, fixture), 'utf8'), /rationale: "-known from the task"/);
    const forgotten = await run(corpus, 'label', 'add', fixture, 'web/src/x.y', '--rater', 'dana', '--reason', '--confidence', 'HIGH');
    assert.equal(forgotten.code, 2);
    assert.match(forgotten.stderr, /Option '--reason' argument is ambiguous/);
  });
});

describe('bad input: damaged runs', function () {
  this.timeout(300_000);

  let corpus: string;
  // The demo corpus's eight labeled tasks (and two without ground truth yet).
  const TASKS = 'bookshop-*';

  before(async () => {
    corpus = demoCorpus();
    const first = await run(corpus, 'run', '--systems', 'grep', '--tasks', TASKS, '--budget', '5000', '--out', 'first');
    assert.equal(first.code, 0, first.stderr);
  });

  const copyRun = (name: string) => {
    spawnSync('cp', ['-r', join(corpus, 'first'), join(corpus, name)]);
    return join(corpus, name);
  };

  it('a corrupt or misshapen run.json: run (resume), export-trec and charts are one line naming it', async () => {
    for (const [i, text] of ['{"corpus": ', '[]', '{"corpus": "."}', JSON.stringify({ ...JSON.parse(readFileSync(join(corpus, 'first/run.json'), 'utf8')), budgets: 'many' })].entries()) {
      const dir = copyRun(`broken-info-${i}`);
      writeFileSync(join(dir, 'run.json'), text);
      const file = `broken-info-${i}/run.json: is not a run's run.json (`;
      oneLineError(await run(corpus, 'run', '--systems', 'grep', '--tasks', TASKS, '--out', `broken-info-${i}`), 1, file, `run on ${text}`);
      oneLineError(await run(corpus, 'export-trec', `broken-info-${i}`), 1, file, `export-trec on ${text}`);
      oneLineError(await run(corpus, 'charts', `broken-info-${i}`), 1, file, `charts on ${text}`);
      assert.equal(readFileSync(join(dir, 'run.json'), 'utf8'), text, 'left as it was');
    }
    oneLineError(runBin(corpus, 'export-trec', 'broken-info-0'), 1, 'broken-info-0/run.json', 'the executable');
    oneLineError(runBin(corpus, 'charts', 'broken-info-1'), 1, 'broken-info-1/run.json', 'the executable');
  });

  it('a corrupt raw file: export-trec and charts refuse the run in one line naming it, --skip-damaged leaves it out and says how many; '
    + 'a resume answers it again', async () => {
    const dir = copyRun('broken-raw');
    const bad = join(dir, 'raw/grep/bookshop-easy-01.json');
    const misshapen = join(dir, 'raw/grep/bookshop-easy-02.json');
    writeFileSync(bad, '{"system": "grep", "task": "bookshop-easy-01", "symbols": [1, {}]');
    writeFileSync(misshapen, JSON.stringify({ ...JSON.parse(readFileSync(misshapen, 'utf8')), symbols: [1, { a: 2 }] }));
    for (const command of ['export-trec', 'charts']) {
      for (const r of [await run(corpus, command, 'broken-raw'), runBin(corpus, command, 'broken-raw')]) {
        oneLineError(r, 1, /^fixture-lab: broken-raw\/raw\/grep\/bookshop-easy-01\.json: is not a recorded answer \(not valid JSON: [^\n]*\) \(and 1 more damaged answer\): resuming the run \(`fixture-lab run --out broken-raw`\) answers it again; --skip-damaged leaves the damaged answers out\n$/, command);
        assert.equal(r.stdout, '', 'nothing written');
      }
      assert.equal(existsSync(join(dir, 'trec')), false, `${command}: no trec/ of fewer topics than the run has`);
    }
    const problems = [
      /^fixture-lab: broken-raw\/raw\/grep\/bookshop-easy-01\.json: is not a recorded answer \(not valid JSON: [^\n]*\); skipped \(resuming the run with `fixture-lab run --out` answers that task again\)$/,
      /^fixture-lab: broken-raw\/raw\/grep\/bookshop-easy-02\.json: is not a recorded answer \(`symbols` must be a list of names\); skipped/,
      /^fixture-lab: left out 2 damaged answers \(--skip-damaged\)$/,
    ];
    for (const command of ['export-trec', 'charts']) {
      for (const r of [await run(corpus, command, 'broken-raw', '--skip-damaged'), runBin(corpus, command, 'broken-raw', '--skip-damaged')]) {
        assert.equal(r.code, 0, `${command}: ${r.stderr}`);
        assert.doesNotMatch(r.stderr, /\n\s+at |internal error/);
        const lines = r.stderr.split('\n').filter(Boolean);
        assert.equal(lines.length, 3, r.stderr);
        lines.forEach((line, i) => assert.match(line, problems[i]));
        assert.match(r.stdout, command === 'charts' ? /wrote broken-raw\/analysis\/charts\/pr-curves\.svg/ : /wrote broken-raw\/trec\/grep\.run/);
      }
    }
    // The run file ranks the tasks whose answers read, and not the damaged ones.
    const ranked = readFileSync(join(dir, 'trec/grep.run'), 'utf8');
    assert.doesNotMatch(ranked, /^bookshop-easy-0[12] /m);
    assert.match(ranked, /^bookshop-medium-01 /m);

    const resumed = await run(corpus, 'run', '--systems', 'grep', '--tasks', TASKS, '--out', 'broken-raw');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.doesNotMatch(resumed.stderr, /\n\s+at |internal error/);
    assert.match(resumed.stderr, /^fixture-lab: broken-raw\/raw\/grep\/bookshop-easy-01\.json: is not a recorded answer \(not valid JSON: [^\n]*\); answering that task again$/m);
    assert.match(resumed.stderr, /^fixture-lab: broken-raw\/raw\/grep\/bookshop-easy-02\.json: is not a recorded answer \(`symbols` must be a list of names\); answering that task again$/m);
    assert.match(resumed.stderr, /running grep: 8 answers, 6 already done\n/, 'only the damaged two ran again');
    const answer = (file: string) => {
      const { status, output, symbols, tokens } = JSON.parse(readFileSync(file, 'utf8')) as RawResult;
      return { status, output, symbols, tokens };
    };
    for (const file of [bad, misshapen]) assert.deepEqual(answer(file), answer(file.replace('broken-raw', 'first')), 'the same answer again');
  });

  it('a replay recording with non-string symbols and status ok fails that task only; the folder stays usable', async () => {
    const recording = copyRun('recording');
    const damaged = join(recording, 'raw/grep/bookshop-easy-01.json');
    writeFileSync(damaged, JSON.stringify({ ...JSON.parse(readFileSync(damaged, 'utf8')), status: 'ok', symbols: [42, null, { name: 'x' }] }));
    writeFileSync(join(corpus, 'systems.yaml'), 'systems:\n  - {name: old, type: replay, from: recording/raw, system: grep}\n');
    try {
      const r = await run(corpus, 'run', '--tasks', TASKS, '--budget', '5000', '--out', 'replayed');
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /\n\s+at |internal error/);
      const replayFailure = /^old bookshop-easy-01: failed: query: recording .*recording\/raw\/grep\/bookshop-easy-01\.json: is not a recorded answer \(`symbols` must be a list of names\)$/m;
      assert.match(r.stderr, replayFailure);
      const failed = JSON.parse(readFileSync(join(corpus, 'replayed/raw/old/bookshop-easy-01.json'), 'utf8')) as RawResult;
      assert.equal(failed.status, 'failed');
      assert.deepEqual(failed.symbols, []);
      assert.equal((JSON.parse(readFileSync(join(corpus, 'replayed/raw/old/bookshop-easy-02.json'), 'utf8')) as RawResult).status, 'ok', 'the run went on');
      for (const argv of [['export-trec', 'replayed'], ['charts', 'replayed'], ['run', '--tasks', TASKS, '--keep-failures', '--out', 'replayed']]) {
        const again = await run(corpus, ...argv);
        assert.equal(again.code, 0, `${argv.join(' ')}: ${again.stderr}`);
        assert.doesNotMatch(again.stderr, /\n\s+at |internal error/, argv.join(' '));
        // The recording is not read again: the only line quoting its error is System health's
        // about the answer that failed (export-trec says it beside the files it writes).
        const quoting = again.stderr.split('\n').filter((l) => l.includes('is not a recorded answer'));
        assert.ok(quoting.every((l) => /^(fixture-lab: warning: )?old failed or timed out on 1 of \d+ answers \(first: failed: query: recording /.test(l)), `${argv.join(' ')}: ${again.stderr}`);
      }
      // Without --keep-failures a resume answers the failed task again: the recording fails it the same way.
      const retried = await run(corpus, 'run', '--tasks', TASKS, '--out', 'replayed');
      assert.equal(retried.code, 0, retried.stderr);
      assert.match(retried.stderr, /running old: 8 answers, 7 already done\n/);
      assert.match(retried.stderr, replayFailure);
    } finally {
      writeFileSync(join(corpus, 'systems.yaml'), 'systems:\n  - {name: grep, type: grep}\n');
    }
  });

  it('a command system printing symbols that are not names fails that task, recorded with why', async () => {
    const script = join(tempDir(), 'garbage.mjs');
    writeFileSync(script, 'process.stdout.write(JSON.stringify({ results: [{ symbol: "shop/cart.Cart" }, { symbol: 7 }] }));\n');
    writeFileSync(join(corpus, 'systems.yaml'), `systems:\n  - name: garbage\n    type: command\n    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}, "{task}"]\n    parse: {format: json, symbols: "results[].symbol"}\n`);
    try {
      const r = await run(corpus, 'run', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'garbage');
      assert.equal(r.code, 0, r.stderr);
      const raw = JSON.parse(readFileSync(join(corpus, 'garbage/raw/garbage/bookshop-easy-01.json'), 'utf8')) as RawResult;
      assert.equal(raw.status, 'failed');
      assert.equal(raw.error, 'query: query output: `results[].symbol` item 2 is a number, not a symbol name; point parse.symbols at the names');
    } finally {
      writeFileSync(join(corpus, 'systems.yaml'), 'systems:\n  - {name: grep, type: grep}\n');
    }
  });

  it('answers are checked at the boundary: output parsing and any adapter\'s answer', () => {
    assert.throws(() => parseOutput('{"r": [{"s": {"name": "x"}}]}', { format: 'json', symbols: 'r[].s' }), /`r\[\]\.s` item 1 is an object, not a symbol name/);
    assert.throws(() => parseOutput('{"r": [["a"]]}', { format: 'json', symbols: 'r[]' }), /item 1 is a list/);
    const answer = (symbols: unknown[]) => ({ text: '', symbols }) as unknown as Parameters<typeof checkAnswer>[0];
    assert.throws(() => checkAnswer(answer(['a', 3])), /the answer is malformed: symbol 2 is number, not a name/);
    assert.throws(() => checkAnswer(answer([null])), /symbol 1 is null/);
    assert.throws(() => checkAnswer({ text: 5, symbols: [] } as unknown as Parameters<typeof checkAnswer>[0]), /its output is not text/);
    assert.deepEqual(checkAnswer(answer(['a.B'])).symbols, ['a.B']);
  });
});

describe('bad input: paths holding a newline', function () {
  this.timeout(60_000);
  const NAME = 'pkg/odd\nname.py';

  const repoWithNewlineName = () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { [NAME]: 'def apply_discount(cart):\n    return cart\n', 'pkg/plain.py': 'def checkout(cart):\n    return apply_discount(cart)\n' });
    const head = repo.commit('head', { [NAME]: 'def apply_discount(cart):\n    return cart * 2\n\n\ndef cap_discount(cart):\n    return apply_discount(cart)\n' });
    return { repo, base, head };
  };

  it('the grep baseline reads git grep -z field by field: a newline in a file name costs nothing', async () => {
    const { repo: test, base } = repoWithNewlineName();
    const repo = await Repository.open(test.dir);
    try {
      const ctx = { name: 'odd', repo, rev: base, languages: ['python'], checkout: () => Promise.resolve(test.dir) };
      const answer = await new GrepBaseline().query(ctx, { taskId: 't', task: 'apply discount to the cart', budget: 5000 });
      assert.deepEqual(answer.symbols.sort(), ['pkg/odd\nname.apply_discount', 'pkg/plain.checkout']);
      assert.match(answer.text, /^pkg\/odd\nname\.py:1:def apply_discount\(cart\):$/m);
      assert.deepEqual((await filesMentioning(repo, base, ['apply_discount'])).sort(), [NAME, 'pkg/plain.py']);
    } finally {
      repo.close();
    }
  });

  it('symbols reads such a file in both modes, modified and added, with nothing skipped', async () => {
    const { repo, base, head } = repoWithNewlineName();
    const changed = await run(repo.dir, 'symbols', '--repo', repo.dir, '--base', base, '--head', head, '--json');
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal(changed.stderr, '', 'nothing called unreadable');
    assert.deepEqual(JSON.parse(changed.stdout), [
      { symbol: 'pkg/odd\nname.apply_discount', file: NAME, kind: 'function', change: 'modified', startLine: 1, endLine: 2 },
      { symbol: 'pkg/odd\nname.cap_discount', file: NAME, kind: 'function', change: 'added', startLine: 5, endLine: 6 },
    ]);
    const file = await run(repo.dir, 'symbols', '--repo', repo.dir, '--rev', base, '--file', NAME, '--json');
    assert.equal(file.code, 0, file.stderr);
    assert.deepEqual(JSON.parse(file.stdout).map((d: { symbol: string }) => d.symbol), ['pkg/odd\nname.apply_discount']);
  });

  it('property: for random file names, git\'s own output reads back to the same paths, hunks and texts (seeded)', async () => {
    const ALPHABET = ['a', 'Z', '0', ' ', '-', ':', '.', 'é', '\n', '\t', '\r', '"', '\\', '\x01', '\x1b', '\x7f', '\u202e'];
    for (const seed of [1, 2, 3]) {
      const random = mulberry32(seed);
      const names = new Set<string>();
      while (names.size < 12) names.add(`dir/${Array.from({ length: 1 + Math.floor(random() * 8) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('')}.py`);
      const test = new TestRepo();
      const paths = [...names].sort();
      const base = test.commit('base', Object.fromEntries(paths.map((p) => [p, 'def f():\n    return 1\n'])));
      const head = test.commit('head', Object.fromEntries(paths.map((p) => [p, 'def f():\n    return 2\n'])));
      const repo = await Repository.open(test.dir);
      try {
        const headers = (await repo.git.raw(['-c', 'core.quotepath=off', 'diff', '--no-color', base, head])).split('\n').filter((l) => l.startsWith('diff --git ')).sort();
        assert.deepEqual(headers, paths.map((p) => `diff --git ${quotedPath(`a/${p}`)} ${quotedPath(`b/${p}`)}`).sort(), `seed ${seed}`);
        const changes = await listChanges(repo, base, head);
        assert.deepEqual(changes.files.map((f) => [f.newPath, f.hunks.length]).sort(), paths.map((p) => [p, 1]), `seed ${seed}: every file's hunk found`);
        const hits = grepHits(await repo.git.raw(['grep', '-n', '-z', '-e', 'return', base, '--']), base);
        assert.deepEqual(hits.map((h) => [h.path, h.lineNo, h.content]).sort(), paths.map((p) => [p, 2, '    return 1']), `seed ${seed}: grep hits`);
        assert.deepEqual((await repo.blobReader.read(paths.map((p) => `${head}:${p}`))).map((t) => t.kind === 'text' && t.text), paths.map(() => 'def f():\n    return 2\n'));
      } finally {
        repo.close();
      }
    }
  });

  it('patch headers are matched as git quotes them', () => {
    assert.equal(quotedPath('a/plain name.py'), 'a/plain name.py');
    assert.equal(quotedPath('a/q"a\tb\\c\x01é\nz.py'), '"a/q\\"a\\tb\\\\c\\001é\\nz.py"');
    assert.equal(quotedPath('b/\x7f'), '"b/\\177"');
  });
});
