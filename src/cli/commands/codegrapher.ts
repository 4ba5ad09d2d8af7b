import { resolve } from 'node:path';
import { displayPath, exportCodegrapher, formatProblem, importCodegrapher, TIERS } from '../../core';
import { CliIO, corpusDir, oneOf, parse, UsageError } from '../args';

/**
 * `import-codegrapher FILE.jsonl [--out CORPUS] [--tier T]`: each CodeGrapher record a fixture
 * (docs/imports.md); every bad line is named, and then nothing is written.
 */
export async function importCodegrapherCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { out: { type: 'string' }, tier: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('give one CodeGrapher JSONL file');
  const tier = values.tier === undefined ? 'medium' : oneOf(values.tier, TIERS, '--tier');
  const dir = corpusDir(values.out, io.cwd);
  const result = await importCodegrapher(resolve(io.cwd, positionals[0]), dir, { cwd: io.cwd, tier });
  if (result.problems.length > 0) {
    for (const p of result.problems) io.stderr.write(`${formatProblem(p)}\n`);
    io.stderr.write(`fixture-lab: ${result.problems.length} bad record${result.problems.length === 1 ? '' : 's'}; nothing was written\n`);
    return 1;
  }
  for (const name of result.reposAdded) io.stdout.write(`added repo ${name} to ${displayPath(resolve(dir, 'repos.yaml'), io.cwd)}\n`);
  for (const path of result.written) io.stdout.write(`wrote ${displayPath(path, io.cwd)}\n`);
  io.stdout.write(`imported ${result.written.length} record${result.written.length === 1 ? '' : 's'}\n`);
  return 0;
}

/** `export-codegrapher CORPUS OUT.jsonl`: one CodeGrapher record per fixture. */
export async function exportCodegrapherCommand(args: string[], io: CliIO): Promise<number> {
  const { positionals } = parse(args, {});
  if (positionals.length !== 2) throw new UsageError('give the corpus folder and the JSONL file to write');
  const out = resolve(io.cwd, positionals[1]);
  const { records } = await exportCodegrapher(resolve(io.cwd, positionals[0]), out, { cwd: io.cwd });
  io.stdout.write(`wrote ${displayPath(out, io.cwd)} (${records} record${records === 1 ? '' : 's'})\n`);
  return 0;
}
