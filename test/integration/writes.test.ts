// The editor's edits follow the CLI's rules for a fixture's bytes. A fixture that is not UTF-8
// opens with U+FFFD where its bytes are not UTF-8, and saving an edit would write those instead:
// every label command refuses before it edits, with the CLI's `path:line:col: error: not valid
// UTF-8`, and the document and the bytes on disk stay as they were. A CRLF fixture gets CRLF lines.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { canDriveUi, eventually, journeySuite, notifications, setRater } from './helpers';

/** Labeled by dana, not yet reviewed: her clicks edit ground_truth. */
const SOURCE = 'tasks/bookshop/easy/02-price-currency.yaml';

describe('fixture bytes in the editor', function () {
  this.timeout(120_000);
  let s: Services;
  const made = journeySuite((services) => (s = services));
  const workspace = (): string => vscode.workspace.workspaceFolders![0].uri.fsPath;

  /** A copy of a demo fixture beside it, with its own id, as `bytes(text)` makes it. */
  function copy(suffix: string, bytes: (text: string) => Buffer): { uri: vscode.Uri; bytes: Buffer; relative: string } {
    const text = readFileSync(join(workspace(), SOURCE), 'utf8').replace(/^id: "([^"]+)"/m, `id: "$1-${suffix}"`);
    const relative = SOURCE.replace(/\.yaml$/, `.integration-${suffix}-${process.pid}.yaml`);
    const path = join(workspace(), relative);
    const content = bytes(text);
    writeFileSync(path, content);
    made.push(path);
    return { uri: vscode.Uri.file(path), bytes: content, relative };
  }


  it('a fixture that is not valid UTF-8: every label command refuses before it edits, naming path:line:col; document and bytes unchanged', async () => {
    // A Latin-1 'é' (the byte 0xE9, never UTF-8 on its own) in the task: still valid YAML.
    const { uri, bytes, relative } = copy('latin1', (text) => {
      const at = text.indexOf('task: "') + 'task: "'.length;
      return Buffer.concat([Buffer.from(`${text.slice(0, at)}Caf`), Buffer.from([0xe9]), Buffer.from(` ${text.slice(at)}`)]);
    });
    const line = bytes.subarray(0, bytes.indexOf(0xe9)).toString('latin1').split('\n').length;
    const message = `${relative}:${line}:11: error: not valid UTF-8`;
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const shown = document.getText();
    assert.ok(shown.includes('task: "Caf\uFFFD '), 'VS Code shows the byte as U+FFFD');
    const [first] = readFixture(shown, uri.fsPath).fixture.ground_truth;
    // The labeler, so the clicks (labelHigh, removeSymbolLabel) would edit ground_truth.
    await setRater('dana');
    await s.session.open(uri);

    const attempts: [string, object][] = [
      ['fixtureLab.addLabel', { uri, symbol: 'shop/pricing.price_with_tax', confidence: 'HIGH', reason: 'needed' }],
      ['fixtureLab.removeLabel', { uri, symbol: first.symbol }],
      ['fixtureLab.labelHigh', { symbol: 'shop/models.LineItem', reason: 'needed' }],
      ['fixtureLab.removeSymbolLabel', { symbol: first.symbol }],
    ];
    for (const [command, args] of attempts) {
      await vscode.commands.executeCommand('notifications.clearAll');
      const done = await vscode.commands.executeCommand(command, args);
      assert.equal(done, undefined, `${command} did not fail`);
      assert.equal(document.isDirty, false, `${command} edited the document`);
      assert.equal(document.getText(), shown, `${command} changed the text`);
      assert.ok(readFileSync(uri.fsPath).equals(bytes), `${command} changed the bytes on disk`);
      if (canDriveUi()) {
        await eventually(async () => {
          const texts = await notifications();
          assert.ok(texts.some((t) => t.includes(message)), `${command}: no notification says ${message}: ${JSON.stringify(texts)}`);
        });
      }
    }
  });

  it('a real U+FFFD in a UTF-8 fixture is only a character: the edit goes ahead', async () => {
    const { uri } = copy('fffd', (text) => Buffer.from(text.replace('task: "', 'task: "\uFFFD '), 'utf8'));
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(await vscode.commands.executeCommand('fixtureLab.addLabel', { uri, symbol: 'shop/pricing.price_with_tax', confidence: 'HIGH', reason: 'needed' }), true);
    assert.ok(readFixture(document.getText(), uri.fsPath).fixture.ground_truth.some((l) => l.symbol === 'shop/pricing.price_with_tax'));
    await vscode.commands.executeCommand('workbench.action.files.revert', uri);
  });

  it('a CRLF fixture keeps CRLF: the added lines end in CRLF too', async () => {
    // Its own rater, not the one an earlier test left set: the test runs alone too.
    await setRater('dana');
    const { uri } = copy('crlf', (text) => Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8'));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    assert.equal(document.eol, vscode.EndOfLine.CRLF);
    assert.equal(await vscode.commands.executeCommand('fixtureLab.addLabel', { uri, symbol: 'shop/pricing.price_with_tax', confidence: 'HIGH', reason: 'needed' }), true);
    assert.match(document.getText(), /\r\n {2}- symbol: "shop\/pricing\.price_with_tax"\r\n {4}confidence: HIGH\r\n {4}reason: "needed"\r\n/);
    assert.equal(await document.save(), true);
    assert.doesNotMatch(readFileSync(uri.fsPath, 'utf8'), /[^\r]\n/, 'a lone LF on disk');
  });
});
