// The column chooser of a data table: which columns show, as the user chose them (kept in the
// webview state), else every column in a wide panel and the compact set in a narrow one (a third
// of the editor: the table would run off the edge). The first column (the system) always shows.
import { checkbox } from './controls';
import { h } from './dom';
import type { Host } from './state';

export interface ChoosableColumn {
  label: string;
  /** Shown by default in a narrow panel. */
  compact?: boolean;
}

/** Below this page width the panel is narrow: the default columns are the compact ones. */
export const NARROW = '(max-width: 720px)';

export class ColumnChooser {
  readonly element: HTMLDetailsElement;
  private table?: HTMLTableElement;
  private readonly boxes = new Map<string, HTMLInputElement>();
  private readonly narrow = window.matchMedia(NARROW);

  /** `name` keys the choice in the saved state; `columns` are the table's, first (always shown) included. */
  constructor(private readonly host: Host, private readonly name: string, private readonly columns: readonly ChoosableColumn[]) {
    const group = h('div', { class: 'column-boxes', attrs: { role: 'group', 'aria-label': 'Columns shown' } });
    this.element = h('details', { class: 'column-chooser' }, h('summary', null, 'Columns'), group);
    // The boxes are made when the list first opens: it starts closed, and the page has two dozen.
    this.element.addEventListener('toggle', () => {
      if (this.element.open && this.boxes.size === 0) this.makeBoxes(group);
    });
    this.narrow.addEventListener('change', () => this.apply());
  }

  private makeBoxes(group: HTMLElement): void {
    const shown = this.shown();
    for (const c of this.columns.slice(1)) {
      const box = checkbox(c.label, { value: c.label, checked: shown.has(c.label) });
      box.input.addEventListener('change', () => this.chosen());
      this.boxes.set(c.label, box.input);
      group.append(box.element);
    }
  }

  /** The labels shown now. */
  shown(): Set<string> {
    const saved = this.host.saved.columns?.[this.name];
    if (saved) return new Set([this.columns[0].label, ...saved]);
    return new Set(this.columns.filter((c, i) => i === 0 || c.compact || !this.narrow.matches).map((c) => c.label));
  }

  /** Shows the chosen columns of `table` (built with every column). */
  attach(table: HTMLTableElement): void {
    this.table = table;
    this.apply();
  }

  private chosen(): void {
    const labels = [...this.boxes].filter(([, box]) => box.checked).map(([label]) => label);
    this.host.save({ columns: { ...this.host.saved.columns, [this.name]: labels } });
    this.apply();
  }

  private apply(): void {
    const shown = this.shown();
    for (const [label, box] of this.boxes) box.checked = shown.has(label);
    if (!this.table) return;
    const hidden = new Set(this.columns.map((c, i) => (shown.has(c.label) ? -1 : i)).filter((i) => i >= 0));
    for (const row of this.table.rows) {
      for (const [i, cell] of [...row.cells].entries()) cell.hidden = hidden.has(i);
    }
  }
}
