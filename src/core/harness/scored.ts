// One raw answer scored against its fixture: what the run's analysis, the panel and the charts
// all start from. Apart from analysis.ts, which writes the charts, so the charts can name it
// without an import cycle.
import type { Fixture } from '../fixtures/model';
import { matchRanking, type MatchResult } from '../scoring/match';
import { scoreMatch, type TaskScore } from '../scoring/metrics';
import type { RawResult, RunInfo } from './results';

export interface ScoredResult {
  raw: RawResult;
  match: MatchResult;
  score: TaskScore;
}

/** Score one raw answer against its fixture. A failed or timed-out answer scores as an empty list. */
export function scoreResult(raw: RawResult, fixture: Fixture, info: Pick<RunInfo, 'match' | 'ks'>, module?: string): ScoredResult {
  const returned = raw.status === 'ok' ? raw.symbols : [];
  const match = matchRanking(returned, fixture.ground_truth, { rule: info.match, module });
  return { raw, match, score: scoreMatch(match, { ks: info.ks, tokens: raw.tokens }) };
}
