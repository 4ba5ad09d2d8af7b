// What could make the scores above mislead, under the results and the corpus tables: Judged@K
// under 0.9, each headline metric's range over the contested labels with the rankings that flip
// inside it, and ties across the cut. Core writes the sentences (src/core/panelView/checks.ts);
// this draws them as text, and the ranges as a table.
import { JUDGED_WARNING, type CorpusAgreement, type ScoreChecks, type SensitivityRange } from '../src/shared/panelView';
import { h } from './dom';
import { EN_DASH, figure } from './format';
import { dataTable } from './table';

/** `0.400 [0.200, 0.600]`: as settled, then the least and most of the three scenarios. */
function rangeText(r: SensitivityRange): string {
  const values = [r.settled, r.included, r.excluded].filter((v): v is number => v !== null);
  return values.length === 0 ? EN_DASH : `${figure(r.settled)} [${figure(Math.min(...values))}, ${figure(Math.max(...values))}]`;
}

function warnings(className: string, lead: string, lines: readonly string[]): HTMLElement | null {
  return lines.length === 0 ? null : h('div', { class: `check ${className}`, attrs: { role: 'note' } },
    h('p', { class: 'check-lead' }, lead),
    h('ul', null, ...lines.map((line) => h('li', null, line))));
}

export function renderChecks(checks: ScoreChecks | undefined): HTMLElement | null {
  if (!checks) return null;
  const s = checks.sensitivity;
  const items = s.contested === 1 ? '1 contested item' : `${s.contested} contested items`;
  type Row = ScoreChecks['sensitivity']['rows'][number];
  const table = s.contested === 0 ? null : dataTable<Row>('sensitivity-table',
    `Each headline metric as settled [range with every contested item included, and excluded]: ${items}, ${s.open} open`,
    [
      { label: 'System', cell: (r) => r.system },
      ...s.metrics.map((m) => ({
        label: m,
        numeric: true,
        title: `${m} as settled, then the least and most of: as settled, every contested item included, every one excluded`,
        cell: (r: Row) => {
          const range = r.ranges[m];
          return h('span', { attrs: { title: `as settled ${figure(range.settled)}, included ${figure(range.included)}, excluded ${figure(range.excluded)}` } },
            rangeText(range));
        },
      })),
    ], s.rows);
  return h('section', { class: 'score-checks', attrs: { 'aria-label': 'Score checks' } },
    h('h2', null, 'Dispute sensitivity'),
    s.contested === 0 ? h('p', { class: 'sensitivity-none' }, 'Nothing is contested: no score here depends on a settlement.') : h('div', { class: 'table-scroll' }, table),
    warnings('flips', 'Ranking flips with the contested labels: settle them before publishing this order.', s.flips),
    warnings('unjudged', `Judged@${checks.k} under ${JUDGED_WARNING}:`, checks.unjudged),
    warnings('ties', `Scores tie across the cut at ${checks.k}:`, checks.ties));
}

/**
 * Ground truth that may name other code where the systems ran, the systems whose answers are empty,
 * unmapped, warned about or over budget, and answers left out: above the scores, which they explain.
 */
export function renderHealth(checks: ScoreChecks | undefined): HTMLElement | null {
  const stale = warnings('stale-labels', 'Ground truth labeled at another revision, whose code differs where the systems ran: these scores count it as it stands.',
    checks?.staleLabels ?? []);
  const health = warnings('health', 'System health: these scores are not all retrieval.', checks?.health ?? []);
  const left = warnings('stale-answers', 'Left out of these scores: answers given to a fixture as it was before an edit of its revision or task.',
    checks?.staleAnswers ?? []);
  const damaged = warnings('damaged', 'Left out of these scores: answers whose raw files do not read (`fixture-lab run --out RUN` answers them again).',
    checks?.damaged ?? []);
  const shown = [stale, left, health, damaged].filter((e): e is HTMLElement => e !== null);
  return shown.length === 0 ? null : shown.length === 1 ? shown[0] : h('div', null, ...shown);
}

/** The corpus's agreement between raters: kappa with raw agreement and AC1, over every item and the labeled ones. */
export function renderAgreement(a: CorpusAgreement | undefined): HTMLElement | null {
  if (!a) return null;
  const percent = (x: number | null) => (x === null ? EN_DASH : `${(100 * x).toFixed(1)}%`);
  const tasks = `${a.tasks} reviewed task${a.tasks === 1 ? '' : 's'}`;
  return h('div', { class: 'corpus-agreement' },
    h('p', { class: 'agreement-all' },
      h('span', { class: 'label' }, 'Agreement: '),
      h('span', { class: 'kappa-value' }, `\u03ba ${figure(a.kappa)}`), ` \u00b7 ${percent(a.percent)} agree \u00b7 AC1 ${figure(a.ac1)}`,
      ` over ${a.items} items of ${tasks}`),
    h('p', { class: 'agreement-labeled' },
      `Labeled only: \u03ba ${figure(a.labeledOnly.kappa)} \u00b7 ${percent(a.labeledOnly.percent)} agree \u00b7 AC1 ${figure(a.labeledOnly.ac1)} over ${a.labeledOnly.items} items`),
    a.paradox ? h('p', { class: 'agreement-paradox', attrs: { role: 'note' } }, a.paradox) : null);
}
