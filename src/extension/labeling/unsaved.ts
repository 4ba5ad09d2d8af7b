// Labels made in a fixture's document and not yet saved to its file. Labeling edits the YAML's
// document (one undoable edit each), whose tab sits behind the diff: the status bar and the
// Fixtures tree say how many labels are unsaved, counted as the rater may see them (core
// unsavedLabels over fixtureView), and fixtureLab.saveAfterLabel saves after each label and ruling.
import * as vscode from 'vscode';
import { Edited, fixtureView, readFixture, unsavedLabels } from '../../core';
import type { Ctx } from '../ctx';
import { applyFixtureEdit } from './fixtureEdits';
import type { Session } from './session';

export class UnsavedLabels implements vscode.Disposable {
  /** Per fixture file (fsPath): its unsaved labels, only those with some. */
  private readonly counts = new Map<string, number>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with a fixture's fsPath when its count changes. */
  readonly onDidChange = this.changed.event;
  private readonly pending = new Map<string, Promise<void>>();

  constructor(ctx: Ctx, private readonly session: Session) {
    ctx.push(vscode.workspace.onDidChangeTextDocument((e) => void this.update(e.document)));
    ctx.push(vscode.workspace.onDidSaveTextDocument((d) => void this.update(d)));
    ctx.push(vscode.workspace.onDidCloseTextDocument((d) => this.set(d.uri.fsPath, 0)));
    for (const d of vscode.workspace.textDocuments) void this.update(d);
  }

  /** The unsaved labels of one fixture file. */
  of(fsPath: string): number {
    return this.counts.get(fsPath) ?? 0;
  }

  /** Every fixture's unsaved labels. */
  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }

  /** Recounts a document (serially per file: the last edit's count wins); resolves when done. */
  update(document: vscode.TextDocument): Promise<void> {
    if (!this.session.isFixture(document.uri)) return Promise.resolve();
    const key = document.uri.fsPath;
    const next = (this.pending.get(key) ?? Promise.resolve()).then(() => this.count(document)).then((n) => this.set(key, n), () => undefined);
    this.pending.set(key, next);
    return next;
  }

  private async count(document: vscode.TextDocument): Promise<number> {
    if (!document.isDirty || document.isClosed) return 0;
    const bytes = await vscode.workspace.fs.readFile(document.uri).then((b) => b, () => new Uint8Array());
    const saved = readFixture(new TextDecoder().decode(bytes), document.uri.fsPath).fixture;
    const edited = readFixture(document.getText(), document.uri.fsPath).fixture;
    const rater = await this.session.rater();
    // A blind verifier counts what they may see; the labeler's list is hidden in both.
    return unsavedLabels(fixtureView(saved, rater).fixture, fixtureView(edited, rater).fixture);
  }

  private set(key: string, n: number): void {
    if (this.of(key) === n) return;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
    this.changed.fire(key);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Save Fixture Edits: saves every fixture document with unsaved edits; how many were saved. */
export async function saveFixtureEdits(session: Session): Promise<number> {
  const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty && session.isFixture(d.uri));
  const saved = await Promise.all(dirty.map((d) => d.save()));
  return saved.filter(Boolean).length;
}

/**
 * A label's edit, or a ruling's (the Settle and To Judge rows, the settle picker, Record Dispute),
 * applied to the fixture's document (applyFixtureEdit) and saved when fixtureLab.saveAfterLabel
 * says so; whether it was made (and saved).
 */
export async function applyLabelEdit(ctx: Ctx, document: vscode.TextDocument, edit: (text: string) => Edited): Promise<boolean> {
  const done = await applyFixtureEdit(document, edit);
  if (done && ctx.config.saveAfterLabel && document.isDirty) return document.save();
  return done;
}
