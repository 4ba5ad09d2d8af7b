// SIGINT, SIGTERM and SIGHUP (and a closed output pipe): nothing a system started outlives the CLI. Every live process tree
// is reaped at once; then a command that winds down by itself (`run` keeps what finished and
// says how to resume) is told, or the CLI exits with the conventional 128 + the signal's number.
// A second signal exits at once.
import { constants } from 'node:os';
import { reapAll } from '../core/io/processTree';

export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

type Stop = (signal: NodeJS.Signals) => void;
const stops = new Set<Stop>();
let received = false;

export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/** A command that winds down on a signal; returns the undo. Only the executable (main.ts) delivers signals. */
export function onStopSignal(stop: Stop): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

export function installSignalHandlers(): void {
  // A reader that stops early (`fixture-lab kappa … | head`) closes the pipe: the CLI stops as a
  // shell tool killed by SIGPIPE does, quietly, with nothing a system started left running.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      reapAll();
      process.exit(signalExitCode('SIGPIPE'));
    });
  }
  for (const signal of FORWARDED_SIGNALS) {
    process.on(signal, () => {
      const windDown = !received && stops.size > 0;
      received = true;
      // The command first: a run marks its answer in flight cancelled before its process dies,
      // so the kill is not recorded as the system's failure.
      if (windDown) for (const stop of [...stops]) stop(signal);
      reapAll();
      if (!windDown) process.exit(signalExitCode(signal));
    });
  }
}
