// A run's answers at the three granularities (scoring/granularity.ts, docs/scoring.md#granularities):
// each answer's names and its fixture's ground truth placed in the code at the revision the task
// ran at (the fixture's diff.base or commit, resolved), then counted. Written as
// aggregated/granularity.csv (per system, granularity and averaging) and
// aggregated/granularity-per-task.csv (with the sizes, so the micro averages can be checked by hand),
// and both as analysis/granularity.json.
// An answer whose repository is not here (a replayed run elsewhere) has no granularity values.
import type { Fixture } from '../fixtures/model';
import type { Repository } from '../git/repository';
import type { ScoredResult } from '../scoring/answers';
import {
  GRANULARITIES, granularityColumns, GranularityCounts, granularityCounts, granularityValues, GRANULARITY_K, GranularitySummary,
  summarizeGranularities, summaryValues,
} from '../scoring/granularity';
import { Locator } from '../symbols/locate';
import { toCsv } from './results';
import { pause } from './pause';

export interface TaskGranularity {
  system: string;
  task: string;
  counts: GranularityCounts;
}

export interface RunGranularities {
  k: number;
  tasks: TaskGranularity[];
  summaries: GranularitySummary[];
  /** Repositories some answers were given on that are not here: those answers have no granularity values. */
  unplaced: string[];
}

/** Every answer of `scored` counted at every granularity, with the means; `repos` by name. */
export async function runGranularities(
  scored: readonly ScoredResult[], fixtures: ReadonlyMap<string, Fixture>, repos: ReadonlyMap<string, Repository>,
  modules: ReadonlyMap<string, string | undefined>, signal?: AbortSignal): Promise<RunGranularities> {
  const locators = new Map<string, Locator>();
  const unplaced = new Set<string>();
  const tasks: TaskGranularity[] = [];
  for (const s of scored) {
    await pause(signal);
    const repo = repos.get(s.raw.repo);
    const fixture = fixtures.get(s.raw.task);
    if (!repo || !fixture) {
      unplaced.add(s.raw.repo);
      continue;
    }
    const at = `${s.raw.repo}@${s.raw.rev}`;
    let locator = locators.get(at);
    if (!locator) locators.set(at, (locator = new Locator(repo, s.raw.rev)));
    const names = [...fixture.ground_truth.map((g) => g.symbol), ...s.match.ranks.map((r) => r.returned)];
    const locate = await locator.lookup(names, { module: modules.get(s.raw.task) }).catch(() => undefined);
    if (!locate) {
      unplaced.add(s.raw.repo);
      continue;
    }
    tasks.push({ system: s.raw.system, task: s.raw.task, counts: granularityCounts(s.match, locate) });
  }
  return { k: GRANULARITY_K, tasks, summaries: summarizeGranularities(tasks), unplaced: [...unplaced].sort() };
}

/** aggregated/granularity.csv: one row per system, granularity and averaging. */
export function granularityCsv(g: RunGranularities, match: string): string {
  const columns = granularityColumns(g.k);
  return toCsv(['system', 'granularity', 'averaging', 'n', ...columns, 'match'],
    g.summaries.map((s) => [s.system, s.granularity, s.averaging, s.n, ...columns.map((c) => summaryValues(s, g.k)[c]), match]));
}

/** analysis/granularity.json: the summaries and each answer's sizes, with the fields the CSVs name. */
export function granularityJson(g: RunGranularities, match: string): unknown {
  return {
    k: g.k,
    match,
    summaries: g.summaries.map((s) => ({ system: s.system, granularity: s.granularity, averaging: s.averaging, n: s.n, ...summaryValues(s, g.k) })),
    tasks: g.tasks.map((t) => ({ system: t.system, task: t.task, at_k: t.counts.atK, all: t.counts.all })),
    unplaced_repos: g.unplaced,
  };
}

/** aggregated/granularity-per-task.csv: one row per answer and granularity, the sizes before the metrics. */
export function granularityPerTaskCsv(g: RunGranularities, match: string): string {
  const columns = granularityColumns(g.k);
  return toCsv(['system', 'task', 'granularity', 'gold', `retrieved@${g.k}`, `overlap@${g.k}`, 'retrieved', 'overlap', ...columns, 'match'],
    g.tasks.flatMap((t) => GRANULARITIES.map((granularity) => {
      const values = granularityValues(t.counts, granularity);
      const atK = t.counts.atK[granularity];
      const all = t.counts.all[granularity];
      return [t.system, t.task, granularity, all.gold, atK.retrieved, atK.overlap, all.retrieved, all.overlap, ...columns.map((c) => values[c]), match];
    })));
}
