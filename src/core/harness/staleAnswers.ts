// Is a recorded answer still an answer to its fixture? An answer is given at a revision to a task
// text; a fixture whose revision or task was edited since asks another question. A resume answers
// such a task again; a re-score, a resume that does not run it (--tasks), and the panel never score
// the old answer as the new question's: each says so in one line.
import type { RawResult } from '../scoring/answers';

/** `abc1234` and its full SHA are one revision. */
export function sameRevision(a: string, b: string): boolean {
  return a.length > 0 && b.length > 0 && (a.startsWith(b) || b.startsWith(a));
}

/**
 * Why `raw` does not answer its fixture as it stands (running at `rev`, a resolved SHA, with task
 * text `task`), in words ending where the caller says what it did; undefined when it does, or when
 * it cannot be told (no revision to compare, an answer that does not say its text).
 */
export function staleAnswer(
  raw: Pick<RawResult, 'system' | 'task' | 'rev' | 'task_text'>, rev: string | undefined, task: string | undefined): string | undefined {
  const whose = `${raw.system}'s answer to ${raw.task}`;
  if (rev && raw.rev && !sameRevision(raw.rev, rev)) {
    return `${whose} was given at ${raw.rev.slice(0, 7)}, and its fixture runs at ${rev.slice(0, 7)} now (its revision was edited since)`;
  }
  if (raw.task_text !== undefined && raw.task_text !== (task ?? '')) {
    return `${whose} was given to another task text than its fixture's now (its task was edited since)`;
  }
  return undefined;
}
