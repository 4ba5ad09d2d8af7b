// A core edit (text -> text) applied to an open document as one WorkspaceEdit: the file turns
// dirty, nothing is saved, and undo restores it byte for byte. The same rules as the CLI's edits:
// a file that is not UTF-8 is refused, and the file keeps its line endings.
import * as vscode from 'vscode';
import {
  decodeUtf8, Edited, editKeepingLineEndings, FixtureLabError, oversizedFixture, ProblemError, readFixture, textDiff, textOf, UNREADABLE_FIXTURE,
} from '../../core';

/** A document too large to be a fixture is refused, naming it, before anything asks or parses. */
export function refuseOversized(document: vscode.TextDocument, text = document.getText()): void {
  const oversize = oversizedFixture(Buffer.byteLength(text));
  if (oversize) throw new FixtureLabError(oversize, vscode.workspace.asRelativePath(document.uri));
}

/** Refuse a document no edit may touch (too large, YAML aliases, bytes on disk that are not UTF-8): before anything else happens. */
export async function refuseUneditable(document: vscode.TextDocument, text = document.getText()): Promise<void> {
  refuseOversized(document, text);
  // What validate refuses to read, with validate's own line.
  const unreadable = readFixture(text, vscode.workspace.asRelativePath(document.uri, false)).problems.find((p) => UNREADABLE_FIXTURE.has(p.code));
  if (unreadable) throw new ProblemError(unreadable);
  await refuseNotUtf8(document, text);
}

export async function applyFixtureEdit(document: vscode.TextDocument, edit: (text: string) => Edited): Promise<boolean> {
  const before = document.getText();
  await refuseUneditable(document, before);
  const after = textOf(editKeepingLineEndings(before, edit));
  if (after === before) return true;
  if (!readFixture(after, document.uri.fsPath).parsed) throw new Error('the edit would break the YAML; nothing was changed');
  const { start, end, text } = textDiff(before, after);
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), text);
  return vscode.workspace.applyEdit(workspaceEdit);
}

/**
 * The document decoded bytes that are not UTF-8 as U+FFFD, and saving an edit would write those
 * instead of the bytes: check the bytes on disk (only when a U+FFFD is there to explain), with the
 * core's strict decoder, which throws `path:line:col: error: not valid UTF-8`.
 */
async function refuseNotUtf8(document: vscode.TextDocument, text: string): Promise<void> {
  if (!text.includes('\uFFFD') || document.isUntitled) return;
  const bytes = await vscode.workspace.fs.readFile(document.uri).then((b) => b, () => undefined);
  if (bytes) decodeUtf8(bytes, vscode.workspace.asRelativePath(document.uri, false));
}
