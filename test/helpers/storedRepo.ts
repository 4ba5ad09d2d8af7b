// A git repository built from a public repository's code stored in test/data (a changes.json.br
// written by test/tools/flaskChanges.mjs or benchChanges.mjs): one commit per stored side, in order,
// with the upstream commit subjects and dates, so the repository is the same on every machine and
// nothing is fetched at test time. Plain Node (no mocha): benchmarks use it too.
// Where a history.json.br lies beside it (test/tools/benchHistory.mjs), each change's base commit also
// merges the upstream commits before it that touch the change's files, each on a line of its own
// (a root commit holding the files it touches as they were before it, then the commit itself), so
// `git log <base> -- <file>` finds them, each with its own diff (coChanges.ts reads them).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/** Isolated from the user's git config (not gitRepo's GIT_ENV: that module needs mocha). */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

interface Stored {
  revisions: { pr: number; side: 'base' | 'head'; sha: string; date: string; subject: string; files: Record<string, string> }[];
  blobs: Record<string, string>;
}

interface StoredHistory {
  changes: { base: string; commits: { sha: string; date: string; subject: string; files: Record<string, [string | null, string | null]> }[] }[];
  blobs: Record<string, string>;
}

/** Build the repository of `packed` (a changes.json.br) in `dir`, a new, empty folder: the built commit of each upstream commit. */
export function buildStoredRepo(packed: string, dir: string): Map<string, string> {
  const stored = JSON.parse(brotliDecompressSync(readFileSync(packed)).toString('utf8')) as Stored;
  const historyFile = join(dirname(packed), 'history.json.br');
  const history = existsSync(historyFile) ? JSON.parse(brotliDecompressSync(readFileSync(historyFile)).toString('utf8')) as StoredHistory : undefined;
  const git = (env: NodeJS.ProcessEnv, ...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
  git(GIT_ENV, 'init', '-q', '-b', 'main');
  const commits = new Map<string, string>();
  let present = new Set<string>();
  for (const r of stored.revisions) {
    for (const path of present) if (!(path in r.files)) rmSync(join(dir, path));
    for (const [path, blob] of Object.entries(r.files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), stored.blobs[blob]);
    }
    present = new Set(Object.keys(r.files));
    const env = { ...GIT_ENV, GIT_AUTHOR_DATE: r.date, GIT_COMMITTER_DATE: r.date };
    git(env, 'add', '-A');
    const sides = history ? historyLines(dir, history, r.sha) : [];
    if (sides.length === 0) git(env, 'commit', '-q', '--allow-empty', '-m', r.subject);
    else {
      // The first stored revision has no commit before it: its history lines are its only parents.
      const previous = commits.size > 0 ? [git(env, 'rev-parse', 'HEAD')] : [];
      const parents = [...previous, ...sides].flatMap((p) => ['-p', p]);
      const merged = execFileSync('git', ['commit-tree', git(env, 'write-tree'), ...parents], { cwd: dir, env, input: r.subject, encoding: 'utf8' }).trim();
      git(env, 'update-ref', 'refs/heads/main', merged);
    }
    commits.set(r.sha, git(env, 'rev-parse', 'HEAD'));
  }
  return commits;
}

/**
 * The upstream commits before `base` that history.json.br keeps, built with one `git fast-import`:
 * each a root commit of the files it touches as they were, then the commit; their commits, to merge.
 */
function historyLines(dir: string, history: StoredHistory, base: string): string[] {
  const commits = history.changes.filter((c) => c.base === base).flatMap((c) => c.commits);
  const seen = new Set<string>();
  const chunks: Buffer[] = [];
  const text = (t: string) => chunks.push(Buffer.from(t));
  const data = (t: string) => {
    const b = Buffer.from(t);
    text(`data ${b.length}\n`);
    chunks.push(b);
    text('\n');
  };
  const marks = new Map<string, number>();
  let mark = 0;
  const blob = (id: string) => {
    let m = marks.get(id);
    if (m === undefined) {
      marks.set(id, (m = ++mark));
      text(`blob\nmark :${m}\n`);
      data(history.blobs[id]);
    }
    return m;
  };
  const tips: number[] = [];
  for (const c of commits) {
    if (seen.has(c.sha) || Object.keys(c.files).length === 0) continue;
    seen.add(c.sha);
    const when = `${Math.floor(Date.parse(c.date) / 1000)} +0000`;
    const before = Object.entries(c.files).filter(([, [b]]) => b !== null).map(([p, [b]]) => `M 100644 :${blob(b!)} ${p}\n`);
    const after = Object.entries(c.files).map(([p, [, a]]) => (a === null ? `D ${p}\n` : `M 100644 :${blob(a)} ${p}\n`));
    const root = ++mark;
    text(`reset refs/history/line\ncommit refs/history/line\nmark :${root}\ncommitter Test <test@example.com> ${when}\n`);
    data(`before ${c.subject}`);
    text(before.join(''));
    const tip = ++mark;
    text(`commit refs/history/line\nmark :${tip}\ncommitter Test <test@example.com> ${when}\n`);
    data(c.subject);
    text(`from :${root}\n${after.join('')}`);
    tips.push(tip);
  }
  if (tips.length === 0) return [];
  const marksFile = join(dir, '.git', 'history-marks');
  execFileSync('git', ['fast-import', '--quiet', `--export-marks=${marksFile}`], { cwd: dir, input: Buffer.concat(chunks), env: GIT_ENV });
  const exported = new Map(readFileSync(marksFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' ') as [string, string]));
  rmSync(marksFile);
  execFileSync('git', ['update-ref', '-d', 'refs/history/line'], { cwd: dir, env: GIT_ENV });
  return tips.map((t) => exported.get(`:${t}`)!);
}
