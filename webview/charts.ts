// The panel's charts, drawn in the webview from the scenegraph the host made (core/charts/compile.ts:
// Vega-Lite compiled and run there, in this page's theme, which themeFromCss below tells it). The
// page evaluates no Vega expression, so its Content-Security-Policy needs no 'unsafe-eval'; and
// drawing a scenegraph is the only chart work left on its main thread.
import * as vega from 'vega';
import type { PageChart } from '../src/shared/panelView';
import { ChartTheme, LIGHT_THEME } from '../src/shared/chartTheme';
import { showBidi } from '../src/shared/bidi';

export type { ChartTheme };

type Scene = object;
type Tooltip = (handler: unknown, event: Event, item: unknown, value: unknown) => void;

interface SceneRenderer {
  initialize(el: HTMLElement, width: number, height: number, origin: readonly number[]): this;
  background(color: string): this;
  render(scene: Scene): this;
}

interface SceneHandler {
  initialize(el: HTMLElement, origin: readonly number[], obj: unknown): this;
  scene(scene: Scene): this;
}

/** What vega exports of vega-scenegraph (its typings leave these out). */
const scenegraph = vega as unknown as {
  sceneFromJSON(json: string): Scene;
  SVGRenderer: new () => SceneRenderer;
  CanvasRenderer: new () => SceneRenderer;
  SVGHandler: new (loader: undefined, tooltip: Tooltip) => SceneHandler;
  CanvasHandler: new (loader: undefined, tooltip: Tooltip) => SceneHandler;
};

/** Lets the page answer a click or a key between two steps of a chart. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Draws `chart` into `container` (replacing what was there), labeled for screen readers: SVG, or
 * a canvas when the host says so (many points). Its tooltips show as the container's title, as text.
 */
export async function renderChart(container: HTMLElement, chart: PageChart): Promise<void> {
  // From a string: sceneFromJSON links each node to its parent, which the saved state must not hold.
  const scene = scenegraph.sceneFromJSON(JSON.stringify(chart.scene));
  await yieldToPage();
  const canvas = chart.renderer === 'canvas';
  container.replaceChildren();
  const tooltip: Tooltip = (_handler, _event, _item, value) => {
    if (typeof value === 'string' && value !== '') container.setAttribute('title', showBidi(value));
    else container.removeAttribute('title');
  };
  new (canvas ? scenegraph.CanvasRenderer : scenegraph.SVGRenderer)().initialize(container, chart.width, chart.height, chart.origin).background(chart.background).render(scene);
  new (canvas ? scenegraph.CanvasHandler : scenegraph.SVGHandler)(undefined, tooltip).initialize(container, chart.origin, null).scene(scene);
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
