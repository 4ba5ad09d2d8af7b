import { checkCorpusSymbols, formatMatchRate, formatProblem, loadCorpus, Problem, staleReport, SymbolCheck, validateCorpus } from '../../core';
import { CliIO, corpusDir, parse, UsageError } from '../args';
import { plural } from '../../shared/figures';

export async function validate(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, 'no-resolve': { type: 'boolean' }, verbose: { type: 'boolean' } });
  if (positionals.length > 1) throw new UsageError('give at most one corpus folder');
  const corpus = await loadCorpus(corpusDir(positionals[0], io.cwd), io.cwd);
  const problems = validateCorpus(corpus);
  const symbols = values['no-resolve'] ? undefined : await checkCorpusSymbols(corpus);
  if (symbols) problems.push(...symbols.problems);
  const report = await staleReport(corpus);
  if (report) problems.push(report);
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (values.json) io.stdout.write(JSON.stringify(validateJson(problems, symbols), null, 2) + '\n');
  else {
    // What needs action first: errors, then warnings; notes last, one line per fixture and kind unless --verbose.
    for (const severity of ['error', 'warning'] as const) {
      for (const p of problems.filter((x) => x.severity === severity)) io.stdout.write(formatProblem(p) + '\n');
    }
    const notes = problems.filter((p) => p.severity === 'note');
    if (values.verbose) for (const p of notes) io.stdout.write(formatProblem(p) + '\n');
    else for (const line of groupedNotes(notes)) io.stdout.write(line + '\n');
    if (symbols) for (const line of matchRateLines(symbols)) io.stderr.write(line + '\n');
    const warnings = problems.length - errors - notes.length;
    const noted = notes.length > 0 ? `, ${plural(notes.length, 'note')}${values.verbose ? '' : ' (--verbose lists each)'}` : '';
    io.stderr.write(`${plural(corpus.fixtures.length, 'fixture')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}${noted}\n`);
  }
  return errors > 0 ? 1 : 0;
}

/** Notes of one kind in one fixture as one line: `path:line:col: note: 73 rulings on symbols no rater judged (unjudged-ruling)`. */
function groupedNotes(notes: Problem[]): string[] {
  const groups = new Map<string, Problem[]>();
  for (const p of notes) groups.set(`${p.file}\0${p.code}`, [...(groups.get(`${p.file}\0${p.code}`) ?? []), p]);
  return [...groups.values()].map((g) => (g.length === 1 ? formatProblem(g[0])
    : formatProblem({ ...g[0], message: `${g.length} ${NOTE_KINDS[g[0].code] ?? `notes (${g[0].code})`}` })));
}

/** How a group of notes is counted, by code. */
const NOTE_KINDS: Partial<Record<Problem['code'], string>> = {
  'unjudged-ruling': 'rulings on symbols no rater judged (unjudged: true)',
};

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
