// Zeros that are not retrieval, said where the score is read (the CLI's warnings, FINDINGS.md's
// Table 1 and System health, the panel's health lines, all from answerHealth.ts): real command
// systems run by `fixture-lab run` on the demo corpus, as a newcomer's first systems would answer:
// `files` names files (`shop/pricing.py`), which exist but are no definition, `partial` mixes
// names of the repository with names written in another form (`Cart.total` without its file,
// a member the class does not have), `crash` prints a traceback and exits 1 on every task, and
// `hangs` never answers before its timeout. Each had scored a row of zeros, or fewer credits, with
// no line saying why (found by auditing a corpus of encode/httpx and spf13/viper).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawResult } from '../../src/core';
import { healthWarnings, systemHealth } from '../../src/core/harness/answerHealth';
import { run as cliRun } from '../helpers/cli';
import { demoCorpus } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const SCRIPTS: Record<string, string> = {
  'files.mjs': 'process.stdout.write(JSON.stringify({ results: ["shop/pricing.py", "shop/cart.py"] }));\n',
  'partial.mjs': 'process.stdout.write(JSON.stringify({ results: ["shop/pricing.apply_discount", "Cart.total", "shop/cart.Cart.ghost", "shop/cart.Cart.subtotal"] }));\n',
  'crash.mjs': 'process.stderr.write("Traceback (most recent call last):\\nValueError: no index here\\n");\nprocess.exit(1);\n',
  'hangs.mjs': 'setTimeout(() => process.stdout.write("{\\"results\\": []}"), 120000);\n',
};

function corpus(): string {
  const scripts = tempDir(SCRIPTS);
  const entry = (name: string, extra = '') => `  - name: ${name}\n    type: command\n${extra}`
    + `    query: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(scripts, `${name}.mjs`))}, "{task}"]\n`
    + '    parse: {format: json, symbols: "results[]"}\n';
  return demoCorpus(`systems:\n${entry('files')}${entry('partial')}${entry('crash')}${entry('hangs', '    timeout_minutes: 0.05\n')}`);
}

const raw = (out: string, path: string) => JSON.parse(readFileSync(join(out, 'raw', path), 'utf8')) as RawResult;

describe('answers that do not map, or never came, are said where the scores are read', function () {
  this.timeout(240_000);
  let dir: string;
  let stderr: string;
  let code: number;
  before(async () => {
    dir = corpus();
    ({ code, stderr } = await cliRun(dir, 'run', '.', '--tasks', 'bookshop-easy-0?', '--budget', '5000', '--out', 'run'));
  });

  it('records which names are files and which are not defined at the revision in each raw answer', () => {
    assert.equal(code, 0, stderr);
    const files = raw(join(dir, 'run'), 'files/bookshop-easy-01.json');
    assert.deepEqual([files.names_checked, files.names_resolved, files.names_files, files.names_missing], [2, 2, 2, undefined]);
    const partial = raw(join(dir, 'run'), 'partial/bookshop-easy-01.json');
    assert.deepEqual([partial.names_checked, partial.names_resolved, partial.names_files, partial.health], [4, 2, undefined, undefined]);
    assert.deepEqual(partial.names_missing, ['Cart.total', 'shop/cart.Cart.ghost']);
    assert.equal(raw(join(dir, 'run'), 'crash/bookshop-easy-01.json').status, 'failed');
    assert.equal(raw(join(dir, 'run'), 'hangs/bookshop-easy-01.json').status, 'timeout');
  });

  it('fixture-lab run ends with a warning per system: file names, names not defined, failures and timeouts', () => {
    const warnings = stderr.split('\n').filter((l) => l.startsWith('fixture-lab: warning: '));
    const line = (system: string) => warnings.filter((w) => w.startsWith(`fixture-lab: warning: ${system} `));
    assert.deepEqual(line('files'), ['fixture-lab: warning: files returned 4 file names (not a definition in the file) among its 4 names: a file is '
      + 'credited only by a ground-truth entry naming that file, so its symbol scores count them as misses; the file granularity '
      + '(docs/scoring.md#granularities) measures them.']);
    assert.deepEqual(line('partial'), ['fixture-lab: warning: partial returned 4 of 8 names that are not defined at the task\'s revision '
      + '(`Cart.total`, `shop/cart.Cart.ghost`): they score as misses; if they are its names written another way (another revision, a path, '
      + 'another qualifier), fix `parse`.']);
    assert.equal(line('crash').length, 1);
    assert.match(line('crash')[0], /^fixture-lab: warning: crash failed or timed out on 2 of 2 answers \(first: failed: query: query exited with 1: ValueError: no index here\): its scores are empty lists, not a measure of its retrieval; its raw answers say why\.$/);
    assert.match(line('hangs')[0], /^fixture-lab: warning: hangs failed or timed out on 2 of 2 answers \(first: timeout: query: query timed out after 0\.05 min/);
  });

  it('FINDINGS.md marks the rows of systems that mostly failed in Table 1, and System health says each of the above', () => {
    const findings = readFileSync(join(dir, 'run', 'FINDINGS.md'), 'utf8');
    const table1 = findings.slice(findings.indexOf('## Table 1'), findings.indexOf('## System health'));
    assert.match(table1, /^\| crash ¶ \| 2 \| /m);
    assert.match(table1, /^\| hangs ¶ \| 2 \| /m);
    assert.match(table1, /^\| files \| 2 \| /m, 'files answered: its zeros are explained under System health');
    assert.match(table1, /^\| partial \| 2 \| /m);
    assert.match(table1, /^¶ Most of this system's answers failed or timed out and score as empty lists: its scores are not a measure of its retrieval/m);
    const health = findings.slice(findings.indexOf('## System health'), findings.indexOf('## Table 2'));
    assert.match(health, /^\*\*Warning:\*\* files returned 4 file names/m);
    assert.match(health, /^\*\*Warning:\*\* partial returned 4 of 8 names that are not defined/m);
    assert.match(health, /^\*\*Warning:\*\* crash failed or timed out on 2 of 2 answers/m);
    assert.match(health, /^\*\*Warning:\*\* hangs failed or timed out on 2 of 2 answers/m);
  });

  it('export-trec says the same lines beside the run files trec_eval will read', async () => {
    const exported = await cliRun(dir, 'export-trec', 'run');
    assert.equal(exported.code, 0, exported.stderr);
    const warnings = exported.stderr.split('\n').filter((l) => l.startsWith('fixture-lab: warning: '));
    assert.deepEqual(warnings, stderr.split('\n').filter((l) => l.startsWith('fixture-lab: warning: ')));
    assert.equal(warnings.length, 4);
  });
});

describe('answer health over failures and unresolved names, by hand', () => {
  const base = { repo: 'r', rev: 'a'.repeat(40), budget: 5000, output: '', tokens: 0, timings: {}, source: 'run', finished_at: '' } as const;
  it('counts failures beside answers, keeps the first error, and names a few missing names once', () => {
    const raws: RawResult[] = [
      { ...base, system: 's', task: 't1', status: 'timeout', error: 'query: query timed out after 1 min', symbols: [] },
      { ...base, system: 's', task: 't2', status: 'ok', symbols: ['a.b', 'x'], names_checked: 2, names_resolved: 1, names_missing: ['x'] },
      { ...base, system: 's', task: 't3', status: 'ok', symbols: ['a.b', 'x', 'y'], names_checked: 3, names_resolved: 1, names_missing: ['x', 'y'] },
      { ...base, system: 'ok', task: 't1', status: 'ok', symbols: ['a.b'], names_checked: 1, names_resolved: 1 },
    ];
    const [ok, s] = systemHealth(raws);
    assert.deepEqual([s.answers, s.failed, s.failure, s.missing, s.checked, s.resolved], [2, 1, 'timeout: query: query timed out after 1 min', ['x', 'y'], 5, 2]);
    assert.deepEqual([ok.failed, ok.missing, ok.files], [undefined, undefined, undefined]);
    const lines = healthWarnings([ok, s]);
    assert.deepEqual(lines, [
      's failed or timed out on 1 of 3 answers (first: timeout: query: query timed out after 1 min): those score as empty lists, not a measure of '
        + 'its retrieval; its raw answers say why.',
      's returned 3 of 5 names that are not defined at the task\'s revision (`x`, `y`): they score as misses; if they are its names written '
        + 'another way (another revision, a path, another qualifier), fix `parse`.',
    ]);
    // An answer recorded before names_missing says how many, and that the examples are not all of them.
    const old = systemHealth([...raws, { ...base, system: 's', task: 't4', status: 'ok', symbols: ['z'], names_checked: 1, names_resolved: 0 }])[1];
    assert.match(healthWarnings([old]).find((l) => l.includes('not defined')) ?? '', /^s returned 4 of 6 names that are not defined at the task's revision \(`x`, `y`, …\)/);
  });
});
