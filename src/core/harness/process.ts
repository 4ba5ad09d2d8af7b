// Running a system's command: argv only, never a shell, so task text cannot become a command;
// a timeout or a cancel kills the whole process tree (the command runs as a process-group
// leader and the group is signalled), since indexers spawn workers that outlive their parent.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface ProcessResult {
  stdout: string;
  stderr: string;
  /** Exit code; null when killed. */
  code: number | null;
  timedOut: boolean;
  cancelled: boolean;
  ms: number;
  /** The command could not start at all (ENOENT, EACCES): its message. */
  spawnError?: string;
}

export interface ProcessOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Text written to stdin, then closed. */
  input?: string;
}

/** Output kept per stream; a system that prints more is cut, and says so in stderr. */
export const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export function runProcess(argv: string[], options: ProcessOptions): Promise<ProcessResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: process.platform !== 'win32',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    let timedOut = false;
    let cancelled = false;
    let spawnError: string | undefined;
    const collect = (chunks: Buffer[], size: () => number, add: (n: number) => void) => (chunk: Buffer) => {
      if (size() + chunk.length > MAX_OUTPUT_BYTES) {
        truncated = true;
        return;
      }
      add(chunk.length);
      chunks.push(chunk);
    };
    child.stdout.on('data', collect(out, () => outBytes, (n) => (outBytes += n)));
    child.stderr.on('data', collect(err, () => errBytes, (n) => (errBytes += n)));
    const killTree = () => {
      try {
        if (child.pid !== undefined) process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, options.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      killTree();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.on('error', (e) => {
      spawnError = `${argv[0]}: ${e.message}`;
    });
    child.stdin.on('error', () => undefined); // a command that never reads stdin
    child.stdin.end(options.input ?? '');
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // The group may still hold children the leader left behind.
      if (timedOut || cancelled) killTree();
      const stderr = Buffer.concat(err).toString('utf8') + (truncated ? `\n[fixture-lab: output cut at ${MAX_OUTPUT_BYTES} bytes]\n` : '');
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr,
        code: spawnError ? null : code,
        timedOut,
        cancelled,
        ms: performance.now() - started,
        ...(spawnError ? { spawnError } : {}),
      });
    });
  });
}
