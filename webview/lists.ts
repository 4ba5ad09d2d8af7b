// Each system's returned list, in its order: hits marked in words (not only color), the
// ground-truth entry each hit was credited to beside it, and why a returned symbol earned nothing
// when matching says so (a duplicate, or a ground-truth entry already credited higher up).
// A list comes a page at a time (core's panel/returned.ts): its first page with the results, the
// next ones when asked for, appended as they arrive; "Show all" asks page after page.
import type { ReturnedItem, ReturnedPage, SystemRow } from '../src/shared/panelView';
import { button } from './controls';
import { h, placeholder, symbolButton, symbolName } from './dom';
import { EN_DASH, statusText, thousands } from './format';

const NOTE = { duplicate: 'duplicate', 'already-credited': 'already credited' } as const;

/** "Show all" is offered up to this many items: more rows than that make the page slow again. */
const SHOW_ALL_MAX = 5_000;

interface List {
  /** The first page, as the results brought it. */
  first: ReturnedPage;
  /** Every item shown so far, in order. */
  items: ReturnedItem[];
  /** Asked for a page, not yet here. */
  waiting: boolean;
  /** Keep asking until the list is whole ("Show all"). */
  all: boolean;
  /** Where the last drawing put its rows and its paging controls. */
  body?: HTMLElement;
  more?: HTMLElement;
}

function itemRow(item: ReturnedItem): HTMLElement {
  return h('tr', { class: item.relevant ? 'hit' : undefined },
    h('td', { class: 'num' }, String(item.rank)),
    h('td', null, symbolButton(item.returned)),
    h('td', { class: 'hit-mark' }, item.relevant ? '\u2713 hit' : ''),
    h('td', { class: 'credited' }, item.groundTruth !== null ? symbolName(item.groundTruth) : item.relevant ? EN_DASH : ''),
    h('td', { class: 'note' }, item.note ? NOTE[item.note] ?? item.note : ''));
}

/** The same items, credited the same way: a rescoring (another matching rule, a label changed) may credit the same hits to other ground truth, or note them. */
const sameItems = (a: readonly ReturnedItem[], b: readonly ReturnedItem[]) =>
  a.length === b.length && a.every((item, i) => item.rank === b[i].rank && item.returned === b[i].returned && item.relevant === b[i].relevant
    && item.groundTruth === b[i].groundTruth && item.note === b[i].note);

export class ReturnedLists {
  private fixture = '';
  private lists: List[] = [];
  private rows: readonly SystemRow[] = [];

  /** `ask` posts the request for the page of `system`'s list that starts at `from`. */
  constructor(private readonly ask: (system: string, from: number) => void) {}

  /** New results. A list whose first page is unchanged (they come again as each system finishes) keeps what was paged in. */
  set(fixture: string, pages: readonly ReturnedPage[], rows: readonly SystemRow[]): void {
    const before = new Map(fixture === this.fixture ? this.lists.map((l) => [l.first.system, l]) : []);
    this.lists = pages.map((first) => {
      const kept = before.get(first.system);
      return kept && kept.first.total === first.total && kept.first.hits === first.hits && sameItems(kept.first.items, first.items)
        ? { ...kept, first, body: undefined, more: undefined }
        : { first, items: [...first.items], waiting: false, all: false };
    });
    this.fixture = fixture;
    this.rows = rows;
  }

  /** One section per list, as they stand. */
  draw(): HTMLElement[] {
    return this.lists.map((list) => this.section(list));
  }

  /** A page from the host: appended when it is the one its list waits for, else ignored. */
  add(fixture: string, page: ReturnedPage): void {
    const list = this.lists.find((l) => l.first.system === page.system);
    if (!list || fixture !== this.fixture || page.total !== list.first.total || page.from !== list.items.length || page.items.length === 0) return;
    list.items.push(...page.items);
    list.waiting = false;
    list.body?.append(...page.items.map(itemRow));
    this.paging(list);
    if (list.all) this.next(list);
  }

  private next(list: List): void {
    if (list.waiting || list.items.length >= list.first.total) return;
    list.waiting = true;
    this.paging(list);
    this.ask(list.first.system, list.items.length);
  }

  /** "Showing 1-200 of 100,000", and the buttons that page in more. */
  private paging(list: List): void {
    if (!list.more) return;
    const { total } = list.first;
    const shown = list.items.length;
    if (shown >= total) {
      list.more.replaceChildren();
      return;
    }
    const more = button('Show more', { class: 'show-more', secondary: true, disabled: list.waiting });
    more.addEventListener('click', () => this.next(list));
    const all = total <= SHOW_ALL_MAX
      ? button(`Show all ${thousands(total)}`, { class: 'show-all', secondary: true, disabled: list.waiting })
      : null;
    all?.addEventListener('click', () => {
      list.all = true;
      this.next(list);
    });
    list.more.replaceChildren(h('span', { class: 'list-shown' }, `Showing 1\u2013${thousands(shown)} of ${thousands(total)}`), more, all ?? '');
  }

  private section(list: List): HTMLElement {
    const { system, total, hits } = list.first;
    const heading = h('h3', null, system, h('span', { class: 'list-summary' }, `${thousands(total)} returned, ${thousands(hits)} hit${hits === 1 ? '' : 's'}`));
    if (total === 0) {
      const row = this.rows.find((r) => r.system === system);
      const why = row && row.status !== 'ok' ? `Nothing returned: ${statusText(row.status)}${row.error ? `: ${row.error}` : ''}` : 'Nothing returned.';
      return h('section', { class: 'returned-list' }, heading, placeholder(why));
    }
    list.body = h('tbody', null, ...list.items.map(itemRow));
    list.more = h('div', { class: 'list-more' });
    this.paging(list);
    return h('section', { class: 'returned-list' }, heading,
      h('table', { class: 'data returned' },
        h('caption', { class: 'visually-hidden' }, `What ${system} returned`),
        h('thead', null, h('tr', null, ...['Rank', 'Returned', 'Hit', 'Credited to', 'Note'].map((t, i) => h('th', { class: i === 0 ? 'num' : undefined, attrs: { scope: 'col' } }, t)))),
        list.body),
      list.more);
  }
}
