import { formatProblem, loadCorpus, validateCorpus } from '../../core';
import { CliIO, corpusDir, parse, UsageError } from '../args';

export async function validate(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' } });
  if (positionals.length > 1) throw new UsageError('give at most one corpus folder');
  const corpus = await loadCorpus(corpusDir(positionals[0], io.cwd), io.cwd);
  const problems = validateCorpus(corpus);
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (values.json) io.stdout.write(JSON.stringify(problems, null, 2) + '\n');
  else {
    for (const p of problems) io.stdout.write(formatProblem(p) + '\n');
    const warnings = problems.length - errors;
    io.stderr.write(`${corpus.fixtures.length} fixtures: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  }
  return errors > 0 ? 1 : 0;
}
