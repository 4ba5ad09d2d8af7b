// `fixture-lab charts RUN_DIR`: a finished run's charts drawn again from its raw answers (a run
// from before the charts, or one whose charts failed to draw) without running any system.
import { join, resolve } from 'node:path';
import { DamagedAnswers, RAW, readRunAnswers } from '../harness/results';
import { displayPath } from '../problems';
import { loadCorpus } from '../corpus/load';
import { scoreRun } from './corpus';
import { readRun, readSignificance } from './runs';
import { WrittenChart, writeRunCharts } from '../charts/runCharts';

/**
 * Draws an existing run's charts again: its raw answers scored against the fixtures as they are
 * now (as export-trec does), the significance matrices read from analysis/significance-tests.json.
 * Returns the charts written; none when the run has no answers to score.
 */
export async function redrawRunCharts(runDir: string, cwd = process.cwd(), damaged: DamagedAnswers = {}): Promise<WrittenChart[]> {
  const run = await readRun(runDir, cwd);
  const corpus = await loadCorpus(run.info.corpus_path ?? resolve(cwd, run.info.corpus), cwd);
  // A damaged answer refuses the charts (they average over the answers) unless damaged.skip; then scoreRun names each.
  let left = 0;
  await readRunAnswers(join(runDir, RAW), cwd, displayPath(runDir, cwd), { skip: damaged.skip, left: (n) => (left = n) });
  const scored = await scoreRun(run, corpus, damaged.warn, cwd);
  if (left > 0) damaged.left?.(left);
  // Nothing to score (an empty or foreign raw/): the charts already there are left as they are.
  return scored.length === 0 ? [] : writeRunCharts(runDir, scored, await readSignificance(runDir, damaged.warn, cwd));
}
