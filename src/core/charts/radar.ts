// The radar chart (docs/scoring.md#charts): six axes (P@10, R@10, NDCG@10, TokenEff, TTC, MRR), one polygon per
// system. Vega-Lite has no polar lines, so the polygons are drawn in x/y from angles computed
// here: axis i points at 90° - 60° i (clockwise from the top), a value r in [0, 1] sits at
// (r cos, r sin). Four axes are fractions already (Table 1's means). Token efficiency and time
// to context have no scale of their own, so each is relative to the best system: its mean
// efficiency over the best one's, and the fastest median cold query over its own (1 = fastest;
// a system with no timed answer is 0). The tooltips give the measured values.
import type { TopLevelSpec } from 'vega-lite';
import type { ScoredResult } from '../scoring/answers';
import { mean, median } from '../numbers';
import type { ChartView } from '../../shared/panelView';
import { metricValues } from '../scoring/metrics';
import { bySystem } from './encodings';
import { fmt } from '../../shared/figures';

export const RADAR_AXES = ['P@10', 'R@10', 'NDCG@10', 'TokenEff', 'TTC', 'MRR'] as const;
export type RadarAxis = (typeof RADAR_AXES)[number];

export interface RadarValue {
  system: string;
  axis: RadarAxis;
  /** Where the polygon's corner sits on the axis, 0 to 1. */
  value: number;
  /** What was measured, as shown in the tooltip. */
  measured: string;
}

/** Each system's six values (systems in the order given). */
export function radarValues(scored: readonly ScoredResult[], systems: readonly string[]): RadarValue[] {
  const of = (system: string) => scored.filter((s) => s.raw.system === system);
  const meanOf = (system: string, metric: string) => mean(of(system).map((s) => metricValues(s.score)[metric]).filter((v): v is number => v !== null)) ?? 0;
  const coldMedian = (system: string) => median(
    of(system).filter((s) => s.raw.status === 'ok' && s.raw.timings.cold_ms !== undefined).map((s) => s.raw.timings.cold_ms!));
  const efficiency = new Map(systems.map((s) => [s, meanOf(s, 'token_efficiency')]));
  const bestEfficiency = Math.max(0, ...efficiency.values());
  const cold = new Map(systems.map((s) => [s, coldMedian(s)]));
  const timed = [...cold.values()].filter((v): v is number => v !== null);
  const fastest = timed.length ? Math.min(...timed) : null;
  return systems.flatMap((system) => RADAR_AXES.map((axis): RadarValue => {
    switch (axis) {
      case 'TokenEff': {
        const e = efficiency.get(system)!;
        return { system, axis, value: bestEfficiency > 0 ? e / bestEfficiency : 0, measured: `${fmt(e, 5)} relevant per token` };
      }
      case 'TTC': {
        const ms = cold.get(system) ?? null;
        // A zero median (a replayed recording) is as fast as can be.
        const value = ms === null || fastest === null ? 0 : ms <= 0 ? 1 : Math.min(1, fastest / ms);
        return { system, axis, value, measured: ms === null ? 'no timed answer' : `${fmt(ms / 1000)} s cold query (median)` };
      }
      default: {
        const m = meanOf(system, axis);
        return { system, axis, value: Math.max(0, Math.min(1, m)), measured: `${fmt(m)} (mean)` };
      }
    }
  }));
}

const RINGS = [0.25, 0.5, 0.75, 1];
const LABEL_AT = 1.2;

/** Where value r on axis i sits. */
function corner(i: number, r: number): { x: number; y: number } {
  const angle = Math.PI / 2 - (2 * Math.PI * i) / RADAR_AXES.length;
  // Six decimals, and never -0 (a corner on an axis sits at 0 whichever side it was computed from).
  const round = (v: number) => Math.round(v * 1e6) / 1e6 || 0;
  return { x: round(r * Math.cos(angle)), y: round(r * Math.sin(angle)) };
}

/** Null without answers. */
export function radarChart(id: string, title: string, scored: readonly ScoredResult[], systems: string[]): ChartView | null {
  if (scored.length === 0 || systems.length === 0) return null;
  const values = radarValues(scored, systems);
  // Each polygon closes on its first corner again (order 6 = axis 0).
  const polygons = systems.flatMap((system) => [...RADAR_AXES, RADAR_AXES[0]].map((axis, order) => {
    const v = values.find((x) => x.system === system && x.axis === axis)!;
    return { ...v, order, ...corner(order, v.value) };
  }));
  const rings = RINGS.flatMap((ring) => [...RADAR_AXES, RADAR_AXES[0]].map((_, order) => ({ ring, order, ...corner(order, ring) })));
  const spokes = RADAR_AXES.map((axis, i) => ({ axis, x0: 0, y0: 0, ...corner(i, 1), label: corner(i, LABEL_AT) }))
    .map(({ label, ...s }) => ({ ...s, lx: label.x, ly: label.y }));
  const scale = { domain: [-1.4, 1.4], nice: false, zero: false };
  const x = { field: 'x', type: 'quantitative', scale, axis: null } as const;
  const y = { field: 'y', type: 'quantitative', scale, axis: null } as const;
  return {
    id,
    title,
    spec: {
      title: { text: title, subtitle: ['P@10, R@10, NDCG@10, MRR: means over tasks', 'TokenEff, TTC (cold query): relative to the best system'] },
      description: `${title}: for each system (${systems.join(', ')}), a polygon over six axes: ${RADAR_AXES.join(', ')}; farther out is better.`,
      width: 300,
      height: 300,
      // No frame: the rings are the chart's grid.
      view: { stroke: null },
      layer: [
        {
          data: { values: rings },
          mark: { type: 'line', style: 'radar-grid' },
          encoding: { x, y, detail: { field: 'ring', type: 'nominal' }, order: { field: 'order', type: 'quantitative' } },
        },
        {
          data: { values: spokes },
          mark: { type: 'rule', style: 'radar-axis' },
          encoding: { x: { ...x, field: 'x0' }, y: { ...y, field: 'y0' }, x2: { field: 'x' }, y2: { field: 'y' } },
        },
        {
          data: { values: spokes },
          mark: { type: 'text' },
          encoding: { x: { ...x, field: 'lx' }, y: { ...y, field: 'ly' }, text: { field: 'axis', type: 'nominal' } },
        },
        {
          data: { values: polygons },
          mark: { type: 'line', strokeWidth: 2 },
          encoding: { x, y, color: bySystem(systems), detail: { field: 'system', type: 'nominal' }, order: { field: 'order', type: 'quantitative' } },
        },
        {
          data: { values: polygons.filter((p) => p.order < RADAR_AXES.length) },
          mark: { type: 'point', filled: true, size: 36 },
          encoding: {
            x,
            y,
            color: bySystem(systems),
            shape: bySystem(systems),
            tooltip: [
              { field: 'system', type: 'nominal' },
              { field: 'axis', type: 'nominal' },
              { field: 'value', type: 'quantitative', format: '.3f', title: 'on the axis' },
              { field: 'measured', type: 'nominal' },
            ],
          },
        },
      ],
    } satisfies TopLevelSpec,
  };
}
