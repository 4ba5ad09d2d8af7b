// Precision-recall curves (docs/scoring.md#charts): precision@K against recall@K for K = 1..50, one line per
// system. The points come from the scorer itself (scoreMatch with K = 1..50), so a curve's K = 10
// point is the table's P@10 and R@10, with the same conventions (P@K divides by K even when fewer
// came back, so a short answer's curve bends back towards precision 0).
import type { TopLevelSpec } from 'vega-lite';
import type { ScoredResult } from '../scoring/answers';
import { mean } from '../numbers';
import type { ChartView } from '../../shared/panelView';
import { scoreMatch } from '../scoring/metrics';
import { bySystem, systemsOf } from './encodings';

export const PR_MAX_K = 50;
const PR_KS = Array.from({ length: PR_MAX_K }, (_, i) => i + 1);

/** One point of a curve. */
export interface PrPoint {
  system: string;
  k: number;
  precision: number;
  recall: number;
}

/** One answer's curve; empty when the task has no ground truth (recall is undefined there). */
export function prPoints(s: ScoredResult): PrPoint[] {
  const score = scoreMatch(s.match, { ks: PR_KS });
  return PR_KS.flatMap((k) => (score.recall[k] === null ? [] : [{ system: s.raw.system, k, precision: score.precision[k], recall: score.recall[k] }]));
}

/** Each system's curve averaged over its tasks, K by K (a task without ground truth does not count). */
export function meanPrPoints(scored: readonly ScoredResult[]): PrPoint[] {
  const out: PrPoint[] = [];
  for (const system of systemsOf(scored)) {
    const curves = scored.filter((s) => s.raw.system === system).map(prPoints).filter((c) => c.length > 0);
    if (curves.length === 0) continue;
    for (const [i, k] of PR_KS.entries()) {
      out.push({ system, k, precision: mean(curves.map((c) => c[i].precision))!, recall: mean(curves.map((c) => c[i].recall))! });
    }
  }
  return out;
}

/** The overlaid curves: a line through K = 1..50 in order (not sorted by recall), a point at each K. */
export function prCurveChart(id: string, title: string, points: PrPoint[], systems: string[]): ChartView {
  const unit = { type: 'quantitative' as const, scale: { domain: [0, 1] } };
  return {
    id,
    title,
    spec: {
      title: { text: title, subtitle: `K = 1..${PR_MAX_K}; precision@K divides by K` },
      description: `${title}: precision at K against recall at K, K from 1 to ${PR_MAX_K}, one line per system (${systems.join(', ')}).`,
      width: 360,
      height: 260,
      data: { values: points },
      encoding: {
        x: { field: 'recall', title: 'Recall@K', ...unit },
        y: { field: 'precision', title: 'Precision@K', ...unit },
        color: bySystem(systems),
        order: { field: 'k', type: 'quantitative' },
        tooltip: [
          { field: 'system', type: 'nominal' },
          { field: 'k', type: 'quantitative', title: 'K' },
          { field: 'precision', type: 'quantitative', format: '.3f' },
          { field: 'recall', type: 'quantitative', format: '.3f' },
        ],
      },
      layer: [
        { mark: { type: 'line', strokeWidth: 1.5 } },
        { mark: { type: 'point', filled: true, size: 16 }, encoding: { shape: bySystem(systems) } },
      ],
    } satisfies TopLevelSpec,
  };
}
