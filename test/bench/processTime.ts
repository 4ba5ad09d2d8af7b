// Whole processes timed for the benchmarks: wall time, and CPU time (user + system, the process
// and its own children), which is the figure that holds on a shared, loaded machine. Linux keeps
// the CPU time of the children a process has waited for in /proc/self/stat (cutime, cstime, in
// clock ticks of 1/100 s); elsewhere only the wall time is reported.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const TICKS_PER_SECOND = 100;

/** CPU seconds of the children this process has waited for so far, or NaN where /proc is not there. */
export function childrenCpu(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

export interface Timed {
  wall: number;
  cpu: number;
  stdout: string;
}

/** Runs `file args` to its end: seconds of wall and of CPU, and what it printed; throws on a non-zero exit. */
export function timeProcess(file: string, args: readonly string[], cwd?: string, env?: NodeJS.ProcessEnv): Timed {
  const cpu = childrenCpu();
  const started = performance.now();
  const r = spawnSync(file, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: childrenCpu() - cpu, stdout: r.stdout };
}

/** This process's own CPU seconds since `from` (process.cpuUsage()). */
export function cpuSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}
