// Each system's returned list, in its order: hits marked in words (not only color), the
// ground-truth entry each hit was credited to beside it, and why a returned symbol earned nothing
// when matching says so (a duplicate, or a ground-truth entry already credited higher up).
import type { ReturnedList, SystemRow } from '../src/core/panel/model';
import { h, placeholder, symbolButton } from './dom';
import { EN_DASH, statusText } from './format';

const NOTE = { duplicate: 'duplicate', 'already-credited': 'already credited' } as const;

function listSection(list: ReturnedList, row: SystemRow | undefined): HTMLElement {
  const hits = list.items.filter((i) => i.relevant).length;
  const heading = h('h3', null, list.system, h('span', { class: 'list-summary' }, `${list.items.length} returned, ${hits} hit${hits === 1 ? '' : 's'}`));
  if (list.items.length === 0) {
    const why = row && row.status !== 'ok' ? `Nothing returned: ${statusText(row.status)}${row.error ? `: ${row.error}` : ''}` : 'Nothing returned.';
    return h('section', { class: 'returned-list' }, heading, placeholder(why));
  }
  const body = h('tbody');
  for (const item of list.items) {
    body.append(h('tr', { class: item.relevant ? 'hit' : undefined },
      h('td', { class: 'num' }, String(item.rank)),
      h('td', null, symbolButton(item.returned)),
      h('td', { class: 'hit-mark' }, item.relevant ? '\u2713 hit' : ''),
      h('td', { class: 'credited' }, item.groundTruth ?? (item.relevant ? EN_DASH : '')),
      h('td', { class: 'note' }, item.note ? NOTE[item.note] ?? item.note : '')));
  }
  return h('section', { class: 'returned-list' }, heading,
    h('table', { class: 'data returned' },
      h('caption', { class: 'visually-hidden' }, `What ${list.system} returned`),
      h('thead', null, h('tr', null, ...['Rank', 'Returned', 'Hit', 'Credited to', 'Note'].map((t, i) => h('th', { class: i === 0 ? 'num' : undefined, attrs: { scope: 'col' } }, t)))),
      body));
}

export function returnedLists(lists: readonly ReturnedList[], rows: readonly SystemRow[]): HTMLElement[] {
  return lists.map((l) => listSection(l, rows.find((r) => r.system === l.system)));
}
