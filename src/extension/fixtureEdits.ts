// A core edit (text -> text) applied to an open document as one WorkspaceEdit: the file turns
// dirty, nothing is saved, and undo restores it byte for byte.
import * as vscode from 'vscode';
import { FixtureLabError, oversizedFixture, readFixture, textDiff } from '../core';

/** A document too large to be a fixture is refused, naming it, before anything asks or parses. */
export function refuseOversized(document: vscode.TextDocument, text = document.getText()): void {
  const oversize = oversizedFixture(Buffer.byteLength(text));
  if (oversize) throw new FixtureLabError(oversize, vscode.workspace.asRelativePath(document.uri));
}

export async function applyFixtureEdit(document: vscode.TextDocument, edit: (text: string) => string): Promise<boolean> {
  const before = document.getText();
  refuseOversized(document, before);
  const after = edit(before);
  if (after === before) return true;
  if (!readFixture(after, document.uri.fsPath).parsed) throw new Error('the edit would break the YAML; nothing was changed');
  const { start, end, text } = textDiff(before, after);
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), text);
  return vscode.workspace.applyEdit(workspaceEdit);
}
