// A fixture from a change in one call, for `fixture-lab new` and the editor's New Fixture from a
// Change alike: the change (two revisions or a PR's merge commit), its default candidates, a task
// stub, at the next free NN-slug.yaml of its tier, never replacing a file.
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { candidatesOf, CandidateOptions, Candidates } from '../changes/candidates';
import { Change, changeBetween, changeOfPullRequest } from '../changes/change';
import { TIERS } from '../fixtures/model';
import type { Repository } from '../git/repository';
import { writeNewText, writeTextAtomic } from '../io/files';
import { FixtureLabError } from '../problems';
import { FixtureSource, newFixtureText, nextFixture } from './create';

export type Tier = (typeof TIERS)[number];

/** What a fixture made without a task says, so validate passes and the labeler sees what to write. */
export const TASK_STUB = 'TODO: the task as its issue states it, naming no symbol of the change';
/** What `new` and the editor's New Fixture say when they wrote the stub. */
export const TASK_STUB_ADVICE = 'the task is a stub: write it as the issue states it';

export type ChangeSpec = { base: string; head: string } | { pr: number };

export interface FromChange {
  corpusDir: string;
  repoName: string;
  repo: Repository;
  /** repos.yaml's url: a GitHub PR becomes the fixture's source_ref. */
  repoUrl?: string;
  change: ChangeSpec | Change;
  task?: string;
  tier?: Tier;
  id?: string;
  /** Where to write, instead of the corpus layout's path (relative to `cwd`). */
  out?: string;
  cwd?: string;
  labeler?: string;
  candidates?: CandidateOptions;
  /** Where the task comes from (default manual), and its reference (an instance id, a URL). */
  source?: FixtureSource;
  sourceRef?: string;
  /** Replace a fixture already at the path (atomically); by default an existing file is refused. */
  replace?: boolean;
}

/** A change as a person types it: `BASE..HEAD`, `#N` (the merge commit naming PR #N), or a merge commit (its first parent is the base). */
export function parseChangeSpec(text: string): ChangeSpec {
  const typed = text.trim();
  if (/^#\d+$/.test(typed)) return { pr: Number(typed.slice(1)) };
  if (text.includes('..')) return { base: text.split('..')[0].trim(), head: text.split('..')[1].trim() };
  return { base: `${typed}^1`, head: typed };
}

export async function resolveChange(repo: Repository, spec: ChangeSpec | Change): Promise<Change> {
  return 'pr' in spec && !('base' in spec) ? changeOfPullRequest(repo, spec.pr) : changeBetween(repo, (spec as Change).base, (spec as Change).head);
}

export async function fixtureFromChange(o: FromChange): Promise<{ path: string; id: string; text: string; change: Change; found: Candidates }> {
  const tier = o.tier ?? 'medium';
  if (!(TIERS as readonly string[]).includes(tier)) throw new FixtureLabError(`tier \`${tier}\` must be ${TIERS.join(', ')}`);
  const change = await resolveChange(o.repo, o.change);
  // A change's title often names the symbols that solve it (``deprecate `should_ignore_error` ``):
  // as the task it would hand every system its ground truth. The stub asks for the words;
  // the title stays beside it in a comment, and names the file. A given task is kept byte for byte
  // (an issue's text ends in a newline; docs/imports.md says verbatim); a blank one is no task.
  const task = o.task !== undefined && o.task.trim() !== '' ? o.task : TASK_STUB;
  const found = await candidatesOf(o.repo, change.base, change.head, o.candidates);
  const next = nextFixture(join(o.corpusDir, 'tasks'), o.repoName, tier, task === TASK_STUB ? change.title || `change ${change.head.slice(0, 7)}` : task);
  const id = o.id ?? next.id;
  const path = o.out ? (isAbsolute(o.out) ? o.out : resolve(o.cwd ?? process.cwd(), o.out)) : next.path;
  const github = o.repoUrl && /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+?(\.git)?\/?$/.test(o.repoUrl) ? o.repoUrl.replace(/(\.git)?\/?$/, '') : undefined;
  const text = newFixtureText(id, {
    repo: o.repoName, tier, task, base: change.base, head: change.head, candidates: found.symbols,
    ...(task === TASK_STUB && change.title ? { title: change.title } : {}),
    ...(o.labeler ? { labeler: o.labeler } : {}),
    ...(o.source ? { source: o.source } : {}),
    ...(o.sourceRef ? { sourceRef: o.sourceRef } : change.pr !== undefined && github ? { sourceRef: `${github}/pull/${change.pr}` } : {}),
  });
  if (o.replace) {
    await mkdir(dirname(path), { recursive: true });
    await writeTextAtomic(path, text);
  } else await writeNewText(path, text);
  return { path, id, text, change, found };
}
