// What the benchmark panel shows, as plain data: built on the host (src/core/panelView) from a run's
// raw answers and the fixture, sent to the webview as is, and rendered there as text. The shapes
// live here, import-free, so core, the CLI, the tests and the webview agree on them without the
// webview scoring or reaching anything of Node.
import type { Band, Confidence, FailureCategory, FixtureState, Granularity, MatchRule, RunStatus } from './vocabulary';

/** The open fixture, as the panel's header shows it. */
export interface FixtureHeader {
  id: string;
  /** Corpus-relative path of the fixture file. */
  file: string;
  repo: string;
  tier?: string;
  tags: string[];
  task: string;
  /** The revision the fixture is labeled and run at (diff.base or commit). */
  rev?: string;
  state: FixtureState;
  kappa: number | null;
  band: Band | null;
  /** Beside kappa once the review has finished: raw agreement (a fraction) and Gwet's AC1, which the kappa paradox leaves standing. */
  percent?: number | null;
  ac1?: number | null;
  groundTruth: { total: number; high: number; medium: number };
  /** The rater reviews this fixture blind: the ground truth and kappa are withheld (shown as such, not as zero). */
  blind?: boolean;
}

/** One configured system, and whether it can run here. */
export interface SystemChoice {
  name: string;
  type: string;
  /** False when its executable (or recording) is missing here: its row comes from a recorded run, if any. */
  available: boolean;
  /** Why it cannot run here, in one line. */
  reason?: string;
}

/** The panel's run form. */
export interface RunControls {
  systems: SystemChoice[];
  budgets: number[];
  budget: number;
  matchRules: MatchRule[];
  match: MatchRule;
  /** False in Restricted Mode: the form is shown disabled with `disabledReason`. */
  canRun: boolean;
  disabledReason?: string;
}

/** The metric columns of the results table, in order. */
export const TABLE_METRICS = ['P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'MRR', 'F1@10'] as const;
export type TableMetric = (typeof TABLE_METRICS)[number];

export type RowStatus = RunStatus | 'pending' | 'running';

/**
 * One system's coverage, precision and F1 at one granularity (docs/scoring.md#granularities), over
 * the first K items (FixtureResults.granularityK) and over the whole answer; null where undefined.
 */
export interface GranularityCells {
  coverageAtK: number | null;
  precisionAtK: number | null;
  f1AtK: number | null;
  coverage: number | null;
  precision: number | null;
  f1: number | null;
}

/** The granularity columns of the results table, in order, as GranularityCells names them. */
export const GRANULARITY_CELLS = ['coverageAtK', 'precisionAtK', 'f1AtK', 'coverage', 'precision', 'f1'] as const;

/** One row of the results table: one system on this fixture. */
export interface SystemRow {
  system: string;
  status: RowStatus;
  /** The failure or timeout message. */
  error?: string;
  metrics: Record<TableMetric, number | null>;
  tokens: number | null;
  tokenEfficiency: number | null;
  timings: { index_ms?: number; cold_ms?: number; warm_ms?: number };
  /** Where the row comes from: this run, or a recorded run (a system not installed here, or replayed). */
  source: { kind: 'run' | 'recorded'; run: string; budget?: number };
  /** Judged@K (K = SCORE_CUT): the share of its first K distinct symbols some rater judged; absent without an answer. */
  judged?: number | null;
  /** The answer at each granularity; absent when it could not be placed in the code (no repository here) or there is no answer. */
  granularities?: Record<Granularity, GranularityCells>;
  /** The answer's tokens passed the budget (core's answerHealth.ts). */
  overBudget?: boolean;
  /** The answer says nothing about retrieval: no symbols, or none of its names exists at the revision. */
  health?: 'empty' | 'unmapped';
  /** The system's own warning with this answer, as it said it. */
  warning?: string;
}

/** The cut of the panel's score checks: Judged@K's K, the pool's depth and the rank ties are checked across. */
export const SCORE_CUT = 10;
/** Judged@K under this is a warning (issue 18's 0.9; core's JUDGED_TARGET). */
export const JUDGED_WARNING = 0.9;

/** One headline metric of one system: as settled, with every contested item included, with every one excluded. */
export interface SensitivityRange {
  settled: number | null;
  included: number | null;
  excluded: number | null;
}

/**
 * What could make the scores above mislead (docs/agreement.md), written by core as text lines the
 * page shows as they are: Judged@K under the target, the range of each headline metric over the
 * contested labels and every ranking of two systems that flips inside it, and ties across the cut.
 */
export interface ScoreChecks {
  k: number;
  /** One line per system whose Judged@K is under JUDGED_WARNING. */
  unjudged: string[];
  sensitivity: {
    contested: number;
    open: number;
    /** The headline metrics, in order. */
    metrics: string[];
    rows: { system: string; ranges: Record<string, SensitivityRange> }[];
    /** One line per ranking of two systems that flips inside the ranges. */
    flips: string[];
  };
  /** One line per answer whose scores tie across the cut at K. */
  ties: string[];
  /**
   * One line per system whose answers are empty, unmapped, warned about or over budget (core's
   * answerHealth.ts, as FINDINGS.md's System health says them); a system with nothing on most tasks first.
   */
  health?: string[];
  /** One line per raw answer of the run that does not read, left out of these scores (a resume answers it again). */
  damaged?: string[];
  /**
   * One line per ground-truth label whose symbol is other code where the fixture runs than where it
   * was labeled (validate's stale-label): these scores count against it as it stands.
   */
  staleLabels?: string[];
  /** One line per system whose newest answer was given to the fixture as it was (another revision or task text): left out of these scores. */
  staleAnswers?: string[];
}

/** The corpus's agreement between raters, pooled over the items of its reviewed tasks (docs/agreement.md). */
export interface CorpusAgreement {
  tasks: number;
  items: number;
  kappa: number | null;
  percent: number | null;
  ac1: number | null;
  labeledOnly: { items: number; kappa: number | null; percent: number | null; ac1: number | null };
  /** The kappa paradox named, and which figure to read, where it happens. */
  paradox: string | null;
}

/** One cell of the matrix: the rank at which a system returned a ground-truth symbol. */
export type MatrixCell =
  | { kind: 'hit'; rank: number }
  | { kind: 'below'; rank: number }
  | { kind: 'missed'; category?: FailureCategory }
  | { kind: 'pending' };

export interface MatrixRow {
  symbol: string;
  confidence: Confidence;
  /** Aligned with `ResultMatrix.systems`. */
  cells: MatrixCell[];
}

/** Ground-truth symbols down, systems across; `k` is the cut (a rank above it is `below`). */
export interface ResultMatrix {
  systems: string[];
  k: number;
  rows: MatrixRow[];
}

/** One returned symbol: a hit beside the ground-truth entry it was credited to. */
export interface ReturnedItem {
  rank: number;
  returned: string;
  relevant: boolean;
  groundTruth: string | null;
  note?: 'already-credited' | 'duplicate';
}

/** A system's returned list, whole (the host keeps it; the panel is sent it a page at a time). */
export interface ReturnedList {
  system: string;
  items: ReturnedItem[];
}

/** Part of a returned list, as the panel is sent it (see returned.ts). */
export interface ReturnedPage {
  system: string;
  /** Items in the whole list, and hits among them. */
  total: number;
  hits: number;
  /** The index in the whole list of the page's first item. */
  from: number;
  items: ReturnedItem[];
}

/** A chart: a Vega-Lite spec with its data inline, rendered by the webview and, as SVG, by the CLI. */
export interface ChartView {
  id: string;
  title: string;
  /** A Vega-Lite top-level spec (JSON). */
  spec: Record<string, unknown>;
}

/**
 * A chart as the panel's page is sent it: compiled from Vega-Lite and run on the host
 * (core/charts/compile.ts) in the theme the page reported; the page only draws its scenegraph.
 */
export interface PageChart {
  id: string;
  title: string;
  /** The spec's description, for screen readers. */
  description?: string;
  /** SVG (each mark an element, labeled), or a canvas for a chart of many points (core's SVG_MAX_POINTS). */
  renderer: 'svg' | 'canvas';
  /** The drawing's size in pixels, and where the plot's origin sits in it. */
  width: number;
  height: number;
  origin: [number, number];
  background: string;
  /**
   * Vega's scenegraph as JSON text: marks with their positions and colors, tooltips as text. Text,
   * not objects: a message carrying a few thousand nested objects took the page 100 ms to receive,
   * a string is copied whole, and the page parses it when the chart is drawn, a task of its own.
   */
  scene: string;
}

/**
 * A payload as the panel's page is sent it: without its charts, which follow in a `charts` message
 * of their own (protocol.ts). A fixture's compiled scenegraphs are most of its bytes, and the page
 * would copy them before drawing the table that needs none of them.
 */
export type Chartless<T extends { charts: ChartView[] }> = Omit<T, 'charts'>;

/** Everything the panel shows about the open fixture's results. */
export interface FixtureResults {
  fixture: string;
  /** The run folder name the rows come from, when any. */
  run?: string;
  match: MatchRule;
  budget: number;
  /** The K of the rows' granularity values; absent when no row has them. */
  granularityK?: number;
  rows: SystemRow[];
  matrix: ResultMatrix;
  lists: ReturnedList[];
  charts: ChartView[];
  /** Judged@K warnings, dispute sensitivity and ties across the cut for these answers. */
  checks?: ScoreChecks;
}

/** FixtureResults as the panel's page is sent them: each returned list cut to its first page. */
export interface PanelResults extends Omit<FixtureResults, 'lists'> {
  lists: ReturnedPage[];
}

/** The corpus view: the latest run over every task. */
export interface CorpusResults {
  run: string;
  tasks: number;
  systems: string[];
  /** Mean of each table metric per system, over the run's tasks. */
  rows: { system: string; n: number; metrics: Record<TableMetric, number | null>; tokenEfficiency: number | null; judged?: number | null }[];
  charts: ChartView[];
  checks?: ScoreChecks;
  /** The raters' agreement over the corpus; absent while no task has been reviewed. */
  agreement?: CorpusAgreement;
}
