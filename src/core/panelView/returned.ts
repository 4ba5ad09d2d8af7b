// What the panel's page is sent of the returned lists: a page at a time, never a whole list. A
// system may return 100,000 symbols: sent whole, that was an 8.7 MB message that froze the panel
// for 15 s and put 100,005 buttons in it (1,000,000 killed the page). The page shows the first page
// of each list and asks for the next (src/shared/protocol.ts, moreReturned); each message stays small.
import type { FixtureResults, PanelResults, ReturnedItem, ReturnedList, ReturnedPage } from './model';

/** Items on a page, at most. */
export const RETURNED_PAGE_ITEMS = 200;
/** Characters of symbols on a page, at most: a page of long strings holds fewer items (one at least). */
const PAGE_CHARS = 50_000;
/** Longer strings from a system (no symbol is that long) are cut, with an ellipsis. */
export const SHOWN_CHARS = 1_000;

/** `text`, cut to `max` characters with an ellipsis. */
export function clipShown(text: string, max = SHOWN_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}\u2026` : text;
}

/** The page of `list` that starts at index `from`. */
export function returnedPage(list: ReturnedList, from: number): ReturnedPage {
  const items: ReturnedItem[] = [];
  let chars = 0;
  for (let i = Math.max(0, from); i < list.items.length && items.length < RETURNED_PAGE_ITEMS; i++) {
    const item = list.items[i];
    const shown = { ...item, returned: clipShown(item.returned), groundTruth: item.groundTruth === null ? null : clipShown(item.groundTruth) };
    chars += shown.returned.length + (shown.groundTruth?.length ?? 0);
    if (items.length > 0 && chars > PAGE_CHARS) break;
    items.push(shown);
  }
  let hits = 0;
  for (const item of list.items) if (item.relevant) hits++;
  return { system: list.system, total: list.items.length, hits, from: Math.max(0, from), items };
}

/** The results as the page is sent them: each list's first page, and error messages cut. */
export function panelResults(results: FixtureResults): PanelResults {
  return {
    ...results,
    rows: results.rows.map((row) => (row.error ? { ...row, error: clipShown(row.error) } : row)),
    lists: results.lists.map((list) => returnedPage(list, 0)),
  };
}
