import { checkCorpusSymbols, formatMatchRate, formatProblem, loadCorpus, Problem, SymbolCheck, validateCorpus } from '../../core';
import { CliIO, corpusDir, parse, UsageError } from '../args';

export async function validate(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, 'no-resolve': { type: 'boolean' } });
  if (positionals.length > 1) throw new UsageError('give at most one corpus folder');
  const corpus = await loadCorpus(corpusDir(positionals[0], io.cwd), io.cwd);
  const problems = validateCorpus(corpus);
  const symbols = values['no-resolve'] ? undefined : await checkCorpusSymbols(corpus);
  if (symbols) problems.push(...symbols.problems);
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (values.json) io.stdout.write(JSON.stringify(validateJson(problems, symbols), null, 2) + '\n');
  else {
    for (const p of problems) io.stdout.write(formatProblem(p) + '\n');
    if (symbols) for (const line of matchRateLines(symbols)) io.stderr.write(line + '\n');
    const warnings = problems.length - errors;
    io.stderr.write(`${corpus.fixtures.length} fixtures: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  }
  return errors > 0 ? 1 : 0;
}

/** The corpus's match rate, as the seed's fixture tooling reports it, over ground truth and over every symbol. */
function matchRateLines(s: SymbolCheck): string[] {
  const lines = [formatMatchRate('ground truth', s.ground_truth), formatMatchRate('all symbols', s.all_symbols)];
  if (s.not_checked > 0) lines.push(`${s.not_checked} symbol${s.not_checked === 1 ? '' : 's'} not checked (see the warnings)`);
  return lines;
}

/** `--json`: the problems as before, and the match rate (null with --no-resolve). */
function validateJson(problems: Problem[], s: SymbolCheck | undefined) {
  return {
    problems,
    match_rate: s ? { ground_truth: s.ground_truth, all_symbols: s.all_symbols, not_checked: s.not_checked } : null,
  };
}
