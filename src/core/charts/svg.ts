// Charts as SVG in Node (the CLI, FINDINGS.md): Vega-Lite compiled to Vega, run headless
// (renderer 'none': no canvas, no DOM) and serialized by Vega's own SVG string renderer.
// vega and vega-lite are ES modules with a top-level await (vega-canvas's optional
// `await import('canvas')`), which a CommonJS bundle cannot require(): they are loaded with
// import() when a chart is first drawn, and left external by esbuild.mjs's Node builds. That
// also keeps them off the extension's and CLI's start-up path.
import type { ChartView } from '../../shared/panelView';
import { chartConfig, type ChartTheme, LIGHT_THEME } from '../../shared/chartTheme';

type Vega = typeof import('vega');
type VegaLite = typeof import('vega-lite');

let loading: Promise<[VegaLite, Vega]> | undefined;

/** vega-lite and vega, imported once. */
export function chartLibraries(): Promise<[VegaLite, Vega]> {
  loading ??= Promise.all([import('vega-lite'), import('vega')]);
  return loading;
}

/** One chart as a standalone SVG document, in `theme`'s colors (the CLI's light theme by default). */
export async function renderSvg(chart: ChartView, theme: ChartTheme = LIGHT_THEME): Promise<string> {
  const [vl, vega] = await chartLibraries();
  const { spec } = vl.compile(chart.spec as unknown as Parameters<VegaLite["compile"]>[0], { config: chartConfig(theme) });
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return stableIds(await view.toSVG());
  } finally {
    view.finalize();
  }
}

/**
 * Vega numbers gradients and clip paths from counters that live as long as the process, so the
 * same chart drawn twice differed (`gradient_0`, then `gradient_8`). Numbered again from 0 in
 * each document, in order of first use, the same chart is the same bytes (a merged sharded run
 * equals one run: docs/scaling.md).
 */
function stableIds(svg: string): string {
  const renamed = new Map<string, string>();
  const used = new Map<string, number>();
  return svg.replace(/\b(gradient_|clip|pattern_)(\d+)\b/g, (id: string, prefix: string) => {
    if (!renamed.has(id)) {
      renamed.set(id, `${prefix}${used.get(prefix) ?? 0}`);
      used.set(prefix, (used.get(prefix) ?? 0) + 1);
    }
    return renamed.get(id)!;
  });
}
