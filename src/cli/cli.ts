// `fixture-lab`: the command line over the same core the extension uses. Every failure the user
// can fix is one line naming the file and what to do, with a non-zero exit; never a stack trace.
import { FIXTURE_LAB_VERSION } from '../core/version';
import { CliIO } from './args';
import { COMMANDS } from './commands';
import { runCommand } from './run';
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
  return runCommand(name, command.usage, command.run, rest, io);
}

function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  fixture-lab ${c.usage}\n      ${c.summary}`);
  return `Usage: fixture-lab <command> [options]\n       fixture-lab --version\n\n${lines.join('\n')}\n`;
}
