// The matrix: ground-truth symbols down, systems across, each cell where the system returned the
// symbol. Symbols are buttons (symbolButton): main.ts opens them, by click or keyboard.
import type { MatrixCell, ResultMatrix } from '../src/shared/panelView';
import { h, symbolButton } from './dom';
import { EN_DASH } from './format';

/** The words of a cell: `3`, `> 10 (14)`, `missed`; a missed cell's category goes beside it. */
export function cellText(cell: MatrixCell, k: number): string {
  switch (cell.kind) {
    case 'hit':
      return String(cell.rank);
    case 'below':
      return `> ${k} (${cell.rank})`;
    case 'missed':
      return 'missed';
    case 'pending':
      return EN_DASH;
  }
}

const CELL_HELP = {
  hit: (rank: number) => `returned at rank ${rank}`,
  below: (rank: number, k: number) => `returned at rank ${rank}, below the cut K = ${k}`,
};

function cell(c: MatrixCell, k: number, system: string): HTMLTableCellElement {
  const title = c.kind === 'hit' ? CELL_HELP.hit(c.rank) : c.kind === 'below' ? CELL_HELP.below(c.rank, k) : c.kind === 'missed' ? 'not returned' : 'no answer yet';
  return h('td', { class: `cell cell-${c.kind}`, attrs: { title: `${system}: ${title}` } },
    h('span', { class: 'cell-value' }, cellText(c, k)),
    c.kind === 'missed' && c.category ? h('span', { class: 'category' }, c.category) : null);
}

export function matrixTable(matrix: ResultMatrix): HTMLTableElement {
  const head = h('tr', null,
    h('th', { attrs: { scope: 'col' } }, 'Ground truth'),
    h('th', { attrs: { scope: 'col' } }, 'Confidence'),
    ...matrix.systems.map((s) => h('th', { class: 'num', attrs: { scope: 'col' } }, s)));
  const body = h('tbody');
  for (const row of matrix.rows) {
    const confidence = row.confidence.toLowerCase();
    body.append(h('tr', null,
      h('th', { class: 'symbol-cell', attrs: { scope: 'row' } }, symbolButton(row.symbol)),
      h('td', { class: `confidence confidence-${confidence}` }, row.confidence),
      ...row.cells.map((c, i) => cell(c, matrix.k, matrix.systems[i]))));
  }
  return h('table', { class: 'data matrix' },
    h('caption', null, `Rank at which each system returned each ground-truth symbol (K = ${matrix.k})`),
    h('thead', null, head),
    body);
}
