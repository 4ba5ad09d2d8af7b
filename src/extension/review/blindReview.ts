// The verifier's screen in a blind review (what they may see is the core's fixtureView): when the
// review starts, editors showing the fixture's YAML, which holds the labeler's list, are closed and
// the change opens instead; a YAML the verifier reaches anyway (Open Fixture, the tree, a file
// opened by hand) is met with a warning and a way back to the change.
import * as vscode from 'vscode';
import { Fixture, fixtureView, plainText, readFixture } from '../../core';
import { openFixtureDiff } from '../diff/openDiff';
import type { Ctx } from '../ctx';
import type { Current, Session } from '../labeling/session';
import type { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export const OPEN_CHANGE = 'Open the Change';

/** Close every tab showing the fixture's YAML; a dirty one is saved first (closing would ask). */
export async function closeFixtureEditors(uri: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => showsUri(t, uri));
  if (tabs.length === 0) return;
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (document?.isDirty) await document.save();
  await vscode.window.tabGroups.close(tabs);
}

/** The change in place of the YAML (a fixture labeled at a commit has no change: its YAML just closes). */
export async function showChange(corpus: WorkspaceCorpus, current: Current): Promise<void> {
  await closeFixtureEditors(current.uri);
  if (current.fixture.diff) await openFixtureDiff(corpus, current);
}

/** Why the verifier is not shown the YAML, with a way back to the change. Resolves once answered or dismissed. */
export async function warnBlind(corpus: WorkspaceCorpus, current: Current): Promise<void> {
  const f = current.fixture;
  const where = f.diff ? 'label from its change' : `label from the repository at ${f.commit?.slice(0, 12) ?? 'its commit'}`;
  const pick = await vscode.window.showWarningMessage(
    // The task is what the verifier labels against; like the id, it is untrusted text (plainText).
    plainText(`Fixture Lab: blind review of ${f.id ?? 'this fixture'}: ${f.task ?? ''}. You review ${f.id ?? 'this fixture'} blind, as its `
      + `verifier: its YAML holds ${f.labeler ?? 'the labeler'}'s labels. Leave it closed and ${where}; everything shows once the review finishes.`),
    ...(f.diff ? [OPEN_CHANGE] : []),
  );
  if (pick === OPEN_CHANGE) await showChange(corpus, current);
}

/**
 * A fixture's YAML brought up by hand while its rater reviews it blind: the same warning. Takes the
 * services it uses, not Services: review.ts, which services.ts builds, imports this file.
 */
export function registerBlindReview(s: { ctx: Ctx; session: Session; corpus: WorkspaceCorpus }): void {
  s.ctx.push(vscode.window.onDidChangeActiveTextEditor(async (editor) => {
    const document = editor?.document;
    if (!document || !s.session.isFixture(document.uri)) return;
    const fixture: Fixture = readFixture(document.getText(), document.uri.fsPath).fixture;
    if (!fixtureView(fixture, await s.session.rater()).blind) return;
    const current = await s.session.open(document.uri);
    if (current.view.blind) void warnBlind(s.corpus, current);
  }));
}

function showsUri(tab: vscode.Tab, uri: vscode.Uri): boolean {
  const input = tab.input;
  const same = (u: vscode.Uri) => u.toString() === uri.toString();
  if (input instanceof vscode.TabInputText) return same(input.uri);
  if (input instanceof vscode.TabInputTextDiff) return same(input.original) || same(input.modified);
  return false;
}
