// A fixture file changed on disk (`pool RUN --write` in a terminal, a pull) while its document holds
// unsaved edits: VS Code keeps the document as it is, and Save would then meet "the content of the
// file is newer", where Overwrite loses the disk's change and Compare is a merge by hand. Instead the
// unsaved edits are made again on the disk's text (core reapplyEdits): the document is reloaded from
// disk and the merge applied as one edit, still unsaved. When the core finds no merge, the person is
// told what each choice loses before choosing one. The text each document was last loaded or saved
// as is kept here: it is what the unsaved edits were made on.
import * as vscode from 'vscode';
import { describeChanges, plainText, reapplyEdits, textDiff } from '../../core';
import type { Ctx } from '../ctx';
import type { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import type { Session } from './session';

/** What became of one change on disk under unsaved edits. */
export interface DiskChange {
  uri: vscode.Uri;
  outcome: 'merged' | 'offered' | 'kept-mine' | 'took-disk' | 'left';
  /** The notification's text. */
  message: string;
}

export const KEEP_MINE = 'Keep My Edits';
export const TAKE_DISK = 'Take the File on Disk';

export class DiskChanges implements vscode.Disposable {
  /** Per fixture file (fsPath): its document's text as last loaded or saved, what unsaved edits are made on. */
  private readonly saved = new Map<string, string>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly handled = new vscode.EventEmitter<DiskChange>();
  /** Fires once per change on disk met under unsaved edits, with what was done (the tests read it). */
  readonly onDidHandle = this.handled.event;

  constructor(private readonly ctx: Ctx, private readonly session: Session, corpus: WorkspaceCorpus) {
    ctx.push(vscode.workspace.onDidOpenTextDocument((d) => this.remember(d)));
    // Only the change that says the document turned clean (a revert, an undo to the saved text): a
    // content change is heard before its document says it is dirty, and would be taken for the base.
    ctx.push(vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length === 0 && this.remember(e.document)));
    ctx.push(vscode.workspace.onDidSaveTextDocument((d) => this.remember(d)));
    ctx.push(vscode.workspace.onDidCloseTextDocument((d) => this.saved.delete(d.uri.fsPath)));
    ctx.push(corpus.onDidChangeFile((uri) => void this.check(uri)));
    // The corpus's watcher is what hears the files change: loading the corpus starts it.
    void corpus.get().then(undefined, () => undefined);
    for (const d of vscode.workspace.textDocuments) this.remember(d);
  }

  /** A clean document's text is its file's, as far as it knows: the base of any edit to come. */
  private remember(document: vscode.TextDocument): void {
    if (this.session.isFixture(document.uri) && !document.isDirty && !document.isClosed) this.saved.set(document.uri.fsPath, document.getText());
  }

  /** Looks at a fixture file that changed on disk (one at a time per file); resolves when handled. */
  check(uri: vscode.Uri): Promise<void> {
    const key = uri.fsPath;
    const next = (this.pending.get(key) ?? Promise.resolve()).then(() => this.reconcile(uri)).catch((e: unknown) => this.ctx.showError(e));
    this.pending.set(key, next);
    return next;
  }

  private async reconcile(uri: vscode.Uri): Promise<void> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === uri.fsPath && this.session.isFixture(d.uri));
    if (!document) return;
    const bytes = await vscode.workspace.fs.readFile(document.uri).then((b) => b, () => undefined);
    if (!bytes) return;
    const disk = new TextDecoder().decode(bytes);
    // A clean document is read again by VS Code itself: the file's text is its base from now on.
    if (!document.isDirty) {
      this.saved.set(key(document), disk);
      return;
    }
    const base = this.saved.get(key(document));
    const mine = document.getText();
    // Its own save, or a write of what it holds already: nothing to merge.
    if (disk === base) return;
    const file = vscode.workspace.asRelativePath(document.uri, false);
    if (disk === mine) {
      await reloadFromDisk(document);
      return;
    }
    // Without the text the edits were made on, each side is told as what the other lacks.
    const unknownBase = {
      ok: false as const, reason: 'Fixture Lab did not see the text they were made on', mine: describeChanges(disk, mine), theirs: describeChanges(mine, disk),
    };
    const merge = base === undefined ? unknownBase : reapplyEdits(base, mine, disk);
    if (merge.ok) {
      await reloadFromDisk(document);
      if (document.getText() !== disk) throw new Error(`${file} changed again while it was merged: nothing was merged; save it to see VS Code's choices`);
      this.saved.set(key(document), disk);
      const { start, end, text } = textDiff(disk, merge.text);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), text);
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code did not apply the merge of ${file}: your edits are in Undo`);
      const message = plainText(`Fixture Lab: ${file} changed on disk (${list(merge.theirs)}) while it had unsaved edits; your edits (${list(merge.mine)}) `
        + 'were made again on the new text, still unsaved.');
      void vscode.window.showInformationMessage(message);
      this.handled.fire({ uri: document.uri, outcome: 'merged', message });
      return;
    }
    const message = plainText(`Fixture Lab: ${file} changed on disk while it has unsaved edits, and they cannot be merged: ${merge.reason}. `
      + `${KEEP_MINE} loses the change on disk (${list(merge.theirs)}). ${TAKE_DISK} loses your unsaved edits (${list(merge.mine)}). `
      + 'Until you choose, Save asks the same in VS Code\'s words.');
    this.handled.fire({ uri: document.uri, outcome: 'offered', message });
    const choice = await vscode.window.showWarningMessage(message, KEEP_MINE, TAKE_DISK);
    if (choice === KEEP_MINE) {
      // The document's text written over the file, then the document reloaded from it: nothing left unsaved, nothing in conflict.
      await vscode.workspace.fs.writeFile(document.uri, new TextEncoder().encode(mine));
      await reloadFromDisk(document);
    }
    if (choice === TAKE_DISK) await reloadFromDisk(document);
    this.handled.fire({ uri: document.uri, outcome: choice === KEEP_MINE ? 'kept-mine' : choice === TAKE_DISK ? 'took-disk' : 'left', message });
  }

  dispose(): void {
    this.handled.dispose();
  }
}

const key = (document: vscode.TextDocument): string => document.uri.fsPath;

function list(lines: readonly string[]): string {
  return lines.length === 0 ? 'nothing Fixture Lab reads' : lines.join('; ');
}

/**
 * The document read again from its file, as File: Revert File does (the only way VS Code forgets the
 * file it loaded, so that Save does not then meet "newer on disk"). Revert acts on the active
 * editor: the document is shown in the active group for it, and the group shows what it showed before.
 */
async function reloadFromDisk(document: vscode.TextDocument): Promise<void> {
  const group = vscode.window.tabGroups.activeTabGroup;
  const before = group.activeTab;
  const isIt = (tab: vscode.Tab | undefined) => tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === document.uri.toString();
  const hadTab = group.tabs.some(isIt);
  await vscode.window.showTextDocument(document, { viewColumn: group.viewColumn, preview: !hadTab, preserveFocus: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  if (!hadTab) await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  else if (before && !isIt(before)) await vscode.commands.executeCommand('workbench.action.openPreviousRecentlyUsedEditorInGroup');
}
