// The charts of a whole run (the panel's corpus view, and the SVGs analyzeRun writes beside
// FINDINGS.md): every answer of the run's primary budget, and the run's significance matrices.
import type { ScoredResult } from '../scoring/answers';
import type { ChartView } from '../../shared/panelView';
import type { SignificanceMatrix } from '../scoring/significance';
import { inOrder, systemsOf } from './encodings';
import { boxPlotChart, heatmapChart, taskCells } from './perTask';
import { meanPrPoints, prCurveChart } from './precisionRecall';
import { radarChart } from './radar';
import { significanceChart } from './significanceMatrix';
import { tokenPoints, tokenScatterChart } from './tokenEfficiency';
import { plural } from '../../shared/figures';

/** The metric whose significance matrix is drawn (the one FINDINGS.md discusses). */
export const CHARTED_SIGNIFICANCE = 'P@10';

/** `significance`: analyzeRun's matrices by metric; without P@10's, no significance chart. */
export function corpusCharts(answers: readonly ScoredResult[], significance: Readonly<Record<string, SignificanceMatrix>> = {}): ChartView[] {
  if (answers.length === 0) return [];
  const scored = inOrder(answers);
  const systems = systemsOf(scored);
  const tasks = new Set(scored.map((s) => s.raw.task)).size;
  const { cells, tasks: byDifficulty } = taskCells(scored);
  const matrix = significance[CHARTED_SIGNIFICANCE];
  const charts = [
    prCurveChart('pr-curves', `Precision-recall, mean over ${plural(tasks, 'task')}`, meanPrPoints(scored), systems),
    tokenScatterChart('token-efficiency', 'Tokens consumed vs recall, per task', tokenPoints(scored), systems),
    heatmapChart('p10-heatmap', 'P@10 per task', cells, byDifficulty, systems),
    boxPlotChart('p10-boxplot', 'P@10 per system', cells, systems),
    radarChart('radar', 'Six measures per system', scored, systems),
    matrix ? significanceChart('p10-significance', CHARTED_SIGNIFICANCE, matrix) : null,
  ];
  return charts.filter((c): c is ChartView => c !== null);
}
