// The extension in a real extension host: activation, the command table, and the label
// commands' contract (one WorkspaceEdit on the open document, not saved, undoable).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import { canDriveUi, eventually, notifications } from './helpers';

const SYMBOL = 'shop/pricing.apply_discount';

describe('Fixture Lab extension', () => {
  it('registers its commands on activation', async () => {
    assert.ok(vscode.extensions.getExtension('fixture-lab.fixture-lab')?.isActive);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['fixtureLab.addLabel', 'fixtureLab.removeLabel', 'fixtureLab.validateCorpus', 'fixtureLab.showAgreement', 'fixtureLab.writeReport']) {
      assert.ok(commands.includes(id), `${id} is not registered`);
    }
  });

  it('a command takes one object: a positional argument or a field of the wrong type is refused in one line, before anything runs', async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await vscode.commands.executeCommand('fixtureLab.revealSymbol', 'shop/cart.Cart.total'), undefined);
    // Without its guard, addLabel would go on to ask for a confidence and wait.
    assert.equal(await vscode.commands.executeCommand('fixtureLab.addLabel', { symbol: 42 }), undefined);
    assert.equal(await vscode.commands.executeCommand('fixtureLab.confirmFailureCategory'), undefined);
    if (canDriveUi()) {
      await eventually(async () => {
        const shown = await notifications();
        for (const message of ['fixtureLab.revealSymbol was given an argument it does not take', 'fixtureLab.addLabel was given', 'pick a miss in the Triage view']) {
          assert.ok(shown.some((t) => t.includes(message)), `${message}: ${JSON.stringify(shown)}`);
        }
      });
    }
  });

  describe('label edits', () => {
    let copy: vscode.Uri;
    let original: string;

    // A copy of a corpus fixture beside it (so it belongs to the corpus): the originals stay untouched.
    before(async () => {
      const fixtures = await vscode.workspace.findFiles('**/tasks/**/*.yaml', '**/node_modules/**');
      const source = fixtures.map((uri) => uri.fsPath).sort()
        .find((file) => !fs.readFileSync(file, 'utf8').includes('apply_discount') && readFixture(fs.readFileSync(file, 'utf8'), file).fixture.ground_truth.length > 0);
      assert.ok(source, 'no fixture under tasks/ with ground truth and without apply_discount in the workspace');
      original = fs.readFileSync(source, 'utf8');
      copy = vscode.Uri.file(source.replace(/\.ya?ml$/, `.integration-${process.pid}.yaml`));
      fs.writeFileSync(copy.fsPath, original);
      // Labels are written as a rater: this fixture's labeler, whose list ground_truth is before a review.
      await vscode.workspace.getConfiguration('fixtureLab').update('raterName', readFixture(original, source).fixture.labeler, vscode.ConfigurationTarget.Global);
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      if (copy) fs.rmSync(copy.fsPath, { force: true });
      await vscode.workspace.getConfiguration('fixtureLab').update('raterName', undefined, vscode.ConfigurationTarget.Global);
    });

    async function expectUndoRestores(document: vscode.TextDocument): Promise<void> {
      assert.ok(document.isDirty, 'the edit left the document clean');
      assert.equal(fs.readFileSync(copy.fsPath, 'utf8'), original, 'the edit was saved to disk');
      await vscode.commands.executeCommand('undo');
      await eventually(() => assert.equal(document.getText(), original));
      assert.equal(document.isDirty, false);
    }

    it('addLabel adds a ground-truth entry as one undoable edit, not saved', async () => {
      const document = await vscode.workspace.openTextDocument(copy);
      await vscode.window.showTextDocument(document);
      const done = await vscode.commands.executeCommand('fixtureLab.addLabel', { uri: copy, symbol: SYMBOL, confidence: 'HIGH', reason: 'test reason' });
      assert.equal(done, true);
      const { fixture } = readFixture(document.getText(), copy.fsPath);
      const label = fixture.ground_truth.find((l) => l.symbol === SYMBOL);
      // It records the revision it was made at (the fixture's, a full SHA) and the body it saw there.
      assert.deepEqual(label && { ...label, body_hash: /^[0-9a-f]{16}$/.test(label.body_hash ?? '') },
        { symbol: SYMBOL, confidence: 'HIGH', reason: 'test reason', at: fixture.diff?.base ?? fixture.commit, body_hash: true });
      await expectUndoRestores(document);
    });

    it('refuses to edit a fixture over 1 MB, naming it, and says why among the problems', async () => {
      const big = vscode.Uri.file(copy.fsPath.replace(/\.yaml$/, '-big.yaml'));
      const text = `${original}notes: "${'x'.repeat(1_200_000)}"\n`;
      fs.writeFileSync(big.fsPath, text);
      try {
        const document = await vscode.workspace.openTextDocument(big);
        await vscode.window.showTextDocument(document);
        // Toasts left by earlier suites would hide this one (VS Code shows a few at a time).
        await vscode.commands.executeCommand('notifications.clearAll');
        const done = await vscode.commands.executeCommand('fixtureLab.addLabel', { uri: big, symbol: SYMBOL, confidence: 'HIGH', reason: 'test reason' });
        assert.equal(done, undefined, 'the command was refused');
        assert.equal(document.getText(), text);
        assert.equal(document.isDirty, false);
        await eventually(() => {
          const messages = vscode.languages.getDiagnostics(big).map((d) => d.message);
          assert.ok(messages.some((m) => /^is 1\.2 MB, over the 1 MB a fixture may be/.test(m)), JSON.stringify(messages));
        }, 10_000);
        if (canDriveUi()) {
          await eventually(async () => {
            const shown = await notifications();
            assert.ok(shown.some((n) => /Fixture Lab: tasks\/.*-big\.yaml: is 1\.2 MB, over the 1 MB a fixture may be/.test(n)), JSON.stringify(shown));
          }, 10_000);
        }
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        fs.rmSync(big.fsPath, { force: true });
      }
    });

    it('removeLabel removes a ground-truth entry as one undoable edit, not saved', async () => {
      const document = await vscode.workspace.openTextDocument(copy);
      await vscode.window.showTextDocument(document);
      const [first] = readFixture(original, copy.fsPath).fixture.ground_truth;
      const done = await vscode.commands.executeCommand('fixtureLab.removeLabel', { uri: copy, symbol: first.symbol });
      assert.equal(done, true);
      const symbols = readFixture(document.getText(), copy.fsPath).fixture.ground_truth.map((l) => l.symbol);
      assert.ok(!symbols.includes(first.symbol), `${first.symbol} is still labelled`);
      await expectUndoRestores(document);
    });
  });
});
