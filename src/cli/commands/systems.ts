import { checkSystems, SystemCheckResult } from '../../core';
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
  });
  if (values.json) io.stdout.write(JSON.stringify(check, null, 2) + '\n');
  else {
    io.stdout.write(`task ${check.task} (${check.repo} at ${check.rev.slice(0, 7)}), budget ${check.budget}\n`);
    for (const r of check.results) io.stdout.write(`\n${checkLines(r).join('\n')}\n`);
  }
  return check.results.every((r) => r.verdict === 'ok') ? 0 : 1;
}

/** One system's check as text: what ran, what came back, and the line saying what to fix. Also the panel's text. */
export function checkLines(r: SystemCheckResult): string[] {
  const argv = (a: string[]) => a.map((x) => (/^[\w@%+=:,./-]+$/.test(x) ? x : JSON.stringify(x))).join(' ');
  const ms = (n: number | undefined) => (n === undefined ? '' : ` in ${(n / 1000).toFixed(1)} s`);
  const lines = [`${r.system} (${r.type}): ${r.verdict === 'ok' ? r.fix : `${r.verdict.toUpperCase()}: ${r.fix}`}`];
  if (r.argv.index) lines.push(`  index:    ${argv(r.argv.index)}`);
  if (r.argv.query) lines.push(`  query:    ${argv(r.argv.query)}`);
  if (r.argv.server) lines.push(`  server:   ${argv(r.argv.server)} (tool ${r.argv.tool})`);
  if (r.index) lines.push(`  indexed:  ${r.index.error ? `failed: ${r.index.error}` : `ok${ms(r.index.ms)}`}`);
  if (r.query) lines.push(`  answered: ${r.query.status === 'ok' ? `${r.type === 'command' ? 'exit 0' : 'ok'}${ms(r.query.ms)}` : `${r.query.status}: ${r.query.error}`}`);
  if (r.cause && r.query?.status !== 'ok') lines.push(`  stderr:   ${r.cause}`);
  if (r.query?.status === 'ok') {
    lines.push(`  names:    ${r.returned} returned, ${r.exist ?? '?'} exist at the revision${r.missing.length ? ` (not: ${r.missing.join(', ')})` : ''}`);
    lines.push(`  tokens:   ${r.tokens} of a budget of ${r.budget}${r.tokens > r.budget ? ' (over)' : ''}`);
  }
  for (const w of r.warnings) lines.push(`  warning:  ${w}`);
  return lines;
}
