import { existsSync, promises as fs } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { exportTrec, FixtureLabError, RunInfo } from '../../core';
import { CliIO, parse, UsageError } from '../args';

/** `export-trec RUN_DIR`: the run's qrels and one TREC run file per system, in RUN_DIR/trec/. */
export async function exportTrecCommand(args: string[], io: CliIO): Promise<number> {
  const { positionals } = parse(args, {});
  if (positionals.length !== 1) throw new UsageError('give one run folder (results/run-...)');
  const dir = resolve(io.cwd, positionals[0]);
  const runFile = join(dir, 'run.json');
  if (!existsSync(runFile)) throw new FixtureLabError('is not a run folder (no run.json): give a folder `fixture-lab run` wrote', relative(io.cwd, dir) || '.');
  const info = JSON.parse(await fs.readFile(runFile, 'utf8')) as RunInfo;
  const written = await exportTrec(dir, info, io.cwd);
  for (const file of written) io.stdout.write(`wrote ${relative(io.cwd, file)}\n`);
  return 0;
}
