// P@10 task by task (docs/scoring.md#charts): the heatmap (tasks down, hardest first; systems across) and the box
// plots (each system's spread over the tasks, not only its mean). A failed answer counts as 0,
// as it does in the tables (scoreResult scores it as an empty list).
import type { TopLevelSpec } from 'vega-lite';
import type { ScoredResult } from '../scoring/answers';
import { mean } from '../numbers';
import type { ChartView } from '../../shared/panelView';
import { scoreMatch } from '../scoring/metrics';
import { bySystem, unitRamp } from './encodings';
import { plural } from '../../shared/figures';

export interface TaskCell {
  task: string;
  system: string;
  p10: number;
  /** The task's mean P@10 over the systems: lower is harder. */
  difficulty: number;
}

/** P@10 of one answer, from the scorer (asked for K = 10 itself, whatever K the run kept). */
export function precisionAt10(s: ScoredResult): number {
  return s.score.precision[10] ?? scoreMatch(s.match, { ks: [10] }).precision[10];
}

/** Every answer's P@10 with its task's difficulty, and the tasks hardest first (ties by name). */
export function taskCells(scored: readonly ScoredResult[]): { cells: TaskCell[]; tasks: string[] } {
  const byTask = new Map<string, { system: string; p10: number }[]>();
  for (const s of scored) {
    const row = byTask.get(s.raw.task) ?? [];
    row.push({ system: s.raw.system, p10: precisionAt10(s) });
    byTask.set(s.raw.task, row);
  }
  const difficulty = new Map([...byTask].map(([task, row]) => [task, mean(row.map((r) => r.p10))!]));
  const tasks = [...byTask.keys()].sort((a, b) => difficulty.get(a)! - difficulty.get(b)! || a.localeCompare(b));
  const cells = tasks.flatMap((task) => byTask.get(task)!.map((r) => ({ task, system: r.system, p10: r.p10, difficulty: difficulty.get(task)! })));
  return { cells, tasks };
}

export function heatmapChart(id: string, title: string, cells: TaskCell[], tasks: string[], systems: string[]): ChartView {
  return {
    id,
    title,
    spec: {
      title: { text: title, subtitle: 'rows sorted by difficulty: the mean P@10 over the systems, hardest first' },
      description: `${title}: P@10 for each of ${plural(tasks.length, 'task')} (rows, hardest first) and each system (columns: ${systems.join(', ')}).`,
      width: { step: 48 },
      // Many tasks get thinner rows; the axis then shows the names that fit.
      height: { step: tasks.length > 60 ? 10 : 16 },
      data: { values: cells },
      mark: { type: 'rect' },
      encoding: {
        x: { field: 'system', type: 'nominal', title: 'System', sort: systems, axis: { labelAngle: -30 } },
        y: { field: 'task', type: 'nominal', title: 'Task', sort: tasks, axis: { labelOverlap: 'greedy' } },
        color: { field: 'p10', type: 'quantitative', title: 'P@10', scale: unitRamp() },
        tooltip: [
          { field: 'task', type: 'nominal' },
          { field: 'system', type: 'nominal' },
          { field: 'p10', type: 'quantitative', title: 'P@10', format: '.2f' },
          { field: 'difficulty', type: 'quantitative', title: 'task mean P@10', format: '.2f' },
        ],
      },
    } satisfies TopLevelSpec,
  };
}

export function boxPlotChart(id: string, title: string, cells: TaskCell[], systems: string[]): ChartView {
  return {
    id,
    title,
    spec: {
      title: { text: title, subtitle: 'boxes: quartiles and median; whiskers: 1.5 IQR; points beyond them: outliers' },
      description: `${title}: the distribution of P@10 over the tasks for each system (${systems.join(', ')}).`,
      width: { step: 48 },
      height: 240,
      data: { values: cells },
      mark: { type: 'boxplot', extent: 1.5 },
      encoding: {
        x: { field: 'system', type: 'nominal', title: 'System', sort: systems, axis: { labelAngle: -30 } },
        y: { field: 'p10', type: 'quantitative', title: 'P@10', scale: { domain: [0, 1] } },
        color: { ...bySystem(systems), legend: null },
      },
    } satisfies TopLevelSpec,
  };
}
