// Restricted Mode, run only in its own pass (FIXTURE_LAB_TEST_PASS=restricted, see
// test/vscode/integration.mjs): workspace trust on and this workspace never trusted, Fixture Lab
// installed in the extensions folder (an extension in development mode would be exempt from
// trust). Labeling works there; running retrieval systems, which run commands the workspace names, does not.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, EXTENSION, eventually, labelsMadeAt, notifications, panelMessages, renderLensOnHeadSide, screenshot, services, setRater } from './helpers';
import { webview } from './ui';

describe('Restricted Mode (untrusted workspace, Fixture Lab installed)', function () {
  this.timeout(60_000);
  let s: Services;
  let messages: ReturnType<typeof panelMessages>;
  const made: vscode.Uri[] = [];

  before(() => {
    s = services();
    messages = panelMessages(s);
  });

  after(async () => {
    messages.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of made) rmSync(uri.fsPath, { force: true });
    await setRater(undefined);
  });

  it('the workspace is not trusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('Fixture Lab is active from its installed folder, not in development mode', () => {
    const extension = vscode.extensions.getExtension(EXTENSION)!;
    assert.ok(extension.isActive);
    const installed = process.env.FIXTURE_LAB_EXTENSIONS_DIR;
    assert.ok(installed, 'FIXTURE_LAB_EXTENSIONS_DIR names the extensions folder');
    const { publisher, name, version } = extension.packageJSON as { publisher: string; name: string; version: string };
    assert.equal(extension.extensionUri.fsPath, join(installed, `${publisher}.${name}-${version}`));
    assert.equal(s.ctx.extension.extensionMode, vscode.ExtensionMode.Production);
  });

  it('labeling works: open a demo fixture, `+ HIGH` on a changed function with a reason, find it in the YAML', async () => {
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'restricted');
    made.push(uri);
    s.corpus.reload();
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath));

    // The head side of web/src/cart.ts, its CodeLens from the installed extension's tree-sitter.
    const head = readFixture(original, uri.fsPath).fixture.diff!.head;
    const { high } = await renderLensOnHeadSide(head);
    assert.equal(high.command!.command, 'fixtureLab.labelHigh');
    const reason = 'Renders the cart; the badge is drawn here';
    assert.equal(await vscode.commands.executeCommand(high.command!.command, { ...(high.command!.arguments![0] as object), reason }), true);

    const yaml = await vscode.workspace.openTextDocument(uri);
    const expected = [{ symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason }];
    const base = readFixture(original, uri.fsPath).fixture.diff!.base;
    assert.deepEqual(labelsMadeAt(readFixture(yaml.getText(), uri.fsPath).fixture.ground_truth, base), expected);
    assert.equal(await yaml.save(), true);
    assert.deepEqual(labelsMadeAt(readFixture(readFileSync(uri.fsPath, 'utf8'), uri.fsPath).fixture.ground_truth, base), expected);
    await vscode.window.showTextDocument(yaml);
    await screenshot('01-restricted-labeled');
  });

  it('running systems does not: fixtureLab.runBenchmark refuses, naming Restricted Mode, and writes no results/', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('fixtureLab.runBenchmark'), 'fixtureLab.runBenchmark is not registered');
    assert.ok(await s.session.current(), 'a fixture is open: the refusal is for want of trust, not of a fixture');
    const results = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'results');
    assert.ok(!existsSync(results));
    await vscode.commands.executeCommand('notifications.clearAll');

    // `grep` is a built-in baseline: with trust it would run.
    const outcome = await vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: ['grep'] }).then((value) => ({ value }), (error: Error) => ({ error }));
    if ('error' in outcome) assert.match(outcome.error.message, /Restricted Mode/);
    else assert.ok(outcome.value === undefined || outcome.value === false, `it ran: ${String(outcome.value)}`);
    if (canDriveUi()) {
      const shown = await eventually(async () => {
        const texts = await notifications();
        assert.ok(texts.some((t) => /Restricted Mode/.test(t)), `no notification names Restricted Mode: ${JSON.stringify(texts)}`);
        return texts;
      });
      assert.ok(shown.length > 0);
      await screenshot('02-restricted-run-refused');
    }
    assert.ok(!existsSync(results), 'a results/ folder was created');

    // The panel says so too: its run form is disabled, with the reason.
    await vscode.commands.executeCommand('fixtureLab.openPanel');
    const controls = await eventually(() => {
      const last = messages.of('fixture').at(-1);
      assert.ok(last?.type === 'fixture' && last.header, 'the panel was told the fixture');
      return last.controls;
    }, 20_000);
    assert.equal(controls.canRun, false);
    assert.match(controls.disabledReason ?? '', /Restricted Mode/);
    const page = await webview.text('restricted-panel', '#root', 'Restricted Mode');
    if (page !== undefined) assert.match(page, /Running systems is disabled in Restricted Mode/);
    await screenshot('03-restricted-panel');
  });
});
