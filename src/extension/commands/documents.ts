// The fixture a command edits or reads, and its repository's module prefix: what the labeling and
// review commands share.
import * as vscode from 'vscode';
import { FixtureLabError, readFixture } from '../../core';
import { refuseOversized } from '../labeling/fixtureEdits';
import type { Services } from '../services';

/** The given fixture, else the active editor's, else the current one: a YAML file, not oversized. */
export async function fixtureDocument(s: Services, uri?: vscode.Uri): Promise<vscode.TextDocument> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document ?? (await s.session.document());
  if (!document || !/\.ya?ml$/.test(document.uri.path)) throw new FixtureLabError('open a fixture YAML file first (corpus/tasks/<repo>/<tier>/NN-slug.yaml)');
  refuseOversized(document);
  return document;
}

/** The fixture's repo module prefix (repos.yaml `module`), so names are normalized as the CLI does. */
export async function moduleOf(s: Services, document: vscode.TextDocument): Promise<string | undefined> {
  const repo = readFixture(document.getText(), document.uri.fsPath).fixture.repo;
  return (await s.corpus.get())?.repos.find((r) => r.name === repo)?.module;
}
