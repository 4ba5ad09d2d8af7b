// The benchmark panel in a real VS Code on a fixture whose ground truth holds a label made at
// another revision, whose symbol is other code where the fixture runs (validate's stale-label: a
// revision edited by hand). The panel scores against it as it stands, and says so above the
// scores, in validate's words. In code-server the page itself is read; elsewhere the messages it is sent.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Services } from '../../src/extension/services';
import { copyFixture, journeySuite, panelMessages, runFromPanel, screenshot } from './helpers';
import { webview } from './ui';

/** bookshop-easy-01's head: the change rewrote apply_discount, so its body there is not its body at diff.base. */
const HEAD = '6d2dc9693e1f13b86b62ede8d4af7c608f205026';

describe('benchmark panel: ground truth labeled at another revision is said above the scores', function () {
  this.timeout(240_000);
  let messages: ReturnType<typeof panelMessages> | undefined;
  let copy: vscode.Uri | undefined;
  journeySuite((s: Services) => {
    messages = panelMessages(s);
  }, () => {
    messages?.dispose();
    if (copy) rmSync(copy.fsPath, { force: true });
  });

  it('names the label whose code differs where the systems ran, and the fixture is scored all the same', async () => {
    const { uri, original } = copyFixture('bookshop/easy/01-bulk-discount.yaml', 'stale');
    copy = uri;
    // apply_discount's ground-truth entry as if labeled at head (the fixture's revision edited by hand since).
    const edited = original.replace(/(ground_truth:\n  - symbol: "shop\/pricing\.apply_discount"\n)/, `$1    at: "${HEAD}"\n`);
    assert.notEqual(edited, original);
    writeFileSync(uri.fsPath, edited);
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
  });
});
