// The benchmark panel in headless Chromium, as VS Code would show it: the page panelHtml builds
// (with its CSP), dist/webview.js (and the charts' bundle it loads) and media/panel.css served from a local origin that plays the
// webview's cspSource, VS Code's theme variables set on the root, and a fake acquireVsCodeApi that
// records what the page posts and keeps its state across reloads (sessionStorage), as VS Code does.
// Used by test/webview/panel.test.ts and test/bench/panel.bench.mjs.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { panelHtml, nonce } from '../../src/extension/harness/html';
import { compileCharts } from '../../src/core/charts/compile';
import { type ChartTheme, LIGHT_THEME } from '../../src/shared/chartTheme';
import type { ChartView, PageChart } from '../../src/shared/panelView';
import type { ChartPane, Chartless, CorpusResults, HostMessage, PanelResults, WebviewMessage } from '../../src/shared/protocol';
import type { SavedState } from '../../webview/state';

/** The repository root: the folder holding esbuild.mjs above this (bundled) file. */
export const ROOT = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'esbuild.mjs')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

/** Chromium, where test/vscode/setup.mjs says it is (loaded at run time: it is an ES module). */
export async function launchChromium(): Promise<Browser> {
  const setup = pathToFileURL(join(ROOT, 'test', 'vscode', 'setup.mjs')).href;
  const { CHROMIUM } = (await import(setup)) as { CHROMIUM: string };
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  const home = mkdtempSync(join(tmpdir(), 'fixture-lab-chromium-'));
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    env: { ...process.env, HOME: home }, // else chromium writes into ~/.config and ~/.cache
  });
}

export interface PanelServer {
  origin: string;
  close(): Promise<void>;
}

const FILES: Record<string, [path: string, type: string]> = {
  '/webview.js': ['dist/webview.js', 'text/javascript'],
  '/webview.js.map': ['dist/webview.js.map', 'application/json'],
  '/webview-charts.js': ['dist/webview-charts.js', 'text/javascript'],
  '/webview-charts.js.map': ['dist/webview-charts.js.map', 'application/json'],
  '/panel.css': ['media/panel.css', 'text/css'],
};

/** Serves the page (a fresh nonce each time) and the built files, read per request so a rebuild shows. */
export async function startPanelServer(): Promise<PanelServer> {
  let origin = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(panelHtml({ scriptUri: `${origin}/webview.js`, styleUri: `${origin}/panel.css`, cspSource: origin, nonce: nonce() }));
      return;
    }
    if (path === '/idle') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end('<!doctype html><title>idle</title>');
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = FILES[path];
    if (!file || !existsSync(join(ROOT, file[0]))) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' });
    res.end(readFileSync(join(ROOT, file[0])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A browser context for many panel pages, one after another (PanelPage.open with the context): it
 * keeps an idle page of the server's origin open, without which Chromium tears the context's
 * renderer down with each test's last page and starts it again with the next, about 0.6 s of CPU
 * a page of the 1.1 s a new panel page costs.
 */
export async function panelContext(browser: Browser, server: PanelServer): Promise<BrowserContext> {
  const context = await browser.newContext();
  await (await context.newPage()).goto(`${server.origin}/idle`);
  return context;
}

export type ThemeName = 'dark' | 'light' | 'high-contrast';

const FONT = { '--vscode-font-family': 'system-ui, "Segoe UI", Ubuntu, "Droid Sans", sans-serif', '--vscode-font-size': '13px', '--vscode-font-weight': 'normal', '--vscode-editor-font-family': '"Droid Sans Mono", "DejaVu Sans Mono", monospace' };

/** The variables VS Code sets on a webview's root, for its Dark Modern, Light Modern and Dark High Contrast themes (the ones the panel reads). */
export const THEMES: Record<ThemeName, Record<string, string>> = {
  dark: {
    ...FONT,
    '--vscode-foreground': '#cccccc', '--vscode-descriptionForeground': '#9d9d9d', '--vscode-errorForeground': '#f85149',
    '--vscode-editor-background': '#1f1f1f', '--vscode-editor-foreground': '#cccccc', '--vscode-focusBorder': '#0078d4',
    '--vscode-panel-border': '#2b2b2b', '--vscode-panel-background': '#181818', '--vscode-editorWidget-border': '#454545', '--vscode-editorWidget-background': '#202020',
    '--vscode-textLink-foreground': '#4daafc', '--vscode-textLink-activeForeground': '#4daafc', '--vscode-textBlockQuote-background': '#2b2b2b',
    '--vscode-list-hoverBackground': '#2a2d2e', '--vscode-list-activeSelectionBackground': '#04395e', '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-button-background': '#0078d4', '--vscode-button-foreground': '#ffffff', '--vscode-button-hoverBackground': '#026ec1', '--vscode-button-border': '#ffffff12',
    '--vscode-button-secondaryBackground': '#313131', '--vscode-button-secondaryForeground': '#cccccc', '--vscode-button-secondaryHoverBackground': '#3c3c3c',
    '--vscode-badge-background': '#616161', '--vscode-badge-foreground': '#f8f8f8',
    '--vscode-settings-checkboxBackground': '#313131', '--vscode-settings-checkboxBorder': '#3c3c3c', '--vscode-settings-checkboxForeground': '#cccccc',
    '--vscode-settings-dropdownBackground': '#313131', '--vscode-settings-dropdownBorder': '#3c3c3c', '--vscode-settings-dropdownForeground': '#cccccc', '--vscode-settings-dropdownListBorder': '#454545', '--vscode-settings-headerBorder': '#2b2b2b',
    '--vscode-panelTitle-activeBorder': '#0078d4', '--vscode-panelTitle-activeForeground': '#cccccc', '--vscode-panelTitle-inactiveForeground': '#9d9d9d',
    '--vscode-progressBar-background': '#0078d4', '--vscode-testing-iconPassed': '#73c991', '--vscode-editorWarning-foreground': '#cca700',
    '--vscode-inputValidation-warningBackground': '#352a05', '--vscode-diffEditor-insertedTextBackground': '#9ccc2c33', '--vscode-diffEditor-removedTextBackground': '#ff000033',
    '--vscode-charts-foreground': '#cccccc', '--vscode-charts-lines': '#cccccc80', '--vscode-charts-red': '#f14c4c', '--vscode-charts-blue': '#3794ff',
    '--vscode-charts-yellow': '#cca700', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#89d185', '--vscode-charts-purple': '#b180d7',
  },
  light: {
    ...FONT,
    '--vscode-foreground': '#3b3b3b', '--vscode-descriptionForeground': '#616161', '--vscode-errorForeground': '#e51400',
    '--vscode-editor-background': '#ffffff', '--vscode-editor-foreground': '#3b3b3b', '--vscode-focusBorder': '#005fb8',
    '--vscode-panel-border': '#e5e5e5', '--vscode-panel-background': '#f8f8f8', '--vscode-editorWidget-border': '#c8c8c8', '--vscode-editorWidget-background': '#f8f8f8',
    '--vscode-textLink-foreground': '#005fb8', '--vscode-textLink-activeForeground': '#005fb8', '--vscode-textBlockQuote-background': '#f8f8f8',
    '--vscode-list-hoverBackground': '#f2f2f2', '--vscode-list-activeSelectionBackground': '#e8e8e8', '--vscode-list-activeSelectionForeground': '#000000',
    '--vscode-button-background': '#005fb8', '--vscode-button-foreground': '#ffffff', '--vscode-button-hoverBackground': '#0258a8', '--vscode-button-border': '#0000001a',
    '--vscode-button-secondaryBackground': '#e5e5e5', '--vscode-button-secondaryForeground': '#3b3b3b', '--vscode-button-secondaryHoverBackground': '#cccccc',
    '--vscode-badge-background': '#cccccc', '--vscode-badge-foreground': '#3b3b3b',
    '--vscode-settings-checkboxBackground': '#f8f8f8', '--vscode-settings-checkboxBorder': '#cecece', '--vscode-settings-checkboxForeground': '#3b3b3b',
    '--vscode-settings-dropdownBackground': '#ffffff', '--vscode-settings-dropdownBorder': '#cecece', '--vscode-settings-dropdownForeground': '#3b3b3b', '--vscode-settings-dropdownListBorder': '#c8c8c8', '--vscode-settings-headerBorder': '#e5e5e5',
    '--vscode-panelTitle-activeBorder': '#005fb8', '--vscode-panelTitle-activeForeground': '#3b3b3b', '--vscode-panelTitle-inactiveForeground': '#3b3b3b',
    '--vscode-progressBar-background': '#005fb8', '--vscode-testing-iconPassed': '#388a34', '--vscode-editorWarning-foreground': '#bf8803',
    '--vscode-inputValidation-warningBackground': '#f6f5d2', '--vscode-diffEditor-insertedTextBackground': '#9ccc2c40', '--vscode-diffEditor-removedTextBackground': '#ff000033',
    '--vscode-charts-foreground': '#616161', '--vscode-charts-lines': '#61616180', '--vscode-charts-red': '#e51400', '--vscode-charts-blue': '#1a85ff',
    '--vscode-charts-yellow': '#bf8803', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#388a34', '--vscode-charts-purple': '#652d90',
  },
  'high-contrast': {
    ...FONT,
    '--vscode-foreground': '#ffffff', '--vscode-descriptionForeground': '#ffffffb3', '--vscode-errorForeground': '#f48771',
    '--vscode-editor-background': '#000000', '--vscode-editor-foreground': '#ffffff', '--vscode-focusBorder': '#f38518',
    '--vscode-contrastBorder': '#6fc3df', '--vscode-contrastActiveBorder': '#f38518', '--vscode-panel-border': '#6fc3df', '--vscode-panel-background': '#000000',
    '--vscode-editorWidget-border': '#6fc3df', '--vscode-editorWidget-background': '#0c141f',
    '--vscode-textLink-foreground': '#21a6ff', '--vscode-textLink-activeForeground': '#21a6ff', '--vscode-textBlockQuote-background': '#000000',
    '--vscode-list-hoverBackground': '#000000', '--vscode-list-activeSelectionBackground': '#000000', '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-button-background': '#000000', '--vscode-button-foreground': '#ffffff', '--vscode-button-border': '#6fc3df',
    '--vscode-button-secondaryBackground': '#000000', '--vscode-button-secondaryForeground': '#ffffff',
    '--vscode-badge-background': '#000000', '--vscode-badge-foreground': '#ffffff',
    '--vscode-settings-checkboxBackground': '#000000', '--vscode-settings-checkboxBorder': '#6fc3df', '--vscode-settings-checkboxForeground': '#ffffff',
    '--vscode-settings-dropdownBackground': '#000000', '--vscode-settings-dropdownBorder': '#6fc3df', '--vscode-settings-dropdownForeground': '#ffffff', '--vscode-settings-dropdownListBorder': '#6fc3df', '--vscode-settings-headerBorder': '#6fc3df',
    '--vscode-panelTitle-activeBorder': '#6fc3df', '--vscode-panelTitle-activeForeground': '#ffffff', '--vscode-panelTitle-inactiveForeground': '#ffffff',
    '--vscode-progressBar-background': '#6fc3df', '--vscode-testing-iconPassed': '#73c991', '--vscode-editorWarning-foreground': '#ffd370',
    '--vscode-inputValidation-warningBackground': '#000000',
    '--vscode-charts-foreground': '#ffffff', '--vscode-charts-lines': '#ffffff80', '--vscode-charts-red': '#f14c4c', '--vscode-charts-blue': '#3794ff',
    '--vscode-charts-yellow': '#ffd370', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#89d185', '--vscode-charts-purple': '#b180d7',
  },
};

const BODY_CLASS: Record<ThemeName, string> = { dark: 'vscode-dark', light: 'vscode-light', 'high-contrast': 'vscode-high-contrast' };

export interface OpenOptions {
  theme?: ThemeName;
  /** What getState returns on the first load (a panel VS Code restores). */
  state?: SavedState;
  width?: number;
  height?: number;
}

declare global {
  interface Window {
    __posted: WebviewMessage[];
    __problems: string[];
    __flush(): Promise<void>;
    __pwned?: unknown;
  }
}

/** Runs in the page before its scripts: the fake VS Code API, the theme, and the problem recorders. */
function pageSetup({ theme, bodyClass, state }: { theme: Record<string, string>; bodyClass: string; state: unknown }): void {
  const KEY = 'fixture-lab-test-state';
  window.__posted = [];
  window.__problems = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__problems.push(`CSP ${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
  if (state !== null && sessionStorage.getItem(KEY) === null) sessionStorage.setItem(KEY, JSON.stringify(state));
  let acquired = false;
  (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => {
    // VS Code allows one call per page; a second is a bug in the page.
    if (acquired) throw new Error('acquireVsCodeApi called twice');
    acquired = true;
    return {
      postMessage: (m: WebviewMessage) => window.__posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null') ?? undefined,
      setState: (s: unknown) => sessionStorage.setItem(KEY, JSON.stringify(s)),
    };
  };
  // Resolves once every message posted before it has been handled (message events run in order)
  // and what they draw a step at a time is drawn (the page marks it aria-busy until then).
  window.__flush = () => new Promise((resolve) => {
    const id = Math.random();
    const drawn = () => (document.querySelector('[aria-busy="true"]') ? setTimeout(drawn, 5) : resolve());
    const on = (e: MessageEvent) => {
      if ((e.data as { flush?: number })?.flush !== id) return;
      window.removeEventListener('message', on);
      drawn();
    };
    window.addEventListener('message', on);
    window.postMessage({ flush: id }, '*');
  });
  // VS Code sets its theme on the root element, which may not exist yet when this runs.
  const applyTheme = () => {
    for (const [name, value] of Object.entries(theme)) document.documentElement.style.setProperty(name, value);
  };
  if (document.documentElement) applyTheme();
  else new MutationObserver((_, observer) => {
    if (!document.documentElement) return;
    observer.disconnect();
    applyTheme();
  }).observe(document, { childList: true });
  document.addEventListener('DOMContentLoaded', () => document.body.classList.add(bodyClass));
}

/**
 * A message as a recording or a generator holds it: a `results` or `corpus` with its charts inside,
 * still Vega-Lite. The harness posts it as the host does: the payload without them, then a `charts`
 * message with them compiled (core/charts/compile.ts) in the theme the page reported.
 */
export type SentMessage =
  | Exclude<HostMessage, { type: 'results' | 'corpus' }>
  | { type: 'results'; results: PanelResults | Chartless<PanelResults> | null }
  | { type: 'corpus'; corpus: CorpusResults | Chartless<CorpusResults> | null };

const isUncompiled = (charts: readonly (ChartView | PageChart)[]): charts is ChartView[] => charts.some((c) => 'spec' in c);

export class PanelPage {
  /** Console errors and uncaught exceptions (CSP violations are read from the page). */
  readonly errors: string[] = [];

  private constructor(readonly page: Page, private readonly ownContext: boolean) {
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => this.errors.push(`page error: ${e.message}`));
  }

  /**
   * A fresh page of the panel: in a browser context of its own when given the browser, or as a new
   * page (its own window, sessionStorage and so saved state, listeners and routes) of the context
   * given, which is about a quarter of the CPU: a context costs Chromium about as much again as the
   * page (the page uses no storage but sessionStorage, which is the page's own, and its files are
   * served `no-store`).
   */
  static async open(target: Browser | BrowserContext, server: PanelServer, o: OpenOptions = {}): Promise<PanelPage> {
    const theme = o.theme ?? 'dark';
    const viewport = { width: o.width ?? 1280, height: o.height ?? 900 };
    const own = 'newContext' in target;
    const page = own ? await (await target.newContext({ viewport })).newPage() : await target.newPage();
    if (!own) await page.setViewportSize(viewport);
    await page.addInitScript(pageSetup, { theme: THEMES[theme], bodyClass: BODY_CLASS[theme], state: o.state ?? null });
    const panel = new PanelPage(page, own);
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
    return panel;
  }

  /** Posts host messages to the page, as VS Code does, and waits until they are handled. */
  async send(...messages: SentMessage[]): Promise<void> {
    const compiled = (await Promise.all(messages.map((m) => this.compiled(m)))).flat();
    await this.page.evaluate(async (ms) => {
      for (const m of ms) window.postMessage(m, '*');
      await window.__flush();
    }, compiled);
  }

  /** The chart theme the page last reported (ready, theme). */
  async theme(): Promise<ChartTheme> {
    const reported = (await this.posted()).filter((m) => (m.type === 'ready' || m.type === 'theme') && m.theme);
    const last = reported.at(-1);
    return (last && 'theme' in last && last.theme) || LIGHT_THEME;
  }

  /** `message` as the host posts it: a payload with charts becomes the payload, then its charts compiled in the page's theme. */
  async compiled(message: SentMessage): Promise<HostMessage[]> {
    if (message.type === 'results') {
      const { payload, charts } = await this.split(message.results);
      return [{ type: 'results', results: payload }, ...this.chartsMessage('fixture', charts)];
    }
    if (message.type === 'corpus') {
      const { payload, charts } = await this.split(message.corpus);
      return [{ type: 'corpus', corpus: payload }, ...this.chartsMessage('corpus', charts)];
    }
    return [message];
  }

  private async split<T extends { charts: ChartView[] }>(payload: T | Omit<T, 'charts'> | null) {
    if (payload === null) return { payload, charts: [] };
    if (!('charts' in payload)) return { payload, charts: undefined };
    const { charts, ...rest } = payload;
    return { payload: rest, charts: isUncompiled(charts) ? await compileCharts(charts, await this.theme()) : (charts as unknown as PageChart[]) };
  }

  /** None for a payload that came without charts (already as the host posts it). */
  private chartsMessage(pane: ChartPane, charts: PageChart[] | undefined): HostMessage[] {
    return charts ? [{ type: 'charts', pane, charts }] : [];
  }

  async posted(): Promise<WebviewMessage[]> {
    return this.page.evaluate(() => window.__posted);
  }

  async clearPosted(): Promise<void> {
    await this.page.evaluate(() => {
      window.__posted = [];
    });
  }

  /** Console errors, page errors and CSP violations so far. */
  async problems(): Promise<string[]> {
    return [...this.errors, ...(await this.page.evaluate(() => window.__problems))];
  }

  async reload(): Promise<void> {
    // The page persists its state in a 0 ms timer (state.ts): a timer queued now runs after it, so
    // the reload starts from what the page last saved, not from a save still pending.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await this.page.reload();
    await this.page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  }

  async close(): Promise<void> {
    if (this.ownContext) await this.page.context().close();
    else await this.page.close();
  }
}

/** A recorded host session from test/fixtures/panel/ (its charts Vega-Lite: `send` compiles them). */
export function recording(name: string): SentMessage[] {
  return (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'panel', `${name}.json`), 'utf8')) as { messages: SentMessage[] }).messages;
}
