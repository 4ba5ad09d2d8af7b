import * as assert from 'node:assert/strict';
import { agreementOf, labelingReport, readFixture } from '../../src/core';
import type { Corpus } from '../../src/core';

const fixture = (text: string) => readFixture(text, 'f.yaml').fixture;

const REVIEWED = `id: t-1
repo: demo
task: "x"
candidates: [a.A, a.B, a.C, a.D, a.E, a.F]
ground_truth:
  - {symbol: a.A, confidence: HIGH, reason: r}
labeler: dana
verifier: lee
labels:
  dana:
    - {symbol: a.A, confidence: HIGH, reason: r}
    - {symbol: a.B, confidence: HIGH, reason: r}
    - {symbol: a/c.py::G, confidence: MEDIUM, reason: r}
  lee:
    - {symbol: a.A, confidence: HIGH, reason: r}
    - {symbol: a.B, confidence: MEDIUM, reason: r}
    - {symbol: a.C, confidence: HIGH, reason: r}
    - {symbol: a/c.G, confidence: MEDIUM, reason: r}
`;

describe('agreement of one fixture', () => {
  it('rates candidates plus every labeled symbol, compared after normalization', () => {
    const a = agreementOf(fixture(REVIEWED));
    // Items: A B C D E F and G (a/c.py::G and a/c.G are one symbol).
    assert.equal(a.items, 7);
    // Inclusion: A yes/yes, B yes/yes, C no/yes, G yes/yes, D E F no/no -> po = 6/7.
    assert.equal(a.observed, 6 / 7);
    // pA(yes) = 3/7, pB(yes) = 4/7: pe = 12/49 + 12/49.
    assert.ok(Math.abs(a.expected! - 24 / 49) < 1e-12);
    assert.ok(Math.abs(a.kappa! - (6 / 7 - 24 / 49) / (1 - 24 / 49)) < 1e-12);
    assert.equal(a.band, 'moderate');
    // Confidence kappa sees B (HIGH vs MEDIUM) as a disagreement too.
    assert.ok(a.kappa_confidence! < a.kappa!);
    assert.deepEqual(a.disagreements.map((d) => [d.symbol, d.labeler, d.verifier]), [['a.B', 'HIGH', 'MEDIUM'], ['a.C', null, 'HIGH']]);
    assert.equal(a.disagreements[0].labelerLabel?.confidence, 'HIGH');
  });

  it("takes ground_truth as the labeler's list until a review freezes labels[labeler]", () => {
    const text = REVIEWED.replace(/  dana:\n(    - .*\n){3}/, '');
    const a = agreementOf(fixture(text));
    // Labeler now = ground_truth = {A}; verifier {A, B, C, G}.
    assert.deepEqual(a.disagreements.map((d) => d.symbol), ['a.B', 'a.C', 'a/c.G']);
  });

  it('reports kappa as null with the reason when the verifier has not labeled, or nothing varies', () => {
    const unreviewed = agreementOf(fixture('id: t\nrepo: r\ntask: x\nground_truth: [a.A]\nlabeler: dana\nverifier: lee\n'));
    assert.equal(unreviewed.kappa, null);
    assert.match(unreviewed.reason!, /lee has no labels/);
    const flat = agreementOf(fixture('id: t\nrepo: r\ntask: x\nground_truth: [a.A]\nlabeler: d\nverifier: l\nlabels:\n  l: [a.A]\n'));
    assert.equal(flat.kappa, null);
    assert.equal(flat.observed, 1);
    assert.equal(flat.band, null);
  });
});

describe('labeling report', () => {
  it('lists per-task kappa, the corpus figures, tasks under target, open disagreements and disputes', () => {
    const settled = REVIEWED + 'disputes:\n  - {symbol: a.C, resolution: included, rationale: "needed to see the type"}\n';
    const file = (id: string, text: string) => ({ path: id, file: `${id}.yaml`, placement: [], text, read: readFixture(text.replace('id: t-1', `id: ${id}`), id) });
    const corpus: Corpus = {
      dir: '.', reposFile: 'repos.yaml', repos: [], reposProblems: [],
      fixtures: [file('t-1', REVIEWED), file('t-2', settled), file('t-3', 'id: t-3\nrepo: demo\ntask: x\nground_truth: []\n')],
    };
    const md = labelingReport(corpus);
    assert.match(md, /Fixtures: 3; reviewed by a verifier: 2; kappa defined: 2/);
    assert.match(md, /\| t-1 \| dana \| lee \| 7 \| 0\.857 \| 0\.720 \|/);
    // The file name is a repository's text, in a code span (a dotted name is what linkify links).
    assert.match(md, /## Tasks under the target \(0\.75\)\n\n- t-1 \(`t-1\.yaml`\): kappa 0\.720, moderate/);
    // t-2 settled a.C by dispute: only a.B is still open there.
    assert.match(md, /### t-2\n\n\| Symbol \| dana \| lee \|\n\|---\|---\|---\|\n\| `a\.B` \| HIGH \| MEDIUM \|\n\n/);
    assert.match(md, /- `a\.C`: \*\*included\*\*, sided with lee\. needed to see the type/);
    assert.match(md, /pooled kappa over all 14 items: 0\.720/);
  });
});
