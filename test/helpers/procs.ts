// What is still running, read from Linux /proc: the tests' proof that process trees are reaped.
import { readdirSync, readFileSync } from 'node:fs';

export interface Proc {
  pid: number;
  /** R, S, D, Z, ... (Z: dead, waiting for a parent to collect it). */
  state: string;
  pgid: number;
  cmdline: string;
}

function proc(pid: number): (Proc & { environ: string[] }) | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let environ: string[] = [];
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    } catch {
      // another user's
    }
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, state: fields[0], pgid: Number(fields[2]), cmdline, environ };
  } catch {
    return undefined; // gone
  }
}

/**
 * Processes, zombies included, in process group `pgid` or whose environment holds `env`
 * (a `NAME=value` entry, or a FIXTURE_LAB_RUN marker among its `:`-separated values).
 */
export function inTree(match: { pgid?: number; env?: string; marker?: string }): Proc[] {
  const found: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const p = proc(Number(name));
    if (!p) continue;
    const hit =
      (match.pgid !== undefined && p.pgid === match.pgid) ||
      (match.env !== undefined && p.environ.includes(match.env)) ||
      (match.marker !== undefined && p.environ.some((e) => e.startsWith('FIXTURE_LAB_RUN=') && e.slice(16).split(':').includes(match.marker!)));
    if (hit) found.push({ pid: p.pid, state: p.state, pgid: p.pgid, cmdline: p.cmdline });
  }
  return found;
}

/**
 * The living (non-zombie) processes of a tree, after giving SIGKILL `graceMs` to land. A killed
 * grandchild stays a zombie until whoever adopted it collects it (in a container, maybe never):
 * dead either way.
 */
export async function survivors(match: { pgid?: number; env?: string; marker?: string }, graceMs = 1000): Promise<Proc[]> {
  const until = Date.now() + graceMs;
  for (;;) {
    const living = inTree(match).filter((p) => p.state !== 'Z');
    if (living.length === 0 || Date.now() > until) return living;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function isAlive(pid: number): boolean {
  const p = proc(pid);
  return p !== undefined && p.state !== 'Z';
}

/** Kills what a test started and expected to survive, so a failing test leaves nothing behind. */
export function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
