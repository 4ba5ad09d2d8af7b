// The labeling protocol's transitions (docs/fixture-format.md#the-protocol-states-and-who-writes-what) as pure text -> text edits (each returns the new text
// or the problem that refuses it, see Edited), called by the CLI
// (`label`, `review`, `dispute`) and by the editor (clicks, Start/Finish Review, Settle), so both
// leave the same file. States: unlabeled -> labeled (the first rater to label is the labeler;
// their list is the draft ground truth) -> in review (the draft frozen in labels[labeler], the
// verifier labels blind into labels[verifier]) -> disagreements / adjudicated (`agreement`
// written, ground_truth derived, disputes settle the rest). Who may label is state.ts's
// clickTarget; what ground_truth becomes is groundTruth.ts.
import { Agreement, agreementOf, sidedWith } from '../agreement/raters';
import { addDispute, addLabel, formatNumber, freezeLabels, removeField, removeLabel, setField } from '../fixtures/edit';
import { derivedGroundTruth, isDerived, writeGroundTruth } from './groundTruth';
import { Confidence, Dispute, effectiveConfidence, Fixture, Label } from '../fixtures/model';
import { readFixture } from '../fixtures/read';
import { edited, Edited, refused, Refused, then } from '../problems';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';
import { draftAsideMessage, isDraftAside } from './blindDrafts';
import { clickTarget, finishRefusal, reviewStarted, settleRefusal, startRefusal } from './state';

/** Label `label` as `rater`: into the draft (recording the labeler if none is) or the verifier's list. */
export function labelAs(text: string, rater: string | undefined, label: Label & { confidence: Confidence }): Edited {
  const f = fixtureOf(text);
  if (!f.ok) return f;
  const target = clickTarget(f.fixture, rater);
  if ('refused' in target) return refused(target.code, target.refused);
  const next = addLabel(text, label, target);
  return f.fixture.labeler || target.rater ? next : then(next, (t) => setField(t, 'labeler', rater!));
}

export function unlabelAs(text: string, rater: string | undefined, symbol: string): Edited {
  const f = fixtureOf(text);
  if (!f.ok) return f;
  const target = clickTarget(f.fixture, rater);
  if ('refused' in target) return refused(target.code, target.refused);
  const removed = removeLabel(text, symbol, target);
  // The labeler is whoever labeled first: with their last label gone before any review, nobody has
  // labeled yet, so `labeler:` goes too and the next rater to label becomes the labeler.
  if (!removed.ok || target.rater || reviewStarted(f.fixture)) return removed;
  const after = readBack(removed.text);
  const untouched = after.ground_truth.length === 0 && Object.keys(after.labels).length === 0 && after.disputes.length === 0;
  return untouched && after.labeler ? removeField(removed.text, 'labeler') : removed;
}

/** Start the blind review: `verifier` named, the labeler's draft frozen, an empty list for the verifier. */
export function startReview(text: string, verifier: string): Edited {
  const read = fixtureOf(text);
  if (!read.ok) return read;
  const f = read.fixture;
  const refusal = startRefusal(f, verifier);
  if (refusal) return refused(refusal.code, refusal.refused);
  let next = f.verifier ? edited(text) : setField(text, 'verifier', verifier);
  if (!f.labels[f.labeler!]) next = then(next, (t) => freezeLabels(t, f.labeler!, f.ground_truth));
  return then(next, (t) => freezeLabels(t, verifier, []));
}

/** What to tell the person starting a review, without refusing. */
export function reviewWarnings(f: Fixture): string[] {
  return f.candidates.length === 0 ? ['this fixture has no candidates: without them no item is excluded by both raters, and kappa means little'] : [];
}

/**
 * Finish the review: `agreement` (kappa, or null with a reason) written once, and ground_truth
 * derived from both lists. Kappa never changes after this: the raters' lists are closed.
 */
export function finishReview(text: string, options: NormalizeOptions = {}): Edited<{ agreement: Agreement }> {
  const read = fixtureOf(text);
  if (!read.ok) return read;
  const f = read.fixture;
  const refusal = finishRefusal(f);
  if (refusal) return refused(refusal.code, refusal.refused);
  // Frozen as it stands, an empty list would pass for the labeler's: kappa and ground truth silently wrong.
  if (isDraftAside(f)) return refused('draft-aside', draftAsideMessage(f));
  const next = frozen(text, f);
  if (!next.ok) return next;
  const agreement = agreementOf(readBack(next.text), options);
  const kappa = agreement.kappa === null ? null : Number(formatNumber(agreement.kappa));
  const written = then(setField(next.text, 'agreement', kappa), (t) => writeGroundTruth(t, derivedGroundTruth(readBack(t), options), options));
  return written.ok ? { ...written, agreement } : written;
}

/**
 * Settle a disagreement (`dispute add`, `review settle`, the editor's Settle and Record Dispute):
 * the ruling is recorded and ground_truth follows it, derived after a review, edited in place in
 * the seed's forms. The raters' lists are never touched.
 */
export function settleDispute(text: string, dispute: Dispute, options: NormalizeOptions = {}): Edited {
  const read = fixtureOf(text);
  if (!read.ok) return read;
  const f = read.fixture;
  const { symbol } = dispute;
  const refusal = settleRefusal(f, dispute, options);
  if (refusal) return refused(refusal.code, refusal.refused);
  // Who the ruling sided with is the core's to say, whatever the caller passed.
  const ruling: Dispute = { ...dispute };
  delete ruling.sided_with;
  const recorded = (t: string) => {
    const sided = sidedWith(readBack(t), ruling, options);
    return addDispute(t, sided === undefined ? ruling : { ...ruling, sided_with: sided });
  };
  const settled = then(then(reviewStarted(f) ? frozen(text, f) : edited(text), recorded), (t) => groundTruthAfter(t, dispute, options));
  if (settled.ok && f.ground_truth.length > 0 && readBack(settled.text).ground_truth.length === 0) {
    return refused('empty-ground-truth', `excluding \`${symbol}\` would leave ground_truth empty: include the symbols the task does need first`);
  }
  return settled;
}

/** ground_truth after a ruling: derived after a review; in the seed's forms, edited at that one symbol. */
function groundTruthAfter(text: string, dispute: Dispute, options: NormalizeOptions): Edited {
  const f = readBack(text);
  if (isDerived(f)) return writeGroundTruth(text, derivedGroundTruth(f, options), options);
  const key = symbolKey(dispute.symbol, options);
  const entry = f.ground_truth.find((l) => symbolKey(l.symbol, options) === key);
  if (dispute.resolution === 'excluded') return entry ? removeLabel(text, entry.symbol) : edited(text);
  if (!entry) return addLabel(text, { symbol: dispute.symbol, confidence: dispute.confidence!, reason: dispute.rationale });
  if (dispute.confidence && dispute.confidence !== effectiveConfidence(entry)) return addLabel(text, { ...entry, confidence: dispute.confidence });
  return edited(text);
}

/** The text with the labeler's list frozen in labels[labeler] (older files kept it in ground_truth only). */
function frozen(text: string, f: Fixture): Edited {
  if (!f.labeler) return refused('no-labeler', `${f.id ?? 'this fixture'} records no labeler, so its labeler's list is unknown: add \`labeler: NAME\``);
  return f.labels[f.labeler] ? edited(text) : freezeLabels(text, f.labeler, f.ground_truth);
}

/** The fixture of a text this module's own edits made from one that read: it reads too. */
function readBack(text: string): Fixture {
  return readFixture(text, '').fixture;
}

/** The fixture the text reads as, or why it cannot be edited. */
function fixtureOf(text: string): { ok: true; fixture: Fixture } | Refused {
  const read = readFixture(text, '');
  if (!read.parsed) {
    const [p] = read.problems;
    if (p.code === 'fixture-too-large') return refused(p.code, p.message);
    return refused('yaml-syntax', `${p.line}:${p.col}: YAML syntax error (${p.message.replace(/^YAML syntax: /, '')}); fix it before editing`);
  }
  // An alias validate refuses to read is refused here too: an edit would build on a fixture nothing else reads.
  const alias = read.problems.find((p) => p.code === 'yaml-alias');
  if (alias) return refused('yaml-alias', `${alias.line}:${alias.col}: error: ${alias.message}`);
  return { ok: true, fixture: read.fixture };
}
