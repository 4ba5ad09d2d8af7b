// Scoring is synchronous work, and a signal is delivered only when the event loop turns: a long
// analysis (an answer of a million names) that never gave it a turn ignored SIGTERM and exited 0
// later. Long loops pause here between answers and phases, so the CLI's handler runs, and a stop
// asked through `signal` ends the work at the next pause.

/** One turn of the event loop (a macrotask: a resolved promise would not let a signal in), then throws if `signal` asked to stop. */
export async function pause(signal?: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
}

/** `items` mapped one by one, pausing before each: what scoring a run's answers does. */
export async function mapPausing<T, U>(items: readonly T[], f: (item: T) => U, signal?: AbortSignal): Promise<U[]> {
  const out: U[] = [];
  for (const item of items) {
    await pause(signal);
    out.push(f(item));
  }
  return out;
}
