// How a child process ended, in words for messages. Both the harness's processes and git's
// cat-file reader (git/blobs.ts) say it, so it lives below both rather than in either.

/** "exited with 2", "killed by SIGKILL": how a process ended, for messages. */
export function describeExit(result: { code: number | null; signal: NodeJS.Signals | null }): string {
  if (result.signal) return `killed by ${result.signal}`;
  return result.code === null ? 'ended without an exit code' : `exited with ${result.code}`;
}
