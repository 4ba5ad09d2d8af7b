// Where a fixture is in the labeling protocol (§7), as the Fixtures tree and status bar show it,
// and who may write which list. Raters: the labeler's clicks edit `ground_truth` until a review
// starts; starting it freezes a copy in `labels[labeler]`; the verifier labels blind into
// `labels[verifier]`; finishing it writes `agreement`; settling records disputes.
import { type AgreementFigures, paradoxNote } from '../agreement/figures';
import { agreementOf, openDisagreements } from '../agreement/raters';
import { GROUND_TRUTH_CAP, type Fixture, type Label } from '../fixtures/model';
import { symbolKey, type NormalizeOptions } from '../symbols/normalize';
import { FIXTURE_STATES, type FixtureState } from '../../shared/vocabulary';

export { FIXTURE_STATES, type FixtureState };

export interface FixtureSummary {
  state: FixtureState;
  groundTruth: number;
  cap: number;
  kappa: number | null;
  /** Disagreements no dispute settles yet (after a finished review). */
  open: number;
  /** After a finished review: every figure over all items and over the labeled ones, and the kappa paradox where it shows. */
  figures?: { all: AgreementFigures; labeledOnly: AgreementFigures; paradox: string | null };
}

export function reviewStarted(f: Fixture): boolean {
  return f.verifier !== undefined && f.labels[f.verifier] !== undefined;
}

export function summarizeFixture(f: Fixture, options: NormalizeOptions = {}): FixtureSummary {
  const base = { groundTruth: f.ground_truth.length, cap: GROUND_TRUTH_CAP, kappa: typeof f.agreement === 'number' ? f.agreement : null };
  if (!reviewStarted(f)) return { ...base, state: f.ground_truth.length === 0 ? 'unlabeled' : 'labeled', open: 0 };
  if (f.agreement === undefined) return { ...base, state: 'in review', open: 0 };
  const agreement = agreementOf(f, options);
  const open = openDisagreements(f, agreement, options).length;
  const figures = { all: agreement.figures, labeledOnly: agreement.labeled_only, paradox: paradoxNote(agreement.figures, agreement.table) };
  return { ...base, state: open > 0 ? 'disagreements' : 'adjudicated', open, figures };
}

export type Role = 'labeler' | 'verifier' | 'other';

export function roleOf(f: Fixture, rater: string | undefined): Role {
  if (rater && f.verifier === rater) return 'verifier';
  if (!f.labeler || (rater && f.labeler === rater)) return 'labeler';
  return 'other';
}

/** Blind review: the verifier sees neither the labeler's labels nor the ground truth. */
export function isBlind(f: Fixture, rater: string | undefined): boolean {
  return roleOf(f, rater) === 'verifier' && f.agreement === undefined;
}

/** How a rater names themself, said wherever a name is missing. */
export const RATER_HINT = 'set your rater name: the fixtureLab.raterName setting in the editor; --rater NAME or FIXTURE_LAB_RATER for the CLI; else git config user.name';

/**
 * Where this rater's labels go: `{}` for ground_truth (the labeler's draft before a review),
 * `{ rater }` for labels[verifier] during one; or why they cannot label at all, as one line
 * saying what to do instead. Nobody labeled yet: the rater becomes the labeler.
 */
export function clickTarget(f: Fixture, rater: string | undefined): { rater?: string } | { refused: string } {
  if (!rater) return { refused: `who is labeling? ${RATER_HINT}` };
  const start = `start a review as its verifier first ("Start Review as Verifier", or \`fixture-lab review start FIXTURE --verifier ${rater}\`)`;
  const role = roleOf(f, rater);
  if (role === 'verifier') {
    if (!reviewStarted(f)) return { refused: `the review has not started: ${start}` };
    if (f.agreement !== undefined) return { refused: 'the review is finished: settle the disagreements instead' };
    return { rater: f.verifier };
  }
  if (role === 'labeler') {
    if (reviewStarted(f)) return { refused: `the review has started, so ${f.labeler ? `${f.labeler}'s` : "the labeler's"} list is frozen: settle disagreements after it finishes` };
    return {};
  }
  if (!reviewStarted(f) && !f.verifier) return { refused: `${rater} is not the labeler of this fixture (${f.labeler}); a second rater labels it blind as its verifier: ${start}` };
  return { refused: `${rater} is neither this fixture's labeler (${f.labeler}) nor its verifier (${f.verifier ?? 'none yet'})` };
}

/**
 * What one rater may see of a fixture: the one decision every surface asks (the Fixtures tree,
 * CodeLens, hovers, decorations, the Candidates view, the status bar, the panel, the labeling
 * report). A blind verifier sees the task, the change, the candidates and their own list, never
 * the labeler's labels, the ground truth, the agreement or the disputes; everyone else sees the file.
 */
export interface FixtureView {
  /** This rater reviews the fixture blind (its verifier, until the review finishes). */
  blind: boolean;
  /** Where the fixture is in the protocol (not a secret: the verifier knows the review is under way). */
  state: FixtureState;
  /** The fixture as this rater may see it: when blind, no ground truth, no list but their own, no agreement, no disputes. */
  fixture: Fixture;
  /** The labels shown where symbols are: the rater's own list when blind, else the ground truth. */
  labels: Label[];
}

export function fixtureView(f: Fixture, rater: string | undefined, options: NormalizeOptions = {}): FixtureView {
  const { state } = summarizeFixture(f, options);
  if (!isBlind(f, rater)) return { blind: false, state, fixture: f, labels: f.ground_truth };
  const own = f.labels[f.verifier!];
  const { agreement: _withheld, ...rest } = f;
  return { blind: true, state, fixture: { ...rest, ground_truth: [], labels: own ? { [f.verifier!]: own } : {}, disputes: [] }, labels: own ?? [] };
}

/**
 * The names, reasons and rationales of a fixture this rater may not see (none unless blind): a
 * message that quotes one (a validation warning about a label of the labeler's) is withheld too.
 */
export function withheldText(f: Fixture, rater: string | undefined, options: NormalizeOptions = {}): string[] {
  const view = fixtureView(f, rater, options);
  if (!view.blind) return [];
  const shown = new Set([...f.candidates, ...view.labels.flatMap((l) => [l.symbol, l.reason ?? ''])]);
  const all = [...f.ground_truth, ...Object.values(f.labels).flat()].flatMap((l) => [l.symbol, l.reason ?? '']);
  return [...new Set([...all, ...f.disputes.flatMap((d) => [d.symbol, d.rationale])])].filter((t) => t && !shown.has(t));
}

/** The labels this rater sees: their own list when blind, the ground truth otherwise. */
export function visibleLabels(f: Fixture, rater: string | undefined): Label[] {
  return fixtureView(f, rater).labels;
}

/** Those labels looked up by a symbol in any spelling (what CodeLens, hovers and decorations ask). */
export function visibleLabelOf(f: Fixture, rater: string | undefined, options: NormalizeOptions = {}): (symbol: string) => Label | undefined {
  const byKey = new Map(visibleLabels(f, rater).map((l) => [symbolKey(l.symbol, options), l]));
  return (symbol) => byKey.get(symbolKey(symbol, options));
}
