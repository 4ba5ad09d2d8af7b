// Everything a run's raw answers become (docs/scoring.md#a-run-on-disk): scores per task, aggregated/{overall,per-tier,
// per-repo,per-task}.csv, analysis/significance-tests.json, analysis/failure-analysis.md and
// FINDINGS.md. Computed from the raw files alone, so a finished run can be re-analyzed (a new
// matching rule, a person's triage) without running any system again. Names, symbols and error
// text in the Markdown files come from fixtures and systems: reportText/reportCode keep them text.
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { chartsSection, writeRunCharts } from '../charts/runCharts';
import type { Fixture } from '../fixtures/model';
import { repositoryLines } from '../git/lineCount';
import type { Repository } from '../git/repository';
import { writeTextAtomic } from '../io/files';
import { mean, median, standardDeviation } from '../numbers';
import { matchRanking } from '../scoring/match';
import { metricValues, ScoredTask, scoreMatch, summarize } from '../scoring/metrics';
import { DEFAULT_EFFECT_SIZE, EffectSize, EXACT_MAX_N, significanceMatrix, SignificanceMatrix } from '../scoring/significance';
import { ReferenceGraph } from '../symbols/referenceGraph';
import { reportCode, reportText } from '../untrusted/reportMarkdown';
import { FAILURE_CATEGORIES, Miss, missesOf, topModes } from './failures';
import { BudgetRecall, findingsMarkdown, SEED_SCALE_LINES, significanceRule, TimeToContext } from './findings';
import { RawResult, RunInfo, toCsv, writeJson } from './results';
import { scoreResult, type ScoredResult } from '../scoring/answers';
import { disputeSensitivity } from './sensitivity';
import { granularityCsv, granularityJson, granularityPerTaskCsv, runGranularities } from './granularities';
import { CutTie, judgedAtK, tieAcrossCut } from './pooling';
import { applyTriage, readTriage } from './triage';
import { listAt } from '../lists';
import { mapPausing, pause } from './pause';
import { overBudget, systemHealth } from './answerHealth';

export { scoreResult, type ScoredResult };

/** The metrics the significance matrices compare (the headline four, docs/scoring.md#findingsmd), overall and per tier. */
export const COMPARED_METRICS = ['P@10', 'R@10', 'NDCG@10', 'MRR'] as const;

export interface AnalysisInputs {
  modules: Map<string, string | undefined>;
  systemLanguages: Map<string, string[]>;
  sweep?: { budget: number; raw: RawResult[] }[];
  /** Open repositories by name, for the hop evidence of depth misses. */
  repos: Map<string, Repository>;
  /** Stops the analysis at its next pause (pause.ts): it throws the signal's reason. */
  signal?: AbortSignal;
  /** What makes some scores suspect, found in the inputs (a stale ground-truth label): FINDINGS.md says each above its tables. */
  inputWarnings?: string[];
}

/** A ground-truth symbol not in a system's top 10 is a miss (the K of failure analysis, docs/scoring.md#a-run-on-disk). */
export const MISS_CUTOFF = 10;

/** A run as analyzed: every answer scored, and the misses with the triage so far applied. */
export interface RunAnalysis {
  scored: ScoredResult[];
  misses: Miss[];
}

export async function analyzeRun(
  dir: string, info: RunInfo, raws: RawResult[], fixtures: Map<string, Fixture>, inputs: AnalysisInputs): Promise<RunAnalysis> {
  const { signal } = inputs;
  const scored = await mapPausing(raws, (r) => scoreResult(r, fixtures.get(r.task)!, info, inputs.modules.get(r.task)), signal);
  const rows: ScoredTask[] = scored.map((s) => ({ system: s.raw.system, task: s.raw.task, tier: s.raw.tier, repo: s.raw.repo, score: s.score }));
  const summaries = summarize(rows);
  const columns = Object.keys(metricValues(scored[0]?.score ?? scoreMatch(matchRanking([], []), { ks: info.ks })));

  await fs.mkdir(join(dir, 'aggregated'), { recursive: true });
  await fs.mkdir(join(dir, 'analysis'), { recursive: true });
  // The means, then their standard deviations (`<metric>_sd`, docs/scoring.md#significance-56). Every table says which
  // matching rule produced it: the CSVs in a `match` column.
  const groupCsv = (groupName: string | undefined, groups: typeof summaries.overall) =>
    toCsv(
      ['system', ...(groupName ? [groupName] : []), 'n', ...columns, ...columns.map((c) => `${c}_sd`), 'match'],
      groups.map((g) => [g.system, ...(groupName ? [g.group] : []), g.n, ...columns.map((c) => g.mean[c]), ...columns.map((c) => g.sd[c]), info.match]),
    );
  await writeTextAtomic(join(dir, 'aggregated', 'overall.csv'), groupCsv(undefined, summaries.overall));
  await writeTextAtomic(join(dir, 'aggregated', 'per-tier.csv'), groupCsv('tier', summaries.perTier));
  await writeTextAtomic(join(dir, 'aggregated', 'per-repo.csv'), groupCsv('repo', summaries.perRepo));
  const timing = (s: ScoredResult) => [s.raw.timings.index_ms, s.raw.timings.cold_ms, s.raw.timings.warm_median_ms];
  await writeTextAtomic(
    join(dir, 'aggregated', 'per-task.csv'),
    toCsv(
      ['system', 'task', 'repo', 'tier', 'status', 'returned', ...columns, 'index_ms', 'cold_ms', 'warm_ms', 'source', 'match'],
      scored.map((s) => [s.raw.system, s.raw.task, s.raw.repo, s.raw.tier, s.raw.status, s.raw.symbols.length, ...columns.map(
        (c) => metricValues(s.score)[c]), ...timing(s), s.raw.source, info.match]),
    ),
  );

  // The granularities: every answer placed in the code at its revision (needs the repositories).
  const granularities = await runGranularities(scored, fixtures, inputs.repos, inputs.modules, signal);
  await writeTextAtomic(join(dir, 'aggregated', 'granularity.csv'), granularityCsv(granularities, info.match));
  await writeTextAtomic(join(dir, 'aggregated', 'granularity-per-task.csv'), granularityPerTaskCsv(granularities, info.match));
  await writeJson(join(dir, 'analysis', 'granularity.json'), granularityJson(granularities, info.match));

  // Significance: every pair of systems, over the tasks every system was scored on; overall, then per tier.
  await pause(signal);
  const effectSize = info.effect_size ?? DEFAULT_EFFECT_SIZE;
  const significance = significanceOf(scored, info.seed, effectSize);
  const tiers = [...new Set(scored.map((x) => x.raw.tier).filter((t): t is string => t !== undefined))].sort();
  const significanceByTier = Object.fromEntries(tiers.map((t) => [t, significanceOf(scored.filter((x) => x.raw.tier === t), info.seed, effectSize)]));
  await writeJson(join(dir, 'analysis', 'significance-tests.json'), {
    seed: info.seed,
    match: info.match,
    effect_size: effectSize,
    rule: significanceRule(effectSize),
    wilcoxon: `two-sided; exact permutation distribution (ties as average ranks, zeros dropped) up to ${EXACT_MAX_N} non-zero differences, `
      + `normal approximation with tie and continuity corrections above`,
    metrics: significance,
    per_tier: significanceByTier,
  });

  // Failure analysis.
  const misses = applyTriage(await failureAnalysis(dir, scored, fixtures, inputs, info.scale_failure_lines ?? SEED_SCALE_LINES), await readTriage(dir));
  await writeTextAtomic(join(dir, 'analysis', 'failure-analysis.md'), failureReport(misses, info));
  await writeJson(join(dir, 'analysis', 'misses.json'), misses);

  // Dispute sensitivity: the same answers against the ground truth with every contested item in, then out.
  await pause(signal);
  const sensitivity = disputeSensitivity(raws, fixtures, info, inputs.modules);
  await writeJson(join(dir, 'analysis', 'dispute-sensitivity.json'), {
    scenarios: ['settled', 'included', 'excluded'],
    contested: sensitivity.contested,
    open: sensitivity.open,
    means: Object.fromEntries(sensitivity.means),
    flips: sensitivity.flips,
    tasks: sensitivity.tasks,
  });

  const sweep = inputs.sweep && inputs.sweep.length > 1 ? await budgetRecall(inputs.sweep, fixtures, info, inputs.modules, signal) : undefined;
  await pause(signal);
  // The charts are drawn from the scores alone; one that fails to draw costs the run only its charts.
  const charts = await writeRunCharts(dir, scored, significance).catch((e: Error) => e);
  const findings = findingsMarkdown({
    info,
    summaries,
    significance,
    significanceByTier,
    misses,
    sweep,
    timing: timeToContext(scored),
    failedAnswers: scored.filter((s) => s.raw.status !== 'ok').length,
    health: systemHealth(raws),
    ...(inputs.inputWarnings?.length ? { inputWarnings: inputs.inputWarnings } : {}),
    sensitivity,
    judged: {
      k: MISS_CUTOFF,
      rows: judgedAtK(raws, fixtures, inputs.modules, MISS_CUTOFF),
      ties: raws.map((r) => tieAcrossCut(r, MISS_CUTOFF)).filter((t): t is CutTie => t !== undefined),
    },
    granularities,
  });
  await writeTextAtomic(join(dir, 'FINDINGS.md'), findings + chartsSection(charts));
  return { scored, misses };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each compared metric's matrix over the tasks every system of `scored` answered. */
function significanceOf(scored: readonly ScoredResult[], seed: number, effectSize: EffectSize): Record<string, SignificanceMatrix> {
  const out: Record<string, SignificanceMatrix> = {};
  const systemNames = [...new Set(scored.map((x) => x.raw.system))].sort();
  for (const metric of COMPARED_METRICS) {
    const value = new Map(scored.map((x) => [`${x.raw.system}\0${x.raw.task}`, metricValues(x.score)[metric]]));
    const tasks = [...new Set(scored.map((x) => x.raw.task))].sort().filter((t) => systemNames.every((sys) => typeof value.get(`${sys}\0${t}`) === 'number'));
    out[metric] = significanceMatrix(new Map(systemNames.map((sys) => [sys, tasks.map((t) => value.get(`${sys}\0${t}`) as number)])), { seed, effectSize });
  }
  return out;
}

/** Table 4's figures: each budget's R@10 per system, budgets ascending. */
async function budgetRecall(sweep: NonNullable<AnalysisInputs['sweep']>, fixtures: Map<string, Fixture>, info: RunInfo,
  modules: AnalysisInputs['modules'], signal?: AbortSignal): Promise<BudgetRecall[]> {
  const out: BudgetRecall[] = [];
  for (const { budget, raw } of [...sweep].sort((a, b) => a.budget - b.budget)) {
    const bySystem = new Map<string, number[]>();
    const consumed = new Map<string, { most: number; over: number; n: number }>();
    for (const r of raw) {
      await pause(signal);
      if (r.status === 'ok') {
        const c = consumed.get(r.system) ?? { most: 0, over: 0, n: 0 };
        consumed.set(r.system, { most: Math.max(c.most, r.tokens), over: c.over + (overBudget(r) ? 1 : 0), n: c.n + 1 });
      }
      const fixture = fixtures.get(r.task);
      if (!fixture) continue;
      const recall = scoreResult(r, fixture, info, modules.get(r.task)).score.recall[10];
      if (recall === null || recall === undefined) continue;
      listAt(bySystem, r.system).push(recall);
    }
    out.push({ budget, recall: new Map([...bySystem].map(([system, xs]) => [system, { mean: mean(xs), sd: standardDeviation(xs), n: xs.length }])), consumed });
  }
  return out;
}

/** Time to context per system (docs/scoring.md#metrics): medians over the answers that carry timings. */
export function timeToContext(scored: readonly ScoredResult[]): TimeToContext[] {
  const systems = [...new Set(scored.map((s) => s.raw.system))].sort();
  return systems.map((system) => {
    const timed = scored.filter((s) => s.raw.system === system && s.raw.status === 'ok');
    const defined = (xs: (number | undefined)[]) => xs.filter((v): v is number => v !== undefined);
    // Indexing happens once per revision: each revision's time counts once.
    const perRevision = new Map(timed.filter((s) => s.raw.timings.index_ms !== undefined).map((s) => [`${s.raw.repo}@${s.raw.rev}`, s.raw.timings.index_ms!]));
    return {
      system,
      n: timed.length,
      indexMs: median([...perRevision.values()]),
      coldMs: median(defined(timed.map((s) => s.raw.timings.cold_ms))),
      warmMs: median(defined(timed.map((s) => s.raw.timings.warm_median_ms))),
    };
  });
}

/**
 * Lines of each repository revision a system timed out on (what makes a timeout a scale
 * failure), counted once per run and kept in analysis/repository-lines.json, so re-analysis
 * never counts again. A revision whose repository is not here stays unknown.
 */
async function repositorySizes(dir: string, scored: readonly ScoredResult[], repos: Map<string, Repository>): Promise<Map<string, number>> {
  const file = join(dir, 'analysis', 'repository-lines.json');
  const known = new Map<string, number>();
  if (existsSync(file)) {
    try {
      const read = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
      if (read && typeof read === 'object' && !Array.isArray(read)) for (const [k, v] of Object.entries(read)) if (typeof v === 'number') known.set(k, v);
    } catch {
      // A damaged cache is counted again.
    }
  }
  let counted = false;
  for (const s of scored) {
    if (s.raw.status !== 'timeout') continue;
    const key = `${s.raw.repo}@${s.raw.rev}`;
    const repo = repos.get(s.raw.repo);
    if (known.has(key) || !repo) continue;
    const lines = await repositoryLines(repo.root, s.raw.rev).catch(() => undefined);
    if (lines === undefined) continue;
    known.set(key, lines);
    counted = true;
  }
  if (counted) await writeJson(file, Object.fromEntries([...known].sort(([a], [b]) => compare(a, b))));
  return known;
}

async function failureAnalysis(
  dir: string, scored: ScoredResult[], fixtures: Map<string, Fixture>, inputs: AnalysisInputs, scaleFailureLines: number): Promise<Miss[]> {
  const sizes = await repositorySizes(dir, scored, inputs.repos);
  const graphs = new Map<string, Promise<ReferenceGraph | undefined>>();
  const graphFor = (raw: RawResult) => {
    const key = `${raw.repo}@${raw.rev}`;
    if (!graphs.has(key)) {
      const repo = inputs.repos.get(raw.repo);
      // Without the repository (a replayed run elsewhere) there is no hop evidence, only the rest.
      graphs.set(key, repo ? ReferenceGraph.build(repo, raw.rev).catch(() => undefined) : Promise.resolve(undefined));
    }
    return graphs.get(key)!;
  };
  const out: Miss[] = [];
  for (const s of scored) {
    await pause(inputs.signal);
    const graph = await graphFor(s.raw);
    const fixture = fixtures.get(s.raw.task)!;
    for (const m of missesOf({
      raw: s.raw,
      match: s.match,
      task: fixture.task ?? '',
      cutoff: MISS_CUTOFF,
      languages: inputs.systemLanguages.get(s.raw.system),
      hops: graph,
      symbolLanguage: (symbol) => graph?.languages.get(symbol),
      repositoryLines: sizes.get(`${s.raw.repo}@${s.raw.rev}`),
      scaleFailureLines,
    })) out.push(m);
  }
  return out;
}

export function failureReport(misses: Miss[], info: RunInfo): string {
  const out = ['# Failure analysis', '',
    // No time in it: a merged sharded run writes this file byte for byte as one run would (docs/scaling.md).
    `Generated from this run's raw answers (matching: ${reportText(info.match)}, K = ${MISS_CUTOFF}). A person's category `
      + `(triage) counts over the suggestion.`, ''];
  const systems = [...new Set(misses.map((m) => m.system))].sort();
  if (systems.length === 0) out.push('No misses: every system returned every ground-truth symbol in its top 10.', '');
  for (const system of systems) {
    const mine = misses.filter((m) => m.system === system);
    out.push(`## ${reportText(system)}`, '', `${mine.length} missed ground-truth symbols. Top modes:`, '');
    for (const { category, count } of topModes(mine)) out.push(`1. ${category}: ${count}`);
    out.push('', '| Category | Count |', '|---|---|');
    for (const c of FAILURE_CATEGORIES) {
      const n = mine.filter((m) => (m.category ?? m.suggested) === c).length;
      if (n > 0) out.push(`| ${c} | ${n} |`);
    }
    out.push('', '| Task | Symbol | Category | Evidence |', '|---|---|---|---|');
    for (const m of mine) {
      const category = m.category ? `${m.category} (set${m.confirmed ? ', confirmed' : ''}; suggested ${m.suggested})` : m.confirmed
        ? `${m.suggested} (confirmed)` : m.suggested;
      out.push(`| ${reportText(m.task)} | ${reportCode(m.symbol, { cell: true })} | ${reportText(category)} | ${reportText(m.evidence)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
