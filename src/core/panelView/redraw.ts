// `fixture-lab charts RUN_DIR`: a finished run's charts drawn again from its raw answers (a run
// from before the charts, or one whose charts failed to draw) without running any system.
import { resolve } from 'node:path';
import { loadCorpus } from '../corpus/load';
import { scoreRun } from './corpus';
import { readRun, readSignificance } from './runs';
import { WrittenChart, writeRunCharts } from '../charts/runCharts';

/**
 * Draws an existing run's charts again: its raw answers scored against the fixtures as they are
 * now (as export-trec does), the significance matrices read from analysis/significance-tests.json.
 * Returns the charts written; none when the run has no answers to score.
 */
export async function redrawRunCharts(runDir: string, cwd = process.cwd(), warn?: (message: string) => void): Promise<WrittenChart[]> {
  const run = await readRun(runDir, cwd);
  const corpus = await loadCorpus(run.info.corpus_path ?? resolve(cwd, run.info.corpus), cwd);
  const scored = await scoreRun(run, corpus, warn, cwd);
  // Nothing to score (an empty or foreign raw/): the charts already there are left as they are.
  return scored.length === 0 ? [] : writeRunCharts(runDir, scored, await readSignificance(runDir, warn, cwd));
}
