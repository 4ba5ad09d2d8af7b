// ContextBench's granularities (docs/scoring.md#granularities, after 004_6204f796e7de62b1.txt's
// "Granularity-Specific Details" and "Aggregation Methods") from one fixture: each ground-truth
// entry and each returned item is projected to a symbol, a file and the lines it owns at the
// fixture's revision (symbols/spans.ts), and each granularity compares the two sides as sets:
// coverage = |gold ∩ retrieved| / |gold|, precision = |gold ∩ retrieved| / |retrieved|, F1 their
// harmonic mean; over the first K items and over the whole answer.
//
// - symbol: today's credit (match.ts, one-to-one) is the overlap, so coverage@K is R@K; the
//   retrieved set is the distinct names (as normalized) that name a symbol: a definition in the
//   code, or a ground-truth entry under the matching rule.
// - file: the files of both sides. A returned file credits this level only.
// - span: the lines both sides own, pooled per file (ContextBench's union, intersection, measure).
// An item is where it points (a definition, a file); one the code cannot place by itself but the
// rule takes for an entry (a shorthand, `Cart.total`) is where the entry it matches first is
// (the matcher's order of preference, which depends on the name alone). A name that is nothing
// in the code and matches no entry adds nothing to any set.
// A task whose ground truth has nothing at a level (no entry found in the code) has no value
// there and is left out of that level's means; an empty retrieved set has precision 0.
import { mean } from '../numbers';
import { intersectLines, type LineRange, type Locate, type Location, measureLines, unionLines } from '../symbols/spans';
import { GRANULARITIES, type Granularity } from '../../shared/vocabulary';
import type { NormalizeOptions } from '../symbols/normalize';
import { entriesMatching, itemKey, matchName, type MatchResult } from './match';
import { f1 } from './metrics';
import { listAt } from '../lists';

export { GRANULARITIES, type Granularity, type Locate };

/** The K of the granularity metrics' top-K cut. */
export const GRANULARITY_K = 10;

/** ContextBench's macro average (mean over tasks) and micro average (sizes pooled over tasks, then the metric). */
export const AVERAGINGS = ['macro', 'micro'] as const;
export type Averaging = (typeof AVERAGINGS)[number];

/** The sizes of one comparison: symbols, files or lines. */
export interface SetCounts {
  gold: number;
  retrieved: number;
  overlap: number;
}

/** One answer's sizes at every granularity, over the top K and over the whole answer. */
export interface GranularityCounts {
  k: number;
  atK: Record<Granularity, SetCounts>;
  all: Record<Granularity, SetCounts>;
}

export interface SetMetrics {
  coverage: number | null;
  precision: number | null;
  f1: number | null;
}

/**
 * The sizes of a matched answer at every granularity, its names placed by `locate`. `options`
 * are the matching's (the repository's module path), for the names the code alone cannot place.
 */
export function granularityCounts(match: MatchResult, locate: Locate, k = GRANULARITY_K, options: NormalizeOptions = {}): GranularityCounts {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`K must be a positive integer, not ${k}`);
  const truth = match.truth.map((t) => locate(t.symbol) ?? null);
  const truthNames = match.truth.map((t) => matchName(t.symbol, options));
  // Each item by its name alone, never by which entry the matching handed it (that depends on
  // the other items; the metrics at K must not depend on the order inside the top K).
  // A repeated name is placed once (an answer may name one symbol a million times).
  const placed = new Map<string, { at: Location | null; symbol: string | undefined }>();
  const items = match.ranks.map((r) => {
    const known = placed.get(r.returned);
    if (known) return known;
    const name = matchName(r.returned, options);
    const own = locate(r.returned) ?? null;
    const entries = name.segments.length > 0 ? entriesMatching(name, truthNames, match.truth, match.rule) : [];
    // A name the code cannot place by itself (a shorthand, `Cart.total`) stands where the entry it matches first is.
    const at = own ?? (entries.length > 0 ? truth[entries[0]] : null);
    // A symbol retrieved: a definition, or a name the matching rule takes for a ground-truth entry.
    const symbol = own?.kind === 'symbol' || entries.length > 0 ? itemKey(name, match.rule) : undefined;
    const item = { at, symbol };
    placed.set(r.returned, item);
    return item;
  });
  const goldFiles = new Set(truth.flatMap((t) => (t ? [t.file] : [])));
  const goldLines = linesByFile(truth);
  const goldLineCount = [...goldLines.values()].reduce((n, lines) => n + measureLines(lines), 0);

  const counts = (cut: number): Record<Granularity, SetCounts> => {
    const top = items.slice(0, cut);
    const symbols = new Set(top.flatMap((i) => (i.symbol !== undefined ? [i.symbol] : [])));
    const files = new Set(top.flatMap((i) => (i.at ? [i.at.file] : [])));
    const lines = linesByFile(top.map((i) => i.at));
    let lineOverlap = 0;
    let lineCount = 0;
    for (const [file, own] of lines) {
      lineCount += measureLines(own);
      const gold = goldLines.get(file);
      if (gold) lineOverlap += measureLines(intersectLines(gold, own));
    }
    return {
      symbol: { gold: match.truth.length, retrieved: symbols.size, overlap: match.ranks.slice(0, cut).filter((r) => r.relevant).length },
      file: { gold: goldFiles.size, retrieved: files.size, overlap: [...files].filter((f) => goldFiles.has(f)).length },
      span: { gold: goldLineCount, retrieved: lineCount, overlap: lineOverlap },
    };
  };
  return { k, atK: counts(k), all: counts(match.ranks.length) };
}

function linesByFile(locations: readonly (Location | null)[]): Map<string, LineRange[]> {
  const ranges = new Map<string, LineRange[]>();
  // A place met again adds no line (a repeated name is the same Location object).
  const seen = new Set<Location>();
  for (const l of locations) {
    if (l?.kind !== 'symbol' || seen.has(l)) continue;
    seen.add(l);
    for (const line of l.lines) listAt(ranges, l.file).push(line);
  }
  return new Map([...ranges].map(([file, r]) => [file, unionLines(r)]));
}

/** Coverage, precision and F1 of one comparison; all null when the gold side is empty. */
export function setMetrics(c: SetCounts): SetMetrics {
  if (c.gold === 0) return { coverage: null, precision: null, f1: null };
  const coverage = c.overlap / c.gold;
  const precision = c.retrieved > 0 ? c.overlap / c.retrieved : 0;
  return { coverage, precision, f1: f1(precision, coverage) };
}

/** One system's averages at one granularity. */
export interface GranularitySummary {
  system: string;
  granularity: Granularity;
  averaging: Averaging;
  /** Tasks with a gold side at this granularity. */
  n: number;
  atK: SetMetrics;
  all: SetMetrics;
}

/**
 * Per system (sorted), granularity and averaging: macro, the mean over the tasks of each task's
 * coverage, precision and F1; micro, the metrics of the sizes summed over the tasks (F1 from the
 * pooled coverage and precision). Tasks with no gold side at a granularity count in neither.
 */
export function summarizeGranularities(rows: readonly { system: string; counts: GranularityCounts }[]): GranularitySummary[] {
  const systems = [...new Set(rows.map((r) => r.system))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: GranularitySummary[] = [];
  for (const system of systems) {
    const mine = rows.filter((r) => r.system === system);
    for (const granularity of GRANULARITIES) {
      const scored = mine.filter((r) => r.counts.all[granularity].gold > 0);
      const at = (cut: 'atK' | 'all') => scored.map((r) => r.counts[cut][granularity]);
      out.push({ system, granularity, averaging: 'macro', n: scored.length, atK: macro(at('atK')), all: macro(at('all')) });
      out.push({ system, granularity, averaging: 'micro', n: scored.length, atK: micro(at('atK')), all: micro(at('all')) });
    }
  }
  return out;
}

function macro(counts: readonly SetCounts[]): SetMetrics {
  const each = counts.map(setMetrics);
  const avg = (m: keyof SetMetrics) => mean(each.map((x) => x[m]).filter((v): v is number => v !== null));
  return { coverage: avg('coverage'), precision: avg('precision'), f1: avg('f1') };
}

function micro(counts: readonly SetCounts[]): SetMetrics {
  const sum = (m: keyof SetCounts) => counts.reduce((n, c) => n + c[m], 0);
  return setMetrics({ gold: sum('gold'), retrieved: sum('retrieved'), overlap: sum('overlap') });
}

/** One answer's metrics at one granularity as flat named values (`coverage@10`, `precision`, ...), for tables and CSV. */
export function granularityValues(counts: GranularityCounts, granularity: Granularity): Record<string, number | null> {
  return metricsByName(counts.k, setMetrics(counts.atK[granularity]), setMetrics(counts.all[granularity]));
}

/** The column names of granularityValues and of a summary's values, in order. */
export function granularityColumns(k: number): string[] {
  return Object.keys(metricsByName(k, setMetrics({ gold: 0, retrieved: 0, overlap: 0 }), setMetrics({ gold: 0, retrieved: 0, overlap: 0 })));
}

/** A summary's metrics as flat named values, as granularityValues names them. */
export function summaryValues(summary: GranularitySummary, k: number): Record<string, number | null> {
  return metricsByName(k, summary.atK, summary.all);
}

function metricsByName(k: number, atK: SetMetrics, all: SetMetrics): Record<string, number | null> {
  return {
    [`coverage@${k}`]: atK.coverage,
    [`precision@${k}`]: atK.precision,
    [`f1@${k}`]: atK.f1,
    coverage: all.coverage,
    precision: all.precision,
    f1: all.f1,
  };
}
