// What every chart shares about systems: the same order everywhere (sorted by name, as the
// significance matrix orders them) and an explicit domain, so a system keeps its color from one
// chart to the next. Charts give the same channel to color and to shape where marks are points,
// so systems past the palette's end, and readers who do not tell the colors apart, still tell
// the systems apart (the same field, title and domain make Vega-Lite draw one legend for both).
import type { ScoredResult } from '../scoring/answers';

/** The systems of a run, sorted. */
export function systemsOf(scored: readonly ScoredResult[]): string[] {
  return [...new Set(scored.map((s) => s.raw.system))].sort();
}

/** Answers by system, then task: a chart's data, and so its SVG, does not depend on the order answers were read in. */
export function inOrder(scored: readonly ScoredResult[]): ScoredResult[] {
  return [...scored].sort((a, b) => a.raw.system.localeCompare(b.raw.system) || a.raw.task.localeCompare(b.raw.task));
}

/** The `system` field as a color or shape channel. */
export function bySystem(systems: string[]) {
  return { field: 'system', type: 'nominal', title: 'System', scale: { domain: systems } } as const;
}

/**
 * The color scale of a value from 0 to 1 (P@10, a p-value) on the theme's sequential ramp,
 * interpolated in Lab: Vega's default (HCL) tints the background end, so 0 would not be the
 * page's own color.
 */
export function unitRamp(reverse = false) {
  return { domain: [0, 1], interpolate: 'lab' as const, reverse };
}
