// A git repository built from a public repository's code stored in test/data (a changes.json.br
// written by test/tools/flaskChanges.mjs or benchChanges.mjs): one commit per stored side, in order,
// with the upstream commit subjects and dates, so the repository is the same on every machine and
// nothing is fetched at test time. Plain Node (no mocha): benchmarks use it too.
// Where a history.json.br lies beside it (test/tools/benchHistory.mjs), each change's base commit also
// merges the upstream commits before it that touch the change's files, each on a line of its own
// (a root commit holding the files it touches as they were before it, then the commit itself), so
// `git log <base> -- <file>` finds them, each with its own diff (coChanges.ts reads them).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/** Isolated from the user's git config (not gitRepo's GIT_ENV: that module needs mocha). */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

export interface Stored {
  revisions: { pr: number; side: 'base' | 'head'; sha: string; date: string; subject: string; files: Record<string, string> }[];
  blobs: Record<string, string>;
}

export interface StoredHistory {
  changes: { base: string; commits: { sha: string; date: string; subject: string; files: Record<string, [string | null, string | null]> }[] }[];
  blobs: Record<string, string>;
}

/**
 * Build the repository of `packed` (a changes.json.br) in `dir`, a new, empty folder: the built commit
 * of each upstream commit. Every object is written by one `git fast-import` (not a `git add` and a
 * `git commit` per revision, with the files written out each time: about four times the CPU); the
 * commits are byte for byte those `git commit -m` would make of the same files, dates and subjects
 * (test/core/storedRepo.test.ts builds one both ways), and the work tree is left checked out at the
 * last one.
 */
export function buildStoredRepo(packed: string, dir: string): Map<string, string> {
  const stored = JSON.parse(brotliDecompressSync(readFileSync(packed)).toString('utf8')) as Stored;
  const historyFile = join(dirname(packed), 'history.json.br');
  const history = existsSync(historyFile) ? JSON.parse(brotliDecompressSync(readFileSync(historyFile)).toString('utf8')) as StoredHistory : undefined;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  const stream = new FastImport();
  const storedBlob = stream.blobs(stored.blobs);
  const historyBlob = history ? stream.blobs(history.blobs) : () => 0;
  const revisionMarks: number[] = [];
  let previous: number | undefined;
  for (const r of stored.revisions) {
    const sides = history ? historyLines(stream, history, historyBlob, r.sha) : [];
    const who = `Test <test@example.com> ${gitDate(r.date, packed)}`;
    // Its blobs first: a blob cannot be written inside a commit.
    const files = Object.entries(r.files).map(([path, blob]) => `M 100644 :${storedBlob(blob)} ${quotedPath(path)}\n`).join('');
    const mark = stream.mark();
    stream.text(`commit refs/heads/main\nmark :${mark}\nauthor ${who}\ncommitter ${who}\n`);
    // `git commit -m` cleans its message up; the merge was made by `git commit-tree`, which keeps it as given.
    stream.data(sides.length === 0 ? cleanedMessage(r.subject, packed) : r.subject);
    const parents = [...(previous === undefined ? [] : [previous]), ...sides];
    if (parents.length > 0) stream.text(`from :${parents[0]}\n${parents.slice(1).map((p) => `merge :${p}\n`).join('')}`);
    stream.text(`deleteall\n${files}\n`);
    revisionMarks.push(mark);
    previous = mark;
  }
  const marksFile = join(dir, '.git', 'stored-marks');
  // Stored, not deflated, and never a delta: a test's repository is read a few times and removed,
  // and compressing the histories' tens of megabytes was most of the build's CPU.
  execFileSync('git', ['-c', 'core.compression=0', 'fast-import', '--big-file-threshold=1', '--quiet', `--export-marks=${marksFile}`], { cwd: dir, input: stream.bytes(), env: GIT_ENV });
  const exported = new Map(readFileSync(marksFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' ') as [string, string]));
  rmSync(marksFile);
  if (history) git('update-ref', '-d', 'refs/history/line');
  git('reset', '-q', '--hard');
  const commits = new Map<string, string>();
  stored.revisions.forEach((r, i) => commits.set(r.sha, exported.get(`:${revisionMarks[i]}`)!));
  return commits;
}

/** A `git fast-import` stream being written: marks, blobs by their stored id (each written once), commits. */
class FastImport {
  private readonly chunks: Buffer[] = [];
  private last = 0;

  mark(): number {
    return ++this.last;
  }

  text(t: string): void {
    this.chunks.push(Buffer.from(t));
  }

  data(t: string): void {
    const b = Buffer.from(t);
    this.text(`data ${b.length}\n`);
    this.chunks.push(b);
    this.text('\n');
  }

  /** The mark of a stored blob, written into the stream the first time it is asked for. */
  blobs(texts: Record<string, string>): (id: string) => number {
    const marks = new Map<string, number>();
    return (id) => {
      let m = marks.get(id);
      if (m === undefined) {
        marks.set(id, (m = this.mark()));
        this.text(`blob\nmark :${m}\n`);
        this.data(texts[id]);
      }
      return m;
    };
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * The upstream commits before `base` that history.json.br keeps, written into the stream: each a root
 * commit of the files it touches as they were, then the commit; their marks, to merge.
 */
function historyLines(stream: FastImport, history: StoredHistory, blob: (id: string) => number, base: string): number[] {
  const commits = history.changes.filter((c) => c.base === base).flatMap((c) => c.commits);
  const seen = new Set<string>();
  const tips: number[] = [];
  for (const c of commits) {
    if (seen.has(c.sha) || Object.keys(c.files).length === 0) continue;
    seen.add(c.sha);
    const when = `${Math.floor(Date.parse(c.date) / 1000)} +0000`;
    const before = Object.entries(c.files).filter(([, [b]]) => b !== null).map(([p, [b]]) => `M 100644 :${blob(b!)} ${quotedPath(p)}\n`);
    const after = Object.entries(c.files).map(([p, [, a]]) => (a === null ? `D ${quotedPath(p)}\n` : `M 100644 :${blob(a)} ${quotedPath(p)}\n`));
    const root = stream.mark();
    stream.text(`reset refs/history/line\ncommit refs/history/line\nmark :${root}\ncommitter Test <test@example.com> ${when}\n`);
    stream.data(`before ${c.subject}`);
    stream.text(before.join(''));
    const tip = stream.mark();
    stream.text(`commit refs/history/line\nmark :${tip}\ncommitter Test <test@example.com> ${when}\n`);
    stream.data(c.subject);
    stream.text(`from :${root}\n${after.join('')}`);
    tips.push(tip);
  }
  return tips;
}

/** An ISO 8601 date with its offset (`2024-01-02T16:35:50+01:00`) as git records it: seconds since the epoch, then the offset. */
function gitDate(date: string, packed: string): string {
  const offset = /(Z|[+-]\d\d:\d\d)$/.exec(date)?.[1];
  const seconds = Date.parse(date) / 1000;
  if (!offset || !Number.isInteger(seconds)) throw new Error(`${packed}: the date ${date} is not an ISO 8601 time to the second with its offset; rerun the tool that wrote it`);
  return `${seconds} ${offset === 'Z' ? '+0000' : offset.replace(':', '')}`;
}

/** A message as `git commit -m` keeps it (its default clean-up, `whitespace`): trailing blanks and blank lines at either end gone, runs of blank lines one. */
function cleanedMessage(message: string, packed: string): string {
  const lines = message.split('\n').map((l) => l.replace(/[ \t\r\n\v\f]+$/, ''));
  const kept = lines.filter((l, i) => l !== '' || (i > 0 && lines[i - 1] !== ''));
  while (kept[0] === '') kept.shift();
  while (kept.at(-1) === '') kept.pop();
  if (kept.length === 0) throw new Error(`${packed}: a revision's subject is empty; git would refuse to commit it`);
  return `${kept.join('\n')}\n`;
}

/** A path as fast-import reads it: quoted where it must be (a path starting with a quote or holding a newline). */
function quotedPath(path: string): string {
  return /^"|\n/.test(path) ? JSON.stringify(path) : path;
}
