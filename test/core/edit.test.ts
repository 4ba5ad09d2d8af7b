import * as assert from 'node:assert/strict';
import {
  addCandidate, addDispute, addLabel, FIXTURE_MAX_BYTES, FixtureLabError, freezeLabels, oversizedFixture, readFixture, removeLabel, setField, settleDispute, textDiff,
} from '../../src/core';

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
    const added = addLabel(BASE, { symbol: 'shop/checkout.Checkout.total', confidence: 'MEDIUM', reason: 'Caller: "total" uses it' });
    assert.equal(
      textDiff(BASE, added).text,
      '  - symbol: "shop/checkout.Checkout.total"\n    confidence: MEDIUM\n    reason: "Caller: \\"total\\" uses it"\n',
    );
    keepsAllLines(BASE, added);
    const f = parsed(added);
    assert.deepEqual(f.ground_truth.map((l) => l.symbol), ['shop/pricing.apply_discount', 'shop/orders.Order', 'shop/checkout.Checkout.total']);
    assert.equal(f.ground_truth[2].reason, 'Caller: "total" uses it');
    assert.equal(f.commit, '1111111111111111111111111111111111111111');
    assert.equal(removeLabel(added, 'shop/checkout.Checkout.total'), BASE);
  });

  it('replaces the entry of a symbol labeled again instead of adding a second one', () => {
    const again = addLabel(BASE, { symbol: 'shop/pricing.py::apply_discount', confidence: 'MEDIUM', reason: 'Helpful' });
    const f = parsed(again);
    assert.equal(f.ground_truth.length, 2);
    assert.deepEqual(f.ground_truth[0], { symbol: 'shop/pricing.py::apply_discount', confidence: 'MEDIUM', reason: 'Helpful' });
    assert.match(again, /# the function the change modifies\n  - symbol/);
    assert.match(again, /\n\n  - shop\/orders\.Order\n/);
  });

  it('removes exactly the lines of one item, comments and blank lines of others stay', () => {
    const removed = removeLabel(BASE, 'shop/orders.Order');
    assert.equal(textDiff(BASE, removed).text, '');
    assert.equal(BASE.length - removed.length, '  - shop/orders.Order\n'.length);
    const first = removeLabel(BASE, 'shop/pricing.apply_discount');
    assert.doesNotMatch(first, /Modified/);
    assert.match(first, /# the function the change modifies\n\n  - shop\/orders\.Order\n/);
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
    assert.match(plusOne, /ground_truth: \[a\.A, a\.C, \{symbol: "a\.B", confidence: HIGH, reason: "r"\}\]/);
    assert.equal(removeLabel(removeLabel(plusOne, 'a.B'), 'a.A'), flowItems.replace('[a.A, a.C]', '[a.C]'));
  });

  it('sets agreement in place or after verifier, keeping the SHA a string', () => {
    const set = setField(BASE, 'agreement', 0.7142857);
    assert.match(set, /verifier: lee\nagreement: 0\.714\ntags:/);
    const again = setField(set, 'agreement', -0.25);
    assert.match(again, /agreement: -0\.25\n/);
    assert.equal(parsed(again).agreement, -0.25);
    assert.equal(parsed(again).commit, '1111111111111111111111111111111111111111');
  });

  it('records disputes and settles ground_truth by them, never touching a rater\'s list', () => {
    let text = freezeLabels(BASE, 'dana', parsed(BASE).ground_truth);
    text = addLabel(text, { symbol: 'shop/checkout.Checkout', confidence: 'MEDIUM', reason: 'Caller' }, { rater: 'lee' });
    text = settleDispute(text, { symbol: 'shop/checkout.Checkout', resolution: 'included', rationale: 'The caller shows the contract' });
    text = settleDispute(text, { symbol: 'shop/orders.Order', resolution: 'excluded', rationale: 'Known from the task' });
    const f = parsed(text);
    assert.deepEqual(f.ground_truth.map((l) => [l.symbol, l.confidence, l.reason]), [
      ['shop/pricing.apply_discount', 'HIGH', 'Modified'],
      ['shop/checkout.Checkout', 'MEDIUM', 'Caller'],
    ]);
    assert.deepEqual(f.labels.dana.map((l) => l.symbol), ['shop/pricing.apply_discount', 'shop/orders.Order']);
    assert.deepEqual(f.labels.lee.map((l) => l.symbol), ['shop/checkout.Checkout']);
    assert.deepEqual(f.disputes.map((d) => d.resolution), ['included', 'excluded']);
    // A second ruling on the same symbol replaces the first.
    const overruled = addDispute(text, { symbol: 'shop/orders.Order', resolution: 'included', rationale: 'Changed our minds' });
    assert.equal(parsed(overruled).disputes.length, 2);
    assert.throws(() => freezeLabels(text, 'dana', []), /labels\.dana exists already/);
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

  it('appends to a file without a trailing newline', () => {
    const noNewline = 'id: x\nrepo: r\ntask: t\nground_truth:\n  - a.A';
    const added = addLabel(noNewline, { symbol: 'a.B', confidence: 'HIGH', reason: 'r' });
    assert.deepEqual(parsed(added).ground_truth.map((l) => l.symbol), ['a.A', 'a.B']);
    assert.equal(removeLabel(added, 'a.B'), noNewline + '\n');
  });
});
