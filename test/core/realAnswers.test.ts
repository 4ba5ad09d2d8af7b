// What real systems hand back on real repositories, scored as the same answer whatever its form:
// paths under the checkout a system was given (absolute, as given or as the file system resolves
// it, `./`-prefixed, with Windows separators) are the repository's own names. Real processes on
// the demo corpus's real repository, through runBenchmark; a real git history with a file over 1 MB.
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCorpusSymbols, corpusResults, loadCorpus, type RawResult, readRun, runBenchmark, scoreRun } from '../../src/core';
import { underCheckout } from '../../src/core/harness/output';
import { run as cliRun } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

/** bookshop-easy-01's truth, two of its entries and two that are not, in file + member parts. */
const ANSWER = [['shop/pricing.py', 'apply_discount'], ['shop/checkout.py', 'checkout'], ['shop/cart.py', 'Cart::total'], ['shop/pricing.py', 'price_with_tax']];

/** A system printing ANSWER with its files in one form, relative to the folder it runs in (its checkout). */
const SYSTEM = `import { realpathSync } from 'node:fs';
import { join } from 'node:path';
const form = process.argv[2];
const answer = ${JSON.stringify(ANSWER)};
const file = (f) => form === 'absolute' ? join(process.cwd(), f) : form === 'real' ? join(realpathSync(process.cwd()), f)
  : form === 'dot' ? './' + f : form === 'windows' ? f.replace(/\\//g, '\\\\') : f;
const text = process.argv[3] === 'lines' ? answer.map(([f, n]) => file(f) + '::' + n).join('\\n')
  : JSON.stringify({ results: answer.map(([f, n]) => ({ file: file(f), name: n })) });
process.stdout.write(text);
`;

describe('real answers: paths in another form score as the repository\'s names', function () {
  this.timeout(120_000);
  const forms = ['relative', 'absolute', 'real', 'dot', 'windows'];
  let out: string;

  before(async () => {
    const scripts = tempDir({ 'system.mjs': SYSTEM });
    const entry = (form: string, format: string) => `  - name: ${form}-${format}\n    type: command\n`
      + `    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, 'system.mjs'))}, ${form}, ${format}]\n`
      + (format === 'json' ? '    parse: {format: json, symbols: "results[]", file: file, name: name}\n' : '    parse: {format: lines}\n');
    const corpus = demoCorpus(`systems:\n${forms.flatMap((f) => [entry(f, 'json'), entry(f, 'lines')]).join('')}`);
    out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000], cwd: corpus });
  });

  const raw = (system: string) => JSON.parse(readFileSync(join(out, 'raw', system, 'bookshop-easy-01.json'), 'utf8')) as RawResult;

  it('records names under the checkout as the repository\'s own, every one of them resolved at the revision', () => {
    for (const form of ['absolute', 'real']) {
      for (const format of ['json', 'lines']) {
        const r = raw(`${form}-${format}`);
        assert.ok(r.symbols.every((s) => s.startsWith('shop/')), `${form}-${format}: ${r.symbols.join(', ')}`);
        assert.equal(r.names_resolved, 4, `${form}-${format}`);
        assert.equal(r.health, undefined, `${form}-${format} is not unmapped`);
      }
    }
  });

  it('scores every form alike: the same metrics and the same file and span precision as the relative answer', () => {
    const granularity = JSON.parse(readFileSync(join(out, 'analysis/granularity.json'), 'utf8')) as {
      summaries: { system: string; granularity: string; averaging: string; precision: number; coverage: number }[];
    };
    const of = (system: string) => granularity.summaries.filter((s) => s.system === system)
      .map((s) => `${s.granularity}/${s.averaging}: ${s.coverage.toFixed(3)} ${s.precision.toFixed(3)}`);
    const relative = of('relative-json');
    // Half the answer is truth: symbol precision 0.5, not the 1.0 of counting only the names that matched.
    assert.ok(relative.includes('symbol/macro: 0.400 0.500'), relative.join('; '));
    for (const form of forms) for (const format of ['json', 'lines']) assert.deepEqual(of(`${form}-${format}`), relative, `${form}-${format}`);
    // P@K, R@K, NDCG and MRR (columns 6 to 18 of per-task.csv) too.
    const rows = readFileSync(join(out, 'aggregated/per-task.csv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split(','));
    const metrics = (system: string) => rows.find((r) => r[0] === system)!.slice(6, 18).join(',');
    for (const form of forms) for (const format of ['json', 'lines']) assert.equal(metrics(`${form}-${format}`), metrics('relative-json'), `${form}-${format}`);
  });

  it('says nothing of unmapped names in FINDINGS.md for an absolute answer', () => {
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    assert.doesNotMatch(findings, /absolute-json (returned|gave)/);
    assert.match(findings, /\| absolute-json \| 1 \| 0 \| 100\.0% \(4\/4\) \|/);
  });

  it('underCheckout: strips the checkout in any of its forms, and nothing else', () => {
    const roots = ['/corpus/.repos/.checkouts/run-1/x/shop@76fa6ca5d348', '/private/corpus/.repos/.checkouts/run-1/x/shop@76fa6ca5d348'];
    assert.deepEqual(underCheckout([
      '/corpus/.repos/.checkouts/run-1/x/shop@76fa6ca5d348/shop/pricing.py::apply_discount',
      'corpus/.repos/.checkouts/run-1/x/shop@76fa6ca5d348/shop/cart.Cart.total',
      '\\private\\corpus\\.repos\\.checkouts\\run-1\\x\\shop@76fa6ca5d348\\shop\\models.py',
      '/corpus/.repos/.checkouts/run-1/x/shop@76fa6ca5d348-other/shop/a.b',
      'shop/pricing.apply_discount',
    ], roots), ['shop/pricing.py::apply_discount', 'shop/cart.Cart.total', 'shop/models.py',
      '/corpus/.repos/.checkouts/run-1/x/shop@76fa6ca5d348-other/shop/a.b', 'shop/pricing.apply_discount']);
  });
});

describe('real repositories: a source file over 1 MB is code like any other', function () {
  this.timeout(300_000);

  it('validate resolves its definitions, run scores a fixture labeled in it, grep maps its hits to them and bm25 ranks them', async () => {
    const test = new TestRepo();
    // 1.6 MB of Python, as a large hand-written or generated module is; the ground truth at its end.
    const padding = Array.from({ length: 24_000 }, (_, i) => `def handler_${i}(x):\n    return x + ${i}  # plain arithmetic\n`).join('\n');
    const rev = test.commit('big module', {
      'pkg/big.py': `${padding}\n\ndef upload_retry(attempts):\n    """Retry the upload."""\n    return attempts * 3\n`,
      'pkg/small.py': 'def helper():\n    return 1\n',
    });
    assert.ok(Buffer.byteLength(readFileSync(join(test.dir, 'pkg/big.py'))) > 1024 * 1024);
    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: big\n    commit: "${rev}"\n    language: python\n    path: ${JSON.stringify(test.dir)}\n`,
      'systems.yaml': 'systems:\n  - name: grep\n    type: grep\n  - name: bm25\n    type: bm25\n',
      'tasks/big/easy/01-upload.yaml': `id: big-easy-01\nrepo: big\ndifficulty: easy\ncommit: "${rev}"\n`
        + 'task: "An upload_retry should try three attempts"\n'
        + 'ground_truth:\n  - symbol: pkg/big.upload_retry\n    confidence: HIGH\n    reason: "the retry"\n',
    });
    const check = await checkCorpusSymbols(await loadCorpus(corpus));
    assert.deepEqual(check.problems.map((p) => p.message), []);
    assert.equal(check.ground_truth.resolved, 1);
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [5000], cwd: corpus });
    const raw = (system: string) => JSON.parse(readFileSync(join(out, 'raw', system, 'big-easy-01.json'), 'utf8')) as RawResult;
    assert.equal(raw('grep').symbols[0], 'pkg/big.upload_retry');
    assert.equal(raw('bm25').symbols[0], 'pkg/big.upload_retry');
  });
});

describe('replays: an earlier run\'s answer stands only for the question it answered', function () {
  this.timeout(300_000);

  it('replays each budget\'s own recording, fails a budget never recorded, and a task recorded at another revision', async () => {
    const recordedCorpus = demoCorpus('systems:\n  - name: bm25\n    type: bm25\n');
    const recorded = join(tempDir(), 'recorded');
    await runBenchmark({ corpusDir: recordedCorpus, outDir: recorded, tasks: 'bookshop-easy-0?', budgets: [5000, 200], cwd: recordedCorpus });
    // easy-02's recording as if made when its fixture ran at another revision.
    const moved = join(recorded, 'raw', 'bm25', 'bookshop-easy-02.json');
    const answer = JSON.parse(readFileSync(moved, 'utf8')) as RawResult;
    writeFileSync(moved, JSON.stringify({ ...answer, rev: answer.rev.replace(/^./, (c) => (c === '0' ? '1' : '0')) }));

    const corpus = demoCorpus(`systems:\n  - name: again\n    type: replay\n    from: ${JSON.stringify(join(recorded, 'raw'))}\n    system: bm25\n`);
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-0?', budgets: [5000, 200, 10000], cwd: corpus });
    const read = (path: string) => JSON.parse(readFileSync(join(path), 'utf8')) as RawResult;
    const at200 = read(join(out, 'raw', 'budget-200', 'again', 'bookshop-easy-01.json'));
    const bm25At200 = read(join(recorded, 'raw', 'budget-200', 'bm25', 'bookshop-easy-01.json'));
    assert.equal(at200.status, 'ok');
    assert.deepEqual([at200.symbols, at200.tokens], [bm25At200.symbols, bm25At200.tokens]);
    assert.ok(at200.tokens <= 200, `${at200.tokens} tokens`);
    const at10000 = read(join(out, 'raw', 'budget-10000', 'again', 'bookshop-easy-01.json'));
    assert.equal(at10000.status, 'failed');
    assert.match(at10000.error ?? '', /no recording of bookshop-easy-01 at budget 10000 .*recorded at 5000.*--budget 5000/);
    const movedAgain = read(join(out, 'raw', 'again', 'bookshop-easy-02.json'));
    assert.equal(movedAgain.status, 'failed');
    assert.match(movedAgain.error ?? '', /bookshop-easy-02 was recorded at \w+ and runs at \w+ now .*record it again/);
  });

  it('fails a task whose text was edited since it was recorded; a recording that does not say its text is scored, and said so where the scores are read', async () => {
    const recordedCorpus = demoCorpus('systems:\n  - name: bm25\n    type: bm25\n');
    const recorded = join(tempDir(), 'recorded');
    await runBenchmark({ corpusDir: recordedCorpus, outDir: recorded, tasks: 'bookshop-easy-0?', budgets: [5000], cwd: recordedCorpus });
    const file = (task: string) => join(recorded, 'raw', 'bm25', `${task}.json`);
    const first = JSON.parse(readFileSync(file('bookshop-easy-01'), 'utf8')) as RawResult;
    const fixture = readFileSync(join(recordedCorpus, 'tasks/bookshop/easy/01-bulk-discount.yaml'), 'utf8');
    assert.equal(first.task_text, /^task: "(.*)"$/m.exec(fixture)![1], 'the answer records the text it was given');
    // easy-02's recording as made before the text was kept.
    const old = JSON.parse(readFileSync(file('bookshop-easy-02'), 'utf8')) as RawResult;
    delete old.task_text;
    writeFileSync(file('bookshop-easy-02'), JSON.stringify(old));

    // The corpus replayed against: easy-01's task rewritten since the recording.
    const corpus = demoCorpus(`systems:\n  - name: again\n    type: replay\n    from: ${JSON.stringify(join(recorded, 'raw'))}\n    system: bm25\n`);
    const easy01 = join(corpus, 'tasks/bookshop/easy/01-bulk-discount.yaml');
    writeFileSync(easy01, readFileSync(easy01, 'utf8').replace(/^task: ".*"$/m, 'task: "Give a bulk discount on large orders"'));
    const ran = await cliRun(corpus, 'run', '--tasks', 'bookshop-easy-0?', '--budget', '5000', '--out', 'r');
    assert.equal(ran.code, 0, ran.stderr);
    const read = (task: string) => JSON.parse(readFileSync(join(corpus, 'r', 'raw', 'again', `${task}.json`), 'utf8')) as RawResult;
    assert.equal(read('bookshop-easy-01').status, 'failed');
    assert.match(read('bookshop-easy-01').error ?? '', /^query: bookshop-easy-01's task text was edited since it was recorded \("Orders of five .*" then, "Give a bulk discount on large orders" now\): record it again$/);
    assert.equal(read('bookshop-easy-02').status, 'ok');
    assert.equal(read('bookshop-easy-02').task_text, undefined);
    const line = 'again: 1 of 1 answer replayed from a recording that does not say which task text it answered';
    assert.ok(ran.stderr.includes(`fixture-lab: warning: ${line}`), ran.stderr);
    assert.ok(readFileSync(join(corpus, 'r', 'FINDINGS.md'), 'utf8').includes(`**Warning:** ${line}`));
    // The text as recorded again: the replay scores it, and passes the text on.
    writeFileSync(easy01, readFileSync(easy01, 'utf8').replace(/^task: ".*"$/m, `task: ${JSON.stringify(first.task_text)}`));
    const again = await cliRun(corpus, 'run', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'r2');
    assert.equal(again.code, 0, again.stderr);
    const replayed = JSON.parse(readFileSync(join(corpus, 'r2', 'raw', 'again', 'bookshop-easy-01.json'), 'utf8')) as RawResult;
    assert.deepEqual([replayed.status, replayed.task_text, replayed.symbols], ['ok', first.task_text, first.symbols]);
    assert.doesNotMatch(again.stderr, /does not say which task text/);
  });
});

describe('labels that no longer name the same code where the fixture runs', function () {
  this.timeout(300_000);

  it('validate warns at a label made at another revision whose symbol changed or moved there, never at one whose code is the same', async () => {
    const test = new TestRepo();
    const first = test.commit('first', {
      'pkg/net.py': 'def retry(n):\n    return n + 1\n\n\ndef keep():\n    return 0\n\n\ndef helper():\n    return 2\n',
    });
    const later = test.commit('later', {
      'pkg/net.py': 'def retry(n):\n    return n * 10\n\n\ndef keep():\n    return 0\n\n\ndef helper_renamed():\n    return 2\n',
    });
    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: net\n    commit: "${first}"\n    language: python\n    path: ${JSON.stringify(test.dir)}\n`,
      'tasks/net/easy/01-retry.yaml': `id: net-easy-01\nrepo: net\ndifficulty: easy\ncommit: "${first}"\ntask: "Retries grow too slowly"\nground_truth: []\n`,
    });
    const fixture = join(corpus, 'tasks/net/easy/01-retry.yaml');
    for (const symbol of ['pkg/net.retry', 'pkg/net.keep', 'pkg/net.helper']) {
      assert.equal((await cliRun(corpus, 'label', 'add', fixture, symbol, '--confidence', 'HIGH', '--reason', 'r', '--rater', 'dana')).code, 0);
    }
    const stale = async () => (await checkCorpusSymbols(await loadCorpus(corpus), { cacheDir: false })).problems.filter((p) => p.code === 'stale-label');
    assert.deepEqual(await stale(), []);
    // The fixture's revision edited by hand: its labels were made at `first`.
    writeFileSync(fixture, readFileSync(fixture, 'utf8').replace(`commit: "${first}"`, `commit: "${later}"`));
    const problems = await stale();
    assert.deepEqual(problems.map((p) => [p.line, p.message.replace(/`fixture-lab relocate .*/, '')]), [
      [7, `\`pkg/net.retry\` was labeled at ${first.slice(0, 7)}, and at commit ${later.slice(0, 7)} its body differs there: it may name other code where systems run; review it (`],
      [17, `\`pkg/net.helper\` was labeled at ${first.slice(0, 7)}, and at commit ${later.slice(0, 7)} its body is \`pkg/net.helper_renamed\` there: it may name other code where systems run; review it (`],
    ]);
    assert.match(problems[0].message, new RegExp(`fixture-lab relocate .*01-retry\\.yaml --to ${later.slice(0, 7)}`));
  });

  it('run says a stale ground-truth label where its scores are read (under the table and in FINDINGS.md), with validate\'s words; a rater\'s list only is not said', async () => {
    const test = new TestRepo();
    const first = test.commit('first', { 'pkg/net.py': 'def retry(n):\n    return n + 1\n\n\ndef keep():\n    return 0\n' });
    const later = test.commit('later', { 'pkg/net.py': 'def retry(n):\n    return n * 10\n\n\ndef keep():\n    return 0\n' });
    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: net\n    commit: "${first}"\n    language: python\n    path: ${JSON.stringify(test.dir)}\n`,
      'systems.yaml': 'systems:\n  - {name: grep, type: grep}\n',
      'tasks/net/easy/01-retry.yaml': `id: net-easy-01\nrepo: net\ndifficulty: easy\ncommit: "${first}"\ntask: "Retries grow too slowly"\nground_truth: []\n`,
    });
    const fixture = join(corpus, 'tasks/net/easy/01-retry.yaml');
    for (const symbol of ['pkg/net.retry', 'pkg/net.keep']) {
      assert.equal((await cliRun(corpus, 'label', 'add', fixture, symbol, '--confidence', 'HIGH', '--reason', 'r', '--rater', 'dana')).code, 0);
    }
    const clean = await cliRun(corpus, 'run', '--out', 'r0', '--budget', '5000');
    assert.equal(clean.code, 0, clean.stderr);
    assert.doesNotMatch(clean.stderr, /was labeled at/);
    assert.doesNotMatch(readFileSync(join(corpus, 'r0/FINDINGS.md'), 'utf8'), /## Warnings/);
    // The fixture's revision edited by hand (and the repository's pin with it): retry's label was made where its body was another.
    writeFileSync(fixture, readFileSync(fixture, 'utf8').replace(`commit: "${first}"`, `commit: "${later}"`));
    writeFileSync(join(corpus, 'repos.yaml'), readFileSync(join(corpus, 'repos.yaml'), 'utf8').replace(first, later));
    const validated = (await checkCorpusSymbols(await loadCorpus(corpus), { cacheDir: false })).problems.filter((p) => p.code === 'stale-label');
    assert.equal(validated.length, 1);
    const ran = await cliRun(corpus, 'run', '--out', 'r1', '--budget', '5000');
    assert.equal(ran.code, 0, ran.stderr);
    const said = ran.stderr.split('\n').filter((l) => l.includes('`pkg/net.retry` was labeled at'));
    // Once as the run starts, once under the scores; validate's own line, and what the run did with it.
    assert.equal(said.length, 2, ran.stderr);
    for (const line of said) {
      assert.ok(line.includes(validated[0].message.replace(/ \(`fixture-lab relocate .*$/, '')), line);
      assert.match(line, /01-retry\.yaml:\d+:\d+: warning: .*; its fixture is scored against that label as it stands$/);
    }
    const findings = readFileSync(join(corpus, 'r1/FINDINGS.md'), 'utf8');
    const section = findings.slice(findings.indexOf('## Warnings'), findings.indexOf('## Table 1'));
    assert.match(section, /^- \*\*Warning:\*\* .*pkg\/net\.retry.* was labeled at .*its fixture is scored against that label as it stands$/m);
    assert.doesNotMatch(section, /pkg\/net\.keep/);
    // A label stale in a rater's list only does not touch the scores: validate warns, the run does not.
    // (a review finished on it: dana's frozen list keeps retry at `first`, the ground truth was settled without it).
    writeFileSync(fixture, `id: net-easy-01\nrepo: net\ndifficulty: easy\ncommit: "${later}"\ntask: "Retries grow too slowly"\n`
      + `ground_truth:\n  - {symbol: "pkg/net.keep", confidence: HIGH, reason: "r", at: "${first}"}\n`
      + `labeler: dana\nverifier: eve\nlabels:\n  dana:\n    - {symbol: "pkg/net.retry", confidence: HIGH, reason: "r", at: "${first}"}\n`
      + `    - {symbol: "pkg/net.keep", confidence: HIGH, reason: "r", at: "${first}"}\n  eve:\n    - {symbol: "pkg/net.keep", confidence: HIGH, reason: "r", at: "${first}"}\n`
      + 'disputes:\n  - {symbol: "pkg/net.retry", resolution: excluded, rationale: "not needed", sided_with: eve}\n');
    assert.equal((await checkCorpusSymbols(await loadCorpus(corpus), { cacheDir: false })).problems.filter((p) => p.code === 'stale-label').length, 1);
    const rater = await cliRun(corpus, 'run', '--out', 'r2', '--budget', '5000');
    assert.equal(rater.code, 0, rater.stderr);
    assert.doesNotMatch(rater.stderr, /was labeled at/);
  });
});

describe('answers to a fixture as it was: its revision or task edited since the run', function () {
  this.timeout(300_000);

  it('a resume answers them again, a re-score leaves them out and says so (the output, FINDINGS.md), never scoring them as answers to the fixture now', async () => {
    const test = new TestRepo();
    const files = (body: string) => ({ 'pkg/net.py': `def retry(n):\n    return ${body}\n\n\ndef backoff(n):\n    return n * 2\n` });
    const first = test.commit('first', files('n + 1'));
    const later = test.commit('later', files('n + 2'));
    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: net\n    commit: "${first}"\n    language: python\n    path: ${JSON.stringify(test.dir)}\n`,
      'systems.yaml': 'systems:\n  - {name: grep, type: grep}\n  - {name: bm25, type: bm25}\n',
      'tasks/net/easy/01-retry.yaml': `id: net-easy-01\nrepo: net\ndifficulty: easy\ncommit: "${first}"\ntask: "Retries should back off"\n`
        + 'ground_truth:\n  - {symbol: pkg/net.backoff, confidence: HIGH, reason: "r"}\n',
    });
    const ran = await cliRun(corpus, 'run', '--out', 'r', '--budget', '5000,2000');
    assert.equal(ran.code, 0, ran.stderr);
    const raw = (system: string, budget = '') => JSON.parse(readFileSync(join(corpus, 'r/raw', budget, system, 'net-easy-01.json'), 'utf8')) as RawResult;
    assert.equal(raw('grep').rev, first);
    // The fixture moved to `later` by hand (the pin with it).
    for (const f of ['tasks/net/easy/01-retry.yaml', 'repos.yaml']) writeFileSync(join(corpus, f), readFileSync(join(corpus, f), 'utf8').replace(first, later));
    cpSync(join(corpus, 'r'), join(corpus, 'again'), { recursive: true });

    const rescored = await cliRun(corpus, 'run', '--out', 'r', '--rescore');
    assert.equal(rescored.code, 0, rescored.stderr);
    for (const system of ['grep', 'bm25']) {
      assert.ok(rescored.stderr.includes(`fixture-lab: ${system}'s answer to net-easy-01 was given at ${first.slice(0, 7)}, and its fixture runs at `
        + `${later.slice(0, 7)} now (its revision was edited since): left out of the scores; resuming the run without --rescore`), rescored.stderr);
    }
    assert.match(rescored.stdout, /^no answer was scored/m);
    assert.doesNotMatch(rescored.stdout, /^(grep|bm25) /m);
    const findings = readFileSync(join(corpus, 'r/FINDINGS.md'), 'utf8');
    assert.match(findings.slice(findings.indexOf('## Warnings'), findings.indexOf('## Table 1')),
      /^- \*\*Warning:\*\* grep's answer to net-easy-01 was given at \w+, .*left out of the scores at budget 2000;/m);
    // What reads a run without running it (the panel's Corpus tab, charts, export-trec) leaves them out too, and says so.
    const left: string[] = [];
    const run = await readRun(join(corpus, 'r'), corpus);
    const loaded = await loadCorpus(corpus, corpus);
    assert.deepEqual(await scoreRun(run, loaded, undefined, corpus, (m) => left.push(m)), []);
    assert.deepEqual(left.map((m) => m.split(' was given')[0]), ['bm25\'s answer to net-easy-01', 'grep\'s answer to net-easy-01']);
    assert.deepEqual(corpusResults(run, [], [], loaded, undefined, [], left).checks?.staleAnswers, left);
    const exported = await cliRun(corpus, 'export-trec', 'r');
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /grep's answer to net-easy-01 was given at \w+, and its fixture runs at \w+ now \(its revision was edited since\): left out;/);
    assert.equal(existsSync(join(corpus, 'r/trec/grep.run')), false, 'no run lines from answers to the fixture as it was');

    const resumed = await cliRun(corpus, 'run', '--out', 'again');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.ok(resumed.stderr.includes(`grep's answer to net-easy-01 was given at ${first.slice(0, 7)}, and its fixture runs at ${later.slice(0, 7)} now `
      + '(its revision was edited since): answering it again'), resumed.stderr);
    assert.match(resumed.stdout, /^grep +1 /m);
    const again = (system: string, budget = '') => JSON.parse(readFileSync(join(corpus, 'again/raw', budget, system, 'net-easy-01.json'), 'utf8')) as RawResult;
    assert.deepEqual([again('grep').rev, again('bm25', 'budget-2000').rev], [later, later]);
    assert.doesNotMatch(readFileSync(join(corpus, 'again/FINDINGS.md'), 'utf8'), /## Warnings/);

    // The task rewritten: the answers were to another question.
    const fixture = join(corpus, 'tasks/net/easy/01-retry.yaml');
    writeFileSync(fixture, readFileSync(fixture, 'utf8').replace('Retries should back off', 'Retries should wait longer each time'));
    const reworded = await cliRun(corpus, 'run', '--out', 'again');
    assert.equal(reworded.code, 0, reworded.stderr);
    assert.ok(reworded.stderr.includes('bm25\'s answer to net-easy-01 was given to another task text than its fixture\'s now (its task was edited since): answering it again'),
      reworded.stderr);
    assert.equal(again('bm25').task_text, 'Retries should wait longer each time');
  });
});

describe('a resume of a system that changed since the run', function () {
  this.timeout(120_000);

  it('is refused, naming what changed, rather than mixing two systems\' answers under one name', async () => {
    const system = (word: string) => `systems:\n  - name: echo\n    type: command\n    query: [/bin/sh, -c, "echo shop/pricing.${word}"]\n    parse: {format: lines}\n`;
    const corpus = demoCorpus(system('apply_discount'));
    const first = await cliRun(corpus, 'run', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'r');
    assert.equal(first.code, 0, first.stderr);
    writeFileSync(join(corpus, 'systems.yaml'), system('price_with_tax'));
    const resumed = await cliRun(corpus, 'run', '--tasks', 'bookshop-easy-0?', '--out', 'r');
    assert.equal(resumed.code, 1, resumed.stderr);
    assert.match(resumed.stderr, /^fixture-lab: r: ran system `echo` as another system than systems\.yaml names now \(argv .*apply_discount.*, now .*price_with_tax.*\): its recorded answers are not this one's; resume it with the systems\.yaml it ran with, or choose a new --out\n/);
    // The same systems.yaml resumes as before.
    writeFileSync(join(corpus, 'systems.yaml'), system('apply_discount'));
    assert.equal((await cliRun(corpus, 'run', '--tasks', 'bookshop-easy-0?', '--out', 'r')).code, 0);
  });
});

describe('a system answering with names the repository does not have', function () {
  this.timeout(120_000);

  it('is warned about in FINDINGS.md without calling scores zeros that are not: short names still score where the rule takes them for truth', async () => {
    const scripts = tempDir({ 'short.mjs': 'process.stdout.write(JSON.stringify({ results: ["pricing.apply_discount", "Cart.total", "Nowhere.thing"] }));\n' });
    const corpus = demoCorpus(`systems:\n  - name: short\n    type: command\n    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, 'short.mjs'))}]\n`
      + '    parse: {format: json, symbols: "results[]"}\n');
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000], cwd: corpus });
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    // Its row says, where its numbers are read, that they measure no retrieval (‡), and never calls them zeros.
    assert.match(findings, /^\| short ‡ \| 1 \| 0\.400 \| 0\.200 \|/m);
    assert.doesNotMatch(findings.split('\n').find((l) => l.startsWith('‡')) ?? '', /zero/);
    const warning = findings.split('\n').find((l) => l.startsWith('**Warning:** short'));
    assert.ok(warning, 'a warning for short');
    assert.doesNotMatch(warning, /zeros/);
    assert.match(warning, /only names that do not exist at the revision on 1 of 1 answer: its scores measure a parse that maps nothing \(check `parse`\)/);
  });
});
