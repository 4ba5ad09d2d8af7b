import { join, resolve } from 'node:path';
import {
  displayPath, FixtureLabError, importSweBench, parseSweBenchJsonl, readReposFile, readText, Repository, repositoryPath, SweBenchOutcome, TIERS,
} from '../../core';
import { CliIO, corpusDir, oneOf, parse, required, UsageError } from '../args';
import { candidateOptions } from './candidates';
import { plural } from '../../shared/figures';

/**
 * `import-swe-bench FILE.jsonl --repo NAME [--out DIR] [--corpus DIR] [--tier T] [--force]`: each SWE-bench
 * instance as a fixture (docs/imports.md); the refused ones listed, one line each, and exit 1 if any.
 */
export async function importSweBenchCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    repo: { type: 'string' },
    out: { type: 'string' },
    corpus: { type: 'string' },
    tier: { type: 'string' },
    force: { type: 'boolean' },
    limit: { type: 'string' },
    tests: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('give one SWE-bench JSONL file');
  const name = required(values.repo, '--repo');
  const tier = values.tier === undefined ? 'medium' : oneOf(values.tier, TIERS, '--tier');
  const candidates = candidateOptions(values, io);

  // Everything is read and checked before anything is made: a bad line writes nothing.
  const file = resolve(io.cwd, positionals[0]);
  const instances = parseSweBenchJsonl((await readText(file, 'SWE-bench file', displayPath(file, io.cwd))).text, displayPath(file, io.cwd));
  const dir = corpusDir(values.corpus, io.cwd);
  const reposFile = join(dir, 'repos.yaml');
  const repos = await readReposFile(dir, io.cwd);
  const entry = repos.find((r) => r.name === name);
  if (!entry) {
    const known = repos.map((r) => r.name).join(', ') || '(none)';
    throw new FixtureLabError(`has no repo \`${name}\`: use one of ${known}, or add it with \`fixture-lab repo add ${name} PATH_OR_URL\``,
      displayPath(reposFile, io.cwd));
  }
  const outDir = values.out !== undefined ? resolve(io.cwd, values.out) : join(dir, 'tasks', name, tier);
  const repo = await Repository.open(repositoryPath(dir, entry));
  try {
    const told = (o: SweBenchOutcome) => {
      if (o.ok) io.stdout.write(`wrote ${displayPath(o.path, io.cwd)} (${o.instance.instance_id}): head ${o.head}, ${plural(o.candidates, 'candidate')}\n`);
      else io.stderr.write(`fixture-lab: refused ${o.instance.instance_id} (line ${o.instance.line}): ${o.reason}\n`);
    };
    const outcomes = await importSweBench({
      corpusDir: dir, repoName: name, repo, ...(entry.url ? { repoUrl: entry.url } : {}), outDir, tier, replace: values.force ?? false, candidates,
      cwd: io.cwd,
    }, instances, told);
    const refused = outcomes.filter((o) => !o.ok).length;
    io.stdout.write(`imported ${outcomes.length - refused} of ${plural(outcomes.length, 'instance')}${refused ? `; ${refused} refused (listed above)` : ''}\n`);
    return refused > 0 ? 1 : 0;
  } finally {
    repo.close();
  }
}
