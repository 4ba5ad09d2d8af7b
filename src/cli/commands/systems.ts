import { checkLines, checkSystems, installingLine } from '../../core';
import { CliIO, corpusDir, parse, UsageError } from '../args';

/**
 * `systems check [CORPUS_DIR] [--task ID] [--systems a,b] [--budget N] [--json]`: each system
 * indexes and answers one task in a checkout of its own; per system the argv as resolved, the
 * exit, the stderr line naming a cause, the names returned and how many exist at the revision,
 * tokens against the budget, its warnings, and one line saying what to fix. Exit 1 when any
 * system is not ok.
 */
export async function systems(args: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'check') throw new UsageError(sub === undefined ? 'say what to do: systems check' : `unknown subcommand \`${sub}\`: systems check`);
  const { values, positionals } = parse(rest, { task: { type: 'string' }, systems: { type: 'string' }, budget: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length > 1) throw new UsageError(`one corpus folder at most, not ${positionals.join(' ')}`);
  const budget = values.budget === undefined ? undefined : Number(values.budget);
  if (budget !== undefined && !(Number.isInteger(budget) && budget > 0)) throw new UsageError('--budget must be a token count, e.g. 5000');
  const check = await checkSystems({
    corpusDir: corpusDir(positionals[0], io.cwd),
    cwd: io.cwd,
    ...(values.task ? { task: values.task } : {}),
    ...(values.systems ? { systems: values.systems.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    ...(budget ? { budget } : {}),
    onSystem: (name) => void (values.json ? undefined : io.stderr.write(`checking ${name}…\n`)),
    onInstall: (system, pkg, dir) => void io.stderr.write(`${installingLine(system, pkg, dir)}…\n`),
  });
  if (values.json) io.stdout.write(JSON.stringify(check, null, 2) + '\n');
  else {
    io.stdout.write(`task ${check.task} (${check.repo} at ${check.rev.slice(0, 7)}), budget ${check.budget}\n`);
    for (const r of check.results) io.stdout.write(`\n${checkLines(r).join('\n')}\n`);
  }
  return check.results.every((r) => r.verdict === 'ok') ? 0 : 1;
}
