// The panel's chart drawing (webview/charts.ts) in a real browser under a Content-Security-Policy
// as strict as a VS Code webview's, without 'unsafe-eval': headless Chromium (Debian's, as the
// integration suite uses) opens a page that loads the charts' bundle the panel loads
// (dist/webview-charts.js, as node esbuild.mjs built it), reads its theme from VS Code's variables
// (webview/theme.ts, bundled here as the webview is), and draws every corpus chart of a scored
// run compiled here in that theme, as the host compiles them (core/charts/compile.ts). A page's
// own CSP is enforced on the page's scripts, so everything, the drawing included, runs in nonce'd
// page scripts; a probe page first shows that this CSP does refuse `new Function`, so a clean run
// means Vega never needed it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { ChartView, compileCharts, corpusCharts } from '../../src/core';
import { SCRIPTED_SYSTEMS, scriptedRun } from '../helpers/scriptedRun';
import { tempDir } from '../helpers/tempDir';
import { launchChromium } from './harness';
import type { ChartTheme } from '../../src/shared/chartTheme';
import type { PageChart } from '../../src/shared/panelView';

const ROOT = resolve(__dirname, '../../..');
const ORIGIN = 'http://fixture-lab.test';
const NONCE = 'c2hhcnRz';
const CSP = `default-src 'none'; script-src 'nonce-${NONCE}'; style-src 'unsafe-inline'`;

/** A dark VS Code theme as the webview's CSS variables carry it. */
const VSCODE_VARIABLES = {
  '--vscode-foreground': '#cccccc',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-font-family': 'system-ui, sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-panel-border': '#2b2b2b',
  '--vscode-charts-lines': '#80808059',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-charts-yellow': '#cca700',
};

function page(body: string): string {
  const variables = Object.entries(VSCODE_VARIABLES).map(([k, v]) => `${k}: ${v};`).join(' ');
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<style>html { ${variables} }</style>
<script nonce="${NONCE}">
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
</script>
</head><body>${body}</body></html>`;
}

interface Drawn {
  id: string;
  error?: string;
  svg: boolean;
  role: string | null;
  label: string | null;
  /** Marks by their aria-roledescription. */
  marks: Record<string, number>;
  /** Their fill and stroke colors. */
  colors: string[];
  background: string | null;
}

describe('webview charts in Chromium under a CSP without unsafe-eval', function () {
  this.timeout(120_000);

  let browser: Browser | undefined;
  let dir: string;
  let charts: ChartView[];
  const files = new Map<string, { body: string; contentType: string }>();

  before(async function () {
    const run = await scriptedRun();
    charts = corpusCharts(run.scored, run.significance);
    dir = tempDir();
    // The page's theme reader, bundled as esbuild.mjs bundles the webview (an IIFE for the browser),
    // with a global name so the test page can call it.
    await esbuild.build({
      entryPoints: [join(ROOT, 'webview/theme.ts')],
      outfile: join(dir, 'theme.js'),
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      globalName: 'FixtureLabTheme',
      logLevel: 'silent',
    });
    files.set('/index.html', {
      contentType: 'text/html',
      body: page(`<main id="charts"></main>
<script nonce="${NONCE}" src="/charts.js"></script>
<script nonce="${NONCE}" src="/theme.js"></script>
<script nonce="${NONCE}">
  window.theme = window.FixtureLabTheme.themeFromCss(document.body);
  // The charts, compiled in that theme, come from the test as a host message would.
  window.draw = async (charts) => {
    const { renderChart } = window.FixtureLabCharts;
    const drawn = [];
    for (const chart of charts) {
      const container = document.createElement('div');
      document.getElementById('charts').append(container);
      try {
        await renderChart(container, chart);
        const marks = {};
        const colors = new Set();
        for (const m of container.querySelectorAll('svg [role="graphics-symbol"]')) {
          const kind = m.getAttribute('aria-roledescription');
          marks[kind] = (marks[kind] || 0) + 1;
          for (const a of ['fill', 'stroke']) if (m.getAttribute(a)) colors.add(m.getAttribute(a));
        }
        const svg = container.querySelector('svg');
        drawn.push({ id: chart.id, svg: Boolean(svg), role: container.getAttribute('role'), label: container.getAttribute('aria-label'), marks,
          colors: [...colors], background: svg && svg.style.backgroundColor });
      } catch (e) {
        drawn.push({ id: chart.id, error: String(e && e.stack || e), svg: false, marks: {}, colors: [] });
      }
    }
    return drawn;
  };
</script>`),
    });
    files.set('/probe.html', {
      contentType: 'text/html',
      body: page(`<script nonce="${NONCE}">
  try { window.probe = 'ran ' + new Function('return 1')(); } catch (e) { window.probe = e.name; }
</script>`),
    });
    files.set('/charts.js', { contentType: 'text/javascript', body: readFileSync(join(ROOT, 'dist', 'webview-charts.js'), 'utf8') });
    files.set('/theme.js', { contentType: 'text/javascript', body: readFileSync(join(dir, 'theme.js'), 'utf8') });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
  });

  /** Opens a page of `files` at ORIGIN, recording console errors and uncaught exceptions. */
  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(`${ORIGIN}/**`, (route) => {
      const file = files.get(new URL(route.request().url()).pathname);
      return file ? route.fulfill({ status: 200, contentType: file.contentType, body: file.body }) : route.fulfill({ status: 404, body: '' });
    });
    await page.goto(`${ORIGIN}${path}`);
    return { page, errors };
  }

  it('the page\'s CSP is in force: it refuses new Function', async () => {
    const { page, errors } = await open('/probe.html');
    assert.equal(await page.evaluate(() => (window as unknown as { probe: string }).probe), 'EvalError');
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    assert.ok(violations.some((v) => v.startsWith('script-src')), `a violation is reported: ${violations.join(',')}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws every corpus chart as SVG with its marks, labeled, in the VS Code theme, with no CSP violation', async () => {
    const { page, errors } = await open('/index.html');
    const theme = await page.evaluate(() => (window as unknown as { theme: ChartTheme }).theme);
    const compiled = await compileCharts(charts, theme);
    const drawn = await page.evaluate((c) => (window as unknown as { draw: (charts: PageChart[]) => Promise<Drawn[]> }).draw(c), compiled);
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    assert.deepEqual(violations, [], 'no CSP violation');
    assert.deepEqual(errors, [], 'no console error');

    assert.equal(theme.background, VSCODE_VARIABLES['--vscode-editor-background']);
    assert.deepEqual(theme.palette.slice(0, 2), [VSCODE_VARIABLES['--vscode-charts-blue'], VSCODE_VARIABLES['--vscode-charts-orange']]);
    assert.equal(theme.fontSize, 13);

    const systems = Object.keys(SCRIPTED_SYSTEMS).length;
    assert.deepEqual(drawn.map((d) => d.id), charts.map((c) => c.id));
    for (const d of drawn) {
      assert.equal(d.error, undefined, `${d.id}: ${d.error}`);
      assert.ok(d.svg, `${d.id}: an <svg>`);
      assert.equal(d.background, 'rgb(31, 31, 31)', `${d.id}: on the editor's background`);
      assert.equal(d.role, 'img');
      assert.equal(d.label, charts.find((c) => c.id === d.id)!.title);
    }
    const marks = (id: string) => drawn.find((d) => d.id === id)!.marks;
    const dataLength = (id: string) => (charts.find((c) => c.id === id)!.spec as { data: { values: unknown[] } }).data.values.length;
    assert.equal(marks('pr-curves').point, dataLength('pr-curves'), 'a point per K and system');
    assert.equal(marks('pr-curves')['line mark'], systems);
    const palette = Object.keys(VSCODE_VARIABLES).filter((k) => k.startsWith('--vscode-charts-') && k !== '--vscode-charts-lines');
    assert.deepEqual(drawn.find((d) => d.id === 'pr-curves')!.colors.sort(), palette.slice(0, systems).map((k) => VSCODE_VARIABLES[k as keyof typeof VSCODE_VARIABLES]).sort(), 'the systems in the theme\'s chart colors');
    assert.equal(marks('token-efficiency').point, dataLength('token-efficiency'));
    assert.equal(marks('p10-heatmap')['rect mark'], dataLength('p10-heatmap'));
    assert.equal(marks('p10-boxplot').box, systems);
    assert.equal(marks('p10-significance')['rect mark'], systems * (systems - 1));
    // The radar of §8.2, as the Corpus tab draws it: four rings and a polygon per system, a point per corner.
    assert.equal(marks('radar')['line mark'], 4 + systems);
    assert.equal(marks('radar').point, 6 * systems);
    await page.close();
  });
});
