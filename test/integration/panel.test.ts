// The benchmark panel and failure triage in a real VS Code, as a person uses them: open a demo
// fixture, open the panel, click Run (the built-in baselines), watch the table and the matrix
// fill, hover a symbol a system missed, set its category from the hover's link, and find the
// choice in the run's failure-analysis.md. In code-server the page itself is read and clicked
// through the outer runner (webview requests); elsewhere the same messages go through commands.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { FAILURE_CATEGORIES, FailureCategory, missedBy } from '../../src/core';
import type { HostMessage } from '../../src/shared/protocol';
import type { Services } from '../../src/extension/services';
import { panelMessages } from './helpers';
import { eventually, screenshot, webview } from './ui';

const FIXTURE = 'tasks/bookshop/easy/01-bulk-discount.yaml';
/** The results pane once its matrix is drawn (a frame after its table; the pane is aria-busy until then). */
const MATRIX_DRAWN = '.results-pane:not([aria-busy]) table.matrix';

describe('benchmark panel and triage journey', function () {
  this.timeout(180_000);
  let s: Services;
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;

  let messages: ReturnType<typeof panelMessages>;

  before(() => {
    s = vscode.extensions.getExtension<Services>('fixture-lab.fixture-lab')!.exports;
    messages = panelMessages(s);
  });

  after(async () => {
    messages.dispose();
    s.panel()?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const posted = <T extends HostMessage['type']>(type: T) => messages.of(type);

  it('runs the baselines from the panel, fills the table and matrix, and triages a miss from its hover', async () => {
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: vscode.Uri.file(join(folder(), FIXTURE)) });
    await vscode.commands.executeCommand('fixtureLab.openPanel');
    const header = await eventually(() => {
      const last = posted('fixture').at(-1);
      assert.equal(last?.header?.id, 'bookshop-easy-01');
      return last;
    }, 20_000);
    assert.equal(header.controls.canRun, true, 'a trusted workspace may run systems');
    assert.deepEqual(header.controls.systems.map((x) => [x.name, x.available]), [['grep', true], ['bm25', true]]);

    // The page shows the fixture, then the person clicks Run.
    const page = await webview.text('panel-fixture', '#root', 'bookshop-easy-01');
    if (page !== undefined) {
      assert.match(page, /Orders of five or more books/);
      assert.match(page, /Run/);
      await webview.click('panel-run', 'button.run');
    } else {
      await vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: ['grep', 'bm25'], budget: 5000, match: 'bounded' });
    }
    const finished = await eventually(() => {
      const done = posted('runFinished').at(-1);
      assert.ok(done, 'the run finished');
      return done;
    }, 120_000);
    assert.equal(finished.cancelled, false, finished.error);
    assert.ok(posted('runStarted').some((m) => m.systems.join() === 'grep,bm25'));
    assert.ok(posted('progress').some((m) => m.system === 'grep' && m.status === 'done'));

    // The table and the matrix, as sent and as shown.
    const results = await eventually(() => {
      const last = posted('results').at(-1)?.results;
      assert.ok(last && last.rows.every((r) => r.status === 'ok'), JSON.stringify(last?.rows.map((r) => r.status)));
      return last;
    }, 20_000);
    assert.deepEqual(results.rows.map((r) => [r.system, r.source.kind, r.source.run]), [['grep', 'run', finished.run], ['bm25', 'run', finished.run]]);
    assert.equal(results.matrix.rows.length, 5);
    // Each row at each granularity, its names placed in the demo repository at the fixture's revision:
    // symbol coverage@10 is R@10, and the run wrote the same values to aggregated/granularity-per-task.csv.
    assert.equal(results.granularityK, 10);
    const perTask = readFileSync(join(folder(), 'results', finished.run!, 'aggregated', 'granularity-per-task.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    for (const row of results.rows) {
      assert.ok(row.granularities, `${row.system}: granularity values`);
      assert.equal(row.granularities.symbol.coverageAtK, row.metrics['R@10']);
      for (const g of ['file', 'span'] as const) {
        const csv = perTask.find((c) => c[0] === row.system && c[1] === 'bookshop-easy-01' && c[2] === g);
        assert.ok(csv, `${row.system} ${g} in the CSV`);
        assert.ok(Math.abs(Number(csv[8]) - row.granularities[g].coverageAtK!) < 1e-4, `${row.system} ${g} coverage@10: ${csv[8]} vs ${row.granularities[g].coverageAtK}`);
      }
    }
    // Returned lists go out a page at a time: each the first page of its whole list, with its count.
    const whole = (await s.results.current())!.results.lists;
    assert.deepEqual(results.lists.map((l) => [l.system, l.from, l.total, l.items.length]), whole.map((l) => [l.system, 0, l.items.length, Math.min(l.items.length, 200)]));
    const shown = await webview.text('panel-results', MATRIX_DRAWN, `Run ${finished.run}`);
    if (shown !== undefined) {
      for (const row of results.rows) assert.ok(shown.includes(row.system));
      assert.ok(shown.includes(results.matrix.rows[0].symbol), 'the matrix lists the ground truth');
      assert.ok(/missed|> 10/.test(shown), 'a miss is shown in the matrix');
    }
    await screenshot('10-panel-results');

    // A click on a matrix symbol opens it in another editor group, beside the panel: the panel stays
    // in view with the run's summary (it used to open in the panel's own group, over the panel).
    const panel = s.panel()!;
    const first = results.matrix.rows[0].symbol;
    if (!(await webview.click('panel-open-symbol', `table.matrix button.symbol[data-symbol="${first}"]`))) await panel.openSymbol(first);
    const opened = await eventually(() => {
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.scheme, 'fixture-lab-rev', 'the symbol opened at the fixture\'s revision');
      return editor;
    }, 20_000);
    assert.ok(opened.viewColumn !== undefined && opened.viewColumn !== panel.panel.viewColumn, `the symbol opened in group ${opened.viewColumn}, the panel is in ${panel.panel.viewColumn}`);
    assert.equal(panel.panel.visible, true, 'the panel is still in view');
    const summary = await webview.text('panel-beside-symbol', '.run-summary', `Run finished: ${finished.run}`);
    if (summary !== undefined) assert.match(summary, /grep[\s\S]*bm25/, 'the results are still shown');
    await screenshot('10b-panel-beside-symbol');
    // Hidden behind another editor of its group, then shown again: VS Code made a new page, which
    // shows the run's summary again (from its saved state, and the host's run log).
    await vscode.window.showTextDocument(vscode.Uri.file(join(folder(), FIXTURE)), { viewColumn: panel.panel.viewColumn, preview: false });
    await eventually(() => assert.equal(panel.panel.visible, false, 'the panel is hidden'));
    panel.panel.reveal(panel.panel.viewColumn);
    await eventually(() => assert.equal(panel.panel.visible, true, 'the panel is shown again'));
    const restored = await webview.text('panel-shown-again', MATRIX_DRAWN, `Run finished: ${finished.run}`);
    if (restored !== undefined) assert.ok(restored.includes(first), 'the matrix is back');
    // The page draws its saved state first, a step a frame, then says `ready`; the host answers that.
    await eventually(() => assert.ok(posted('runFinished').filter((m) => m.run === finished.run).length >= 2, 'the host told the new page how the run ended'));
    // The charts, made on the extension host in the page's theme, drawn in the page under its CSP.
    if (await webview.click('panel-charts-tab', 'vscode-tab-header[data-tab="charts"]')) {
      // Throws unless a mark of the chart is drawn within the runner's wait.
      await webview.text('panel-charts', '[data-chart="pr-curve"] svg [role="graphics-symbol"]');
      await screenshot('10c-panel-charts');
      await webview.click('panel-results-tab', 'vscode-tab-header[data-tab="results"]');
    }
    const sent = posted('charts').filter((m) => m.pane === 'fixture').at(-1)?.charts ?? [];
    assert.ok(sent.length >= 2 && sent.every((c) => c.scene.includes('"marktype"')), 'the charts come as scenegraphs');
    // The charts travel apart from the results, after them, and only when they changed: results
    // sent again as they were (a refresh) bring no charts, so the page has only its table to draw.
    const log = messages.all();
    const firstCharts = log.findIndex((m) => m.type === 'charts' && m.pane === 'fixture');
    assert.ok(log.findIndex((m) => m.type === 'results') < firstCharts, 'the results come before their charts');
    const before = { results: posted('results').length, charts: posted('charts').length };
    s.results.refresh();
    await eventually(() => assert.ok(posted('results').length > before.results, 'the results are sent again'), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(posted('charts').length, before.charts, 'the same charts are not sent again');

    // A symbol some baseline missed: revealed at the fixture's revision, decorated, and its hover says why.
    const missed = missedBy(results)[0]?.symbol;
    assert.ok(missed, 'the baselines miss something in easy-01');
    await vscode.commands.executeCommand('fixtureLab.revealSymbol', { symbol: missed });
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.scheme, 'fixture-lab-rev');
    const hovers = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.selection.start.translate(0, 1));
      const text = found.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
      assert.match(text, /Fixture Lab triage/);
      return text;
    });
    assert.match(hovers, /(missed|found below K=10)/);
    const link = /\[Set category…\]\(command:fixtureLab\.setFailureCategory\?([^ )]+)/.exec(hovers);
    assert.ok(link, hovers);
    await vscode.commands.executeCommand('editor.action.showHover');
    await screenshot('11-triage-hover');
    // The link carries a key the command looks up, not the miss's names.
    const [ref] = JSON.parse(decodeURIComponent(link[1])) as [{ link: string }];
    assert.deepEqual(Object.keys(ref), ['link']);
    const miss = s.links.misses.resolve(ref);
    assert.equal(miss.task, 'bookshop-easy-01');
    const suggested = (await s.results.current())!.misses.find((m) => m.system === miss.system && m.symbol === miss.symbol)!.suggested;
    const chosen: FailureCategory = FAILURE_CATEGORIES.find((c) => c !== suggested)!;
    // The person clicks the link and picks a category in the quick pick.
    const picked = vscode.commands.executeCommand('fixtureLab.setFailureCategory', ref);
    await pickInQuickPick(FAILURE_CATEGORIES.indexOf(chosen));
    assert.equal(await picked, true);

    const report = readFileSync(join(folder(), 'results', finished.run!, 'analysis', 'failure-analysis.md'), 'utf8');
    assert.ok(report.includes(`| bookshop-easy-01 | \`${miss.symbol}\` | ${chosen} (set; suggested ${suggested}) |`), report);
    assert.ok(existsSync(join(folder(), 'results', finished.run!, 'analysis', 'triage.json')));
    assert.equal(readFileSync(join(folder(), FIXTURE), 'utf8').includes(chosen), false, 'never written into the fixture');

    // The Triage view lists it under the chosen category.
    const categories = await s.triageTree.getChildren();
    const node = categories.find((n) => s.triageTree.getTreeItem(n).label === chosen);
    assert.ok(node, `a ${chosen} group`);
    // The Fixture Lab side bar: its Triage view holds the run's misses.
    await vscode.commands.executeCommand('workbench.view.extension.fixtureLab');
    await vscode.commands.executeCommand('fixtureLab.triage.focus');
    await screenshot('12-triage-view');
    // Stepping through the misses with the keyboard command reveals each at its fixture's revision.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const revealed = await vscode.commands.executeCommand<string>('fixtureLab.nextMiss');
    assert.ok(revealed, 'Next Missed Symbol reveals a symbol');
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'fixture-lab-rev');
    assert.ok(vscode.window.activeTextEditor.document.uri.path.endsWith(revealed));
    // Charts for the fixture were drawn in the page (an SVG per chart).
    assert.ok(sent.length >= 2);
    assert.ok(readdirSync(join(folder(), 'results', finished.run!, 'analysis')).includes('charts'));
  });

  it('a cancelled run is never the latest: the Triage view keeps the run before, and its progress line says cancelled', async () => {
    const systemsFile = join(folder(), 'systems.yaml');
    const saved = readFileSync(systemsFile, 'utf8');
    // A system that answers only after a minute: the run is cancelled while it waits.
    writeFileSync(systemsFile, `${saved}  - name: slow\n    type: command\n    query: [/bin/sh, -c, "sleep 60; echo shop.nothing"]\n    parse: {format: lines}\n`);
    try {
      s.corpus.reload();
      await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: vscode.Uri.file(join(folder(), FIXTURE)) });
      await vscode.commands.executeCommand('fixtureLab.openPanel');
      const earlier = await vscode.commands.executeCommand<string>('fixtureLab.runBenchmark', { systems: ['grep'] });
      assert.ok(earlier, 'the first run finished');
      const triaged = async () => ({ run: (await s.results.triageRun())?.run.name, shown: (await s.triageTree.getChildren()).map((n) => s.triageTree.getTreeItem(n).label) });
      const before = await triaged();
      assert.equal(before.run, basename(earlier));
      // Run folders are named to the second: the next run gets its own.
      await new Promise((r) => setTimeout(r, 1100));

      const started = posted('runStarted').length;
      const finishedBefore = posted('runFinished').length;
      const running = vscode.commands.executeCommand<string>('fixtureLab.runBenchmark', { systems: ['slow'] });
      await eventually(() => assert.ok(posted('runStarted').length > started, 'the slow run started'), 20_000);
      // Cancel, as a person does: the panel's Cancel button in code-server, else the command it stands for.
      // The run's own progress toast sits over the panel's lower corner, where the form is once results come first.
      await vscode.commands.executeCommand('notifications.hideToasts');
      // The page shows the run first (its Cancel is enabled only then).
      const shown = await webview.text('panel-running', '.progress', 'slow');
      if (shown === undefined || !(await webview.click('panel-cancel', 'button.cancel'))) await vscode.commands.executeCommand('fixtureLab.cancelRun');
      const cancelledDir = await running;
      const finished = await eventually(() => {
        const end = posted('runFinished').slice(finishedBefore).at(-1);
        assert.ok(end, 'the panel heard how the run ended');
        return end;
      }, 30_000);
      assert.equal(finished.cancelled, true);
      assert.ok(cancelledDir && basename(cancelledDir) !== basename(earlier));

      // The Triage view keeps the earlier run's triage, not "run-…: no misses." of the cancelled one.
      assert.deepEqual(await triaged(), before);
      // Its progress says cancelled: the slow system was never told done.
      assert.ok(!posted('progress').some((m) => m.system === 'slow' && m.status === 'done'), JSON.stringify(posted('progress')));
      const page = await webview.text('panel-cancelled', '.progress', 'cancelled');
      if (page !== undefined) {
        assert.match(page, /slow\s*cancelled 0\/1/);
        assert.doesNotMatch(page, /done 0\/1/);
        assert.match(page, /Run cancelled\./);
      }
      await screenshot('13-panel-run-cancelled');
    } finally {
      // A failure above never leaves the slow run going for the tests after this one.
      try {
        s.runner.cancel();
      } catch {
        // no run under way
      }
      writeFileSync(systemsFile, saved);
      s.corpus.reload();
    }
  });

  it('running a fixture without ground truth, or with an error, says why in the editor\'s terms, never with a CLI flag', async () => {
    /** Runs the open fixture; the error the panel is told the run finished with. */
    const refusal = async () => {
      const before = posted('runFinished').length;
      assert.equal(await vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: ['grep'] }), undefined, 'nothing ran');
      return eventually(() => {
        const finished = posted('runFinished');
        assert.ok(finished.length > before, 'the panel heard how the run ended');
        return finished.at(-1)!.error ?? '';
      });
    };
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: vscode.Uri.file(join(folder(), 'tasks/bookshop/easy/03-cart-badge.yaml')) });
    assert.equal(await refusal(), 'bookshop-easy-03 has no ground truth yet: label its symbols (and settle its review) before running systems on it');

    // A fixture whose id cannot name result files (it holds `/`): refused, naming the error, not --skip-invalid.
    const invalid = join(folder(), 'tasks/bookshop/easy/09-invalid-id.yaml');
    writeFileSync(invalid, readFileSync(join(folder(), FIXTURE), 'utf8').replace('id: "bookshop-easy-01"', 'id: "bookshop/easy-09"'));
    try {
      s.corpus.reload();
      await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: vscode.Uri.file(invalid) });
      const message = await refusal();
      assert.match(message, /^bookshop\/easy-09 has 1 error; fix it before running systems on it \(the Problems view lists it\): line 1: id `bookshop\/easy-09` cannot name result files: use letters, digits, `\.`, `_` and `-` only \(no `\/`, no `\.\.`\), e\.g\. `bookshop-easy-09`$/);
      assert.doesNotMatch(message, /--(skip-invalid|tasks)/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(invalid, { force: true });
      s.corpus.reload();
    }
  });
});

/** Moves down the open quick pick to the item at `index` and accepts it, as a person would with the arrow keys. */
async function pickInQuickPick(index: number): Promise<void> {
  await new Promise((r) => setTimeout(r, 800)); // the quick pick opens
  for (let i = 0; i < index; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}
