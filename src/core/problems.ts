// Errors are values: every problem carries the file and a 1-based position, so the CLI can
// print `path:line:col: severity: message` and the extension can turn it into a Diagnostic.

import { isAbsolute, relative } from 'node:path';

export type Severity = 'error' | 'warning';

export interface Problem {
  file: string;
  line: number;
  col: number;
  severity: Severity;
  /** A stable code for tooling (`yaml-syntax`, `missing-field`, ...). */
  code: string;
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
