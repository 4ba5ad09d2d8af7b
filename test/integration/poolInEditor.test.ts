// Pool and judge inside the editor (issue 28): an adjudicator's ruling left unsaved in a fixture's
// document, then a pool. From the panel's Pool, the pool joins the ruling as one edit of the
// document: one undo takes the pool back and leaves the ruling, and Save writes both. From
// `pool RUN --write` in a terminal, the file changes on disk under the ruling: the ruling is made
// again on the pooled text, To Judge lists the pool, and Save meets no "newer on disk". Where the
// unsaved text holds something Fixture Lab cannot make again, nothing is merged: the notification
// says what each choice loses, and taking the file on disk reloads it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { cli } from '../../src/cli/cli';
import { addPooled, readFixture, reapplyEdits, textDiff, textOf } from '../../src/core';
import type { DiskChange } from '../../src/extension/labeling/diskChanges';
import { TAKE_DISK } from '../../src/extension/labeling/diskChanges';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, eventually, inNotificationCentre, journeySuite, panelMessages, replaceFirst, screenshot, setRater } from './helpers';
import { webview } from './ui';

const FIXTURE = 'bookshop/medium/01-queue-retry-limit.yaml';
const RULED = 'worker/queue/queue.Queue.Push';

describe('Pool beside unsaved rulings', function () {
  this.timeout(240_000);
  let s!: Services;
  const made = journeySuite((started) => (s = started));
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;

  /** A copy of the queue fixture opened, with one ruling made and left unsaved; its document and texts. */
  async function withUnsavedRuling(suffix: string): Promise<{ uri: vscode.Uri; original: string; document: vscode.TextDocument; ruled: string; id: string }> {
    await setRater('ari');
    const { uri, original } = copyFixture(FIXTURE, suffix);
    made.push(uri.fsPath);
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(await vscode.commands.executeCommand('fixtureLab.settleDisagreements', {
      symbol: RULED, resolution: 'included', confidence: 'HIGH', rationale: 'Retry re-queues through Push',
    }), 1);
    await eventually(() => assert.equal(s.unsaved.of(uri.fsPath), 1));
    assert.equal(document.isDirty, true);
    assert.equal(readFileSync(uri.fsPath, 'utf8'), original, 'the ruling is not saved');
    return { uri, original, document, ruled: document.getText(), id: readFixture(original, uri.fsPath).fixture.id! };
  }

  const fixtureOf = (text: string) => readFixture(text, 'f.yaml').fixture;

  async function cliOk(...argv: string[]): Promise<void> {
    let stderr = '';
    const code = await cli(argv, { cwd: folder(), stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } });
    assert.equal(code, 0, `${argv.join(' ')}: ${stderr}`);
  }

  it('the panel\'s Pool adds pooled: beside an unsaved ruling as one edit: one undo takes the pool back, the ruling stays, Save writes both', async () => {
    const { uri, original, document, ruled } = await withUnsavedRuling('pool-panel');
    const messages = panelMessages(s);
    try {
      await vscode.commands.executeCommand('fixtureLab.openPanel');
      await vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: ['grep', 'bm25'], budget: 5000, match: 'bounded' });
      const finished = await eventually(() => {
        const done = messages.of('runFinished').at(-1);
        assert.ok(done?.run, 'the run finished');
        return done;
      }, 180_000);
      made.push(join(folder(), 'results', finished.run!));
      const results = await eventually(() => {
        const last = messages.of('results').at(-1)?.results;
        assert.equal(last?.run, finished.run);
        return last!;
      }, 30_000);
      assert.equal(results.fixture, fixtureOf(original).id);

      // Pool, as a person clicks it under the results (the command it sends, outside code-server).
      const page = await webview.text('pool-results', 'button.pool', 'Pool');
      if (page !== undefined) {
        assert.match(page, new RegExp(`Add what ${finished.run}'s systems returned in their top 10 that no rater judged`));
        await webview.click('pool-click', 'button.pool');
      } else {
        await vscode.commands.executeCommand('fixtureLab.poolRun', { run: finished.run });
      }
      const pooledText = await eventually(() => {
        const pooled = fixtureOf(document.getText()).pooled ?? [];
        assert.ok(pooled.length > 0, 'the pool is in the document');
        return document.getText();
      }, 30_000);
      const pooled = fixtureOf(pooledText).pooled!;
      // What grep and bm25 both return: the queue's jobs field. The ruled symbol is judged, never pooled.
      assert.ok(pooled.some((p) => p.symbol === 'worker/queue/queue.Queue.jobs'), JSON.stringify(pooled));
      assert.ok(!pooled.some((p) => p.symbol === RULED));
      // The ruling is as it was, and nothing is saved.
      assert.deepEqual(fixtureOf(pooledText).disputes, fixtureOf(ruled).disputes);
      // The pool only adds its list: one insertion into the ruled text.
      const added = textDiff(ruled, pooledText);
      assert.equal(added.end, added.start);
      assert.match(added.text, /^pooled:\n {2}- symbol: /);
      assert.equal(readFileSync(uri.fsPath, 'utf8'), original);
      await eventually(async () => assert.deepEqual(((await s.toJudgeTree.getChildren()) ?? []).filter((n) => 'symbol' in n).length, pooled.length));
      await screenshot('70-pooled-in-editor');

      // One undo takes the pool back; the ruling stays.
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('undo');
      await eventually(() => assert.equal(document.getText(), ruled));
      await vscode.commands.executeCommand('redo');
      await eventually(() => assert.equal(document.getText(), pooledText));
      // Save writes both, with no question.
      assert.equal(await document.save(), true);
      assert.equal(readFileSync(uri.fsPath, 'utf8'), pooledText);
    } finally {
      messages.dispose();
      s.panel()?.dispose();
    }
  });

  it('`pool RUN --write` under an unsaved ruling: the ruling made again on the pooled file, To Judge lists the pool, Save meets no conflict', async () => {
    const { uri, document, ruled, id, original } = await withUnsavedRuling('pool-disk');
    const handled: DiskChange[] = [];
    const listening = s.diskChanges.onDidHandle((e) => handled.push(e));
    try {
      const out = mkdtempSync(join(tmpdir(), 'fixture-lab-pool-disk-'));
      made.push(out);
      await cliOk('run', '.', '--tasks', id, '--budget', '5000', '--out', out, '--skip-invalid');
      await cliOk('pool', out, '--write');
      const disk = readFileSync(uri.fsPath, 'utf8');
      const pooled = fixtureOf(disk).pooled ?? [];
      assert.ok(pooled.length > 0);
      const change = await eventually(() => {
        const found = handled.find((e) => e.uri.fsPath === uri.fsPath);
        assert.ok(found, 'the change on disk was met');
        return found;
      }, 30_000);
      assert.equal(change.outcome, 'merged', change.message);
      assert.match(change.message, /changed on disk \(pooled: \d+ added .*\) while it had unsaved edits; /);
      assert.match(change.message, /your edits \(ground truth: 1 added .*rulings: 1 added/);
      // The document: the file on disk with the ruling made again on it, unsaved.
      const merged = reapplyEdits(original, ruled, disk);
      assert.ok(merged.ok);
      await eventually(() => assert.equal(document.getText(), merged.text));
      assert.equal(document.isDirty, true);
      assert.deepEqual(fixtureOf(document.getText()).pooled, pooled);
      assert.deepEqual(fixtureOf(document.getText()).disputes, fixtureOf(ruled).disputes);
      await eventually(() => assert.equal(s.unsaved.of(uri.fsPath), 1), 10_000);
      // To Judge lists the pool at once, not "no pooled symbols".
      await vscode.commands.executeCommand('fixtureLab.toJudge.focus');
      await eventually(async () => {
        const rows = ((await s.toJudgeTree.getChildren()) ?? []).filter((n) => 'symbol' in n);
        assert.equal(rows.length, pooled.length);
      }, 20_000);
      await screenshot('71-merged-from-disk');
      // Save: no "the content of the file is newer"; the file holds both.
      assert.equal(await document.save(), true);
      const saved = fixtureOf(readFileSync(uri.fsPath, 'utf8'));
      assert.deepEqual(saved.pooled, pooled);
      assert.deepEqual(saved.disputes, fixtureOf(ruled).disputes);
    } finally {
      listening.dispose();
    }
  });

  it('no merge when the unsaved text holds a hand edit: the notification says what each choice loses; taking the file on disk reloads it', async function () {
    const { uri, document, original } = await withUnsavedRuling('pool-hand');
    await replaceFirst(document, 'tags: [go', '# checked by ari\ntags: [go');
    const handled: DiskChange[] = [];
    const listening = s.diskChanges.onDidHandle((e) => handled.push(e));
    try {
      const disk = textOf(addPooled(original, { symbol: 'worker/queue/queue.Queue.jobs', from: ['grep'] }));
      writeFileSync(uri.fsPath, disk);
      const offered = await eventually(() => {
        const found = handled.find((e) => e.uri.fsPath === uri.fsPath);
        assert.ok(found);
        return found;
      }, 30_000);
      assert.equal(offered.outcome, 'offered');
      const why = 'cannot be merged: the unsaved text holds changes other than labels, rulings, pooled symbols and fields (typed by hand?)';
      assert.ok(offered.message.includes(why), offered.message);
      assert.match(offered.message, /Keep My Edits loses the change on disk \(pooled: 1 added \(worker\/queue\/queue\.Queue\.jobs\)\)/);
      assert.match(offered.message, /Take the File on Disk loses your unsaved edits \(ground truth: 1 added .*; rulings: 1 added /);
      assert.ok(offered.message.includes('rulings: 1 added (worker/queue/queue.Queue.Push (included HIGH))'), offered.message);
      assert.equal(document.isDirty, true, 'nothing is taken before a choice');
      if (!canDriveUi()) this.skip(); // the notification's button is clicked in the page: code-server only
      await inNotificationCentre([{ click: '.notifications-center .notification-list-item .monaco-button', contains: TAKE_DISK }]);
      await eventually(() => assert.ok(handled.some((e) => e.outcome === 'took-disk')), 20_000);
      await eventually(() => assert.equal(document.getText(), disk));
      assert.equal(document.isDirty, false);
    } finally {
      listening.dispose();
    }
  });
});
