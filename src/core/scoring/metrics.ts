// The per-task retrieval metrics of docs/scoring.md#metrics over a matched ranking, and their means per group.
// Conventions: P@K divides by K even when fewer than K came back; R@K divides by the
// ground-truth size (one-to-one credit keeps it at most 1); F1@K is 0 when P and R are both 0;
// NDCG@10 comes binary (every hit gains 1, the ideal is min(|truth|, 10) hits) and graded (the
// credited entry's gain, HIGH 2 / MEDIUM 1, the ideal the truth's gains sorted), discounted by
// log2(rank + 1) as trec_eval's ndcg_cut; MRR has no cutoff and is 0 when nothing relevant came
// back. A value that is undefined is null (recall with an empty ground truth, token efficiency
// without a token count); means skip nulls.
import type { MatchResult } from './match';
import { mean as meanOfAll, standardDeviation } from '../numbers';

export const DEFAULT_KS: readonly number[] = [5, 10, 20];
export const NDCG_CUTOFF = 10;

export interface TaskScore {
  ks: number[];
  /** Keyed by K. */
  precision: Record<number, number>;
  recall: Record<number, number | null>;
  f1: Record<number, number | null>;
  ndcg10: number | null;
  ndcg10Graded: number | null;
  mrr: number;
  /** Relevant items anywhere in the returned list (no cutoff). */
  relevantFound: number;
  returned: number;
  truthSize: number;
  tokens: number | null;
  /** relevantFound / tokens of the system's output; 0 when it printed nothing, null when not counted. */
  tokenEfficiency: number | null;
}

export interface ScoreOptions {
  ks?: readonly number[];
  /** Tokens of the system's output (cl100k_base), for token efficiency. */
  tokens?: number | null;
}

/** Discounted cumulative gain of the first k gains: sum of gain_i / log2(i + 1), i from 1. */
export function dcg(gains: ArrayLike<number>, k: number): number {
  let sum = 0;
  const n = Math.min(k, gains.length);
  for (let i = 0; i < n; i++) if (gains[i] > 0) sum += gains[i] / Math.log2(i + 2);
  return sum;
}

/** DCG@k over the ideal DCG@k of the given ideal gains (any order); null when the ideal is 0. */
export function ndcg(gains: ArrayLike<number>, idealGains: readonly number[], k: number): number | null {
  const ideal = dcg([...idealGains].sort((a, b) => b - a), k);
  return ideal > 0 ? dcg(gains, k) / ideal : null;
}

export function f1(p: number, r: number): number {
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/**
 * The metrics of one ranking given each rank's gain (0 = not relevant) and the ground truth's
 * gains. Each rank's gain must already be one-to-one (see matchRanking).
 */
export function scoreGains(rankGains: readonly number[], truthGains: readonly number[], options: ScoreOptions = {}): TaskScore {
  const ks = [...(options.ks ?? DEFAULT_KS)];
  for (const k of ks) if (!Number.isInteger(k) || k < 1) throw new RangeError(`K must be a positive integer, not ${k}`);
  const truthSize = truthGains.length;
  const hits = rankGains.map((g) => (g > 0 ? 1 : 0));
  const cumulative: number[] = [];
  let found = 0;
  let firstHit = 0;
  hits.forEach((h, i) => {
    found += h;
    cumulative.push(found);
    if (h && firstHit === 0) firstHit = i + 1;
  });
  const foundBy = (k: number) => (k <= 0 || cumulative.length === 0 ? 0 : cumulative[Math.min(k, cumulative.length) - 1]);
  const precision: Record<number, number> = {};
  const recall: Record<number, number | null> = {};
  const f: Record<number, number | null> = {};
  for (const k of ks) {
    precision[k] = foundBy(k) / k;
    recall[k] = truthSize > 0 ? foundBy(k) / truthSize : null;
    f[k] = recall[k] === null ? null : f1(precision[k], recall[k]);
  }
  const tokens = options.tokens ?? null;
  return {
    ks,
    precision,
    recall,
    f1: f,
    ndcg10: ndcg(hits, truthGains.map(() => 1), NDCG_CUTOFF),
    ndcg10Graded: ndcg(rankGains, truthGains, NDCG_CUTOFF),
    mrr: firstHit > 0 ? 1 / firstHit : 0,
    relevantFound: found,
    returned: rankGains.length,
    truthSize,
    tokens,
    tokenEfficiency: tokens === null ? null : tokens > 0 ? found / tokens : 0,
  };
}

/** The metrics of a matched ranking (see matchRanking). */
export function scoreMatch(match: MatchResult, options: ScoreOptions = {}): TaskScore {
  return scoreGains(match.ranks.map((r) => (r.relevant ? r.gain : 0)), match.truth.map((t) => t.gain), options);
}

/** A task's metrics as flat named values (`P@5`, `R@10`, `F1@20`, `NDCG@10`, ...), for tables and CSV. */
export function metricValues(score: TaskScore): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const k of score.ks) out[`P@${k}`] = score.precision[k];
  for (const k of score.ks) out[`R@${k}`] = score.recall[k];
  for (const k of score.ks) out[`F1@${k}`] = score.f1[k];
  out['NDCG@10'] = score.ndcg10;
  out['NDCG@10_graded'] = score.ndcg10Graded;
  out.MRR = score.mrr;
  out.relevant_found = score.relevantFound;
  out.tokens = score.tokens;
  out.token_efficiency = score.tokenEfficiency;
  return out;
}

/** One system's score on one task, with what it is grouped by. */
export interface ScoredTask {
  system: string;
  task: string;
  tier?: string;
  repo?: string;
  score: TaskScore;
}

/** The mean and sample standard deviation of every metric over one group of one system's tasks. */
export interface GroupSummary {
  system: string;
  /** `all`, a tier or a repo. */
  group: string;
  /** Tasks in the group. */
  n: number;
  mean: Record<string, number | null>;
  sd: Record<string, number | null>;
}

export interface Summaries {
  overall: GroupSummary[];
  perTier: GroupSummary[];
  perRepo: GroupSummary[];
}

/** Means per system overall, per tier and per repo (tasks without a tier or repo only count overall). */
export function summarize(rows: readonly ScoredTask[]): Summaries {
  const by = (key: (r: ScoredTask) => string | undefined): GroupSummary[] => {
    const groups = new Map<string, { system: string; group: string; rows: ScoredTask[] }>();
    for (const r of rows) {
      const g = key(r);
      if (g === undefined) continue;
      const id = JSON.stringify([r.system, g]);
      let entry = groups.get(id);
      if (!entry) groups.set(id, (entry = { system: r.system, group: g, rows: [] }));
      entry.rows.push(r);
    }
    return [...groups.values()].map((e) => summarizeGroup(e.system, e.group, e.rows));
  };
  return { overall: by(() => 'all'), perTier: by((r) => r.tier), perRepo: by((r) => r.repo) };
}

function summarizeGroup(system: string, group: string, rows: readonly ScoredTask[]): GroupSummary {
  const columns = new Map<string, number[]>();
  for (const r of rows) {
    for (const [name, v] of Object.entries(metricValues(r.score))) {
      let col = columns.get(name);
      if (!col) columns.set(name, (col = []));
      if (v !== null) col.push(v);
    }
  }
  const mean: Record<string, number | null> = {};
  const sd: Record<string, number | null> = {};
  for (const [name, xs] of columns) {
    mean[name] = meanOfAll(xs);
    sd[name] = standardDeviation(xs);
  }
  return { system, group, n: rows.length, mean, sd };
}
