import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractKeywords, identifierWords, parseOutput, readSystems, RunEvent, RunInfo, runBenchmark, runProcess } from '../../src/core';
import { cli } from '../../src/cli/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { scriptedRun } from '../helpers/scriptedRun';
import { tempDir } from '../helpers/tempDir';

const ROOT = resolve(__dirname, '../../..');
const SCRIPTED = join(ROOT, 'test/fixtures/systems/scripted-system.mjs');
const MCP_SERVER = join(ROOT, 'test/fixtures/systems/mcp-server.mjs');

/** Running, not a zombie: in a container nobody may reap an orphan, so /proc's state decides. */
function pidAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('harness: keywords and output parsing', () => {
  it('extracts keywords as §2.5 says: whitespace split, stopwords out, CamelCase and snake_case split', () => {
    assert.deepEqual(extractKeywords('Stop after MaxRetries attempts, and log when a job is given up.'), ['stop', 'MaxRetries', 'max', 'retries', 'attempts', 'log', 'job', 'given']);
    assert.deepEqual(extractKeywords('apply_discount should cap at 50%'), ['apply_discount', 'apply', 'discount', 'cap']);
    assert.deepEqual(identifierWords('HTTPServer.SetPodStatus'), ['http', 'server', 'set', 'pod', 'status']);
  });

  it('reads symbols from JSON at a path, from lines, or with a regex; says when JSON is not JSON', () => {
    const json = JSON.stringify({ results: [{ symbol: 'a.B' }, { symbol: 'c.D' }, { other: 1 }], usage: { tokens: 12 } });
    assert.deepEqual(parseOutput(json, { format: 'json', symbols: 'results[].symbol', tokens: 'usage.tokens' }), { symbols: ['a.B', 'c.D'], reportedTokens: 12 });
    assert.deepEqual(parseOutput('a.B\n# comment\n\n c.D \n', { format: 'lines' }), { symbols: ['a.B', 'c.D'] });
    assert.deepEqual(parseOutput('hit: a.B (1)\nhit: c.D (2)\n', { format: 'regex', pattern: '^hit: (\\S+)', group: 1 }), { symbols: ['a.B', 'c.D'] });
    assert.throws(() => parseOutput('not json', { format: 'json', symbols: 'x' }), /output is not JSON .*set parse.format to lines or regex/);
  });

  it('reads systems.yaml and refuses mistakes with one line naming the system and the fix', () => {
    const ok = readSystems('systems:\n  - {name: g, type: grep}\n  - name: tool\n    type: command\n    query: [tool, "{task}"]\n    parse: {format: lines}\n    timeout_minutes: 5\n', 'systems.yaml');
    assert.deepEqual(ok.map((s) => [s.name, s.type, s.timeoutMinutes]), [['g', 'grep', 30], ['tool', 'command', 5]]);
    assert.throws(() => readSystems('systems:\n  - {name: t, type: command, query: "tool {task}", parse: {format: lines}}\n', 'systems.yaml'), /systems\.yaml:\d+:\d+: error: systems\[0\] \(t\): `query` must be a list of arguments/);
    assert.throws(() => readSystems('systems:\n  - {name: t, type: command, query: [tool, "{repo}"], parse: {format: lines}}\n', 'systems.yaml'), /uses \{repo\}; the placeholders are \{task\}/);
    assert.throws(() => readSystems('systems:\n  - {name: t, type: magic}\n', 'systems.yaml'), /`type` must be command, mcp, grep, bm25 or replay/);
  });

  it('keeps a system\'s version as written; a list is the argv that prints it; a mapping is refused, never [object Object]', () => {
    const specs = readSystems('systems:\n  - {name: a, type: grep, version: 1.2}\n  - {name: b, type: grep, version: "2024-06"}\n'
      + '  - {name: d, type: grep, version: [tool, --version]}\n  - {name: e, type: grep}\n', 'systems.yaml');
    assert.deepEqual(specs.map((s) => [s.version, s.versionArgv]), [['1.2', undefined], ['2024-06', undefined], [undefined, ['tool', '--version']], [undefined, undefined]]);
    assert.throws(() => readSystems('systems:\n  - {name: c, type: grep, version: {major: 1}}\n', 'systems.yaml'),
      /systems\.yaml:\d+:\d+: error: systems\[0\] \(c\): `version` must be the version \(`1\.6\.1`\) or the command that prints it/);
    assert.throws(() => readSystems('systems:\n  - {name: c, type: grep, version: [1, 2]}\n', 'systems.yaml'), /`version` must be a list of names/);
  });
});

describe('harness: processes', function () {
  this.timeout(20_000);

  it('kills the whole process tree on a timeout', async () => {
    const pidFile = join(tempDir(), 'pid');
    const result = await runProcess([process.execPath, SCRIPTED, 'query', 'T1', 'a task', '5000'], {
      timeoutMs: 1500,
      env: { ...process.env, HANG_TASK: 'T1', HANG_PID_FILE: pidFile },
    });
    assert.equal(result.timedOut, true);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(pidAlive(grandchild), false, 'the grandchild was killed with its parent');
  });

  it('passes task text as one argument, never through a shell', async () => {
    const dir = tempDir();
    const evil = `x"; touch ${join(dir, 'pwned')}; echo "$(touch ${join(dir, 'pwned2')})`;
    const result = await runProcess([process.execPath, '-e', 'process.stdout.write(process.argv[1])', evil], { timeoutMs: 10_000 });
    assert.equal(result.stdout, evil);
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe('harness: a run on the demo corpus', function () {
  this.timeout(120_000);

  const SYSTEMS = `systems:
  - {name: grep, type: grep}
  - {name: bm25, type: bm25}
  - name: scripted
    type: command
    index: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPTED)}, index, "{repo_path}"]
    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPTED)}, query, bookshop-task, "{task}", "{budget}"]
    parse: {format: json, symbols: "results[].symbol", tokens: usage.tokens}
    languages: [python]
  - name: mcp
    type: mcp
    server: [${JSON.stringify(process.execPath)}, ${JSON.stringify(MCP_SERVER)}]
    tool: search_symbols
    arguments: {query: "{task}", limit: 20}
    parse: {format: lines}
`;

  it('runs every system on every labeled task, writes results as §8.4 lays them out, never touches fixtures', async () => {
    const corpus = demoCorpus(SYSTEMS);
    const before = readFileSync(join(corpus, 'tasks/bookshop/easy/01-bulk-discount.yaml'), 'utf8');
    const out = join(tempDir(), 'run');
    const events: string[] = [];
    const result = await runBenchmark({ corpusDir: corpus, outDir: out, budgets: [5000], onEvent: (e) => events.push(e.kind) });
    assert.equal(result.cancelled, false);
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    assert.deepEqual(info.systems.map((s) => s.name), ['grep', 'bm25', 'scripted', 'mcp']);
    assert.equal(info.systems.find((s) => s.name === 'mcp')?.version, '9.9.9');
    assert.equal(info.tasks.length, 8);
    assert.deepEqual(info.skipped_tasks.map((s) => s.task).sort(), ['bookshop-easy-03', 'bookshop-hard-02']);
    assert.deepEqual(readdirSync(join(out, 'raw')).sort(), ['bm25', 'grep', 'mcp', 'scripted'], 'a folder per system');
    for (const system of readdirSync(join(out, 'raw'))) assert.deepEqual(readdirSync(join(out, 'raw', system)).sort(), info.tasks.map((t) => `${t}.json`).sort());
    for (const f of ['aggregated/overall.csv', 'aggregated/per-tier.csv', 'aggregated/per-repo.csv', 'aggregated/per-task.csv', 'analysis/significance-tests.json', 'analysis/failure-analysis.md', 'FINDINGS.md']) {
      assert.ok(existsSync(join(out, f)), f);
    }
    const raw = JSON.parse(readFileSync(join(out, 'raw/scripted/bookshop-easy-01.json'), 'utf8'));
    assert.equal(raw.status, 'ok');
    assert.equal(raw.reported_tokens, 42);
    assert.ok(raw.symbols.includes('shop/pricing.apply_discount'));
    assert.equal(raw.rev, execFileSync('git', ['-C', join(ROOT, 'corpus/.repos/bookshop'), 'rev-parse', '00-initial'], { encoding: 'utf8' }).trim(), 'a diff fixture runs at its base');
    assert.equal(raw.timings.warm_ms.length, 3);
    const mcp = JSON.parse(readFileSync(join(out, 'raw/mcp/bookshop-medium-01.json'), 'utf8'));
    assert.ok(mcp.symbols.includes('worker/queue/queue.Queue.Retry'), mcp.output);
    assert.equal(readFileSync(join(corpus, 'tasks/bookshop/easy/01-bulk-discount.yaml'), 'utf8'), before);
    const overall = readFileSync(join(out, 'aggregated/overall.csv'), 'utf8').split('\n');
    assert.match(overall[0], /^system,n,P@5,P@10,P@20,R@5,R@10,R@20/);
    assert.ok(events.includes('started') && events.filter((e) => e === 'answer').length === 32);
    // The scripted system declares Python only: a Go symbol it missed is a language gap.
    const failures = readFileSync(join(out, 'analysis/failure-analysis.md'), 'utf8');
    assert.match(failures, /\| bookshop-medium-01 \| `worker\/queue\/queue\.MaxRetries` \| language gap \| a go symbol; the system declares python \|/);
    assert.match(readFileSync(join(out, 'FINDINGS.md'), 'utf8'), /## Table 1: overall[\s\S]*\| scripted \| 8 \| \d\.\d{3} ± \d\.\d{3} \|/);
  });

  it('does not score a fixture listing one symbol under two spellings: refused, or skipped with --skip-invalid, naming both', async () => {
    const corpus = demoCorpus('systems:\n  - {name: grep, type: grep}\n');
    const F = join(corpus, 'tasks/bookshop/easy/01-bulk-discount.yaml');
    writeFileSync(F, readFileSync(F, 'utf8').replace('ground_truth:\n', 'ground_truth:\n  - {symbol: "shop/pricing.py::apply_discount", confidence: HIGH, reason: "again"}\n'));
    const out = join(tempDir(), 'run');
    const problem = 'tasks/bookshop/easy/01-bulk-discount.yaml:22:5: error: `shop/pricing.apply_discount` and `shop/pricing.py::apply_discount` (ground_truth[0]) are the same symbol in ground_truth: keep one spelling';
    await assert.rejects(runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-0?', budgets: [5000], cwd: corpus }), (e: Error) => e.message.endsWith(`\n  - ${problem}`));
    assert.equal(existsSync(out), false, 'nothing ran');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-0?', budgets: [5000], cwd: corpus, skipInvalid: true });
    const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo;
    assert.deepEqual(info.tasks, ['bookshop-easy-02']);
    assert.deepEqual(info.skipped_tasks, [{ task: 'bookshop-easy-01', reason: `invalid: ${problem}` }, { task: 'bookshop-easy-03', reason: 'no ground truth yet' }]);
    assert.deepEqual(readdirSync(join(out, 'raw/grep')), ['bookshop-easy-02.json']);
  });

  it('records one system failing on one task and goes on; resumes an interrupted run', async () => {
    const corpus = demoCorpus(SYSTEMS.replace('query, bookshop-task', 'query, "{commit}"').replace('languages: [python]', 'languages: [python]\n    env: {FAIL_TASK: FAILME}'));
    const out = join(tempDir(), 'run');
    // Fail exactly the tasks at one revision: the scripted system gets the commit as its task id.
    const failRev = execFileSync('git', ['-C', join(ROOT, 'corpus/.repos/bookshop'), 'rev-parse', '01-bulk-discount'], { encoding: 'utf8' }).trim();
    writeFileSync(join(corpus, 'systems.yaml'), readFileSync(join(corpus, 'systems.yaml'), 'utf8').replace('FAIL_TASK: FAILME', `FAIL_TASK: "${failRev}"`));
    await runBenchmark({ corpusDir: corpus, outDir: out, systems: ['scripted'], budgets: [5000] });
    const failed = JSON.parse(readFileSync(join(out, 'raw/scripted/bookshop-medium-01.json'), 'utf8'));
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /^query: query exited with 1: cannot answer /);
    assert.equal(JSON.parse(readFileSync(join(out, 'raw/scripted/bookshop-easy-01.json'), 'utf8')).status, 'ok');
    // A crash is a system failure, never a scale failure (§8.3 means large repositories).
    assert.match(readFileSync(join(out, 'analysis/failure-analysis.md'), 'utf8'), /bookshop-medium-01 \| `worker\/queue\/queue\.Queue\.Retry` \| system failure \| the system failed on bookshop/);

    // Interrupted: one answer lost. A resume that keeps failures runs only that one.
    rmSync(join(out, 'raw/scripted/bookshop-easy-02.json'));
    const events: RunEvent[] = [];
    await runBenchmark({ corpusDir: corpus, outDir: out, systems: ['scripted'], keepFailures: true, onEvent: (e) => events.push(e) });
    assert.deepEqual(events.flatMap((e) => (e.kind === 'answer' ? [e.raw.task] : [])), ['bookshop-easy-02']);
  });

  it('fails fast, listing everything missing, before running anything', async () => {
    const corpus = demoCorpus(`systems:\n  - {name: a, type: command, query: [no-such-tool-xyz, "{task}"], parse: {format: lines}}\n  - {name: b, type: replay, from: nowhere/raw}\n`);
    writeFileSync(join(corpus, 'repos.yaml'), readFileSync(join(corpus, 'repos.yaml'), 'utf8').replace(/path: .*/, 'path: /nonexistent/bookshop'));
    const out = join(tempDir(), 'run');
    await assert.rejects(runBenchmark({ corpusDir: corpus, outDir: out }), (e: Error) => {
      assert.match(e.message, /the run cannot start; missing:/);
      assert.match(e.message, /repo bookshop: \/nonexistent\/bookshop: no such folder/);
      assert.match(e.message, /system a: `no-such-tool-xyz` is not installed/);
      assert.match(e.message, /system b: no recorded run at nowhere\/raw/);
      return true;
    });
    assert.equal(existsSync(out), false);
  });

  it('replays a recorded run, and exports TREC files whose trec_eval-style scores match the run\'s', async () => {
    const corpus = demoCorpus();
    const first = join(tempDir(), 'first');
    await runBenchmark({ corpusDir: corpus, outDir: first, systems: ['bm25'], budgets: [5000, 500] });
    // A budget sweep: the other budget's answers beside the primary ones, and Table 4.
    assert.equal(readdirSync(join(first, 'raw/budget-500/bm25')).length, 8);
    const findings = readFileSync(join(first, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /## Table 4: token efficiency at fixed recall \(matching `symbol`\)\n\n.*\n\n\| System \| R@10 at 500 \| R@10 at 5000 \| Least budget \|\n\|---\|---\|---\|---\|\n\| bm25 \| [\d.]+ ± [\d.]+ \| [\d.]+ ± [\d.]+ \| (500|5000|not reached.*) \|/);
    // Every table names the matching rule that produced it; the significance rule names its d.
    for (const table of ['Table 1: overall', 'Table 2: per tier, P@10 / R@10 / NDCG@10 binary and graded', 'Table 3: per repo', 'Table 4: token efficiency at fixed recall', 'Significance']) {
      assert.match(findings, new RegExp(`^## ${table} \\(matching \`symbol\`\\)$`, 'm'), table);
    }
    assert.match(findings, /and \|d_z\| > 0\.3, Cohen's d_z, the mean difference over the SD of the per-task differences/);
    assert.doesNotMatch(findings, /Warning:\*\* matching/, 'no warning about the matching rule (Judged@10 may warn of its own)');
    for (const csv of ['overall', 'per-tier', 'per-repo', 'per-task']) {
      const lines = readFileSync(join(first, `aggregated/${csv}.csv`), 'utf8').trim().split('\n');
      assert.match(lines[0], /,match$/, csv);
      assert.ok(lines.slice(1).every((l) => l.endsWith(',symbol')), csv);
    }
    const tests = JSON.parse(readFileSync(join(first, 'analysis/significance-tests.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(tests.effect_size, 'd_z');
    assert.equal(tests.match, 'symbol');
    const misses = readFileSync(join(first, 'analysis/failure-analysis.md'), 'utf8');
    assert.match(misses, /\| noise overwhelm \| found at rank \d+, below K=10 \|/);
    assert.match(misses, /\| bookshop-easy-02 \| `web\/src\/money\.centsToUnits` \| vocabulary miss \| no word of `money\.centsToUnits` occurs in the task \|/);
    writeFileSync(join(corpus, 'systems.yaml'), `systems:\n  - {name: bm25-recorded, type: replay, from: ${JSON.stringify(join(first, 'raw'))}, system: bm25}\n`);
    const second = join(tempDir(), 'second');
    await runBenchmark({ corpusDir: corpus, outDir: second, budgets: [5000] });
    const a = readFileSync(join(first, 'aggregated/per-task.csv'), 'utf8').split('\n').map((l) => l.split(',').slice(1, 21).join(','));
    const b = readFileSync(join(second, 'aggregated/per-task.csv'), 'utf8').split('\n').map((l) => l.split(',').slice(1, 21).join(','));
    assert.deepEqual(b, a, 'the replayed answers score as the recorded ones');

    let stdout = '';
    const io = { cwd: ROOT, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } };
    assert.equal(await cli(['export-trec', first], io), 0);
    assert.match(stdout, /wrote .*trec\/qrels\.txt\nwrote .*trec\/bm25\.run\n/);
    // The run file names its rule in a header comment (trec_eval 10 and `metrics` skip it).
    assert.match(readFileSync(join(first, 'trec/bm25.run'), 'utf8'), /^# fixture-lab export-trec: match symbol\n# run started .*\n[^#]/);
    stdout = '';
    assert.equal(await cli(['metrics', '--qrels', join(first, 'trec/qrels.txt'), '--run', join(first, 'trec/bm25.run'), '--json'], io), 0);
    const trec = JSON.parse(stdout) as { topics: Record<string, Record<string, number>> };
    const rows = readFileSync(join(first, 'aggregated/per-task.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    const header = rows[0];
    for (const row of rows.slice(1)) {
      const topic = trec.topics[row[1]];
      assert.ok(topic, `topic ${row[1]}`);
      assert.equal(topic.P_10.toFixed(4), Number(row[header.indexOf('P@10')]).toFixed(4), row[1]);
      assert.equal(topic.recall_10.toFixed(4), Number(row[header.indexOf('R@10')]).toFixed(4), row[1]);
      assert.equal(topic.recip_rank.toFixed(4), Number(row[header.indexOf('MRR')]).toFixed(4), row[1]);
      assert.equal(topic.ndcg_cut_10.toFixed(4), Number(row[header.indexOf('NDCG@10_graded')]).toFixed(4), row[1]);
    }
  });
});

describe('harness: what FINDINGS.md says about its rules', () => {
  it('names the matching rule in every table, warns under seed, and names the d the significance rule used', async () => {
    const byDz = await scriptedRun({ match: 'seed' });
    const findings = readFileSync(join(byDz.runDir, 'FINDINGS.md'), 'utf8');
    assert.match(findings, /^\*\*Warning:\*\* matching `seed` is the methodology's rule to the letter \(docs\/methodology\.md#matching: .* it credits prefixes/m);
    assert.match(findings, /^## Table 1: overall \(matching `seed`\)$/m);
    assert.match(findings, /and \|d_z\| > 0\.3, Cohen's d_z/);
    assert.match(findings, /^\| interleaved vs late \| all \| 8 \| .* \| [\d.]+ \(exact\) \| -?[\d.]+ \| -?[\d.]+ \| /m);
    const byDav = await scriptedRun({ effect_size: 'd_av' });
    const davFindings = readFileSync(join(byDav.runDir, 'FINDINGS.md'), 'utf8');
    assert.doesNotMatch(davFindings, /Warning:\*\* matching/);
    assert.match(davFindings, /and \|d_av\| > 0\.3, Cohen's d_av, the mean difference over the mean of the two systems' SDs/);
    const tests = JSON.parse(readFileSync(join(byDav.runDir, 'analysis/significance-tests.json'), 'utf8'));
    assert.equal(tests.effect_size, 'd_av');
    assert.equal(tests.rule, 'significant when p < 0.05 and |d_av| > 0.3');
    for (const pair of tests.metrics['P@10'].pairs) {
      assert.equal(typeof pair.cohens_d_z, 'number');
      assert.equal(typeof pair.cohens_d_av, 'number');
      assert.equal(pair.cohensD, pair.cohens_d_av);
      assert.equal(pair.significant, pair.wilcoxon.p < 0.05 && Math.abs(pair.cohens_d_av) > 0.3);
    }
  });

  it('run --effect-size takes d_z or d_av, and says so when given anything else; the summary names the rule', async () => {
    let stderr = '';
    let stdout = '';
    const io = { cwd: ROOT, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } };
    const out = join(tempDir(), 'run');
    assert.equal(await cli(['run', demoCorpus(), '--systems', 'bm25', '--tasks', 'bookshop-easy-01', '--effect-size', 'd_av', '--out', out], io), 0);
    assert.match(stdout, /^scores at 5000 tokens, symbol matching\nsystem +n +P@5/);
    assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).effect_size, 'd_av');
    assert.equal(await cli(['run', '--effect-size', 'd', '--out', join(tempDir(), 'x')], io), 2);
    assert.match(stderr, /--effect-size must be d_z or d_av, not `d`/);
    stderr = '';
    assert.equal(await cli(['run', '--match', 'fuzzy', '--out', join(tempDir(), 'x')], io), 2);
    assert.match(stderr, /--match must be symbol or exact or bounded or lenient or seed, not `fuzzy`/);
  });
});
