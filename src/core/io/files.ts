// File access for the CLI and the harness. Writes are atomic (temp file + rename in the same
// folder) and refuse to replace a file that changed on disk since it was read: nothing is lost,
// no file is ever half-written.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { displayPath, FixtureLabError } from '../problems';

export interface ReadText {
  path: string;
  text: string;
}

/** `shown` is the path as errors name it (relative to the working folder by default). */
export async function readText(path: string, what = 'file', shown = displayPath(path)): Promise<ReadText> {
  try {
    return { path, text: await fs.readFile(path, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FixtureLabError(`no such ${what}; check the path`, shown);
    if (code === 'EISDIR') throw new FixtureLabError(`is a folder, not a ${what}`, shown);
    throw new FixtureLabError(`cannot read (${code ?? String(e)})`, shown);
  }
}

/** Write `text` atomically. With `expected`, refuse when the file no longer holds that text. */
export async function writeTextAtomic(path: string, text: string, expected?: string, shown = displayPath(path)): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    if (expected !== undefined) {
      const now = await fs.readFile(path, 'utf8').catch(() => undefined);
      if (now !== expected) {
        throw new FixtureLabError('changed on disk since it was read; nothing was written: run the command again', shown);
      }
    }
    await fs.rename(temp, path);
  } catch (e) {
    await fs.rm(temp, { force: true });
    if (e instanceof FixtureLabError) throw e;
    throw new FixtureLabError(`cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing was changed`, shown);
  }
}

/** Edit a file through a pure text -> text function, atomically and without clobbering. */
export async function editFile(path: string, edit: (text: string) => string, what = 'file', shown = displayPath(path)): Promise<string> {
  const { text } = await readText(path, what, shown);
  let next: string;
  try {
    next = edit(text);
  } catch (e) {
    // Edit functions are pure and know no file names: name the file here.
    if (e instanceof FixtureLabError && !e.file) throw new FixtureLabError(e.message, shown);
    throw e;
  }
  if (next !== text) await writeTextAtomic(path, next, text, shown);
  return next;
}
