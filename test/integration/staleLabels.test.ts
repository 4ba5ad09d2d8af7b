// The benchmark panel in a real VS Code on a fixture edited by hand: its ground truth holds a label
// made at another revision, whose symbol is other code where the fixture runs (validate's
// stale-label), which the panel scores against as it stands and says so above the scores, in
// validate's words; or its task was reworded after a run, whose answer is then left out and said.
// In code-server the page itself is read; elsewhere the messages it is sent.
import * as assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { cli } from '../../src/cli/cli';
import type { Services } from '../../src/extension/services';
import { copyFixture, eventually, journeySuite, panelMessages, runFromPanel, screenshot } from './helpers';
import { webview } from './ui';

/** bookshop-easy-01's head: the change rewrote apply_discount, so its body there is not its body at diff.base. */
const HEAD = '6d2dc9693e1f13b86b62ede8d4af7c608f205026';

describe('benchmark panel: ground truth labeled at another revision is said above the scores', function () {
  this.timeout(240_000);
  let messages: ReturnType<typeof panelMessages> | undefined;
  let copy: vscode.Uri | undefined;
  let corpusRun: string | undefined;
  journeySuite((s: Services) => {
    messages = panelMessages(s);
  }, () => {
    messages?.dispose();
    if (copy) rmSync(copy.fsPath, { force: true });
    if (corpusRun) rmSync(corpusRun, { recursive: true, force: true });
  });

  it('names the label whose code differs where the systems ran, and the fixture is scored all the same', async () => {
    const { uri, original } = copyFixture('bookshop/easy/01-bulk-discount.yaml', 'stale');
    copy = uri;
    // apply_discount's ground-truth entry as if labeled at head (the fixture's revision edited by hand since).
    const edited = original.replace(/(ground_truth:\n  - symbol: "shop\/pricing\.apply_discount"\n)/, `$1    at: "${HEAD}"\n`);
    assert.notEqual(edited, original);
    writeFileSync(uri.fsPath, edited);
    // A corpus run over it and the fixture it copies (what the Corpus tab shows), then the panel opened afresh.
    let stderr = '';
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const code = await cli(['run', '.', '--systems', 'grep', '--tasks', 'bookshop-easy-01*', '--budget', '5000'],
      { cwd: folder, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } });
    assert.equal(code, 0, stderr);
    corpusRun = join(folder, 'results', readdirSync(join(folder, 'results')).filter((n) => n.startsWith('run-')).sort().at(-1)!);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const results = await runFromPanel(messages!, uri, ['grep']);
    const lines = results.checks!.staleLabels ?? [];
    assert.equal(lines.length, 1, JSON.stringify(lines));
    assert.match(lines[0], /^`shop\/pricing\.apply_discount` was labeled at 6d2dc96, and at diff\.base 76fa6ca its body differs there: it may name other code where systems run/);
    assert.ok(results.rows.find((r) => r.system === 'grep')?.metrics['P@10'] !== null, 'scored all the same');

    const page = await webview.text('panel-stale-labels', '#root', 'labeled at another revision');
    if (page !== undefined) {
      assert.ok(page.includes('Ground truth labeled at another revision, whose code differs where the systems ran: these scores count it as it stands.'), 'the lead');
      assert.ok(page.includes(lines[0]), 'the line, in validate\'s words');
    }
    await screenshot('72-panel-stale-labels');

    // The Corpus tab says it too, in the same words, after the fixture's file.
    const corpus = await eventually(() => {
      const last = messages!.of('corpus').at(-1)?.corpus;
      assert.ok(last?.checks?.staleLabels?.length, JSON.stringify(last?.checks));
      return last;
    }, 30_000);
    assert.equal(corpus.run, basename(corpusRun));
    const file = vscode.workspace.asRelativePath(uri, false);
    assert.deepEqual(corpus.checks!.staleLabels, [`${file}: ${lines[0]}`]);
    if (await webview.click('panel-stale-labels-corpus-tab', 'vscode-tab-header[data-tab="corpus"]')) {
      const shown = await webview.text('panel-stale-labels-corpus', '#root', 'labeled at another revision');
      if (shown !== undefined) assert.ok(shown.includes(corpus.checks!.staleLabels[0]), 'the Corpus tab shows the line');
      assert.ok(await webview.click('panel-stale-labels-results-tab', 'vscode-tab-header[data-tab="results"]'));
    }
  });

  it('leaves out an answer given to the task before it was reworded, and says so above the scores', async () => {
    const { uri } = copyFixture('bookshop/easy/01-bulk-discount.yaml', 'reworded');
    const cleanup = copy;
    copy = uri;
    if (cleanup) rmSync(cleanup.fsPath, { force: true });
    const results = await runFromPanel(messages!, uri, ['grep']);
    assert.equal(results.rows.find((r) => r.system === 'grep')?.status, 'ok');
    assert.deepEqual(results.checks?.staleAnswers ?? [], []);
    // The task reworded in the editor, unsaved: the document is what the panel scores against.
    const document = await vscode.workspace.openTextDocument(uri);
    const line = document.getText().split('\n').findIndex((l) => l.startsWith('task: '));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, document.lineAt(line).range, 'task: "Large orders get a discount, capped at half the subtotal."');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const left = await eventually(() => {
      const last = messages!.of('results').at(-1)?.results;
      assert.ok(last?.checks?.staleAnswers?.length, JSON.stringify(last?.checks?.staleAnswers));
      return last;
    }, 30_000);
    assert.match(left.checks!.staleAnswers![0],
      /^grep's answer to bookshop-easy-01-reworded was given to another task text than its fixture's now \(its task was edited since\): not scored here; run grep on it again/);
    assert.notEqual(left.rows.find((r) => r.system === 'grep')?.status, 'ok', 'no score from the old answer');
    const page = await webview.text('panel-stale-answers', '#root', 'Left out of these scores: answers given to a fixture as it was');
    if (page !== undefined) assert.ok(page.includes(left.checks!.staleAnswers![0]), 'the line');
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(document.isDirty, false);
  });
});
