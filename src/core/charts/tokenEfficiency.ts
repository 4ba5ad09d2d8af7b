// Token efficiency (docs/scoring.md#charts): tokens consumed against recall achieved. Tokens are the system's whole
// output (cl100k_base, as scored), so recall is the whole answer's too (every relevant item
// returned, at any rank): the two numbers token efficiency itself divides.
import type { TopLevelSpec } from 'vega-lite';
import type { ScoredResult } from '../scoring/answers';
import type { ChartView } from '../../shared/panelView';
import type { TaskScore } from '../scoring/metrics';
import { bySystem } from './encodings';

export interface TokenPoint {
  system: string;
  task: string;
  tokens: number;
  recall: number;
  status: string;
}

/** Relevant items found anywhere in the answer over the ground truth; null without ground truth. */
export function answerRecall(score: TaskScore): number | null {
  return score.truthSize > 0 ? score.relevantFound / score.truthSize : null;
}

/** One point per answer (a failed answer is there too, at its output's tokens and recall 0). */
export function tokenPoints(scored: readonly ScoredResult[]): TokenPoint[] {
  return scored.flatMap((s) => {
    const recall = answerRecall(s.score);
    return recall === null ? [] : [{ system: s.raw.system, task: s.raw.task, tokens: s.raw.tokens, recall, status: s.raw.status }];
  });
}

/** The scatter; `labels` writes each point's system beside it (one point per system: one fixture). */
export function tokenScatterChart(id: string, title: string, points: TokenPoint[], systems: string[], options: { labels?: boolean } = {}): ChartView {
  const point = { mark: { type: 'point', filled: true, size: 40, opacity: 0.75 }, encoding: { shape: bySystem(systems) } } as const;
  const label = { mark: { type: 'text', align: 'left', dx: 7, dy: -2 }, encoding: { text: { field: 'system', type: 'nominal' } } } as const;
  return {
    id,
    title,
    spec: {
      title: { text: title, subtitle: 'recall of the whole answer; tokens of the whole output (cl100k_base)' },
      description: `${title}: tokens consumed against recall achieved, ${options.labels ? 'one point per system' : 'one point per task and '
        + 'system'} (${systems.join(', ')}).`,
      width: 360,
      height: 260,
      data: { values: points },
      encoding: {
        x: { field: 'tokens', type: 'quantitative', title: 'Tokens consumed', scale: { zero: true } },
        y: { field: 'recall', type: 'quantitative', title: 'Recall', scale: { domain: [0, 1] } },
        color: bySystem(systems),
        tooltip: [
          { field: 'system', type: 'nominal' },
          { field: 'task', type: 'nominal' },
          { field: 'tokens', type: 'quantitative' },
          { field: 'recall', type: 'quantitative', format: '.3f' },
          { field: 'status', type: 'nominal' },
        ],
      },
      layer: options.labels ? [point, label] : [point],
    } satisfies TopLevelSpec,
  };
}
