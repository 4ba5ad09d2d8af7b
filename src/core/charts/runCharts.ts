// A run's charts on disk: <run>/analysis/charts/<id>.svg, drawn by analyzeRun beside FINDINGS.md
// (which links them). Imports nothing of the harness but types, so analyzeRun can call it.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ScoredResult } from '../scoring/answers';
import { writeTextAtomic } from '../io/files';
import type { SignificanceMatrix } from '../scoring/significance';
import { corpusCharts } from './corpusCharts';
import { renderSvg } from './svg';
import { reportText } from '../untrusted/reportMarkdown';

/** Where the SVGs go, relative to the run folder (forward slashes: FINDINGS.md links it). */
export const RUN_CHARTS_DIR = 'analysis/charts';

export interface WrittenChart {
  id: string;
  title: string;
  /** Relative to the run folder. */
  path: string;
}

/**
 * Draws the corpus charts as SVG into the run folder. SVGs of charts this run no longer has
 * (a significance matrix with one system left) are removed, so the folder never shows a stale one.
 */
export async function writeRunCharts(
  runDir: string, scored: readonly ScoredResult[], significance: Readonly<Record<string, SignificanceMatrix>>): Promise<WrittenChart[]> {
  const dir = join(runDir, RUN_CHARTS_DIR);
  await fs.mkdir(dir, { recursive: true });
  const written: WrittenChart[] = [];
  for (const chart of corpusCharts(scored, significance)) {
    await writeTextAtomic(join(dir, `${chart.id}.svg`), await renderSvg(chart));
    written.push({ id: chart.id, title: chart.title, path: `${RUN_CHARTS_DIR}/${chart.id}.svg` });
  }
  const kept = new Set(written.map((w) => `${w.id}.svg`));
  for (const name of await fs.readdir(dir)) if (name.endsWith('.svg') && !kept.has(name)) await fs.rm(join(dir, name), { force: true });
  return written;
}

/** FINDINGS.md's Charts section: a link per chart, or why there are none. */
export function chartsSection(charts: readonly WrittenChart[] | Error): string {
  const out = ['', '## Charts', ''];
  if (charts instanceof Error) out.push(`The charts could not be drawn (${reportText(charts.message)}); \`fixture-lab charts RUN_DIR\` draws them again.`);
  else if (charts.length === 0) out.push('No answers: nothing to draw.');
  else out.push(...charts.map((c) => `- [${c.title}](${c.path})`));
  return [...out, ''].join('\n');
}
