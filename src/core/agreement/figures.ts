// Agreement beyond one kappa (docs/agreement.md). A task of 15 symbols among 60 candidates is
// mostly "not included" by both raters, and there Cohen's kappa falls while raw agreement stays
// high (the kappa paradox): so each task reports raw agreement, Gwet's AC1, PABAK, specific
// agreement and linearly weighted kappa beside it, each over the candidate universe and over the
// labeled items only, where padding the universe with both-excluded candidates cannot flatter it.
// Every figure comes from one 3x3 table of the two raters' ratings, so pooling tasks (the corpus
// figures, their bootstrap) is adding tables.
import { fmt } from '../../shared/figures';
import { BOOTSTRAP_RESAMPLES, DEFAULT_SEED, mulberry32 } from '../scoring/significance';

/** The ordered scale: index 0 not included, 1 MEDIUM, 2 HIGH. */
export const SCALE = [null, 'MEDIUM', 'HIGH'] as const;
export type ScaleRating = (typeof SCALE)[number];

/** `table[i][j]`: items the labeler rated SCALE[i] and the verifier SCALE[j]. */
export type RatingTable = number[][];

/** The figures of one table. Each is null when undefined for it (no items, nothing to correct for). */
export interface AgreementFigures {
  items: number;
  /** Cohen's kappa, binary (included or not). */
  kappa: number | null;
  /** Raw agreement on inclusion, a fraction (the same as `observed`). */
  percent: number | null;
  /** Gwet's AC1, binary. */
  ac1: number | null;
  /** Prevalence- and bias-adjusted kappa: 2·po − 1. */
  pabak: number | null;
  /** 2a / (2a + b + c): agreement on what was included. */
  specific_positive: number | null;
  /** 2d / (2d + b + c): agreement on what was left out. */
  specific_negative: number | null;
  /** Cohen's weighted kappa, linear weights over not included < MEDIUM < HIGH. */
  kappa_weighted: number | null;
}

/** The figure names, in the order reports show them. */
export const FIGURES = ['kappa', 'percent', 'ac1', 'pabak', 'specific_positive', 'specific_negative', 'kappa_weighted'] as const;
export type FigureName = (typeof FIGURES)[number];

/** What each figure is called in reports. */
export const FIGURE_TITLES: Record<FigureName, string> = {
  kappa: 'κ',
  percent: 'percent',
  ac1: 'AC1',
  pabak: 'PABAK',
  specific_positive: 'positive agreement',
  specific_negative: 'negative agreement',
  kappa_weighted: 'weighted κ',
};

/** Every figure on one line: `κ 0.720, percent 0.857, AC1 0.714, ...`. */
export function figureSummary(f: AgreementFigures): string {
  return FIGURES.map((k) => `${FIGURE_TITLES[k]} ${fmt(f[k])}`).join(', ');
}

export function emptyTable(): RatingTable {
  return SCALE.map(() => SCALE.map(() => 0));
}

export function scaleIndex(r: ScaleRating): number {
  return SCALE.indexOf(r);
}

export function tableOf(items: readonly { labeler: ScaleRating; verifier: ScaleRating }[]): RatingTable {
  const t = emptyTable();
  for (const i of items) t[scaleIndex(i.labeler)][scaleIndex(i.verifier)]++;
  return t;
}

export function addTables(tables: readonly RatingTable[]): RatingTable {
  const sum = emptyTable();
  for (const t of tables) t.forEach((row, i) => row.forEach((n, j) => (sum[i][j] += n)));
  return sum;
}

/** The items some rater included: the table without its both-excluded cell. */
export function labeledOnly(t: RatingTable): RatingTable {
  return t.map((row, i) => row.map((n, j) => (i === 0 && j === 0 ? 0 : n)));
}

/**
 * The figures over the labeled items only. Negative specific agreement is null there: the
 * both-excluded items are what this view leaves out, so it would be 0 by construction.
 */
export function labeledOnlyFigures(t: RatingTable): AgreementFigures {
  return { ...figuresOf(labeledOnly(t)), specific_negative: null };
}

/** Rated `label` or not, as a 2x2 table (index 0 no, 1 yes), for per-label agreement. */
export function collapse(t: RatingTable, included: (index: number) => boolean): number[][] {
  const out = [[0, 0], [0, 0]];
  t.forEach((row, i) => row.forEach((n, j) => (out[included(i) ? 1 : 0][included(j) ? 1 : 0] += n)));
  return out;
}

/** One label as its own yes/no (did the rater give it this confidence), over all items and over the labeled ones. */
export function labelFigures(t: RatingTable, label: 'HIGH' | 'MEDIUM'): { all: BinaryFigures; labeledOnly: BinaryFigures } {
  const index = SCALE.indexOf(label);
  return { all: binaryFigures(collapse(t, (i) => i === index)), labeledOnly: binaryFigures(collapse(labeledOnly(t), (i) => i === index)) };
}

/** `HIGH: κ 0.333, percent 0.750, AC1 0.600, positive agreement 0.500; labeled only κ ..., AC1 ..., positive agreement ...`. */
export function labelSummary(t: RatingTable, label: 'HIGH' | 'MEDIUM'): string {
  const { all, labeledOnly: l } = labelFigures(t, label);
  return `${label}: κ ${fmt(all.kappa)}, percent ${fmt(all.percent)}, AC1 ${fmt(all.ac1)}, positive agreement ${fmt(all.specific_positive)}; `
    + `labeled only κ ${fmt(l.kappa)}, AC1 ${fmt(l.ac1)}, positive agreement ${fmt(l.specific_positive)}`;
}

export type BinaryFigures = Omit<AgreementFigures, 'kappa_weighted'>;

/** Every figure of a table. The binary ones read it as included (MEDIUM or HIGH) or not. */
export function figuresOf(t: RatingTable): AgreementFigures {
  const binary = collapse(t, (i) => i > 0);
  return { ...binaryFigures(binary), kappa_weighted: weightedKappa(t) };
}

/** The binary figures of a 2x2 table (index 0 no, 1 yes). */
export function binaryFigures(t: number[][]): BinaryFigures {
  const [[d, c], [b, a]] = t; // a both yes, b labeler only, c verifier only, d both no
  const n = a + b + c + d;
  const po = n === 0 ? null : (a + d) / n;
  return {
    items: n,
    kappa: cohenOfTable(t),
    percent: po,
    ac1: gwetAC1(t),
    pabak: po === null ? null : pabak(po, 2),
    specific_positive: 2 * a + b + c === 0 ? null : (2 * a) / (2 * a + b + c),
    specific_negative: 2 * d + b + c === 0 ? null : (2 * d) / (2 * d + b + c),
  };
}

/** Cohen's kappa of a square table: (po − pe) / (1 − pe), pe from each rater's margins. */
export function cohenOfTable(t: number[][]): number | null {
  const n = total(t);
  if (n === 0) return null;
  const po = t.reduce((s, row, i) => s + row[i], 0) / n;
  const pe = t.reduce((s, row, k) => s + (rowSum(t, k) / n) * (colSum(t, k) / n), 0);
  return Math.abs(1 - pe) < 1e-12 ? null : (po - pe) / (1 - pe);
}

/**
 * Gwet's AC1 (Gwet 2008) of a square table over its q categories: (po − pe) / (1 − pe) with
 * pe = Σ πk(1 − πk) / (q − 1), πk the mean of the two raters' shares of category k.
 */
export function gwetAC1(t: number[][]): number | null {
  const n = total(t);
  const q = t.length;
  if (n === 0 || q < 2) return null;
  const po = t.reduce((s, row, i) => s + row[i], 0) / n;
  let pe = 0;
  for (let k = 0; k < q; k++) {
    const pi = (rowSum(t, k) + colSum(t, k)) / (2 * n);
    pe += pi * (1 - pi);
  }
  pe /= q - 1;
  return Math.abs(1 - pe) < 1e-12 ? null : (po - pe) / (1 - pe);
}

/** PABAK (Byrt, Bishop & Carlin 1993): kappa with even margins, (q·po − 1) / (q − 1); 2·po − 1 for two categories. */
export function pabak(po: number, q: number): number {
  return (q * po - 1) / (q - 1);
}

/**
 * Cohen's (1968) weighted kappa with linear disagreement weights |i − j| over the table's ordered
 * categories: 1 − Σ w·observed / Σ w·expected (scikit-learn's cohen_kappa_score(weights='linear')).
 */
export function weightedKappa(t: number[][]): number | null {
  const n = total(t);
  if (n === 0) return null;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < t.length; i++) {
    for (let j = 0; j < t.length; j++) {
      const w = Math.abs(i - j);
      observed += w * t[i][j];
      expected += (w * rowSum(t, i) * colSum(t, j)) / n;
    }
  }
  return expected < 1e-12 ? null : 1 - observed / expected;
}

/** High raw agreement and low kappa: the protocol's weak band (< 0.6) under 80% agreement or more. */
export const PARADOX_PERCENT = 0.8;
export const PARADOX_KAPPA = 0.6;

export function isKappaParadox(f: Pick<AgreementFigures, 'percent' | 'kappa'>): boolean {
  return f.percent !== null && f.kappa !== null && f.percent >= PARADOX_PERCENT && f.kappa < PARADOX_KAPPA;
}

/** The share of ratings that are "included", over both raters: what drives kappa's chance term. */
export function inclusionRate(t: RatingTable): number | null {
  const n = total(t);
  return n === 0 ? null : (2 * n - rowSum(t, 0) - colSum(t, 0)) / (2 * n);
}

/** Where the paradox happens, one line naming it and the figures to read instead. */
export function paradoxNote(f: AgreementFigures, t: RatingTable): string | null {
  if (!isKappaParadox(f)) return null;
  const rate = inclusionRate(t)!;
  return `kappa paradox: ${pct(f.percent!)} raw agreement but κ ${f.kappa!.toFixed(3)}, since ${pct(1 - rate)} of the ratings are "not included" `
    + 'and kappa\'s chance agreement is near 1; read AC1 and positive specific agreement, and the labeled-only figures';
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export type FigureInterval = Record<FigureName, [number, number] | null>;

/**
 * Percentile bootstrap 95% intervals of the pooled figures: `resamples` resamples of the tasks
 * with replacement (mulberry32(seed)), each pooled into one table (numpy's default percentile,
 * as bootstrapMeanCI). A figure undefined in a resample is left out of that figure's resamples.
 */
export function bootstrapFigures(
  tables: readonly RatingTable[],
  pick: (t: RatingTable) => AgreementFigures,
  { resamples = BOOTSTRAP_RESAMPLES, seed = DEFAULT_SEED, level = 0.95 }: { resamples?: number; seed?: number; level?: number } = {},
): FigureInterval {
  const values: Record<FigureName, number[]> = Object.fromEntries(FIGURES.map((f) => [f, []])) as unknown as Record<FigureName, number[]>;
  const n = tables.length;
  const out = Object.fromEntries(FIGURES.map((f) => [f, null])) as FigureInterval;
  if (n === 0) return out;
  const random = mulberry32(seed);
  for (let r = 0; r < resamples; r++) {
    const sum = emptyTable();
    for (let i = 0; i < n; i++) {
      const t = tables[(random() * n) | 0];
      for (let a = 0; a < t.length; a++) for (let b = 0; b < t.length; b++) sum[a][b] += t[a][b];
    }
    const f = pick(sum);
    for (const name of FIGURES) {
      const v = f[name];
      if (v !== null) values[name].push(v);
    }
  }
  for (const name of FIGURES) {
    const xs = values[name].sort((x, y) => x - y);
    if (xs.length === 0) continue;
    const at = (q: number) => {
      const pos = q * (xs.length - 1);
      const lo = Math.floor(pos);
      const hi = Math.min(lo + 1, xs.length - 1);
      return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo);
    };
    out[name] = [at((1 - level) / 2), at(1 - (1 - level) / 2)];
  }
  return out;
}

function total(t: number[][]): number {
  return t.reduce((s, row) => s + row.reduce((x, y) => x + y, 0), 0);
}
function rowSum(t: number[][], i: number): number {
  return t[i].reduce((x, y) => x + y, 0);
}
function colSum(t: number[][], j: number): number {
  return t.reduce((s, row) => s + row[j], 0);
}
