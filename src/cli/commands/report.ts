import { join } from 'node:path';
import { displayPath, labelingReport, loadCorpus, writeTextAtomic } from '../../core';
import { CliIO, corpusDir, parse, UsageError } from '../args';

export async function report(args: string[], io: CliIO): Promise<number> {
  const { positionals } = parse(args, {});
  if (positionals.length > 1) throw new UsageError('give at most one corpus folder');
  const corpus = await loadCorpus(corpusDir(positionals[0], io.cwd), io.cwd);
  const path = join(corpus.dir, 'labeling-report.md');
  await writeTextAtomic(path, labelingReport(corpus), undefined, displayPath(path, io.cwd));
  io.stdout.write(`wrote ${displayPath(path, io.cwd)}\n`);
  return 0;
}
