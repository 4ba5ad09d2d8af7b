import { relative, resolve } from 'node:path';
import { exportTrec, readRunInfo } from '../../core';
import { CliIO, parse, UsageError } from '../args';
import { damagedAnswers } from './damaged';

/** `export-trec RUN_DIR [--skip-damaged]`: the run's qrels and one TREC run file per system, in RUN_DIR/trec/. */
export async function exportTrecCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { 'skip-damaged': { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('give one run folder (results/run-...)');
  const dir = resolve(io.cwd, positionals[0]);
  const info = await readRunInfo(dir, io.cwd);
  const written = await exportTrec(dir, info, io.cwd, damagedAnswers(values['skip-damaged'], io));
  for (const file of written) io.stdout.write(`wrote ${relative(io.cwd, file)}\n`);
  return 0;
}
