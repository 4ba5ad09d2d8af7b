// The significance matrix (docs/scoring.md#charts): every ordered pair of systems, the paired Wilcoxon p-value of
// their difference in one metric, as analyzeRun computed it (nothing is tested again here).
// A cell is marked significant only by the run's own rule (p < 0.05 and |d| > 0.3), so the
// chart never calls a difference the findings do not.
import type { TopLevelSpec } from 'vega-lite';
import { fmt, plural } from '../../shared/figures';
import type { ChartView } from '../../shared/panelView';
import { ALPHA, MIN_EFFECT, pairOf, SignificanceMatrix, smallestReachableP } from '../scoring/significance';
import { unitRamp } from './encodings';

export interface SignificanceCell {
  /** The row's system. */
  a: string;
  /** The column's system. */
  b: string;
  p: number;
  /** Cohen's d of a - b; null below two paired tasks. */
  d: number | null;
  significant: boolean;
  better: string | null;
  /** What the cell says: the p-value, starred when significant. */
  label: string;
}

/** Both orientations of every pair (a row per system, a column per system, the diagonal empty). */
export function significanceCells(matrix: SignificanceMatrix): SignificanceCell[] {
  return matrix.systems.flatMap((a) =>
    matrix.systems.flatMap((b) => {
      const pair = a === b ? null : pairOf(matrix, a, b);
      if (!pair) return [];
      const p = pair.wilcoxon.p;
      const label = `${p < 0.001 ? '<0.001' : fmt(p)}${pair.significant ? ' *' : ''}`;
      return [{ a, b, p, d: pair.cohensD, significant: pair.significant, better: pair.better, label }];
    }),
  );
}

/** Null when there is nothing to compare (fewer than two systems). */
export function significanceChart(id: string, metric: string, matrix: SignificanceMatrix): ChartView | null {
  const cells = significanceCells(matrix);
  if (cells.length === 0) return null;
  const title = `Pairwise significance of ${metric}`;
  const n = matrix.pairs[0]?.n ?? 0;
  const axis = (field: 'a' | 'b', name: string) => (
    { field, type: 'nominal', title: name, sort: matrix.systems, axis: { labelAngle: field === 'b' ? -30 : 0 } }) as const;
  return {
    id,
    title,
    spec: {
      title: { text: title, subtitle: smallestReachableP(n) >= ALPHA
        ? `paired Wilcoxon p over ${plural(n, 'task')}: too few for any p < ${ALPHA} (smallest reachable ${fmt(smallestReachableP(n))})`
        : `paired Wilcoxon p over ${n} tasks; * significant: p < ${ALPHA} and |d| > ${MIN_EFFECT}` },
      description: `${title}: for each pair of systems, the p-value of the paired Wilcoxon signed-rank test on ${metric}; starred cells are `
        + `significant (p < ${ALPHA} and |Cohen's d| > ${MIN_EFFECT}).`,
      width: { step: 64 },
      height: { step: 28 },
      data: { values: cells },
      encoding: { x: axis('b', 'vs'), y: axis('a', 'System') },
      layer: [
        {
          mark: { type: 'rect' },
          // Small p strong, p = 1 the page's background.
          encoding: {
            color: { field: 'p', type: 'quantitative', title: 'p', scale: unitRamp(true) },
            tooltip: [
              { field: 'a', type: 'nominal', title: 'system' },
              { field: 'b', type: 'nominal', title: 'vs' },
              { field: 'p', type: 'quantitative', format: '.4f' },
              { field: 'd', type: 'quantitative', title: "Cohen's d", format: '.2f' },
              { field: 'better', type: 'nominal' },
            ],
          },
        },
        {
          mark: { type: 'text' },
          encoding: { text: { field: 'label', type: 'nominal' } },
        },
      ],
    } satisfies TopLevelSpec,
  };
}
