// The look of every chart, kept out of the specs: a spec says what is plotted, a theme says in
// which colors and font. The panel's webview builds the theme from VS Code's CSS variables
// (webview/charts.ts, themeFromCss), so the charts follow the user's color theme; the CLI's SVGs
// use LIGHT_THEME. Pure data, no DOM and no Node: the webview bundles this file too. It names no
// vega-lite type (src/shared imports nothing): chartConfig's literal result is checked against
// vega-lite's Config where it is handed to compile, in core/charts/svg.ts and webview/charts.ts.

export interface ChartTheme {
  foreground: string;
  background: string;
  /** A CSS font-family list. */
  font: string;
  /** Pixels. */
  fontSize: number;
  /** Grid lines. */
  gridColor: string;
  /** Axis lines, ticks and the views' outline. */
  domainColor: string;
  /** One color per system, in the systems' order (it repeats past its end; marks also differ in shape). */
  palette: string[];
}

/**
 * The CLI's default: a white page, and VS Code's light-theme chart colors (charts.blue, .orange,
 * .green, .red, .purple, .yellow), so an SVG in FINDINGS.md and the panel speak the same colors.
 */
export const LIGHT_THEME: ChartTheme = {
  foreground: '#1f1f1f',
  background: '#ffffff',
  font: 'system-ui, -apple-system, "Segoe UI", Ubuntu, "Droid Sans", sans-serif',
  fontSize: 11,
  gridColor: '#e5e5e5',
  domainColor: '#b0b0b0',
  palette: ['#1a85ff', '#d18616', '#388a34', '#e51400', '#652d90', '#bf8803'],
};

/** A Vega-Lite `config` for a theme: every color and font a chart uses comes from here. */
export function chartConfig(theme: ChartTheme) {
  const text = { font: theme.font, fontSize: theme.fontSize, color: theme.foreground };
  const labels = { labelFont: theme.font, labelFontSize: theme.fontSize, labelColor: theme.foreground };
  const titles = { titleFont: theme.font, titleFontSize: theme.fontSize, titleColor: theme.foreground };
  return {
    background: theme.background,
    font: theme.font,
    padding: 8,
    title: { font: theme.font, fontSize: Math.round(theme.fontSize * 1.25), color: theme.foreground, subtitleColor: theme.foreground,
      subtitleFont: theme.font, subtitleFontSize: theme.fontSize, anchor: 'start' as const },
    axis: { ...labels, ...titles, gridColor: theme.gridColor, domainColor: theme.domainColor, tickColor: theme.domainColor },
    legend: { ...labels, ...titles },
    header: { ...labels, ...titles },
    view: { stroke: theme.domainColor },
    text,
    mark: { color: theme.palette[0] },
    // Vega-Lite draws whiskers black and the median white unless told (a `ticks` entry would add caps).
    boxplot: { rule: { color: theme.foreground }, median: { color: theme.background } },
    // The radar chart's rings and spokes (radar.ts): drawn as marks, colored as grid and axis lines.
    style: { 'radar-grid': { color: theme.gridColor, strokeWidth: 1 }, 'radar-axis': { color: theme.domainColor, strokeWidth: 1 } },
    range: {
      category: theme.palette,
      // Sequential ramps (P@10, p-values) run from the page's background to the first color, so
      // "nothing" is the page itself in a light and in a dark theme alike (see UNIT_RAMP).
      heatmap: [theme.background, theme.palette[0]],
    },
  };
}
