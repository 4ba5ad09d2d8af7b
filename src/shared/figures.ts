// How every table prints a metric, in the CLI's output, the reports and the panel alike: here,
// import-free, so the webview prints the same figures as the CLI.

/** A figure for a table: fixed decimals, or `n/a` when there is none. */
export function fmt(n: number | null | undefined, digits = 3): string {
  return n === null || n === undefined ? 'n/a' : n.toFixed(digits);
}
