// The benchmark panel's webview in headless Chromium against recorded host sessions
// (test/fixtures/panel/): what it shows, what it posts, that fixture and system strings stay text,
// that the CSP holds, that it restores itself after a reload, and that it works by keyboard.
// Screenshots land in test-artifacts/screens-panel/panel-*.png (not the main VS Code pass's screens/,
// which that pass empties when it starts, beside the unit tests); the speed figures are logged only
// (npm run bench:panel measures them properly).
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { nonce, panelCsp, panelHtml } from '../../src/extension/harness/html';
import type { HostMessage } from '../../src/shared/protocol';
import { returnedPage } from '../../src/core/panelView/returned';
import { bigCorpus, bigFixture, contestedPayload, demoGranularityResults, honestPayload, longLists } from './generated';
import { SILENT_WARNING } from '../helpers/honestSystems';
import { FORM } from './hostSession';
import { fmt } from '../../src/shared/figures';
import { launchChromium, panelContext, PanelPage, PanelServer, recording, ROOT, SentMessage, startPanelServer, ThemeName, THEMES } from './harness';

const SCREENS = join(ROOT, 'test-artifacts', 'screens-panel');
const IMAGES = join(ROOT, 'docs', 'images');

describe('panelHtml', () => {
  it('builds a page with a strict CSP and the nonce on its only script', () => {
    const html = panelHtml({ scriptUri: 'https://x.vscode-cdn.net/dist/webview.js', styleUri: 'https://x.vscode-cdn.net/media/panel.css', cspSource: 'https://x.vscode-cdn.net', nonce: 'abc123' });
    const csp = panelCsp('https://x.vscode-cdn.net', 'abc123');
    assert.equal(csp, "default-src 'none'; img-src https://x.vscode-cdn.net data:; style-src https://x.vscode-cdn.net; font-src https://x.vscode-cdn.net; script-src 'nonce-abc123';");
    assert.ok(html.includes(`content="${csp.replace(/'/g, "'")}"`));
    assert.doesNotMatch(html, /unsafe-(inline|eval)/);
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.match(html, /<script nonce="abc123" src="https:\/\/x\.vscode-cdn\.net\/dist\/webview\.js"><\/script>/);
    assert.doesNotMatch(html, /<style|style=|\bon[a-z]+=/i);
    assert.doesNotMatch(html, /vscode-codicon-stylesheet/);
    assert.match(panelHtml({ scriptUri: 's', styleUri: 'c', codiconsUri: 'i"x', cspSource: 'o', nonce: 'n' }), /<link rel="stylesheet" id="vscode-codicon-stylesheet" href="i&quot;x">/);
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const a = nonce();
    assert.match(a, /^[0-9a-f]{32}$/);
    assert.notEqual(a, nonce());
  });
});

describe('benchmark panel webview (headless Chromium)', function () {
  let browser: Browser;
  // One context for the file (panelContext), a fresh page in it for each test (PanelPage.open).
  let context: BrowserContext;
  let server: PanelServer;
  let panel: PanelPage | undefined;

  before(async () => {
    browser = await launchChromium();
    server = await startPanelServer();
    context = await panelContext(browser, server);
    mkdirSync(SCREENS, { recursive: true });
    mkdirSync(IMAGES, { recursive: true });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  afterEach(async function () {
    if (!panel) return;
    // Every test: no CSP violation, no console error, no exception in the page.
    const problems = await panel.problems();
    if (this.currentTest?.state === 'failed') await panel.page.screenshot({ path: join(SCREENS, `panel-failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}.png`), fullPage: true }).catch(() => undefined);
    await panel.close();
    panel = undefined;
    assert.deepEqual(problems, []);
  });

  const open = async (theme: ThemeName = 'dark') => (panel = await PanelPage.open(context, server, { theme }));
  const text = (selector: string) => panel!.page.locator(selector).first().textContent();
  const texts = (selector: string) => panel!.page.locator(selector).allTextContents();
  /** The cells of the table row whose header is `name` (system or symbol). */
  const row = (table: string, name: string) => panel!.page.locator(`table.${table} tbody tr`).filter({ has: panel!.page.locator('th', { hasText: name }) }).locator('td').allTextContents();
  const tab = (id: string) => panel!.page.locator(`vscode-tab-header[data-tab="${id}"]`).click();
  /**
   * The recorded session as the person had it: the panel opens, they pick the run form's choices
   * (the default systems and budget, `bounded` matching), press Run, and the run's messages come.
   */
  const asRecorded = async (p: PanelPage) => {
    const messages = recording('easy-01-run');
    const start = messages.findIndex((m) => m.type === 'runStarted');
    await p.send(...messages.slice(0, start));
    await p.page.locator('#run-match').selectOption(FORM.match);
    await p.page.locator('button.run').click();
    assert.deepEqual((await p.posted()).filter((m) => m.type === 'run'), [{ type: 'run', ...FORM }]);
    // As the person then looks at the results: nothing focused or hovered, the page at its top.
    await p.page.mouse.move(0, 0);
    await p.page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await p.send(...messages.slice(start));
  };

  it('shows the fixture, the results table, the matrix and the returned lists of a recorded run', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    assert.equal(await text('.fixture-id'), 'bookshop-easy-01');
    assert.match((await text('.task'))!, /^Orders of five or more books should get 10% off automatically/);
    assert.deepEqual(await texts('.tags li'), ['python', 'pricing', 'single-package']);
    assert.equal(await text('.tier'), 'easy');
    assert.equal(await text('.kappa-value'), '\u03ba 0.550');
    assert.equal(await text('.kappa .band'), 'weak');
    assert.equal(await text('.ground-truth'), 'Ground truth: 5 symbols (3 HIGH, 2 MEDIUM)');

    // Table: one row per system, metrics to three decimals, en dash for none, status and source.
    assert.deepEqual(await texts('table.results-table tbody th'), ['grep', 'bm25', 'codegraph', 'knowing']);
    assert.deepEqual(await texts('table.results-table thead th'), ['System', 'P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'MRR', 'F1@10', 'Judged@10', 'Tokens', 'Tok. eff.', 'Index ms', 'Cold ms', 'Warm ms', 'Status', 'Source']);
    const bm25 = await row('results-table', 'bm25');
    assert.deepEqual(bm25.slice(0, 7), ['0.800', '0.400', '0.200', '0.800', '0.869', '1.000', '0.533']);
    // Judged@10: 5 of bm25's 6 symbols are judged, under 0.9: a warning beside the figure.
    assert.equal(bm25[7], '0.833 under 0.9');
    assert.equal(bm25[8], '414');
    assert.match(bm25[9], /^0\.\d{3}$/);
    assert.deepEqual(bm25.slice(13), ['ok', 'this run']);
    const codegraph = await row('results-table', 'codegraph');
    assert.deepEqual(codegraph.slice(10, 15), ['8,123', '413', '88', 'ok', 'recorded: run-20261101-120000']);
    const knowing = await row('results-table', 'knowing');
    assert.equal(knowing[13], 'timed outindex: index timed out after 30 min; the process tree was killed');
    assert.equal(await text('table.results-table .status-timeout + .error-message'), 'index: index timed out after 30 min; the process tree was killed');
    assert.deepEqual(knowing.slice(10, 13), ['\u2013', '\u2013', '\u2013']);

    // Matrix: ranks, `> K (rank)` below the cut, missed with the category of the miss (the run's analysis).
    assert.deepEqual(await texts('table.matrix thead th'), ['Ground truth', 'Confidence', 'grep', 'bm25', 'codegraph', 'knowing']);
    assert.deepEqual(await row('matrix', 'shop/pricing.apply_discount'), ['HIGH', '4', '2', '1', 'missedtimeout']);
    assert.deepEqual(await row('matrix', 'shop/models.LineItem'), ['MEDIUM', 'missedvocabulary miss', 'missedvocabulary miss', '> 10 (15)', 'missedtimeout']);
    assert.equal(await panel!.page.locator('table.matrix td.cell-below').count(), 2);

    // The run's progress ended.
    assert.equal(await text('.run-summary'), 'Run finished: run-20261127-132708');
    assert.deepEqual(await texts('.progress-text'), ['done 1/1', 'done 1/1']);

    // Returned lists: hits marked, the credited ground truth beside each, notes.
    await tab('returned');
    const list = p.page.locator('.returned-list').filter({ has: p.page.locator('h3', { hasText: 'codegraph' }) });
    assert.equal(await list.locator('.list-summary').textContent(), '15 returned, 4 hits');
    // Bounded matching credits the class with a member of it.
    const second = await list.locator('tbody tr').nth(1).locator('td').allTextContents();
    assert.deepEqual(second, ['2', 'shop/cart.Cart', '\u2713 hit', 'shop/cart.Cart.subtotal', '']);
    assert.deepEqual(await list.locator('tbody tr').nth(2).locator('td').allTextContents(), ['3', 'shop/pricing.apply_discount', '', '', 'duplicate']);
    const bm25List = p.page.locator('.returned-list').filter({ has: p.page.locator('h3', { hasText: 'bm25' }) });
    assert.deepEqual(await bm25List.locator('tbody tr').nth(4).locator('td').allTextContents(), ['5', 'shop/cart.Cart', '', '', 'already credited']);
    assert.match((await p.page.locator('.returned-list', { hasText: 'knowing' }).locator('.placeholder').textContent())!, /^Nothing returned: timed out: index: index timed out after 30 min/);

    // Charts and the corpus view, drawn by charts.ts when their tab opens.
    await tab('charts');
    await p.page.locator('[data-chart="pr-curve"] svg').waitFor();
    assert.deepEqual(await texts('vscode-tab-panel[data-tab="charts"] figcaption'), ['Precision-recall', 'Tokens consumed vs recall']);
    await tab('corpus');
    assert.deepEqual(await texts('table.corpus-table tbody th'), ['bm25', 'grep']);
    assert.deepEqual((await row('corpus-table', 'bm25')).slice(0, 3), ['8', '0.475', '0.313']);
    // Charts are drawn one after another, the page answering in between: wait for the last.
    await p.page.locator('[data-chart="p10-significance"] svg').waitFor();
    assert.deepEqual(await p.page.locator('vscode-tab-panel[data-tab="corpus"] .chart').evaluateAll((charts) => charts.map((c) => c.getAttribute('data-chart'))),
      ['pr-curves', 'token-efficiency', 'p10-heatmap', 'p10-boxplot', 'radar', 'p10-significance']);
    assert.equal(await p.page.locator('vscode-tab-panel[data-tab="corpus"] .chart svg').count(), 6);
  });

  it('draws the results table from `results` alone, and the charts when their own message comes after it', async () => {
    const p = await open();
    const [fixture, ...rest] = recording('easy-01-run').filter((m) => m.type === 'fixture' || m.type === 'results');
    const [results, charts] = await p.compiled(rest.at(-1)!);
    assert.equal(results.type, 'results');
    assert.ok(!JSON.stringify(results).includes('"scene"'), 'the results message carries no scenegraph');
    assert.ok(charts.type === 'charts' && charts.pane === 'fixture' && charts.charts.length === 2);
    await p.send(fixture, results);
    assert.equal(await p.page.locator('table.results-table tbody tr').count(), 4, 'the table is drawn before any chart came');
    await tab('charts');
    assert.deepEqual(await texts('vscode-tab-panel[data-tab="charts"] .placeholder'), ['No charts yet: run systems on this fixture.']);
    await p.send(charts);
    await p.page.locator('[data-chart="pr-curve"] svg').waitFor();
    // Results again without charts (the host sends charts only when they change): the charts stay.
    await p.send(results);
    assert.deepEqual(await texts('vscode-tab-panel[data-tab="charts"] figcaption'), ['Precision-recall', 'Tokens consumed vs recall']);
    // The corpus's charts go to the Corpus tab, not the fixture's.
    await p.send({ type: 'charts', pane: 'corpus', charts: [] });
    assert.equal(await p.page.locator('vscode-tab-panel[data-tab="charts"] .chart svg').count(), 2);
  });

  it('shows a returned list credited anew when the results are scored under another matching rule', async () => {
    const p = await open();
    const messages = recording('easy-01-run');
    const results = messages.filter((m) => m.type === 'results');
    // The panel opens under `symbol` matching; the run is scored `bounded`: bm25's list is the same symbols, credited otherwise.
    await p.send(messages[0], results[0]);
    await tab('returned');
    const bm25 = p.page.locator('.returned-list').filter({ has: p.page.locator('h3', { hasText: 'bm25' }) });
    const fifth = () => bm25.locator('tbody tr').nth(4).locator('td').allTextContents();
    assert.deepEqual(await fifth(), ['5', 'shop/cart.Cart', '', '', '']);
    await p.send(results.at(-1)!);
    assert.deepEqual(await fifth(), ['5', 'shop/cart.Cart', '', '', 'already credited']);
  });

  it('loads the charts\' renderers only when it first draws a chart: once, as a second script with the page\'s nonce', async () => {
    const p = await open();
    const loaded = () => p.page.evaluate(() => ({ scripts: [...document.scripts].map((s) => new URL(s.src).pathname).sort(), charts: 'FixtureLabCharts' in window }));
    await p.send(...recording('easy-01-run'));
    assert.deepEqual(await loaded(), { scripts: ['/webview.js'], charts: false }, 'the results are drawn with no chart shown: not loaded');
    await tab('charts');
    await p.page.locator('vscode-tab-panel[data-tab="charts"] .chart svg').first().waitFor();
    await tab('corpus');
    await p.page.locator('vscode-tab-panel[data-tab="corpus"] .chart svg').first().waitFor();
    assert.deepEqual(await loaded(), { scripts: ['/webview-charts.js', '/webview.js'], charts: true });
    assert.deepEqual(await p.problems(), [], 'no CSP violation: the page\'s nonce is on it');
  });

  it('says in each chart why it could not be drawn when the charts\' script cannot load, and loads it on the next draw', async () => {
    const p = await open();
    await p.page.route('**/webview-charts.js', (route) => route.abort());
    await p.send(...recording('easy-01-run'));
    await tab('charts');
    await p.page.locator('vscode-tab-panel[data-tab="charts"] .chart .error-message').first().waitFor();
    assert.deepEqual(new Set(await texts('vscode-tab-panel[data-tab="charts"] .chart .error-message')), new Set(['This chart could not be drawn: webview-charts.js could not be loaded']));
    // The next charts (a theme change, a new run) try again.
    await p.page.unroute('**/webview-charts.js');
    await p.send(...recording('easy-01-run').filter((m) => m.type === 'results'));
    await p.page.locator('vscode-tab-panel[data-tab="charts"] .chart svg').first().waitFor();
    assert.equal(await p.page.locator('vscode-tab-panel[data-tab="charts"] .chart .error-message').count(), 0);
    // The one problem is Chromium's own line for the refused load: taken here, so afterEach sees none else.
    assert.deepEqual(p.errors.splice(0), ['console: Failed to load resource: net::ERR_FAILED']);
  });

  it('shows each system running while a run is on, with Run disabled and Cancel enabled', async () => {
    const p = await open();
    const messages = recording('easy-01-run');
    // Up to grep's answer, and the fixture and results the host sends after it.
    await p.send(...messages.slice(0, messages.findIndex((m) => m.type === 'progress' && m.system === 'grep') + 3));
    assert.deepEqual(await texts('.progress-text'), ['done 1/1', 'waiting']);
    // Until its answer of this run comes, bm25's row is its answer of the corpus run on disk.
    assert.deepEqual((await row('results-table', 'bm25')).slice(13), ['ok', 'recorded: run-20261127-132613']);
    assert.deepEqual((await row('results-table', 'grep')).slice(13), ['ok', 'this run']);
    assert.equal(await p.page.locator('button.run').evaluate((b) => (b as HTMLElement & { disabled: boolean }).disabled), true);
    assert.equal(await p.page.locator('button.cancel').evaluate((b) => (b as HTMLElement & { disabled: boolean }).disabled), false);
    await p.page.locator('button.cancel').click();
    assert.deepEqual((await p.posted()).filter((m) => m.type === 'cancel'), [{ type: 'cancel' }]);
    await p.send({ type: 'runFinished', cancelled: true });
    assert.equal(await text('.run-summary'), 'Run cancelled.');
    // The system the run stopped says so, in the warning colour: never "done" in green.
    assert.deepEqual(await texts('.progress-text'), ['done 1/1', 'cancelled 0/1']);
    assert.deepEqual(await p.page.locator('.progress-line').evaluateAll((lines) => lines.map((l) => l.className)), ['progress-line done', 'progress-line cancelled']);
    assert.equal(await p.page.locator('button.cancel').evaluate((b) => (b as HTMLElement & { disabled: boolean }).disabled), true);
  });

  it('posts run with the chosen systems, budget and matching rule', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    // Unavailable systems are shown disabled, with their reason.
    // Its reason as core words it, the backticked program shown as code, no backtick left.
    assert.deepEqual(await texts('.system.unavailable .reason'), ['system codegraph: codegraph is not installed (not on PATH)', 'system knowing: knowing is not installed (not on PATH)']);
    assert.deepEqual(await texts('.system.unavailable .reason code'), ['codegraph', 'knowing']);
    assert.equal(await p.page.locator('.system.unavailable input[type=checkbox][disabled]').count(), 2);
    await p.page.locator('input[type=checkbox][value="grep"]').click();
    await p.page.locator('#run-budget').selectOption({ label: '10,000 tokens' });
    await p.page.locator('#run-match').selectOption({ label: 'lenient' });
    await p.clearPosted();
    await p.page.locator('button.run').click();
    assert.deepEqual(await p.posted(), [{ type: 'run', systems: ['bm25'], budget: 10000, match: 'lenient' }]);
    // The choice survives the host's next controls (it resends them with every result).
    await p.send(recording('easy-01-run')[0]);
    await p.clearPosted();
    await p.page.locator('button.run').click();
    assert.deepEqual(await p.posted(), [{ type: 'run', systems: ['bm25'], budget: 10000, match: 'lenient' }]);
  });

  it('Check posts the chosen systems and budget, and shows the check\'s text as text while Check waits', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    await p.page.locator('#run-budget').selectOption({ label: '2,000 tokens' });
    await p.clearPosted();
    await p.page.locator('button.check').click();
    assert.deepEqual(await p.posted(), [{ type: 'checkSystems', systems: ['grep', 'bm25'], budget: 2000 }]);
    await p.send({ type: 'systemsCheck', status: 'running', text: 'checking bm25, grep…' });
    assert.equal(await p.page.locator('button.check').evaluate((b) => (b as HTMLElement & { disabled: boolean }).disabled), true);
    // A system's words are untrusted: markup in them stays text.
    const result = 'mine (command): UNMAPPED: returned 17 names, 0 exist at 5addaf8: check `parse`\n  warning:  <img src=x onerror="alert(1)"> [a](command:x)';
    await p.send({ type: 'systemsCheck', status: 'done', text: result });
    assert.equal(await p.page.locator('.check-result').textContent(), result);
    assert.equal(await p.page.locator('.check-result img, .check-result a').count(), 0);
    assert.equal(await p.page.locator('button.check').evaluate((b) => (b as HTMLElement & { disabled: boolean }).disabled), false);
  });

  it('shows the form disabled, with the reason, when running is not allowed (Restricted Mode)', async () => {
    const p = await open();
    await p.send(...recording('restricted'));
    assert.equal(await text('.disabled-reason'), 'Running retrieval systems executes commands: trust this workspace to run them.');
    assert.equal(await p.page.locator('.disabled-reason').isVisible(), true);
    const disabled = await p.page.locator('.run-form input, .run-form select, .run-form button').evaluateAll((els) => els.map((e) => (e as HTMLElement & { disabled: boolean }).disabled));
    assert.ok(disabled.length >= 6 && disabled.every(Boolean), JSON.stringify(disabled));
    await p.clearPosted();
    await p.page.locator('button.run').click({ force: true });
    await p.page.locator('button.run').press('Enter');
    assert.deepEqual(await p.posted(), []);
    assert.match((await text('.results-pane .placeholder'))!, /No results for this fixture yet/);
  });

  it('shows an empty state when no fixture is open', async () => {
    const p = await open();
    await p.send(...recording('no-fixture'));
    assert.equal(await text('.empty-state h1'), 'No fixture open');
    assert.match((await text('.results-pane .placeholder'))!, /Open a fixture/);
  });

  it('shows markup in a task, a returned symbol and an error message as text, and runs none of it', async () => {
    const p = await open();
    const script = '<script>window.__pwned=1</script>';
    const img = '<img src=x onerror="window.__pwned=2">';
    await p.send(...recording('hostile'));
    assert.equal(await text('.task'), `Fix the discount cap ${script} and ${img} in pricing.`);
    assert.ok((await texts('.tags li')).includes(img));
    assert.equal(await text('table.results-table .error-message'), `bm25 crashed: ${script} ${img}`);
    await tab('returned');
    assert.deepEqual((await texts('.returned-list button.symbol')), [script, 'shop/pricing.apply_discount', img]);
    // Nothing became an element: one script (the bundle), no image, and nothing ran.
    assert.equal(await p.page.locator('script').count(), 1);
    assert.equal(await p.page.locator('img').count(), 0);
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined);
    // Opening such a symbol sends its text as is, for the host to look up.
    await p.clearPosted();
    await p.page.locator('.returned-list button.symbol').first().click();
    assert.deepEqual(await p.posted(), [{ type: 'openSymbol', symbol: script }]);
  });

  it('shows bidi controls in a task, a returned symbol and an error message as visible escapes, and posts the symbol as is', async () => {
    const p = await open();
    // `exe.<RLO>gpj` reads as `exe.jpg` backwards when the override is honoured.
    const messages = JSON.parse(JSON.stringify(recording('hostile')).replaceAll('window.__pwned=1', 'exe.\u202Egpj\u2066x\u2069\u200F')) as HostMessage[];
    await p.send(...messages);
    const shown = 'exe.\\u202Egpj\\u2066x\\u2069\\u200F';
    assert.equal(await text('.task'), `Fix the discount cap <script>${shown}</script> and <img src=x onerror="window.__pwned=2"> in pricing.`);
    assert.equal(await text('table.results-table .error-message'), `bm25 crashed: <script>${shown}</script> <img src=x onerror="window.__pwned=2">`);
    await tab('returned');
    assert.equal((await texts('.returned-list button.symbol'))[0], `<script>${shown}</script>`);
    assert.equal(await p.page.locator('.returned-list button.symbol').first().getAttribute('title'), `Open <script>${shown}</script>`);
    // No bidi control is left anywhere in what the page shows.
    assert.doesNotMatch(await p.page.evaluate(() => document.body.innerText), /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    await p.clearPosted();
    await p.page.locator('.returned-list button.symbol').first().click();
    assert.deepEqual(await p.posted(), [{ type: 'openSymbol', symbol: '<script>exe.\u202Egpj\u2066x\u2069\u200F</script>' }]);
  });

  it('shows raw agreement and AC1 beside kappa once a review has finished, and not before', async () => {
    const { header, controls } = longLists([3]);
    const p = await open();
    await p.send({ type: 'fixture', header: { ...header, kappa: 0.2, band: 'weak', percent: 0.9, ac1: 0.884 }, controls });
    assert.equal(await text('.kappa-value'), '\u03ba 0.200');
    assert.equal(await text('.kappa-figures'), '90.0% agree \u00b7 AC1 0.884');
    await p.send({ type: 'fixture', header: { ...header, kappa: null, band: null }, controls });
    assert.equal(await p.page.locator('.kappa-figures').count(), 0);
  });

  it('shows Judged@10 beside the scores with a warning under 0.9, the range of each headline metric over the contested labels, flips and ties', async () => {
    const c = contestedPayload();
    const p = await open();
    await p.send({ type: 'fixture', header: c.header, controls: c.controls }, { type: 'results', results: { ...c.results, charts: [] } });
    const heads = await texts('table.results-table thead th');
    const at = heads.indexOf('Judged@10');
    assert.equal(heads[at - 1], 'F1@10', 'beside the scores');
    const cell = async (system: string) => (await row('results-table', system))[at - 1];
    assert.equal(await cell('narrow'), '1.000');
    assert.equal(await cell('loose'), '0.100 under 0.9');
    assert.equal(await p.page.locator('table.results-table .judged-low').count(), 1);
    // The ranges: as settled [least, most] of settled, every contested item included, every one excluded.
    assert.match((await text('table.sensitivity-table caption'))!, /3 contested items, 3 open$/);
    const rangeHeads = await texts('table.sensitivity-table thead th');
    assert.deepEqual(rangeHeads, ['System', 'P@10', 'R@10', 'NDCG@10', 'MRR']);
    assert.equal((await row('sensitivity-table', 'narrow'))[1], '1.000 [0.400, 1.000]');
    assert.equal((await row('sensitivity-table', '<b>wide</b>'))[1], '0.500 [0.500, 0.800]');
    const flips = await texts('.score-checks .check.flips li');
    assert.ok(flips.includes('R@10: <b>wide</b> ahead with every contested item included (0.800 vs 0.400), narrow ahead as settled (1.000 vs 0.500)'), flips.join('\n'));
    assert.deepEqual(flips, c.results.checks!.sensitivity.flips);
    assert.match((await text('.score-checks .check.unjudged li'))!, /^loose: Judged@10 0\.100, under 0\.9: 9 symbols in its first 10 that no rater judged/);
    assert.deepEqual(await texts('.score-checks .check.ties li'), ['loose on t-contested: 1 symbol inside the first 10 and 1 past it share the score 1, so which of them count at 10 is the system\'s tie-break']);
    assert.equal(await p.page.locator('.results-pane b').count(), 0, 'a system\'s name stays text');
    await p.page.screenshot({ path: join(SCREENS, 'panel-score-checks.png'), fullPage: true });

    // The corpus tab: the corpus's agreement (kappa, raw agreement, AC1, twice), Judged@10 and the same checks.
    await p.send({ type: 'corpus', corpus: { ...c.corpus, charts: [] } });
    await tab('corpus');
    const a = c.corpus.agreement!;
    assert.equal(await text('.corpus-agreement .agreement-all'),
      `Agreement: \u03ba ${fmt(a.kappa)} \u00b7 ${(100 * a.percent!).toFixed(1)}% agree \u00b7 AC1 ${fmt(a.ac1)} over 7 items of 1 reviewed task`);
    assert.equal(await text('.corpus-agreement .agreement-labeled'),
      `Labeled only: \u03ba ${fmt(a.labeledOnly.kappa)} \u00b7 ${(100 * a.labeledOnly.percent!).toFixed(1)}% agree \u00b7 AC1 ${fmt(a.labeledOnly.ac1)} over 5 items`);
    const corpusHeads = await texts('table.corpus-table thead th');
    assert.equal((await row('corpus-table', 'loose'))[corpusHeads.indexOf('Judged@10') - 1], '0.100 under 0.9');
    assert.deepEqual(await texts('.corpus-pane .check.ties li'), c.results.checks!.ties);
    assert.equal(await p.page.locator('.corpus-pane table.sensitivity-table tbody tr').count(), 3);
  });

  it('says which systems returned nothing, unmapped names or more tokens than the budget, with the system\'s own warning, on the fixture and the corpus', async function () {
    this.timeout(180_000);
    // A real run (test/helpers/honestSystems.ts) read from its folder and made into payloads by the host's functions.
    const c = await honestPayload();
    const p = await open();
    await p.send({ type: 'fixture', header: c.header, controls: c.controls }, { type: 'results', results: { ...c.results, charts: [] } });
    assert.equal(await text('.results-pane .check.health .check-lead'), 'System health: these scores are not all retrieval.');
    assert.deepEqual(await texts('.results-pane .check.health li'), [
      'silent returned no symbols on 1 of 1 answer: its scores are zeros of a degraded system, not a measure of its retrieval. It warned: '
        + `"${SILENT_WARNING}"`,
      'unmapped returned only names that do not exist at the revision on 1 of 1 answer: its scores measure a parse that maps nothing '
        + '(check `parse`), not a measure of its retrieval.',
      'verbose went over its token budget on 1 of 1 answer (up to 3,048 tokens at a budget of 2,000): it has no budget control, and is not '
        + 'credited with the budget.',
    ]);
    const heads = await texts('table.results-table thead th');
    const cell = async (system: string, column: string) => (await row('results-table', system))[heads.indexOf(column) - 1];
    assert.equal(await cell('verbose', 'Tokens'), '3,048 over budget');
    assert.doesNotMatch(await cell('silent', 'Tokens'), /over budget/, 'within its budget: no flag');
    assert.equal(await cell('silent', 'Status'), `okdegraded: no symbols returned` + `it warned: ${SILENT_WARNING}`);
    assert.equal(await cell('unmapped', 'Status'), 'okunmapped output: no returned name exists at the revision');
    assert.equal(await p.page.locator('table.results-table .over-budget').count(), 1);
    await p.page.screenshot({ path: join(SCREENS, 'panel-system-health.png'), fullPage: true });

    // The corpus view: the same lines over both tasks.
    await p.send({ type: 'corpus', corpus: { ...c.corpus, charts: [] } });
    await tab('corpus');
    const corpusLines = await texts('.corpus-pane .check.health li');
    assert.equal(corpusLines.length, 3, corpusLines.join('\n'));
    assert.match(corpusLines[0], /^silent returned no symbols on 2 of 2 answers: its scores are zeros of a degraded system/);
    assert.match(corpusLines[2], /^verbose went over its token budget on 2 of 2 answers \(up to 3,048 tokens at a budget of 2,000\)/);

    // A raw answer that does not read is said to be left out of the corpus's scores, as text.
    const left = 'results/run-1/raw/grep/<b>t</b>.json: not JSON [x](command:evil)';
    await p.send({ type: 'corpus', corpus: { ...c.corpus, charts: [], checks: { ...c.corpus.checks!, damaged: [left] } } });
    assert.match(await text('.corpus-pane .check.damaged .check-lead') ?? '', /^Left out of these scores: answers whose raw files do not read/);
    assert.deepEqual(await texts('.corpus-pane .check.damaged li'), [left]);
    assert.equal(await p.page.evaluate(() => document.querySelectorAll('.corpus-pane .check.damaged b, .corpus-pane .check.damaged a').length), 0);
  });

  it('says nothing is contested when the raters agreed, and shows no checks for results without them', async () => {
    const c = contestedPayload();
    const p = await open();
    const agreed = { ...c.results.checks!, sensitivity: { ...c.results.checks!.sensitivity, contested: 0, open: 0, flips: [] }, unjudged: [], ties: [] };
    await p.send({ type: 'fixture', header: c.header, controls: c.controls }, { type: 'results', results: { ...c.results, charts: [], checks: agreed } });
    assert.equal(await text('.score-checks .sensitivity-none'), 'Nothing is contested: no score here depends on a settlement.');
    assert.equal(await p.page.locator('.score-checks .check').count(), 0);
    await p.send({ type: 'results', results: { ...c.results, charts: [], checks: undefined } });
    assert.equal(await p.page.locator('.score-checks').count(), 0);
  });

  it('shows the first 200 of a 100,000-symbol answer with a control for more, and pages in more on request', async () => {
    const long = longLists([100_000, 450]);
    const p = await open();
    const sent: SentMessage[] = [{ type: 'fixture', header: long.header, controls: long.controls }, { type: 'results', results: long.results }];
    assert.ok(JSON.stringify(sent).length < 200_000);
    await p.send(...sent);
    await tab('returned');
    const list = (system: string) => p.page.locator('.returned-list').filter({ has: p.page.locator('h3', { hasText: system }) });
    const big = list('system-01');
    const hits = long.full.lists[0].items.filter((i) => i.relevant).length;
    assert.equal(await big.locator('.list-summary').textContent(), `100,000 returned, ${hits} hit${hits === 1 ? '' : 's'}`);
    assert.equal(await big.locator('tbody tr').count(), 200);
    assert.ok((await p.page.locator('button.symbol').count()) <= 2 * 200 + 15, 'no more buttons than two pages and the matrix');
    assert.equal(await big.locator('.list-shown').textContent(), 'Showing 1\u2013200 of 100,000');
    assert.equal(await big.locator('.show-all').count(), 0, 'no "show all" for 100,000 rows');

    // Show more: the page asks the host for the next page, and appends it when it comes.
    await p.clearPosted();
    await big.locator('.show-more').click();
    assert.deepEqual(await p.posted(), [{ type: 'moreReturned', system: 'system-01', from: 200 }]);
    await p.send({ type: 'returnedPage', fixture: long.full.fixture, page: returnedPage(long.full.lists[0], 200) });
    assert.equal(await big.locator('tbody tr').count(), 400);
    assert.deepEqual(await big.locator('tbody tr').nth(399).locator('td').first().allTextContents(), ['400']);
    assert.equal(await big.locator('.list-shown').textContent(), 'Showing 1\u2013400 of 100,000');
    // A page that is not the one the list waits for (stale, or for another fixture) changes nothing.
    await p.send({ type: 'returnedPage', fixture: long.full.fixture, page: returnedPage(long.full.lists[0], 200) });
    await p.send({ type: 'returnedPage', fixture: 'other-fixture', page: returnedPage(long.full.lists[0], 400) });
    assert.equal(await big.locator('tbody tr').count(), 400);

    // Show all on a shorter list: page after page until it is whole, then no paging controls.
    const short = list('system-02');
    assert.equal(await short.locator('tbody tr').count(), 200);
    await p.clearPosted();
    await short.locator('.show-all').click();
    assert.deepEqual(await p.posted(), [{ type: 'moreReturned', system: 'system-02', from: 200 }]);
    await p.send({ type: 'returnedPage', fixture: long.full.fixture, page: returnedPage(long.full.lists[1], 200) });
    assert.deepEqual((await p.posted()).slice(1), [{ type: 'moreReturned', system: 'system-02', from: 400 }]);
    await p.send({ type: 'returnedPage', fixture: long.full.fixture, page: returnedPage(long.full.lists[1], 400) });
    assert.equal(await short.locator('tbody tr').count(), 450);
    assert.deepEqual(await short.locator('tbody tr td:nth-child(2)').allTextContents(), long.full.lists[1].items.map((i) => i.returned));
    assert.equal(await short.locator('.list-more button').count(), 0);

    // The same results again (the host resends them as each system finishes): what was paged in stays.
    await p.send({ type: 'results', results: long.results });
    assert.equal(await short.locator('tbody tr').count(), 450);
    assert.equal(await big.locator('tbody tr').count(), 400);
  });

  it('runs under a CSP that refuses inline script and style, and the test sees violations', async () => {
    const p = await open();
    await p.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 3';
      document.body.append(script);
      document.body.setAttribute('style', 'color: red');
    });
    await p.page.waitForFunction(() => window.__problems.length >= 2);
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined);
    const reported = await p.page.evaluate(() => window.__problems.splice(0));
    assert.ok(reported.some((r) => r.startsWith('CSP script-src')), reported.join('\n'));
    assert.ok(reported.some((r) => r.startsWith('CSP style-src')), reported.join('\n'));
    // Chromium also logs each refusal as a console error: expected here, so not a problem of the page.
    p.errors.splice(0);
  });

  it('posts openSymbol when a ground-truth symbol of the matrix is clicked', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    await p.clearPosted();
    await p.page.locator('table.matrix button.symbol', { hasText: 'shop/cart.Cart.subtotal' }).click();
    assert.deepEqual(await p.posted(), [{ type: 'openSymbol', symbol: 'shop/cart.Cart.subtotal' }]);
  });

  it('posts pool with the run the results come from when Pool is clicked under them, and with the corpus\'s run on the Corpus tab', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    await p.clearPosted();
    const sent = recording('easy-01-run');
    const results = sent.flatMap((m) => (m.type === 'results' && m.results ? [m.results] : [])).at(-1)!;
    const run = results.run ?? results.rows[0].source.run;
    const under = p.page.locator('.results-pane .pool-row');
    assert.match((await under.textContent())!, new RegExp(`Add what ${run}'s systems returned in their top 10 that no rater judged`));
    await under.locator('button.pool').click();
    assert.deepEqual(await p.posted(), [{ type: 'pool', run }]);
    await p.clearPosted();
    await p.page.locator('vscode-tab-header[data-tab="corpus"]').click();
    const corpus = sent.flatMap((m) => (m.type === 'corpus' && m.corpus ? [m.corpus] : [])).at(-1)!;
    await p.page.locator('vscode-tab-panel[data-tab="corpus"] button.pool').click();
    assert.deepEqual(await p.posted(), [{ type: 'pool', run: corpus.run }]);
  });

  it('is usable by keyboard: Tab reaches a matrix symbol and Run, Enter opens the symbol', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    await p.clearPosted();
    const focused = () => p.page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      return e ? `${e.tagName.toLowerCase()}.${e.className}|${e.getAttribute('data-symbol') ?? e.textContent?.trim() ?? ''}` : '';
    });
    const seen: string[] = [];
    for (let i = 0; i < 60 && !seen.includes('button.button run|Run'); i++) {
      await p.page.keyboard.press('Tab');
      seen.push(await focused());
    }
    assert.ok(seen.includes('button.button run|Run'), seen.join('\n'));
    // Results come before the form once there are results: the matrix's first symbol, then Run.
    const symbol = seen.findIndex((s) => s.startsWith('button.symbol'));
    assert.equal(seen[symbol], 'button.symbol|shop/pricing.apply_discount', seen.join('\n'));
    assert.ok(symbol < seen.indexOf('button.button run|Run'), seen.join('\n'));
    for (let i = 0; i < 60 && (await focused()) !== 'button.symbol|shop/pricing.apply_discount'; i++) await p.page.keyboard.press('Shift+Tab');
    // The focused symbol shows a focus outline.
    assert.notEqual(await p.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle), 'none');
    await p.page.keyboard.press('Enter');
    assert.deepEqual(await p.posted(), [{ type: 'openSymbol', symbol: 'shop/pricing.apply_discount' }]);
  });

  it('draws itself from the saved state after a reload, before the host answers', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'));
    await tab('corpus');
    await p.reload();
    // No message sent since the reload: everything below comes from getState.
    assert.equal(await text('.fixture-id'), 'bookshop-easy-01');
    assert.deepEqual(await texts('table.results-table tbody th'), ['grep', 'bm25', 'codegraph', 'knowing']);
    assert.deepEqual(await row('matrix', 'shop/models.LineItem'), ['MEDIUM', 'missedvocabulary miss', 'missedvocabulary miss', '> 10 (15)', 'missedtimeout']);
    assert.equal(await p.page.locator('vscode-tabs').getAttribute('selected-index'), '3');
    assert.equal(await p.page.locator('table.corpus-table').isVisible(), true);
    // The run's summary and progress too (VS Code drops a hidden page: a symbol opened over it used to lose them).
    assert.equal(await text('.run-summary'), 'Run finished: run-20261127-132708');
    assert.deepEqual(await texts('.progress-text'), ['done 1/1', 'done 1/1']);
    assert.equal(await p.page.locator('.progress').isVisible(), true);
    const state = await p.page.evaluate(() => JSON.parse(sessionStorage.getItem('fixture-lab-test-state')!));
    assert.equal(state.fixture, 'tasks/bookshop/easy/01-bulk-discount.yaml');
    assert.equal(state.tab, 'corpus');
    assert.deepEqual((await p.posted()).map((m) => m.type), ['ready']);
  });

  it('keeps what it drew from its state when the host answers `ready` with the same, so the focus stays where it was; draws anew what differs', async () => {
    const p = await open();
    const messages = recording('easy-01-run');
    await p.send(...messages);
    await p.reload();
    await p.page.locator('table.matrix button.symbol').first().focus();
    const focused = () => p.page.evaluate(() => document.activeElement?.getAttribute('data-symbol') ?? null);
    const symbol = await focused();
    assert.ok(symbol, 'a matrix symbol has the focus');
    await p.page.evaluate(() => Object.assign(window, { drawnBefore: [document.querySelector('table.matrix'), document.querySelector('table.corpus-table')] }));
    const same = () => p.page.evaluate(() => {
      const [matrix, corpus] = (window as unknown as { drawnBefore: Element[] }).drawnBefore;
      return [matrix === document.querySelector('table.matrix'), corpus === document.querySelector('table.corpus-table')];
    });
    // The host's answer: the fixture, its latest results, the corpus (and their charts).
    const last = <T extends SentMessage['type']>(type: T) => messages.filter((m) => m.type === type).at(-1)!;
    await p.send(last('fixture'), last('results'), last('corpus'));
    assert.deepEqual(await same(), [true, true], 'nothing drawn again');
    assert.equal(await focused(), symbol, 'the focus stays on the symbol');
    // Results that differ are drawn.
    await p.send({ type: 'results', results: null });
    assert.deepEqual(await same(), [false, true]);
    assert.equal(await text('.results-pane .placeholder'), 'No results for this fixture yet: choose systems above and Run.');
  });

  it('in a one-third-width panel: results first, a compact table with F1@10 and Judged@10 in view, a column chooser that is remembered, nothing off the edge', async () => {
    const p = (panel = await PanelPage.open(context, server, { width: 480, height: 900 }));
    await p.send(...recording('easy-01-run'));
    const visibleHeads = () => p.page.locator('table.results-table thead th:visible').allTextContents();
    assert.deepEqual(await visibleHeads(), ['System', 'P@10', 'R@10', 'F1@10', 'Judged@10', 'Status']);
    const inView = async (selector: string) => {
      const box = (await p.page.locator(selector).first().boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 480;
    };
    assert.ok(await inView('table.results-table thead th:has-text("F1@10")'), 'F1@10 is within the panel');
    assert.ok(await inView('table.results-table thead th:has-text("Judged@10")'), 'Judged@10 is within the panel');
    assert.ok(await inView('table.results-table'), 'the whole table is within the panel');
    // Nothing makes the page itself scroll sideways; the matrix scrolls inside its own box.
    assert.deepEqual(await p.page.evaluate(() => [document.scrollingElement!.scrollWidth, document.scrollingElement!.clientWidth]), [480, 480]);
    // Results first: the table sits above the run form, on the first screen.
    const top = async (selector: string) => (await p.page.locator(selector).first().boundingBox())!.y;
    assert.ok((await top('table.results-table')) < (await top('.run-form')), 'the results come before the form');
    assert.ok((await top('table.results-table')) + 40 < 900, 'the table starts on the first screen');
    await p.page.screenshot({ path: join(SCREENS, 'panel-narrow.png'), fullPage: true });

    // The chooser adds Tokens and takes off Status; the choice holds after a reload.
    const chooser = p.page.locator('.results-pane .column-chooser');
    await chooser.locator('summary').click();
    await chooser.locator('input[type=checkbox][value="Tokens"]').click();
    await chooser.locator('input[type=checkbox][value="Status"]').click();
    assert.deepEqual(await visibleHeads(), ['System', 'P@10', 'R@10', 'F1@10', 'Judged@10', 'Tokens']);
    assert.equal((await p.page.locator('table.results-table tbody tr').first().locator('td:visible').allTextContents()).length, 5);
    await p.reload();
    assert.deepEqual(await visibleHeads(), ['System', 'P@10', 'R@10', 'F1@10', 'Judged@10', 'Tokens']);

    // Charts are scaled into the panel, legend and all (the host sends them again after `ready`).
    await p.send(...recording('easy-01-run'));
    await tab('charts');
    await p.page.locator('[data-chart="pr-curve"] svg').waitFor();
    for (const box of await p.page.locator('.chart svg').evaluateAll((svgs) => svgs.map((e) => e.getBoundingClientRect().right))) assert.ok(box <= 480, `a chart ends at ${box}`);
    const legend = await p.page.locator('[data-chart="pr-curve"] svg .role-legend').first().evaluate((e) => e.getBoundingClientRect().right);
    assert.ok(legend <= 480 - 10, `the legend ends at ${legend}, inside the panel`);
  });

  it('switches the results table between symbol, file and span granularity, with the values core computed on the demo', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run'), { type: 'results', results: await demoGranularityResults() });
    const heads = () => texts('table.results-table thead th');
    const hand = () => row('results-table', 'hand');
    // symbol: the table as it always was (P@5 ... F1@10), `hand` returned 7 items, 1 of its first 5 and 2 of 7 ground truth.
    assert.equal(await p.page.locator('.granularity-switch button[aria-checked="true"]').textContent(), 'symbol');
    assert.deepEqual((await heads()).slice(0, 8), ['System', 'P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'MRR', 'F1@10']);
    assert.deepEqual((await hand()).slice(0, 4), ['0.200', '0.200', '0.100', '0.500']);
    // file: the hand computation of test/core/granularity.test.ts (7 items, so the top 10 is the whole answer):
    // 2 of 2 files found, 2 of the 3 returned files gold: coverage 1, precision 2/3, F1 4/5.
    await p.page.locator('.granularity-switch button[data-granularity="file"]').click();
    assert.deepEqual((await heads()).slice(0, 7), ['System', 'Coverage@10', 'Precision@10', 'F1@10', 'Coverage', 'Precision', 'F1']);
    assert.match((await text('table.results-table caption'))!, /file granularity/);
    assert.deepEqual((await hand()).slice(0, 6), ['1.000', '0.667', '0.800', '1.000', '0.667', '0.800']);
    // span: 6 of 10 gold lines, 6 of 20 returned lines: coverage 0.6, precision 0.3, F1 0.4.
    await p.page.locator('.granularity-switch button[data-granularity="span"]').click();
    assert.deepEqual((await hand()).slice(0, 6), ['0.600', '0.300', '0.400', '0.600', '0.300', '0.400']);
    assert.equal(await p.page.locator('.granularity-switch button[aria-checked="true"]').textContent(), 'span');
    // The oracle returned the ground truth: 1 everywhere.
    assert.deepEqual((await row('results-table', 'oracle')).slice(0, 6), ['1.000', '1.000', '1.000', '1.000', '1.000', '1.000']);
    // The choice holds after a reload, and symbol brings the old table back.
    await p.reload();
    assert.deepEqual((await hand()).slice(0, 3), ['0.600', '0.300', '0.400']);
    await p.page.locator('.granularity-switch button[data-granularity="symbol"]').click();
    assert.deepEqual((await heads()).slice(0, 2), ['System', 'P@5']);
  });

  it('shows every column in a wide panel, and no results before the form until there is a run', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run').filter((m) => m.type === 'fixture'), { type: 'results', results: null });
    assert.ok((await p.page.locator('.run-form').boundingBox())!.y < (await p.page.locator('vscode-tabs').boundingBox())!.y, 'no run yet: the form first');
    await p.send(...recording('easy-01-run'));
    assert.equal((await p.page.locator('table.results-table thead th:visible').allTextContents()).length, 16);
    // A whole-editor panel (1280 px) holds all sixteen, Source too: the table does not scroll sideways.
    const [scrollWidth, clientWidth] = await p.page.locator('.table-scroll', { has: p.page.locator('table.results-table') }).evaluate((e) => [e.scrollWidth, e.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `the table is ${scrollWidth} px wide in ${clientWidth} px`);
    assert.ok((await p.page.locator('table.results-table thead th', { hasText: 'Source' }).boundingBox())!.x + 40 < 1280, 'Source is in view');
    assert.ok((await p.page.locator('.run-form').boundingBox())!.y > (await p.page.locator('vscode-tabs').boundingBox())!.y, 'with results: results first');
  });

  it('cuts a long symbol name in the middle on one line, with the whole name in its tooltip, and opens the whole name', async () => {
    const p = (panel = await PanelPage.open(context, server, { width: 480 }));
    const long = 'shop/storefront/checkout/pricing.DiscountCalculator.apply_bulk_discount_with_cap';
    const hostile = `<img src=x onerror="window.__pwned=4">${'x'.repeat(40)}.name`;
    const messages = JSON.parse(JSON.stringify(recording('easy-01-run')).replaceAll('shop/pricing.apply_discount', long).replaceAll('shop/cart.Cart.total', hostile.replaceAll('"', '\\"'))) as SentMessage[];
    await p.send(...messages);
    const button = p.page.locator('table.matrix button.symbol').first();
    const shown = (await button.textContent())!;
    assert.equal(shown.length, 44);
    assert.equal(shown, 'shop/storefront/c\u2026ply_bulk_discount_with_cap');
    assert.equal(await button.getAttribute('title'), `Open ${long}`);
    assert.equal(await button.getAttribute('aria-label'), `Open ${long}`);
    // One line: its height is one line's.
    const heights = await p.page.locator('table.matrix button.symbol').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().height));
    assert.ok(Math.max(...heights) < 2 * Math.min(...heights), JSON.stringify(heights));
    // Markup in a name stays text, in the text and in the tooltip.
    const other = p.page.locator('table.matrix button.symbol').nth(1);
    assert.equal(await other.getAttribute('title'), `Open ${hostile}`);
    assert.match((await other.textContent())!, /^<img src=x onerro\u2026x+\.name$/);
    assert.equal(await p.page.locator('img').count(), 0);
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined);
    await p.clearPosted();
    await button.click();
    assert.deepEqual(await p.posted(), [{ type: 'openSymbol', symbol: long }]);
    // The credited column of a returned list: cut the same way, whole in the tooltip.
    await tab('returned');
    const credited = p.page.locator('.returned-list td.credited .symbol-name', { hasText: '\u2026' }).first();
    assert.equal(await credited.getAttribute('title'), long);
  });

  it('shows only systems with results: none of a configured system nobody ran, and one line naming it', async () => {
    const p = await open();
    const messages = recording('easy-01-run').map((m): SentMessage => {
      if (m.type !== 'results' || !m.results) return m;
      const r = m.results;
      const pending = { ...r.rows[0], system: 'sourcegraph', status: 'pending' as const, metrics: Object.fromEntries(Object.keys(r.rows[0].metrics).map((k) => [k, null])) as typeof r.rows[0]['metrics'], tokens: null, tokenEfficiency: null, timings: {}, source: { kind: 'run' as const, run: '' } };
      delete (pending as { error?: string }).error;
      return { type: 'results', results: { ...r, rows: [...r.rows, pending, { ...pending, system: 'zoekt' }], matrix: { ...r.matrix, systems: [...r.matrix.systems, 'sourcegraph', 'zoekt'], rows: r.matrix.rows.map((row) => ({ ...row, cells: [...row.cells, { kind: 'pending' }, { kind: 'pending' }] })) } } };
    });
    await p.send(...messages);
    assert.deepEqual(await texts('table.results-table tbody th'), ['grep', 'bm25', 'codegraph', 'knowing']);
    assert.deepEqual(await texts('table.matrix thead th'), ['Ground truth', 'Confidence', 'grep', 'bm25', 'codegraph', 'knowing']);
    assert.deepEqual(await row('matrix', 'shop/models.LineItem'), ['MEDIUM', 'missedvocabulary miss', 'missedvocabulary miss', '> 10 (15)', 'missedtimeout']);
    assert.equal(await p.page.locator('table.matrix td.cell-pending').count(), 0);
    assert.equal(await text('.other-systems'), 'sourcegraph and zoekt have no results on this fixture (not run on it).');
    // A system running now keeps its row.
    const running = messages.map((m): SentMessage => (m.type === 'results' && m.results ? { type: 'results', results: { ...m.results, rows: m.results.rows.map((r) => (r.system === 'zoekt' ? { ...r, status: 'running' } : r)) } } : m));
    await p.send(...running.filter((m) => m.type === 'results'));
    assert.deepEqual(await texts('table.results-table tbody th'), ['grep', 'bm25', 'codegraph', 'knowing', 'zoekt']);
    assert.equal(await text('.other-systems'), 'sourcegraph has no results on this fixture (not run on it).');
  });

  it('says how to make a corpus run with the command as code, not in backticks', async () => {
    const p = await open();
    await p.send(...recording('easy-01-run').filter((m) => m.type !== 'corpus'), { type: 'corpus', corpus: null });
    await tab('corpus');
    assert.equal(await text('.corpus-summary .placeholder'), 'No run over the corpus yet: fixture-lab run corpus makes one.');
    assert.equal(await text('.corpus-summary .placeholder code'), 'fixture-lab run corpus');
    assert.doesNotMatch(await p.page.evaluate(() => document.body.innerText), /`/);
  });

  it('reports its chart theme with ready and again when VS Code\'s theme changes, and draws the charts the host makes in it', async () => {
    const p = await open('dark');
    const ready = (await p.posted()).find((m) => m.type === 'ready');
    assert.ok(ready?.type === 'ready' && ready.theme, 'ready carries the theme');
    assert.equal(ready.theme.background, '#1f1f1f');
    assert.equal(ready.theme.palette[0], '#3794ff');
    await p.send(...recording('easy-01-run'));
    await tab('charts');
    await p.page.locator('[data-chart="pr-curve"] svg').waitFor();
    assert.equal(await p.page.locator('[data-chart="pr-curve"] svg').evaluate((svg) => svg.style.backgroundColor), 'rgb(31, 31, 31)');
    // VS Code switches to the light theme: new variables on the root, a new class on the body.
    await p.clearPosted();
    await p.page.evaluate((vars) => {
      for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
      document.body.classList.replace('vscode-dark', 'vscode-light');
    }, THEMES.light);
    await p.page.waitForFunction(() => window.__posted.some((m) => m.type === 'theme'));
    const changed = (await p.posted()).filter((m) => m.type === 'theme');
    assert.equal(changed.length, 1, 'one message for one change');
    assert.ok(changed[0].type === 'theme' && changed[0].theme.background === '#ffffff');
    // The host answers with the charts made in it.
    await p.send(...recording('easy-01-run').filter((m) => m.type === 'results'));
    await p.page.waitForFunction(() => document.querySelector<SVGElement>('[data-chart="pr-curve"] svg')?.style.backgroundColor === 'rgb(255, 255, 255)');
    // The saved state holds no chart (megabytes for a large corpus): the host sends them after `ready`.
    const state = await p.page.evaluate(() => JSON.parse(sessionStorage.getItem('fixture-lab-test-state')!));
    assert.ok(state.last.results.results.rows.length > 0, 'the results are kept');
    assert.ok(!JSON.stringify(state).includes('"scene"'), 'no scenegraph is kept');
  });

  // README's pictures of the panel: the page as VS Code shows it, from the recorded run (no clock,
  // no randomness: the same bytes each time, so a run of the tests changes them only when the panel does).
  for (const [layout, width, height] of [['narrow', 480, 1100], ['wide', 1280, 900]] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`writes docs/images/panel-${layout}-${theme}.png for README (${width} px wide)`, async () => {
        const p = (panel = await PanelPage.open(context, server, { theme, width, height }));
        await asRecorded(p);
        await p.page.evaluate(() => document.fonts.ready);
        const path = join(IMAGES, `panel-${layout}-${theme}.png`);
        const shot = await p.page.screenshot({ animations: 'disabled', caret: 'hide' });
        assert.ok(shot.length > 10_000);
        // A shipped picture that no longer shows the panel is stale: it fails here, and is written only when recording.
        if (process.env.FIXTURE_LAB_RECORD === '1' || !existsSync(path)) writeFileSync(path, shot);
        else assert.ok(shot.equals(readFileSync(path)), `${path} is stale: FIXTURE_LAB_RECORD=1 npx mocha out/test/webview/panel.test.js writes it again (docs/testing.md)`);
      });
    }
  }

  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    it(`renders in the ${theme} theme (screenshots)`, async () => {
      const p = await open(theme);
      await asRecorded(p);
      await p.page.screenshot({ path: join(SCREENS, `panel-${theme}.png`), fullPage: true });
      await tab('charts');
      await p.page.locator('[data-chart="token-efficiency"] svg').waitFor();
      await p.page.screenshot({ path: join(SCREENS, `panel-${theme}-charts.png`), fullPage: true });
      if (theme === 'dark') {
        await tab('corpus');
        await p.page.locator('[data-chart="p10-significance"] svg').waitFor();
        await p.page.screenshot({ path: join(SCREENS, 'panel-dark-corpus.png'), fullPage: true });
      }
      // Colors come from the theme's variables: the page's background is the editor's.
      const background = await p.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, { dark: 'rgb(31, 31, 31)', light: 'rgb(255, 255, 255)', 'high-contrast': 'rgb(0, 0, 0)' }[theme]);
    });
  }

  it('renders 10 systems x 15 symbols and a 300-task corpus (timings logged, not asserted)', async () => {
    const big = bigFixture();
    const corpus = bigCorpus();
    const p = await open();
    const fixture: HostMessage = { type: 'fixture', header: big.header, controls: big.controls };
    await p.send(fixture);
    const [results, charts] = await p.compiled({ type: 'results', results: big.results });
    const ms = await p.page.evaluate(async (results) => {
      const start = performance.now();
      window.postMessage(results, '*');
      await window.__flush();
      return performance.now() - start;
    }, results);
    await p.send(charts);
    assert.equal(await p.page.locator('table.results-table tbody tr').count(), 10);
    assert.equal(await p.page.locator('table.matrix tbody tr').count(), 15);
    assert.equal(await p.page.locator('table.matrix td.cell').count(), 150);
    await p.send({ type: 'corpus', corpus });
    await tab('corpus');
    // 300 tasks x 10 systems is past core's SVG_MAX_POINTS: drawn on a canvas.
    await p.page.locator('[data-chart="p10-heatmap"] canvas').waitFor({ timeout: 30_000 });
    console.log(`      results message to table and matrix in the DOM: ${ms.toFixed(1)} ms (one run; npm run bench:panel for medians)`);
  });
});
