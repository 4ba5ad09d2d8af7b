// The matching rules' names, on their own (no imports) so the panel's webview can check a run
// message against them without bundling the matcher. What each rule does: match.ts, docs/scoring.md.

/** `symbol` first: the default, and the order the CLI and the panel offer them in. */
export const MATCH_RULES = ['symbol', 'exact', 'bounded', 'lenient', 'seed'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];
export const DEFAULT_MATCH_RULE: MatchRule = 'symbol';
