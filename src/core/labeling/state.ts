// Where a fixture is in the labeling protocol (docs/fixture-format.md#the-protocol-states-and-who-writes-what), as the Fixtures tree and status bar show it,
// and who may write which list. Raters: the labeler's clicks edit `ground_truth` until a review
// starts; starting it freezes a copy in `labels[labeler]`; the verifier labels blind into
// `labels[verifier]`; finishing it writes `agreement`; settling records disputes.
import { type AgreementFigures, labelSummary, paradoxNote } from '../agreement/figures';
import { type Agreement, agreementOf, labelerList, openDisagreements, verifierList, type Disagreement } from '../agreement/raters';
import { GROUND_TRUTH_CAP, type Dispute, type Fixture, type Label } from '../fixtures/model';
import type { ProblemCode } from '../problems';
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
  figures?: { all: AgreementFigures; labeledOnly: AgreementFigures; paradox: string | null; perLabel: string[] };
}

export function reviewStarted(f: Fixture): boolean {
  return f.verifier !== undefined && f.labels[f.verifier] !== undefined;
}

/** A review started and not finished: its lists are still open, so no agreement is measured yet. */
export function reviewInProgress(f: Fixture): boolean {
  return reviewStarted(f) && f.agreement === undefined;
}

/** Said wherever a fixture's agreement is asked for during its review (kappa, the labeling report, Show Agreement). */
export const REVIEW_IN_PROGRESS = 'review in progress';

/**
 * The fixture's agreement as the protocol measures it: over a finished review's closed lists (or
 * the seed's forms with no review); during a review none, with `review in progress` as the
 * reason: kappa over a half-labeled verifier's list (or a draft kept aside) would be a made-up number.
 */
export function measuredAgreement(f: Fixture, options: NormalizeOptions = {}): Agreement {
  if (!reviewInProgress(f)) return agreementOf(f, options);
  return { ...agreementOf({ ...f, verifier: undefined }, options), labeler: f.labeler ?? null, verifier: f.verifier ?? null, reason: REVIEW_IN_PROGRESS };
}

/** Why agreement cannot be written now, as one line naming the command that writes it, or undefined. */
export function agreementWriteRefusal(f: Fixture, finish: string): Refusal | undefined {
  if (!reviewInProgress(f)) return undefined;
  return refusal('review-state', `the review of ${f.id ?? 'this fixture'} is in progress: its agreement is measured and written when it finishes (${finish}); `
    + 'nothing was written');
}

export function summarizeFixture(f: Fixture, options: NormalizeOptions = {}): FixtureSummary {
  const base = { groundTruth: f.ground_truth.length, cap: GROUND_TRUTH_CAP, kappa: typeof f.agreement === 'number' ? f.agreement : null };
  if (!reviewStarted(f)) return { ...base, state: f.ground_truth.length === 0 ? 'unlabeled' : 'labeled', open: 0 };
  if (f.agreement === undefined) return { ...base, state: 'in review', open: 0 };
  const agreement = agreementOf(f, options);
  const open = openDisagreements(f, agreement, options).length;
  const figures = { all: agreement.figures, labeledOnly: agreement.labeled_only, paradox: paradoxNote(agreement.figures, agreement.table),
    perLabel: (['HIGH', 'MEDIUM'] as const).map((label) => labelSummary(agreement.table, label)) };
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
export const RATER_HINT = 'set your rater name: the fixtureLab.raterName setting in the editor; --rater NAME or FIXTURE_LAB_RATER for the '
  + 'CLI; else git config user.name';

/** Why a step of the protocol is refused: one line saying what to do instead, and its code. */
export interface Refusal {
  code: ProblemCode;
  refused: string;
}

const refusal = (code: ProblemCode, refused: string): Refusal => ({ code, refused });

/**
 * Where this rater's labels go: `{}` for ground_truth (the labeler's draft before a review),
 * `{ rater }` for labels[verifier] during one; or why they cannot label at all, as one line
 * saying what to do instead. Nobody labeled yet: the rater becomes the labeler.
 */
export function clickTarget(f: Fixture, rater: string | undefined): { rater?: string } | Refusal {
  if (!rater) return refusal('no-rater', `who is labeling? ${RATER_HINT}`);
  const start = `start a review as its verifier first ("Start Review as Verifier", or \`fixture-lab review start FIXTURE --verifier ${rater}\`)`;
  const role = roleOf(f, rater);
  if (role === 'verifier') {
    if (!reviewStarted(f)) return refusal('review-state', `the review has not started: ${start}`);
    if (f.agreement !== undefined) return refusal('review-state', 'the review is finished: settle the disagreements instead');
    return { rater: f.verifier };
  }
  if (role === 'labeler') {
    if (reviewStarted(f)) {
      return refusal('review-state',
        `the review has started, so ${f.labeler ? `${f.labeler}'s` : "the labeler's"} list is frozen: settle disagreements after it finishes`);
    }
    return {};
  }
  if (!reviewStarted(f) && !f.verifier) {
    // What to do depends on whether the recorded labeler labeled anything: say the step that fits.
    const n = f.ground_truth.length;
    if (n === 0) {
      return refusal('wrong-rater', `${rater} is not the labeler of this fixture: it records \`labeler: ${f.labeler}\` but no label; delete that `
        + `line to label it as ${rater}, or label as ${f.labeler}`);
    }
    return refusal('wrong-rater', `${rater} is not the labeler of this fixture (${f.labeler}, ${n} label${n === 1 ? '' : 's'}): to check them blind, `
      + `${start}; if ${f.labeler} was recorded by mistake, remove their labels as ${f.labeler} (the last one clears \`labeler:\`)`);
  }
  return refusal('wrong-rater', `${rater} is neither this fixture's labeler (${f.labeler}) nor its verifier (${f.verifier ?? 'none yet'})`);
}

/** Why `verifier` may not start the review of `f` (the CLI's `review start`, the editor's Start Review), or undefined. */
export function startRefusal(f: Fixture, verifier: string | undefined): Refusal | undefined {
  const id = f.id ?? 'this fixture';
  if (!verifier) return refusal('no-rater', `who is reviewing? ${RATER_HINT}`);
  if (!f.labeler) return refusal('no-labeler', `${id} records no labeler (the first rater to label it): add \`labeler: NAME\` for a fixture labeled by hand`);
  if (f.labeler === verifier) {
    return refusal('wrong-rater',
      `${verifier} labeled ${id}; the verifier must be someone else (docs/fixture-format.md#the-protocol-states-and-who-writes-what)`);
  }
  if (f.verifier && f.verifier !== verifier) return refusal('wrong-rater', `the verifier of ${id} is ${f.verifier}, not ${verifier}`);
  if (reviewStarted(f)) return refusal('review-state', `the review of ${id} has started already`);
  if (f.ground_truth.length === 0) return refusal('no-labels', `${id} has no labels to review yet: its labeler labels it first`);
  return undefined;
}

/** Why the review of `f` cannot finish now, or undefined. */
export function finishRefusal(f: Fixture): Refusal | undefined {
  if (!reviewStarted(f)) {
    return refusal('review-state',
      'no review has started: start one first ("Start Review as Verifier", or `fixture-lab review start FIXTURE --verifier NAME`)');
  }
  if (f.agreement !== undefined) {
    return refusal('review-state', `the review of ${f.id ?? 'this fixture'} is finished already (agreement: ${f.agreement}): settle the disagreements instead`);
  }
  return undefined;
}

/**
 * Did a rater judge `symbol`: is it in candidates, a rater's list, or the labeler's list? A derived
 * ground truth is no rater's list, and in the seed's forms an entry an unjudged ruling put into
 * ground_truth is the adjudicator's, not the labeler's.
 */
export function isJudged(f: Fixture, symbol: string, options: NormalizeOptions = {}): boolean {
  const key = symbolKey(symbol, options);
  const same = (s: string) => symbolKey(s, options) === key;
  if (f.candidates.some(same) || Object.values(f.labels).some((list) => list.some((l) => same(l.symbol)))) return true;
  const draft = !(f.labeler && f.labels[f.labeler]);
  return draft && f.ground_truth.some((l) => same(l.symbol)) && !f.disputes.some((d) => d.unjudged && same(d.symbol));
}

/** Did a rater include `symbol` (the labeler's list, or the verifier's)? */
export function includedByARater(f: Fixture, symbol: string, options: NormalizeOptions = {}): boolean {
  const key = symbolKey(symbol, options);
  return [...labelerList(f), ...(verifierList(f) ?? [])].some((l) => symbolKey(l.symbol, options) === key);
}

/**
 * Why `dispute` cannot be recorded on `f` (a review under way, a ruling that does not fit who
 * judged the symbol), or undefined. The seed's forms, with no review, take rulings too.
 */
export function settleRefusal(f: Fixture, dispute: Dispute, options: NormalizeOptions = {}): Refusal | undefined {
  const { symbol } = dispute;
  if (reviewStarted(f) && f.agreement === undefined) {
    return refusal('review-state',
      'the review is under way: finish it first ("Finish Review", or `fixture-lab review finish FIXTURE`); disagreements are settled after kappa is measured');
  }
  // A ruling on a fixture nobody labeled would start its ground truth with no labeler to review it.
  if (!f.labeler && f.ground_truth.length === 0 && Object.keys(f.labels).length === 0) {
    return refusal('no-labels', `${f.id ?? 'this fixture'} has no labels to rule on yet: its labeler labels it first (\`fixture-lab label add\`)`);
  }
  const judged = isJudged(f, symbol, options);
  if (!judged && !dispute.unjudged) {
    return refusal('ruling', `\`${symbol}\` is in no rater's list and not in candidates: nobody judged it. `
      + 'Check the name, or mark the ruling unjudged (the adjudicator adding what both raters missed)');
  }
  if (judged && dispute.unjudged) return refusal('ruling', `\`${symbol}\` was judged (it is in candidates or a rater's list): the ruling is not unjudged`);
  if (dispute.resolution === 'excluded' && dispute.confidence) return refusal('ruling', `an excluded symbol takes no confidence (\`${symbol}\`)`);
  if (dispute.resolution === 'included' && !dispute.confidence && !includedByARater(f, symbol, options)) {
    return refusal('ruling', `no rater included \`${symbol}\`: the ruling gives its confidence (HIGH or MEDIUM)`);
  }
  return undefined;
}

/**
 * The open disagreements of a finished review to settle one by one (the editor's Settle
 * Disagreements): all of them, or the one about `symbol`; or why there is nothing to settle.
 */
export function disagreementsToSettle(f: Fixture, symbol: string | undefined, options: NormalizeOptions = {}): Disagreement[] | Refusal {
  if (f.agreement === undefined) return refusal('review-state', 'finish the review first: disagreements are settled after kappa is measured');
  const open = openDisagreements(f, agreementOf(f, options), options);
  if (!symbol) return open;
  const named = open.filter((d) => d.symbol === symbol);
  return named.length > 0 ? named : refusal('not-in-list', `\`${symbol}\` is not an open disagreement of ${f.id}`);
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
