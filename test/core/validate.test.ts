import * as assert from 'node:assert/strict';
import { loadCorpus, Problem, validateCorpus } from '../../src/core';
import { tempDir } from '../helpers/tempDir';

const REPOS = `repos:
  - name: demo
    url: https://example.com/demo.git
    commit: "0123456"
    language: [python, go]
    module: example.com/demo
`;

const GOOD = `id: "demo-easy-01"
repo: demo
commit: "0123456"
difficulty: easy
task: "Add a thing"
candidates: [a/b.C, a/b.D]
ground_truth:
  - symbol: a/b.C
    confidence: HIGH
    reason: r
labeler: dana
verifier: lee
labels:
  lee: [a/b.C]
disputes:
  - symbol: a/b.D
    resolution: excluded
    rationale: "not needed"
`;

async function problemsOf(files: Record<string, string>): Promise<Problem[]> {
  const dir = tempDir({ 'repos.yaml': REPOS, ...files });
  return validateCorpus(await loadCorpus(dir, dir));
}

const brief = (ps: Problem[]) => ps.map((p) => `${p.file}:${p.line}:${p.col}: ${p.severity}: ${p.code}`);

describe('corpus validation', () => {
  it('finds nothing wrong in a good fixture', async () => {
    assert.deepEqual(await problemsOf({ 'tasks/demo/easy/01-good.yaml': GOOD }), []);
  });

  it('reports each kind of problem at its line and column', async () => {
    const F = 'tasks/demo/easy/01-bad.yaml';
    const bad = GOOD
      .replace('difficulty: easy', 'difficulty: hard')
      .replace('commit: "0123456"', 'commit: "7777777"')
      .replace('confidence: HIGH', 'confidence: LOW')
      .replace('resolution: excluded', 'resolution: maybe')
      .replace('labeler: dana', 'agreement: 1.5\nlabeler: dana')
      .replace('candidates: [a/b.C, a/b.D]', 'candidates: [a/b.C, a/b.D, "example.com/demo/a/b.C"]');
    assert.deepEqual(brief(await problemsOf({ [F]: bad })), [
      `${F}:9:17: error: bad-confidence`,
      `${F}:18:17: error: bad-resolution`,
      `${F}:3:9: error: commit-mismatch`,
      `${F}:4:13: error: tier-mismatch`,
      `${F}:11:12: error: agreement-range`,
      `${F}:6:28: error: duplicate-symbol`,
    ]);
  });

  it('checks required fields, duplicate ids, unknown repos, the cap and disputes nobody judged', async () => {
    const many = Array.from({ length: 16 }, (_, i) => `  - a/b.S${i}`).join('\n');
    const problems = await problemsOf({
      'tasks/demo/easy/01-a.yaml': GOOD,
      'tasks/demo/easy/02-b.yaml': GOOD,
      'tasks/demo/medium/01-c.yaml': `id: c\nrepo: nowhere\ndifficulty: medium\ntask: t\nground_truth:\n${many}\n`,
      'tasks/demo/hard/01-d.yaml': 'id: d\nrepo: demo\nground_truth: []\ndisputes:\n  - {symbol: x.Y, resolution: included, rationale: r}\n',
      'tasks/demo/hard/02-e.yaml': 'id: e\nrepo: demo\ntask: [oops\n',
    });
    assert.deepEqual(brief(problems), [
      'tasks/demo/easy/02-b.yaml:1:5: error: duplicate-id',
      'tasks/demo/hard/01-d.yaml:1:1: error: missing-field',
      'tasks/demo/hard/01-d.yaml:5:5: error: dispute-unjudged',
      'tasks/demo/hard/02-e.yaml:4:1: error: yaml-syntax',
      'tasks/demo/medium/01-c.yaml:2:7: error: unknown-repo',
      'tasks/demo/medium/01-c.yaml:2:7: warning: placement',
      'tasks/demo/medium/01-c.yaml:5:1: warning: over-cap',
    ]);
    assert.match(problems[1].message, /missing `task:`/);
  });

  it('accepts the §3.4 plain-string form and a fixture with a diff at another commit', async () => {
    const plain = 'id: p\nrepo: demo\ndifficulty: medium\ntask: t\ndiff: {base: "1234567", head: "89abcde"}\nground_truth:\n  - a/b.C\n  - a/b.D\ntags: [x]\n';
    assert.deepEqual(await problemsOf({ 'tasks/demo/medium/01-p.yaml': plain }), []);
  });

  it('refuses a fixture over 1 MB unread, one error at 1:1, and still checks the others', async () => {
    const dir = tempDir({ 'repos.yaml': REPOS, 'tasks/demo/easy/01-good.yaml': GOOD, 'tasks/demo/easy/02-big.yaml': `${GOOD}notes: "${'x'.repeat(1_500_000)}"\n` });
    const corpus = await loadCorpus(dir, dir);
    const big = corpus.fixtures.find((f) => f.file.endsWith('02-big.yaml'))!;
    assert.equal(big.text, '');
    assert.equal(big.read.parsed, false);
    assert.deepEqual(brief(validateCorpus(corpus)), ['tasks/demo/easy/02-big.yaml:1:1: error: fixture-too-large']);
  });

  it('says when repos.yaml is missing or broken', async () => {
    const dir = tempDir({ 'tasks/demo/easy/01-good.yaml': GOOD });
    const problems = validateCorpus(await loadCorpus(dir, dir));
    assert.deepEqual(brief(problems), ['repos.yaml:1:1: error: missing-repos']);
  });
});
