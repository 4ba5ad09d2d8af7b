// The benchmark panel in a real VS Code when a system answers nothing (issue 25): a command system
// that returns no symbols with its own warning, as gitnexus 1.6.12 does offline, run from the
// panel's command on a demo fixture. The page says so above the scores, in the system's words,
// and the row says the answer is degraded. In code-server the page itself is read; elsewhere the
// messages it is sent.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../src/extension/services';
import { journeySuite, panelMessages, runFromPanel, screenshot } from './helpers';
import { webview } from './ui';

const FIXTURE = 'tasks/bookshop/easy/01-bulk-discount.yaml';
const WARNING = 'FTS extension failed to load — keyword search degraded';

describe('benchmark panel: a system that answers nothing is said to be degraded', function () {
  this.timeout(240_000);
  let messages: ReturnType<typeof panelMessages> | undefined;
  let saved: string | undefined;
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const systemsFile = () => join(folder(), 'systems.yaml');
  journeySuite((s: Services) => {
    messages = panelMessages(s);
    saved = readFileSync(systemsFile(), 'utf8');
    const answer = JSON.stringify({ results: [], warning: WARNING });
    writeFileSync(systemsFile(), `${saved}\n  - name: silent\n    type: command\n    query: [/bin/sh, -c, ${JSON.stringify(`printf '%s' '${answer}'`)}]\n`
      + '    parse: {format: json, symbols: "results[].symbol"}\n');
  }, () => {
    messages?.dispose();
    if (saved !== undefined) writeFileSync(systemsFile(), saved);
  });

  it('shows the system\'s own warning above the scores and marks its row degraded', async () => {
    const results = await runFromPanel(messages!, vscode.Uri.file(join(folder(), FIXTURE)), ['silent', 'grep']);
    const silent = results.rows.find((r) => r.system === 'silent')!;
    assert.equal(silent.health, 'empty');
    assert.equal(silent.warning, WARNING);
    const line = `silent returned no symbols on 1 of 1 answer: its scores are zeros of a degraded system, not a measure of its retrieval. It warned: "${WARNING}"`;
    assert.deepEqual(results.checks!.health, [line]);

    const page = await webview.text('panel-system-health', '#root', 'System health');
    if (page !== undefined) {
      assert.ok(page.includes('System health: these scores are not all retrieval.'), 'the warning\'s lead');
      assert.ok(page.includes(line), 'the line, in the system\'s words');
      assert.ok(page.includes('degraded: no symbols returned'), 'the row says it');
    }
    await screenshot('14-panel-system-health');
  });
});
