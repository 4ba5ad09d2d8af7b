// A fixture's results as the panel shows them: the table, the matrix and the returned lists,
// scored now against the fixture as it stands (labels may have changed since the run).
import { effectiveConfidence, Fixture } from '../fixtures/model';
import type { Miss } from '../harness/failures';
import { MISS_CUTOFF, ScoredResult, scoreResult } from '../harness/analysis';
import type { MatchRule } from '../scoring/match';
import { GRANULARITIES, granularityCounts, GRANULARITY_K, setMetrics, type Locate } from '../scoring/granularity';
import { metricValues } from '../scoring/metrics';
import { symbolKey } from '../symbols/normalize';
import type { ChartView, FixtureResults, GranularityCells, MatrixCell, ReturnedList, SystemRow, TableMetric } from './model';
import { TABLE_METRICS } from './model';
import type { Answer } from './runs';
import { scoreChecks } from './checks';
import { answerHealth } from '../harness/answerHealth';

export interface ResultsOptions {
  match: MatchRule;
  budget: number;
  module?: string;
  /** The run the panel made or loaded: rows from it are `run`, others `recorded`. */
  run?: string;
  /** Systems of the table, in order; one without an answer is `pending`. */
  systems: readonly string[];
  /** The run's misses (triage applied), for each missed cell's category. */
  misses?: readonly Miss[];
  /** Systems still running: their rows show `running`. */
  running?: ReadonlySet<string>;
  charts?: (scored: ScoredResult[]) => ChartView[];
  /** Where names point at the fixture's revision (symbols/locate.ts), for the granularity values; without it, rows have none. */
  locate?: Locate;
  /** The fixture's stale ground-truth labels (core staleLabelsOf), one line each: said above the scores. */
  staleLabels?: string[];
  /** Answers left out as given to the fixture as it was (host.ts currentAnswers), one line each: said above the scores. */
  staleAnswers?: string[];
}

const KS = [5, 10, 20];

export function fixtureResults(fixture: Fixture, answers: ReadonlyMap<string, Answer>, o: ResultsOptions): FixtureResults {
  const scored = new Map<string, ScoredResult>();
  for (const [system, a] of answers) scored.set(system, scoreResult(a.raw, fixture, { match: o.match, ks: KS }, o.module));
  const id = fixture.id ?? '';
  const shown = o.systems.filter((system) => scored.has(system)).map((system) => ({ ...scored.get(system)!.raw, task: id }));
  const { checks: scoredChecks, judged } = scoreChecks(shown, new Map([[id, fixture]]), new Map([[id, o.module]]), o.match, o.systems);
  const checks = { ...scoredChecks, ...(o.staleLabels?.length ? { staleLabels: o.staleLabels } : {}),
    ...(o.staleAnswers?.length ? { staleAnswers: o.staleAnswers } : {}) };
  const rows = o.systems.map((system): SystemRow => {
    const s = scored.get(system);
    const answer = answers.get(system);
    if (!s || !answer) return emptyRow(system, o.running?.has(system) ? 'running' : 'pending');
    const values = metricValues(s.score);
    const t = s.raw.timings;
    return {
      system,
      status: s.raw.status,
      ...(s.raw.error ? { error: s.raw.error } : {}),
      metrics: Object.fromEntries(TABLE_METRICS.map((m) => [m, values[m] ?? null])) as Record<TableMetric, number | null>,
      tokens: s.raw.tokens,
      tokenEfficiency: s.score.tokenEfficiency,
      timings: { ...(t.index_ms !== undefined ? { index_ms: t.index_ms } : {}), ...(t.cold_ms !== undefined ? { cold_ms: t.cold_ms } : {}),
        ...(t.warm_median_ms !== undefined ? { warm_ms: t.warm_median_ms } : {}) },
      source: { kind: answer.run.name === o.run && answer.raw.source === 'run' ? 'run' : 'recorded', run: answer.run.name, budget: answer.raw.budget },
      judged: judged.get(system)?.judged ?? null,
      ...rowHealth(s.raw),
      ...(o.locate ? { granularities: granularityCells(s, o.locate, o.module) } : {}),
    };
  });
  const missOf = new Map((o.misses ?? []).filter((m) => m.task === fixture.id).map((m) => [`${m.system}\0${symbolKey(m.symbol, o)}`, m]));
  const matrix = {
    systems: [...o.systems],
    k: MISS_CUTOFF,
    rows: fixture.ground_truth.map((label, i) => ({
      symbol: label.symbol,
      confidence: effectiveConfidence(label),
      cells: o.systems.map((system): MatrixCell => {
        const s = scored.get(system);
        if (!s) return { kind: 'pending' };
        const rank = s.match.creditedAt[i];
        if (rank === null) {
          const miss = missOf.get(`${system}\0${symbolKey(label.symbol, o)}`);
          return { kind: 'missed', ...(miss ? { category: miss.category ?? miss.suggested } : {}) };
        }
        return rank <= MISS_CUTOFF ? { kind: 'hit', rank } : { kind: 'below', rank };
      }),
    })),
  };
  const lists: ReturnedList[] = o.systems.filter((system) => scored.has(system)).map((system) => ({
    system,
    items: scored.get(system)!.match.ranks.map(
      (r) => ({ rank: r.rank, returned: r.returned, relevant: r.relevant, groundTruth: r.groundTruth, ...(r.note ? { note: r.note } : {}) })),
  }));
  return { fixture: fixture.id ?? '', ...(o.run ? { run: o.run } : {}), match: o.match, budget: o.budget,
    ...(rows.some((r) => r.granularities) ? { granularityK: GRANULARITY_K } : {}), rows, matrix, lists,
    charts: o.charts?.([...scored.values()]) ?? [], ...(shown.length > 0 || o.staleAnswers?.length ? { checks } : {}) };
}

/** What the answer says about its system, for the row (answerHealth.ts): only what is so. */
function rowHealth(raw: ScoredResult['raw']): Pick<SystemRow, 'overBudget' | 'health' | 'warning'> {
  const a = answerHealth(raw);
  return { ...(a.overBudget ? { overBudget: true } : {}), ...(a.empty ? { health: 'empty' as const } : a.unmapped ? { health: 'unmapped' as const } : {}),
    ...(a.warning ? { warning: a.warning } : {}) };
}

/** A scored answer's values at each granularity, as the table shows them. */
function granularityCells(s: ScoredResult, locate: Locate, module: string | undefined): Record<(typeof GRANULARITIES)[number], GranularityCells> {
  const counts = granularityCounts(s.match, locate, GRANULARITY_K, { module });
  return Object.fromEntries(GRANULARITIES.map((g) => {
    const atK = setMetrics(counts.atK[g]);
    const all = setMetrics(counts.all[g]);
    return [g, { coverageAtK: atK.coverage, precisionAtK: atK.precision, f1AtK: atK.f1, coverage: all.coverage, precision: all.precision, f1: all.f1 }];
  })) as Record<(typeof GRANULARITIES)[number], GranularityCells>;
}

function emptyRow(system: string, status: 'pending' | 'running'): SystemRow {
  return {
    system,
    status,
    metrics: Object.fromEntries(TABLE_METRICS.map((m) => [m, null])) as Record<TableMetric, number | null>,
    tokens: null,
    tokenEfficiency: null,
    timings: {},
    source: { kind: 'run', run: '' },
  };
}
