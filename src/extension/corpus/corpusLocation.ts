// Where the corpus is: the `fixtureLab.corpusPath` setting, else the nearest repos.yaml in the workspace.
import * as vscode from 'vscode';
import { Ctx } from '../ctx';

export async function findCorpusDir(ctx: Ctx): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (ctx.config.corpusPath && folder) return vscode.Uri.joinPath(folder.uri, ctx.config.corpusPath);
  const found = await vscode.workspace.findFiles('**/repos.yaml', '**/node_modules/**', 10);
  const shortest = found.sort((a, b) => a.path.length - b.path.length)[0];
  return shortest ? vscode.Uri.joinPath(shortest, '..') : undefined;
}

/** Where Initialize a Corpus writes one: the `fixtureLab.corpusPath` setting, else the first workspace folder. */
export function newCorpusDir(ctx: Ctx): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  return ctx.config.corpusPath ? vscode.Uri.joinPath(folder.uri, ctx.config.corpusPath) : folder.uri;
}
