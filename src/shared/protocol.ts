// The one message protocol between the extension (src/extension/harness/panel.ts) and the
// panel's webview. Both bundles import this file; the payload shapes live beside it in
// panelView.ts. Messages are discriminated on `type`, and each side handles them through a
// `Handlers` table, so a new message is a type error until both sides handle it.
import type { ChartTheme } from './chartTheme';
import type { ChartView, Chartless, CorpusResults, FixtureHeader, PageChart, PanelResults, ReturnedPage, RunControls } from './panelView';
import { MATCH_RULES, type MatchRule } from './vocabulary';

/** Extension -> webview. */
export type HostMessage =
  /** The open fixture (null: none open) and the run form. Sent on ready and whenever either changes. */
  | { type: 'fixture'; header: FixtureHeader | null; controls: RunControls }
  /** The fixture's results as they stand, each returned list's first page only: sent again each time a system finishes. Its charts follow in `charts`. */
  | { type: 'results'; results: Chartless<PanelResults> | null }
  /** More of one returned list, as asked for by moreReturned. */
  | { type: 'returnedPage'; fixture: string; page: ReturnedPage }
  /** A run began: these systems, this many answers to wait for. */
  | { type: 'runStarted'; systems: string[]; total: number }
  /** One system's progress. */
  | { type: 'progress'; system: string; done: number; total: number; status: 'running' | 'done' }
  /** The run ended (cancelled, or failed before any system ran, with `error`). */
  | { type: 'runFinished'; run?: string; cancelled: boolean; error?: string }
  /** The latest run over the corpus (null: there is none yet). Its charts follow in `charts`. */
  | { type: 'corpus'; corpus: Chartless<CorpusResults> | null }
  /**
   * One tab's charts, compiled for the page (core/charts/compile.ts): posted after the `results` or
   * `corpus` they belong to, and only when they changed, so the page draws the tables first.
   */
  | { type: 'charts'; pane: ChartPane; charts: PageChart[] }
  /** The systems check the form asked for: under way, then its text (`fixture-lab systems check`'s, one system after another). */
  | { type: 'systemsCheck'; status: 'running' | 'done'; text: string };

/** Whose charts a `charts` message holds: the open fixture's (the Charts tab) or the corpus run's (the Corpus tab). */
export type ChartPane = 'fixture' | 'corpus';

/** Webview -> extension. */
export type WebviewMessage =
  /** The page is listening; `theme`: its chart theme (VS Code's colors, read from its CSS), which the host compiles charts in. */
  | { type: 'ready'; theme?: ChartTheme }
  /** VS Code's color theme changed: the charts again, in this theme. */
  | { type: 'theme'; theme: ChartTheme }
  | { type: 'run'; systems: string[]; budget: number; match: MatchRule }
  | { type: 'cancel' }
  /** Check these systems on the open fixture's task at this budget: each indexes and answers once (`fixture-lab systems check`). */
  | { type: 'checkSystems'; systems: string[]; budget: number }
  /** Open a ground-truth or returned symbol at the fixture's revision. */
  | { type: 'openSymbol'; symbol: string }
  /** The page of a system's returned list that starts at index `from`. */
  | { type: 'moreReturned'; system: string; from: number }
  /** Pool this run (a folder name under the results folder): its unjudged top-K symbols into its fixtures' `pooled:`, unsaved. */
  | { type: 'pool'; run: string };

/** What the webview keeps through vscode.setState, and the serializer hands back after a reload. */
export interface PanelState {
  /** Corpus-relative path of the fixture the panel showed. */
  fixture?: string;
  /** The tab that was open. */
  tab?: string;
}

export type Handlers<M extends { type: string }> = { [K in M['type']]: (message: Extract<M, { type: K }>) => void | Promise<void> };

export type { ChartView, Chartless, CorpusResults, FixtureHeader, PageChart, PanelResults, ReturnedPage, RunControls };

const MATCH: ReadonlySet<string> = new Set(MATCH_RULES);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * A message from the webview, checked: the host trusts nothing that comes out of the page.
 * Undefined for anything that is not one of WebviewMessage's shapes.
 */
export function parseWebviewMessage(value: unknown): WebviewMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready': {
      const theme = parseTheme(m.theme);
      return theme ? { type: 'ready', theme } : { type: 'ready' };
    }
    case 'theme': {
      const theme = parseTheme(m.theme);
      return theme ? { type: 'theme', theme } : undefined;
    }
    case 'cancel':
      return { type: m.type };
    case 'run':
      return isStringArray(m.systems) && typeof m.budget === 'number' && Number.isInteger(m.budget) && m.budget > 0
        && typeof m.match === 'string' && MATCH.has(m.match)
        ? { type: 'run', systems: m.systems, budget: m.budget, match: m.match as MatchRule }
        : undefined;
    case 'checkSystems':
      return isStringArray(m.systems) && typeof m.budget === 'number' && Number.isInteger(m.budget) && m.budget > 0
        ? { type: 'checkSystems', systems: m.systems, budget: m.budget } : undefined;
    case 'openSymbol':
      return typeof m.symbol === 'string' && m.symbol.length > 0 ? { type: 'openSymbol', symbol: m.symbol } : undefined;
    case 'moreReturned':
      return typeof m.system === 'string' && typeof m.from === 'number' && Number.isInteger(m.from) && m.from >= 0 ? {
        type: 'moreReturned', system: m.system, from: m.from } : undefined;
    case 'pool':
      return typeof m.run === 'string' && /^run-[\w.-]+$/.test(m.run) ? { type: 'pool', run: m.run } : undefined;
    default:
      return undefined;
  }
}

/** A CSS color or font list as the page read it: short, one line. */
const isStyleText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200 && !/[\n\r]/.test(v);

/** A chart theme from the page, checked field by field; undefined if any is off. */
function parseTheme(value: unknown): ChartTheme | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const t = value as Record<string, unknown>;
  const texts = [t.foreground, t.background, t.font, t.gridColor, t.domainColor];
  if (!texts.every(isStyleText)) return undefined;
  if (typeof t.fontSize !== 'number' || !Number.isFinite(t.fontSize) || t.fontSize < 4 || t.fontSize > 64) return undefined;
  if (!Array.isArray(t.palette) || t.palette.length === 0 || t.palette.length > 16 || !t.palette.every(isStyleText)) return undefined;
  return {
    foreground: t.foreground as string, background: t.background as string, font: t.font as string, fontSize: t.fontSize,
    gridColor: t.gridColor as string, domainColor: t.domainColor as string, palette: [...t.palette] as string[],
  };
}
