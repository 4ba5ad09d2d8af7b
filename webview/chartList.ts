// A list of charts (the fixture's, or the corpus's), drawn by charts.ts (loaded on first use,
// chartsLoader.ts) only while its tab is shown (DeferredPane): a chart is the slowest thing on the
// page. Drawn again when the data changes; a new color theme comes as new data (the host compiles
// the charts in it).
import type { PageChart } from '../src/shared/panelView';
import type { renderChart as RenderChartFn } from './charts';
import { loadCharts } from './chartsLoader';
import { DeferredPane } from './deferred';
import { h, placeholder, show } from './dom';
import { yieldToPage } from './tasks';

type RenderChart = typeof RenderChartFn;

export class ChartList extends DeferredPane {
  constructor(private readonly emptyText: string) {
    super(h('div', { class: 'chart-list' }));
    show(this.element, placeholder(emptyText));
  }

  setCharts(charts: readonly PageChart[]): void {
    this.set((element) => this.drawCharts(element, charts));
  }

  /** Bumped by each draw: an older draw still going stops at its next chart. */
  private generation = 0;

  private drawCharts(element: HTMLElement, charts: readonly PageChart[]): void {
    const generation = ++this.generation;
    if (charts.length === 0) return show(element, placeholder(this.emptyText));
    const canvases = charts.map((chart) => h('div', { class: 'chart', attrs: { 'data-chart': chart.id } }));
    // In the page first: a chart sized to its container measures it. The caption is for screen
    // readers: the chart draws its own title.
    show(element, ...charts.map((chart, i) => h('figure', { class: 'chart-figure' }, h('figcaption', { class: 'visually-hidden' }, chart.title), canvases[i])));
    // A chart at a time, the page answering in between: five in one go would freeze the panel
    // (clicks, tab keys) for half a second.
    const failed = (i: number, error: unknown) =>
      show(canvases[i], h('p', { class: 'error-message' }, `This chart could not be drawn: ${error instanceof Error ? error.message : String(error)}`));
    void (async () => {
      let renderChart: RenderChart;
      try {
        ({ renderChart } = await loadCharts());
      } catch (error) {
        if (generation === this.generation) charts.forEach((_, i) => failed(i, error));
        return;
      }
      for (const [i, chart] of charts.entries()) {
        await yieldToPage();
        if (generation !== this.generation) return;
        await renderChart(canvases[i], chart).catch((error: unknown) => failed(i, error));
      }
    })();
  }
}
