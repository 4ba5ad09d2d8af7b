import { relative } from 'node:path';
import { mergeRuns } from '../../core';
import { CliIO, parse, UsageError } from '../args';
import { plural } from '../../shared/figures';

/** `merge OUT RUN_DIR... [--corpus DIR]`: the shard folders of one run as one run folder (docs/scaling.md). */
export async function merge(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { corpus: { type: 'string' } });
  const [out, ...dirs] = positionals;
  if (!out || dirs.length === 0) throw new UsageError('give the folder to write and the shard folders: merge OUT RUN_DIR...');
  const summary = await mergeRuns(out, dirs, { cwd: io.cwd, ...(values.corpus ? { corpusDir: values.corpus } : {}) });
  io.stdout.write(`merged ${plural(dirs.length, 'folder')}: ${plural(summary.scored.length, 'answer')} at ${summary.info.budgets[0]} tokens\n`);
  io.stdout.write(`results: ${relative(io.cwd, summary.dir) || '.'}\n`);
  return 0;
}
