// One protocol, two faces, in a real VS Code: a labeler's clicks, Start Review as the verifier,
// the verifier's blind clicks, Finish Review, Settle Disagreements and Record Dispute, with the
// rater name set as a person sets it; then the same steps through the `fixture-lab` CLI on a copy
// of the same file. Both leave the same bytes. Then on a renamed file (web/src/money.ts moved to
// web/src/format/money.ts): the clicks on its head side (CodeLens, the cursor, the Candidates
// view's inline buttons) and `label add` given the head-side names both write the base names.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { cli } from '../../src/cli/cli';
import { readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { copyFixture, eventually, journeySuite, setRater } from './helpers';

const R = {
  render: 'Renders the cart; the badge is drawn here',
  dto: 'The count comes from the cart it gets',
  load: 'Where the cart is fetched',
  leeRender: 'Draws the header',
  leeDto: 'Lines to count',
  leeLine: 'Quantity per line',
  load2: 'Fetching is unchanged',
  line: 'The badge sums line quantities',
  dto2: 'Read, not changed',
  money: 'Both missed it: the badge shows no price, but the header formats one',
};

/** The renamed file's journey: what each rater says about which symbol. */
const M = {
  format: 'Formats every price; it gains the currency',
  cents: 'Currency formatting builds on the unit conversion',
  total: 'The only caller of formatPrice; must pass the currency',
  leeFormat: 'Where the currency is applied',
  leeTotal: 'Passes the currency on',
  leeCtor: 'The view is created with the currency',
  cents2: 'Unchanged: the conversion is the same in every currency',
  ctor2: 'The task says the currency is chosen when the view is created',
  total2: 'The call that changes',
};

describe('the labeling protocol in the editor and the CLI', function () {
  this.timeout(120_000);
  let s: Services;
  const made = journeySuite((services) => (s = services));

  /** A temp corpus for the CLI: `text` at `F`, beside the workspace's repos.yaml; `run` asserts success and returns stderr. */
  function cliCorpus(F: string, text: string) {
    const dir = mkdtempSync(join(tmpdir(), 'fixture-lab-protocol-'));
    made.push(dir);
    mkdirSync(join(dir, F, '..'), { recursive: true });
    copyFileSync(join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'repos.yaml'), join(dir, 'repos.yaml'));
    writeFileSync(join(dir, F), text);
    const run = async (...argv: string[]): Promise<string> => {
      let stderr = '';
      const code = await cli(argv, { cwd: dir, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } });
      assert.equal(code, 0, `${argv.join(' ')}: ${stderr}`);
      return stderr;
    };
    return { dir, run };
  }

  it('label, start, blind labels, finish, settle: the editor\'s commands and the CLI leave the same file', async () => {
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'protocol');
    made.push(uri.fsPath);
    s.corpus.reload();
    const cmd = (id: string, args?: object) => vscode.commands.executeCommand(`fixtureLab.${id}`, args);

    // The labeler's clicks, as dana.
    await setRater('dana');
    await cmd('openFixture', { uri });
    assert.equal(await cmd('labelHigh', { symbol: 'web/src/cart.CartView.render', reason: R.render }), true);
    assert.equal(await cmd('labelHigh', { symbol: 'web/src/api.CartDto', reason: R.dto }), true);
    assert.equal(await cmd('labelMedium', { symbol: 'web/src/cart.CartView.load', reason: R.load }), true);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(readFixture(document.getText(), uri.fsPath).fixture.labeler, 'dana', 'the first rater to label is the labeler');

    // The verifier, blind.
    await setRater('lee');
    assert.equal(await cmd('startReview'), true);
    assert.equal(await cmd('labelHigh', { symbol: 'web/src/cart.CartView.render', reason: R.leeRender }), true);
    assert.equal(await cmd('labelMedium', { symbol: 'web/src/api.CartDto', reason: R.leeDto }), true);
    assert.equal(await cmd('labelMedium', { symbol: 'web/src/api.LineDto', reason: R.leeLine }), true);
    const agreement = await cmd('finishReview') as { kappa: number; disagreements: { symbol: string }[] };
    assert.deepEqual(agreement.disagreements.map((d) => d.symbol), ['web/src/api.CartDto', 'web/src/api.LineDto', 'web/src/cart.CartView.load']);

    // The adjudication.
    assert.equal(await cmd('settleDisagreements', { symbol: 'web/src/cart.CartView.load', resolution: 'excluded', rationale: R.load2 }), 1);
    assert.equal(await cmd('settleDisagreements', { symbol: 'web/src/api.LineDto', resolution: 'included', rationale: R.line }), 1);
    assert.equal(await cmd('settleDisagreements', { symbol: 'web/src/api.CartDto', resolution: 'included', rationale: R.dto2, confidence: 'MEDIUM' }), 1);
    assert.equal(await cmd('recordDispute', { symbol: 'web/src/money.formatPrice', resolution: 'included', rationale: R.money, confidence: 'MEDIUM', unjudged: true }), true);
    assert.equal(await document.save(), true);
    const fromEditor = readFileSync(uri.fsPath, 'utf8');
    assert.deepEqual(readFixture(fromEditor, uri.fsPath).fixture.ground_truth.map((l) => `${l.symbol} ${l.confidence}`), [
      'web/src/cart.CartView.render HIGH', 'web/src/api.CartDto MEDIUM', 'web/src/api.LineDto MEDIUM', 'web/src/money.formatPrice MEDIUM',
    ]);

    // The same steps through the CLI, on the file as it was, beside the same repos.yaml.
    const F = 'tasks/bookshop/easy/03-cart-badge.yaml';
    const { dir, run } = cliCorpus(F, original);
    await run('label', 'add', F, 'web/src/cart.CartView.render', '--confidence', 'HIGH', '--reason', R.render, '--rater', 'dana');
    await run('label', 'add', F, 'web/src/api.CartDto', '--confidence', 'HIGH', '--reason', R.dto, '--rater', 'dana');
    await run('label', 'add', F, 'web/src/cart.CartView.load', '--confidence', 'MEDIUM', '--reason', R.load, '--rater', 'dana');
    await run('review', 'start', F, '--verifier', 'lee');
    await run('label', 'add', F, 'web/src/cart.CartView.render', '--confidence', 'HIGH', '--reason', R.leeRender, '--rater', 'lee');
    await run('label', 'add', F, 'web/src/api.CartDto', '--confidence', 'MEDIUM', '--reason', R.leeDto, '--rater', 'lee');
    await run('label', 'add', F, 'web/src/api.LineDto', '--confidence', 'MEDIUM', '--reason', R.leeLine, '--rater', 'lee');
    await run('review', 'finish', F);
    await run('review', 'settle', F, 'web/src/cart.CartView.load', '--resolution', 'excluded', '--rationale', R.load2);
    await run('review', 'settle', F, 'web/src/api.LineDto', '--resolution', 'included', '--rationale', R.line);
    await run('dispute', 'add', F, 'web/src/api.CartDto', '--resolution', 'included', '--confidence', 'MEDIUM', '--rationale', R.dto2);
    await run('review', 'settle', F, 'web/src/money.formatPrice', '--resolution', 'included', '--confidence', 'MEDIUM', '--unjudged', '--rationale', R.money);
    assert.equal(readFileSync(join(dir, F), 'utf8'), fromEditor);
  });
  it('a renamed file: head-side clicks in the editor and head-side names in the CLI leave the same file, every name at base', async () => {
    const { uri, original } = copyFixture('bookshop/easy/02-price-currency.yaml', 'renamed-protocol');
    made.push(uri.fsPath);
    // Unlabeled, as New Fixture leaves it: the whole list comes from the clicks below.
    const fresh = original.replace(/\nground_truth:\n(?: .*\n)*/, '\nground_truth: []\n').replace(/^labeler: .*\n/m, '');
    assert.match(fresh, /\nground_truth: \[\]\ntags:/);
    writeFileSync(uri.fsPath, fresh);
    s.corpus.reload();
    const { diff } = readFixture(fresh, uri.fsPath).fixture;
    const cmd = (id: string, args?: object) => vscode.commands.executeCommand(`fixtureLab.${id}`, args);
    const side = (path: string) => vscode.Uri.from({ scheme: 'fixture-lab-rev', path: `/${path}`, query: `repo=bookshop&rev=${diff!.head}` });
    const lineOf = (doc: vscode.TextDocument, needle: string) => {
      const line = doc.getText().split('\n').findIndex((l) => l.includes(needle));
      assert.ok(line >= 0, `${needle} is in ${doc.uri.path}`);
      return line;
    };
    /** Clicks the lens titled `title` above the line holding `needle` on a head side: its command, with its argument, and the reason typed. */
    const clickLens = async (doc: vscode.TextDocument, needle: string, title: string, reason: string) => {
      const line = lineOf(doc, needle);
      const lens = await eventually(async () => {
        const found = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 100))
          .find((l) => l.range.start.line === line && l.command?.title === title);
        assert.ok(found?.command, `a ${title} lens above ${needle}`);
        return found.command;
      });
      return vscode.commands.executeCommand(lens.command, { ...(lens.arguments![0] as object), reason });
    };
    /** Clicks a Candidates row's inline button (`labelHigh`/`labelMedium` given the row), the row found by its label. */
    const clickCandidate = async (label: string, id: 'labelHigh' | 'labelMedium', reason: string) => {
      const node = await eventually(async () => {
        const rows = await s.candidatesTree.getChildren();
        const changed = (await Promise.all(rows.map((r) => s.candidatesTree.getChildren(r)))).flat();
        const found = changed.find((n) => s.candidatesTree.getTreeItem(n).label === label);
        assert.ok(found, `${label} is in the Candidates view: ${changed.map((n) => s.candidatesTree.getTreeItem(n).label).map((l) => (typeof l === 'string' ? l : l?.label)).join(', ')}`);
        return found;
      });
      assert.equal(s.candidatesTree.getTreeItem(node).contextValue, 'candidate', `${label} offers the inline label buttons`);
      return cmd(id, { ...node, reason });
    };

    // The labeler, dana: a lens and the cursor on the moved file's head side, an inline button in Candidates.
    await setRater('dana');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await cmd('openFixture', { uri });
    const money = await vscode.workspace.openTextDocument(side('web/src/format/money.ts'));
    const moneyEditor = await vscode.window.showTextDocument(money, { preview: false });
    assert.equal(await clickLens(money, 'export function formatPrice', '+ HIGH', M.format), true);
    const centsLine = lineOf(money, 'export function centsToUnits');
    moneyEditor.selection = new vscode.Selection(centsLine + 1, 2, centsLine + 1, 2);
    assert.equal(await cmd('labelMedium', { reason: M.cents }), true);
    assert.equal(await clickCandidate('cart.CartView.totalLabel', 'labelHigh', M.total), true);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(readFixture(document.getText(), uri.fsPath).fixture.labeler, 'dana');

    // The verifier, lee, blind: inline buttons in Candidates (the moved formatPrice among them), a lens on cart.ts's head side.
    await setRater('lee');
    assert.equal(await cmd('startReview'), true);
    assert.equal(await clickCandidate('money.formatPrice', 'labelHigh', M.leeFormat), true);
    assert.equal(await clickCandidate('cart.CartView.totalLabel', 'labelMedium', M.leeTotal), true);
    const cart = await vscode.workspace.openTextDocument(side('web/src/cart.ts'));
    await vscode.window.showTextDocument(cart, { preview: false });
    assert.equal(await clickLens(cart, 'constructor(', '+ MEDIUM', M.leeCtor), true);
    const agreement = await cmd('finishReview') as { disagreements: { symbol: string }[] };
    assert.deepEqual(agreement.disagreements.map((d) => d.symbol).sort(), ['web/src/cart.CartView.constructor', 'web/src/cart.CartView.totalLabel', 'web/src/money.centsToUnits']);

    // The adjudication: the labeler's confidence stands for totalLabel, none given.
    assert.equal(await cmd('settleDisagreements', { symbol: 'web/src/money.centsToUnits', resolution: 'excluded', rationale: M.cents2 }), 1);
    assert.equal(await cmd('settleDisagreements', { symbol: 'web/src/cart.CartView.constructor', resolution: 'included', rationale: M.ctor2 }), 1);
    assert.equal(await cmd('settleDisagreements', { symbol: 'web/src/cart.CartView.totalLabel', resolution: 'included', rationale: M.total2 }), 1);
    assert.equal(await document.save(), true);
    const fromEditor = readFileSync(uri.fsPath, 'utf8');
    assert.deepEqual(readFixture(fromEditor, uri.fsPath).fixture.ground_truth.map((l) => `${l.symbol} ${l.confidence}`), [
      'web/src/money.formatPrice HIGH', 'web/src/cart.CartView.totalLabel HIGH', 'web/src/cart.CartView.constructor MEDIUM',
    ]);
    // Every name the clicks wrote is the base name; the head side's path appears nowhere.
    assert.ok(!fromEditor.includes('web/src/format/'), fromEditor);
    assert.equal(fromEditor.match(/symbol: "web\/src\/money\.formatPrice"/g)?.length, 3, 'ground truth, labels.dana, labels.lee');

    // The CLI, given the head-side names a person reads in the diff: it writes the base names, and says so.
    const F = 'tasks/bookshop/easy/02-price-currency.yaml';
    const { dir, run } = cliCorpus(F, fresh);
    const renamed = (head: string, base: string) => `fixture-lab: ${F}: \`${head}\` is \`${base}\` at diff.base (the change renames its file): using the base name\n`;
    assert.equal(await run('label', 'add', F, 'web/src/format/money.formatPrice', '--confidence', 'HIGH', '--reason', M.format, '--rater', 'dana'),
      renamed('web/src/format/money.formatPrice', 'web/src/money.formatPrice'));
    assert.equal(await run('label', 'add', F, 'web/src/format/money.centsToUnits', '--confidence', 'MEDIUM', '--reason', M.cents, '--rater', 'dana'),
      renamed('web/src/format/money.centsToUnits', 'web/src/money.centsToUnits'));
    assert.equal(await run('label', 'add', F, 'web/src/cart.CartView.totalLabel', '--confidence', 'HIGH', '--reason', M.total, '--rater', 'dana'), '');
    await run('review', 'start', F, '--verifier', 'lee');
    await run('label', 'add', F, 'web/src/format/money.formatPrice', '--confidence', 'HIGH', '--reason', M.leeFormat, '--rater', 'lee');
    await run('label', 'add', F, 'web/src/cart.CartView.totalLabel', '--confidence', 'MEDIUM', '--reason', M.leeTotal, '--rater', 'lee');
    await run('label', 'add', F, 'web/src/cart.CartView.constructor', '--confidence', 'MEDIUM', '--reason', M.leeCtor, '--rater', 'lee');
    await run('review', 'finish', F);
    await run('review', 'settle', F, 'web/src/money.centsToUnits', '--resolution', 'excluded', '--rationale', M.cents2);
    await run('review', 'settle', F, 'web/src/cart.CartView.constructor', '--resolution', 'included', '--rationale', M.ctor2);
    await run('review', 'settle', F, 'web/src/cart.CartView.totalLabel', '--resolution', 'included', '--rationale', M.total2);
    assert.equal(readFileSync(join(dir, F), 'utf8'), fromEditor);
  });
});
