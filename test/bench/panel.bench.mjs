// Benchmark (not a test) for the benchmark panel's webview (issue 6, "How fast"): in headless
// Chromium, the page the host builds (test/webview/harness.ts), with
//  1. first contentful paint of an empty panel, and of a panel restored from its saved state
//     holding a 10-system x 15-symbol fixture and a 300-task corpus view;
//  2. from the `results` message of that fixture to its table (10 rows) and matrix (150 cells)
//     in the DOM, and to the next frame (style, layout and paint done);
//  3. from the `corpus` message of the 300-task run to its table, and, with the Corpus tab open,
//     to every one of its charts drawn (vega, SVG), and the longest main-thread task meanwhile;
//  4. the longest main-thread task (PerformanceObserver 'longtask') while switching through every
//     tab, while a new panel draws the host's first answer, and while a restored panel opens (on
//     the Results tab, and on the Corpus tab drawing its charts) and hears the host's answer to
//     `ready` (issue 17: none over 50 ms).
// Charts reach the page as the host sends them: in a `charts` message after the `results` or
// `corpus` they belong to, compiled to a scenegraph (core/charts/compile.ts, in the theme the page
// reported); the compiling is the host's time, not the page's, and is not counted.
// Prints medians over BENCH_RUNS runs (5 by default), each in a fresh browser context.
//   npm run bench:panel
import { spawnSync } from 'node:child_process';
import { loadTs, ROOT } from './loadTs.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const { median } = await loadTs('numbers', ['src/core/numbers']);
const ms = (x) => `${x.toFixed(1)} ms`;

/** The same build the extension ships (dist/webview.js), then the harness and the generators bundled for Node. */
async function prepare() {
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('node esbuild.mjs failed');
  return loadTs('panel-harness', ['test/webview/harness', 'test/webview/generated']);
}

/** First contentful paint, once Chromium has reported it. */
async function firstContentfulPaint(page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
}

/** The longest main-thread task of the page since `since` (performance.now() of the page), from Chromium's long-task entries. */
async function longestSince(page, since) {
  return page.evaluate((since) => new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      resolve(Math.max(0, ...list.getEntries().filter((e) => e.startTime >= since).map((e) => e.duration)));
    });
    observer.observe({ type: 'longtask', buffered: true });
    // No long task at all: the observer is never called.
    setTimeout(() => {
      observer.disconnect();
      resolve(0);
    }, 200);
  }), since);
}

/** The message as the host posts it: the payload, then its charts compiled for the page in a message of their own. */
const asHost = (panel, message) => panel.compiled(message);

/** Posts messages to the page and waits until it has handled them. */
const post = (page, messages) => page.evaluate(async (ms) => {
  for (const m of ms) window.postMessage(m, '*');
  await window.__flush();
}, messages);

/**
 * Posts messages as VS Code delivers them: each in a task of its own, its data made anew in the page
 * (VS Code's webview host posts each message into the page's frame, a structured clone). Handed to
 * the page as JSON text: Playwright's own decoding of a megabyte argument is one long task of the
 * page's that VS Code never runs.
 */
const deliver = (page, messages) => page.evaluate((texts) => new Promise((resolve) => {
  let i = 0;
  const next = () => {
    if (i === texts.length) return resolve();
    window.postMessage(JSON.parse(texts[i++]), '*');
    setTimeout(next, 0);
  };
  next();
}), messages.map((m) => JSON.stringify(m)));

/** The longest main-thread task of a page given the host's answer, from its start until it has drawn what `drawn` waits for. */
async function restoredOpen(page, answer, drawn) {
  await deliver(page, answer);
  await drawn();
  await new Promise((r) => setTimeout(r, 100));
  return longestSince(page, 0);
}

/** Posts `message` and times it until the page holds `expect` ([selector, count] pairs), and until the frame after that. */
async function timeMessage(page, message, expect) {
  return page.evaluate(async ({ message, expect }) => {
    const done = () => expect.every(([selector, n]) => document.querySelectorAll(selector).length === n);
    const start = performance.now();
    window.postMessage(message, '*');
    await window.__flush();
    while (!done()) await new Promise((r) => setTimeout(r, 0));
    const dom = performance.now() - start;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { dom, frame: performance.now() - start };
  }, { message, expect });
}

const h = await prepare();
const fixture = h.bigFixture();
const corpus = h.bigCorpus();
const browser = await h.launchChromium();
const server = await h.startPanelServer();
const samples = {};
const add = (name, value) => (samples[name] ??= []).push(value);

try {
  for (let run = 0; run < RUNS; run++) {
    // 1. An empty panel, then one restored with everything in its state.
    let panel = await h.PanelPage.open(browser, server);
    add('first paint, empty panel', await firstContentfulPaint(panel.page));

    // 2. The fixture's results.
    await panel.send({ type: 'fixture', header: fixture.header, controls: fixture.controls });
    const [resultsMessage, fixtureCharts] = await asHost(panel, { type: 'results', results: fixture.results });
    const results = await timeMessage(panel.page, resultsMessage, [['table.results-table tbody tr', 10], ['table.matrix td.cell', 150]]);
    add('results -> table + matrix in DOM (10 x 15)', results.dom);
    add('results -> next frame', results.frame);
    await post(panel.page, [fixtureCharts]);

    // 3. The corpus: its table, then its charts with the tab open.
    const [corpusMessage, corpusCharts] = await asHost(panel, { type: 'corpus', corpus });
    const table = await timeMessage(panel.page, corpusMessage, [['table.corpus-table tbody tr', 10]]);
    add('corpus -> table in DOM (300 tasks)', table.dom);
    await post(panel.page, [corpusCharts]);
    const charts = await panel.page.evaluate(async (count) => {
      // The longest task meanwhile: how long the panel could not answer a click or a key.
      let longest = 0;
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
      });
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      document.querySelector('vscode-tab-header[data-tab="corpus"]').click();
      while (document.querySelectorAll('vscode-tab-panel[data-tab="corpus"] .chart :is(svg, canvas)').length < count) await new Promise((r) => setTimeout(r, 5));
      const drawn = performance.now() - start;
      await new Promise((r) => setTimeout(r, 50));
      observer.disconnect();
      return { drawn, longest };
    }, corpus.charts.length);
    add(`corpus tab -> ${corpus.charts.length} charts drawn (300 tasks x 10 systems)`, charts.drawn);
    add('  longest main-thread task meanwhile', charts.longest);

    // 4. Every tab in turn (their panes drawn as each opens), then back to Results.
    const switched = await panel.page.evaluate(() => performance.now());
    for (const tab of ['results', 'returned', 'charts', 'corpus', 'results']) {
      await panel.page.locator(`vscode-tab-header[data-tab="${tab}"]`).click();
      if (tab === 'charts') await panel.page.waitForFunction((n) => document.querySelectorAll('vscode-tab-panel[data-tab="charts"] .chart :is(svg, canvas)').length === n, fixture.results.charts.length);
      await new Promise((r) => setTimeout(r, 100));
    }
    add('longest main-thread task, switching through the tabs', await longestSince(panel.page, switched));
    const problems = await panel.problems();
    if (problems.length > 0) throw new Error(`the page reported problems:\n${problems.join('\n')}`);
    const state = await panel.page.evaluate(() => JSON.parse(sessionStorage.getItem('fixture-lab-test-state')));
    // What the host answers a restored page's `ready` with (charts made beforehand: the host caches them).
    // In the host's order: the fixture, the results, their charts, the corpus, its charts.
    const answer = [{ type: 'fixture', header: fixture.header, controls: fixture.controls }, resultsMessage, fixtureCharts, corpusMessage, corpusCharts];
    await panel.close();

    // A panel opened for the first time: no state, the host's answer to `ready` draws it all.
    panel = await h.PanelPage.open(browser, server);
    add('longest main-thread task, new panel, host\'s first answer', await restoredOpen(panel.page, answer,
      () => panel.page.waitForFunction(() => document.querySelectorAll('table.matrix td.cell').length === 150)));
    await panel.close();

    // The same page restored from that state, Results tab open: its first paint before any host
    // message, then the longest task until it has drawn the host's answer to `ready`.
    panel = await h.PanelPage.open(browser, server, { state: { ...state, tab: 'results' } });
    add('first paint, restored 10 x 15 fixture + 300-task corpus', await firstContentfulPaint(panel.page));
    add('longest main-thread task, restored panel opening (Results tab)', await restoredOpen(panel.page, answer,
      () => panel.page.waitForFunction(() => document.querySelectorAll('table.matrix td.cell').length === 150)));
    await panel.close();

    // Restored with the Corpus tab open: the page loads and draws from its state, the host answers
    // `ready`, and the page draws every chart.
    panel = await h.PanelPage.open(browser, server, { state: { ...state, tab: 'corpus' } });
    add('longest main-thread task, panel opening on the Corpus tab', await restoredOpen(panel.page, answer,
      () => panel.page.waitForFunction((n) => document.querySelectorAll('vscode-tab-panel[data-tab="corpus"] .chart :is(svg, canvas)').length === n,
        corpus.charts.length, { timeout: 60_000 })));
    await panel.close();
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(`benchmark panel webview, headless Chromium, median of ${RUNS} runs (dist/webview.js as built by node esbuild.mjs)`);
for (const [name, values] of Object.entries(samples)) {
  console.log(`  ${name.padEnd(58)} ${ms(median(values)).padStart(10)}   (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`);
}
