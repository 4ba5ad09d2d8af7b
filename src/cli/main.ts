// The CLI's bundle (dist/cli-main.js, which launch.ts loads): a thin shell over cli.ts, which tests call without a process.
import { defaultExtractCacheDir, useExtractCache } from '../core/symbols/extractCache';
import { terminalText } from '../core/untrusted/terminalText';
import { cli } from './cli';
import { installSignalHandlers } from './signals';

installSignalHandlers();
// What tree-sitter finds in a file is kept by the text's hash between runs (FIXTURE_LAB_SYMBOL_CACHE=off: not).
useExtractCache(defaultExtractCacheDir());

cli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: Error) => {
    process.stderr.write(terminalText(`fixture-lab: internal error, please report it: ${e.stack ?? e}\n`));
    process.exitCode = 70;
  },
);
