// A new user's first corpus in a real VS Code (issue 28's "Done when"): Fixture Lab installed from
// its .vsix as a user installs it (`code-server --install-extension`; test/vscode/integration.mjs
// --pass=installed), an empty trusted folder, and every step taken where a person takes it: the
// Fixtures view's welcome button (Initialize a Corpus Here), the notifications' next steps (Add a
// Repository, New Fixture from a Change) answered in their quick inputs, the task written over the
// stub, two raters labeling from the Candidates view's buttons with a blind review between them,
// each conflict settled from its Settle row's Rule…, the baselines run from the panel's Run button,
// the run pooled from the panel's Pool under its results, the pooled symbols judged at once from To
// Judge's selection, and the panel's scores of that run judged to the last symbol.
// Commands a person runs from the palette are run by id, as the palette runs them.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { agreementOf, readFixture, TASK_STUB } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { clickRowAwaitingReveal, EXTENSION, eventually, inNotificationCentre, panelMessages, screenshot, services, setRater, ui, VIEW_ROW } from './helpers';
import { webview } from './ui';

const SHOP = 'shop';
const TASK = 'Orders get a promotion percent off instead of the old fixed discount codes';

describe('a new user: Fixture Lab installed from its .vsix, an empty folder, to a judged run', function () {
  this.timeout(900_000);
  let s!: Services;
  let messages: ReturnType<typeof panelMessages> | undefined;
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  before(() => {
    s = services();
    messages = panelMessages(s);
  });
  after(async () => {
    messages?.dispose();
    await setRater(undefined);
  });

  /** The open fixture's text as its document holds it, read. */
  const current = async () => {
    const c = (await s.session.current())!;
    const document = await vscode.workspace.openTextDocument(c.uri);
    return { uri: c.uri, document, fixture: readFixture(document.getText(), c.uri.fsPath).fixture };
  };

  /** A Candidates row's button clicked and its reason typed, as a rater labels. */
  async function labelFromCandidates(shown: string, symbol: string, confidence: 'HIGH' | 'MEDIUM', reason: string): Promise<void> {
    const row = VIEW_ROW('candidates');
    await vscode.commands.executeCommand('fixtureLab.candidates.focus');
    await ui([{ click: row, contains: shown }]);
    await ui([
      { click: `${row}.selected .action-label[aria-label="Label ${confidence}"]` },
      { expect: `${confidence}: ${symbol}`, input: reason },
    ]);
    await eventually(async () => {
      const { fixture } = await current();
      const list = fixture.verifier && fixture.labels[fixture.verifier] ? fixture.labels[fixture.verifier] : fixture.ground_truth;
      assert.ok(list.some((l) => l.symbol === symbol && l.confidence === confidence), JSON.stringify(list));
    }, 20_000);
  }

  /** A Settle row's Rule…, one of its rulings picked and the rationale typed. */
  async function ruleFromSettle(shown: string, symbol: string, ruling: string, rationale: string): Promise<void> {
    const row = VIEW_ROW('settle');
    await clickRowAwaitingReveal(row, shown, symbol, (await current()).uri, 'fixtureLab.settle.focus');
    await ui([
      { click: `${row}.selected .action-label[aria-label="Rule…"]` },
      { expect: `Rule on ${symbol}`, pick: ruling },
      { expect: `${ruling}: ${symbol}`, input: rationale },
    ]);
  }

  it('initializes a corpus, adds a repository, makes a fixture, labels it twice with a review, settles it, runs, pools and judges', async () => {
    // Installed, not loaded from a clone: the extension runs from the extensions folder, in production.
    const extension = vscode.extensions.getExtension(EXTENSION)!;
    assert.ok(extension.extensionPath.startsWith(process.env.FIXTURE_LAB_EXTENSIONS_DIR!), extension.extensionPath);
    assert.equal(vscode.workspace.isTrusted, true);
    assert.deepEqual(readdirSync(folder()), [], 'the folder starts empty');

    // 1. The Fixtures view on an empty folder: its welcome's Initialize a Corpus Here.
    await vscode.commands.executeCommand('workbench.view.extension.fixtureLab');
    await ui([{ click: '[id="workbench.view.extension.fixtureLab"] .welcome-view-content .monaco-button', contains: 'Initialize a Corpus Here' }]);
    await eventually(() => {
      for (const file of ['repos.yaml', 'systems.yaml', 'tasks']) assert.ok(existsSync(join(folder(), file)), `${file} was not written`);
    }, 30_000);
    await screenshot('nu-01-initialized');

    // 2. Its notification's next step, Add a Repository: a clone's path typed where a URL is asked, its name.
    await inNotificationCentre([
      { click: '.notifications-center .notification-list-item .monaco-button', contains: 'Add a Repository' },
      { expect: 'Where is the repository?', pick: 'A URL to clone…' },
      { expect: 'Its URL', input: process.env.FIXTURE_LAB_DEMO_REPO! },
      { expect: 'Its name in this corpus', input: SHOP },
    ]);
    const corpus = await eventually(async () => {
      const c = await s.corpus.require();
      assert.deepEqual(c.repos.map((r) => r.name), [SHOP]);
      return c;
    }, 60_000);
    assert.match(corpus.repos[0].commit ?? '', /^[0-9a-f]{40}$/);

    // 3. As the labeler (the rater's name set, as in Settings), the next notification: New Fixture from a Change.
    await setRater('dana');
    await inNotificationCentre([
      { click: '.notifications-center .notification-list-item .monaco-button', contains: 'New Fixture from a Change' },
      { expect: 'The change', input: '04-drop-legacy-coupons' },
      { expect: 'Tier', pick: 'hard' },
    ]);
    const path = join(folder(), 'tasks', SHOP, 'hard', '01-remove-the-legacy-coupon-codes-checkout.yaml');
    await eventually(() => assert.ok(existsSync(path), `${path} was not written`), 60_000);
    // The task is the stub, selected in its editor: written over with the words, then saved.
    const editor = await eventually(() => {
      const active = vscode.window.activeTextEditor!;
      assert.equal(active?.document.uri.fsPath, path);
      assert.equal(active.document.getText(active.selection), TASK_STUB);
      return active;
    }, 20_000);
    assert.ok(await editor.edit((edit) => edit.replace(editor.selection, TASK)));
    assert.ok(await editor.document.save());
    assert.equal(readFixture(readFileSync(path, 'utf8'), path).fixture.task, TASK);

    // 4. dana labels two candidates from the Candidates view, and saves.
    await labelFromCandidates('checkout.checkout', 'shop/checkout.checkout', 'MEDIUM', 'Where the promotion percent is applied');
    await labelFromCandidates('coupons.redeem_coupon', 'shop/coupons.redeem_coupon', 'HIGH', 'The old codes are redeemed here');
    await vscode.workspace.saveAll(false);
    await screenshot('nu-02-labeled');

    // 5. lee reviews blind: Start Review as Verifier, three labels of their own, Finish Review.
    await setRater('lee');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: vscode.Uri.file(path) });
    assert.equal(await vscode.commands.executeCommand('fixtureLab.startReview'), true);
    await labelFromCandidates('checkout.checkout', 'shop/checkout.checkout', 'HIGH', 'Takes the percent now');
    await labelFromCandidates('coupons.redeem_coupon', 'shop/coupons.redeem_coupon', 'MEDIUM', 'Removed with the codes');
    await labelFromCandidates('coupons.LEGACY_CODES', 'shop/coupons.LEGACY_CODES', 'MEDIUM', 'The codes that go');
    await vscode.workspace.saveAll(false);
    const agreement = await vscode.commands.executeCommand<{ kappa: number | null }>('fixtureLab.finishReview');
    assert.ok(agreement && typeof agreement.kappa === 'number', JSON.stringify(agreement));
    await vscode.workspace.saveAll(false);
    const reviewed = readFixture(readFileSync(path, 'utf8'), path).fixture;
    assert.deepEqual([reviewed.labeler, reviewed.verifier], ['dana', 'lee']);
    assert.equal(typeof reviewed.agreement, 'number');
    assert.equal(agreementOf(reviewed).disagreements.length, 3);

    // 6. An adjudicator settles the three conflicts from the Settle view's rows, each row's ratings whole.
    await setRater('ari');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: vscode.Uri.file(path) });
    await vscode.commands.executeCommand('fixtureLab.settle.focus');
    await eventually(async () => {
      const [labels, descriptions] = await ui([{ texts: `${VIEW_ROW('settle')} .label-name` }, { texts: `${VIEW_ROW('settle')} .label-description` }]);
      assert.deepEqual(labels!.map((l, i) => `${l} ${descriptions![i]}`).sort(),
        ['HIGH │ MEDIUM coupons.redeem_coupon', 'MEDIUM │ HIGH checkout.checkout', 'out │ MEDIUM coupons.LEGACY_CODES']);
    }, 20_000);
    await ruleFromSettle('checkout.checkout', 'shop/checkout.checkout', 'Include HIGH', 'The whole change is in it');
    await ruleFromSettle('coupons.redeem_coupon', 'shop/coupons.redeem_coupon', 'Include HIGH', 'Redeeming the old codes is what goes');
    await ruleFromSettle('coupons.LEGACY_CODES', 'shop/coupons.LEGACY_CODES', 'Exclude', 'Data, not code a system must find');
    await eventually(async () => assert.equal((await current()).fixture.disputes.length, 3), 20_000);
    await vscode.workspace.saveAll(false);
    const settled = readFixture(readFileSync(path, 'utf8'), path).fixture;
    assert.deepEqual(settled.disputes.map((d) => [d.symbol, d.resolution, d.sided_with]), [
      ['shop/checkout.checkout', 'included', 'lee'],
      ['shop/coupons.redeem_coupon', 'included', 'dana'],
      ['shop/coupons.LEGACY_CODES', 'excluded', 'dana'],
    ]);
    assert.deepEqual(settled.ground_truth.map((l) => [l.symbol, l.confidence]).sort(), [['shop/checkout.checkout', 'HIGH'], ['shop/coupons.redeem_coupon', 'HIGH']]);
    await screenshot('nu-03-settled');

    // 7. The baselines that init wrote into systems.yaml, run from the panel's Run button.
    await vscode.commands.executeCommand('fixtureLab.openPanel');
    await eventually(() => assert.equal(messages!.of('fixture').at(-1)?.header?.id, settled.id), 30_000);
    assert.ok(await webview.click('nu-run', 'button.run'));
    const finished = await eventually(() => {
      const done = messages!.of('runFinished').at(-1);
      assert.ok(done, 'the run finished');
      return done;
    }, 300_000);
    assert.equal(finished.cancelled, false, finished.error);
    const run = join(folder(), 'results', finished.run!);
    assert.ok(existsSync(join(run, 'run.json')), run);
    const scored = await eventually(() => {
      const last = messages!.of('results').at(-1)?.results;
      assert.ok(last && last.run === finished.run && last.rows.length > 0 && last.rows.every((r) => r.status === 'ok'), JSON.stringify(last?.rows));
      return last;
    }, 30_000);
    const systems = scored.rows.map((r) => r.system);

    // 8. The panel's Pool, under the run's results: what the systems returned that no rater judged
    // goes into the fixture's `pooled:`, unsaved; then saved.
    assert.ok(await webview.click('nu-pool', 'button.pool'));
    const pooled = await eventually(async () => {
      const list = (await current()).fixture.pooled ?? [];
      assert.ok(list.length > 0, 'the pool is in the document');
      return list;
    }, 60_000);
    await vscode.workspace.saveAll(false);
    assert.deepEqual(readFixture(readFileSync(path, 'utf8'), path).fixture.pooled, pooled);

    // 9. To Judge lists them; all selected (a click on the first, then Select All, Ctrl+A in the list) and judged at once.
    await vscode.commands.executeCommand('fixtureLab.toJudge.focus');
    const row = VIEW_ROW('toJudge');
    const toJudge = async () => ((await s.toJudgeTree.getChildren()) ?? []).flatMap((n) => (n.kind === 'pooled' ? [n.symbol] : []));
    const listed = await eventually(async () => {
      const symbols = await toJudge();
      assert.ok(symbols.length > 0 && symbols.every((p) => pooled.some((q) => q.symbol === p)), JSON.stringify(symbols));
      return symbols;
    }, 30_000);
    const first = listed[0].slice(listed[0].lastIndexOf('/') + 1);
    await eventually(async () => {
      const [labels] = await ui([{ texts: `${row} .label-name` }]);
      assert.ok(labels!.includes(first), labels!.join(' | '));
    }, 30_000);
    await ui([{ click: row, contains: first }]);
    await vscode.commands.executeCommand('list.selectAll');
    await ui([
      { click: `${row}.selected .action-label[aria-label="Exclude"]` },
      { expect: `Exclude: ${listed.length} symbols`, input: 'Not needed for the change' },
    ]);
    // One edit, unsaved as labels are, then saved.
    await eventually(async () => assert.equal((await current()).fixture.disputes.filter((d) => d.unjudged).length, listed.length), 20_000);
    await vscode.workspace.saveAll(false);
    const judged = readFixture(readFileSync(path, 'utf8'), path).fixture;
    assert.deepEqual(judged.disputes.filter((d) => d.unjudged).map((d) => d.symbol).sort(), [...listed].sort());
    await eventually(async () => assert.deepEqual(await toJudge(), []));
    assert.equal(judged.agreement, reviewed.agreement, 'judging moves no kappa');
    await screenshot('nu-04-judged');

    // 10. The run as the panel scores it now: every symbol each system returned in its top 10 judged.
    await eventually(() => {
      const last = messages!.of('results').at(-1)?.results;
      const rows = last?.rows.filter((r) => systems.includes(r.system));
      assert.ok(last?.run === finished.run && rows?.length === systems.length && rows.every((r) => r.judged === 1), JSON.stringify(rows?.map((r) => [r.system, r.judged])));
    }, 60_000);
    await vscode.commands.executeCommand('fixtureLab.openPanel');
    // The page draws the judged run a moment after the host sends it: read it until it has.
    await eventually(async () => {
      const page = await webview.text('nu-judged', '#root', 'Judged@10');
      assert.ok(page && !page.includes('under 0.9'), page);
    }, 30_000);
    await screenshot('nu-05-judged-run');
  });
});
