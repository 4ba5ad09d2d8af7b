// A core edit (text -> text) applied to an open document as one WorkspaceEdit: the file turns
// dirty, nothing is saved, and undo restores it byte for byte.
import * as vscode from 'vscode';
import { readFixture, textDiff } from '../core';

export async function applyFixtureEdit(document: vscode.TextDocument, edit: (text: string) => string): Promise<boolean> {
  const before = document.getText();
  const after = edit(before);
  if (after === before) return true;
  if (!readFixture(after, document.uri.fsPath).parsed) throw new Error('the edit would break the YAML; nothing was changed');
  const { start, end, text } = textDiff(before, after);
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), text);
  return vscode.workspace.applyEdit(workspaceEdit);
}
