// The editor's face of `fixture-lab relocate`: when an open fixture's revision (`diff.base`, else
// `commit`) is edited to another revision, its labels are followed there (the core's
// relocationReport, from the revision the edit replaced) and a notification says what became of
// them, with Show Report (the CLI's lines, as a plain-text document) and Apply Moves (the core's
// applyRelocation as one WorkspaceEdit, so undo takes it back). Fixture and repository text is
// shown only as plain text: no link, no markup.
import * as vscode from 'vscode';
import {
  FixtureLabError, lineText, plainText, readFixture, relocateFixture, relocationLines, relocationRefusal, type RelocationReport, relocationTotals,
} from '../../core';
import { executeCommand } from '../commands/args';
import { Ctx } from '../ctx';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { applyFixtureEdit } from './fixtureEdits';
import type { Session } from './session';

const DELAY_MS = 400;

export class Relocations implements vscode.Disposable {
  /** Each open fixture's revision as last seen: what an edit of it replaced. */
  private readonly revisions = new Map<string, string>();
  private readonly reports = new Map<string, RelocationReport>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly reported = new vscode.EventEmitter<{ uri: vscode.Uri; report: RelocationReport }>();
  /** A report was made (tests wait on it; the notification is not readable from the extension host). */
  readonly onDidReport = this.reported.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx, private readonly session: Session, private readonly corpus: WorkspaceCorpus) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.remember(d)),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      vscode.workspace.onDidChangeTextDocument((e) => this.changed(e.document)),
    );
    for (const d of vscode.workspace.textDocuments) this.remember(d);
  }

  /** The last report for the fixture at `uri`, if its revision was edited since it was opened. */
  latest(uri: vscode.Uri): RelocationReport | undefined {
    return this.reports.get(uri.toString());
  }

  /** The report as plain text in an editor of its own: the CLI's lines and totals, a line each (relocationLines shows breaks and bidi controls). */
  async show(uri: vscode.Uri): Promise<vscode.TextDocument> {
    const report = this.required(uri);
    const content = [lineText(`${report.fixture}: labels followed to ${report.to}`), ...relocationLines(report), relocationTotals(report), ''].join('\n');
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content });
    await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return document;
  }

  /** Write the report's moves into the fixture's document, as one undoable edit; nothing else is touched. */
  async apply(uri: vscode.Uri): Promise<boolean> {
    const report = this.required(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    const corpus = await this.corpus.require();
    const fixture = readFixture(document.getText(), uri.fsPath).fixture;
    // As the CLI's relocate --write: a change's labels stay at its diff.base; a commit fixture's move with its `commit`.
    const refusal = relocationRefusal(fixture);
    if (refusal) throw new FixtureLabError(refusal);
    const options = { module: this.corpus.repoEntry(corpus, fixture.repo).module };
    let skipped: string[] = [];
    const ok = await applyFixtureEdit(document, (text) => {
      const now = readFixture(text, uri.fsPath).fixture;
      const result = relocateFixture(text, now, report, now.commit ?? report.to, options);
      if (result.ok) skipped = result.skipped.map((s) => `${s.symbol} -> ${s.moved_to}: ${s.reason}`);
      return result;
    });
    if (skipped.length) void vscode.window.showWarningMessage(plainText(`Fixture Lab: not moved: ${skipped.join('; ')}`));
    return ok;
  }

  private required(uri: vscode.Uri): RelocationReport {
    const report = this.latest(uri);
    if (!report) throw new FixtureLabError('no relocation report for this fixture: edit its revision (diff.base or commit) to another commit first');
    return report;
  }

  private revisionOf(document: vscode.TextDocument): string | undefined {
    const { fixture } = this.session.parsed(document);
    return fixture.diff?.base ?? fixture.commit;
  }

  private remember(document: vscode.TextDocument): void {
    if (!this.session.isFixture(document.uri)) return;
    const rev = this.revisionOf(document);
    if (rev !== undefined && !this.revisions.has(document.uri.toString())) this.revisions.set(document.uri.toString(), rev);
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.revisions.delete(key);
  }

  private changed(document: vscode.TextDocument): void {
    if (!this.session.isFixture(document.uri)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.check(document).catch((e: unknown) =>
        this.ctx.output.info(`relocation of ${document.uri.fsPath}: ${e instanceof Error ? e.message : String(e)}`));
    }, DELAY_MS));
  }

  /**
   * A revision edited to another one that resolves: the report, from the one it replaced. One
   * that does not resolve (half typed) leaves the old one remembered, so the report, once the
   * revision is whole, still starts where the labels were made.
   */
  private async check(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const rev = this.revisionOf(document);
    const before = this.revisions.get(key);
    if (rev === undefined || rev === before) return;
    if (before === undefined) {
      this.revisions.set(key, rev);
      return;
    }
    const { fixture } = this.session.parsed(document);
    const report = await this.corpus.relocation(fixture, before, rev);
    this.revisions.set(key, rev);
    this.reports.set(key, report);
    this.reported.fire({ uri: document.uri, report });
    const actions = ['Show Report', ...(report.totals.moved > 0 && !relocationRefusal(fixture) ? ['Apply Moves'] : [])];
    const message = plainText(`Fixture Lab: ${fixture.id ?? document.uri.fsPath}: the revision changed; ${relocationTotals(report)}`);
    void vscode.window.showInformationMessage(message, ...actions).then((picked) => {
      if (picked === 'Show Report') void executeCommand('fixtureLab.showRelocation', { uri: document.uri });
      if (picked === 'Apply Moves') void executeCommand('fixtureLab.applyRelocation', { uri: document.uri });
    });
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.reported.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
