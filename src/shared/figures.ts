// How every table prints a number, in the CLI's output, the reports, the CSVs and the panel alike:
// here, import-free, so the webview prints the same figures as the CLI.

/** What an unbounded figure is called (an effect size over a zero spread), in every table and in JSON. */
export const UNBOUNDED = 'unbounded';

/**
 * A figure for a table: fixed decimals; `n/a` when there is none; `unbounded` (`-unbounded`) for
 * an infinite one; never a negative zero (`-0.000` is 0 rounded, and reads as a sign that is not there).
 */
export function fmt(n: number | null | undefined, digits = 3): string {
  if (n === null || n === undefined || Number.isNaN(n)) return 'n/a';
  if (!Number.isFinite(n)) return n > 0 ? UNBOUNDED : `-${UNBOUNDED}`;
  const s = n.toFixed(digits);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

/** A figure as JSON holds it: the number, or an infinite one in words as fmt writes it (JSON has no Infinity: it would become null). */
export function jsonFigure(n: number | null): number | string | null {
  return n !== null && !Number.isFinite(n) && !Number.isNaN(n) ? fmt(n) : n;
}

/** jsonFigure undone: the words back to the infinite number. */
export function figureFromJson(v: unknown): number | null {
  if (v === UNBOUNDED) return Infinity;
  if (v === `-${UNBOUNDED}`) return -Infinity;
  return typeof v === 'number' ? v : null;
}

/** A count with its noun, singular for exactly one: `1 disagreement`, `0 disagreements`, `2 candidates`; `many` for an irregular plural. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
