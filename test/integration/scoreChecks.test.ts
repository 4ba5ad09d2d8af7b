// The benchmark panel's score checks in a real VS Code (issue 18): a demo fixture whose raters
// disagree, the baselines run from the panel, and the page read as a person reads it: each
// system's Judged@10 beside its scores, and each headline metric as settled with its range over
// the contested labels. In code-server the page itself is read; elsewhere the messages it is sent.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { fmt } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { journeySuite, panelMessages, runFromPanel, screenshot } from './helpers';
import { webview } from './ui';

const FIXTURE = 'tasks/bookshop/medium/01-queue-retry-limit.yaml';

describe('benchmark panel: Judged@10 and dispute sensitivity after a run', function () {
  this.timeout(240_000);
  let messages: ReturnType<typeof panelMessages> | undefined;
  journeySuite((s: Services) => (messages = panelMessages(s)), () => messages?.dispose());
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;

  it('shows each system\'s Judged@10 beside its scores and each headline metric\'s range over the contested labels', async () => {
    const results = await runFromPanel(messages!, vscode.Uri.file(join(folder(), FIXTURE)), ['grep', 'bm25']);
    const checks = results.checks!;
    // The fixture's raters disagree on some symbols: the ranges are over those.
    assert.ok(checks.sensitivity.contested > 0, 'medium-01 has contested items');
    assert.deepEqual(checks.sensitivity.rows.map((r) => r.system), results.rows.map((r) => r.system), 'the ranges in the order of the table');
    for (const row of results.rows) assert.equal(typeof row.judged, 'number', `${row.system} has Judged@10`);

    const page = await webview.text('panel-checks-results', '#root', 'Dispute sensitivity');
    if (page !== undefined) {
      assert.ok(page.includes('Judged@10'), 'the Judged@10 column');
      for (const row of results.rows) assert.ok(page.includes(fmt(row.judged)), `${row.system}'s Judged@10 ${fmt(row.judged)} is shown`);
      if (results.rows.some((r) => r.judged! < 0.9)) assert.ok(page.includes('under 0.9'), 'a Judged@10 under 0.9 is warned about');
      assert.match(page, new RegExp(`${checks.sensitivity.contested} contested items?, ${checks.sensitivity.open} open`));
      for (const row of checks.sensitivity.rows) {
        const r = row.ranges['R@10'];
        const values = [r.settled, r.included, r.excluded].filter((v): v is number => v !== null);
        const shown = `${fmt(r.settled)} [${fmt(Math.min(...values))}, ${fmt(Math.max(...values))}]`;
        assert.ok(page.includes(shown), `${row.system}'s R@10 as settled and its range, ${shown}`);
      }
      for (const flip of checks.sensitivity.flips) assert.ok(page.includes(flip), flip);
    }
    await screenshot('12-panel-score-checks');
  });
});
