// The harness panel's host: one webview panel (webview/ is its UI), fed from HarnessResults and
// its RunStore, restored after a reload by a serializer. The Ctx owns the host (HarnessPanels)
// and the host owns the panel. Messages from the page are checked (parseWebviewMessage) and
// handled through one typed table; a run's events become the page's messages one for one.
import * as vscode from 'vscode';
import {
  type ChartView, compileCharts, DEFAULT_MATCH_RULE, panelResults, returnedPage, runControls, runMessage, type RunMessage, withoutCharts,
} from '../../core';
import { type ChartTheme, LIGHT_THEME } from '../../shared/chartTheme';
import { executeCommand } from '../commands/args';
import { panelHtml, nonce } from './html';
import { type ChartPane, Handlers, HostMessage, type PageChart, parseWebviewMessage, PanelState, WebviewMessage } from '../../shared/protocol';
import type { Ctx } from '../ctx';
import type { Session } from '../labeling/session';
import type { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import type { HarnessResults } from './results';
import type { HarnessRunner } from './runner';

/** What the panel reads and listens to: a part of the extension's Services, named here so services.ts can hold the panel. */
export interface PanelServices {
  ctx: Ctx;
  corpus: WorkspaceCorpus;
  session: Session;
  results: HarnessResults;
  runner: HarnessRunner;
}

export const PANEL_VIEW_TYPE = 'fixtureLab.benchmark';

/** The same drawings (the compile cache hands back the same scene text for the same chart and theme). */
function sameCharts(a: readonly PageChart[], b: readonly PageChart[]): boolean {
  return a.length === b.length && a.every((c, i) => {
    const d = b[i];
    return c.id === d.id && c.title === d.title && c.description === d.description && c.renderer === d.renderer && c.background === d.background
      && c.width === d.width && c.height === d.height && c.scene === d.scene;
  });
}

/** The panel's owner: shows it, restores it after a reload, and tells who listens what it posted. */
export class HarnessPanels implements vscode.Disposable {
  private panel?: HarnessPanel;
  private readonly posted = new vscode.EventEmitter<HostMessage>();
  /** Every message a panel posts, as it is posted: what the integration tests read the page was told by. */
  readonly onDidPost = this.posted.event;
  private readonly serializer: vscode.Disposable;

  constructor(private readonly s: PanelServices) {
    this.serializer = vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: PanelState | undefined) => {
        // The fixture the panel showed is made current again, so the restored page matches it.
        if (state?.fixture && !(await s.session.current())) {
          const corpus = await s.corpus.get();
          const file = corpus?.fixtures.find((f) => f.file === state.fixture);
          if (file) await s.session.open(vscode.Uri.file(file.path));
        }
        panel.webview.options = this.options();
        this.adopt(panel);
      },
    });
  }

  /** The open panel, if any. */
  get open(): HarnessPanel | undefined {
    return this.panel;
  }

  show(): HarnessPanel {
    if (this.panel) {
      this.panel.panel.reveal(vscode.ViewColumn.Beside);
      return this.panel;
    }
    return this.adopt(vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, 'Fixture Lab: Benchmark', vscode.ViewColumn.Beside, this.options()));
  }

  private adopt(webviewPanel: vscode.WebviewPanel): HarnessPanel {
    this.panel?.dispose();
    const panel = new HarnessPanel(webviewPanel, this.s, (m) => this.posted.fire(m), () => {
      if (this.panel === panel) this.panel = undefined;
    });
    return (this.panel = panel);
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const root = this.s.ctx.extension.extensionUri;
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(root, 'dist'), vscode.Uri.joinPath(root, 'media')] };
  }

  dispose(): void {
    this.panel?.dispose();
    this.serializer.dispose();
    this.posted.dispose();
  }
}

export class HarnessPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private pending?: NodeJS.Timeout;
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel, private readonly s: PanelServices,
    private readonly told: (m: HostMessage) => void, private readonly closed: () => void,
  ) {
    const webview = panel.webview;
    const root = s.ctx.extension.extensionUri;
    panel.iconPath = vscode.Uri.joinPath(root, 'media', 'fixture-lab.svg');
    webview.html = panelHtml({
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'media', 'panel.css')).toString(),
      cspSource: webview.cspSource,
      nonce: nonce(),
    });
    // The page's requests are handled here; what fails is shown as a command's failure is.
    const handlers: Handlers<WebviewMessage> = {
      ready: (m) => {
        if (m.theme) this.theme = m.theme;
        // A new page (or one VS Code made again) holds no chart: it kept none in its state.
        this.sentCharts = {};
        return this.sendAll();
      },
      theme: (m) => {
        this.theme = m.theme;
        return this.sendAll();
      },
      run: (m) => void s.runner.run({ systems: m.systems, budget: m.budget, match: m.match }).catch((e: unknown) => s.ctx.showError(e)),
      cancel: () => {
        try {
          s.runner.cancel();
        } catch (e) {
          s.ctx.showError(e);
        }
      },
      checkSystems: async (m) => {
        this.post({ type: 'systemsCheck', status: 'running', text: `checking ${m.systems.join(', ')}…` });
        const text = await s.runner.check(m).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
        this.post({ type: 'systemsCheck', status: 'done', text });
      },
      openSymbol: (m) => void this.openSymbol(m.symbol),
      pool: (m) => void executeCommand('fixtureLab.poolRun', { run: m.run }),
      moreReturned: async (m) => {
        const loaded = await this.s.results.current().catch((e) => this.failed(e, undefined));
        const list = loaded?.results.lists.find((l) => l.system === m.system);
        if (loaded && list) this.post({ type: 'returnedPage', fixture: loaded.results.fixture, page: returnedPage(list, m.from) });
      },
    };
    const unsubscribe = s.results.store.subscribe((e) => {
      const message = runMessage(e);
      if (!message) return;
      this.logRun(message);
      this.post(message);
    });
    this.disposables.push(
      webview.onDidReceiveMessage((raw) => {
        const message = parseWebviewMessage(raw);
        if (!message) return s.ctx.output.warn(`panel: ignored a malformed message ${JSON.stringify(raw)?.slice(0, 200)}`);
        void (handlers[message.type] as (m: WebviewMessage) => unknown)(message);
      }),
      { dispose: unsubscribe },
      s.results.onDidChange(() => this.scheduleResults()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.sendFixture()),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** Results change once per answer: coalesce bursts into one message. */
  private scheduleResults(): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.sendFixture(), 50);
  }

  private async sendAll(): Promise<void> {
    await this.sendFixture();
    const corpus = await this.s.results.corpusView().catch((e) => this.failed(e, null));
    this.post({ type: 'corpus', corpus: corpus && withoutCharts(corpus) });
    // A hidden page hears nothing (no retainContextWhenHidden): the run as it stands, again.
    for (const message of this.runLog) this.post(message);
    await this.postCharts('corpus', corpus?.charts ?? []);
  }

  /**
   * The latest run's progress, each system's last line only, for a page shown again or reloaded.
   * Without retainContextWhenHidden VS Code drops a hidden page and what is posted to it; keeping
   * the page alive instead would hold its DOM and charts in memory for as long as the panel is
   * open, when the page redraws itself from its saved state in one frame and this log brings the
   * run up to date.
   */
  private runLog: RunMessage[] = [];

  private logRun(message: RunMessage): void {
    if (message.type === 'runStarted') this.runLog = [];
    if (message.type === 'progress') this.runLog = this.runLog.filter((m) => m.type !== 'progress' || m.system !== message.system);
    this.runLog.push(message);
  }

  /**
   * Opens a symbol the page names in an editor group other than the panel's (the fixture's,
   * usually), else in a new group beside it: never in front of the panel, which would hide it.
   */
  async openSymbol(symbol: string): Promise<string | undefined> {
    const mine = this.panel.viewColumn;
    const other = vscode.window.tabGroups.all.find((g) => g.viewColumn !== mine)?.viewColumn;
    return (await executeCommand('fixtureLab.revealSymbol', { symbol, column: other ?? vscode.ViewColumn.Beside })) as string | undefined;
  }

  private async sendFixture(): Promise<void> {
    const loaded = await this.s.results.current().catch((e) => this.failed(e, undefined));
    // Read with the results when a fixture is open: one read of systems.yaml per update, not two.
    const systems = loaded?.systems ?? (await this.s.results.systems().catch((e) => this.failed(e, [])));
    this.post({
      type: 'fixture',
      header: loaded?.header ?? null,
      controls: runControls(systems, { budget: this.s.results.budget, match: this.s.results.match ?? DEFAULT_MATCH_RULE, trusted: vscode.workspace.isTrusted,
        header: loaded?.header }),
    });
    // Each returned list's first page only: the page asks for more (moreReturned). None for a blind verifier.
    const shown = loaded && !loaded.header.blind ? loaded.results : undefined;
    this.post({ type: 'results', results: shown ? withoutCharts(panelResults(shown)) : null });
    if (loaded && !this.disposed) this.panel.title = `Benchmark: ${loaded.header.id}`;
    await this.postCharts('fixture', shown?.charts ?? []);
  }

  /** The page's chart theme, as it last reported it. */
  private theme: ChartTheme = LIGHT_THEME;

  /** The charts each pane was last sent, so the same charts are not sent again with every answer of a run. */
  private sentCharts: Partial<Record<ChartPane, readonly PageChart[]>> = {};
  /** Bumped per compile of a pane: charts compiled for older results are not posted after newer ones. */
  private readonly chartRequests: Record<ChartPane, number> = { fixture: 0, corpus: 0 };

  /**
   * A pane's charts, compiled for the page in its theme (none, and the reason logged, if they cannot
   * be), posted after the payload they belong to and only when they changed: the page has the table
   * to draw first, and a run's answers mostly leave the charts as they were.
   */
  private async postCharts(pane: ChartPane, charts: readonly ChartView[]): Promise<void> {
    const request = ++this.chartRequests[pane];
    const compiled = await compileCharts(charts, this.theme).catch((e) => this.failed(e, []));
    if (request !== this.chartRequests[pane]) return;
    const sent = this.sentCharts[pane];
    if (sent && sameCharts(sent, compiled)) return;
    this.sentCharts[pane] = compiled;
    this.post({ type: 'charts', pane, charts: compiled });
  }

  private failed<T>(e: unknown, fallback: T): T {
    this.s.ctx.output.error(e instanceof Error ? e : String(e));
    return fallback;
  }

  private post(message: HostMessage): void {
    if (this.disposed) return;
    this.told(message);
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.pending);
    this.closed();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
