// The closed lists that the fixture format, the harness and the panel all speak, each with its
// type. They live here, import-free, so the panel's webview (which may import only src/shared)
// names the same words as core; core re-exports each from the module that owns its meaning.

/** A ground-truth entry's confidence (docs/fixture-format.md). */
export const CONFIDENCES = ['HIGH', 'MEDIUM'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** Where a fixture is in the labeling protocol (core/labeling/state.ts decides). */
export const FIXTURE_STATES = ['unlabeled', 'labeled', 'in review', 'disagreements', 'adjudicated'] as const;
export type FixtureState = (typeof FIXTURE_STATES)[number];

/**
 * How a returned name is matched to a ground-truth entry (core/scoring/match.ts, docs/scoring.md).
 * `symbol` first: the default (core/scoring/rules.ts), and the order the CLI and the panel offer them in.
 */
export const MATCH_RULES = ['symbol', 'exact', 'bounded', 'lenient', 'seed'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** How one system's answer to one task ended (core/harness/results.ts). */
export const RUN_STATUSES = ['ok', 'failed', 'timeout', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Why a system missed a ground-truth symbol (core/harness/failures.ts). */
export const FAILURE_CATEGORIES = [
  'noise overwhelm', 'vocabulary miss', 'depth miss', 'language gap', 'scale failure', 'timeout', 'system failure', 'system degraded',
  'unmapped output', 'unexplained'] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

/** The agreement band of a kappa (core/agreement/kappa.ts, bandOf). */
export type Band = 'strong' | 'moderate' | 'weak';

/**
 * What a ground-truth entry and a returned item are compared as (core/scoring/granularity.ts,
 * docs/scoring.md#granularities): the symbol (today's matching), its file, or the lines it owns.
 * `symbol` first: the panel's default.
 */
export const GRANULARITIES = ['symbol', 'file', 'span'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
