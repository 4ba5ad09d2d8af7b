// The benchmark panel's host: one webview panel (webview/ is its UI), fed from BenchmarkResults
// and BenchmarkRunner, restored after a reload by a serializer. Messages from the page are
// checked (parseWebviewMessage) and handled through one typed table.
import * as vscode from 'vscode';
import { DEFAULT_MATCH_RULE, MATCH_RULES, panelResults, returnedPage } from '../../core';
import { executeCommand } from '../commands/args';
import { panelHtml, nonce } from './html';
import { Handlers, HostMessage, parseWebviewMessage, PanelState, WebviewMessage } from '../../shared/protocol';
import type { Ctx } from '../ctx';
import type { Session } from '../labeling/session';
import type { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import type { BenchmarkResults } from './results';
import { type BenchmarkRunner, BLIND, RESTRICTED } from './runner';

/** What the panel reads and listens to: a part of the extension's Services, named here so services.ts can hold the panel. */
export interface PanelServices {
  ctx: Ctx;
  corpus: WorkspaceCorpus;
  session: Session;
  results: BenchmarkResults;
  runner: BenchmarkRunner;
}

export const PANEL_VIEW_TYPE = 'fixtureLab.benchmark';
const BUDGETS = [2000, 5000, 10000];

export class BenchmarkPanel implements vscode.Disposable {
  private static current?: BenchmarkPanel;
  private readonly disposables: vscode.Disposable[] = [];
  /** Every message posted, in order, for the integration tests to read what the page was told. */
  readonly posted: HostMessage[] = [];

  static show(s: PanelServices): BenchmarkPanel {
    if (BenchmarkPanel.current) {
      BenchmarkPanel.current.panel.reveal(vscode.ViewColumn.Beside);
      return BenchmarkPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, 'Fixture Lab: Benchmark', vscode.ViewColumn.Beside, BenchmarkPanel.options(s));
    return (BenchmarkPanel.current = new BenchmarkPanel(panel, s));
  }

  /** The open panel, if any (for tests and commands). */
  static get open(): BenchmarkPanel | undefined {
    return BenchmarkPanel.current;
  }

  static register(s: PanelServices): void {
    s.ctx.push(vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PanelState | undefined) {
        // The fixture the panel showed is made current again, so the restored page matches it.
        if (state?.fixture && !(await s.session.current())) {
          const corpus = await s.corpus.get();
          const file = corpus?.fixtures.find((f) => f.file === state.fixture);
          if (file) await s.session.open(vscode.Uri.file(file.path));
        }
        panel.webview.options = BenchmarkPanel.options(s);
        BenchmarkPanel.current?.dispose();
        BenchmarkPanel.current = new BenchmarkPanel(panel, s);
      },
    }));
  }

  private static options(s: PanelServices): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const root = s.ctx.extension.extensionUri;
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(root, 'dist'), vscode.Uri.joinPath(root, 'media')] };
  }

  private constructor(readonly panel: vscode.WebviewPanel, private readonly s: PanelServices) {
    const webview = panel.webview;
    const root = s.ctx.extension.extensionUri;
    panel.iconPath = vscode.Uri.joinPath(root, 'media', 'fixture-lab.svg');
    webview.html = panelHtml({
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'media', 'panel.css')).toString(),
      cspSource: webview.cspSource,
      nonce: nonce(),
    });
    const handlers: Handlers<WebviewMessage> = {
      ready: () => this.sendAll(),
      run: (m) => void vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: m.systems, budget: m.budget, match: m.match }),
      cancel: () => void vscode.commands.executeCommand('fixtureLab.cancelRun'),
      openSymbol: (m) => void executeCommand('fixtureLab.revealSymbol', { symbol: m.symbol }),
      moreReturned: async (m) => {
        const loaded = await this.s.results.current().catch((e) => this.failed(e, undefined));
        const list = loaded?.results.lists.find((l) => l.system === m.system);
        if (loaded && list) this.post({ type: 'returnedPage', fixture: loaded.results.fixture, page: returnedPage(list, m.from) });
      },
    };
    this.disposables.push(
      webview.onDidReceiveMessage((raw) => {
        const message = parseWebviewMessage(raw);
        if (!message) return s.ctx.output.warn(`panel: ignored a malformed message ${JSON.stringify(raw)?.slice(0, 200)}`);
        void (handlers[message.type] as (m: WebviewMessage) => unknown)(message);
      }),
      s.results.onDidChange(() => this.scheduleResults()),
      s.runner.onProgress((p) => {
        if (p.kind === 'started') this.post({ type: 'runStarted', systems: p.systems, total: p.total });
        else if (p.kind === 'progress') this.post({ type: 'progress', system: p.system, done: p.done, total: p.total, status: p.status });
        else this.post({ type: 'runFinished', ...(p.run ? { run: p.run } : {}), cancelled: p.cancelled, ...(p.error ? { error: p.error } : {}) });
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.sendFixture()),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  private pending?: NodeJS.Timeout;

  /** Results change once per answer: coalesce bursts into one message. */
  private scheduleResults(): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.sendFixture(), 50);
  }

  private async sendAll(): Promise<void> {
    await this.sendFixture();
    this.post({ type: 'corpus', corpus: await this.s.results.corpusView().catch((e) => this.failed(e, null)) });
  }

  private async sendFixture(): Promise<void> {
    const loaded = await this.s.results.current().catch((e) => this.failed(e, undefined));
    // Read with the results when a fixture is open: one read of systems.yaml per update, not two.
    const systems = loaded?.systems ?? (await this.s.results.systems().catch((e) => this.failed(e, [])));
    const trusted = vscode.workspace.isTrusted;
    this.post({
      type: 'fixture',
      header: loaded?.header ?? null,
      controls: {
        systems,
        budgets: BUDGETS,
        budget: this.s.results.budget,
        matchRules: [...MATCH_RULES],
        match: this.s.results.match ?? DEFAULT_MATCH_RULE,
        canRun: trusted && !!loaded && !loaded.header.blind,
        ...(!trusted ? { disabledReason: RESTRICTED } : !loaded ? { disabledReason: 'Open a fixture to run systems on it.' }
          : loaded.header.blind ? { disabledReason: BLIND } : {}),
      },
    });
    // Each returned list's first page only: the page asks for more (moreReturned). None for a blind verifier.
    this.post({ type: 'results', results: loaded && !loaded.header.blind ? panelResults(loaded.results) : null });
    if (loaded) this.panel.title = `Benchmark: ${loaded.header.id}`;
  }

  private failed<T>(e: unknown, fallback: T): T {
    this.s.ctx.output.error(e instanceof Error ? e : String(e));
    return fallback;
  }

  private post(message: HostMessage): void {
    this.posted.push(message);
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    clearTimeout(this.pending);
    if (BenchmarkPanel.current === this) BenchmarkPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
