// File access for the CLI and the harness. Writes are atomic (temp file + rename in the same
// folder) and refuse to replace a file that changed on disk since it was read: nothing is lost,
// no file is ever half-written. A write goes to the file a symlink points at (the link stays),
// keeps the file's mode, and refuses a read-only file. Edits also hold the file's lock (lock.ts),
// read it as strict UTF-8 (utf8.ts) and keep its line endings (lineEndings.ts).
import { constants, promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import { editKeepingLineEndings } from '../lineEndings';
import { displayPath, Edited, FixtureLabError, textOf } from '../problems';
import { decodeUtf8 } from '../utf8';
import { LockOptions, withFileLock } from './lock';
import { cleanStaleTemps, tempPathOf } from './temp';

export interface ReadText {
  path: string;
  text: string;
}

/** `shown` is the path as errors name it (relative to the working folder by default). */
export async function readText(path: string, what = 'file', shown = displayPath(path)): Promise<ReadText> {
  try {
    return { path, text: await fs.readFile(path, 'utf8') };
  } catch (e) {
    throw readError(e, what, shown);
  }
}

function readError(e: unknown, what: string, shown: string): FixtureLabError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new FixtureLabError(`no such ${what}; check the path`, shown);
  if (code === 'EISDIR') return new FixtureLabError(`is a folder, not a ${what}`, shown);
  return new FixtureLabError(`cannot read (${code ?? String(e)})`, shown);
}

/** The file a write replaces: `path`, or the file its symlinks lead to (a new file: `path` itself). */
async function writeTarget(path: string, shown: string): Promise<string> {
  try {
    return await fs.realpath(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new FixtureLabError(
      `cannot write (${(e as NodeJS.ErrnoException).code}); nothing was changed`, shown);
    if ((await fs.lstat(path).catch(() => undefined))?.isSymbolicLink()) {
      throw new FixtureLabError('is a symlink to a file that does not exist; nothing was written: fix the link', shown);
    }
    return path;
  }
}

/**
 * Write `text` atomically. With `expected`, refuse when the file no longer holds that text.
 * `held`, from withFileLock, is asked last: a writer whose lock was broken as stale writes nothing.
 */
export async function writeTextAtomic(
  path: string, text: string, expected?: string, shown = displayPath(path), held?: () => Promise<boolean>,
): Promise<void> {
  const target = await writeTarget(path, shown);
  const existing = await fs.stat(target).catch(() => undefined);
  if (existing && !existing.isFile()) throw new FixtureLabError('is not a regular file; nothing was written', shown);
  if (existing && !(await writable(target, existing.mode))) {
    const mode = (existing.mode & 0o777).toString(8).padStart(4, '0');
    throw new FixtureLabError(`is read-only (mode ${mode}); nothing was written: make it writable (chmod u+w) to change it`, shown);
  }
  await cleanStaleTemps(dirname(target));
  const temp = tempPathOf(target);
  try {
    await fs.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    if (existing) {
      // The umask narrows a new file's mode: set the old one exactly, and the owner where allowed (root).
      await fs.chmod(temp, existing.mode & 0o7777);
      await fs.chown(temp, existing.uid, existing.gid).catch(() => undefined);
    }
    if (expected !== undefined) {
      const now = await fs.readFile(target, 'utf8').catch(() => undefined);
      if (now !== expected) {
        throw new FixtureLabError('changed on disk since it was read; nothing was written: run the command again', shown);
      }
    }
    if (held && !(await held())) {
      throw new FixtureLabError('its lock was taken over by another writer while this one was stuck; nothing was written: run the command again', shown);
    }
    await fs.rename(temp, target);
  } catch (e) {
    await fs.rm(temp, { force: true });
    if (e instanceof FixtureLabError) throw e;
    throw new FixtureLabError(`cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing was changed`, shown);
  }
}

/**
 * Replacing a file by rename needs only the folder's permission: ask the file's own. Root may
 * write anything, so a file no one may write (0444) counts as read-only for root too.
 */
async function writable(path: string, mode: number): Promise<boolean> {
  if ((mode & 0o222) === 0) return false;
  return fs.access(path, constants.W_OK).then(() => true, () => false);
}

/** A file's text, decoded strictly: bytes that are not UTF-8 are refused at their place, before any edit. */
export async function readUtf8File(path: string, what = 'file', shown = displayPath(path)): Promise<string> {
  const bytes = await fs.readFile(path).catch((e: unknown) => {
    throw readError(e, what, shown);
  });
  return decodeUtf8(bytes, shown);
}

/**
 * Edit a file through a pure text -> text function, atomically and without clobbering: under the
 * file's lock, so racing edits take turns; refusing bytes that are not UTF-8 (at their place);
 * the edit sees LF lines and the file keeps its own line endings.
 */
export async function editFile(
  path: string, edit: (text: string) => Edited, what = 'file', shown = displayPath(path), lock?: LockOptions,
): Promise<string> {
  let target: string;
  try {
    target = await fs.realpath(path);
  } catch (e) {
    throw readError(e, what, shown);
  }
  return withFileLock(target, shown, async (held) => {
    const text = await readUtf8File(target, what, shown);
    // Edit functions are pure and know no file names: a refusal names the file here.
    const next = textOf(editKeepingLineEndings(text, edit), shown);
    if (next !== text) await writeTextAtomic(target, next, text, shown, held);
    return next;
  }, lock);
}

/**
 * Write a file that must not exist yet: written whole beside it, then linked into place, which
 * fails when the name is taken, so nothing is ever replaced or half-written.
 */
export async function writeNewText(path: string, text: string, shown = displayPath(path)): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true });
  const temp = tempPathOf(path);
  try {
    await fs.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    await fs.link(temp, path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new FixtureLabError('already exists; nothing was written: choose another --out (or --id), or remove it first', shown);
    throw new FixtureLabError(`cannot write (${code ?? String(e)}); nothing was written`, shown);
  } finally {
    await fs.rm(temp, { force: true });
  }
}
