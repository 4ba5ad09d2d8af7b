// `fixture-lab metrics`' own bundle (dist/cli-metrics.js, which launch.ts loads for that command
// alone): the command and what it imports, not the 2 MB of every other command. A fresh process
// spent as much CPU on loading the whole CLI's bundle (its code cache read, checked and
// deserialized) as on reading and scoring 25 MB of TREC files (docs/performance.md). The same
// command, the same output, the same errors and exit codes as through main.ts (runCommand).
import { terminalText } from '../core/untrusted/terminalText';
import { metrics } from './commands/metrics';
import { METRICS } from './commands/metricsUsage';
import { runCommand } from './run';
import { installSignalHandlers } from './signals';
import { terminalIO } from './terminal';

installSignalHandlers();

const io = terminalIO({ stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
runCommand('metrics', METRICS.usage, metrics, process.argv.slice(3), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: Error) => {
    process.stderr.write(terminalText(`fixture-lab: internal error, please report it: ${e.stack ?? e}\n`));
    process.exitCode = 70;
  },
);
