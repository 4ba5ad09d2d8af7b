// Everything a run's raw answers become (§8): scores per task, aggregated/{overall,per-tier,
// per-repo,per-task}.csv, analysis/significance-tests.json, analysis/failure-analysis.md and
// FINDINGS.md. Computed from the raw files alone, so a finished run can be re-analyzed (a new
// matching rule, a person's triage) without running any system again. Names, symbols and error
// text in the Markdown files come from fixtures and systems: reportText/reportCode keep them text.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { chartsSection, writeRunCharts } from '../charts/runCharts';
import type { Fixture } from '../fixtures/model';
import type { Repository } from '../git/repository';
import { writeTextAtomic } from '../io/files';
import { fmt } from '../../shared/figures';
import { matchRanking } from '../scoring/match';
import { metricValues, ScoredTask, scoreMatch, summarize } from '../scoring/metrics';
import { ALPHA, DEFAULT_EFFECT_SIZE, EffectSize, EXACT_MAX_N, MIN_EFFECT, significanceMatrix, SignificanceMatrix } from '../scoring/significance';
import { ReferenceGraph } from '../symbols/referenceGraph';
import { reportCode, reportText } from '../untrusted/reportMarkdown';
import { FAILURE_CATEGORIES, Miss, missesOf, topModes } from './failures';
import { RawResult, RunInfo, toCsv, writeJson } from './results';
import { scoreResult, type ScoredResult } from './scored';
import { applyTriage, readTriage } from './triage';

export { scoreResult, type ScoredResult };

/** The metrics the significance matrix compares, and the tables show. */
export const COMPARED_METRICS = ['P@10', 'R@10', 'NDCG@10', 'MRR'] as const;
const TABLE1 = ['P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'MRR', 'token_efficiency'];

export interface AnalysisInputs {
  modules: Map<string, string | undefined>;
  systemLanguages: Map<string, string[]>;
  sweep?: { budget: number; raw: RawResult[] }[];
  /** Open repositories by name, for the hop evidence of depth misses. */
  repos: Map<string, Repository>;
}

/** A ground-truth symbol not in a system's top 10 is a miss (§8.3's K). */
export const MISS_CUTOFF = 10;

export async function analyzeRun(dir: string, info: RunInfo, raws: RawResult[], fixtures: Map<string, Fixture>, inputs: AnalysisInputs): Promise<ScoredResult[]> {
  const scored = raws.map((r) => scoreResult(r, fixtures.get(r.task)!, info, inputs.modules.get(r.task)));
  const rows: ScoredTask[] = scored.map((s) => ({ system: s.raw.system, task: s.raw.task, tier: s.raw.tier, repo: s.raw.repo, score: s.score }));
  const summaries = summarize(rows);
  const columns = Object.keys(metricValues(scored[0]?.score ?? scoreMatch(matchRanking([], []), { ks: info.ks })));

  await fs.mkdir(join(dir, 'aggregated'), { recursive: true });
  await fs.mkdir(join(dir, 'analysis'), { recursive: true });
  // Every table says which matching rule produced it: the CSVs in a `match` column.
  const groupCsv = (groupName: string | undefined, groups: typeof summaries.overall) =>
    toCsv(['system', ...(groupName ? [groupName] : []), 'n', ...columns, 'match'], groups.map((g) => [g.system, ...(groupName ? [g.group] : []), g.n, ...columns.map((c) => g.mean[c]), info.match]));
  await writeTextAtomic(join(dir, 'aggregated', 'overall.csv'), groupCsv(undefined, summaries.overall));
  await writeTextAtomic(join(dir, 'aggregated', 'per-tier.csv'), groupCsv('tier', summaries.perTier));
  await writeTextAtomic(join(dir, 'aggregated', 'per-repo.csv'), groupCsv('repo', summaries.perRepo));
  const timing = (s: ScoredResult) => [s.raw.timings.index_ms, s.raw.timings.cold_ms, s.raw.timings.warm_median_ms];
  await writeTextAtomic(
    join(dir, 'aggregated', 'per-task.csv'),
    toCsv(
      ['system', 'task', 'repo', 'tier', 'status', 'returned', ...columns, 'index_ms', 'cold_ms', 'warm_ms', 'source', 'match'],
      scored.map((s) => [s.raw.system, s.raw.task, s.raw.repo, s.raw.tier, s.raw.status, s.raw.symbols.length, ...columns.map((c) => metricValues(s.score)[c]), ...timing(s), s.raw.source, info.match]),
    ),
  );

  // Significance: every pair of systems, over the tasks every system was scored on.
  const effectSize = info.effect_size ?? DEFAULT_EFFECT_SIZE;
  const significance: Record<string, SignificanceMatrix> = {};
  const systemNames = [...new Set(scored.map((x) => x.raw.system))].sort();
  for (const metric of COMPARED_METRICS) {
    const value = new Map(scored.map((x) => [`${x.raw.system}\0${x.raw.task}`, metricValues(x.score)[metric]]));
    const tasks = [...new Set(scored.map((x) => x.raw.task))].sort().filter((t) => systemNames.every((sys) => typeof value.get(`${sys}\0${t}`) === 'number'));
    significance[metric] = significanceMatrix(new Map(systemNames.map((sys) => [sys, tasks.map((t) => value.get(`${sys}\0${t}`) as number)])), { seed: info.seed, effectSize });
  }
  await writeJson(join(dir, 'analysis', 'significance-tests.json'), {
    seed: info.seed,
    match: info.match,
    effect_size: effectSize,
    rule: significanceRule(effectSize),
    wilcoxon: `two-sided; exact permutation distribution (ties as average ranks, zeros dropped) up to ${EXACT_MAX_N} non-zero differences, normal approximation with tie and continuity corrections above`,
    metrics: significance,
  });

  // Failure analysis.
  const misses = applyTriage(await failureAnalysis(scored, fixtures, inputs), await readTriage(dir));
  await writeTextAtomic(join(dir, 'analysis', 'failure-analysis.md'), failureReport(misses, info));
  await writeJson(join(dir, 'analysis', 'misses.json'), misses);

  // The charts are drawn from the scores alone; one that fails to draw costs the run only its charts.
  const charts = await writeRunCharts(dir, scored, significance).catch((e: Error) => e);
  await writeTextAtomic(join(dir, 'FINDINGS.md'), findings(info, summaries, significance, misses, inputs.sweep, fixtures) + chartsSection(charts));
  return scored;
}

async function failureAnalysis(scored: ScoredResult[], fixtures: Map<string, Fixture>, inputs: AnalysisInputs): Promise<Miss[]> {
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
    })) out.push(m);
  }
  return out;
}

export function failureReport(misses: Miss[], info: RunInfo): string {
  const out = ['# Failure analysis', '', `Generated from run ${reportText(info.started_at)} (matching: ${reportText(info.match)}, K = ${MISS_CUTOFF}). A person's category (triage) counts over the suggestion.`, ''];
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
      const category = m.category ? `${m.category} (set${m.confirmed ? ', confirmed' : ''}; suggested ${m.suggested})` : m.confirmed ? `${m.suggested} (confirmed)` : m.suggested;
      out.push(`| ${reportText(m.task)} | ${reportCode(m.symbol, { cell: true })} | ${reportText(category)} | ${reportText(m.evidence)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

function findings(
  info: RunInfo,
  summaries: ReturnType<typeof summarize>,
  significance: Record<string, SignificanceMatrix>,
  misses: Miss[],
  sweep: AnalysisInputs['sweep'],
  fixtures: Map<string, Fixture>,
): string {
  const rule = `matching ${reportCode(info.match)}`;
  const effectSize = info.effect_size ?? DEFAULT_EFFECT_SIZE;
  const out = [
    '# Findings',
    '',
    `Generated by \`fixture-lab run\` from this run's raw results; do not edit by hand. Corpus ${reportCode(info.corpus)}${info.corpus_commit ? ` at ${reportText(info.corpus_commit.slice(0, 12))}` : ''}, ${info.tasks.length} tasks, budget ${info.budgets[0]} tokens, ${rule}, seed ${reportText(String(info.seed))}.`,
    ...(info.match === 'seed' ? ['', SEED_RULE_WARNING] : []),
    '',
    `## Table 1: overall (${rule})`,
    '',
    `| System | n | ${TABLE1.join(' | ')} |`,
    `|---|---|${TABLE1.map(() => '---').join('|')}|`,
    ...summaries.overall.map((g) => `| ${reportText(g.system)} | ${g.n} | ${TABLE1.map((c) => fmt(g.mean[c])).join(' | ')} |`),
    '',
    `## Table 2: per tier, P@10 / R@10 (${rule})`,
    '',
  ];
  const tiers = [...new Set(summaries.perTier.map((g) => g.group))].sort((a, b) => ['easy', 'medium', 'hard'].indexOf(a) - ['easy', 'medium', 'hard'].indexOf(b));
  const systems = summaries.overall.map((g) => g.system);
  out.push(`| System | ${tiers.map((t) => `${reportText(t)} P@10 | ${reportText(t)} R@10`).join(' | ')} |`, `|---|${tiers.map(() => '---|---').join('|')}|`);
  for (const s of systems) {
    out.push(`| ${reportText(s)} | ${tiers.map((t) => {
      const g = summaries.perTier.find((x) => x.system === s && x.group === t);
      return `${fmt(g?.mean['P@10'])} | ${fmt(g?.mean['R@10'])}`;
    }).join(' | ')} |`);
  }
  out.push('', `## Table 3: per repo, P@10 / R@10 (${rule})`, '', '| System | Repo | n | P@10 | R@10 |', '|---|---|---|---|---|');
  for (const g of summaries.perRepo) out.push(`| ${reportText(g.system)} | ${reportText(g.group)} | ${g.n} | ${fmt(g.mean['P@10'])} | ${fmt(g.mean['R@10'])} |`);
  if (sweep && sweep.length > 1) {
    out.push('', `## Table 4: least budget reaching R@10 >= 0.5 (${rule})`, '', '| System | Budget |', '|---|---|');
    for (const s of systems) {
      const reached = sweep
        .map(({ budget, raw }) => {
          const rows = raw.filter((r) => r.system === s && fixtures.has(r.task)).map((r) => scoreResult(r, fixtures.get(r.task)!, info).score.recall[10]);
          const values = rows.filter((v): v is number => v !== null);
          return { budget, recall: values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0 };
        })
        .filter((x) => x.recall >= 0.5)
        .sort((a, b) => a.budget - b.budget)[0];
      out.push(`| ${reportText(s)} | ${reached ? reached.budget : `not reached (tried ${sweep.map((x) => x.budget).join(', ')})`} |`);
    }
  }
  out.push('', `## Significance (P@10, ${rule})`, '', significanceRuleText(effectSize), '');
  const pairs = significance['P@10']?.pairs ?? [];
  if (pairs.length === 0) out.push('One system only: nothing to compare.');
  for (const p of pairs) {
    const verdict = p.significant ? `**significant**: ${reportText(p.better ?? '')} is better` : `not significant (${significanceRule(effectSize)})`;
    out.push(`- ${reportText(p.a)} vs ${reportText(p.b)} over ${p.n} tasks: mean difference ${fmt(p.meanDiff)}, 95% CI ${p.ci ? `[${fmt(p.ci[0])}, ${fmt(p.ci[1])}]` : 'n/a'}, p = ${fmt(p.wilcoxon.p)} (${p.wilcoxon.method}), d_z = ${fmt(p.cohens_d_z)}, d_av = ${fmt(p.cohens_d_av)}: ${verdict}`);
  }
  out.push('', '## Failure modes (top 3 per system)', '');
  for (const s of systems) {
    const modes = topModes(misses.filter((m) => m.system === s));
    out.push(`- ${reportText(s)}: ${modes.length ? modes.map((m) => `${m.category} (${m.count})`).join(', ') : 'no misses'}`);
  }
  out.push('', 'Details: `analysis/failure-analysis.md`, `analysis/significance-tests.json`, `aggregated/*.csv`.', '');
  return out.join('\n');
}

/** FINDINGS.md's line under a run matched with `seed`. */
export const SEED_RULE_WARNING =
  '**Warning:** matching `seed` is §5.4 to the letter (one normalized name a substring of the other), for comparison only: it credits prefixes, directories, files and parts of words (`shop` for `shop/cart.Cart.total`, `Node` for `store.NodesByName`). The default rule is `symbol` (docs/scoring.md).';

/** The significance rule in a few words, naming the d it uses. */
export function significanceRule(effectSize: EffectSize): string {
  return `significant when p < ${ALPHA} and |${effectSize}| > ${MIN_EFFECT}`;
}

function significanceRuleText(effectSize: EffectSize): string {
  const which = effectSize === 'd_z' ? 'd_z, the mean difference over the SD of the per-task differences' : "d_av, the mean difference over the mean of the two systems' SDs";
  return `A difference is claimed only when p < ${ALPHA} (two-sided paired Wilcoxon signed-rank, exact up to ${EXACT_MAX_N} non-zero differences) and |${effectSize}| > ${MIN_EFFECT}, Cohen's ${which}; both d_z and d_av are in \`analysis/significance-tests.json\` (docs/scoring.md says why d_z is the default).`;
}
