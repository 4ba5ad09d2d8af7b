// The panel's charts, drawn in the webview from the scenegraph the host made (core/charts/compile.ts:
// Vega-Lite compiled and run there, in this page's theme, which themeFromCss below tells it). The
// page evaluates no Vega expression, so its Content-Security-Policy needs no 'unsafe-eval'; and
// drawing a scenegraph is the only chart work left on its main thread. Only vega-scenegraph (vega's
// renderers) is bundled: the whole of vega was a third of a megabyte more to load on every open.
import { CanvasHandler, CanvasRenderer, sceneFromJSON, SVGHandler, SVGRenderer, type Scene, type Tooltip } from 'vega-scenegraph';
import type { PageChart } from '../src/shared/panelView';
import { ChartTheme, LIGHT_THEME } from '../src/shared/chartTheme';
import { showBidi } from '../src/shared/bidi';

export type { ChartTheme };

/** Lets the page answer a click or a key between two steps of a chart. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Draws `chart` into `container` (replacing what was there), labeled for screen readers: SVG, or
 * a canvas when the host says so (many points). Its tooltips show as the container's title, as text.
 */
export async function renderChart(container: HTMLElement, chart: PageChart): Promise<void> {
  // Three tasks, each short: the text parsed, the scenegraph linked and measured, then drawn.
  const parsed = JSON.parse(chart.scene) as Scene;
  await yieldToPage();
  const scene = sceneFromJSON(parsed);
  await yieldToPage();
  const canvas = chart.renderer === 'canvas';
  container.replaceChildren();
  const tooltip: Tooltip = (_handler, _event, _item, value) => {
    if (typeof value === 'string' && value !== '') container.setAttribute('title', showBidi(value));
    else container.removeAttribute('title');
  };
  new (canvas ? CanvasRenderer : SVGRenderer)().initialize(container, chart.width, chart.height, chart.origin).background(chart.background).render(scene);
  new (canvas ? CanvasHandler : SVGHandler)(undefined, tooltip).initialize(container, chart.origin, null).scene(scene);
  container.setAttribute('role', 'img');
  container.setAttribute('aria-label', showBidi(chart.title));
  if (chart.description !== undefined) container.setAttribute('aria-description', showBidi(chart.description));
  else container.removeAttribute('aria-description');
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
