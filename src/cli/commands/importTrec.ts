import { relative } from 'node:path';
import { importTrecRun, MATCH_RULES } from '../../core';
import { CliIO, corpusDir, oneOf, parse, required, UsageError } from '../args';
import { plural } from '../../shared/figures';

/**
 * `import-trec RUN_FILE --system NAME --out RUN_DIR [--corpus DIR] [--match RULE] [--budget N] [--tasks GLOB]`: a TREC run
 * made elsewhere as a run folder, scored here like any other (docs/imports.md).
 */
export async function importTrecCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    system: { type: 'string' },
    out: { type: 'string' },
    corpus: { type: 'string' },
    match: { type: 'string' },
    budget: { type: 'string' },
    tasks: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('give one TREC run file');
  const budget = values.budget === undefined ? undefined : Number(values.budget);
  if (budget !== undefined && (!Number.isInteger(budget) || budget <= 0)) throw new UsageError('--budget must be a token count, e.g. 5000');
  const summary = await importTrecRun({
    runFile: positionals[0],
    system: required(values.system, '--system'),
    outDir: required(values.out, '--out'),
    corpusDir: corpusDir(values.corpus, io.cwd),
    cwd: io.cwd,
    ...(values.match ? { match: oneOf(values.match, MATCH_RULES, '--match') } : {}),
    ...(budget !== undefined ? { budget } : {}),
    ...(values.tasks ? { tasks: values.tasks } : {}),
  });
  for (const i of summary.ignored) io.stderr.write(`fixture-lab: left out qid ${i.task}: ${i.reason}\n`);
  if (summary.unranked.length > 0) {
    const some = summary.unranked.slice(0, 5).join(', ') + (summary.unranked.length > 5 ? ', ...' : '');
    io.stderr.write(`fixture-lab: the run ranks nothing for ${plural(summary.unranked.length, 'task')} (${some}): `
      + 'they score 0, as trec_eval -c counts them\n');
  }
  const n = summary.info.tasks.length - summary.unranked.length;
  io.stdout.write(`imported ${summary.info.systems[0].name}: ${n} of ${plural(summary.info.tasks.length, 'task')} ranked, ${summary.info.match} matching\n`);
  io.stdout.write(`results: ${relative(io.cwd, summary.dir) || '.'}\n`);
  return 0;
}
