// `fixture-lab`: the command line over the same core the extension uses. Every failure the user
// can fix is one line naming the file and what to do, with a non-zero exit; never a stack trace.
import { FixtureLabError, ProblemError } from '../core/problems';
import { FIXTURE_LAB_VERSION } from '../core/version';
import { CliIO, UsageError } from './args';
import { COMMANDS } from './commands';
import { terminalIO } from './terminal';

export async function cli(argv: string[], given: CliIO): Promise<number> {
  // Every line any command prints is untrusted text on a terminal: one boundary, here.
  const io = terminalIO(given);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return 0;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(`${FIXTURE_LAB_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(`fixture-lab: unknown command \`${name}\`\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof FixtureLabError) {
      // A problem at a place in a file prints as `validate` prints it: `path:line:col: error: ...`.
      io.stderr.write(e instanceof ProblemError ? `${e.message}\n` : `fixture-lab: ${e.message}\n`);
      return 1;
    }
    const code = (e as { code?: unknown }).code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.stderr.write(`fixture-lab ${name}: ${(e as Error).message}\nusage: fixture-lab ${command.usage}\n`);
      return 2;
    }
    throw e;
  }
}

function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  fixture-lab ${c.usage}\n      ${c.summary}`);
  return `Usage: fixture-lab <command> [options]\n       fixture-lab --version\n\n${lines.join('\n')}\n`;
}
