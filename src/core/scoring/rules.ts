// The matching rules: their names are in src/shared/vocabulary.ts (the panel's webview checks a
// run message against them without bundling the matcher); the default is core's choice. What each
// rule does: match.ts, docs/scoring.md.
import { MATCH_RULES, type MatchRule } from '../../shared/vocabulary';

export { MATCH_RULES, type MatchRule };
export const DEFAULT_MATCH_RULE: MatchRule = 'symbol';
