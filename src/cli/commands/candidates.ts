// From their modules, not the core's index: importing the index initialises every core module
// (the harness, scoring, the corpus's YAML), which `candidates` never uses.
import {
  CandidateOptions, candidatesOf, DEFAULT_CANDIDATE_LIMIT, describeCut, describeTests, EVIDENCE_POLICIES, TESTS_POLICIES,
} from '../../core/changes/candidates';
import { DEFAULT_RESOLVER, RESOLVERS } from '../../core/changes/resolvers';
import { Repository } from '../../core/git/repository';
import { CliIO, oneOf, parse, required, UsageError } from '../args';
import { plural } from '../../shared/figures';

/**
 * `--limit N`, `--tests exclude|after|mixed` and `--resolver scip|heuristic`, shared by `candidates` and `new`; `--evidence strong|all` (`candidates`).
 * The scip resolver's slow steps (install, indexing) are said on stderr as they start.
 */
export function candidateOptions(values: { limit?: string; tests?: string; evidence?: string; resolver?: string }, io: CliIO): CandidateOptions {
  const limit = values.limit === undefined ? DEFAULT_CANDIDATE_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 0) throw new UsageError('--limit must be a whole number');
  const tests = values.tests === undefined ? 'after' : oneOf(values.tests, TESTS_POLICIES, '--tests');
  const evidence = values.evidence === undefined ? 'strong' : oneOf(values.evidence, EVIDENCE_POLICIES, '--evidence');
  const resolver = values.resolver === undefined ? DEFAULT_RESOLVER : oneOf(values.resolver, RESOLVERS, '--resolver');
  return { limit, tests, evidence, resolver, progress: (line) => io.stderr.write(`fixture-lab: ${line}\n`) };
}

/**
 * `candidates --repo PATH --base REV --head REV [--limit N] [--tests exclude|after|mixed] [--evidence strong|all] [--resolver scip|heuristic] [--json]`:
 * default candidates. Every fallback from the asked resolver is a line on stderr.
 */
export async function candidates(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    repo: { type: 'string' },
    base: { type: 'string' },
    head: { type: 'string' },
    limit: { type: 'string' },
    tests: { type: 'string' },
    evidence: { type: 'string' },
    resolver: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected \`${positionals[0]}\``);
  const options = candidateOptions(values, io);
  // Both sides are resolved in the same git process as the repository's top folder.
  const sides = values.base !== undefined && values.head !== undefined ? [values.base, values.head] : [];
  const repo = await Repository.open(required(values.repo, '--repo'), sides);
  try {
    const found = await candidatesOf(repo, required(values.base, '--base'), required(values.head, '--head'), options);
    for (const s of found.skipped) io.stderr.write(`fixture-lab: skipped ${s.path}: ${s.reason}\n`);
    for (const line of found.unparsed) io.stderr.write(`fixture-lab: warning: ${line}\n`);
    for (const note of found.resolver.notes) io.stderr.write(`fixture-lab: ${note}\n`);
    if (values.json) {
      const { changed, ranked, symbols, cut, tests, ambiguous } = found;
      const candidates = ranked.map(
        ({ symbol, file, line, kind, hops, links, test, why, score }) => ({ symbol, file, line, kind, hops, links, test, why, score }));
      const { base, head } = found;
      io.stdout.write(JSON.stringify({ base, head, resolver: found.resolver.used, symbols, candidates, cut, tests, ambiguous, changed }, null, 2) + '\n');
      return 0;
    }
    for (const c of found.ranked) io.stdout.write(`${c.kind.padEnd(8)} ${c.symbol}  ${c.why}${c.test ? '  [test]' : ''}\n`);
    const ambiguous = found.ambiguous ? `; ${plural(found.ambiguous, 'ambiguous name')} not linked` : '';
    io.stdout.write(`${describeCut(found.cut)}${describeTests(found.tests)}${ambiguous}\n`);
    return 0;
  } finally {
    repo.close();
  }
}
