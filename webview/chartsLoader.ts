// Loads the charts' bundle (charts.ts, as dist/webview-charts.js beside this page's script) the
// first time a chart is drawn: a panel that opens on its results never evaluates vega-scenegraph,
// and one that opens on a chart tab evaluates it in a task of its own, after the page has drawn.
// It comes as a second <script> carrying the page's nonce: the CSP stays nonce-only, nothing
// evaluated, no origin allowed to run script.
import type * as Charts from './charts';

declare global {
  interface Window {
    /** What the charts' bundle defines (esbuild's globalName, esbuild.mjs). */
    FixtureLabCharts?: typeof Charts;
  }
}

/** The name the charts' bundle has beside dist/webview.js (esbuild.mjs builds both). */
export const CHARTS_SCRIPT = 'webview-charts.js';

// Read while this bundle runs: afterwards document.currentScript is null.
const pageScript = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

let loading: Promise<typeof Charts> | undefined;

/** The charts' renderers, loaded once; a failed load is tried again on the next call. */
export function loadCharts(): Promise<typeof Charts> {
  loading ??= new Promise<typeof Charts>((resolve, reject) => {
    if (window.FixtureLabCharts) return resolve(window.FixtureLabCharts);
    if (!pageScript) return reject(new Error('the page has no script to load the charts beside'));
    const script = document.createElement('script');
    script.nonce = pageScript.nonce;
    script.src = new URL(CHARTS_SCRIPT, pageScript.src).href;
    script.addEventListener('load', () => (window.FixtureLabCharts ? resolve(window.FixtureLabCharts) : reject(new Error(`${CHARTS_SCRIPT} defined no charts`))));
    script.addEventListener('error', () => reject(new Error(`${CHARTS_SCRIPT} could not be loaded`)));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
