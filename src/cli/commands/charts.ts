import { join, relative, resolve } from 'node:path';
import { FixtureLabError, redrawRunCharts } from '../../core';
import { CliIO, parse, UsageError } from '../args';
import { damagedAnswers } from './damaged';

/** `charts RUN_DIR [--skip-damaged]`: draws a run's charts again as RUN_DIR/analysis/charts/<id>.svg. */
export async function charts(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { 'skip-damaged': { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('give one run folder (results/run-...)');
  const dir = resolve(io.cwd, positionals[0]);
  const written = await redrawRunCharts(dir, io.cwd, damagedAnswers(values['skip-damaged'], io));
  if (written.length === 0) throw new FixtureLabError(
    'has no answers of its systems to the corpus\'s labeled tasks in raw/: nothing to draw', relative(io.cwd, dir) || '.');
  for (const chart of written) io.stdout.write(`wrote ${relative(io.cwd, join(dir, chart.path))}\n`);
  return 0;
}
