// The CLI's one output boundary: cli() wraps the streams it is given, so every line any command
// prints (symbols, reasons, task text, file names, a system's errors, this tool's own messages)
// reaches the terminal through terminalText. Only the progress bar moves the cursor, by redraw.
import { terminalText } from '../core/untrusted/terminalText';
import type { CliIO, CliOutput } from './args';

export function terminalIO(io: CliIO): CliIO {
  return { cwd: io.cwd, stdout: terminalOutput(io.stdout), stderr: terminalOutput(io.stderr) };
}

function terminalOutput(out: CliOutput): CliOutput {
  return {
    isTTY: out.isTTY,
    write: (s: string) => out.write(terminalText(s)),
    redraw: (line: string) => out.write(`\r${terminalText(line)}`),
  };
}
