// A git repository built from a public repository's code stored in test/data (a changes.json.br
// written by test/tools/flaskChanges.mjs or benchChanges.mjs): one commit per stored side, in order,
// with the upstream commit subjects and dates, so the repository is the same on every machine and
// nothing is fetched at test time. Plain Node (no mocha): benchmarks use it too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/** Isolated from the user's git config (not gitRepo's GIT_ENV: that module needs mocha). */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

interface Stored {
  revisions: { pr: number; side: 'base' | 'head'; sha: string; date: string; subject: string; files: Record<string, string> }[];
  blobs: Record<string, string>;
}

/** Build the repository of `packed` (a changes.json.br) in `dir`, a new, empty folder: the built commit of each upstream commit. */
export function buildStoredRepo(packed: string, dir: string): Map<string, string> {
  const stored = JSON.parse(brotliDecompressSync(readFileSync(packed)).toString('utf8')) as Stored;
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
    git(env, 'commit', '-q', '--allow-empty', '-m', r.subject);
    commits.set(r.sha, git(env, 'rev-parse', 'HEAD'));
  }
  return commits;
}
