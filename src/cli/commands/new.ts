import { join } from 'node:path';
import {
  describeCut, describeTests, displayPath, FixtureLabError, fixtureFromChange, readReposFile, Repository, repositoryPath, TIERS, TASK_STUB, TASK_STUB_ADVICE,
} from '../../core';
import { CliIO, corpusDir, oneOf, parse, required, UsageError } from '../args';
import { candidateOptions } from './candidates';
import { plural } from '../../shared/figures';

/**
 * `new --repo NAME (--base REV --head REV | --pr N) [--task TEXT] [--tier T] [--id ID] [--out PATH] [CORPUS_DIR]`:
 * a fixture from a change, at the path the corpus layout implies, never replacing a file.
 */
export async function newFixture(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    repo: { type: 'string' },
    base: { type: 'string' },
    head: { type: 'string' },
    pr: { type: 'string' },
    task: { type: 'string' },
    tier: { type: 'string' },
    id: { type: 'string' },
    out: { type: 'string' },
    limit: { type: 'string' },
    tests: { type: 'string' },
    resolver: { type: 'string' },
  });
  if (positionals.length > 1) throw new UsageError(`unexpected \`${positionals[1]}\``);
  const name = required(values.repo, '--repo');
  const tier = values.tier === undefined ? 'medium' : oneOf(values.tier, TIERS, '--tier');
  if (values.id !== undefined && !/^[\w.-]+$/.test(values.id)) throw new UsageError('--id may hold letters, digits, `_`, `.` and `-`');
  let change: { base: string; head: string } | { pr: number };
  if (values.pr !== undefined) {
    if (values.base !== undefined || values.head !== undefined) throw new UsageError('give --pr or --base and --head, not both');
    const pr = Number(values.pr.replace(/^#/, ''));
    if (!Number.isInteger(pr) || pr <= 0) throw new UsageError('--pr must be a pull request number');
    change = { pr };
  } else change = { base: required(values.base, '--base (or --pr)'), head: required(values.head, '--head') };

  const dir = corpusDir(positionals[0], io.cwd);
  const reposFile = join(dir, 'repos.yaml');
  const repos = await readReposFile(dir, io.cwd);
  const entry = repos.find((r) => r.name === name);
  if (!entry) {
    throw new FixtureLabError(`has no repo \`${name}\`: ${repos.length > 0 ? `use one of ${repos.map((r) => r.name).join(', ')}, or add it` : 'add it'} `
      + `with \`fixture-lab repo add ${name} PATH_OR_URL\``, displayPath(reposFile, io.cwd));
  }
  const repo = await Repository.open(repositoryPath(dir, entry));
  try {
    const made = await fixtureFromChange({
      corpusDir: dir, repoName: name, repo, repoUrl: entry.url, change, tier,
      ...(values.task !== undefined ? { task: values.task } : {}),
      ...(values.id !== undefined ? { id: values.id } : {}),
      ...(values.out !== undefined ? { out: values.out } : {}),
      cwd: io.cwd,
      candidates: candidateOptions(values, io),
    });
    for (const s of made.found.skipped) io.stderr.write(`fixture-lab: skipped ${s.path}: ${s.reason}\n`);
    for (const line of made.found.unparsed) io.stderr.write(`fixture-lab: warning: ${line}\n`);
    for (const note of made.found.resolver.notes) io.stderr.write(`fixture-lab: ${note}\n`);
    const cut = `${describeCut(made.found.cut)}${describeTests(made.found.tests)}`;
    io.stdout.write(`wrote ${displayPath(made.path, io.cwd)} (${made.id}): ${plural(made.found.symbols.length, 'candidate')} (non-test ${cut})\n`);
    if (made.text.includes(TASK_STUB)) io.stdout.write(`${TASK_STUB_ADVICE}\n`);
    return 0;
  } finally {
    repo.close();
  }
}
