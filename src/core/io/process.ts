// Running a system's command (or an indexer's, an installer's): argv only, never a shell, so task
// text cannot become a command. Here, below the harness, so whatever starts a process uses it.
// The command leads its own process tree (processTree.ts), reaped after every answer: a normal
// exit, a failure, a timeout or a cancel. The answer ends when the command exits, not when its
// pipes close: a descendant still holding stdout gets a bounded drain, then is cut off, so it can
// neither hang the run nor turn a finished answer into a timeout.
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { describeExit } from './exit';
import { ProcessTree } from './processTree';

export { describeExit };

export interface ProcessResult {
  stdout: string;
  stderr: string;
  /** Exit code; null when killed by a signal. */
  code: number | null;
  /** The signal that killed it, when one did. */
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  cancelled: boolean;
  /** stdout passed the output cap and was cut there. */
  truncated: boolean;
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
  /** stdout kept per answer; more is read and dropped, and the result says `truncated`. */
  maxOutputBytes?: number;
}

/** Output kept per answer unless a system sets `max_output_mb` (systems.yaml's default). */
export const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** The tail of stderr kept: it explains failures, and is not the answer. */
export const STDERR_TAIL_BYTES = 1024 * 1024;
/** How long the pipes may stay open after the command exited (a descendant holding them). */
export const DRAIN_MS = 2000;

export function runProcess(argv: string[], options: ProcessOptions): Promise<ProcessResult> {
  const started = performance.now();
  const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return new Promise((resolve) => {
    const tree = new ProcessTree(argv, { cwd: options.cwd, env: options.env });
    const child = tree.child;
    const out = new Head(limit);
    const err = new Tail(STDERR_TAIL_BYTES);
    child.stdout.on('data', (chunk: Buffer) => out.add(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.add(chunk));
    let timedOut = false;
    let cancelled = false;
    let spawnError: string | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let finished = false;
    const timers: NodeJS.Timeout[] = [];

    const finish = () => {
      if (finished) return;
      finished = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      if (!exit) tree.reap(); // after an exit, the exit handler reaped it
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        stdout: out.text(),
        stderr: err.text(),
        code: spawnError ? null : (exit?.code ?? null),
        signal: exit?.signal ?? null,
        timedOut,
        cancelled,
        truncated: out.truncated,
        ms: performance.now() - started,
        ...(spawnError ? { spawnError } : {}),
      });
    };
    // Killed by us: the leader's exit should follow at once; if it cannot (a process stuck in the
    // kernel), the answer still ends.
    const kill = () => {
      tree.reap(false);
      timers.push(setTimeout(finish, DRAIN_MS));
    };
    const onAbort = () => {
      cancelled = true;
      kill();
    };
    timers.push(setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    child.on('error', (e) => {
      spawnError = `${argv[0]}: ${e.message}`;
      if (child.pid === undefined) finish();
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // The answer is complete: the rest of the tree goes now, which closes the pipes it held;
      // what was written before is still read.
      tree.reap();
      let open = 2;
      const closed = () => {
        if (--open === 0) finish();
      };
      child.stdout.once('close', closed);
      child.stderr.once('close', closed);
      if (child.stdout.closed) closed();
      if (child.stderr.closed) closed();
      timers.push(setTimeout(finish, DRAIN_MS));
    });
    child.stdin.on('error', () => undefined); // a command that never reads stdin
    child.stdin.end(options.input ?? '');
  });
}

/** The first `limit` bytes of a stream, cut at a character boundary. */
class Head {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    const room = this.limit - this.bytes;
    if (chunk.length > room) this.truncated = true;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(kept);
    this.bytes += kept.length;
  }

  text(): string {
    const bytes = Buffer.concat(this.chunks);
    // Cut output may end inside a character: the decoder holds an incomplete one back.
    return this.truncated ? new StringDecoder('utf8').write(bytes) : bytes.toString('utf8');
  }
}

/** The last `limit` bytes of a stream. */
class Tail {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private cut = false;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.bytes - this.chunks[0].length >= this.limit) {
      this.bytes -= this.chunks.shift()!.length;
      this.cut = true;
    }
  }

  text(): string {
    let bytes = Buffer.concat(this.chunks);
    if (bytes.length > this.limit) {
      bytes = bytes.subarray(bytes.length - this.limit);
      this.cut = true;
    }
    return (this.cut ? '[fixture-lab: earlier stderr cut]\n' : '') + bytes.toString('utf8');
  }
}

/**
 * A run that did not end in exit 0 within its time, in words for an error message: how it ended
 * (`could not run: …`, `ran past N minutes`, `exited with 2`) and its output's last `lines` lines,
 * joined by ` / `. Undefined for a run that succeeded.
 */
export function failureOf(r: ProcessResult, timeoutMs: number, lines: number): { how: string; tail: string } | undefined {
  if (r.code === 0 && !r.timedOut && !r.spawnError) return undefined;
  const how = r.spawnError ? `could not run: ${r.spawnError}` : r.timedOut ? `ran past ${timeoutMs / 60_000} minutes` : describeExit(r);
  return { how, tail: `${r.stdout}${r.stderr}`.trim().split('\n').slice(-lines).join(' / ') };
}

/** Text cut to `limit` UTF-8 bytes at a character boundary. */
export function capText(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit / 3) return { text, truncated: false }; // at most 3 bytes per UTF-16 unit
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return { text, truncated: false };
  return { text: new StringDecoder('utf8').write(bytes.subarray(0, limit)), truncated: true };
}
