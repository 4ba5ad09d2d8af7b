// `fixture-lab new`: a fixture from a change in one command, on real git repositories with real
// merge commits (GitHub's "Merge pull request #N" and a squash merge's "(#N)"), checked by
// `fixture-lab validate` as a corpus would be.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFixture, TASK_STUB } from '../../src/core';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const PRICING = 'DISCOUNT_CAP = 50\n\n\ndef apply_discount(total, percent):\n    return total * (100 - min(percent, DISCOUNT_CAP)) / 100\n';
const CART = 'from shop.pricing import apply_discount\n\n\nclass Cart:\n    def __init__(self):\n        self.lines = []\n\n    def total(self, percent):\n        return apply_discount(sum(self.lines), percent)\n';

interface Setup {
  repo: TestRepo;
  corpus: string;
  base: string;
  merge: string;
  squash: string;
}

function setup(url = 'https://github.com/example/shop'): Setup {
  const repo = new TestRepo();
  const base = repo.commit('base', { 'shop/pricing.py': PRICING, 'shop/cart.py': CART });
  const merge = repo.mergePullRequest(7, 'dev/bulk', 'bulk discount', 'Orders of ten books or more get 10% off', {
    'shop/pricing.py': PRICING.replace('percent):\n    return total * (100 - min(percent,', 'percent, books=0):\n    bulk = 10 if books >= 10 else 0\n    return total * (100 - min(percent + bulk,'),
  });
  const squash = repo.commit('Cart totals round to cents (#12)\n\nThe long description.', { 'shop/cart.py': CART.replace('sum(self.lines)', 'round(sum(self.lines), 2)') });
  repo.commit('unrelated (#70)', { 'README.md': 'shop\n' });
  const corpus = tempDir({ 'repos.yaml': `repos:\n  - name: shop\n    url: ${url}\n    commit: "${base}"\n    language: python\n    path: ${repo.dir}\n` });
  return { repo, corpus, base, merge, squash };
}

describe('fixture-lab new', () => {
  it('--pr N: the merge commit against its first parent, the PR title as task stub, at tasks/<repo>/medium/NN-slug.yaml; it validates', async () => {
    const { repo, corpus, merge } = setup();
    const r = await run(corpus, 'new', '--repo', 'shop', '--pr', '7');
    assert.equal(r.code, 0, r.stderr);
    const path = join(corpus, 'tasks/shop/medium/01-orders-of-ten-books-or-more.yaml');
    assert.ok(existsSync(path), r.stdout);
    const { fixture, problems } = readFixture(readFileSync(path, 'utf8'), path);
    assert.deepEqual(problems, []);
    assert.equal(fixture.id, 'shop-medium-01');
    assert.equal(fixture.difficulty, 'medium');
    // The title may name the solution: it is never the task; it stays in a comment above the stub, and names the file.
    assert.equal(fixture.task, TASK_STUB);
    assert.match(readFileSync(path, 'utf8'), /\n# The change's title, which may name the symbols that solve it: Orders of ten books or more get 10% off\ntask: "TODO/);
    assert.deepEqual(fixture.diff, { base: repo.git('rev-parse', `${merge}^1`), head: merge });
    assert.equal(fixture.source_ref, 'https://github.com/example/shop/pull/7');
    assert.deepEqual(fixture.ground_truth, []);
    assert.equal(fixture.labeler, undefined, 'the first rater to label becomes the labeler');
    // The changed function first, then its caller.
    assert.deepEqual(fixture.candidates, ['shop/pricing.apply_discount', 'shop/cart.Cart.total', 'shop/pricing.DISCOUNT_CAP']);
    const v = await run(corpus, 'validate', corpus);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.doesNotMatch(v.stdout, /tasks\/shop.*(error|warning)/);
  });

  it('--pr N finds a squash merge "Title (#N)" and not #70 or #7 for #1', async () => {
    const { repo, corpus, squash } = setup();
    const r = await run(corpus, 'new', '--repo', 'shop', '--pr', '12', '--tier', 'easy');
    assert.equal(r.code, 0, r.stderr);
    const path = join(corpus, 'tasks/shop/easy/01-cart-totals-round-to-cents.yaml');
    const { fixture } = readFixture(readFileSync(path, 'utf8'), path);
    assert.equal(fixture.task, TASK_STUB);
    assert.match(readFileSync(path, 'utf8'), /# The change's title, which may name the symbols that solve it: Cart totals round to cents\n/);
    assert.deepEqual(fixture.diff, { base: repo.git('rev-parse', `${squash}^1`), head: squash });
    // A changed method, not its class: Cart's own lines did not change; the constructor setting the instance attribute it
    // reads, then that attribute, its own state on `self` (weak evidence, listed while few neighbours are strong).
    assert.deepEqual(fixture.candidates, ['shop/cart.Cart.total', 'shop/pricing.apply_discount', 'shop/cart.Cart.__init__', 'shop/cart.Cart.lines']);
    const missing = await run(corpus, 'new', '--repo', 'shop', '--pr', '1');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no commit message names PR #1 /);
    assert.equal(missing.stderr.trim().split('\n').length, 1);
  });

  it('--base/--head: a task stub when head is no merge, the next free number, --id and --out, and never an overwrite', async () => {
    const { corpus, base, merge, squash } = setup();
    const first = await run(corpus, 'new', '--repo', 'shop', '--base', `${squash}^1`, '--head', squash, '--tier', 'hard', '--task', 'Round totals');
    assert.equal(first.code, 0, first.stderr);
    const second = await run(corpus, 'new', '--repo', 'shop', '--base', base, '--head', merge, '--tier', 'hard', '--id', 'shop-bulk');
    assert.equal(second.code, 0, second.stderr);
    const stub = await run(corpus, 'new', '--repo', 'shop', '--base', base, '--head', squash + '~0', '--tier', 'hard');
    assert.equal(stub.code, 0, stub.stderr);
    assert.deepEqual(readdirSync(join(corpus, 'tasks/shop/hard')).sort(), ['01-round-totals.yaml', '02-orders-of-ten-books-or-more.yaml', '03-cart-totals-round-to-cents.yaml']);
    const second2 = readFixture(readFileSync(join(corpus, 'tasks/shop/hard/02-orders-of-ten-books-or-more.yaml'), 'utf8'), 'x');
    assert.equal(second2.fixture.id, 'shop-bulk');
    // A range whose head is a plain commit: the stub, said so.
    const plain = await run(corpus, 'new', '--repo', 'shop', '--base', `${merge}^2~1`, '--head', `${merge}^2`, '--out', 'tasks/shop/hard/09-plain.yaml');
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /the task is a stub/);
    const text = readFileSync(join(corpus, 'tasks/shop/hard/09-plain.yaml'), 'utf8');
    assert.match(text, /task: "TODO: the task as its issue states it, naming no symbol of the change"/);
    assert.match(text, /difficulty: "medium"/);
    // The same --out again: refused, the file as it was.
    const again = await run(corpus, 'new', '--repo', 'shop', '--base', base, '--head', merge, '--out', 'tasks/shop/hard/09-plain.yaml');
    assert.equal(again.code, 1);
    assert.match(again.stderr, /09-plain\.yaml: already exists; nothing was written/);
    assert.equal(readFileSync(join(corpus, 'tasks/shop/hard/09-plain.yaml'), 'utf8'), text);
    assert.deepEqual(readdirSync(join(corpus, 'tasks/shop/hard')).filter((n) => n.startsWith('.')), [], 'no temp file left');
  });

  it('refuses bad input in one line: an unknown repo, a bad tier, --pr with --base', async () => {
    const { corpus, base, merge } = setup();
    const unknown = await run(corpus, 'new', '--repo', 'nope', '--base', base, '--head', merge);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /repos\.yaml: has no repo `nope`: use one of shop/);
    const tier = await run(corpus, 'new', '--repo', 'shop', '--base', base, '--head', merge, '--tier', 'extreme');
    assert.equal(tier.code, 2);
    assert.match(tier.stderr, /--tier must be easy or medium or hard/);
    const both = await run(corpus, 'new', '--repo', 'shop', '--pr', '7', '--base', base);
    assert.equal(both.code, 2);
    assert.ok(!existsSync(join(corpus, 'tasks')));
  });
});
