import * as assert from 'node:assert/strict';
import { loadCorpus, Problem, validateCorpus } from '../../src/core';
import { demoRepos, tempCorpus } from '../helpers/tempCorpus';
import { tempDir } from '../helpers/tempDir';

const REPOS = demoRepos('[python, go]');

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
  const dir = tempCorpus(files, REPOS);
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
      'tasks/demo/hard/01-d.yaml:5:5: warning: dispute-unjudged',
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

  it('validates the seed\'s §7.5 example as written: its dispute about a symbol in no list is a warning', async () => {
    // §3.4's header fields with §7.5's label storage, verbatim (quoted resolution included).
    const seed = `# bench/cross-system/corpus/tasks/kubernetes/easy/01-add-pod-status-field.yaml
id: "k8s-easy-01"
repo: kubernetes
commit: "0a1b2c3" # must match repos.yaml
source: "manual" # or "swe-bench" or "synthetic"
source_ref: "https://github.com/kubernetes/kubernetes/pull/12345" # if from PR
difficulty: easy
task: "Add a new condition type to PodStatus for tracking init container readiness"
ground_truth:
- symbol: "pkg/apis/core/types.PodConditionType"
  confidence: HIGH
  reason: "Type being extended"
- symbol: "pkg/kubelet/status/status_manager.SetPodStatus"
  confidence: MEDIUM
  reason: "Caller that validates conditions"
labeler: "developer-A"
verifier: "developer-B"
agreement: 0.85 # Cohen's kappa for this task
disputes:
- symbol: "pkg/apis/core/validation.ValidatePodStatus"
  resolution: "included"
  rationale: "Developer must understand validation to add a new condition"
`;
    const dir = tempDir({
      'repos.yaml': 'repos:\n  - name: kubernetes\n    url: https://github.com/kubernetes/kubernetes\n    commit: "0a1b2c3"\n    language: go\n',
      'tasks/kubernetes/easy/01-add-pod-status-field.yaml': seed,
    });
    const problems = validateCorpus(await loadCorpus(dir, dir));
    assert.deepEqual(brief(problems), ['tasks/kubernetes/easy/01-add-pod-status-field.yaml:20:3: warning: dispute-unjudged']);
    assert.match(problems[0].message, /`pkg\/apis\/core\/validation\.ValidatePodStatus`, which no rater judged .*mark an addition by the adjudicator `unjudged: true`/);
    const marked = validateCorpus(await loadCorpus(tempDir({
      'repos.yaml': 'repos:\n  - name: kubernetes\n    url: u\n    commit: "0a1b2c3"\n    language: go\n',
      'tasks/kubernetes/easy/01-a.yaml': seed.replace('  rationale:', '  unjudged: true\n  rationale:'),
    })));
    assert.deepEqual(marked.map((p) => [p.severity, p.message]), [['note', 'ruling on `pkg/apis/core/validation.ValidatePodStatus`, which no rater judged: the adjudicator judged it (unjudged: true)']]);
  });

  it('after a review: ground_truth must be what the labels and disputes imply, and never empty', async () => {
    const F = 'tasks/demo/easy/01-r.yaml';
    const reviewed = `id: r
repo: demo
commit: "0123456"
task: t
candidates: [a/b.C, a/b.D, a/b.E, a/b.F]
ground_truth:
  - {symbol: a/b.C, confidence: HIGH, reason: r}
  - {symbol: a/b.E, confidence: MEDIUM, reason: lee's}
labeler: dana
verifier: lee
labels:
  dana:
    - {symbol: a/b.C, confidence: HIGH, reason: r}
    - {symbol: a/b.D, confidence: MEDIUM, reason: r}
  lee:
    - {symbol: a/b.C, confidence: MEDIUM, reason: r}
    - {symbol: a/b.E, confidence: MEDIUM, reason: lee's}
agreement: 0
disputes:
  - {symbol: a/b.E, resolution: included, rationale: needed}
  - {symbol: a/b.D, resolution: excluded, rationale: known}
`;
    assert.deepEqual(await problemsOf({ [F]: reviewed }), []);
    // A hand edit: D back in, E's confidence changed, C gone.
    const edited = reviewed
      .replace('  - {symbol: a/b.C, confidence: HIGH, reason: r}\n  - {symbol: a/b.E, confidence: MEDIUM', '  - {symbol: a/b.D, confidence: MEDIUM, reason: r}\n  - {symbol: a/b.E, confidence: HIGH');
    const problems = await problemsOf({ [F]: edited });
    assert.deepEqual(problems.map((p) => `${p.line}: ${p.severity}: ${p.code}: ${p.message.split(':')[0]}`), [
      '7: error: ground-truth-derivation: ground_truth holds `a/b.D`, which a dispute excluded',
      '8: error: ground-truth-derivation: ground_truth gives `a/b.E` HIGH, the labels and disputes MEDIUM',
      '6: error: ground-truth-derivation: ground_truth is missing `a/b.C` (HIGH)',
    ]);
    // Emptied: an error of its own, besides the missing symbols.
    const empty = await problemsOf({ [F]: reviewed.replace(/ground_truth:\n(  - .*\n)+/, 'ground_truth: []\n') });
    assert.deepEqual(empty.map((p) => p.code), ['empty-ground-truth', 'ground-truth-derivation', 'ground-truth-derivation']);
    assert.match(empty[0].message, /ground_truth is empty after a review/);
    // A ruling that includes what no rater included needs its confidence.
    const noConfidence = reviewed.replace('disputes:\n', 'disputes:\n  - {symbol: a/b.F, resolution: included, rationale: both missed it}\n')
      .replace("reason: lee's}\nlabeler", "reason: lee's}\n  - {symbol: a/b.F, rationale: both missed it}\nlabeler");
    assert.deepEqual((await problemsOf({ [F]: noConfidence })).map((p) => p.code), ['dispute-confidence']);
  });

  it('refuses a fixture over 1 MB unread, one error at 1:1, and still checks the others', async () => {
    const dir = tempCorpus({ 'tasks/demo/easy/01-good.yaml': GOOD, 'tasks/demo/easy/02-big.yaml': `${GOOD}notes: "${'x'.repeat(1_500_000)}"\n` }, REPOS);
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
