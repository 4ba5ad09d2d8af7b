// A patch made into a commit without touching anyone's checkout: the base's tree is read into a
// scratch index in a temp folder, the patch applied there (`git apply --cached`), and the tree
// written as a commit whose parent is the base. Git runs isolated from user and system settings
// (no hooks, no signing, no identity from config) with a fixed author and the base's own date,
// as corpus/build-demo.mjs builds the demo: the same patch on the same base is the same SHA on
// every machine. A ref keeps the commit reachable, so `git gc` never takes it.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Who the commits are by: no person, so no one's config decides their SHA. */
export const PATCH_AUTHOR = { name: 'Fixture Lab', email: 'fixture-lab@invalid' };

/** The environment of a git that reads no user or system config, with a fixed identity and date. */
export function isolatedGitEnv(date: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return {
    ...env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: PATCH_AUTHOR.name,
    GIT_AUTHOR_EMAIL: PATCH_AUTHOR.email,
    GIT_COMMITTER_NAME: PATCH_AUTHOR.name,
    GIT_COMMITTER_EMAIL: PATCH_AUTHOR.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    ...extra,
  };
}

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

function git(root: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<GitResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', args, { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
    // git may stop reading early (a patch it refuses): the pipe's EPIPE is its answer, not ours.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

export interface PatchCommit {
  /** The full SHA of the commit the patch applies to. */
  base: string;
  patch: string;
  message: string;
  /** The ref that keeps the commit (refs/...); moved to it when it exists. */
  ref: string;
}

export type PatchCommitResult = { ok: true; head: string } | { ok: false; reason: string };

/** git's complaint as one short line: its `error:` lines, joined. */
function complaint(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const errors = lines.filter((l) => /^(error|fatal):/.test(l));
  return (errors.length ? errors : lines).slice(0, 3).join('; ').replace(/[\p{Cc}\p{Cf}]+/gu, ' ').slice(0, 300) || 'git gave no reason';
}

/**
 * Applies `patch` at `base` in a scratch index and commits the result, or says why not (the
 * patch does not apply, or is empty). Nothing outside the repository's objects and `ref` changes;
 * the scratch folder is removed whatever happens.
 */
export async function commitPatch(root: string, o: PatchCommit): Promise<PatchCommitResult> {
  const scratch = await fs.mkdtemp(join(tmpdir(), 'fixture-lab-patch-'));
  try {
    const probe = isolatedGitEnv('1970-01-01T00:00:00Z');
    // The base's date as git stores it, seconds and time zone (`1577853000 +0530`): git has no
    // `%cz`, and a bare `%ct` would date the commit in UTC.
    const dated = await git(root, ['show', '-s', '--date=raw', '--format=%cd', o.base], probe);
    if (dated.code !== 0) return { ok: false, reason: `base ${o.base}: ${complaint(dated.stderr)}` };
    const env = isolatedGitEnv(`@${dated.stdout.trim()}`, { GIT_INDEX_FILE: join(scratch, 'index') });
    const steps: [string[], string | undefined, string][] = [
      [['read-tree', o.base], undefined, 'cannot read the base tree'],
      [['apply', '--cached', '--whitespace=nowarn', '-'], o.patch, 'the patch does not apply at base'],
    ];
    for (const [args, input, what] of steps) {
      const r = await git(root, args, env, input);
      if (r.code !== 0) return { ok: false, reason: `${what}: ${complaint(r.stderr)}` };
    }
    const tree = await git(root, ['write-tree'], env);
    if (tree.code !== 0) return { ok: false, reason: `cannot write the patched tree: ${complaint(tree.stderr)}` };
    const commit = await git(root, ['commit-tree', '--no-gpg-sign', tree.stdout.trim(), '-p', o.base, '-F', '-'], env, o.message);
    if (commit.code !== 0) return { ok: false, reason: `cannot commit the patched tree: ${complaint(commit.stderr)}` };
    const head = commit.stdout.trim();
    const ref = await git(root, ['update-ref', '-m', 'fixture-lab: patch commit', o.ref, head], env);
    if (ref.code !== 0) return { ok: false, reason: `cannot keep the commit under ${o.ref}: ${complaint(ref.stderr)}` };
    return { ok: true, head };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
