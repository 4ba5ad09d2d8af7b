// The panel's charts, drawn in the webview from the scenegraph the host made (core/charts/compile.ts:
// Vega-Lite compiled and run there, in this page's theme, which theme.ts tells it). The page
// evaluates no Vega expression, so its Content-Security-Policy needs no 'unsafe-eval'; and drawing a
// scenegraph is the only chart work left on its main thread. Only vega-scenegraph (vega's renderers)
// is bundled: the whole of vega was a third of a megabyte more. Even so it and the d3 it brings are
// over half of the page's script, so this module is a bundle of its own (dist/webview-charts.js,
// the global FixtureLabCharts), loaded by chartsLoader.ts when a chart is first drawn.
import { CanvasHandler, CanvasRenderer, sceneFromJSON, SVGHandler, SVGRenderer, type Scene, type Tooltip } from 'vega-scenegraph';
import type { PageChart } from '../src/shared/panelView';
import { showBidi } from '../src/shared/bidi';
import { yieldToPage } from './tasks';

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
