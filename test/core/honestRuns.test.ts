// Honest runs (issue 25): each system indexes and answers in a fresh checkout of its own, so its
// index and its index time are its own; an answer that is empty, unmapped, warned about or over
// budget is recorded as such and shown, never scored as a silent zero; Table 4 never credits a
// budget an answer exceeded. Real processes: scripted systems run by the real harness on the demo
// corpus's real repository.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus, RawResult, runBenchmark } from '../../src/core';
import { latestAnswers, readRun } from '../../src/core/panelView/runs';
import { fixtureResults } from '../../src/core/panelView/results';
import { judgedMarkdown } from '../../src/core/harness/pooling';
import { creditedBudget, type BudgetRecall } from '../../src/core/harness/findings';
import { healthFields, warningOf } from '../../src/core/harness/answerHealth';
import { demoCorpus, mcpSystem, ROOT } from '../helpers/demoCorpus';
import { run as cliRun } from '../helpers/cli';
import { EASY_01_TRUTH, honestCorpus, honestRun, SILENT_WARNING, VERBOSE_TOKENS } from '../helpers/honestSystems';
import { tempDir } from '../helpers/tempDir';

const BOOKSHOP = join(ROOT, 'corpus/.repos/bookshop');
const raw = (out: string, path: string) => JSON.parse(readFileSync(join(out, 'raw', path), 'utf8')) as RawResult;

/**
 * An indexer like codegraph's: `index NAME MS` makes `.myindex/` in the folder it runs in, taking
 * MS ms, and says "Already initialized" (in no time, exit 0) when that folder is there already;
 * `query NAME` prints what `.myindex/` holds and where it ran.
 */
const INDEXER = `import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
const [mode, name, ms] = process.argv.slice(2);
if (mode === 'index') {
  if (existsSync('.myindex')) { process.stdout.write('Already initialized\\n'); process.exit(0); }
  mkdirSync('.myindex');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(ms));
  writeFileSync('.myindex/' + name, 'an index');
} else {
  const seen = existsSync('.myindex') ? readdirSync('.myindex').sort() : [];
  process.stdout.write(JSON.stringify({ results: seen.includes(name) ? [{ symbol: 'shop/pricing.apply_discount' }] : [], seen, cwd: process.cwd() }));
}
`;

describe('honest runs: a checkout of its own for each system and run', function () {
  this.timeout(120_000);
  const kept: string[] = [];
  after(() => {
    for (const path of kept) execFileSync('git', ['-C', BOOKSHOP, 'worktree', 'remove', '--force', path], { stdio: 'ignore' });
  });

  const corpusWithIndexers = () => {
    const scripts = tempDir({ 'indexer.mjs': INDEXER });
    const entry = (name: string, ms: number) => `  - name: ${name}\n    type: command\n`
      + `    index: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, 'indexer.mjs'))}, index, ${name}, "${ms}"]\n`
      + `    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, 'indexer.mjs'))}, query, ${name}]\n`
      + '    parse: {format: json, symbols: "results[].symbol"}\n';
    return demoCorpus(`systems:\n${entry('first', 700)}${entry('second', 400)}`);
  };
  const worktrees = () => execFileSync('git', ['-C', BOOKSHOP, 'worktree', 'list', '--porcelain'], { encoding: 'utf8' });

  it('two systems that index into their checkout never see each other\'s index or an earlier run\'s, and each index time is its own', async () => {
    const corpus = corpusWithIndexers();
    for (const round of [1, 2]) {
      const out = join(tempDir(), `run-${round}`);
      await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000], cwd: corpus });
      const answers = ['first', 'second'].map((s) => raw(out, `${s}/bookshop-easy-01.json`));
      const said = answers.map((a) => JSON.parse(a.output) as { seen: string[]; cwd: string });
      // Shared, the second would find the first's `.myindex/`, say "Already initialized" and see only `first`.
      assert.deepEqual(said.map((s) => s.seen), [['first'], ['second']], `round ${round}: each sees its own index only`);
      assert.deepEqual(answers.map((a) => a.symbols), [['shop/pricing.apply_discount'], ['shop/pricing.apply_discount']]);
      // Each index took its own sleep (700 and 400 ms); "Already initialized" would take a few ms.
      assert.ok(answers[0].timings.index_ms! >= 700, `round ${round}: first indexed in ${answers[0].timings.index_ms} ms`);
      assert.ok(answers[1].timings.index_ms! >= 400, `round ${round}: second indexed in ${answers[1].timings.index_ms} ms`);
      assert.notEqual(said[0].cwd, said[1].cwd);
      for (const s of said) {
        assert.ok(s.cwd.startsWith(join(corpus, '.repos', '.checkouts')), s.cwd);
        assert.equal(existsSync(s.cwd), false, 'removed after the run');
        assert.doesNotMatch(worktrees(), new RegExp(s.cwd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'no worktree left registered');
      }
    }
    assert.deepEqual(readdirSync(join(corpus, '.repos', '.checkouts')), [], 'nothing left of either run');
    assert.equal(existsSync(join(BOOKSHOP, '.myindex')), false, 'the repository\'s own checkout is never indexed into');
  });

  it('keeps each system\'s checkout, with its index, with --keep-checkouts; FINDINGS.md says what is isolated and what is not', async () => {
    const corpus = corpusWithIndexers();
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000], cwd: corpus, keepCheckouts: true });
    for (const system of ['first', 'second']) {
      const { cwd } = JSON.parse(raw(out, `${system}/bookshop-easy-01.json`).output) as { cwd: string };
      kept.push(cwd);
      assert.deepEqual(readdirSync(join(cwd, '.myindex')), [system]);
      assert.match(worktrees(), new RegExp(`worktree ${cwd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    }
    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /^- Isolated: each system indexes and answers in a checkout of its own, a git worktree made fresh for this run .* Not isolated: what a system keeps outside its checkout \(the home folder, a global registry or cache of its own\), the git object store/m);
  });
});

describe('honest runs: an mcp system\'s index step', function () {
  this.timeout(120_000);

  it('runs `index:` in the server\'s own checkout before the server starts, timed as its index', async () => {
    const scripts = tempDir({ 'indexer.mjs': INDEXER });
    const indexer = (name: string) => `    index: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, 'indexer.mjs'))}, index, ${name}, "500"]\n`;
    const corpus = demoCorpus(`systems:\n${mcpSystem('indexed', { NEEDS_INDEX: '1' }, indexer('indexed'))}${mcpSystem('unindexed', { NEEDS_INDEX: '1' })}`);
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000], cwd: corpus });
    const indexed = raw(out, 'indexed/bookshop-easy-01.json');
    assert.equal(indexed.status, 'ok', indexed.error);
    assert.ok(indexed.symbols.includes('shop/pricing.apply_discount'), indexed.output);
    assert.ok(indexed.timings.index_ms! >= 500, `indexed in ${indexed.timings.index_ms} ms`);
    // The other server runs in a checkout of its own: the first one's index is not there.
    const unindexed = raw(out, 'unindexed/bookshop-easy-01.json');
    assert.equal(unindexed.status, 'failed');
    assert.match(unindexed.error ?? '', /reported an error: no index in .*\/\.repos\/\.checkouts\/run-[^/]+\/unindexed\/bookshop@[0-9a-f]{12}$/);
  });
});

describe('honest runs: no silent zero, and no budget credited that an answer exceeded', function () {
  this.timeout(120_000);
  let run: { corpus: string; out: string };
  before(async () => {
    run = await honestRun();
  });

  it('records an empty answer with the system\'s warning, an unmapped one, and one over budget in the raw answers', () => {
    const silent = raw(run.out, 'silent/bookshop-easy-01.json');
    assert.equal(silent.status, 'ok');
    assert.deepEqual(silent.symbols, []);
    assert.equal(silent.health, 'empty');
    assert.equal(silent.warning, SILENT_WARNING);
    assert.equal(silent.over_budget, false);
    const unmapped = raw(run.out, 'unmapped/bookshop-easy-01.json');
    assert.deepEqual([unmapped.health, unmapped.names_checked, unmapped.names_resolved, unmapped.warning], ['unmapped', 2, 0, undefined]);
    const verbose = raw(run.out, 'verbose/bookshop-easy-01.json');
    assert.deepEqual(verbose.symbols, EASY_01_TRUTH);
    assert.deepEqual([verbose.tokens, verbose.budget, verbose.over_budget, verbose.names_checked, verbose.names_resolved, verbose.health],
      [VERBOSE_TOKENS, 2000, true, 5, 5, undefined]);
    assert.equal(verbose.warning, undefined, 'progress on stderr is not a warning');
    const at5000 = raw(run.out, 'budget-5000/verbose/bookshop-easy-01.json');
    assert.deepEqual([at5000.tokens, at5000.budget, at5000.over_budget], [VERBOSE_TOKENS, 5000, false]);
  });

  it('FINDINGS.md: a System health table, a warning for a system that returned nothing, and Judged@10 not "at least 0.9" without judged answers', () => {
    const findings = readFileSync(join(run.out, 'FINDINGS.md'), 'utf8');
    const table = findings.slice(findings.indexOf('## System health'), findings.indexOf('## Table 2'));
    assert.ok(findings.indexOf('## Table 1') < findings.indexOf('## System health'), 'under Table 1');
    // Per system over its two answers at the primary budget (2000): by hand from the scripts.
    assert.match(table, /^\| System \| Answers \| Empty \| Names resolved \| Over budget \| Warnings \|$/m);
    assert.match(table, /^\| silent \| 2 \| 2 \| n\/a \| 0 \| 2: `FTS extension failed to load — keyword search degraded` \|$/m);
    assert.match(table, /^\| unmapped \| 2 \| 0 \| 0\.0% \(0\/4\) \| 0 \| 0 \|$/m);
    assert.match(table, /^\| verbose \| 2 \| 0 \| 100\.0% \(10\/10\) \| 2 \| 0 \|$/m);
    assert.match(table, /^\*\*Warning:\*\* silent returned no symbols on 2 of 2 answers: its scores are zeros of a degraded system, not a measure of its retrieval\. It warned: "FTS extension failed to load — keyword search degraded"$/m);
    assert.match(table, /^\*\*Warning:\*\* unmapped returned only names that do not exist at the revision on 2 of 2 answers: its scores measure a parse that maps nothing \(check `parse`\), not a measure of its retrieval\.$/m);
    assert.match(table, /^\*\*Warning:\*\* verbose went over its token budget on 2 of 2 answers \(up to 3,048 tokens at a budget of 2,000\)/m);
    // Where the zeros are read, Table 1's rows say which systems' scores measure nothing: the degraded one and the one whose names map nothing.
    const table1 = findings.slice(findings.indexOf('## Table 1'), findings.indexOf('## System health'));
    assert.match(table1, /^\| silent ‡ \| 2 \| /m);
    assert.match(table1, /^\| unmapped ‡ \| 2 \| /m);
    assert.match(table1, /^\| verbose \| 2 \| /m, 'a healthy system is not marked');
    assert.match(table1, /^‡ Most of this system's answers were empty or named nothing at the revision: its scores are not a measure of its retrieval/m);
    const judged = findings.slice(findings.indexOf('## Judged@10'));
    assert.doesNotMatch(judged, /at least 0\.9/);
    assert.match(judged, /\*\*Warning:\*\* Judged@10 is not measured for silent: no answer had a symbol to judge/);
    assert.match(findings, /- verbose answered over the token budget \(no budget control\): measured on the whole output/);
  });

  it('failure analysis calls the misses of such answers system degraded or unmapped output, never unexplained', () => {
    const report = readFileSync(join(run.out, 'analysis/failure-analysis.md'), 'utf8');
    const section = (system: string) => report.slice(report.indexOf(`## ${system}`)).split('\n## ')[0];
    assert.match(section('silent'), /\| bookshop-easy-01 \| `shop\/pricing\.apply_discount` \| system degraded \| the system returned no symbols for this task; it warned: FTS extension failed to load — keyword search degraded \|/);
    assert.match(section('unmapped'), /\| bookshop-easy-01 \| `shop\/pricing\.apply_discount` \| unmapped output \| none of the 2 names the system returned exists at [0-9a-f]{7}: its output is not mapped to the code's names \(check `parse`\) \|/);
    for (const s of ['silent', 'unmapped']) assert.doesNotMatch(section(s), /unexplained|vocabulary miss|depth miss/, s);
    const misses = JSON.parse(readFileSync(join(run.out, 'analysis/misses.json'), 'utf8')) as { system: string; suggested: string }[];
    assert.deepEqual([...new Set(misses.filter((m) => m.system !== 'verbose').map((m) => `${m.system}: ${m.suggested}`))].sort(),
      ['silent: system degraded', 'unmapped: unmapped output']);
  });

  it('Table 4 credits verbose with the 3,048 tokens it took at budget 2000, marks the row, and keeps R@10 as measured', () => {
    const findings = readFileSync(join(run.out, 'FINDINGS.md'), 'utf8');
    const table4 = findings.slice(findings.indexOf('## Table 4'), findings.indexOf('## Granularities'));
    // R@10: 1 on easy-01 (its whole truth), 0 on easy-02: mean 0.5, SD sqrt(0.5) = 0.707, at both budgets; it reaches 0.5 at 2000
    // with answers of 3,048 tokens, so it is credited 3,048 (less than 5,000, where it kept to the budget).
    assert.match(table4, /^\| verbose † \| 0\.500 ± 0\.707 \(over: 2\/2, up to 3048\) \| 0\.500 ± 0\.707 \| 3048 consumed \(budget 2000 exceeded\) \|$/m);
    assert.match(table4, /^\| silent \| 0\.000 ± 0\.000 \| 0\.000 ± 0\.000 \| not reached \(tried 2000, 5000\) \|$/m);
    assert.match(table4, /^† Over budget: verbose returned more tokens than the budget asked for/m);
  });
});

describe('honest runs: fixture-lab run says it too', function () {
  this.timeout(120_000);

  it('ends with a warning line for each system whose answers are empty, unmapped or over budget, with the system\'s own warning', async () => {
    const corpus = honestCorpus();
    const { code, stderr } = await cliRun(corpus, 'run', '.', '--tasks', 'bookshop-easy-01', '--budget', '2000', '--out', 'run');
    assert.equal(code, 0, stderr);
    const warnings = stderr.split('\n').filter((l) => l.startsWith('fixture-lab: warning: '));
    assert.deepEqual(warnings.map((l) => l.split(':').slice(0, 3).join(':')), [
      'fixture-lab: warning: silent returned no symbols on 1 of 1 answer',
      'fixture-lab: warning: unmapped returned only names that do not exist at the revision on 1 of 1 answer',
      'fixture-lab: warning: verbose went over its token budget on 1 of 1 answer (up to 3,048 tokens at a budget of 2,000)',
    ]);
    assert.match(warnings[0], /It warned: "FTS extension failed to load — keyword search degraded"$/);
  });
});

describe('answer health: the rules by hand', () => {
  it('records the system\'s warnings with an answer as one line (systemWarnings, read up to the parser\'s `until`)', () => {
    assert.equal(warningOf('{"definitions": [], "warning": "FTS extension failed to load"}\n---\n**Next:** try context', '', '\n---\n'),
      'FTS extension failed to load');
    assert.equal(warningOf('{"warnings": ["a", "b"]}', 'WARNING: vector extension unavailable\n'), 'a; b; WARNING: vector extension unavailable');
    assert.equal(warningOf('plain text', 'indexing 12 files\n'), undefined, 'progress is not a warning');
  });

  it('records over_budget on every ok answer by tokens against the budget, and nothing on a failure', () => {
    const base: RawResult = { system: 's', task: 't', repo: 'r', rev: 'x', budget: 100, status: 'ok', output: 'a.B', symbols: ['a.B'], tokens: 100,
      timings: {}, source: 'run', finished_at: '' };
    assert.equal(healthFields(base).over_budget, false, 'at the budget is within it');
    assert.equal(healthFields({ ...base, tokens: 101 }).over_budget, true);
    assert.deepEqual(healthFields({ ...base, status: 'failed', tokens: 500 }), {});
    assert.deepEqual(healthFields(base, { returned: 1, exist: 0, missing: ['a.B'] }),
      { over_budget: false, names_checked: 1, names_resolved: 0, names_missing: ['a.B'], health: 'unmapped' });
  });

  it('credits a budget only when every answer kept to it, else the most tokens one answer took', () => {
    const b = (budget: number, consumed: [string, { most: number; over: number; n: number }][]): BudgetRecall => ({ budget, recall: new Map(), consumed: new Map(consumed) });
    assert.deepEqual(creditedBudget(b(2000, [['cg', { most: 6798, over: 3, n: 9 }]]), 'cg'), { tokens: 6798, over: true });
    assert.deepEqual(creditedBudget(b(2000, [['cg', { most: 1990, over: 0, n: 9 }]]), 'cg'), { tokens: 2000, over: false });
    assert.deepEqual(creditedBudget(b(2000, []), 'other'), { tokens: 2000, over: false });
  });

  it('Judged@10 with no judged answers is a warning, never "at least 0.9"', () => {
    const lines = judgedMarkdown([{ system: 'gitnexus', k: 10, n: 0, judged: null, unjudged: 0 }, { system: 'grep', k: 10, n: 3, judged: 1, unjudged: 0 }], 10);
    assert.ok(!lines.some((l) => /at least/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /^\*\*Warning:\*\* Judged@10 is not measured for gitnexus: no answer had a symbol to judge/.test(l)), lines.join('\n'));
    assert.ok(judgedMarkdown([{ system: 'grep', k: 10, n: 3, judged: 1, unjudged: 0 }], 10).includes('Every system\'s Judged@10 is at least 0.9.'));
  });
});

describe('honest runs: the real gitnexus 1.6.12, offline', function () {
  // Installed from the npm registry into .cache/systems/ on first use (test/systems/setup.mjs); its index takes ~10-40 s.
  this.timeout(900_000);

  it('is reported as degraded, with its own warning, in the raw answer, FINDINGS.md, the failure analysis and the panel', async () => {
    const setup = pathToFileURL(join(ROOT, 'test', 'systems', 'setup.mjs')).href;
    const { ensureSystem } = (await import(setup)) as { ensureSystem: (name: string) => string };
    const gitnexus = ensureSystem('gitnexus');
    // HOME of its own: gitnexus keeps a registry of indexed folders in ~/.gitnexus.
    const home = tempDir();
    const corpus = demoCorpus(`systems:\n  - name: gitnexus\n    type: command\n    index: [${JSON.stringify(gitnexus)}, analyze, "{repo_path}"]\n`
      + `    query: [${JSON.stringify(gitnexus)}, query, "{task}"]\n    parse: {format: json, symbols: "definitions[].name"}\n`
      // A busy machine: its parse workers get a minute to start, not 5 s (docs/scoring.md), as in cli/realSystems.
      + `    env: {HOME: ${JSON.stringify(home)}, GITNEXUS_WORKER_READY_TIMEOUT_MS: "60000"}\n    timeout_minutes: 10\n`);
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000], cwd: corpus });

    const answer = raw(out, 'gitnexus/bookshop-easy-01.json');
    assert.equal(answer.status, 'ok', answer.error);
    assert.deepEqual(answer.symbols, []);
    assert.equal(answer.health, 'empty');
    assert.match(answer.warning ?? '', /^FTS extension failed to load — keyword search degraded/);

    const findings = readFileSync(join(out, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /^\| gitnexus \| 1 \| 1 \| n\/a \| 0 \| 1: `+FTS extension failed to load — keyword search degraded/m);
    assert.match(findings, /^\*\*Warning:\*\* gitnexus returned no symbols on 1 of 1 answer: its scores are zeros of a degraded system, not a measure of its retrieval\. It warned: "FTS extension failed to load — keyword search degraded/m);
    assert.doesNotMatch(findings, /at least 0\.9/);
    const report = readFileSync(join(out, 'analysis/failure-analysis.md'), 'utf8');
    assert.match(report, /\| bookshop-easy-01 \| `shop\/pricing\.apply_discount` \| system degraded \| the system returned no symbols for this task; it warned: FTS extension failed to load/);
    assert.doesNotMatch(report, /unexplained/);

    // The panel's payload for the fixture, made by the host's functions from the run folder.
    const loaded = await loadCorpus(corpus, corpus);
    const f = loaded.fixtures.find((x) => x.read.fixture.id === 'bookshop-easy-01')!.read.fixture;
    const run = await readRun(out, corpus);
    const shown = fixtureResults(f, await latestAnswers([run], 'bookshop-easy-01', ['gitnexus']), { match: run.info.match, budget: 5000, run: run.name, systems: ['gitnexus'] });
    assert.equal(shown.rows[0].health, 'empty');
    assert.match(shown.rows[0].warning ?? '', /^FTS extension failed to load — keyword search degraded/);
    assert.match(shown.checks?.health?.[0] ?? '', /^gitnexus returned no symbols on 1 of 1 answer: .* It warned: "FTS extension failed to load/);
  });
});
