// What every adapter does, whatever runs behind it: prepare (index) once per repository
// revision, then answer queries. The runner times both phases and scores the answers.
import type { Repository } from '../../git/repository';

export interface RepoContext {
  name: string;
  repo: Repository;
  /** The full SHA the tasks run at: a diff fixture's base, else the pinned commit. */
  rev: string;
  module?: string;
  languages: string[];
  /** A working tree at `rev` for systems that read files (made on first call). */
  checkout(): Promise<string>;
}

export interface QueryInput {
  taskId: string;
  task: string;
  budget: number;
}

export interface QueryOutput {
  /** Everything the system handed back: what an agent would read, and what tokens are counted on. */
  text: string;
  /** The ranked symbols, as the system named them. */
  symbols: string[];
  /** The system's score of each symbol, aligned with `symbols`, when it tells them. */
  scores?: number[];
  reportedTokens?: number;
  stderr?: string;
  /** The output passed the system's cap (max_output_mb) and `text` is its head. */
  truncated?: boolean;
  /** Replays carry the recorded timings instead of new ones. */
  recorded?: {
    indexMs?: number; coldMs?: number; warmMs?: number; status: 'ok' | 'failed' | 'timeout'; error?: string;
    /** The task text the recording says it answered (checked to be this task's): absent in a recording made before it was kept. */
    taskText?: string;
  };
}

/** A failure the runner records on the task (and goes on): a crash, a bad exit, unparsable output. */
export class SystemFailure extends Error {
  constructor(message: string, readonly status: 'failed' | 'timeout' | 'cancelled' = 'failed', readonly stderr = '') {
    super(message);
  }
}

/**
 * An answer checked at the boundary, whatever produced it: a system's output is untrusted, so a
 * malformed one is that task's failure (recorded, the run goes on), never a crash of the run.
 */
export function checkAnswer(out: QueryOutput): QueryOutput {
  const bad = (what: string) => new SystemFailure(`the answer is malformed: ${what}`);
  if (typeof out?.text !== 'string') throw bad('its output is not text');
  if (!Array.isArray(out.symbols)) throw bad('it has no list of symbols');
  const i = out.symbols.findIndex((s) => typeof s !== 'string');
  if (i >= 0) throw bad(`symbol ${i + 1} is ${out.symbols[i] === null ? 'null' : typeof out.symbols[i]}, not a name`);
  if (out.reportedTokens !== undefined && !Number.isFinite(out.reportedTokens)) throw bad('its reported token count is not a number');
  if (out.scores !== undefined) {
    if (!Array.isArray(out.scores) || out.scores.length !== out.symbols.length) throw bad('its scores are not one per symbol');
    const s = out.scores.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
    if (s >= 0) throw bad(`score ${s + 1} is not a number`);
  }
  return out;
}

export interface Retriever {
  /** Index the repository at its revision; called once per revision before its queries. */
  prepare(repo: RepoContext, signal?: AbortSignal): Promise<void>;
  query(repo: RepoContext, input: QueryInput, signal?: AbortSignal): Promise<QueryOutput>;
  /** The system's version for run.json, when it can tell. */
  version?(): Promise<string | undefined>;
  close?(): Promise<void>;
}

/** File patterns of each language name repos.yaml may use. */
export const LANGUAGE_GLOBS: Record<string, string[]> = {
  python: ['*.py', '*.pyi'],
  typescript: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  javascript: ['*.js', '*.jsx', '*.mjs', '*.cjs'],
  go: ['*.go'],
  rust: ['*.rs'],
  java: ['*.java'],
  csharp: ['*.cs'],
  'c#': ['*.cs'],
  ruby: ['*.rb'],
};

export function languageGlobs(languages: string[]): string[] {
  const globs = languages.flatMap((l) => LANGUAGE_GLOBS[l.toLowerCase()] ?? []);
  return globs.length > 0 ? globs : Object.values(LANGUAGE_GLOBS).flat();
}
