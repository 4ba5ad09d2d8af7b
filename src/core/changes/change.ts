// Which change a fixture is made from: two revisions, or the merge commit of a pull request. A
// merge commit's message also carries the task's first words (the PR title), the stub a labeler
// rewrites as the issue states it.
import type { Repository } from '../git/repository';
import { FixtureLabError } from '../problems';

export interface Change {
  base: string;
  head: string;
  /** The pull request the change merged, when its merge commit names one. */
  pr?: number;
  /** The task stub the merge commit's message gives, when head is a merge (or a squashed PR). */
  title?: string;
}

/** Messages that name PR #N: GitHub's merge commit, or a squash merge's `Title (#N)`. */
export function namesPullRequest(message: string, pr: number): boolean {
  return new RegExp(`Merge pull request #${pr}(?!\\d)|\\(#${pr}\\)`).test(message);
}

/** The PR number a merge commit's message names, if any. */
export function pullRequestOf(message: string): number | undefined {
  const m = /Merge pull request #(\d+)|\(#(\d+)\)/.exec(message);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

/**
 * The task a merge commit's message states: GitHub's `Merge pull request #N from a/b` has the PR
 * title on its first line after the subject; a squash merge's subject is the title with `(#N)`.
 */
export function titleOfMessage(message: string): string | undefined {
  const lines = message.split('\n').map((l) => l.trim());
  const subject = lines[0] ?? '';
  if (/^Merge pull request #\d+/.test(subject)) {
    const title = lines.slice(1).find((l) => l !== '');
    return title || undefined;
  }
  const title = subject.replace(/\s*\(#\d+\)\s*$/, '').trim();
  return title || undefined;
}

async function commitOf(repo: Repository, rev: string): Promise<{ parents: string[]; message: string }> {
  const out = await repo.git.raw(['show', '-s', '--format=%P%x00%B', rev, '--']);
  const [parents, message] = out.split('\0');
  return { parents: parents.trim().split(' ').filter(Boolean), message: (message ?? '').trim() };
}

/** `base..head` as full SHAs, with the merge commit's PR and title when head is one. */
export async function changeBetween(repo: Repository, base: string, head: string): Promise<Change> {
  const [b, h] = [await repo.resolve(base), await repo.resolve(head)];
  const { parents, message } = await commitOf(repo, h);
  const pr = pullRequestOf(message);
  const merge = parents.length > 1 || pr !== undefined;
  return { base: b, head: h, ...(merge && pr !== undefined ? { pr } : {}), ...(merge ? optional('title', titleOfMessage(message)) : {}) };
}

/** The change a pull request merged: its (newest) merge commit against its first parent. */
export async function changeOfPullRequest(repo: Repository, pr: number): Promise<Change> {
  if (!Number.isInteger(pr) || pr <= 0) throw new FixtureLabError(`\`${pr}\` is not a pull request number`);
  const out = await repo.git.raw(['log', '--all', '-F', `--grep=#${pr}`, '--format=%H%x00%P%x00%B%x1e']).catch(() => '');
  for (const entry of out.split('\x1e')) {
    const [sha, parents, message] = entry.replace(/^\n/, '').split('\0');
    if (!sha || message === undefined || !namesPullRequest(message, pr)) continue;
    const first = parents.trim().split(' ').filter(Boolean)[0];
    if (!first) throw new FixtureLabError(`the commit naming PR #${pr} (${sha.slice(0, 12)}) has no parent to compare with`, repo.root);
    return { base: first, head: sha, pr, ...optional('title', titleOfMessage(message.trim())) };
  }
  throw new FixtureLabError(`no commit message names PR #${pr} ("Merge pull request #${pr}" or "(#${pr})"): fetch the branch that merged it, `
    + `or give --base and --head`, repo.root);
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value ? { [key]: value } : {}) as { [P in K]?: string };
}
