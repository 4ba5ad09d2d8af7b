// Errors are values: every problem carries the file and a 1-based position, so the CLI can
// print `path:line:col: severity: message` and the extension can turn it into a Diagnostic.

import { isAbsolute, relative } from 'node:path';

/** `note`: a fact needing no action (a ruling the adjudicator marked unjudged); `validate` groups notes per fixture. */
export type Severity = 'error' | 'warning' | 'note';

/**
 * Every problem's code, closed: tooling may switch on them, and each is documented in
 * [docs/fixture-format.md](../../docs/fixture-format.md#problem-codes), which a test checks.
 */
export const PROBLEM_CODES = [
  // Reading a file
  'fixture-too-large', 'not-utf8', 'yaml-syntax', 'yaml-alias', 'not-a-mapping', 'not-a-string', 'missing-field',
  'unknown-field', 'not-a-list', 'empty-symbol', 'bad-label', 'bad-labels', 'bad-candidate', 'bad-confidence', 'bad-diff',
  'bad-agreement', 'bad-dispute', 'bad-resolution', 'bad-unjudged', 'bad-pooled', 'bad-provenance', 'bad-codegrapher', 'bad-record',
  'missing-repos', 'bad-repos', 'bad-repo', 'duplicate-repo', 'bad-systems',
  // Validating a corpus
  'duplicate-id', 'unsafe-id', 'unknown-repo', 'commit-mismatch', 'tier-mismatch', 'bad-difficulty', 'placement',
  'agreement-range', 'over-cap', 'task-leak', 'unjudged-ruling', 'duplicate-symbol', 'unknown-rater', 'same-rater', 'dispute-unjudged', 'dispute-judged',
  'bad-sided-with', 'sided-with-mismatch', 'codegrapher-mismatch',
  'draft-aside', 'empty-ground-truth', 'dispute-confidence', 'ground-truth-derivation', 'unresolved-symbol', 'stale-label', 'repo-unavailable', 'stale-report',
  // Refused edits
  'wrong-shape', 'not-in-list', 'no-rater', 'wrong-rater', 'no-labeler', 'review-state', 'no-labels', 'ruling', 'breaks-yaml',
  'relocate-diff',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
  file: string;
  line: number;
  col: number;
  severity: Severity;
  /** A stable code for tooling (`yaml-syntax`, `missing-field`, ...). */
  code: ProblemCode;
  message: string;
}

/** A path as shown to people: relative to the working folder when inside it. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel || '.';
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.severity}: ${p.message}`;
}

/**
 * Bad input the user can fix. The message is one line that names the file (when there is one)
 * and what to do; front ends print it as is, never a stack trace.
 */
export class FixtureLabError extends Error {
  constructor(message: string, readonly file?: string) {
    super(file ? `${file}: ${message}` : message);
    this.name = 'FixtureLabError';
  }
}

/** Bad input at a place in a file: its message is the problem as `validate` prints it (`path:line:col: error: ...`). */
export class ProblemError extends FixtureLabError {
  constructor(readonly problem: Problem) {
    super(formatProblem(problem));
  }
}

/** Why an edit was refused: one line saying what to do. Edits know no file names; front ends add them. */
export interface EditProblem {
  code: ProblemCode;
  message: string;
}

export interface Refused {
  ok: false;
  problem: EditProblem;
}

/**
 * What a pure fixture edit returns: the new text (with whatever else the edit reports, `Extra`),
 * or the problem that stopped it, in which case nothing changed.
 */
export type Edited<Extra extends object = object> = ({ ok: true; text: string } & Extra) | Refused;

export function refused(code: ProblemCode, message: string): Refused {
  return { ok: false, problem: { code, message } };
}

export function edited(text: string): Edited {
  return { ok: true, text };
}

/** The next edit on the text of one that went through; a refusal passes on untouched. */
export function then(result: Edited, next: (text: string) => Edited): Edited {
  return result.ok ? next(result.text) : result;
}

/**
 * The text of an edit that went through, or its problem as the FixtureLabError a front end shows
 * (naming `file` when given): where an edit meets a command.
 */
export function textOf(result: Edited, file?: string): string {
  if (!result.ok) throw new FixtureLabError(result.problem.message, file);
  return result.text;
}
