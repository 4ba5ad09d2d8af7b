// The adjudicator's rulings from the Settle and To judge views (views/settleTree.ts): a row's
// Include HIGH, Include MEDIUM or Exclude (a Settle row's Rule… picks one) asks for a rationale and records the dispute through the
// core's settleDispute, the path `dispute add`, `review settle` and the settle picker take (so
// `sided_with` and ground_truth follow as they do there, and the raters' lists stay as they are).
// A pooled row rules as `unjudged`: the adjudicator judging what no rater did; candidates and the
// raters' lists are untouched, so kappa never changes.
import * as vscode from 'vscode';
import { Confidence, plainText, Resolution, rulingChoices, RulingRow, settleDispute, settleRulings } from '../../core';
import { applyLabelEdit } from '../labeling/unsaved';
import { openPickedSymbol } from '../views/settleTree';
import type { Services } from '../services';
import type { CommandArgs } from './args';
import type { SomeHandlers } from './handler';

type Ruling = CommandArgs['fixtureLab.ruleHigh'];

async function rule(s: Services, { symbol, unjudged, rationale, selection }: Ruling, resolution: Resolution, confidence?: Confidence): Promise<boolean> {
  const c = await s.labeler.requireCurrent();
  // Several rows selected in To Judge: each is ruled the same way, with one rationale, in one edit
  // (one undo), and none is ruled when any ruling is refused.
  const rows = selection?.some((row) => row.symbol === symbol) ? selection : [{ symbol, unjudged }];
  const title = resolution === 'excluded' ? 'Exclude' : `Include ${confidence}`;
  const what = rows.length === 1 ? symbol : `${rows.length} symbols`;
  rationale ??= await vscode.window.showInputBox({
    title: plainText(`${title}: ${what}`), ignoreFocusOut: true,
    prompt: rows.length === 1 ? 'Rationale for the ruling' : `Rationale for the ${rows.length} rulings`,
  });
  if (!rationale) return false;
  const document = (await s.session.document())!;
  if (rows.length === 1) {
    const dispute = { symbol, resolution, rationale, ...(confidence ? { confidence } : {}), ...(unjudged ? { unjudged } : {}) };
    return applyLabelEdit(s.ctx, document, (text) => settleDispute(text, dispute, c));
  }
  // The CLI's `review settle --from` path: each row settleDispute's checks, the whole edit or none.
  const rulings: RulingRow[] = rows.map((row) => ({
    where: row.symbol, symbol: row.symbol, resolution, rationale, ...(confidence ? { confidence } : {}), ...(row.unjudged ? { unjudged: true } : {}),
  }));
  return applyLabelEdit(s.ctx, document, (text) => settleRulings(text, rulings, c));
}

/** A Settle row's Rule…: the three rulings in a pick, each saying whom it sides with, then the rationale. */
async function pickRuling(s: Services, args: Ruling): Promise<boolean> {
  const c = await s.labeler.requireCurrent();
  const items = rulingChoices(c.fixture, args.symbol, c).map((choice) => ({
    label: choice.title, choice, ...(choice.sides ? { description: plainText(`sides with ${choice.sides}`) } : {}),
  }));
  const picked = await vscode.window.showQuickPick(items, { title: plainText(`Rule on ${args.symbol}`), placeHolder: 'Include or exclude it' });
  return picked ? rule(s, args, picked.choice.resolution, picked.choice.confidence) : false;
}

export const SETTLE_COMMANDS = {
  'fixtureLab.rule': (s, args) => pickRuling(s, args),
  'fixtureLab.ruleHigh': (s, args) => rule(s, args, 'included', 'HIGH'),
  'fixtureLab.ruleMedium': (s, args) => rule(s, args, 'included', 'MEDIUM'),
  'fixtureLab.ruleExcluded': (s, args) => rule(s, args, 'excluded'),
  'fixtureLab.settleShowAll': (s) => s.settleTree.setShowAll(true),
  'fixtureLab.settleShowConflicts': (s) => s.settleTree.setShowAll(false),
  'fixtureLab.openSelectedSymbol': (s) => openPickedSymbol(s.picked, 'settle', s.session),
  'fixtureLab.openSelectedToJudgeSymbol': (s) => openPickedSymbol(s.picked, 'toJudge', s.session),
} satisfies SomeHandlers;
