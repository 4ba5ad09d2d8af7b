// Temp files beside the file they become (`.<name>.<pid>.<hex>.tmp`): written whole, then renamed
// into place. A writer killed in between leaves one behind; the next write into that folder removes
// those whose writer is dead (or that are older than any write takes), and never anything else.
// The same sweep serves anything else named by the pid that makes it (the SCIP indexers' trees,
// partial indexes and staged installs).
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
/** No write takes an hour: a temp file this old is left over even if its pid is alive again. */
const OLD_MS = 60 * 60_000;

/** True unless `pid` certainly does not exist (EPERM: it exists, owned by someone else). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const tempPathOf = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);

/** Remove the temp files in `dir` left by dead writers; best effort, never fails the write. */
export function cleanStaleTemps(dir: string, now = Date.now()): Promise<string[]> {
  return cleanLeftovers(dir, TEMP, OLD_MS, now);
}

/**
 * Remove what dead processes left in `dir`: each entry (file or folder) whose name matches
 * `pattern`, the pattern's first group being the pid that made it, when that process is gone or
 * the entry is older than `maxAgeMs` (a pid can be reused). Best effort: never throws.
 */
export async function cleanLeftovers(dir: string, pattern: RegExp, maxAgeMs: number, now = Date.now()): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    const stat = await fs.lstat(path).catch(() => undefined);
    if (!stat || !(stat.isFile() || stat.isDirectory())) continue;
    if (processAlive(Number(match[1])) && now - stat.mtimeMs < maxAgeMs) continue;
    if (await fs.rm(path, { recursive: true, force: true }).then(() => true, () => false)) removed.push(name);
  }
  return removed;
}
