// Names that become one component of a path: a fixture's id and a system's name name result
// files (raw/<system>/<task>.json), so each must stay one plain component, whatever it holds.
// Letters, digits, `.`, `_` and `-` only, and never `.` or `..`: no separator, no parent, no
// absolute path, nothing a shell or a file system reads specially.
import { promises as fs } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { FixtureLabError } from '../problems';

const SAFE = /^[A-Za-z0-9._-]+$/;

export const SAFE_NAME_RULE = 'letters, digits, `.`, `_` and `-` only';

export function isSafePathComponent(name: string): boolean {
  return SAFE.test(name) && name !== '.' && name !== '..';
}

/** A safe name close to `name`, for the fix a message suggests: unsafe runs become `-`. */
export function safeNameLike(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'task-1';
}

/**
 * Whether `path` (a file to write, existing or not) is inside `root` once every symlink on the
 * way is followed: the guard of every write into a run folder. A missing `root` holds nothing.
 */
export async function isInside(root: string, path: string): Promise<boolean> {
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (!realRoot) return false;
  const rel = relative(realRoot, await realPathOf(path));
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** `path` with its deepest existing ancestor's symlinks followed (the rest does not exist yet). */
async function realPathOf(path: string): Promise<string> {
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    const real = await fs.realpath(at).catch(() => undefined);
    if (real !== undefined) return join(real, ...missing);
    if (dirname(at) === at) return resolve(path);
    missing.unshift(basename(at));
  }
}

/** Throws when `path` would land outside `root` (a symlinked folder or file leading out). */
export async function assertInside(root: string, path: string, shown: string): Promise<void> {
  if (!(await isInside(root, path))) throw new FixtureLabError(
    'would be written outside the run folder (a symlink leads out of it); nothing was written', shown);
}
