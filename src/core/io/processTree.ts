// A system's processes, always reaped. Each system starts as the leader of its own process group
// with a marker in its environment that no other process has (FIXTURE_LAB_RUN, appended to a
// marker it inherited, so a run inside a run keeps both). Reaping kills the group, then every
// process whose /proc/<pid>/environ carries the marker: descendants that left the group with
// setsid. Live trees are registered, so a CLI that receives a signal reaps them all before it
// exits. What escapes: a descendant that both leaves the group and replaces its environment.
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const RUN_MARKER = 'FIXTURE_LAB_RUN';

const GROUPS = process.platform !== 'win32';
const live = new Set<ProcessTree>();

export interface TreeOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export class ProcessTree {
  readonly marker = randomBytes(8).toString('hex');
  readonly child: ChildProcessWithoutNullStreams;

  constructor(argv: string[], options: TreeOptions = {}) {
    const env = { ...(options.env ?? process.env) };
    // Our own marker too, when an environment without it is given (an MCP server's minimal one).
    const inherited = env[RUN_MARKER] ?? process.env[RUN_MARKER];
    env[RUN_MARKER] = inherited ? `${inherited}:${this.marker}` : this.marker;
    this.child = spawn(argv[0], argv.slice(1), { cwd: options.cwd, env, detached: GROUPS, stdio: ['pipe', 'pipe', 'pipe'] });
    live.add(this);
  }

  /** Sends `signal` to the whole group (the leader alone where there are no groups). */
  signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      if (GROUPS) process.kill(-pid, signal);
      else this.child.kill(signal);
    } catch {
      // The group is empty.
    }
  }

  /** Kills the group and every process carrying the marker. Safe to call again; `done` unregisters. */
  reap(done = true): void {
    this.signalGroup('SIGKILL');
    killMarked(this.marker);
    if (done) live.delete(this);
  }
}

/** Every live tree, reaped at once: for a process about to exit on a signal. */
export function reapAll(): void {
  for (const tree of [...live]) tree.reap();
}

export function liveTrees(): number {
  return live.size;
}

/** Pids whose environment carries `marker` (Linux; elsewhere none are found). */
export function markedProcesses(marker: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${name}/environ`);
    } catch {
      continue; // gone, or another user's
    }
    if (environ.includes(marker) && carriesMarker(environ.toString('utf8'), marker)) found.push(Number(name));
  }
  return found;
}

export function carriesMarker(environ: string, marker: string): boolean {
  const prefix = `${RUN_MARKER}=`;
  return environ.split('\0').some((entry) => entry.startsWith(prefix) && entry.slice(prefix.length).split(':').includes(marker));
}

/** Kills marked processes until none is left; a process that forks while it is swept is found in the next round. */
function killMarked(marker: string): void {
  for (let round = 0; round < 10; round++) {
    const pids = markedProcesses(marker);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
