// The verifier's pass (docs/fixture-format.md#the-protocol-states-and-who-writes-what): start a review (the labeler's list frozen in labels[labeler], an
// empty labels[verifier] for the blind pass), finish it (kappa of both kinds written as
// `agreement`, every disagreement listed), and settle disagreements into disputes.
import * as vscode from 'vscode';
import {
  Agreement, candidateWhy, Confidence, Disagreement, disagreementsToSettle, dropKeptDraft, edited, finishReview, FixtureLabError, fmt, hideDraft,
  keepDraft, keptDraft, plainText, plural,
  refused, Resolution, restoreDraft, reviewWarnings, settleDispute, startRefusal, startReview, textOf, then,
} from '../../core';
import { settlePicker } from '../views/viewModels';
import { showChange } from './blindReview';
import { executeCommand } from '../commands/args';
import { Ctx } from '../ctx';
import { applyFixtureEdit, refuseUneditable } from '../labeling/fixtureEdits';
import { applyLabelEdit } from '../labeling/unsaved';
import { Labeler } from '../labeling/label';
import { Current, Session } from '../labeling/session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export class Review {
  constructor(private readonly ctx: Ctx, private readonly session: Session, private readonly labeler: Labeler, private readonly corpus: WorkspaceCorpus) {}

  /**
   * Start the review as its verifier: saved at once (with fixtureLab.blindDrafts the labeler's
   * draft leaves the file for .fixture-lab/blind/, kept there first), and from here on the
   * verifier is blind: the fixture's YAML editors close and the change opens.
   */
  async start(): Promise<boolean> {
    const c = await this.labeler.requireCurrent();
    const rater = c.rater;
    // Refused (no rater, the wrong one, a review under way) before anything is asked, warned or kept.
    const refusal = startRefusal(c.fixture, rater);
    if (refusal) throw new FixtureLabError(refusal.refused);
    for (const w of reviewWarnings(c.fixture)) void vscode.window.showWarningMessage(plainText(`Fixture Lab: ${w}`));
    const document = (await this.session.document())!;
    let edit = (text: string) => startReview(text, rater!);
    if (this.ctx.config.blindDrafts) {
      // A file no edit may touch (not UTF-8, too large) is refused before its draft is kept anywhere.
      await refuseUneditable(document);
      const { draft } = hideDraft(textOf(startReview(document.getText().replace(/\r\n/g, '\n'), rater!)));
      await keepDraft(document.uri.fsPath, draft);
      edit = (text) => then(startReview(text, rater!), (started) => {
        const hidden = hideDraft(started);
        if (JSON.stringify(hidden.draft) !== JSON.stringify(draft)) return refused(
          'review-state', 'the fixture changed while its draft was being kept aside: start the review again');
        return edited(hidden.text);
      });
    }
    if (!(await applyFixtureEdit(document, edit))) return false;
    await document.save();
    const now = await this.session.current();
    if (now?.view.blind) await showChange(this.corpus, now);
    return true;
  }

  /** Writes `agreement` and the derived ground truth; returns the agreement with its disagreements. */
  async finish(): Promise<Agreement> {
    const c = await this.labeler.requireCurrent();
    const f = c.fixture;
    const document = (await this.session.document())!;
    // A draft kept aside at the start (fixtureLab.blindDrafts) comes back first: kappa needs the labeler's list.
    const kept = await keptDraft(document.uri.fsPath);
    let a: Agreement | undefined;
    await applyFixtureEdit(document, (text) => {
      const finished = finishReview(kept ? restoreDraft(text, kept) : text, c);
      if (finished.ok) a = finished.agreement;
      return finished;
    });
    if (kept && (await document.save())) await dropKeptDraft(document.uri.fsPath);
    const summary = a!.kappa === null
      ? `kappa n/a (${a!.reason}); observed agreement ${fmt(a!.observed)}`
      : `kappa ${fmt(a!.kappa)} (${a!.band}), with confidence ${fmt(a!.kappa_confidence)}; `
        + `${plural(a!.disagreements.length, 'disagreement')} over ${plural(a!.items, 'item')}`;
    const list = a!.disagreements.map((d) => `${d.symbol}: ${f.labeler} ${d.labeler ?? '-'}, ${f.verifier} ${d.verifier ?? '-'}`);
    // Not awaited: a notification resolves only when dismissed, and the review is done already.
    void vscode.window.showInformationMessage(
      plainText(`Fixture Lab: ${f.id}: ${summary}`), { detail: plainText(list.join('\n')) }, ...(a!.disagreements.length ? ['Settle Disagreements'] : []))
      .then((pick) => pick && executeCommand('fixtureLab.settleDisagreements', {}));
    return a!;
  }

  /** Why `symbol` is a candidate of the fixture's change (its change kind, or the neighbour's link); undefined when it is not one, or unreadable. */
  async whyCandidate(c: Current, symbol: string): Promise<string | undefined> {
    const f = c.fixture;
    if (!f.repo || !f.diff) return undefined;
    return candidateWhy(await this.corpus.candidates(f.repo, f.diff.base, f.diff.head).catch(() => undefined), symbol, c);
  }

  /** Settle one disagreement, or (interactively) each open one in turn. */
  async settle(symbol?: string, resolution?: Resolution, rationale?: string, confidence?: Confidence): Promise<number> {
    const c = await this.labeler.requireCurrent();
    const f = c.fixture;
    const todo = disagreementsToSettle(f, symbol, c);
    if ('refused' in todo) throw new FixtureLabError(todo.refused);
    if (todo.length === 0) {
      void vscode.window.showInformationMessage(plainText(`Fixture Lab: ${f.id} has no open disagreements.`));
      return 0;
    }
    let settled = 0;
    for (const d of todo) {
      const choice = resolution ?? (await pickResolution(d, f.labeler, f.verifier, await this.whyCandidate(c, d.symbol)));
      if (!choice) break;
      const why = rationale ?? (
        await vscode.window.showInputBox({ title: plainText(`${choice}: ${d.symbol}`), prompt: 'Rationale for the ruling', ignoreFocusOut: true }));
      if (!why) break;
      const document = (await this.session.document())!;
      await applyLabelEdit(this.ctx, document, (text) => settleDispute(
        text, { symbol: d.symbol, resolution: choice, rationale: why, ...(confidence ? { confidence } : {}) }, c));
      settled++;
    }
    return settled;
  }
}

async function pickResolution(
  d: Disagreement, labeler: string | undefined, verifier: string | undefined, why: string | undefined): Promise<Resolution | undefined> {
  const { title, placeholder, items } = settlePicker(d, labeler, verifier, why);
  const pick = await vscode.window.showQuickPick(items, { title, placeHolder: placeholder, ignoreFocusOut: true, matchOnDetail: true });
  return pick?.resolution;
}
