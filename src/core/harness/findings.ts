// FINDINGS.md (the run's generated summary, docs/scoring.md#findingsmd), laid out as the seed asks: Tables 1-3 as mean ±
// SD, Table 4 over the budget sweep (2,000, 5,000 and 10,000 tokens), time to context per system,
// significance for the four headline metrics overall and per tier, the top failure modes, the
// fixtures not scored, and one line for each way
// this run departs from the methodology. Every table names the matching rule that produced it.
// Pure text from numbers analysis.ts computed; names and reasons from fixtures and systems go
// through reportText/reportCode, so they stay text.
import { TIERS } from '../fixtures/model';
import { fmt, plural } from '../../shared/figures';
import type { GroupSummary, Summaries } from '../scoring/metrics';
import { ALPHA, BOOTSTRAP_RESAMPLES, DEFAULT_EFFECT_SIZE, EffectSize, EXACT_MAX_N, FEWEST_TESTABLE_TASKS, MIN_EFFECT, PairComparison,
  SignificanceMatrix, smallestReachableP } from '../scoring/significance';
import { reportCode, reportText } from '../untrusted/reportMarkdown';
import { Miss, topModes } from './failures';
import { INVALID_REASON, RunInfo } from './results';
import { Sensitivity, sensitivityMarkdown } from './sensitivity';
import { CutTie, JudgedAt, judgedMarkdown, tiesMarkdown } from './pooling';
import type { RunGranularities } from './granularities';
import { healthWarnings, mostlyFailed, mostlyNothing, resolvedShare, SystemHealth } from './answerHealth';

/** Table 1's columns (docs/scoring.md#findingsmd), as metric names of metricValues. */
export const TABLE1 = ['P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'NDCG@10_graded', 'MRR', 'token_efficiency'] as const;
/** What the tables say under the NDCG columns: which is which, and which one trec_eval reproduces. */
export const NDCG_NOTE = 'NDCG@10 (binary): every credited item gains 1; NDCG@10 (graded): HIGH gains 2, MEDIUM 1, and equals trec_eval\'s '
  + '`ndcg_cut.10` on `fixture-lab export-trec`\'s files (docs/scoring.md#metrics).';
/** The seed's budgets (docs/scoring.md#scoring): Table 4 is measured at these unless a run says otherwise. */
export const SEED_BUDGETS: readonly number[] = [2000, 5000, 10000];
/** A scale failure's "large repos (>1M LOC)" (docs/scoring.md#a-run-on-disk). */
export const SEED_SCALE_LINES = 1_000_000;
/** Table 4's bar (docs/scoring.md#findingsmd): the least budget whose mean R@10 reaches it. */
export const TABLE4_RECALL = 0.5;

export interface TimeToContext {
  system: string;
  /** Answers with timings (failed ones have none). */
  n: number;
  /** Median over the repository revisions indexed, ms. */
  indexMs: number | null;
  coldMs: number | null;
  /** Median of the per-task medians of the warm queries, ms. */
  warmMs: number | null;
}

export interface BudgetRecall {
  budget: number;
  /** Per system, the mean and SD of R@10 over its tasks at this budget. */
  recall: Map<string, { mean: number | null; sd: number | null; n: number }>;
  /** Per system, the most tokens one of its answers at this budget took, and how many answers went over the budget. */
  consumed?: Map<string, { most: number; over: number; n: number }>;
}

/**
 * The budget Table 4 credits a system with at one budget of the sweep: the budget itself when every
 * answer kept to it, else the most tokens one answer took (the budget a system without a budget
 * control actually needed, docs/methodology.md#token-budgets).
 */
export function creditedBudget(b: BudgetRecall, system: string): { tokens: number; over: boolean } {
  const c = b.consumed?.get(system);
  return c && c.over > 0 ? { tokens: Math.max(b.budget, c.most), over: true } : { tokens: b.budget, over: false };
}

export interface FindingsInput {
  info: RunInfo;
  summaries: Summaries;
  /** By metric: every task every system answered, then each tier's. */
  significance: Record<string, SignificanceMatrix>;
  significanceByTier: Record<string, Record<string, SignificanceMatrix>>;
  misses: Miss[];
  /** One entry per budget of the run (the primary included), ascending; absent without a sweep. */
  sweep?: BudgetRecall[];
  timing: TimeToContext[];
  /** The answers that reached the tables: failed ones score as empty lists. */
  failedAnswers: number;
  /** Each system's answers at the primary budget: empty, unmapped, over budget, warned about (answerHealth.ts). */
  health?: SystemHealth[];
  /** The headline metrics as settled, with every contested item included and excluded (sensitivity.ts). */
  sensitivity?: Sensitivity;
  /** Judged@K per system (pooling.ts), K the failure analysis's cut, and the answers whose scores tie across it. */
  judged?: { k: number; rows: JudgedAt[]; ties?: CutTie[] };
  /** Coverage, precision and F1 at the symbol, file and span granularities (granularities.ts). */
  granularities?: RunGranularities;
  /** What makes some scores suspect (a stale ground-truth label, an answer to a fixture as it was, left out), one line each: said above the tables. */
  inputWarnings?: string[];
}

/** FINDINGS.md's line under a run matched with `seed`. */
export const SEED_RULE_WARNING =
  '**Warning:** matching `seed` is the methodology\'s rule to the letter (docs/methodology.md#matching: one normalized name a substring of '
    + 'the other), for comparison only: it credits prefixes, directories, files and parts of words (`shop` for `shop/cart.Cart.total`, '
    + '`Node` for `store.NodesByName`). The default rule is `symbol` (docs/scoring.md).';

/** The significance rule in a few words, naming the d it uses. */
export function significanceRule(effectSize: EffectSize): string {
  return `significant when p < ${ALPHA} and |${effectSize}| > ${MIN_EFFECT}`;
}

function significanceRuleText(effectSize: EffectSize): string {
  const which = effectSize === 'd_z' ? 'd_z, the mean difference over the SD of the per-task differences'
    : "d_av, the mean difference over the mean of the two systems' SDs";
  return `A difference is claimed only when p < ${ALPHA} (two-sided paired Wilcoxon signed-rank, exact up to ${EXACT_MAX_N} non-zero `
    + `differences) and |${effectSize}| > ${MIN_EFFECT}, Cohen's ${which}; both d_z and d_av are in \`analysis/significance-tests.json\` `
      + `(docs/scoring.md says why d_z is the default).`;
}

const DIGITS: Record<string, number> = { token_efficiency: 5 };

/** `0.300 ± 0.120`; the mean alone when there is no SD (one task). */
function meanSd(g: Pick<GroupSummary, 'mean' | 'sd'> | undefined, metric: string): string {
  const digits = DIGITS[metric] ?? 3;
  const m = g?.mean[metric];
  const sd = g?.sd[metric];
  return m === null || m === undefined ? 'n/a' : sd === null || sd === undefined ? fmt(m, digits) : `${fmt(m, digits)} ± ${fmt(sd, digits)}`;
}

const HEADINGS: Record<string, string> = { token_efficiency: 'TokenEff', 'NDCG@10': 'NDCG@10 (binary)', 'NDCG@10_graded': 'NDCG@10 (graded)' };
const heading = (metric: string) => HEADINGS[metric] ?? metric;
const seconds = (ms: number | null) => (ms === null ? fmt(ms) : `${fmt(ms / 1000)} s`);
const tierOrder = (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);
const rank = (tier: string) => ((TIERS as readonly string[]).includes(tier) ? (TIERS as readonly string[]).indexOf(tier) : TIERS.length);

export function findingsMarkdown(f: FindingsInput): string {
  const { info, summaries } = f;
  const systems = summaries.overall.map((g) => g.system);
  const budgets = f.sweep?.map((b) => b.budget) ?? [info.budgets[0]];
  const rule = `matching ${reportCode(info.match)}`;
  const effectSize = info.effect_size ?? DEFAULT_EFFECT_SIZE;
  const degraded = new Set((f.health ?? []).filter(mostlyNothing).map((h) => h.system));
  const failing = new Set((f.health ?? []).filter(mostlyFailed).map((h) => h.system));
  const out = [
    '# Findings',
    '',
    `Generated by \`fixture-lab run\` from this run's raw results; do not edit by hand. Corpus ${reportCode(info.corpus)}`
      + `${info.corpus_commit ? ` at ${reportText(info.corpus_commit.slice(0, 12))}` : ''}, `
      + `${plural(info.tasks.length, 'task')}, ${plural(systems.length, 'system')}, `
      + `budget ${info.budgets[0]} tokens, ${rule}, seed ${reportText(String(info.seed))}.`,
    ...(info.match === 'seed' ? ['', SEED_RULE_WARNING] : []),
    ...(f.inputWarnings?.length ? ['', '## Warnings', '', 'What the scores below rest on, or leave out, that may make them wrong:', '',
      ...f.inputWarnings.map((w) => `- **Warning:** ${reportText(w)}`)] : []),
    '',
    'Values are the mean ± the sample standard deviation over tasks (docs/methodology.md#mean-spread-and-significance); a failed or timed-out '
      + 'answer scores as an empty list'
      + `${f.failedAnswers ? ` (${f.failedAnswers} here)` : ''}.`,
    '',
    `## Table 1: overall (${rule})`,
    '',
    `| System | n | ${TABLE1.map(heading).join(' | ')} |`,
    `|---|---|${TABLE1.map(() => '---').join('|')}|`,
    ...summaries.overall.map((g) =>
      `| ${reportText(g.system)}${degraded.has(g.system) ? ' ‡' : ''}${failing.has(g.system) ? ' ¶' : ''}`
        + ` | ${g.n} | ${TABLE1.map((c) => meanSd(g, c)).join(' | ')} |`),
    '',
    // In the row itself, where the zero is read: System health says why, further down.
    ...(degraded.size ? [`‡ Most of this system's answers were empty or named nothing at the revision: its scores are not a measure of its `
      + 'retrieval (System health, below, says what it returned and what it warned).', ''] : []),
    ...(failing.size ? ['¶ Most of this system\'s answers failed or timed out and score as empty lists: its scores are not a measure of its '
      + 'retrieval (System health, below, gives the first error; its raw answers say each).', ''] : []),
    NDCG_NOTE,
    '',
    ...(f.health ? [...healthMarkdown(f.health, info.budgets[0]), ''] : []),
    `## Table 2: per tier, P@10 / R@10 / NDCG@10 binary and graded (${rule})`,
    '',
  ];
  const tiers = [...new Set(summaries.perTier.map((g) => g.group))].sort(tierOrder);
  if (tiers.length === 0) out.push('No task has a tier.');
  else {
    const counts = tiers.map((t) => `${reportText(t)} ${Math.max(0, ...summaries.perTier.filter((g) => g.group === t).map((g) => g.n))}`);
    out.push(`Tasks per tier: ${counts.join(', ')}.`, '');
    const perTier = ['P@10', 'R@10', 'NDCG@10', 'NDCG@10_graded'];
    out.push(`| System | ${tiers.map((t) => perTier.map((m) => `${reportText(t)} ${heading(m)}`).join(' | ')).join(' | ')} |`,
      `|---|${tiers.map(() => perTier.map(() => '---').join('|')).join('|')}|`);
    for (const s of systems) {
      out.push(`| ${reportText(s)} | ${tiers.map((t) => {
        const g = summaries.perTier.find((x) => x.system === s && x.group === t);
        return perTier.map((m) => meanSd(g, m)).join(' | ');
      }).join(' | ')} |`);
    }
    out.push('', NDCG_NOTE);
  }
  out.push('', `## Table 3: per repo (${rule})`, '', '| System | Repo | n | P@10 | R@10 | NDCG@10 (binary) | NDCG@10 (graded) | MRR |',
    '|---|---|---|---|---|---|---|---|');
  for (const g of summaries.perRepo) out.push(
    `| ${reportText(g.system)} | ${reportText(g.group)} | ${g.n} | ${meanSd(g, 'P@10')} | ${meanSd(g, 'R@10')} | ${meanSd(g, 'NDCG@10')} | `
      + `${meanSd(g, 'NDCG@10_graded')} | `
      + `${meanSd(g, 'MRR')} |`);

  out.push('', `## Table 4: token efficiency at fixed recall (${rule})`, '');
  if (!f.sweep || f.sweep.length < 2) {
    out.push(`Not measured: this run used one budget (${info.budgets[0]} tokens). \`fixture-lab run\` measures ${SEED_BUDGETS.join(', ')} by `
      + `default (\`--budget 5000,2000,10000\`).`);
  } else {
    out.push(`The least token budget at which a system's mean R@10 reaches ${TABLE4_RECALL} (docs/methodology.md#headline-comparisons-and-table-4); `
      + 'lower is better. R@10 at each budget:', '');
    out.push(`| System | ${f.sweep.map((b) => `R@10 at ${b.budget}`).join(' | ')} | Least budget |`, `|---|${f.sweep.map(() => '---').join('|')}|---|`);
    const marked: string[] = [];
    for (const s of systems) {
      const at = f.sweep.map((b) => b.recall.get(s));
      // A budget an answer exceeded is credited as the tokens taken (creditedBudget): the least is over what was consumed.
      const reached = f.sweep.filter((b) => (b.recall.get(s)?.mean ?? 0) >= TABLE4_RECALL).map((b) => ({ b, credit: creditedBudget(b, s) }))
        .sort((x, y) => x.credit.tokens - y.credit.tokens || x.b.budget - y.b.budget)[0];
      const shown = at.map((r, i) => {
        const cell = r?.mean === null || r?.mean === undefined ? 'n/a' : r.sd === null ? fmt(r.mean) : `${fmt(r.mean)} ± ${fmt(r.sd)}`;
        const c = f.sweep![i].consumed?.get(s);
        return c && c.over > 0 ? `${cell} (over: ${c.over}/${c.n}, up to ${c.most})` : cell;
      });
      const over = f.sweep.some((b) => (b.consumed?.get(s)?.over ?? 0) > 0);
      if (over) marked.push(s);
      const least = reached ? (reached.credit.over ? `${reached.credit.tokens} consumed (budget ${reached.b.budget} exceeded)` : `${reached.b.budget}`)
        : `not reached (tried ${budgets.join(', ')})`;
      out.push(`| ${reportText(s)}${over ? ' †' : ''} | ${shown.join(' | ')} | ${least} |`);
    }
    if (marked.length > 0) out.push('', `† Over budget: ${marked.map((s) => reportText(s)).join(', ')} returned more tokens than the budget asked for (over: `
      + 'answers over the budget / answers, and the most tokens one took). Table 4 never credits a budget an answer exceeded: it gives the tokens '
      + 'actually consumed, the most one answer took at that budget (docs/methodology.md#token-budgets).');
  }

  if (f.granularities) out.push('', ...granularityMarkdown(f.granularities, rule));

  out.push('', '## Time to context', '',
    'Medians over the answers with timings (docs/methodology.md#time-to-context): indexing once per repository revision, the first (cold) '
      + 'query, and the median of three warm queries per task.', '');
  out.push('| System | n | Index | Cold query | Warm query |', '|---|---|---|---|---|');
  for (const s of systems) {
    const t = f.timing.find((x) => x.system === s);
    out.push(`| ${reportText(s)} | ${t?.n ?? 0} | ${seconds(t?.indexMs ?? null)} | ${seconds(t?.coldMs ?? null)} | ${seconds(t?.warmMs ?? null)} |`);
  }

  out.push('', `## Significance (${rule})`, '');
  out.push(`Paired Wilcoxon signed-rank test, Cohen's d_z and d_av, and a 95% bootstrap interval of the mean difference (${BOOTSTRAP_RESAMPLES} resamples, `
    + `seed ${reportText(String(info.seed))}), for every pair of systems over the tasks every system answered, overall and per tier `
    + '(docs/methodology.md#mean-spread-and-significance). '
    + significanceRuleText(effectSize));
  const metrics = Object.keys(f.significance);
  if ((f.significance[metrics[0]]?.pairs.length ?? 0) === 0) out.push('', 'One system only: nothing to compare.');
  else {
    const tasks = f.significance[metrics[0]].pairs[0].n;
    if (smallestReachableP(tasks) >= ALPHA) out.push('', untestable(tasks));
    for (const metric of metrics) {
      out.push('', `### ${metric}`, '', '| Systems | Tasks | n | Mean difference | 95% CI | p | d_z | d_av | Verdict |',
        '|---|---|---|---|---|---|---|---|---|');
      const scopes: [string, SignificanceMatrix | undefined][] = [
        ['all', f.significance[metric]], ...Object.keys(f.significanceByTier).sort(tierOrder).map(
          (t): [string, SignificanceMatrix | undefined] => [t, f.significanceByTier[t][metric]])];
      const pairs = f.significance[metric].pairs;
      for (const { a, b } of pairs) {
        for (const [scope, matrix] of scopes) {
          const p = matrix?.pairs.find((x) => x.a === a && x.b === b);
          if (p) out.push(pairRow(p, scope));
        }
      }
    }
  }

  const allPairs = [...Object.values(f.significance), ...Object.values(f.significanceByTier).flatMap((m) => Object.values(m))].flatMap((m) => m.pairs);
  if (allPairs.some((p) => [p.cohens_d_z, p.cohens_d_av].some((d) => d !== null && !Number.isFinite(d)))) {
    out.push('', '`unbounded`: the per-task differences have no spread (every task differs by the same amount, up to rounding), so d, the '
      + 'mean difference over that spread, has no finite value; its sign is the difference\'s.');
  }
  if (f.sensitivity) out.push('', ...sensitivityMarkdown(f.sensitivity));
  if (f.judged) out.push('', ...judgedMarkdown(f.judged.rows, f.judged.k));
  if (f.judged?.ties) out.push('', ...tiesMarkdown(f.judged.ties, f.judged.k));

  out.push('', '## Failure modes (top 3 per system)', '');
  for (const s of systems) {
    const modes = topModes(f.misses.filter((m) => m.system === s));
    out.push(`- ${reportText(s)}: ${modes.length ? modes.map((m) => `${m.category} (${m.count})`).join(', ') : 'no misses'}`);
  }
  out.push('', 'A timeout is a *scale failure* only in a repository of more than '
    + `${(info.scale_failure_lines ?? SEED_SCALE_LINES).toLocaleString('en-US')} lines (docs/methodology.md#failure-categories); `
      + 'elsewhere it is a *timeout*, and a crash is a *system failure*.');

  if (info.skipped_tasks.length > 0) {
    out.push('', '## Fixtures not scored', '');
    for (const s of info.skipped_tasks) out.push(`- ${reportText(s.task)}: ${reportText(s.reason)}`);
  }

  out.push('', '## Departures from the methodology', '', ...departures(f).map((line) => `- ${line}`));
  out.push('', 'Details: `analysis/failure-analysis.md`, `analysis/significance-tests.json`, `aggregated/*.csv`.', '');
  return out.join('\n');
}

/** The System health section: what each system's answers say about it, with a warning for each system that needs one. */
export function healthMarkdown(rows: readonly SystemHealth[], budget: number): string[] {
  const out = ['## System health', '',
    `Each system's answers at the primary budget (${budget} tokens) as it gave them: answers with no symbols, the share of its distinct names `
      + 'that exist at the task\'s revision (as `fixture-lab validate` resolves a fixture\'s names), answers over the token budget, and answers '
      + 'it gave a warning with (a `warning` field of its JSON output, or a warning line or warn-level log line on its stderr). A zero from an '
      + 'empty or unmapped answer measures the system\'s state or its output\'s mapping, not its retrieval.', '',
    '| System | Answers | Empty | Names resolved | Over budget | Warnings |', '|---|---|---|---|---|---|'];
  for (const h of rows) {
    const warned = h.warned === 0 ? '0' : `${h.warned}: ${reportCode(h.warning ?? '', { cell: true })}`;
    const resolved = `${resolvedShare(h)}${h.checked ? ` (${h.resolved}/${h.checked})` : ''}`;
    out.push(`| ${reportText(h.system)} | ${h.answers} | ${h.empty} | ${resolved} | ${h.overBudget} | ${warned} |`);
  }
  const warnings = healthWarnings(rows);
  if (warnings.length > 0) out.push('', ...warnings.map((w) => `**Warning:** ${reportText(w)}`));
  return out;
}

/** The Granularities section: one table, a row per system, granularity and averaging. */
export function granularityMarkdown(g: RunGranularities, rule: string): string[] {
  const k = g.k;
  const out = [`## Granularities (${rule})`, '',
    `Coverage (recall), precision and F1 at three granularities, as ContextBench defines them (docs/scoring.md#granularities): *symbol* `
      + `(the ground-truth entries credited, as in Table 1), *file* (the files of the symbols) and *span* (the lines each symbol owns, `
      + `pooled per file), over the first ${k} items and over the whole answer. *macro* is the mean over tasks; *micro* sums the sizes `
      + `(symbols, files, lines) over tasks first. Precision divides by what was retrieved at that granularity, not by ${k}; a returned file `
      + 'counts at file level only, and a name that is nothing in the code counts nowhere.', '',
    `| System | Granularity | Averaging | n | Coverage@${k} | Precision@${k} | F1@${k} | Coverage | Precision | F1 |`,
    '|---|---|---|---|---|---|---|---|---|---|'];
  for (const s of g.summaries) {
    const cells = [s.atK.coverage, s.atK.precision, s.atK.f1, s.all.coverage, s.all.precision, s.all.f1].map((v) => (v === null ? 'n/a' : fmt(v)));
    out.push(`| ${reportText(s.system)} | ${s.granularity} | ${s.averaging} | ${s.n} | ${cells.join(' | ')} |`);
  }
  if (g.unplaced.length > 0) out.push('', `Not counted: answers on ${g.unplaced.map((r) => reportText(r)).join(', ')}, whose repository is not here.`);
  return out;
}

/** Said where too few tasks leave every difference short of ALPHA, so no one reads "not significant" as "alike". */
function untestable(tasks: number): string {
  return `**Too few tasks to test**: with ${tasks} task${tasks === 1 ? '' : 's'} no pair can reach p < ${ALPHA}; the smallest p the test can give `
    + `is ${fmt(smallestReachableP(tasks))} (every task's difference of one sign). "Not significant" below says the tasks are too few to tell, `
    + `not that the systems are alike: it takes at least ${FEWEST_TESTABLE_TASKS} tasks.`;
}

function pairRow(p: PairComparison, scope: string): string {
  const verdict = p.significant ? `**significant**: ${reportText(p.better ?? '')} is better`
    : smallestReachableP(p.n) >= ALPHA ? `not significant (too few tasks: p ≥ ${fmt(smallestReachableP(p.n))} at best)` : 'not significant';
  const ci = p.ci ? `[${fmt(p.ci[0])}, ${fmt(p.ci[1])}]` : 'n/a';
  const cells = [
    `${reportText(p.a)} vs ${reportText(p.b)}`, reportText(scope), p.n, fmt(p.meanDiff), ci, `${fmt(p.wilcoxon.p)} (${p.wilcoxon.method})`,
    fmt(p.cohens_d_z), fmt(p.cohens_d_av), verdict,
  ];
  return `| ${cells.join(' | ')} |`;
}

/** One line for each way this run departs from the seed's methodology. */
export function departures(f: FindingsInput): string[] {
  const { info } = f;
  const lines: string[] = [];
  lines.push(matchingDeparture(info.match));
  lines.push('Ground-truth credit is one-to-one: a second item matching an entry already credited is not relevant, so R@K never exceeds 1 '
    + '(the methodology lets it: docs/methodology.md#primary-metrics-and-recall).');
  const budgets = [...info.budgets].sort((a, b) => a - b);
  const seedBudgets = `not ${SEED_BUDGETS.join(', ')} (docs/methodology.md#token-budgets)`;
  if (budgets.length < 2) lines.push(`One token budget (${info.budgets[0]}), ${seedBudgets}: Table 4 is not measured.`);
  else if (budgets.join() !== SEED_BUDGETS.join()) lines.push(`Token budgets ${budgets.join(', ')}, ${seedBudgets}.`);
  if (info.budgets[0] !== 5000) lines.push(`The primary budget is ${info.budgets[0]} tokens, not 5,000 (docs/methodology.md#token-budgets).`);
  const scale = info.scale_failure_lines ?? SEED_SCALE_LINES;
  if (scale !== SEED_SCALE_LINES) {
    lines.push(`A timeout is a scale failure over ${scale.toLocaleString('en-US')} lines, not 1M (docs/methodology.md#failure-categories).`);
  }
  lines.push('Timeouts in smaller repositories (*timeout*) and crashes (*system failure*) are failure categories of their own, which the methodology '
    + 'does not name (docs/methodology.md#failure-categories).');
  const invalid = info.skipped_tasks.filter((s) => s.reason.startsWith(INVALID_REASON));
  if (invalid.length > 0) lines.push(
    `${invalid.length} fixture${invalid.length === 1 ? '' : 's'} with errors left out (--skip-invalid): see Fixtures not scored.`);
  const overall = f.significance[Object.keys(f.significance)[0]]?.pairs[0];
  if (overall && overall.n < info.tasks.length) lines.push(
    `Significance is tested over the ${overall.n} tasks every system answered, not all ${info.tasks.length}.`);
  lines.push('Each system indexes once per repository revision, not once per task (docs/methodology.md#time-to-context), and its own caches are '
    + 'not cleared between tasks.');
  lines.push('Isolated: each system indexes and answers in a checkout of its own, a git worktree made fresh for this run under the corpus\'s '
    + '`.repos/.checkouts/` and removed after it (unless `--keep-checkouts`), so no system finds another\'s index or an earlier run\'s, and '
    + 'making the checkout is not in its index time. Not isolated: what a system keeps outside its checkout (the home folder, a global registry '
    + 'or cache of its own), the git object store the worktrees share with the repository, and the machine\'s file system cache; the '
    + 'systems run one after another, never at once.');
  const over = (f.health ?? []).filter((h) => h.overBudget > 0);
  if (over.length > 0) lines.push(`${over.map((h) => reportText(h.system)).join(', ')} answered over the token budget (no budget control): measured on `
    + 'the whole output at the same K, token efficiency over the tokens consumed, and Table 4 credits the tokens consumed, not the budget '
    + '(docs/methodology.md#token-budgets).');
  lines.push('Index and cold-query times are measured once, not three times (docs/methodology.md#time-to-context); the warm time is the median '
    + 'of three queries.');
  lines.push('The machine (8+ cores, 32 GB: docs/methodology.md#time-to-context) is not checked and the file system cache is not warmed before timing.');
  lines.push('Learning curves, staleness and the learned start are not measured (docs/methodology.md#learning-staleness-and-the-learned-start).');
  return lines;
}

/** The matching rule against the seed's substring rule (docs/scoring.md#matching---match) (the `seed` rule is that rule). */
function matchingDeparture(rule: string): string {
  return rule === 'seed'
    ? 'None in the matching: `seed` is the methodology\'s substring rule (docs/methodology.md#matching), which credits prefixes (see the warning above).'
    : `Matching uses the ${reportCode(rule)} rule (docs/scoring.md), not the methodology's two-way substring rule (docs/methodology.md#matching), `
      + 'which credits prefixes.';
}
