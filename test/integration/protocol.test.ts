// One protocol, two faces, in a real VS Code: a labeler's clicks, Start Review as the verifier,
// the verifier's blind clicks, Finish Review, Settle Disagreements and Record Dispute, with the
// rater name set as a person sets it; then the same steps through the `fixture-lab` CLI on a copy
// of the same file. Both leave the same bytes.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { cli } from '../../src/cli/cli';
import { readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { copyFixture, services, setRater } from './helpers';

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

describe('the labeling protocol in the editor and the CLI', function () {
  this.timeout(120_000);
  let s: Services;
  const made: string[] = [];

  before(() => {
    s = services();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const path of made) rmSync(path, { recursive: true, force: true });
    await setRater(undefined);
  });

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
    const dir = mkdtempSync(join(tmpdir(), 'fixture-lab-protocol-'));
    made.push(dir);
    const F = 'tasks/bookshop/easy/03-cart-badge.yaml';
    mkdirSync(join(dir, 'tasks/bookshop/easy'), { recursive: true });
    copyFileSync(join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'repos.yaml'), join(dir, 'repos.yaml'));
    writeFileSync(join(dir, F), original);
    const run = async (...argv: string[]) => {
      let stderr = '';
      const code = await cli(argv, { cwd: dir, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } });
      assert.equal(code, 0, `${argv.join(' ')}: ${stderr}`);
    };
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
});
