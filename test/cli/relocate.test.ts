// Labels that follow the code: a scripted history in a real git repository (a file renamed with
// git mv, a function moved to another file, one renamed, one changed, one deleted, one touched
// only by whitespace and comments, one untouched) and `fixture-lab relocate` classifying each,
// writing only the moves, and doing nothing more the second time.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BodyIndex, readFixture, Repository } from '../../src/core';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { writeFiles } from '../helpers/tempDir';

const BASE = {
  'shop/pricing.py': 'CAP = 50\n\n\ndef apply_discount(total, percent):\n    return total * (100 - min(percent, CAP)) / 100\n\n\n'
    + 'def price_with_tax(total, rate):\n    return total * (1 + rate)\n',
  'shop/util.py': 'def fmt(amount):\n    return f"{amount:.2f} EUR"\n\n\ndef old_name(items):\n    return sorted(items, key=lambda i: i.sku)\n\n\n'
    + 'def legacy(x):\n    return x.legacy_code\n\n\ndef spaced(a, b):\n    total = a + b\n    return total * 2\n',
  'shop/receipt.py': 'from shop.pricing import price_with_tax\n\n\ndef receipt(cart, rate):\n    return price_with_tax(cart.subtotal(), rate)\n',
};

const NEXT = {
  // price_with_tax's body changes; apply_discount stays.
  'shop/pricing.py': BASE['shop/pricing.py'].replace('return total * (1 + rate)', 'return round(total * (1 + rate), 2)'),
  // fmt leaves for shop/format.py; old_name becomes new_name; legacy is deleted; spaced is reformatted, commented, CRLF.
  'shop/util.py': ('def new_name(items):\n    return sorted(items, key=lambda i: i.sku)\n\n\n'
    + 'def spaced(a,b):\n    # add them first\n    total = a+b   # the sum\n\n\n    return total*2\n').replace(/\n/g, '\r\n'),
  'shop/format.py': '"""Formatting."""\n\n\ndef fmt(amount):\n    return f"{amount:.2f} EUR"\n',
};

const L = (symbol: string, confidence: string, reason: string) => `    - symbol: "${symbol}"\n      confidence: ${confidence}\n      reason: "${reason}"\n`;
const GT = (symbol: string, confidence: string, reason: string) => `  - symbol: "${symbol}"\n    confidence: ${confidence}\n    reason: "${reason}"\n`;

/** A reviewed fixture (labels of two raters, a dispute, derived ground truth) at `commit`, naming every kind of symbol. */
function fixtureText(commit: string): string {
  const both = [
    ['shop/pricing.apply_discount', 'HIGH', 'untouched'],
    ['shop/pricing.price_with_tax', 'HIGH', 'changes'],
    ['shop/util.fmt', 'MEDIUM', 'moves to another file'],
    ['shop/util.old_name', 'HIGH', 'renamed'],
    ['shop/receipt.receipt', 'HIGH', 'its file is renamed'],
    ['shop/util.spaced', 'MEDIUM', 'reformatted'],
  ] as const;
  return `id: "shop-easy-01"
repo: "shop"
commit: "${commit}"
difficulty: "easy"
task: "Round taxed prices"
candidates:
${[...both.map(([s]) => s), 'shop/util.legacy'].map((s) => `  - "${s}"`).join('\n')}
ground_truth:
${both.map(([s, c, r]) => GT(s, c, r)).join('')}labeler: "dana"
verifier: "lee"
labels:
  dana:
${both.map(([s, c, r]) => L(s, c, r)).join('')}${L('shop/util.legacy', 'MEDIUM', 'deleted')}  lee:
${both.map(([s, c, r]) => L(s, c, r)).join('')}agreement: 0.5
disputes:
  - symbol: "shop/util.legacy"
    resolution: excluded
    rationale: "dana only"
  - symbol: "shop/util.old_name"
    resolution: included
    confidence: HIGH
    rationale: "needed"
`;
}

describe('fixture-lab relocate: labels that follow the code', function () {
  this.timeout(60_000);
  let repo: TestRepo;
  let base: string;
  let next: string;
  let corpus: string;
  const F = 'tasks/shop/easy/01-round-taxed-prices.yaml';

  before(() => {
    repo = new TestRepo();
    base = repo.commit('base', BASE);
    repo.git('mv', 'shop/receipt.py', 'shop/billing_receipt.py');
    next = repo.commit('move things around', NEXT);
    corpus = join(repo.dir, 'corpus');
    writeFiles(corpus, {
      'repos.yaml': `repos:\n  - name: shop\n    url: https://example.com/shop.git\n    commit: "${base}"\n    language: python\n    path: ..\n`,
      [F]: fixtureText(base),
    });
  });

  it('classifies each label of the scripted history: unchanged, moved (the rename offered), changed, gone', async () => {
    const r = await run(corpus, 'relocate', F, '--to', next, '--json');
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { to: string; relocations: { symbol: string; status: string; moved_to?: string; lists: string[]; from: string }[]; totals: object };
    assert.equal(report.to, next);
    const by = Object.fromEntries(report.relocations.map((x) => [x.symbol, [x.status, x.moved_to]]));
    assert.deepEqual(by, {
      'shop/pricing.apply_discount': ['unchanged', undefined],
      'shop/pricing.price_with_tax': ['changed', undefined],
      'shop/util.fmt': ['moved', 'shop/format.fmt'],
      'shop/util.old_name': ['moved', 'shop/util.new_name'],
      'shop/receipt.receipt': ['moved', 'shop/billing_receipt.receipt'],
      'shop/util.spaced': ['unchanged', undefined],
      'shop/util.legacy': ['gone', undefined],
    });
    assert.deepEqual(report.totals, { unchanged: 2, moved: 3, changed: 1, gone: 1 });
    // One line per symbol, naming every list that labels it; compared from the fixture's commit.
    assert.deepEqual(report.relocations.find((x) => x.symbol === 'shop/util.fmt')!.lists, ['ground_truth', 'labels.dana', 'labels.lee']);
    assert.deepEqual(report.relocations.find((x) => x.symbol === 'shop/util.legacy')!.lists, ['labels.dana']);
    assert.ok(report.relocations.every((x) => x.from === base));

    const text = await run(corpus, 'relocate', F, '--to', 'HEAD');
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.split('\n');
    assert.ok(lines.includes('moved      shop/util.old_name -> shop/util.new_name (shop/util.py:1) [ground_truth, labels.dana, labels.lee]'), text.stdout);
    assert.ok(lines.includes('changed    shop/pricing.price_with_tax (shop/pricing.py:8) [ground_truth, labels.dana, labels.lee]: its body differs: review the label'),
      text.stdout);
    assert.equal(lines.at(-2), `7 labeled symbols at ${next.slice(0, 7)}: 2 unchanged, 3 moved, 1 changed, 1 gone (--write applies the moves)`);
    assert.equal(readFileSync(join(corpus, F), 'utf8'), fixtureText(base), 'without --write the file is untouched');
  });

  it('--write is refused on a change, and at a revision other than the pinned one: the labels and the fixture\'s revision move together', async () => {
    const before = readFileSync(join(corpus, F), 'utf8');
    const unpinned = await run(corpus, 'relocate', F, '--to', next, '--write');
    assert.deepEqual([unpinned.code, unpinned.stderr], [1, `fixture-lab: ${F}: ${next} is not repos.yaml's pinned commit for \`shop\` (${base}), where `
      + 'the fixture runs: pin it there first, then relocate; nothing was written\n']);
    const change = 'tasks/shop/easy/03-change.yaml';
    const diffText = before.replace(`commit: "${base}"\n`, `diff:\n  base: "${base}"\n  head: "${next}"\n`).replace('shop-easy-01', 'shop-easy-03');
    writeFiles(corpus, { [change]: diffText });
    for (const to of [next, base]) {
      const refused = await run(corpus, 'relocate', change, '--to', to, '--write');
      assert.deepEqual([refused.code, refused.stderr], [1, `fixture-lab: ${change}: shop-easy-03 is a change (diff): it is labeled and run at diff.base, `
        + 'which its change fixes, so its labels stay there; nothing was written. For the change at another revision, make a new fixture '
        + '(`fixture-lab new`)\n']);
    }
    // The report alone is still given.
    assert.equal((await run(corpus, 'relocate', change, '--to', next)).code, 0);
    assert.equal(readFileSync(join(corpus, change), 'utf8'), diffText);
    rmSync(join(corpus, change));
    assert.equal(readFileSync(join(corpus, F), 'utf8'), before);
  });

  it('--write applies only the moves, everywhere the fixture names them, with the fixture\'s commit; it validates; a second run changes nothing', async () => {
    const before = readFileSync(join(corpus, F), 'utf8');
    // The repository is pinned at the next commit: the fixture follows it there.
    writeFiles(corpus, { 'repos.yaml': readFileSync(join(corpus, 'repos.yaml'), 'utf8').replace(base, next) });
    const r = await run(corpus, 'relocate', F, '--to', next, '--write');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`: 2 unchanged, 3 moved, 1 changed, 1 gone; 3 moved in ${F.replace(/\./g, '\\.')}\n$`));
    const after = readFileSync(join(corpus, F), 'utf8');
    const f = readFixture(after, F);
    assert.deepEqual(f.problems.filter((p) => p.severity === 'error'), []);
    const fx = f.fixture;
    assert.equal(fx.commit, next, 'the commit moves with the labels');
    const names = (l: { symbol: string }[]) => l.map((x) => x.symbol);
    const moved = ['shop/pricing.apply_discount', 'shop/pricing.price_with_tax', 'shop/format.fmt', 'shop/util.new_name', 'shop/billing_receipt.receipt', 'shop/util.spaced'];
    assert.deepEqual(names(fx.ground_truth), moved);
    assert.deepEqual(names(fx.labels.lee), moved);
    assert.deepEqual(names(fx.labels.dana), [...moved, 'shop/util.legacy']);
    assert.deepEqual(fx.candidates, [...moved, 'shop/util.legacy']);
    assert.deepEqual(names(fx.disputes), ['shop/util.legacy', 'shop/util.new_name']);
    // The moved labels record where they were checked, with the body hash the code has there.
    const opened = await Repository.open(repo.dir);
    const index = new BodyIndex(opened);
    for (const l of [...fx.ground_truth, ...fx.labels.dana, ...fx.labels.lee]) {
      if (['shop/format.fmt', 'shop/util.new_name', 'shop/billing_receipt.receipt'].includes(l.symbol)) {
        assert.equal(l.at, next, l.symbol);
        assert.equal(l.body_hash, (await index.find(next, l.symbol))!.bodyHash, l.symbol);
      } else if (['shop/pricing.price_with_tax', 'shop/util.legacy'].includes(l.symbol)) {
        // Changed and gone: made at the old commit, and they say so now that the fixture's commit moved.
        assert.deepEqual([l.at, l.body_hash], [base, (await index.find(base, l.symbol))!.bodyHash], l.symbol);
      } else assert.deepEqual([l.at, l.body_hash], [undefined, undefined], `${l.symbol} is not touched`);
    }
    opened.close();
    // Changed and gone labels keep what they said, with their revision added; the rest of the file is byte for byte.
    for (const kept of ['    - symbol: "shop/pricing.price_with_tax"\n      confidence: HIGH\n      reason: "changes"\n      at: ',
      '    - symbol: "shop/util.legacy"\n      confidence: MEDIUM\n      reason: "deleted"\n      at: ', 'commit: "', 'agreement: 0.5\n']) {
      assert.ok(after.includes(kept) && before.includes(kept.replace(/      at: $/, '')), kept);
    }
    const validated = await run(corpus, 'validate', '--no-resolve');
    assert.equal(validated.code, 0, validated.stdout);
    assert.equal(validated.stdout, '');

    const again = await run(corpus, 'relocate', F, '--to', next, '--write', '--json');
    assert.equal(again.code, 0, again.stderr);
    const report = JSON.parse(again.stdout) as { totals: object; written: { applied: number } };
    // Compared from the fixture's new commit now, except the changed and gone labels, compared from where they were made: still changed and gone.
    assert.deepEqual(report.totals, { unchanged: 5, moved: 0, changed: 1, gone: 1 });
    assert.equal(report.written.applied, 0);
    assert.equal(readFileSync(join(corpus, F), 'utf8'), after, 'a second run writes nothing');
  });

  it('label add records the revision and the body hash; relocate reads them instead of the fixture\'s revision', async () => {
    const fresh = 'tasks/shop/easy/02-fresh.yaml';
    writeFiles(corpus, { [fresh]: `id: "shop-easy-02"\nrepo: "shop"\ncommit: "${base}"\ntask: "t"\nground_truth: []\n` });
    const ok = await run(corpus, 'label', 'add', fresh, 'shop/util.old_name', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'dana');
    assert.equal(ok.code, 0, ok.stderr);
    const label = readFixture(readFileSync(join(corpus, fresh), 'utf8'), fresh).fixture.ground_truth[0];
    assert.equal(label.at, base);
    assert.match(label.body_hash ?? '', /^[0-9a-f]{16}$/);
    // The stored hash is the one looked for: with another one, no body at `next` matches and the name is gone.
    const text = readFileSync(join(corpus, fresh), 'utf8');
    writeFileSync(join(corpus, fresh), text.replace(label.body_hash!, '0000000000000000'));
    const r = await run(corpus, 'relocate', fresh, '--to', next, '--json');
    assert.equal((JSON.parse(r.stdout) as { relocations: { status: string }[] }).relocations[0].status, 'gone');
    writeFileSync(join(corpus, fresh), text);
    const back = await run(corpus, 'relocate', fresh, '--to', next, '--json');
    assert.deepEqual((JSON.parse(back.stdout) as { relocations: { status: string; moved_to: string }[] }).relocations.map((x) => [x.status, x.moved_to]),
      [['moved', 'shop/util.new_name']]);
  });

  it('bad input: one line naming the file and the fix, a non-zero exit', async () => {
    const missing = await run(corpus, 'relocate', F);
    assert.equal(missing.code, 2);
    const unknown = await run(corpus, 'relocate', F, '--to', 'no-such-branch');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^fixture-lab: .*has no commit no-such-branch: check the name, or fetch it\n$/);
  });
});
