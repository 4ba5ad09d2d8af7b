// A fixture's change shown as VS Code shows a change: the multi-file changes editor, each file's
// two sides read from git at diff.base and diff.head (read-only), renames paired.
import * as vscode from 'vscode';
import { FixtureLabError, listChanges } from '../../core';
import type { Current } from '../labeling/session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { revisionUri } from './revisions';

export async function openFixtureDiff(corpus: WorkspaceCorpus, current: Current): Promise<number> {
  const { fixture } = current;
  if (!fixture.diff) throw new FixtureLabError(`${fixture.id ?? 'this fixture'} has no \`diff:\`; it was labeled at a commit, not from a change`);
  if (!fixture.repo) throw new FixtureLabError('the fixture names no `repo:`');
  const repo = await corpus.repository(fixture.repo);
  const changes = await listChanges(repo, fixture.diff.base, fixture.diff.head);
  const resources: [vscode.Uri, vscode.Uri | undefined, vscode.Uri | undefined][] = changes.files
    .filter((f) => !f.submodule)
    .map((f) => {
      const left = f.oldPath ? revisionUri({ repo: fixture.repo!, rev: changes.base, path: f.oldPath }) : undefined;
      const right = f.newPath ? revisionUri({ repo: fixture.repo!, rev: changes.head, path: f.newPath }) : undefined;
      return [(right ?? left)!, left, right];
    });
  const title = `${fixture.id ?? 'fixture'}: ${changes.base.slice(0, 7)}..${changes.head.slice(0, 7)}`;
  await vscode.commands.executeCommand('vscode.changes', title, resources);
  offerDiffCodeLens();
  return resources.length;
}

/** One file's diff, at a line: from a Candidates item or a CodeLens. */
export async function openFileDiff(
  repoName: string, base: string, head: string, oldPath: string | undefined, newPath: string | undefined, line?: number): Promise<void> {
  const left = revisionUri({ repo: repoName, rev: base, path: oldPath ?? newPath! });
  const right = revisionUri({ repo: repoName, rev: head, path: newPath ?? oldPath! });
  const selection = line ? new vscode.Range(line - 1, 0, line - 1, 0) : undefined;
  await vscode.commands.executeCommand(
    'vscode.diff', left, right, `${newPath ?? oldPath} (${base.slice(0, 7)}..${head.slice(0, 7)})`, { selection, preview: true });
}

/** `+ HIGH | + MEDIUM` live in CodeLens, which diff editors hide unless diffEditor.codeLens is on. */
function offerDiffCodeLens(): void {
  const config = vscode.workspace.getConfiguration('diffEditor');
  if (config.get<boolean>('codeLens')) return;
  void vscode.window
    .showInformationMessage('Fixture Lab labels symbols with CodeLens, which diff editors hide by default.', 'Show CodeLens in Diffs')
    .then((pick) => pick && config.update('codeLens', true, vscode.ConfigurationTarget.Global));
}
