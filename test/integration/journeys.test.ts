// More journeys through the workbench in a real VS Code, as a person takes them: a new fixture
// from a change (answering the quick inputs in the page), a dispute recorded on a reviewed
// fixture (picking and typing in the quick inputs), and `Reveal in code` above a ground-truth
// entry of a fixture's YAML.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { cli } from '../../src/cli/cli';
import { readFixture, TASK_STUB, TASK_STUB_ADVICE } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, eventually, journeySuite, notifications, screenshot, setRater, ui } from './helpers';

/** The workspace's (the corpus copy's) folder, and its bookshop repository from repos.yaml. */
const workspace = (): string => vscode.workspace.workspaceFolders![0].uri.fsPath;
function bookshop(): string {
  const path = /^\s*path:\s*(.+)$/m.exec(readFileSync(join(workspace(), 'repos.yaml'), 'utf8'))![1].trim();
  return resolve(workspace(), path);
}
const git = (...args: string[]): string => execFileSync('git', ['-C', bookshop(), ...args], { encoding: 'utf8' });

describe('more workbench journeys', function () {
  this.timeout(120_000);
  let s: Services;
  const made = journeySuite((services) => (s = services));

  it('New Fixture from a Change: the change and the tier in quick inputs -> a valid fixture with the change\'s symbols as candidates, the task the CLI\'s stub, selected', async function () {
    if (!canDriveUi()) this.skip(); // the quick inputs are answered in the page: code-server only
    await setRater('dana');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    // Named by the change's title, as `fixture-lab new` names it.
    const expected = join(workspace(), 'tasks', 'bookshop', 'hard', '04-remove-the-legacy-coupon-codes-checkout.yaml');
    made.push(expected);
    assert.ok(!existsSync(expected));

    // One repository in the corpus: no repository pick. The change given as a PR's merge commit.
    const creating = vscode.commands.executeCommand<string>('fixtureLab.newFixture');
    await ui([
      { expect: 'The change', input: '04-drop-legacy-coupons', screenshot: '20-new-fixture-change' },
      { expect: 'Tier', pick: 'hard', screenshot: '21-new-fixture-tier' },
    ]);
    const path = await creating;
    assert.equal(path, expected);

    const text = readFileSync(expected, 'utf8');
    const { fixture, problems } = readFixture(text, expected);
    assert.deepEqual(problems.filter((p) => p.severity === 'error'), []);
    assert.equal(fixture.id, 'bookshop-hard-04');
    assert.equal(fixture.repo, 'bookshop');
    assert.equal(fixture.difficulty, 'hard');
    // The change's title names what solves it (the legacy coupon codes): never the task. The task is
    // the CLI's stub, the title a comment above it, byte for byte what `fixture-lab new` writes.
    assert.equal(fixture.task, TASK_STUB);
    assert.match(text, /^# The change's title, which may name the symbols that solve it: Remove the legacy coupon codes; checkout takes a promotion percent instead\ntask: /m);
    const cliCorpus = mkdtempSync(join(tmpdir(), 'fixture-lab-new-cli-'));
    made.push(cliCorpus);
    cpSync(join(workspace(), 'repos.yaml'), join(cliCorpus, 'repos.yaml'));
    const io = { cwd: cliCorpus, stdout: { write: (t: string) => (said += t) }, stderr: { write: (t: string) => (said += t) } };
    let said = '';
    assert.equal(await cli(['new', '--repo', 'bookshop', '--base', git('rev-parse', '04-drop-legacy-coupons^1').trim(), '--head', git('rev-parse', '04-drop-legacy-coupons').trim(),
      '--tier', 'hard'], io), 0, said);
    assert.equal(readFileSync(join(cliCorpus, 'tasks', 'bookshop', 'hard', '01-remove-the-legacy-coupon-codes-checkout.yaml'), 'utf8')
      .replace('bookshop-hard-01', 'bookshop-hard-04').replace(/^labeler: .*\n/m, ''), text.replace(/^labeler: .*\n/m, ''));
    // The stub is selected, for the task to be written over it; the notification says so, in the CLI's words.
    await eventually(() => {
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.fsPath, expected);
      assert.equal(editor.document.getText(editor.selection), TASK_STUB);
    });
    await eventually(async () => {
      const shown = await notifications();
      assert.ok(shown.some((t) => t.includes(TASK_STUB_ADVICE)), shown.join(' | '));
    });
    assert.ok(said.includes(TASK_STUB_ADVICE), said);
    assert.deepEqual(fixture.diff, { base: git('rev-parse', '04-drop-legacy-coupons^1').trim(), head: git('rev-parse', '04-drop-legacy-coupons').trim() });
    // The modified and deleted symbols, named at base, then their neighbours by score: what checkout calls and
    // uses, then the data it shares (Cart.add fills the cart.items it reads, receipt_line reads the total_cents it sets),
    // the instance attributes it reads (Cart.customer, Cart.items, OutOfStock.isbn) and the field itself, and last the
    // constructors that set up what it reads.
    assert.deepEqual(fixture.candidates, [
      'shop/checkout.checkout', 'shop/coupons.LEGACY_CODES', 'shop/coupons.redeem_coupon',
      'shop/cart.Cart', 'shop/cart.Cart.total', 'shop/inventory.Inventory', 'shop/inventory.Inventory.reserve', 'shop/models.Order',
      'shop/cart.Cart.add', 'shop/cart.Cart.customer', 'shop/cart.Cart.items', 'shop/checkout.receipt_line', 'shop/inventory.OutOfStock.isbn',
      'shop/models.Order.total_cents', 'shop/cart.Cart.__init__', 'shop/inventory.OutOfStock.__init__',
    ]);
    assert.deepEqual(fixture.ground_truth, []);
    assert.equal(fixture.labeler, 'dana');

    // It validates: the corpus validator names no error in it, and its editor shows none.
    const problemsInCorpus = await vscode.commands.executeCommand<{ file: string; severity: string; message: string }[]>('fixtureLab.validateCorpus');
    const corpusDir = (await s.corpus.require()).dir;
    const errors = problemsInCorpus.filter((p) => resolve(corpusDir, p.file) === expected && p.severity === 'error');
    assert.deepEqual(errors, []);
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, expected));
    assert.equal((await s.session.current())?.fixture.id, 'bookshop-hard-04', 'the new fixture is the open one');
    assert.deepEqual(vscode.languages.getDiagnostics(vscode.Uri.file(expected)).filter((d) => d.severity === vscode.DiagnosticSeverity.Error), []);
    await screenshot('22-new-fixture-written');
  });

  it('Record Dispute on a reviewed fixture: symbol, ruling and rationale in quick inputs -> the dispute in the YAML, ground truth follows, the raters\' lists untouched', async function () {
    if (!canDriveUi()) this.skip();
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/medium/01-queue-retry-limit.yaml', 'dispute');
    made.push(uri.fsPath);
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath));

    const before = readFixture(original, uri.fsPath).fixture;
    const symbol = 'worker/queue/queue.Queue.Push';
    // A fixture with disagreements: the verifier included Queue.Push, the labeler did not.
    const agreement = await vscode.commands.executeCommand<{ disagreements: { symbol: string }[] }>('fixtureLab.showAgreement', { uri });
    assert.ok(agreement.disagreements.some((d) => d.symbol === symbol), `${symbol} is a disagreement`);

    const rationale = 'Retry re-queues through Push; the attempt count must survive it';
    const recording = vscode.commands.executeCommand<boolean>('fixtureLab.recordDispute');
    await ui([
      { expect: 'Which symbol is disputed?', pick: symbol },
      { expect: symbol, pick: 'included' },
      { expect: `included: ${symbol}`, input: rationale, screenshot: '23-record-dispute-rationale' },
    ]);
    assert.equal(await recording, true);

    const document = await vscode.workspace.openTextDocument(uri);
    assert.ok(document.isDirty, 'one edit of the open document, not saved');
    const { fixture } = readFixture(document.getText(), uri.fsPath);
    // The editor's settle is the CLI's core call: it records that the ruling sided with lee, who included it.
    assert.deepEqual(fixture.disputes, [{ symbol, resolution: 'included', rationale, sided_with: 'lee' }]);
    // Included: the ground truth gains it, with the label of the rater who included it.
    assert.deepEqual(fixture.ground_truth, [...before.ground_truth, { symbol, confidence: 'MEDIUM', reason: 'Retry re-queues through Push' }]);
    assert.deepEqual(fixture.labels, before.labels);
    const labelsBlock = (text: string) => text.slice(text.indexOf('\nlabels:'), text.indexOf('\nagreement:'));
    assert.equal(labelsBlock(document.getText()), labelsBlock(original), 'the raters\' lists are byte for byte as they were');
    await screenshot('24-dispute-recorded');
    assert.equal(await document.save(), true);
    assert.deepEqual(readFixture(readFileSync(uri.fsPath, 'utf8'), uri.fsPath).fixture.disputes, [{ symbol, resolution: 'included', rationale, sided_with: 'lee' }]);
  });

  it('Reveal in code: the CodeLens above a ground-truth entry opens its file at the fixture\'s revision, the definition selected', async () => {
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/01-bulk-discount.yaml', 'reveal');
    made.push(uri.fsPath);
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const editor = await vscode.window.showTextDocument(uri, { preview: false });
    const { fixture } = readFixture(original, uri.fsPath);

    // One `Reveal in code` above each ground-truth entry.
    const lenses = await eventually(async () => {
      const found = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10))
        .filter((l) => l.command?.title === 'Reveal in code');
      // Each names its symbol and this fixture: the lens acts on the YAML it is in, whichever fixture is current.
      assert.deepEqual(
        found.map((l) => l.command!.arguments![0] as { symbol: string; fixture: vscode.Uri }).map((a) => [a.symbol, vscode.Uri.from(a.fixture).toString()]),
        fixture.ground_truth.map((l) => [l.symbol, uri.toString()]),
      );
      return found;
    });
    const entryLine = editor.document.getText().split('\n').findIndex((l) => l.includes('symbol: "shop/cart.Cart.total"'));
    const lens = lenses.find((l) => l.range.start.line === entryLine);
    assert.ok(lens, `a Reveal in code lens above line ${entryLine + 1}`);
    await screenshot('25-reveal-lens');

    assert.equal(await vscode.commands.executeCommand(lens.command!.command, ...lens.command!.arguments!), 'shop/cart.py');
    const shown = await eventually(() => {
      const active = vscode.window.activeTextEditor;
      assert.equal(active?.document.uri.scheme, 'fixture-lab-rev');
      return active;
    });
    const base = fixture.diff!.base;
    assert.equal(shown.document.uri.path, '/shop/cart.py');
    assert.match(shown.document.uri.query, new RegExp(`rev=${base}`));
    // The file as git has it at the fixture's base, and `total` selected where Cart.total is defined.
    const atBase = git('show', `${base}:shop/cart.py`);
    assert.equal(shown.document.getText(), atBase);
    const lines = atBase.split('\n');
    const line = lines.findIndex((l) => /^\s+def total\(/.test(l));
    assert.ok(line > 0 && lines.slice(0, line).some((l) => /^class Cart\b/.test(l)), 'Cart.total is defined in the file at base');
    const column = lines[line].indexOf('total');
    assert.deepEqual(
      [shown.selection.start.line, shown.selection.start.character, shown.selection.end.line, shown.selection.end.character],
      [line, column, line, column + 'total'.length],
    );
    assert.equal(shown.document.getText(shown.selection), 'total');
    await screenshot('26-revealed-in-code');
  });
});
