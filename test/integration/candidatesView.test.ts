// The Candidates view in a real VS Code, for a change that touches tests: each neighbour says why
// it is there in its description, test files come after the code's, and under a changed symbol its
// test neighbours are grouped last in `tests (n)`. The change is two commits made in the demo
// repository's object store (a temporary index; no branch, HEAD or working tree moves).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { repositoryPath } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { commitObjects, copyFixture, eventually, journeySuite, setRater } from './helpers';

const TESTS = `from shop.cart import Cart


def test_total(customer, book):
    cart = Cart(customer)
    cart.add(book, 2)
    assert cart.total() == 2000


def test_empty(customer):
    assert Cart(customer).total() == 0
`;

describe('Candidates view', function () {
  this.timeout(120_000);
  let s!: Services;
  const made = journeySuite((started) => (s = started));

  it('shows why for each neighbour, test files after the code, and a changed symbol\'s test neighbours last', async () => {
    const corpus = await s.corpus.require();
    const repo = repositoryPath(corpus.dir, corpus.repos.find((r) => r.name === 'bookshop')!);
    const head = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const cart = execFileSync('git', ['-C', repo, 'show', `${head}:shop/cart.py`], { encoding: 'utf8' });
    const withTests = commitObjects(repo, head, { 'tests/test_cart.py': TESTS }, 'cart tests');
    const changed = commitObjects(repo, withTests, {
      'shop/cart.py': cart.replace('        return price_with_tax(apply_discount(self.subtotal(), percent))', '        return price_with_tax(apply_discount(self.subtotal(), min(percent, 50)))'),
      'tests/test_cart.py': TESTS.replace('assert cart.total() == 2000', 'assert cart.total(extra_percent=90) == 1000'),
    }, 'cap the discount');

    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/medium/02-drop-legacy-coupons.yaml', 'candidates-view');
    writeFileSync(uri.fsPath, original.replace(/base: "[0-9a-f]+"/, `base: "${withTests}"`).replace(/head: "[0-9a-f]+"/, `head: "${changed}"`));
    made.push(uri.fsPath);
    s.corpus.reload();
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });

    const roots = await eventually(async () => {
      const found = await s.candidatesTree.getChildren();
      assert.ok(found.some((n) => s.candidatesTree.getTreeItem(n).label === 'shop/cart.py'), JSON.stringify(found.map((n) => s.candidatesTree.getTreeItem(n).label)));
      return found;
    }, 30_000);
    const labels = roots.map((n) => labelOf(s.candidatesTree.getTreeItem(n)));
    // The code's file first, the test file after it, then the cut.
    assert.deepEqual(labels.slice(0, 2), ['shop/cart.py', 'tests/test_cart.py']);
    assert.match(labels[2], /^kept \d+ of \d+/);

    const [total] = await s.candidatesTree.getChildren(roots[0]);
    assert.equal(s.candidatesTree.getTreeItem(total).label, 'cart.Cart.total');
    const under = await s.candidatesTree.getChildren(total);
    const items = under.map((n) => s.candidatesTree.getTreeItem(n));
    // Each neighbour says why; `subtotal` is called on line 31 of the changed total.
    const subtotal = items.find((i) => i.label === 'cart.Cart.subtotal');
    assert.equal(subtotal?.description, 'callee · called by cart.Cart.total (line 31)');
    // The tests come last, grouped; inside, test_empty calls total.
    const last = items.at(-1)!;
    assert.equal(last.label, 'tests (1)');
    assert.ok(items.slice(0, -1).every((i) => !labelOf(i).startsWith('test_')));
    const tests = (await s.candidatesTree.getChildren(under.at(-1))).map((n) => s.candidatesTree.getTreeItem(n));
    assert.deepEqual(tests.map((i) => [i.label, i.description]), [['test_cart.test_empty', 'caller · calls total (line 11)']]);
  });
});

/** A tree item's label as text (the view sets plain strings). */
function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}
