// The files a `base..head` change touches, with status (rename detection on), binary and
// submodule flags, and each hunk's line ranges on both sides.
import type { Repository } from './repository';

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';

/** Line ranges of one hunk; a side with 0 lines is the point just after line `start`. */
export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export interface FileChange {
  status: FileStatus;
  /** The path on the base side (absent when added). */
  oldPath?: string;
  /** The path on the head side (absent when deleted). */
  newPath?: string;
  /** Rename or copy similarity, 0-100. */
  similarity?: number;
  binary: boolean;
  submodule: boolean;
  hunks: Hunk[];
}

/** A change with this many files or more is reported as huge: its files beyond the cap are skipped. */
export const MAX_CHANGED_FILES = 3000;

export interface ChangeSet {
  base: string;
  head: string;
  files: FileChange[];
  /** Files left out, with why (huge diff). */
  skipped: { path: string; reason: string }[];
}

const STATUS: Record<string, FileStatus> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'copied', T: 'type-changed' };

export async function listChanges(repo: Repository, baseRef: string, headRef: string): Promise<ChangeSet> {
  const [base, head] = await repo.resolveCommits([baseRef, headRef]);
  // One process for both listings (each a process start and a rename detection): with -z, git
  // prints the --raw records, a NUL, then the patch, byte for byte what `git diff -U0` prints.
  const out = await repo.run(
    ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '-M', '-z', '--raw', '--no-abbrev', '-p', '-U0', base, head]);
  const { raw, patch } = splitPatchWithRaw(out);
  const files = changedFiles(raw, patch);
  const skipped = files.slice(MAX_CHANGED_FILES).map(
    (f) => ({ path: (f.newPath ?? f.oldPath)!, reason: `huge diff: only the first ${MAX_CHANGED_FILES} files are read` }));
  return { base, head, files: files.slice(0, MAX_CHANGED_FILES), skipped };
}

/**
 * `git diff -z --raw -p`'s output as its two parts: the NUL-separated records of `--raw -z` (each
 * `:meta`, then one path, two for a rename or copy), and the patch after the NUL that ends them.
 */
export function splitPatchWithRaw(out: string): { raw: string; patch: string } {
  let at = 0;
  const field = () => {
    const end = out.indexOf('\0', at);
    if (end < 0) throw new Error(`git diff printed a --raw record without its end: ${JSON.stringify(out.slice(at, at + 200))}`);
    const value = out.slice(at, end);
    at = end + 1;
    return value;
  };
  while (out.startsWith(':', at)) {
    const letter = field().split(' ')[4]?.[0];
    field();
    if (letter === 'R' || letter === 'C') field();
  }
  const raw = out.slice(0, at);
  const rest = out.slice(at);
  if (rest === '') return { raw, patch: '' };
  // git ends the records with the line terminator (NUL under -z) before the patch.
  if (rest[0] !== '\0' && rest[0] !== '\n') {
    throw new Error(`git diff printed something unexpected after its --raw records: ${JSON.stringify(rest.slice(0, 200))}`);
  }
  return { raw, patch: rest.slice(1) };
}

/** The files of a change from `git diff --raw -z --no-abbrev` and `git diff -U0` (the same revisions, the same options). */
export function changedFiles(raw: string, patch: string): FileChange[] {
  const files = parseRaw(raw);
  // Blocks are matched by header, not by position: a type change prints two blocks for one entry.
  const blocks = new Map<string, string>();
  for (const block of patch.split(/^(?=diff --git )/m)) {
    const header = block.slice(0, block.indexOf('\n'));
    if (header.startsWith('diff --git ') && !blocks.has(header)) blocks.set(header, block);
  }
  files.forEach((f) => {
    const block = blocks.get(`diff --git ${quotedPath(`a/${f.oldPath ?? f.newPath}`)} ${quotedPath(`b/${f.newPath ?? f.oldPath}`)}`) ?? '';
    f.binary = /^Binary files .* differ$/m.test(block) || /^GIT binary patch$/m.test(block);
    f.hunks = f.binary || f.submodule ? [] : parseHunks(block);
  });
  return files;
}

const C_ESCAPES: Record<string, string> = { '\x07': 'a', '\b': 'b', '\t': 't', '\n': 'n', '\v': 'v', '\f': 'f', '\r': 'r', '"': '"', '\\': '\\' };

/**
 * A path as a patch header prints it: C-quoted when it holds a control character, `"` or `\`
 * (bytes above 0x7f stay as they are under core.quotepath=off). The paths themselves come from
 * the NUL-separated --raw listing; only the headers are matched through this.
 */
export function quotedPath(path: string): string {
  if (!/[\x00-\x1f"\\\x7f]/.test(path)) return path;
  return `"${path.replace(/[\x00-\x1f"\\\x7f]/g, (c) => `\\${C_ESCAPES[c] ?? c.charCodeAt(0).toString(8).padStart(3, '0')}`)}"`;
}

/** `:oldmode newmode oldsha newsha STATUS\0path\0[newpath\0]` records of `git diff --raw -z`. */
function parseRaw(raw: string): FileChange[] {
  const parts = raw.split('\0');
  const out: FileChange[] = [];
  for (let i = 0; i < parts.length; i++) {
    const meta = parts[i];
    if (!meta.startsWith(':')) continue;
    const [oldMode, newMode, , , code] = meta.slice(1).split(' ');
    const letter = code[0];
    const status = STATUS[letter] ?? 'modified';
    const submodule = oldMode === '160000' || newMode === '160000';
    const change: FileChange = { status, binary: false, submodule, hunks: [] };
    if (letter === 'R' || letter === 'C') {
      change.similarity = Number(code.slice(1));
      change.oldPath = parts[++i];
      change.newPath = parts[++i];
    } else {
      const path = parts[++i];
      if (status !== 'added') change.oldPath = path;
      if (status !== 'deleted') change.newPath = path;
    }
    out.push(change);
  }
  return out;
}

function parseHunks(block: string): Hunk[] {
  const hunks: Hunk[] = [];
  for (const m of block.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)) {
    hunks.push({
      oldStart: Number(m[1]),
      oldLines: m[2] === undefined ? 1 : Number(m[2]),
      newStart: Number(m[3]),
      newLines: m[4] === undefined ? 1 : Number(m[4]),
    });
  }
  return hunks;
}
