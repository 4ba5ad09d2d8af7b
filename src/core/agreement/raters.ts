// The two raters' lists of one fixture, lined up item by item for kappa: items are `candidates`
// plus every symbol either rater labeled, compared after normalization.
import { Dispute, effectiveConfidence, Fixture, Label } from '../fixtures/model';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';
import { AgreementFigures, emptyTable, figuresOf, labeledOnlyFigures, RatingTable, tableOf } from './figures';
import { Band, bandOf, cohensKappa } from './kappa';

export type Rating = 'HIGH' | 'MEDIUM' | null;

export interface Disagreement {
  symbol: string;
  labeler: Rating;
  verifier: Rating;
  /** Both raters' own entries, for the dispute that settles it. */
  labelerLabel?: Label;
  verifierLabel?: Label;
}

export interface Agreement {
  id: string;
  labeler: string | null;
  verifier: string | null;
  items: number;
  observed: number | null;
  expected: number | null;
  kappa: number | null;
  kappa_confidence: number | null;
  band: Band | null;
  /** Why kappa is null, when it is. */
  reason: string | null;
  disagreements: Disagreement[];
  /** Labeler by verifier over not included / MEDIUM / HIGH: every figure below comes from it. */
  table: RatingTable;
  /** Every figure over the candidate universe (`figures.kappa` is `kappa`). */
  figures: AgreementFigures;
  /** Every figure over the items some rater included, which padding with both-excluded candidates cannot move. */
  labeled_only: AgreementFigures;
}

export interface RatedItem {
  symbol: string;
  labeler: Rating;
  verifier: Rating;
}

/** The labeler's list: `labels[labeler]` once a review froze it, else `ground_truth`. */
export function labelerList(f: Fixture): Label[] {
  return (f.labeler && f.labels[f.labeler]) || f.ground_truth;
}

export function verifierList(f: Fixture): Label[] | undefined {
  return f.verifier ? f.labels[f.verifier] : undefined;
}

/** Every item both raters judged, with each rater's rating, in first-seen order. */
export function ratedItems(f: Fixture, options: NormalizeOptions = {}): RatedItem[] {
  const items = new Map<string, RatedItem>();
  const item = (symbol: string) => {
    const key = symbolKey(symbol, options);
    let found = items.get(key);
    if (!found) items.set(key, (found = { symbol, labeler: null, verifier: null }));
    return found;
  };
  for (const c of f.candidates) item(c);
  for (const l of labelerList(f)) item(l.symbol).labeler = effectiveConfidence(l);
  for (const l of verifierList(f) ?? []) item(l.symbol).verifier = effectiveConfidence(l);
  return [...items.values()];
}

export function agreementOf(f: Fixture, options: NormalizeOptions = {}): Agreement {
  const base = { id: f.id ?? '', labeler: f.labeler ?? null, verifier: f.verifier ?? null };
  const verifier = verifierList(f);
  if (!verifier) {
    const reason = f.verifier ? `the verifier ${f.verifier} has no labels yet (labels.${f.verifier})` : 'no verifier is named';
    const table = emptyTable();
    return {
      ...base, items: 0, observed: null, expected: null, kappa: null, kappa_confidence: null, band: null, reason, disagreements: [],
      table, figures: figuresOf(table), labeled_only: labeledOnlyFigures(table),
    };
  }
  const items = ratedItems(f, options);
  const binary = cohensKappa(items.map((i) => i.labeler !== null), items.map((i) => i.verifier !== null));
  const graded = cohensKappa(items.map((i) => i.labeler), items.map((i) => i.verifier));
  const table = tableOf(items);
  const byKey = (list: Label[]) => new Map(list.map((l) => [symbolKey(l.symbol, options), l]));
  const mine = byKey(labelerList(f));
  const theirs = byKey(verifier);
  const disagreements = items
    .filter((i) => i.labeler !== i.verifier)
    .map((i) => {
      const key = symbolKey(i.symbol, options);
      return { ...i, labelerLabel: mine.get(key), verifierLabel: theirs.get(key) };
    });
  return {
    ...base,
    items: items.length,
    observed: binary.observed,
    expected: binary.expected,
    kappa: binary.kappa,
    kappa_confidence: graded.kappa,
    band: bandOf(binary.kappa),
    reason: binary.reason,
    disagreements,
    table,
    figures: figuresOf(table),
    labeled_only: labeledOnlyFigures(table),
  };
}

/** Disagreements no dispute has settled yet. */
export function openDisagreements(f: Fixture, a: Agreement, options: NormalizeOptions = {}): Disagreement[] {
  const settled = new Set(f.disputes.map((d) => symbolKey(d.symbol, options)));
  return a.disagreements.filter((d) => !settled.has(symbolKey(d.symbol, options)));
}

/** `sided_with` beside a rater's name: the ruling matched both raters, or neither. */
export const SIDES = ['both', 'neither'] as const;

/**
 * Which rater a ruling sided with (`sided_with`), once both raters' lists exist: the one whose
 * rating the ruling gives (excluded, or included at the ruling's confidence, else the including
 * rater's as ground truth takes it); when it gives neither's exact rating, the one it matches on
 * inclusion. `both` when both raters rated it so (or neither judged an excluded symbol), else
 * `neither`. Undefined without two named raters and the verifier's list (the seed's forms).
 */
export function sidedWith(f: Fixture, ruling: Pick<Dispute, 'symbol' | 'resolution' | 'confidence'>, options: NormalizeOptions = {}): string | undefined {
  const verifier = verifierList(f);
  if (!f.labeler || !f.verifier || !verifier) return undefined;
  const key = symbolKey(ruling.symbol, options);
  const ratingIn = (list: Label[]): Rating => {
    const l = list.find((x) => symbolKey(x.symbol, options) === key);
    return l ? effectiveConfidence(l) : null;
  };
  const mine = ratingIn(labelerList(f));
  const theirs = ratingIn(verifier);
  const ruled: Rating = ruling.resolution === 'excluded' ? null : ruling.confidence ?? mine ?? theirs ?? 'HIGH';
  let sides = [mine === ruled, theirs === ruled];
  if (!sides[0] && !sides[1]) sides = [(mine !== null) === (ruled !== null), (theirs !== null) === (ruled !== null)];
  return sides[0] && sides[1] ? 'both' : sides[0] ? f.labeler : sides[1] ? f.verifier : 'neither';
}
