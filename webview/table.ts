// The results table (one row per system on the open fixture) and the corpus table (one row per
// system over the latest run) share one table builder and the metric columns. Plain <table>: it
// is the fastest thing to build for hundreds of rows, and screen readers know it.
import { GRANULARITY_CELLS, JUDGED_WARNING, SCORE_CUT, TABLE_METRICS, TableMetric } from '../src/shared/panelView';
import type { CorpusResults, FixtureResults, GranularityCells, SystemRow } from '../src/shared/panelView';
import type { Granularity } from '../src/shared/vocabulary';
import { Child, h } from './dom';
import { budgetText, count, EN_DASH, figure, millis, sourceText, statusText } from './format';

export interface Column<R> {
  label: string;
  /** Shown by default in a narrow panel (columns.ts). */
  compact?: boolean;
  /** Shown on hover: what the column means. */
  title?: string;
  numeric?: boolean;
  cell: (row: R) => Child | Child[];
}

/** A table whose first column heads each row. */
export function dataTable<R>(className: string, caption: string, columns: readonly Column<R>[], rows: readonly R[]): HTMLTableElement {
  const classOf = (c: Column<R>) => (c.numeric ? 'num' : undefined);
  const head = h('tr', null, ...columns.map((c) => h('th', { class: classOf(c), attrs: { scope: 'col', title: c.title } }, c.label)));
  const body = h('tbody');
  for (const row of rows) {
    const tr = h('tr');
    columns.forEach((c, i) => {
      const value = c.cell(row);
      const cell = h(i === 0 ? 'th' : 'td', { class: classOf(c), attrs: i === 0 ? { scope: 'row' } : undefined }, ...(Array.isArray(value) ? value : [value]));
      tr.append(cell);
    });
    body.append(tr);
  }
  return h('table', { class: `data ${className}` }, h('caption', null, caption), h('thead', null, head), body);
}

const METRIC_HELP: Record<TableMetric, string> = {
  'P@5': 'Precision in the first 5 returned',
  'P@10': 'Precision in the first 10 returned',
  'P@20': 'Precision in the first 20 returned',
  'R@10': 'Recall in the first 10 returned',
  'NDCG@10': 'Normalized discounted cumulative gain at 10',
  MRR: 'Reciprocal rank of the first hit',
  'F1@10': 'Harmonic mean of P@10 and R@10',
};

/** The metrics a narrow panel shows by default: precision, recall and their mean at the usual cut. */
const COMPACT_METRICS: ReadonlySet<TableMetric> = new Set(['P@10', 'R@10', 'F1@10']);

function metricColumns<R>(metrics: (row: R) => Record<TableMetric, number | null>): Column<R>[] {
  return TABLE_METRICS.map((m) => ({ label: m, title: METRIC_HELP[m], numeric: true, compact: COMPACT_METRICS.has(m), cell: (row: R) => figure(metrics(row)[m]) }));
}

/** Judged@K beside the scores, with the warning in words under the target (never color alone). */
const JUDGED: Column<{ judged?: number | null }> = {
  label: `Judged@${SCORE_CUT}`,
  title: `The share of its first ${SCORE_CUT} symbols some rater judged: an unjudged one counts as not relevant`,
  numeric: true,
  compact: true,
  cell: ({ judged }) => (judged === undefined || judged === null ? EN_DASH : judged >= JUDGED_WARNING ? figure(judged)
    : [figure(judged), h('span', { class: 'judged-low' }, ` under ${JUDGED_WARNING}`)]),
};

const EFFICIENCY: Column<{ tokenEfficiency: number | null }> = {
  label: 'Tok. eff.',
  title: 'Token efficiency: relevant symbols returned per token',
  numeric: true,
  cell: (r) => figure(r.tokenEfficiency),
};

/** Why an ok answer scores zero for a reason other than retrieval (core's answerHealth.ts). */
const HEALTH_TEXT: Record<NonNullable<SystemRow['health']>, string> = {
  empty: 'degraded: no symbols returned',
  unmapped: 'unmapped output: no returned name exists at the revision',
};

export const RESULT_COLUMNS: Column<SystemRow>[] = [
  { label: 'System', compact: true, cell: (r) => r.system },
  ...metricColumns<SystemRow>((r) => r.metrics),
  JUDGED,
  {
    label: 'Tokens',
    title: 'Tokens of the answer (cl100k_base); "over budget" when it passed the budget the system was given',
    numeric: true,
    cell: (r) => [count(r.tokens), r.overBudget ? h('span', { class: 'over-budget' }, ' over budget') : null],
  },
  EFFICIENCY,
  { label: 'Index ms', title: 'Time to context: indexing', numeric: true, cell: (r) => millis(r.timings.index_ms) },
  { label: 'Cold ms', title: 'Time to context: first query', numeric: true, cell: (r) => millis(r.timings.cold_ms) },
  { label: 'Warm ms', title: 'Time to context: median of the warm queries', numeric: true, cell: (r) => millis(r.timings.warm_ms) },
  {
    label: 'Status',
    compact: true,
    cell: (r) => [h('span', { class: `status status-${r.status}` }, statusText(r.status)), r.error ? h('span', { class: 'error-message' }, r.error) : null,
      r.health ? h('span', { class: 'health-flag' }, HEALTH_TEXT[r.health]) : null,
      r.warning ? h('span', { class: 'system-warning' }, `it warned: ${r.warning}`) : null],
  },
  {
    label: 'Source',
    title: 'This run, or the recorded run the row was read from',
    cell: (r) => {
      const { text, run } = sourceText(r.source);
      return [text, run ? h('span', { class: 'run-name' }, run) : null];
    },
  },
];

export function resultsTable(results: Pick<FixtureResults, 'rows' | 'budget' | 'match' | 'run'>): HTMLTableElement {
  const from = results.run ? `Run ${results.run}` : 'Recorded runs';
  return dataTable('results-table', `${from}: scores at ${budgetText(results.budget)}, ${results.match} matching`, RESULT_COLUMNS, results.rows);
}

/** What each granularity compares, for the caption (docs/scoring.md#granularities). */
const GRANULARITY_TEXT: Record<Exclude<Granularity, 'symbol'>, string> = {
  file: 'file granularity (the files of the symbols)',
  span: 'span granularity (the lines each symbol owns)',
};

const CELL_LABELS: Record<keyof GranularityCells, [label: (k: number) => string, title: (k: number) => string, compact: boolean]> = {
  coverageAtK: [(k) => `Coverage@${k}`, (k) => `Share of the ground truth found in the first ${k} returned`, true],
  precisionAtK: [(k) => `Precision@${k}`, (k) => `Share of what the first ${k} returned that is ground truth`, true],
  f1AtK: [(k) => `F1@${k}`, (k) => `Harmonic mean of coverage@${k} and precision@${k}`, true],
  coverage: [() => 'Coverage', () => 'Share of the ground truth found in the whole answer', false],
  precision: [() => 'Precision', () => 'Share of the whole answer that is ground truth', false],
  f1: [() => 'F1', () => 'Harmonic mean of coverage and precision over the whole answer', false],
};

/** The results table's columns at the file or span granularity: the system, the granularity's six values, then the rest as at symbol level. */
export function granularityColumns(granularity: Exclude<Granularity, 'symbol'>, k: number): Column<SystemRow>[] {
  const metrics = GRANULARITY_CELLS.map((cell): Column<SystemRow> => {
    const [label, title, compact] = CELL_LABELS[cell];
    return { label: label(k), title: title(k), numeric: true, compact, cell: (r) => figure(r.granularities?.[granularity][cell]) };
  });
  return [RESULT_COLUMNS[0], ...metrics, ...RESULT_COLUMNS.slice(1 + TABLE_METRICS.length)];
}

export function granularityTable(results: Pick<FixtureResults, 'rows' | 'budget' | 'match' | 'run'>, columns: readonly Column<SystemRow>[],
  granularity: Exclude<Granularity, 'symbol'>): HTMLTableElement {
  const from = results.run ? `Run ${results.run}` : 'Recorded runs';
  return dataTable('results-table', `${from}: ${GRANULARITY_TEXT[granularity]} at ${budgetText(results.budget)}, ${results.match} matching`, columns,
    results.rows);
}

type CorpusRow = CorpusResults['rows'][number];

export const CORPUS_COLUMNS: Column<CorpusRow>[] = [
  { label: 'System', compact: true, cell: (r) => r.system },
  { label: 'Tasks', title: 'Tasks the system answered', numeric: true, compact: true, cell: (r) => count(r.n) },
  ...metricColumns<CorpusRow>((r) => r.metrics),
  JUDGED,
  EFFICIENCY,
];

export function corpusTable(corpus: Pick<CorpusResults, 'run' | 'tasks' | 'systems' | 'rows'>): HTMLTableElement {
  return dataTable('corpus-table', `Latest run ${corpus.run}: means over ${corpus.tasks} task${corpus.tasks === 1 ? '' : 's'} and ${corpus.systems.length} system${corpus.systems.length === 1 ? '' : 's'}`, CORPUS_COLUMNS, corpus.rows);
}
