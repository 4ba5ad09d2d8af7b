// The verifier's pass (§7.4): start a review (the labeler's list frozen in labels[labeler], an
// empty labels[verifier] for the blind pass), finish it (kappa of both kinds written as
// `agreement`, every disagreement listed), and settle disagreements into disputes.
import * as vscode from 'vscode';
import {
  Agreement, agreementOf, Confidence, Disagreement, finishReview, FixtureLabError, fmt, openDisagreements, plainText, RATER_HINT, Resolution, reviewWarnings, settleDispute, startReview,
} from '../core';
import { applyFixtureEdit } from './fixtureEdits';
import { Labeler } from './labeling/label';
import { Session } from './session';

export class Review {
  constructor(private readonly session: Session, private readonly labeler: Labeler) {}

  async start(): Promise<boolean> {
    const c = await this.labeler.requireCurrent();
    if (!c.rater) throw new FixtureLabError(`who is reviewing? ${RATER_HINT}`);
    for (const w of reviewWarnings(c.fixture)) void vscode.window.showWarningMessage(plainText(`Fixture Lab: ${w}`));
    const document = (await this.session.document())!;
    return applyFixtureEdit(document, (text) => startReview(text, c.rater!));
  }

  /** Writes `agreement` and the derived ground truth; returns the agreement with its disagreements. */
  async finish(): Promise<Agreement> {
    const c = await this.labeler.requireCurrent();
    const f = c.fixture;
    const document = (await this.session.document())!;
    let a: Agreement | undefined;
    await applyFixtureEdit(document, (text) => {
      const finished = finishReview(text, c);
      a = finished.agreement;
      return finished.text;
    });
    const summary = a!.kappa === null
      ? `kappa n/a (${a!.reason}); observed agreement ${fmt(a!.observed)}`
      : `kappa ${fmt(a!.kappa)} (${a!.band}), with confidence ${fmt(a!.kappa_confidence)}; ${a!.disagreements.length} disagreement${a!.disagreements.length === 1 ? '' : 's'} over ${a!.items} items`;
    const list = a!.disagreements.map((d) => `${d.symbol}: ${f.labeler} ${d.labeler ?? '-'}, ${f.verifier} ${d.verifier ?? '-'}`);
    // Not awaited: a notification resolves only when dismissed, and the review is done already.
    void vscode.window.showInformationMessage(plainText(`Fixture Lab: ${f.id}: ${summary}`), { detail: plainText(list.join('\n')) }, ...(a!.disagreements.length ? ['Settle Disagreements'] : []))
      .then((pick) => pick && vscode.commands.executeCommand('fixtureLab.settleDisagreements'));
    return a!;
  }

  /** Settle one disagreement, or (interactively) each open one in turn. */
  async settle(symbol?: string, resolution?: Resolution, rationale?: string, confidence?: Confidence): Promise<number> {
    const c = await this.labeler.requireCurrent();
    const f = c.fixture;
    if (f.agreement === undefined) throw new FixtureLabError('finish the review first: disagreements are settled after kappa is measured');
    const open = openDisagreements(f, agreementOf(f, c), c);
    const todo: Disagreement[] = symbol ? open.filter((d) => d.symbol === symbol) : open;
    if (symbol && todo.length === 0) throw new FixtureLabError(`\`${symbol}\` is not an open disagreement of ${f.id}`);
    if (todo.length === 0) {
      void vscode.window.showInformationMessage(plainText(`Fixture Lab: ${f.id} has no open disagreements.`));
      return 0;
    }
    let settled = 0;
    for (const d of todo) {
      const choice = resolution ?? (await pickResolution(d, f.labeler, f.verifier));
      if (!choice) break;
      const why = rationale ?? (await vscode.window.showInputBox({ title: plainText(`${choice}: ${d.symbol}`), prompt: 'Rationale for the ruling', ignoreFocusOut: true }));
      if (!why) break;
      const document = (await this.session.document())!;
      await applyFixtureEdit(document, (text) => settleDispute(text, { symbol: d.symbol, resolution: choice, rationale: why, ...(confidence ? { confidence } : {}) }, c));
      settled++;
    }
    return settled;
  }
}

async function pickResolution(d: Disagreement, labeler?: string, verifier?: string): Promise<Resolution | undefined> {
  const pick = await vscode.window.showQuickPick(
    [
      { label: 'included', description: 'the symbol belongs in the ground truth', resolution: 'included' as const },
      { label: 'excluded', description: 'it does not', resolution: 'excluded' as const },
    ],
    { title: plainText(`${d.symbol}: ${labeler} ${d.labeler ?? 'not included'}, ${verifier} ${d.verifier ?? 'not included'}`), ignoreFocusOut: true },
  );
  return pick?.resolution;
}
