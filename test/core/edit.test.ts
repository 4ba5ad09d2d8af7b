import * as assert from 'node:assert/strict';
import * as core from '../../src/core';
import { FIXTURE_MAX_BYTES, FixtureLabError, oversizedFixture, readFixture, textDiff } from '../../src/core';
import { addCandidate, addDispute, addLabel, freezeLabels, removeLabel, setField } from '../helpers/edits';

const BASE = `# Fixture header comment: must survive every edit.
id: "demo-easy-01"
repo: demo
commit: 1111111111111111111111111111111111111111   # all digits: a string, not a number
source:    'manual'
difficulty: easy
task: >-
  Support discount codes at checkout.
candidates: [ "shop/pricing.apply_discount", shop/orders.Order ]

ground_truth:
  # the function the change modifies
  - symbol: "shop/pricing.apply_discount"
    confidence: HIGH
    reason: "Modified"   # inline comment

  - shop/orders.Order
labeler: dana
verifier: lee
tags: [pricing, single-package]
notes: "kept"
`;

/** BASE with its one §3.4 plain entry already in the §7.5 object form. */
const OBJECTS = BASE.replace('  - shop/orders.Order\n', '  - symbol: shop/orders.Order\n    confidence: HIGH\n');

const parsed = (text: string) => {
  const r = readFixture(text, 'f.yaml');
  assert.equal(r.problems.filter((p) => p.severity === 'error').length, 0, JSON.stringify(r.problems));
  return r.fixture;
};

/** Every line of `before` that the edit did not mean to touch is still in `after`, in order. */
function keepsAllLines(before: string, after: string, except: string[] = []) {
  let i = 0;
  const lines = after.split('\n');
  for (const line of before.split('\n')) {
    if (except.some((e) => line.includes(e))) continue;
    while (i < lines.length && lines[i] !== line) i++;
    assert.ok(i < lines.length, `line lost or reordered: ${JSON.stringify(line)}\n---\n${after}`);
  }
}

describe('fixture edits (text in, text out)', () => {
  it('adds a label after the last item with the siblings\' indentation, and removing it gives the same bytes back', () => {
    const added = addLabel(OBJECTS, { symbol: 'shop/checkout.Checkout.total', confidence: 'MEDIUM', reason: 'Caller: "total" uses it' });
    assert.equal(
      textDiff(OBJECTS, added).text,
      '  - symbol: "shop/checkout.Checkout.total"\n    confidence: MEDIUM\n    reason: "Caller: \\"total\\" uses it"\n',
    );
    keepsAllLines(OBJECTS, added);
    const f = parsed(added);
    assert.deepEqual(f.ground_truth.map((l) => l.symbol), ['shop/pricing.apply_discount', 'shop/orders.Order', 'shop/checkout.Checkout.total']);
    assert.equal(f.ground_truth[2].reason, 'Caller: "total" uses it');
    assert.equal(f.commit, '1111111111111111111111111111111111111111');
    assert.equal(removeLabel(added, 'shop/checkout.Checkout.total'), OBJECTS);
  });

  it('turns a §3.4 plain list into §7.5 objects in the same edit (plain entries HIGH, no reason), keeping comments and quoting', () => {
    const seed = 'id: k8s-easy-01\nrepo: kubernetes\ntask: t\nground_truth:\n- pkg/apis/core/types.PodConditionType   # the type extended\n# a comment line\n- "pkg/apis/core/types.PodStatus"\ntags: [a]\n';
    const added = addLabel(seed, { symbol: 'pkg/kubelet/status/status_manager.SetPodStatus', confidence: 'MEDIUM', reason: 'Caller' });
    assert.equal(added, 'id: k8s-easy-01\nrepo: kubernetes\ntask: t\nground_truth:\n'
      + '- symbol: pkg/apis/core/types.PodConditionType   # the type extended\n  confidence: HIGH\n'
      + '# a comment line\n'
      + '- symbol: "pkg/apis/core/types.PodStatus"\n  confidence: HIGH\n'
      + '- symbol: "pkg/kubelet/status/status_manager.SetPodStatus"\n  confidence: MEDIUM\n  reason: "Caller"\n'
      + 'tags: [a]\n');
    assert.deepEqual(parsed(added).ground_truth.map((l) => l.confidence), ['HIGH', 'HIGH', 'MEDIUM']);
    // Removing converts too: the list never mixes the two forms.
    assert.equal(removeLabel(seed, 'pkg/apis/core/types.PodStatus'),
      'id: k8s-easy-01\nrepo: kubernetes\ntask: t\nground_truth:\n- symbol: pkg/apis/core/types.PodConditionType   # the type extended\n  confidence: HIGH\n# a comment line\ntags: [a]\n');
    // A mixed list (BASE) comes out all objects; the object entries stay byte for byte.
    const mixed = addLabel(BASE, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' });
    assert.equal(removeLabel(mixed, 'a.B'), OBJECTS);
    // Flow lists too; a list that is objects already is left as written.
    assert.equal(addLabel('ground_truth: [a.A, "a.C"]\n', { symbol: 'a.B', confidence: 'HIGH', reason: 'r' }),
      'ground_truth: [{symbol: a.A, confidence: HIGH}, {symbol: "a.C", confidence: HIGH}, {symbol: "a.B", confidence: HIGH, reason: "r"}]\n');
    // Only label lists: candidates stay plain names.
    assert.match(addCandidate(seed.replace('tags', 'candidates: [x.Y]\ntags'), 'x.Z'), /candidates: \[x\.Y, "x\.Z"\]/);
  });

  it('replaces the entry of a symbol labeled again instead of adding a second one', () => {
    const again = addLabel(BASE, { symbol: 'shop/pricing.py::apply_discount', confidence: 'MEDIUM', reason: 'Helpful' });
    const f = parsed(again);
    assert.equal(f.ground_truth.length, 2);
    assert.deepEqual(f.ground_truth[0], { symbol: 'shop/pricing.py::apply_discount', confidence: 'MEDIUM', reason: 'Helpful' });
    assert.match(again, /# the function the change modifies\n  - symbol/);
    assert.match(again, /\n\n  - symbol: shop\/orders\.Order\n    confidence: HIGH\n/);
  });

  it('removes exactly the lines of one item, comments and blank lines of others stay', () => {
    const removed = removeLabel(BASE, 'shop/orders.Order');
    assert.equal(textDiff(BASE, removed).text, '');
    assert.equal(BASE.length - removed.length, '  - shop/orders.Order\n'.length);
    const first = removeLabel(BASE, 'shop/pricing.apply_discount');
    assert.doesNotMatch(first, /Modified/);
    assert.match(first, /# the function the change modifies\n\n  - symbol: shop\/orders\.Order\n    confidence: HIGH\n/);
    // Emptying the list leaves `[]`, not a null.
    const empty = removeLabel(first, 'shop/orders.Order');
    assert.match(empty, /ground_truth: \[\]\nlabeler/);
    assert.deepEqual(parsed(empty).ground_truth, []);
  });

  it('writes into a rater\'s list, creating labels and the rater where missing, in key order', () => {
    const one = addLabel(BASE, { symbol: 'shop/orders.Order', confidence: 'HIGH', reason: 'Type used' }, { rater: 'lee' });
    assert.equal(textDiff(BASE, one).text, 'labels:\n  lee:\n    - symbol: "shop/orders.Order"\n      confidence: HIGH\n      reason: "Type used"\n');
    assert.match(one, /verifier: lee\nlabels:\n/);
    const two = addLabel(one, { symbol: 'shop/pricing.apply_discount', confidence: 'HIGH', reason: 'r' }, { rater: 'dana' });
    const three = addLabel(two, { symbol: 'shop/pricing.Coupon', confidence: 'MEDIUM', reason: 'r' }, { rater: 'lee' });
    const f = parsed(three);
    assert.deepEqual(Object.keys(f.labels), ['lee', 'dana']);
    assert.deepEqual(f.labels.lee.map((l) => l.symbol), ['shop/orders.Order', 'shop/pricing.Coupon']);
    // Taking the later labels out again leaves lee's list as it was and dana's empty.
    const back = removeLabel(removeLabel(three, 'shop/pricing.Coupon', { rater: 'lee' }), 'shop/pricing.apply_discount', { rater: 'dana' });
    assert.equal(back, one.replace('tags:', '  dana: []\ntags:'));
  });

  it('handles flow lists, empty lists and absent values', () => {
    const flow = addCandidate(BASE, 'shop/checkout.Checkout');
    assert.match(flow, /candidates: \[ "shop\/pricing\.apply_discount", shop\/orders\.Order, "shop\/checkout\.Checkout" \]/);
    const emptyFlow = BASE.replace(/ground_truth:[\s\S]*?labeler/, 'ground_truth: []\nlabeler');
    const filled = addLabel(emptyFlow, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' });
    assert.match(filled, /ground_truth:\n  - symbol: "a\.B"\n    confidence: HIGH\n    reason: "r"\nlabeler/);
    assert.equal(removeLabel(filled, 'a.B'), emptyFlow);
    const bare = BASE.replace(/ground_truth:[\s\S]*?labeler/, 'ground_truth:\nlabeler');
    assert.deepEqual(parsed(addLabel(bare, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' })).ground_truth.map((l) => l.symbol), ['a.B']);
    const flowItems = BASE.replace(/ground_truth:[\s\S]*?labeler/, 'ground_truth: [a.A, a.C]\nlabeler');
    const plusOne = addLabel(flowItems, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' });
    assert.match(plusOne, /ground_truth: \[\{symbol: a\.A, confidence: HIGH\}, \{symbol: a\.C, confidence: HIGH\}, \{symbol: "a\.B", confidence: HIGH, reason: "r"\}\]/);
    assert.equal(removeLabel(removeLabel(plusOne, 'a.B'), 'a.A'), flowItems.replace('[a.A, a.C]', '[{symbol: a.C, confidence: HIGH}]'));
  });

  it('sets agreement in place or after verifier, keeping the SHA a string', () => {
    const set = setField(BASE, 'agreement', 0.7142857);
    assert.match(set, /verifier: lee\nagreement: 0\.714\ntags:/);
    const again = setField(set, 'agreement', -0.25);
    assert.match(again, /agreement: -0\.25\n/);
    assert.equal(parsed(again).agreement, -0.25);
    assert.equal(parsed(again).commit, '1111111111111111111111111111111111111111');
  });

  it('records disputes (a second ruling on a symbol replaces the first) and freezes a list once', () => {
    let text = addDispute(BASE, { symbol: 'shop/orders.Order', resolution: 'excluded', rationale: 'Known from the task' });
    text = addDispute(text, { symbol: 'shop/pricing.Coupon', resolution: 'included', confidence: 'MEDIUM', rationale: 'Both missed it', unjudged: true });
    assert.equal(textDiff(BASE, text).text, 'disputes:\n  - symbol: "shop/orders.Order"\n    resolution: excluded\n    rationale: "Known from the task"\n'
      + '  - symbol: "shop/pricing.Coupon"\n    resolution: included\n    confidence: MEDIUM\n    rationale: "Both missed it"\n    unjudged: true\n');
    assert.deepEqual(parsed(text).disputes[1], { symbol: 'shop/pricing.Coupon', resolution: 'included', confidence: 'MEDIUM', rationale: 'Both missed it', unjudged: true });
    const overruled = addDispute(text, { symbol: 'shop/orders.Order', resolution: 'included', rationale: 'Changed our minds' });
    assert.deepEqual(parsed(overruled).disputes.map((d) => d.resolution), ['included', 'included']);
    // Frozen plain entries read as they count: HIGH.
    const frozen = freezeLabels(BASE, 'dana', parsed(BASE).ground_truth);
    assert.match(frozen, /labels:\n  dana:\n    - symbol: "shop\/pricing\.apply_discount"\n      confidence: HIGH\n      reason: "Modified"\n    - symbol: "shop\/orders\.Order"\n      confidence: HIGH\n/);
    assert.throws(() => freezeLabels(frozen, 'dana', []), /labels\.dana exists already/);
  });

  it('refuses to edit a file that is not valid YAML, naming the line', () => {
    assert.throws(() => addLabel('id: [\n', { symbol: 'a', confidence: 'HIGH', reason: 'r' }), /YAML syntax error/);
    assert.throws(() => removeLabel(BASE, 'no.such.Symbol'), /`no\.such\.Symbol` is not in ground_truth/);
  });

  it('refuses to read or edit a fixture over 1 MB (counted in UTF-8 bytes) without parsing it', () => {
    assert.equal(oversizedFixture(FIXTURE_MAX_BYTES), undefined);
    assert.match(oversizedFixture(FIXTURE_MAX_BYTES + 1) ?? '', /over the 1 MB a fixture may be/);
    // 600,000 characters, 1.2 MB: a YAML parse of it would take seconds.
    const big = `${BASE}notes: "${'é'.repeat(600_000)}"\n`;
    const read = readFixture(big, 'big.yaml');
    assert.equal(read.parsed, false);
    assert.deepEqual(read.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.severity}: ${p.code}: ${p.message}`), [
      'big.yaml:1:1: error: fixture-too-large: is 1.2 MB, over the 1 MB a fixture may be: a fixture holds one task and its labels; remove what does not belong to the task',
    ]);
    assert.throws(() => addLabel(big, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' }), (e: Error) => e instanceof FixtureLabError && /^is 1\.2 MB, over the 1 MB/.test(e.message));
    assert.throws(() => setField(big, 'agreement', 0.5), /over the 1 MB a fixture may be/);
  });

  it('returns a refused edit as a value with its code, never throwing', () => {
    const label = { symbol: 'a.B', confidence: 'HIGH' as const, reason: 'r' };
    const big = `${BASE}notes: "${'x'.repeat(FIXTURE_MAX_BYTES)}"\n`;
    const refusals = [
      [core.addLabel('id: x\nground_truth: [\n', label), 'yaml-syntax', /^3:1: YAML syntax error/],
      [core.addLabel('- a\n', label), 'not-a-mapping', /^not a fixture/],
      [core.addLabel(big, label), 'fixture-too-large', /^is 1\.0 MB/],
      [core.removeLabel(BASE, 'no.such.Symbol'), 'not-in-list', /is not in ground_truth/],
      [core.setField('id: x\nagreement: [1]\n', 'agreement', 0.5), 'wrong-shape', /`agreement` is not a single value/],
      [core.addLabel('id: x\nground_truth: {a: b}\n', label), 'wrong-shape', /`ground_truth` must be a list/],
      [core.addLabel('id: x\nlabels: [a]\n', label, { rater: 'lee' }), 'wrong-shape', /`labels` must be a mapping/],
      [core.addLabel('{id: x}\n', label), 'wrong-shape', /flow style/],
      [core.freezeLabels(freezeLabels(BASE, 'dana', []), 'dana', []), 'review-state', /labels\.dana exists already/],
    ] as const;
    for (const [result, code, message] of refusals) {
      assert.equal(result.ok, false, code);
      if (!result.ok) {
        assert.equal(result.problem.code, code);
        assert.match(result.problem.message, message);
      }
    }
    // The YAML error's place (yaml's own LineCounter), 1-based: the unclosed quote runs to the end.
    const broken = core.addLabel('id: x\nrepo: r\ntask: "open\n', label);
    assert.deepEqual(broken.ok ? undefined : broken.problem.message.split(':').slice(0, 2), ['4', '1']);
  });

  it('never throws on any text: each edit returns the new text or a problem (seeded random texts)', () => {
    const random = core.mulberry32(15);
    const pieces = ['id: x\n', 'ground_truth:\n', '  - a.A\n', '  - {symbol: a.B}\n', 'labels:\n', '  lee: []\n', '[', ']', '{', '}', ': ', '- ', '"', '#c\n', '\t', '&a ', '*a\n', 'agreement: 1\n', '\n'];
    for (let i = 0; i < 400; i++) {
      let text = '';
      for (let n = Math.floor(random() * 12); n > 0; n--) text += pieces[Math.floor(random() * pieces.length)];
      for (const result of [
        core.addLabel(text, { symbol: 'a.C', confidence: 'HIGH', reason: 'r' }, random() < 0.5 ? {} : { rater: 'lee' }),
        core.removeLabel(text, 'a.A'),
        core.setField(text, 'agreement', 0.5),
        core.addCandidate(text, 'a.D'),
        core.addDispute(text, { symbol: 'a.A', resolution: 'excluded', rationale: 'r' }),
        core.freezeLabels(text, 'dana', []),
        core.labelAs(text, 'dana', { symbol: 'a.C', confidence: 'HIGH', reason: 'r' }),
        core.startReview(text, 'lee'),
        core.finishReview(text),
        core.settleDispute(text, { symbol: 'a.A', resolution: 'excluded', rationale: 'r' }),
      ]) {
        assert.ok(result.ok ? typeof result.text === 'string' : core.PROBLEM_CODES.includes(result.problem.code), JSON.stringify(text));
      }
    }
  });

  it('appends to a file without a trailing newline', () => {
    const noNewline = 'id: x\nrepo: r\ntask: t\nground_truth:\n  - a.A';
    const added = addLabel(noNewline, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' });
    assert.deepEqual(parsed(added).ground_truth.map((l) => l.symbol), ['a.A', 'a.B']);
    assert.equal(removeLabel(added, 'a.B'), 'id: x\nrepo: r\ntask: t\nground_truth:\n  - symbol: a.A\n    confidence: HIGH\n');
    assert.equal(removeLabel(noNewline, 'a.A'), 'id: x\nrepo: r\ntask: t\nground_truth: []');
  });
});
