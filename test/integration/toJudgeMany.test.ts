// To Judge judges a selection at once (issue 28): 73 pooled symbols were 73 rulings one by one.
// Rows are selected as a person selects them (a click, then Ctrl+click), one row's Exclude rules on
// every selected row with one rationale, as one edit of the fixture (one undo), each recorded as an
// unjudged ruling; the rows leave the view and kappa does not move.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { addPooled, agreementOf, readFixture, textOf } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, eventually, journeySuite, screenshot, setRater, ui, VIEW_ROW } from './helpers';

describe('To Judge: a selection judged at once', function () {
  this.timeout(120_000);
  let s!: Services;
  const made = journeySuite((started) => (s = started));

  it('Ctrl+click selects two pooled rows; Exclude on one rules on both with one rationale, one undoable edit', async function () {
    if (!canDriveUi()) this.skip(); // the selection and the row button are driven in the page: code-server only
    await setRater('ari');
    const { uri, original } = copyFixture('bookshop/medium/01-queue-retry-limit.yaml', 'judge-many');
    made.push(uri.fsPath);
    const pooled = ['worker/jobs/email.EmailJob', 'worker/jobs/expire.ExpireJob', 'shop/models.LineItem'];
    const withPool = pooled.reduce((text, symbol) => textOf(addPooled(text, { symbol, from: ['grep'] })), original);
    writeFileSync(uri.fsPath, withPool);
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    await vscode.commands.executeCommand('fixtureLab.toJudge.focus');
    const row = VIEW_ROW('toJudge');
    await eventually(async () => {
      const [texts] = await ui([{ texts: row }]);
      assert.equal(texts!.length, 3, texts!.join(' | '));
    }, 30_000);

    await ui([{ click: row, contains: 'email.EmailJob' }, { click: row, contains: 'expire.ExpireJob', modifiers: ['Control'] }]);
    // The page draws the selection after the clicks: read once it has.
    await eventually(async () => {
      const [selected] = await ui([{ texts: `${row}.selected` }]);
      assert.equal(selected!.length, 2, selected!.join(' | '));
    });
    const why = 'Never touched by a retry limit: scheduling is the queue\'s';
    await ui([
      { click: `${row}.selected .action-label[aria-label="Exclude"]` },
      { expect: 'Exclude: 2 symbols', input: why, screenshot: '65-judge-many' },
    ]);
    const document = await vscode.workspace.openTextDocument(uri);
    const disputes = () => readFixture(document.getText(), uri.fsPath).fixture.disputes;
    await eventually(() => assert.equal(disputes().length, 2));
    assert.deepEqual(disputes().map((d) => [d.symbol, d.resolution, d.rationale, d.unjudged]).sort(), [
      ['worker/jobs/email.EmailJob', 'excluded', why, true],
      ['worker/jobs/expire.ExpireJob', 'excluded', why, true],
    ]);
    const before = readFixture(withPool, uri.fsPath).fixture;
    const after = readFixture(document.getText(), uri.fsPath).fixture;
    assert.deepEqual(agreementOf(after), agreementOf(before));
    assert.deepEqual(after.ground_truth, before.ground_truth);
    // Only the third row is left.
    await eventually(async () => {
      const [texts] = await ui([{ texts: row }]);
      assert.deepEqual(texts!.map((t) => t.includes('models.LineItem')), [true], texts!.join(' | '));
    });
    await screenshot('66-judged-many');

    // One edit: one undo takes both rulings back.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    await eventually(() => assert.equal(document.getText(), withPool));
    assert.equal(readFileSync(uri.fsPath, 'utf8'), withPool, 'nothing was saved');
  });
});
