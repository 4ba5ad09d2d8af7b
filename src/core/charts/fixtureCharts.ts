// The charts of one fixture in the panel: its answers from one run, one per system.
import type { ScoredResult } from '../scoring/answers';
import type { ChartView } from '../../shared/panelView';
import { inOrder, systemsOf } from './encodings';
import { prCurveChart, prPoints } from './precisionRecall';
import { tokenPoints, tokenScatterChart } from './tokenEfficiency';

/** `scored`: the run's answers for this one task (any order). */
export function fixtureCharts(scored: readonly ScoredResult[]): ChartView[] {
  const systems = systemsOf(scored);
  const mine = inOrder(scored);
  return [
    prCurveChart('pr-curve', 'Precision-recall', mine.flatMap(prPoints), systems),
    tokenScatterChart('token-efficiency', 'Tokens consumed vs recall', tokenPoints(mine), systems, { labels: true }),
  ];
}
