// `fixture-lab charts RUN_DIR`: a finished run's charts drawn again from its raw answers (a run
// from before the charts, or one whose charts failed to draw) without running any system.
import { existsSync, promises as fs } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCorpus } from '../corpus/load';
import { scoreResult } from '../harness/analysis';
import { readRawDir, RunInfo } from '../harness/results';
import type { SignificanceMatrix } from '../scoring/significance';
import { WrittenChart, writeRunCharts } from './runCharts';

/**
 * Draws an existing run's charts again: its raw answers scored against the fixtures as they are
 * now (as export-trec does), the significance matrices read from analysis/significance-tests.json.
 * Returns the charts written; none when the run has no answers to score.
 */
export async function redrawRunCharts(runDir: string, cwd = process.cwd()): Promise<WrittenChart[]> {
  const info = JSON.parse(await fs.readFile(join(runDir, 'run.json'), 'utf8')) as RunInfo;
  const corpus = await loadCorpus(info.corpus_path ?? resolve(cwd, info.corpus), cwd);
  const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
  const fixtures = new Map(corpus.fixtures.map((f) => [f.read.fixture.id ?? '', f.read.fixture]));
  const systems = new Set(info.systems.map((s) => s.name));
  const raws = (await readRawDir(join(runDir, 'raw'))).filter((r) => fixtures.has(r.task) && systems.has(r.system));
  const scored = raws.map((r) => scoreResult(r, fixtures.get(r.task)!, info, modules.get(r.repo)));
  const testsFile = join(runDir, 'analysis', 'significance-tests.json');
  const significance = existsSync(testsFile) ? (JSON.parse(await fs.readFile(testsFile, 'utf8')).metrics as Record<string, SignificanceMatrix>) : {};
  // Nothing to score (an empty or foreign raw/): the charts already there are left as they are.
  return scored.length === 0 ? [] : writeRunCharts(runDir, scored, significance);
}
