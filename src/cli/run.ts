// One command run, and what its failures print: the same for `fixture-lab <command>` through the
// command table (cli.ts) and for a command with a bundle of its own (metricsMain.ts).
import { FixtureLabError, ProblemError } from '../core/problems';
import { CliIO, Command, UsageError } from './args';

/** Runs `name` (`usage` its usage line) on io (already terminalIO's): a failure the user can fix prints one line and exits 1 or 2. */
export async function runCommand(name: string, usage: string, run: Command, args: string[], io: CliIO): Promise<number> {
  try {
    return await run(args, io);
  } catch (e) {
    if (e instanceof FixtureLabError) {
      // A problem at a place in a file prints as `validate` prints it: `path:line:col: error: ...`.
      io.stderr.write(e instanceof ProblemError ? `${e.message}\n` : `fixture-lab: ${e.message}\n`);
      return 1;
    }
    const code = (e as { code?: unknown }).code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.stderr.write(`fixture-lab ${name}: ${(e as Error).message}\nusage: fixture-lab ${usage}\n`);
      return 2;
    }
    throw e;
  }
}
