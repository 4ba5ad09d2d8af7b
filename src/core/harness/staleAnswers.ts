// Is a recorded answer still an answer to its fixture? An answer is given at a revision to a task
// text; a fixture whose revision or task was edited since asks another question. A resume answers
// such a task again; a re-score, a resume that does not run it (--tasks), and the panel never score
// the old answer as the new question's: each says so in one line.
import type { Fixture } from '../fixtures/model';
import { looksLikeSha, sameRevision } from '../git/revisions';
import type { RawResult } from '../scoring/answers';


/**
 * Why `raw` does not answer its fixture as it stands (running at `rev`, a resolved SHA, with task
 * text `task`), in words ending where the caller says what it did; undefined when it does, or when
 * it cannot be told (no revision to compare, an answer that does not say its text).
 */
export function staleAnswer(
  raw: Pick<RawResult, 'system' | 'task' | 'rev' | 'task_text'>, rev: string | undefined, task: string | undefined): string | undefined {
  const whose = `${raw.system}'s answer to ${raw.task}`;
  // A revision recorded as a ref name (a TREC run imported without its repository) cannot be compared.
  if (rev && looksLikeSha(raw.rev) && !sameRevision(raw.rev.toLowerCase(), rev.toLowerCase())) {
    return `${whose} was given at ${raw.rev.slice(0, 7)}, and its fixture runs at ${rev.slice(0, 7)} now (its revision was edited since)`;
  }
  if (raw.task_text !== undefined && raw.task_text !== (task ?? '')) {
    return `${whose} was given to another task text than its fixture's now (its task was edited since)`;
  }
  return undefined;
}

/**
 * The revision a fixture runs at as written, when it is written as a commit SHA (what `new` and
 * `repo add` write); undefined for a ref name, which only the repository can resolve.
 */
export function writtenSha(fixture: Fixture, pinned: string | undefined): string | undefined {
  const rev = fixture.diff?.base ?? fixture.commit ?? pinned;
  return looksLikeSha(rev) ? rev.toLowerCase() : undefined;
}

/**
 * The answers of a run folder that answer their fixtures as written now, without a repository
 * (the panel's Corpus tab, `charts`, `export-trec`): one given at another revision than the
 * fixture's written SHA, or to another task text, is left out and told through `leftOut`.
 */
export function answersToFixturesNow<R extends Pick<RawResult, 'system' | 'task' | 'rev' | 'task_text'>>(
  raws: readonly R[], fixtures: ReadonlyMap<string, { fixture: Fixture; pinned?: string }>, leftOut?: (message: string) => void): R[] {
  return raws.filter((r) => {
    const f = fixtures.get(r.task);
    const why = f && staleAnswer(r, writtenSha(f.fixture, f.pinned), f.fixture.task);
    if (why) leftOut?.(`${why}: left out; resuming the run (\`fixture-lab run --out RUN_DIR\`) answers it again`);
    return !why;
  });
}
