// What the page keeps through vscode.setState: the protocol's PanelState (which the host's
// serializer reads) plus the last fixture, results and corpus messages and the run form's choices,
// so a page that was hidden, or reloaded with VS Code, draws itself before the host answers `ready`.
import type { HostMessage, PanelState, WebviewMessage } from '../src/shared/protocol';
import type { MatchRule } from '../src/shared/vocabulary';

type Last<T extends HostMessage['type']> = Omit<Extract<HostMessage, { type: T }>, 'type'>;

export interface FormChoice {
  /** Systems the user chose; systems absent from this list but new to the form start checked. */
  systems: string[];
  /** Every system the form has shown, so a newly configured one can start checked. */
  seen: string[];
  budget: number;
  match: MatchRule;
}

/** The latest run's messages as the page heard them (each system's last progress only), to draw them again. */
export type RunRecord = Extract<HostMessage, { type: 'runStarted' | 'progress' | 'runFinished' }>[];

export interface SavedState extends PanelState {
  last?: { fixture?: Last<'fixture'>; results?: Last<'results'>; corpus?: Last<'corpus'>; run?: RunRecord };
  form?: FormChoice;
  /** Columns the user chose to show, by table (columns.ts); none chosen: the defaults for the width. */
  columns?: Record<string, string[]>;
}

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The page's link to the host. acquireVsCodeApi may be called once per page: this module owns it. */
export class Host {
  private readonly api = acquireVsCodeApi();
  private state: SavedState = this.api.getState() ?? {};

  get saved(): Readonly<SavedState> {
    return this.state;
  }

  post(message: WebviewMessage): void {
    this.api.postMessage(message);
  }

  private pending = false;

  constructor() {
    // A page torn down within the burst (hidden, or reloaded) still keeps its last change.
    addEventListener('pagehide', () => this.flush());
  }

  /**
   * Merge now, persist once per burst: setState serializes the whole state (a corpus view with
   * its charts is most of a megabyte), and the host sends fixture, results and corpus together.
   */
  save(patch: Partial<SavedState>): void {
    this.state = { ...this.state, ...patch, last: { ...this.state.last, ...patch.last } };
    if (this.pending) return;
    this.pending = true;
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    if (!this.pending) return;
    this.pending = false;
    this.api.setState(this.state);
  }
}
