// Journeys through the labeling workbench in a real VS Code, as a person takes them: a labeler
// opens a demo fixture from the Fixtures tree, opens its diff, clicks `+ HIGH` above a changed
// function, gives a reason, finds it in the YAML and undoes it; a verifier labels blind,
// finishes the review, sees kappa, and settles a disagreement into a dispute.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, eventually, labelsMadeAt, hoverText, linkedSymbols, notifications, renderLensOnHeadSide, screenshot, services, setRater } from './helpers';

describe('labeling workbench journeys', function () {
  this.timeout(120_000);
  let s: Services;
  const made: vscode.Uri[] = [];

  before(() => {
    s = services();
    // Activation time, kept with the screenshots for the notes (a figure, not a timed test).
    const dir = process.env.FIXTURE_LAB_SCREENSHOTS;
    if (dir) writeFileSync(join(dir, 'activation.json'), JSON.stringify({ activationMs: s.ctx.activationMs }) + '\n');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of made) rmSync(uri.fsPath, { force: true });
    await vscode.workspace.getConfiguration('fixtureLab').update('raterName', undefined, vscode.ConfigurationTarget.Global);
  });

  it('labeler: tree -> fixture -> diff -> `+ HIGH` with a reason -> in the YAML -> undo', async () => {
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'labeler');
    made.push(uri);
    s.corpus.reload();

    // The Fixtures tree: bookshop -> easy -> the copy, shown as not labeled yet.
    const [repo] = await eventually(async () => {
      const roots = await s.fixturesTree.getChildren();
      assert.ok(roots.length > 0);
      return roots;
    });
    const tiers = await s.fixturesTree.getChildren(repo);
    const easy = tiers.find((t) => s.fixturesTree.getTreeItem(t).label === 'easy')!;
    const node = await eventually(async () => {
      const found = (await s.fixturesTree.getChildren(easy)).find((n) => s.fixturesTree.getTreeItem(n).resourceUri?.fsPath === uri.fsPath);
      assert.ok(found, 'the copy is in the tree');
      return found;
    });
    const item = s.fixturesTree.getTreeItem(node);
    assert.deepEqual([item.label, item.description], ['03-labeler', '0/15']);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'circle-large-outline');
    // The row's click: it opens the row the view has selected.
    await s.fixturesView!.reveal(node, { select: true, focus: true });
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath));

    // Its diff, in the multi-file changes editor.
    const files = await vscode.commands.executeCommand<number>('fixtureLab.openDiff');
    assert.equal(files, 3);
    await screenshot('01-fixture-diff');

    // The head side of web/src/cart.ts: `+ HIGH` above CartView.render.
    const head = readFixture(original, uri.fsPath).fixture.diff!.head;
    const { side, editor, renderLine, high } = await renderLensOnHeadSide(head);
    await screenshot('02-codelens-on-diff-side');
    assert.deepEqual(high.command!.arguments, [{ symbol: 'web/src/cart.CartView.render' }]);
    // The click, with the reason typed into the quick input.
    const done = await vscode.commands.executeCommand(high.command!.command, { ...(high.command!.arguments[0] as object), reason: 'Renders the cart; the badge is drawn here' });
    assert.equal(done, true);

    const yaml = await vscode.workspace.openTextDocument(uri);
    const { fixture: labeled } = readFixture(yaml.getText(), uri.fsPath);
    assert.deepEqual(labelsMadeAt(labeled.ground_truth, labeled.diff!.base), [
      { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: 'Renders the cart; the badge is drawn here' },
    ]);
    assert.ok(yaml.isDirty, 'not saved');
    // Once labeled, the lens says so.
    await eventually(async () => {
      const after = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', side, 10);
      assert.ok(after.some((l) => l.range.start.line === renderLine && l.command?.title === 'HIGH: Renders the cart; the badge is drawn here'));
    });

    // Hovering a call offers the symbol it names, found in another file, its links labeling it by its name at base.
    const hoverAt = (call: string, name: string) => {
      const line = editor.document.getText().split('\n').findIndex((l) => l.includes(call));
      return hoverText(side, new vscode.Position(line, editor.document.lineAt(line).text.indexOf(name) + 2));
    };
    const fetch = await hoverAt('await fetchCart(id)', 'fetchCart');
    assert.match(fetch.shown, /web\/src\/api\.fetchCart/);
    assert.deepEqual(linkedSymbols(s, fetch.raw, '+ HIGH'), ['web/src/api.fetchCart']);
    // renderBadge is in a file the change adds: it does not exist at base, so it is said, not offered.
    const badge = await hoverAt('renderBadge(document', 'renderBadge');
    assert.match(badge.shown, /web\/src\/badge\.renderBadge[^\n]*\s+added by the change: it does not exist at diff\.base, where systems run, so it is not labeled/);
    assert.doesNotMatch(badge.raw, /labelHigh/);

    // Undo, in the YAML's editor.
    await vscode.window.showTextDocument(yaml);
    await vscode.commands.executeCommand('undo');
    await eventually(() => assert.equal(yaml.getText(), original));
  });

  it('a label the code does not define: written, and a warning at once saying which name is near', async function () {
    if (!canDriveUi()) this.skip();
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'typo');
    made.push(uri);
    s.corpus.reload();
    await vscode.window.showTextDocument(uri);
    await eventually(async () => assert.equal((await s.session.current())?.fixture.id, 'bookshop-easy-03-typo'));
    await vscode.commands.executeCommand('notifications.clearAll');
    const base = readFixture(original, uri.fsPath).fixture.diff!.base.slice(0, 7);

    // A click (`+ HIGH`, as the Candidates view and CodeLens give it a name) and the Add Label command.
    assert.equal(await vscode.commands.executeCommand('fixtureLab.labelHigh', { symbol: 'web/src/cart.CartView.rendr', reason: 'Draws the header' }), true);
    assert.equal(await vscode.commands.executeCommand('fixtureLab.addLabel', { uri, symbol: 'web/src/api.CartDtoo', confidence: 'MEDIUM', reason: 'The cart data' }), true);
    const yaml = await vscode.workspace.openTextDocument(uri);
    assert.deepEqual(readFixture(yaml.getText(), uri.fsPath).fixture.ground_truth.map((l) => l.symbol), ['web/src/cart.CartView.rendr', 'web/src/api.CartDtoo']);
    await eventually(async () => {
      const texts = (await notifications()).join('\n');
      assert.match(texts, new RegExp(`\`web/src/cart\\.CartView\\.rendr\` is not defined at diff\\.base ${base}: did you mean \`web/src/cart\\.CartView\\.render\`\\?`));
      assert.match(texts, new RegExp(`\`web/src/api\\.CartDtoo\` is not defined at diff\\.base ${base}: did you mean \`web/src/api\\.CartDto\`\\?`));
    });
    await screenshot('30-label-does-not-resolve');
    await vscode.window.showTextDocument(yaml);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('verifier: blind labels -> finish review -> kappa -> settle a disagreement into a dispute', async () => {
    await setRater('lee');
    const { uri } = copyFixture('bookshop/medium/02-drop-legacy-coupons.yaml', 'verifier');
    made.push(uri);
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    // Blind: the fixture's YAML (with the labeler's list) is not shown to the verifier.
    assert.notEqual(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath);
    const current = (await s.session.current())!;
    assert.equal(current.role, 'verifier');
    await screenshot('03-blind-review');

    const before = readFixture((await vscode.workspace.openTextDocument(uri)).getText(), uri.fsPath).fixture;
    assert.equal(await vscode.commands.executeCommand('fixtureLab.labelMedium', { symbol: 'shop/cart.Cart.total', reason: 'Gets the promotion percent' }), true);
    const doc = await vscode.workspace.openTextDocument(uri);
    let fixture = readFixture(doc.getText(), uri.fsPath).fixture;
    assert.deepEqual(fixture.ground_truth, before.ground_truth, 'the ground truth is untouched');
    assert.deepEqual(fixture.labels.lee.map((l) => l.symbol), ['shop/checkout.checkout', 'shop/coupons.redeem_coupon', 'shop/cart.Cart.total']);

    const agreement = await vscode.commands.executeCommand<{ kappa: number; band: string; disagreements: { symbol: string }[] }>('fixtureLab.finishReview');
    // One disagreement among the items: the constructor candidates the change's rules now find are agreed negatives too.
    assert.equal(agreement.band, 'strong');
    assert.deepEqual(agreement.disagreements.map((d) => d.symbol), ['shop/coupons.LEGACY_CODES']);
    fixture = readFixture(doc.getText(), uri.fsPath).fixture;
    assert.equal(fixture.agreement, Number(agreement.kappa.toFixed(3)));
    await screenshot('04-finished-review');

    const settled = await vscode.commands.executeCommand('fixtureLab.settleDisagreements', { symbol: 'shop/coupons.LEGACY_CODES', resolution: 'excluded', rationale: 'Deleted together with redeem_coupon; no agent needs it' });
    assert.equal(settled, 1);
    fixture = readFixture(doc.getText(), uri.fsPath).fixture;
    assert.deepEqual(fixture.disputes, [{ symbol: 'shop/coupons.LEGACY_CODES', resolution: 'excluded', rationale: 'Deleted together with redeem_coupon; no agent needs it', sided_with: 'lee' }]);
    assert.ok(!fixture.ground_truth.some((l) => l.symbol === 'shop/coupons.LEGACY_CODES'), 'ground truth follows the ruling');
    assert.equal(fixture.labels.dana.length, 4, "the labeler's own list stays as it was");
    await doc.save();
  });
});
