// How the panel writes numbers and statuses. Metrics use core's fmt (three decimals) so the panel
// and the CLI's tables print the same figures; a missing value is an en dash, as in a printed table.
import { fmt } from '../src/shared/figures';
import type { RowStatus, SystemRow } from '../src/shared/panelView';

export const EN_DASH = '\u2013';

/** A metric: three decimals, or an en dash. */
export function figure(n: number | null | undefined): string {
  return n === null || n === undefined ? EN_DASH : fmt(n);
}

/**
 * A whole number with thousands separators, always `1,234` (the CLI's tables do not localize
 * either). By hand: the first toLocaleString of a page loads ICU data, ~20 ms of first paint.
 */
export function thousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count (tokens): whole, with thousands separators. */
export function count(n: number | null | undefined): string {
  return n === null || n === undefined ? EN_DASH : thousands(n);
}

/** Milliseconds: one decimal below 10 ms (the baselines answer in a few), whole above. */
export function millis(n: number | null | undefined): string {
  if (n === null || n === undefined) return EN_DASH;
  return n < 10 ? n.toFixed(1) : thousands(n);
}

const STATUS: Record<RowStatus, string> = {
  ok: 'ok',
  timeout: 'timed out',
  failed: 'failed',
  cancelled: 'cancelled',
  pending: 'pending',
  running: 'running',
};

export function statusText(status: RowStatus): string {
  return STATUS[status] ?? status;
}

/** Where a row comes from: this run, or the recorded run it was read from (its name apart, to keep it on one line). */
export function sourceText(source: SystemRow['source']): { text: string; run?: string } {
  if (!source.run) return { text: EN_DASH };
  return source.kind === 'run' ? { text: 'this run' } : { text: 'recorded: ', run: source.run };
}

/** Characters of a symbol shown before it is cut in the middle (its full name is in its tooltip). */
export const SYMBOL_MAX = 44;

/**
 * `text` cut in the middle to `max` characters (code points, so no surrogate pair is split),
 * keeping more of the end: a symbol's end is its name, its start a path the reader can guess.
 */
export function middleEllipsis(text: string, max = SYMBOL_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const end = Math.ceil((max - 1) * 0.6);
  return `${chars.slice(0, max - 1 - end).join('')}\u2026${chars.slice(chars.length - end).join('')}`;
}

/** `2,000 tokens`. */
export function budgetText(budget: number): string {
  return `${thousands(budget)} tokens`;
}
