// Charts made ready for the panel's page on the host: Vega-Lite compiled to Vega in the page's
// theme and run headless (renderer 'none'), and the resulting scenegraph sent with its size, so
// the page only draws it (webview/charts.ts). Compiling and running a 300-task chart held the
// page's main thread for 200-400 ms per chart (vega-lite, then Vega's dataflow through
// vega-interpreter, since the page may not eval). On the extension host the six charts of a
// 300-task corpus take about a second, a chart at a time with other work let in between, once per
// theme (cached). The page evaluates no expression at all, so its CSP still has no 'unsafe-eval'.
import { createHash } from 'node:crypto';
import type { ChartView, PageChart } from '../../shared/panelView';
import { chartConfig, type ChartTheme } from '../../shared/chartTheme';
import { chartLibraries } from './svg';

/** Charts made by theme and spec: the host sends the same charts again with every result. */
const cache = new Map<string, PageChart>();
const CACHE_MAX = 32;

/**
 * What the page needs of each scenegraph node: vega-scenegraph's own sceneToJSON keys (6.x), and
 * `tooltip`, made text here. Nothing else: no `href`, so no mark can become a link.
 */
const SCENE_KEYS = ['marktype', 'name', 'role', 'interactive', 'clip', 'items', 'zindex', 'x', 'y', 'width', 'height', 'align', 'baseline',
  'fill', 'fillOpacity', 'opacity', 'blend', 'stroke', 'strokeOpacity', 'strokeWidth', 'strokeCap', 'strokeDash', 'strokeDashOffset',
  'strokeForeground', 'strokeOffset', 'startAngle', 'endAngle', 'innerRadius', 'outerRadius', 'cornerRadius', 'padAngle',
  'cornerRadiusTopLeft', 'cornerRadiusTopRight', 'cornerRadiusBottomLeft', 'cornerRadiusBottomRight', 'interpolate', 'tension', 'orient', 'defined',
  'url', 'aspect', 'smooth', 'path', 'scaleX', 'scaleY', 'x2', 'y2', 'size', 'shape', 'text', 'angle', 'theta', 'radius', 'dir', 'dx', 'dy',
  'ellipsis', 'limit', 'lineBreak', 'lineHeight', 'font', 'fontSize', 'fontWeight', 'fontStyle', 'fontVariant',
  'description', 'aria', 'ariaRole', 'ariaRoleDescription', 'tooltip'];

/**
 * SVG keeps every mark in the DOM (each one labeled, and what the tests count) but costs the
 * page's main thread per mark: drawing a 10-system precision-recall curve (500 points, an SVG
 * element each) was a 40-75 ms task on the 2-core test machine, where the canvas draws it in under
 * 10 (issue 17: no task over 50 ms). Past this many data points a chart is drawn on a canvas, and
 * its marks carry no description each (a canvas shows none; they were a third of its scenegraph);
 * the chart keeps its title and description for screen readers, and its tooltips.
 */
export const SVG_MAX_POINTS = 400;

/** Data points of a spec's inline data. */
function pointsOf(spec: Record<string, unknown>): number {
  const values = (spec.data as { values?: unknown } | undefined)?.values;
  return Array.isArray(values) ? values.length : 0;
}

/** A tooltip as Vega's default handler shows it (`key: value` lines), as text. */
function tooltipText(value: unknown): string {
  const one = (v: unknown) => (Array.isArray(v) ? '[\u2026]' : v !== null && typeof v === 'object' && !(v instanceof Date) ? '{\u2026}' : String(v));
  if (Array.isArray(value)) return `[${value.map(one).join(', ')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.map(one).join(', ')}]` : one(v)}`).join('\n');
  }
  return String(value);
}

interface SceneNode {
  items?: SceneNode[];
  tooltip?: unknown;
}

/** Tooltips made text, and coordinates cut to a hundredth of a pixel: a third of a large scenegraph's bytes were digits nobody sees. */
function forThePage(node: SceneNode): void {
  if (node.tooltip !== undefined && node.tooltip !== null) node.tooltip = tooltipText(node.tooltip);
  const fields = node as unknown as Record<string, unknown>;
  for (const key of ['x', 'y', 'x2', 'y2', 'width', 'height', 'size']) {
    const v = fields[key];
    if (typeof v === 'number' && !Number.isInteger(v)) fields[key] = Math.round(v * 100) / 100;
  }
  for (const item of node.items ?? []) forThePage(item);
}

/** What vega-view keeps of a view's size privately; read as its own headless renderers read it (vega-view 6.x width(), height(), offset()). */
interface ViewSize {
  _viewWidth: number;
  _viewHeight: number;
  _origin: [number, number];
}

export async function compileChart(chart: ChartView, theme: ChartTheme): Promise<PageChart> {
  // A digest, not the text: a 300-task spec is a quarter of a megabyte.
  const key = createHash('sha256').update(JSON.stringify([theme, chart.id, chart.spec])).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: the first key is the one to drop.
    cache.delete(key);
    cache.set(key, hit);
    return { ...hit, title: chart.title };
  }
  const [vl, vega] = await chartLibraries();
  const renderer = pointsOf(chart.spec) > SVG_MAX_POINTS ? 'canvas' : 'svg';
  const config = renderer === 'canvas' ? { ...chartConfig(theme), aria: false } : chartConfig(theme);
  const { spec } = vl.compile(chart.spec as unknown as Parameters<typeof vl.compile>[0], { config });
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    await view.runAsync();
    const size = view as unknown as ViewSize;
    const padding = view.padding() as { top: number; bottom: number; left: number; right: number };
    const root = (view.scenegraph() as unknown as { root: SceneNode }).root;
    forThePage(root);
    const description = chart.spec.description;
    const made: PageChart = {
      id: chart.id,
      title: chart.title,
      ...(typeof description === 'string' ? { description } : {}),
      renderer,
      width: Math.max(0, size._viewWidth + padding.left + padding.right),
      height: Math.max(0, size._viewHeight + padding.top + padding.bottom),
      origin: [padding.left + size._origin[0], padding.top + size._origin[1]],
      background: String(view.background() ?? theme.background),
      scene: JSON.stringify(root, SCENE_KEYS),
    };
    cache.set(key, made);
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
    return made;
  } finally {
    view.finalize();
  }
}

/** Each chart in turn, the host's other work (hovers, lenses) let in between: a large one holds its thread for a few hundred ms. */
export async function compileCharts(charts: readonly ChartView[], theme: ChartTheme): Promise<PageChart[]> {
  const made: PageChart[] = [];
  for (const chart of charts) {
    made.push(await compileChart(chart, theme));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return made;
}
