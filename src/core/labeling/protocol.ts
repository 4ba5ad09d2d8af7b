// The labeling protocol's transitions (§7) as pure text -> text edits, called by the CLI
// (`label`, `review`, `dispute`) and by the editor (clicks, Start/Finish Review, Settle), so both
// leave the same file. States: unlabeled -> labeled (the first rater to label is the labeler;
// their list is the draft ground truth) -> in review (the draft frozen in labels[labeler], the
// verifier labels blind into labels[verifier]) -> disagreements / adjudicated (`agreement`
// written, ground_truth derived, disputes settle the rest). Who may label is state.ts's
// clickTarget; what ground_truth becomes is fixtures/groundTruth.ts.
import { Agreement, agreementOf, labelerList, sidedWith, verifierList } from '../agreement/raters';
import { addDispute, addLabel, formatNumber, freezeLabels, removeLabel, setField } from '../fixtures/edit';
import { derivedGroundTruth, isDerived, writeGroundTruth } from '../fixtures/groundTruth';
import { Confidence, Dispute, effectiveConfidence, Fixture, Label } from '../fixtures/model';
import { readFixture } from '../fixtures/read';
import { FixtureLabError } from '../problems';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';
import { draftAsideMessage, isDraftAside } from './blindDrafts';
import { clickTarget, reviewStarted } from './state';

/** Label `label` as `rater`: into the draft (recording the labeler if none is) or the verifier's list. */
export function labelAs(text: string, rater: string | undefined, label: Label & { confidence: Confidence }): string {
  const f = fixtureOf(text);
  const target = clickTarget(f, rater);
  if ('refused' in target) throw new FixtureLabError(target.refused);
  const next = addLabel(text, label, target);
  return f.labeler || target.rater ? next : setField(next, 'labeler', rater!);
}

export function unlabelAs(text: string, rater: string | undefined, symbol: string): string {
  const target = clickTarget(fixtureOf(text), rater);
  if ('refused' in target) throw new FixtureLabError(target.refused);
  return removeLabel(text, symbol, target);
}

/** Start the blind review: `verifier` named, the labeler's draft frozen, an empty list for the verifier. */
export function startReview(text: string, verifier: string): string {
  const f = fixtureOf(text);
  const id = f.id ?? 'this fixture';
  if (!f.labeler) throw new FixtureLabError(`${id} records no labeler (the first rater to label it): add \`labeler: NAME\` for a fixture labeled by hand`);
  if (f.labeler === verifier) throw new FixtureLabError(`${verifier} labeled ${id}; the verifier must be someone else (§6.6)`);
  if (f.verifier && f.verifier !== verifier) throw new FixtureLabError(`the verifier of ${id} is ${f.verifier}, not ${verifier}`);
  if (reviewStarted(f)) throw new FixtureLabError(`the review of ${id} has started already`);
  if (f.ground_truth.length === 0) throw new FixtureLabError(`${id} has no labels to review yet: its labeler labels it first`);
  let next = f.verifier ? text : setField(text, 'verifier', verifier);
  if (!f.labels[f.labeler]) next = freezeLabels(next, f.labeler, f.ground_truth);
  return freezeLabels(next, verifier, []);
}

/** What to tell the person starting a review, without refusing. */
export function reviewWarnings(f: Fixture): string[] {
  return f.candidates.length === 0 ? ['this fixture has no candidates: without them no item is excluded by both raters, and kappa means little'] : [];
}

/**
 * Finish the review: `agreement` (kappa, or null with a reason) written once, and ground_truth
 * derived from both lists. Kappa never changes after this: the raters' lists are closed.
 */
export function finishReview(text: string, options: NormalizeOptions = {}): { text: string; agreement: Agreement } {
  const f = fixtureOf(text);
  if (!reviewStarted(f)) throw new FixtureLabError('no review has started: start one first ("Start Review as Verifier", or `fixture-lab review start FIXTURE --verifier NAME`)');
  if (f.agreement !== undefined) throw new FixtureLabError(`the review of ${f.id ?? 'this fixture'} is finished already (agreement: ${f.agreement}): settle the disagreements instead`);
  // Frozen as it stands, an empty list would pass for the labeler's: kappa and ground truth silently wrong.
  if (isDraftAside(f)) throw new FixtureLabError(draftAsideMessage(f));
  let next = frozen(text, f);
  const agreement = agreementOf(fixtureOf(next), options);
  next = setField(next, 'agreement', agreement.kappa === null ? null : Number(formatNumber(agreement.kappa)));
  return { text: writeGroundTruth(next, derivedGroundTruth(fixtureOf(next), options), options), agreement };
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
 * Settle a disagreement (`dispute add`, `review settle`, the editor's Settle and Record Dispute):
 * the ruling is recorded and ground_truth follows it, derived after a review, edited in place in
 * the seed's forms. The raters' lists are never touched.
 */
export function settleDispute(text: string, dispute: Dispute, options: NormalizeOptions = {}): string {
  const f = fixtureOf(text);
  const { symbol } = dispute;
  if (reviewStarted(f) && f.agreement === undefined) {
    throw new FixtureLabError('the review is under way: finish it first ("Finish Review", or `fixture-lab review finish FIXTURE`); disagreements are settled after kappa is measured');
  }
  const judged = isJudged(f, symbol, options);
  if (!judged && !dispute.unjudged) {
    throw new FixtureLabError(`\`${symbol}\` is in no rater's list and not in candidates: nobody judged it. Check the name, or mark the ruling unjudged (the adjudicator adding what both raters missed)`);
  }
  if (judged && dispute.unjudged) throw new FixtureLabError(`\`${symbol}\` was judged (it is in candidates or a rater's list): the ruling is not unjudged`);
  if (dispute.resolution === 'excluded' && dispute.confidence) throw new FixtureLabError(`an excluded symbol takes no confidence (\`${symbol}\`)`);
  if (dispute.resolution === 'included' && !dispute.confidence && !includedByARater(f, symbol, options)) {
    throw new FixtureLabError(`no rater included \`${symbol}\`: the ruling gives its confidence (HIGH or MEDIUM)`);
  }
  const before = reviewStarted(f) ? frozen(text, f) : text;
  // Who the ruling sided with is the core's to say, whatever the caller passed.
  const ruling: Dispute = { ...dispute };
  delete ruling.sided_with;
  const sided = sidedWith(fixtureOf(before), ruling, options);
  const settled = groundTruthAfter(addDispute(before, sided === undefined ? ruling : { ...ruling, sided_with: sided }), dispute, options);
  if (f.ground_truth.length > 0 && fixtureOf(settled).ground_truth.length === 0) {
    throw new FixtureLabError(`excluding \`${symbol}\` would leave ground_truth empty: include the symbols the task does need first`);
  }
  return settled;
}

/** ground_truth after a ruling: derived after a review; in the seed's forms, edited at that one symbol. */
function groundTruthAfter(text: string, dispute: Dispute, options: NormalizeOptions): string {
  const f = fixtureOf(text);
  if (isDerived(f)) return writeGroundTruth(text, derivedGroundTruth(f, options), options);
  const key = symbolKey(dispute.symbol, options);
  const entry = f.ground_truth.find((l) => symbolKey(l.symbol, options) === key);
  if (dispute.resolution === 'excluded') return entry ? removeLabel(text, entry.symbol) : text;
  if (!entry) return addLabel(text, { symbol: dispute.symbol, confidence: dispute.confidence!, reason: dispute.rationale });
  if (dispute.confidence && dispute.confidence !== effectiveConfidence(entry)) return addLabel(text, { ...entry, confidence: dispute.confidence });
  return text;
}

/** The text with the labeler's list frozen in labels[labeler] (older files kept it in ground_truth only). */
function frozen(text: string, f: Fixture): string {
  if (!f.labeler) throw new FixtureLabError(`${f.id ?? 'this fixture'} records no labeler, so its labeler's list is unknown: add \`labeler: NAME\``);
  return f.labels[f.labeler] ? text : freezeLabels(text, f.labeler, f.ground_truth);
}

function fixtureOf(text: string): Fixture {
  const read = readFixture(text, '');
  if (!read.parsed) {
    const [p] = read.problems;
    if (p.code === 'fixture-too-large') throw new FixtureLabError(p.message);
    throw new FixtureLabError(`${p.line}:${p.col}: YAML syntax error (${p.message.replace(/^YAML syntax: /, '')}); fix it before editing`);
  }
  return read.fixture;
}
