// The panel's charts, drawn in the webview. The host sends each chart as a Vega-Lite spec with its
// data inline (src/core/charts); here it is compiled and run without ever generating code: the
// Vega spec is parsed to expression ASTs (`ast: true`) and vega-interpreter evaluates them, so
// the panel's Content-Security-Policy needs no 'unsafe-eval'. Colors and fonts come from VS Code's
// theme (themeFromCss) through the same chartConfig the CLI's SVGs use.
import { parse, View } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { compile, TopLevelSpec } from 'vega-lite';
import type { ChartView } from '../src/shared/panelView';
import { chartConfig, ChartTheme, LIGHT_THEME } from '../src/shared/chartTheme';
import { showBidi } from '../src/shared/bidi';

export type { ChartTheme };

/** The view drawn in each container, finalized when the container is drawn again. */
const views = new WeakMap<HTMLElement, View>();

/**
 * SVG keeps every mark in the DOM (each one labeled, and what the tests count) but costs the main
 * thread per mark: a 300-task x 10-system heatmap or scatter (3,000 marks) held it for a third of a
 * second. Past this many data points a chart is drawn on a canvas instead.
 */
export const SVG_MAX_POINTS = 1000;

function pointsOf(spec: Record<string, unknown>): number {
  const values = (spec.data as { values?: unknown } | undefined)?.values;
  return Array.isArray(values) ? values.length : 0;
}

/** Draws `chart` into `container` (replacing what was there), labeled for screen readers: SVG, or canvas when large. */
export async function renderChart(container: HTMLElement, chart: ChartView, theme: ChartTheme): Promise<void> {
  views.get(container)?.finalize();
  views.delete(container);
  container.replaceChildren();
  const { spec } = compile(chart.spec as unknown as TopLevelSpec, { config: chartConfig(theme) });
  const view = new View(parse(spec, undefined, { ast: true }), { expr: expressionInterpreter, renderer: pointsOf(chart.spec) > SVG_MAX_POINTS ? 'canvas' : 'svg', container, hover: true });
  views.set(container, view);
  // After the View: it labels its container itself (role graphics-document, the description).
  container.setAttribute('role', 'img');
  container.setAttribute('aria-label', showBidi(chart.title));
  const description = chart.spec.description;
  if (typeof description === 'string') container.setAttribute('aria-description', showBidi(description));
  else container.removeAttribute('aria-description');
  await view.runAsync();
}

/**
 * The chart theme of the webview's VS Code color theme, read from the CSS variables VS Code sets
 * on the webview's body; anything missing (a page outside VS Code) falls back to LIGHT_THEME.
 */
export function themeFromCss(element: Element = document.body): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  const first = (...names: string[]) => names.map(read).find((v) => v !== '');
  const palette = ['blue', 'orange', 'green', 'red', 'purple', 'yellow'].map((c, i) => first(`--vscode-charts-${c}`) ?? LIGHT_THEME.palette[i]);
  return {
    foreground: first('--vscode-charts-foreground', '--vscode-foreground', '--vscode-editor-foreground') ?? LIGHT_THEME.foreground,
    background: first('--vscode-editor-background', '--vscode-panel-background') ?? LIGHT_THEME.background,
    font: first('--vscode-font-family') ?? LIGHT_THEME.font,
    fontSize: parseFloat(first('--vscode-font-size') ?? '') || LIGHT_THEME.fontSize,
    gridColor: first('--vscode-charts-lines', '--vscode-editorWidget-border', '--vscode-panel-border') ?? LIGHT_THEME.gridColor,
    domainColor: first('--vscode-panel-border', '--vscode-widget-border', '--vscode-charts-lines') ?? LIGHT_THEME.domainColor,
    palette,
  };
}
