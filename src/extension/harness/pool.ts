// The panel's Pool (and Fixture Lab: Pool a Run's Unjudged Symbols): a run's top-K symbols that no
// rater judged go to its fixtures' `pooled:` in their documents, as one WorkspaceEdit beside what is
// unsaved there. A ruling made in the Settle view and not saved stays as it is, one undo takes the
// pool back, and Save writes both: `pool RUN --write` in a terminal would write the files under the
// unsaved edits instead. The pool is the core's (poolEdits over the documents' text: a symbol ruled
// on, saved or not, is judged and never pooled).
import * as vscode from 'vscode';
import { FixtureLabError, listRuns, plainText, poolEdits, readFixture, type RunFolder, textDiff } from '../../core';
import { SCORE_CUT } from '../../shared/panelView';
import { refuseUneditable } from '../labeling/fixtureEdits';
import type { Services } from '../services';

export interface Pooled {
  run: string;
  /** Fixtures whose `pooled:` changed, and the symbols added over them. */
  fixtures: number;
  symbols: number;
}

/** Pools the run named `name` (a folder under the results folder), or one picked; undefined when none was picked. */
export async function poolRun(s: Services, name?: string): Promise<Pooled | undefined> {
  const resultsDir = s.results.resultsDir();
  const runs = (await listRuns(resultsDir)).filter((r) => r.info.finished_at !== undefined);
  const run = name === undefined ? await pickRun(runs) : runs.find((r) => r.name === name);
  if (!run) {
    if (name === undefined) return undefined;
    throw new FixtureLabError(`no finished run \`${name}\` in ${vscode.workspace.asRelativePath(resultsDir)}: run the systems first`);
  }
  const corpus = await s.corpus.require();
  const documents = new Map<string, vscode.TextDocument>();
  const edits = await poolEdits(run.dir, corpus, SCORE_CUT, async (path) => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    await refuseUneditable(document);
    documents.set(path, document);
    return document.getText();
  }, (message) => s.ctx.output.warn(message));
  if (edits.length === 0) {
    const message = `Fixture Lab: ${run.name}: nothing to pool, some rater judged every symbol in its systems' top ${SCORE_CUT}.`;
    void vscode.window.showInformationMessage(plainText(message));
    return { run: run.name, fixtures: 0, symbols: 0 };
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  for (const e of edits) {
    const document = documents.get(e.path)!;
    // Nothing may come between reading a document and editing it: a change in between pools again.
    if (document.getText() !== e.before) throw new FixtureLabError('changed while it was pooled; nothing was changed: pool again', e.file);
    if (!readFixture(e.after, e.path).parsed) throw new FixtureLabError('the pool would break the YAML; nothing was changed', e.file);
    const { start, end, text } = textDiff(e.before, e.after);
    workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), text);
  }
  if (!(await vscode.workspace.applyEdit(workspaceEdit))) throw new FixtureLabError('VS Code did not apply the pool; nothing was changed');
  const symbols = edits.reduce((n, e) => n + e.added.length, 0);
  const where = edits.length === 1 ? edits[0].file : `${edits.length} fixtures`;
  void vscode.window.showInformationMessage(plainText(`Fixture Lab: pooled ${symbols} symbol${symbols === 1 ? '' : 's'} from ${run.name} into ${where}, `
    + 'unsaved beside your other edits: judge them in To Judge; Save writes them, Undo takes the pool back.'));
  const current = await s.session.current();
  // The open fixture's pool is what To Judge lists: shown beside the panel.
  if (current && edits.some((e) => e.path === current.uri.fsPath)) {
    await vscode.commands.executeCommand('fixtureLab.toJudge.focus').then(undefined, () => undefined);
  }
  return { run: run.name, fixtures: edits.length, symbols };
}

async function pickRun(runs: readonly RunFolder[]): Promise<RunFolder | undefined> {
  if (runs.length === 0) throw new FixtureLabError('no finished run to pool: run the systems first (the Benchmark panel, or fixture-lab run)');
  const picked = await vscode.window.showQuickPick(
    runs.map((run) => ({ label: run.name, description: `${run.info.tasks.length} task${run.info.tasks.length === 1 ? '' : 's'}`, run })),
    { title: 'Pool a run: what its systems returned that no rater judged, into each fixture\'s pooled:', placeHolder: 'the run to pool' },
  );
  return picked?.run;
}
