// A system's answer to one task as a run records it (raw/<system>/<task>.json, see
// harness/results.ts), and that answer scored against its fixture: what the run's analysis, the
// panel and the charts all start from. Below all three, so each can name it.
import type { Fixture } from '../fixtures/model';
import type { RunStatus } from '../../shared/vocabulary';
import { matchRanking, type MatchResult } from './match';
import { scoreMatch, type TaskScore } from './metrics';
import type { MatchRule } from './rules';

export interface RawResult {
  system: string;
  task: string;
  repo: string;
  tier?: string;
  /** The revision the task ran at. */
  rev: string;
  budget: number;
  /**
   * The task text the system was given (the fixture's `task` as it ran): a replay refuses to score
   * a recording made for another text. Absent in answers recorded before it was kept, and in a
   * TREC run's (import-trec), which do not say it.
   */
  task_text?: string;
  status: RunStatus;
  error?: string;
  /** The system's whole output: what tokens are counted on. */
  output: string;
  /** The output passed the system's cap (`max_output_mb`, default 16 MB): `output` is its head. */
  truncated?: boolean;
  /** Ranked symbols as the system named them. */
  symbols: string[];
  /**
   * The system's own score of each symbol, aligned with `symbols`, when it reports them (bm25 does;
   * a JSON system through parse.scores): what tells a tie across the cut at K (pooling.ts).
   */
  scores?: number[];
  tokens: number;
  reported_tokens?: number;
  timings: { index_ms?: number; cold_ms?: number; warm_ms?: number[]; warm_median_ms?: number };
  stderr?: string;
  /** Its tokens passed `budget` (recorded on every ok answer; harness/answerHealth.ts): the system did not keep to the budget. */
  over_budget?: boolean;
  /** The system's own warning: a `warning` field of its JSON output, or a stderr line reporting a problem. */
  warning?: string;
  /** Distinct names of `symbols` checked against the code at `rev` (validate's resolution), and those that exist there. */
  names_checked?: number;
  names_resolved?: number;
  /**
   * Files not read whole (a syntax error tree-sitter did not recover from) or read in a guessed
   * encoding, where names of `symbols` that are not defined at `rev` would be, one line each: those
   * names may be right.
   */
  names_unparsed?: string[];
  /** A few of the names of `symbols` not defined at `rev`, as the system gave them (the first five distinct). */
  names_missing?: string[];
  /** How many distinct names of `symbols` are a file's name rather than a definition in it. */
  names_files?: number;
  /** An ok answer that says nothing about retrieval: no symbols, or none of its names exists at `rev`. */
  health?: 'empty' | 'unmapped';
  /** Where the answer came from: this run, or a recording replayed. */
  source: 'run' | 'replay';
  finished_at: string;
}

export interface ScoredResult {
  raw: RawResult;
  match: MatchResult;
  score: TaskScore;
}

/** Score one raw answer against its fixture (under the run's match rule and cutoffs). A failed or timed-out answer scores as an empty list. */
export function scoreResult(raw: RawResult, fixture: Fixture, info: { match: MatchRule; ks: number[] }, module?: string): ScoredResult {
  const returned = raw.status === 'ok' ? raw.symbols : [];
  const match = matchRanking(returned, fixture.ground_truth, { rule: info.match, module });
  return { raw, match, score: scoreMatch(match, { ks: info.ks, tokens: raw.tokens }) };
}
