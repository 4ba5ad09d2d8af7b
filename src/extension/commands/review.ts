// The review commands: start and finish a verifier's pass, settle its disagreements, record an
// adjudicator's ruling, and show a fixture's agreement (never to its blind verifier).
import * as vscode from 'vscode';
import {
  agreementWriteRefusal, CONFIDENCES, Confidence, fixtureView, FixtureLabError, fmt, includedByARater, isJudged, measuredAgreement, normalizeSymbol, plural,
  plainText, readFixture, RESOLUTIONS, Resolution, settleDispute,
} from '../../core';
import { applyLabelEdit } from '../labeling/unsaved';
import { fixtureDocument, moduleOf } from './documents';
import type { SomeHandlers } from './handler';

export const REVIEW_COMMANDS = {
  'fixtureLab.recordDispute': async (s, { symbol, resolution, rationale, confidence, unjudged }) => {
    const c = await s.labeler.requireCurrent();
    const seen = c.view.fixture;
    const known = [...new Set([...seen.candidates, ...seen.ground_truth.map((l) => l.symbol), ...Object.values(seen.labels).flat().map((l) => l.symbol)])];
    const choices = known.map((k) => ({ label: plainText(k), symbol: k }));
    symbol ??= (await vscode.window.showQuickPick(choices, { placeHolder: 'Which symbol is disputed?' }))?.symbol;
    if (!symbol) return false;
    const name = normalizeSymbol(symbol, c);
    if (!isJudged(c.fixture, name, c) && !unjudged) {
      // The adjudicator adding what both raters missed: said on purpose, as the CLI's --unjudged.
      const add = 'Record as Unjudged';
      if ((await s.ctx.ask(`Fixture Lab: nobody judged ${name} (in no list and not in candidates). Record a ruling on it anyway?`, add)) !== add) return false;
      unjudged = true;
    }
    resolution ??= (await vscode.window.showQuickPick([...RESOLUTIONS], { title: plainText(name) })) as Resolution | undefined;
    if (!resolution) return false;
    if (resolution === 'included' && !confidence && !includedByARater(c.fixture, name, c)) {
      const title = plainText(`No rater included ${name}: its confidence`);
      confidence = (await vscode.window.showQuickPick([...CONFIDENCES], { title })) as Confidence | undefined;
      if (!confidence) return false;
    }
    rationale ??= await vscode.window.showInputBox({ title: plainText(`${resolution}: ${name}`), prompt: 'Rationale for the ruling' });
    if (!rationale) return false;
    const dispute = { symbol: name, resolution, rationale, ...(confidence ? { confidence } : {}), ...(unjudged ? { unjudged } : {}) };
    const document = (await s.session.document())!;
    return applyLabelEdit(s.ctx, document, (text) => settleDispute(text, dispute, c));
  },

  'fixtureLab.startReview': async (s) => s.review.start(),
  'fixtureLab.finishReview': async (s) => s.review.finish(),
  'fixtureLab.settleDisagreements': async (s, { symbol, resolution, rationale, confidence }) => s.review.settle(symbol, resolution, rationale, confidence),

  'fixtureLab.showAgreement': async (s, { uri }) => {
    const document = await fixtureDocument(s, uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    if (fixtureView(fixture, await s.session.rater()).blind) {
      throw new FixtureLabError(`you review ${fixture.id ?? 'this fixture'} blind: its agreement is measured when the review finishes`);
    }
    // During a review there is no agreement yet: Finish Review measures and writes it.
    const inProgress = agreementWriteRefusal(fixture, '"Finish Review", or `fixture-lab review finish FIXTURE`');
    if (inProgress) throw new FixtureLabError(inProgress.refused.replace(/; nothing was written$/, ''));
    const agreement = measuredAgreement(fixture, { module: await moduleOf(s, document) });
    const summary = agreement.kappa === null
      ? `kappa n/a: ${agreement.reason}`
      : `kappa ${fmt(agreement.kappa)} (${agreement.band}), kappa with confidence ${fmt(agreement.kappa_confidence)}, `
        + `${plural(agreement.disagreements.length, 'disagreement')} over ${plural(agreement.items, 'item')}`;
    void vscode.window.showInformationMessage(plainText(`${fixture.id ?? document.uri.fsPath}: ${summary}`));
    return agreement;
  },
} satisfies SomeHandlers;
