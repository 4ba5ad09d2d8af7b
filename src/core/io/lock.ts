// One writer at a time per file: a read-modify-write holds `.<name>.lock` beside the file, made
// with O_EXCL, so two writers racing on one fixture take turns instead of one silently undoing
// the other. A lock whose holder is dead (same host, pid gone) or that is older than any edit
// takes is stale and is broken; breaking happens under a second O_EXCL file, and re-checks the
// lock it meant to break, so two waiters never both break and one never removes a fresh lock.
// A lock is never left empty by its maker (a failed write removes it); an empty or unreadable one
// (a writer killed between creating and writing it) is stale after a few seconds, not a minute.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { FixtureLabError } from '../problems';
import { processAlive } from './temp';

export interface LockOptions {
  /** How long a waiter keeps trying before it gives up (ms). */
  waitMs?: number;
  /** A lock older than this is broken even when its holder seems alive (ms). */
  staleMs?: number;
}

const WAIT_MS = 20_000;
const STALE_MS = 60_000;
/** Breaking takes a few ms: a break file older than this was left by a breaker that died. */
const BREAK_STALE_MS = 5_000;
/** Making a lock takes a few ms too: an empty or unreadable one older than this was left by a maker that died. */
const EMPTY_STALE_MS = 5_000;

export const lockPathOf = (path: string): string => join(dirname(path), `.${basename(path)}.lock`);

interface Holder {
  pid: number;
  host: string;
  token: string;
}

/**
 * Run `work` holding the lock of `path` (the real file: resolve symlinks first, so every link to
 * one file shares its lock). `work` gets `held()`, which says whether the lock is still this
 * writer's, to check just before it replaces the file.
 */
export async function withFileLock<T>(path: string, shown: string, work: (held: () => Promise<boolean>) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = lockPathOf(path);
  const token = await acquire(lock, shown, options);
  try {
    return await work(async () => (await readHolder(lock))?.token === token);
  } finally {
    // Only our own lock: if it was broken as stale, the file is someone else's now.
    if ((await readHolder(lock))?.token === token) await fs.rm(lock, { force: true });
  }
}

async function acquire(lock: string, shown: string, options: LockOptions): Promise<string> {
  const waitMs = options.waitMs ?? WAIT_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const token = randomBytes(8).toString('hex');
  const content = `${process.pid} ${hostname()} ${token}\n`;
  const deadline = Date.now() + waitMs;
  let delay = 2;
  for (;;) {
    if (await create(lock, content, shown)) return token;
    const holder = await readHolder(lock);
    // Broken: try again at once. Not broken (another waiter is breaking it): wait like the rest.
    if (holder && (await isStale(lock, holder, staleMs)) && (await breakLock(lock, holder))) continue;
    if (Date.now() >= deadline) {
      const stale = holder !== undefined && (await isStale(lock, holder, staleMs));
      const who = !holder || !known(holder) ? 'another writer' : `pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}`;
      throw new FixtureLabError(stale
        ? `locked by a stale lock (${known(holder) ? `left by ${who}` : 'empty or unreadable'}) that could not be removed; nothing was changed: `
          + `delete ${basename(lock)} beside it`
        : `locked by ${who} for over ${Math.round(waitMs / 1000)} s; nothing was changed: try again, or delete ${basename(lock)} beside it if `
          + `no fixture-lab is running`,
      shown,
      );
    }
    // Backoff with jitter, so waiters that woke together do not collide again.
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * 2, 25);
  }
}

/** Make the lock (O_EXCL): false when another writer holds it. A lock this writer made but could not write is removed. */
async function create(lock: string, content: string, shown: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(lock, 'wx');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    throw new FixtureLabError(`cannot lock for writing (${code ?? String(e)}); nothing was changed`, shown);
  }
  try {
    await handle.writeFile(content);
    await handle.close();
    return true;
  } catch (e) {
    await handle.close().catch(() => undefined);
    await fs.rm(lock, { force: true });
    throw new FixtureLabError(`cannot lock for writing (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing was changed`, shown);
  }
}

/** A holder this code wrote (pid, host, token), not an empty or foreign file. */
function known(holder: Holder): boolean {
  return holder.pid > 0 && holder.host !== '';
}

async function readHolder(lock: string): Promise<Holder | undefined> {
  let text: string;
  try {
    text = await fs.readFile(lock, 'utf8');
  } catch (e) {
    // Gone: nobody holds it. There but unreadable: a holder nobody can name, stale once old.
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : { pid: 0, host: '', token: `unreadable (${(e as NodeJS.ErrnoException).code})` };
  }
  const [pid, host, token] = text.trim().split(' ');
  // Not a lock this code wrote, or one read between its creation and its one write (empty): only
  // its age can make it stale, so a lock being made is never broken as a dead writer's.
  if (!token || !(Number(pid) > 0)) return { pid: 0, host: '', token: text };
  return { pid: Number(pid), host, token };
}

async function isStale(lock: string, holder: Holder, staleMs: number): Promise<boolean> {
  if (holder.pid > 0 && holder.host === hostname() && !processAlive(holder.pid)) return true;
  const stat = await fs.stat(lock).catch(() => undefined);
  return stat !== undefined && Date.now() - stat.mtimeMs > (known(holder) ? staleMs : Math.min(staleMs, EMPTY_STALE_MS));
}

/** Remove `lock` if it still is the one `seen` described; one breaker at a time. True when it is gone. */
async function breakLock(lock: string, seen: Holder): Promise<boolean> {
  const breaker = `${lock}.break`;
  try {
    await fs.writeFile(breaker, `${process.pid}\n`, { flag: 'wx' });
  } catch {
    const stat = await fs.stat(breaker).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > BREAK_STALE_MS) await fs.rm(breaker, { force: true });
    return false;
  }
  try {
    if ((await readHolder(lock))?.token !== seen.token) return false;
    // One that cannot be removed (a folder in its place) stays: the waiter says it is stale.
    return await fs.rm(lock, { force: true }).then(() => true, () => false);
  } finally {
    await fs.rm(breaker, { force: true });
  }
}
