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
  const [base, head] = await Promise.all([repo.resolve(baseRef), repo.resolve(headRef)]);
  const common = ['-c', 'core.quotepath=off', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', '-M', base, head];
  const [raw, patch] = await Promise.all([
    repo.git.raw([...common.slice(0, 3), '-z', '--raw', '--no-abbrev', ...common.slice(3)]),
    repo.git.raw([...common.slice(0, 3), '-U0', ...common.slice(3)]),
  ]);
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
  const skipped = files.slice(MAX_CHANGED_FILES).map(
    (f) => ({ path: (f.newPath ?? f.oldPath)!, reason: `huge diff: only the first ${MAX_CHANGED_FILES} files are read` }));
  return { base, head, files: files.slice(0, MAX_CHANGED_FILES), skipped };
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
