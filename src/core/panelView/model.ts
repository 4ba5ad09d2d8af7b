// The panel's view data is the panel protocol's payload: its shapes live in src/shared/panelView.ts,
// where the webview can import them. Re-exported here for the builders beside this file.
export type {
  ChartView,
  PageChart,
  CorpusResults,
  FixtureHeader,
  FixtureResults,
  GranularityCells,
  MatrixCell,
  MatrixRow,
  PanelResults,
  ResultMatrix,
  ReturnedItem,
  ReturnedList,
  ReturnedPage,
  RowStatus,
  RunControls,
  SystemChoice,
  SystemRow,
  TableMetric,
} from '../../shared/panelView';
export { TABLE_METRICS } from '../../shared/panelView';
