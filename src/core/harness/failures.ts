// Failure analysis (docs/scoring.md#a-run-on-disk): for every ground-truth symbol a system did not return in its top K,
// a suggested category with the evidence that suggests it. An answer with no symbols, or none of
// whose names exists at the revision, or that the system warned about, is never *unexplained*:
// its misses are *system degraded* or *unmapped output* (answerHealth.ts). A person's choice (the triage file
// the panel writes) overrides the suggestion; the fixtures are never touched.
import type { MatchResult } from '../scoring/match';
import { answerHealth } from './answerHealth';
import { foldPlural, identifierWords, wordsOf } from '../symbols/words';
import type { RawResult } from './results';
import { FAILURE_CATEGORIES, type FailureCategory } from '../../shared/vocabulary';
import { plural } from '../../shared/figures';

export { FAILURE_CATEGORIES, type FailureCategory };

export interface Miss {
  system: string;
  task: string;
  symbol: string;
  /** Rank at which the system returned it, when below the cut. */
  rank?: number;
  suggested: FailureCategory;
  evidence: string;
  /** Set by a person in triage. */
  category?: FailureCategory;
  confirmed?: boolean;
}

/** How far (in reference hops) each symbol of a revision is from the task's keyword hits. */
export interface HopOracle {
  hopsFromKeywords(task: string, symbol: string): number | undefined;
}

export interface MissContext {
  raw: RawResult;
  match: MatchResult;
  task: string;
  cutoff: number;
  /** Languages the system declares; a symbol in another is a language gap. */
  languages?: string[];
  hops?: HopOracle;
  /** The language a symbol is written in (from the revision's definitions). */
  symbolLanguage?: (symbol: string) => string | undefined;
  /** Lines of the task's repository at its revision, when known (a timeout there may be a scale failure). */
  repositoryLines?: number;
  /** A timeout in a repository of more lines than this is a scale failure (docs/scoring.md#a-run-on-disk: 1M). */
  scaleFailureLines: number;
}

/**
 * What a failed answer's misses are (docs/scoring.md#a-run-on-disk): a timeout in a repository over the run's size is a
 * scale failure (the system degrades on large repositories); any other timeout is a timeout;
 * a crash, a bad exit or an unreadable answer is a system failure. Never a guess about size.
 */
function failedAnswer(c: MissContext): { category: FailureCategory; evidence: string } {
  const why = c.raw.error ?? 'no message';
  if (c.raw.status !== 'timeout') return { category: 'system failure', evidence: `the system failed on ${c.raw.repo}: ${why}` };
  const lines = c.repositoryLines;
  const over = lines !== undefined && lines > c.scaleFailureLines;
  const size = lines === undefined
    ? 'a repository of unknown size'
    : `a repository of ${count(lines)} lines (${over ? 'over' : 'not over'} the run's scale threshold of ${count(c.scaleFailureLines)})`;
  return { category: over ? 'scale failure' : 'timeout', evidence: `the system timed out on ${c.raw.repo}, ${size}: ${why}` };
}

/** The words of a symbol's name: its file's base name and its members (`shop/pricing.apply_discount` -> pricing, apply, discount). */
export function nameWords(symbol: string): string[] {
  return identifierWords(symbol.slice(symbol.lastIndexOf('/') + 1)).map(foldPlural);
}

export function missesOf(c: MissContext): Miss[] {
  const out: Miss[] = [];
  const taskWords = wordsOf(c.task);
  const health = answerHealth(c.raw);
  const said = health.warning ? `; it warned: ${health.warning}` : '';
  c.match.truth.forEach((entry, i) => {
    const rank = c.match.creditedAt[i];
    if (rank !== null && rank <= c.cutoff) return;
    const miss = (suggested: FailureCategory, evidence: string): Miss => (
      { system: c.raw.system, task: c.raw.task, symbol: entry.symbol, ...(rank !== null ? { rank } : {}), suggested, evidence });
    if (c.raw.status !== 'ok') {
      const { category, evidence } = failedAnswer(c);
      out.push(miss(category, evidence));
      return;
    }
    if (rank !== null) {
      out.push(miss('noise overwhelm', `found at rank ${rank}, below K=${c.cutoff}`));
      return;
    }
    // An answer that says nothing about retrieval (answerHealth.ts): its misses are the system's state or an unmapped output.
    if (health.empty) {
      out.push(miss('system degraded', `the system returned no symbols for this task${said}`));
      return;
    }
    if (health.unmapped) {
      out.push(miss('unmapped output', `none of the ${plural(c.raw.names_checked ?? 0, 'name')} the system returned exists at ${c.raw.rev.slice(0, 7)}: `
        + `its output is not mapped to the code's names (check \`parse\`)${said}`));
      return;
    }
    const language = c.symbolLanguage?.(entry.symbol);
    if (c.languages && language && !c.languages.includes(language)) {
      out.push(miss('language gap', `a ${language} symbol; the system declares ${c.languages.join(', ')}`));
      return;
    }
    const words = nameWords(entry.symbol);
    if (!words.some((w) => taskWords.has(w))) {
      out.push(miss('vocabulary miss', `no word of \`${entry.symbol.slice(entry.symbol.lastIndexOf('/') + 1)}\` occurs in the task`));
      return;
    }
    const hops = c.hops?.hopsFromKeywords(c.task, entry.symbol);
    if (hops === undefined || hops > 2) {
      const shared = words.filter((w) => taskWords.has(w));
      out.push(miss('depth miss',
        `shares "${shared.join('", "')}" with the task but is ${hops === undefined ? 'more than 2 hops (or unreachable)' : `${hops} hops`} `
          + 'from every keyword hit'));
      return;
    }
    if (health.warning) {
      out.push(miss('system degraded',
        `shares vocabulary with the task and is ${hops} hop${hops === 1 ? '' : 's'} from a keyword hit; the system warned${said}`));
      return;
    }
    out.push(miss('unexplained', `shares vocabulary with the task and is ${hops} hop${hops === 1 ? '' : 's'} from a keyword hit, yet was not returned`));
  });
  return out;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The top three categories of a system's misses, a person's category counting over the suggestion. */
export function topModes(misses: Miss[], n = 3): { category: FailureCategory; count: number }[] {
  const counts = new Map<FailureCategory, number>();
  for (const m of misses) counts.set(m.category ?? m.suggested, (counts.get(m.category ?? m.suggested) ?? 0) + 1);
  return [...counts.entries()].map(([category, count]) => ({ category, count })).sort(
    (a, b) => b.count - a.count || a.category.localeCompare(b.category)).slice(0, n);
}
