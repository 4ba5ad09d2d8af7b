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
agreement: 0.72
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

describe('labeling report: agreement beyond one kappa', () => {
  /** A reviewed fixture: dana labels `mine`, lee `theirs` (symbol -> confidence), over `candidates`. */
  function reviewed(id: string, tags: string[], candidates: string[], mine: Record<string, string>, theirs: Record<string, string>): string {
    const list = (labels: Record<string, string>) => Object.entries(labels).map(([s, c]) => `    - {symbol: ${s}, confidence: ${c}, reason: r}`).join('\n');
    return `id: ${id}\nrepo: demo\ntask: "x"\ntags: [${tags.join(', ')}]\ncandidates: [${candidates.join(', ')}]\nground_truth: []\nlabeler: dana\nverifier: lee\n`
      + `labels:\n  dana:\n${list(mine)}\n  lee:\n${list(theirs)}\nagreement: 0\n`;
  }
  const sixty = Array.from({ length: 60 }, (_, i) => `a.S${i}`);
  // p: 60 candidates, each rater includes 3 the other does not: 54 both left out (the paradox).
  const p = reviewed('p', ['paradox', 'x'], sixty, { 'a.S0': 'HIGH', 'a.S1': 'HIGH', 'a.S2': 'HIGH' }, { 'a.S3': 'HIGH', 'a.S4': 'HIGH', 'a.S5': 'HIGH' });
  // q: 7 candidates; A both HIGH, B HIGH/MEDIUM, C dana MEDIUM only, D lee MEDIUM only, E-G neither.
  const q = reviewed('q', ['x'], ['a.A', 'a.B', 'a.C', 'a.D', 'a.E', 'a.F', 'a.G'], { 'a.A': 'HIGH', 'a.B': 'HIGH', 'a.C': 'MEDIUM' }, { 'a.A': 'HIGH', 'a.B': 'MEDIUM', 'a.D': 'MEDIUM' });
  const corpus: Corpus = {
    dir: '.', reposFile: 'repos.yaml', repos: [], reposProblems: [],
    fixtures: [p, q].map((text, i) => ({ path: `${i}.yaml`, file: `${i}.yaml`, placement: [], text, read: readFixture(text, `${i}.yaml`) })),
  };
  const md = labelingReport(corpus);
  const line = (start: string, from = 0) => md.slice(from).split('\n').find((l) => l.startsWith(start))!;
  const cells = (l: string) => l.split(' | ').slice(1).map((c) => c.replace(/ \|$/, ''));
  /** Cohen's kappa of a 2x2 table, by hand: both yes, first only, second only, both no. */
  const kappa = (a: number, b: number, c: number, d: number) => {
    const n = a + b + c + d;
    const pe = ((a + b) * (a + c) + (c + d) * (b + d)) / (n * n);
    return ((a + d) / n - pe) / (1 - pe);
  };

  it('gives the corpus figures pooled over items, over all 67 and over the 10 labeled, each with a seeded bootstrap interval around it', () => {
    assert.ok(md.includes('| Figure | All 67 items | Labeled only (10 items) |'), md);
    // Inclusion over 67 items: 2 both, 4 dana only, 4 lee only, 57 neither; labeled only drops the 57.
    const k = cells(line('| κ | '));
    assert.ok(k[0].startsWith(`${kappa(2, 4, 4, 57).toFixed(3)} (`) && k[1].startsWith(`${kappa(2, 4, 4, 0).toFixed(3)} (`), k.join(' / '));
    assert.ok(cells(line('| percent | '))[0].startsWith(`${(59 / 67).toFixed(3)} (`));
    assert.ok(cells(line('| PABAK | '))[0].startsWith(`${(2 * 59 / 67 - 1).toFixed(3)} (`));
    assert.ok(cells(line('| positive agreement | '))[0].startsWith(`${(4 / 12).toFixed(3)} (`));
    assert.equal(cells(line('| negative agreement | '))[1], 'n/a', 'nothing both excluded in the labeled items');
    for (const figure of ['κ', 'percent', 'AC1', 'PABAK', 'positive agreement', 'weighted κ']) {
      const [value, lo, hi] = /^(-?[\d.]+) \((-?[\d.]+) to (-?[\d.]+)\)$/.exec(cells(line(`| ${figure} | `))[0])!.slice(1).map(Number);
      assert.ok(lo <= value && value <= hi, `${figure}: ${value} in [${lo}, ${hi}]`);
    }
    assert.match(md, /tasks resampled 1000 times, seed 20250101/);
    assert.equal(labelingReport(corpus), md, 'seeded: the same report twice');
  });

  it('gives each label as its own yes/no, over all items and the labeled ones', () => {
    // HIGH: dana S0-S2, A, B; lee S3-S5, A. Both A; dana only 4; lee only 3; 59 neither (2 of them labeled: C, D).
    const high = cells(line('| HIGH | ', md.indexOf('### Per label')));
    assert.equal(high[0], '67');
    assert.equal(high[1], kappa(1, 4, 3, 59).toFixed(3));
    assert.equal(high[2], (60 / 67).toFixed(3));
    assert.equal(high[4], (2 / 9).toFixed(3));
    assert.equal(high[5], kappa(1, 4, 3, 2).toFixed(3));
    // MEDIUM: dana C; lee B, D: nothing both.
    const medium = cells(line('| MEDIUM | ', md.indexOf('### Per label')));
    assert.equal(medium[4], (0).toFixed(3));
  });

  it('gives each tag its tasks\' tables added up, and names the kappa paradox with the figures to read', () => {
    const paradox = cells(line('| paradox | ', md.indexOf('### Per tag')));
    assert.deepEqual(paradox.slice(0, 4), ['1', '60', kappa(0, 3, 3, 54).toFixed(3), '0.900']);
    const x = cells(line('| x | ', md.indexOf('### Per tag')));
    assert.deepEqual(x.slice(0, 3), ['2', '67', kappa(2, 4, 4, 57).toFixed(3)]);
    assert.match(md, /### Kappa paradox\n\n- p: kappa paradox: 90\.0% raw agreement but κ -0\.053, .*read AC1 and positive specific agreement, and the labeled-only figures\n/);
    assert.doesNotMatch(md, /\n- q: kappa paradox/);
    assert.match(md, /\*\*The corpus shows the kappa paradox: 88\.1% raw agreement but κ 0\.268/);
  });
});
