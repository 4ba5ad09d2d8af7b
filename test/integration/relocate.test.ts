// Labels that follow the code, in the editor: editing an open fixture's revision (diff.base) to
// another commit shows the relocation report (the CLI's, from the revision the edit replaced),
// and Apply Moves writes the moves into the document as one undoable edit.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, eventually, journeySuite, notifications, replaceFirst } from './helpers';

/** The demo change that moves web/src/money.ts to web/src/format/money.ts: its base and head. */
const BASE = '0daa2a0f21f27374ac016e54129c227c412217a5';
const HEAD = 'fa448cd54e3c6dce2428ce7514352d6b5fe6f380';

describe('relocation: editing a fixture\'s revision', function () {
  this.timeout(120_000);
  let s: Services;
  const made = journeySuite((services) => (s = services));

  it('a change\'s labels stay at its diff.base: Apply the Labels\' Moves is refused on it, the document untouched', async () => {
    const { uri } = copyFixture('bookshop/easy/02-price-currency.yaml', 'relocate-diff');
    made.push(uri.fsPath);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    await replaceFirst(document, BASE, HEAD);
    await eventually(() => assert.ok(s.relocations.latest(uri), 'a report for the edited fixture'), 60_000);
    const edited = document.getText();
    await assert.rejects(Promise.resolve(s.relocations.apply(uri)), /bookshop-easy-02-relocate-diff is a change \(diff\): it is labeled and run at diff\.base/);
    // Through the command, as the palette runs it: refused (the handler shows the error), nothing written.
    assert.notEqual(await vscode.commands.executeCommand('fixtureLab.applyRelocation', { uri }), true);
    assert.equal(document.getText(), edited);
  });

  it('shows where the labels went and applies the moves of a commit fixture as one undoable edit', async () => {
    const { uri, original: diffText } = copyFixture('bookshop/easy/02-price-currency.yaml', 'relocate');
    made.push(uri.fsPath);
    // The same labels on a fixture of one commit (no change): its revision is `commit`.
    const original = diffText.replace(`diff:\n  base: "${BASE}"\n  head: "${HEAD}"\n`, `commit: "${BASE}"\n`);
    assert.ok(original.includes(`commit: "${BASE}"`));
    writeFileSync(uri.fsPath, original);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('notifications.clearAll');

    // The labeler moves the fixture to the change's head, as a person types it.
    await replaceFirst(document, BASE, HEAD);
    const edited = document.getText();

    const report = await eventually(() => {
      const r = s.relocations.latest(uri);
      assert.ok(r, 'a report for the edited fixture');
      return r;
    }, 60_000);
    assert.equal(report.to, HEAD);
    assert.deepEqual(report.relocations.map((r) => [r.symbol, r.status, r.moved_to]), [
      ['web/src/money.formatPrice', 'gone', undefined],
      ['web/src/cart.CartView.totalLabel', 'changed', undefined],
      ['web/src/cart.CartView.constructor', 'changed', undefined],
      ['web/src/money.centsToUnits', 'moved', 'web/src/format/money.centsToUnits'],
    ]);
    assert.ok(report.relocations.every((r) => r.from === BASE), 'labels without `at` are compared from the revision the edit replaced');
    if (canDriveUi()) {
      await eventually(async () => {
        const shown = await notifications();
        assert.ok(shown.some((n) => n.includes('bookshop-easy-02-relocate: the revision changed; 4 labeled symbols at fa448cd: 0 unchanged, 1 moved, 2 changed, 1 gone')),
          JSON.stringify(shown));
      });
    }

    // Show Report: the CLI's lines, as plain text.
    assert.equal(await vscode.commands.executeCommand('fixtureLab.showRelocation', { uri }), true);
    const shown = await eventually(() => {
      const d = vscode.window.visibleTextEditors.map((e) => e.document).find((x) => x.isUntitled && x.getText().includes('labels followed to'));
      assert.ok(d, 'the report is shown');
      return d;
    });
    assert.equal(shown.languageId, 'plaintext');
    assert.ok(shown.getText().includes('moved      web/src/money.centsToUnits -> web/src/format/money.centsToUnits (web/src/format/money.ts:5) [ground_truth]'),
      shown.getText());

    // Apply Moves: only the move is written, in the fixture's document, not saved; undo takes it back.
    assert.equal(await vscode.commands.executeCommand('fixtureLab.applyRelocation', { uri }), true);
    const after = readFixture(document.getText(), uri.fsPath).fixture;
    assert.equal(after.commit, HEAD, 'the labels and the commit move together');
    assert.deepEqual(after.ground_truth.map((l) => l.symbol),
      ['web/src/money.formatPrice', 'web/src/cart.CartView.totalLabel', 'web/src/cart.CartView.constructor', 'web/src/format/money.centsToUnits']);
    const moved = after.ground_truth[3];
    assert.equal(moved.at, HEAD);
    assert.match(moved.body_hash ?? '', /^[0-9a-f]{16}$/);
    // The gone and changed labels say where they were made, so the next report still finds them gone and changed.
    assert.deepEqual(after.ground_truth.slice(0, 3).map((l) => [l.at, /^[0-9a-f]{16}$/.test(l.body_hash ?? '')]), [[BASE, true], [BASE, true], [BASE, true]]);
    assert.ok(after.candidates.includes('web/src/format/money.centsToUnits') && !after.candidates.includes('web/src/money.centsToUnits'));
    assert.ok(document.isDirty);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    await eventually(() => assert.equal(document.getText(), edited));
  });
});
