import { relative, resolve } from 'node:path';
import { exportTrec, readRunInfo } from '../../core';
import { CliIO, parse, UsageError } from '../args';

/** `export-trec RUN_DIR`: the run's qrels and one TREC run file per system, in RUN_DIR/trec/. */
export async function exportTrecCommand(args: string[], io: CliIO): Promise<number> {
  const { positionals } = parse(args, {});
  if (positionals.length !== 1) throw new UsageError('give one run folder (results/run-...)');
  const dir = resolve(io.cwd, positionals[0]);
  const info = await readRunInfo(dir, io.cwd);
  const written = await exportTrec(dir, info, io.cwd, (message) => io.stderr.write(`fixture-lab: ${message}\n`));
  for (const file of written) io.stdout.write(`wrote ${relative(io.cwd, file)}\n`);
  return 0;
}
