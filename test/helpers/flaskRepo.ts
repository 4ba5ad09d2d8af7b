// A git repository of pallets/flask's Python code at both sides of four merged pull requests
// (test/data/flask/, written by test/tools/flaskChanges.mjs), with their ground truth: real code
// for the candidates benchmark and its unit test. One commit per side, in order, with flask's own
// commit subjects and dates, so the repository is the same on every machine.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { parse } from 'yaml';

const DATA = resolve(__dirname, '../../../test/data/flask');
/** Isolated from the user's git config (not gitRepo's GIT_ENV: that module needs mocha). */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

interface Stored {
  revisions: { pr: number; side: 'base' | 'head'; sha: string; date: string; subject: string; files: Record<string, string> }[];
  blobs: Record<string, string>;
}

export interface FlaskChange {
  pr: number;
  id: string;
  task: string;
  /** Commits of the built repository. */
  base: string;
  head: string;
  /** flask's own commits. */
  upstream: { base: string; head: string };
  /** Qualified names at base, as the fixture format names them. */
  groundTruth: string[];
}

interface GroundTruthFile {
  changes: { id: string; pr: number; base: string; head: string; task: string; ground_truth: { symbol: string; why: string }[] }[];
}

/** Build the repository in `dir` (a new, empty folder); its four labeled changes. Plain Node: benchmarks use it too. */
export function buildFlaskRepo(dir: string): FlaskChange[] {
  const stored = JSON.parse(brotliDecompressSync(readFileSync(join(DATA, 'changes.json.br'))).toString('utf8')) as Stored;
  const truth = parse(readFileSync(join(DATA, 'ground-truth.yaml'), 'utf8')) as GroundTruthFile;
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
  return truth.changes.map((c) => {
    const base = commits.get(c.base);
    const head = commits.get(c.head);
    if (!base || !head) throw new Error(`ground-truth.yaml: ${c.id} names commits the data does not hold`);
    return { pr: c.pr, id: c.id, task: c.task, base, head, upstream: { base: c.base, head: c.head }, groundTruth: c.ground_truth.map((g) => g.symbol) };
  });
}
