// One token count for every system (docs/scoring.md#metrics): tiktoken's cl100k_base over the system's output text.
// tiktoken instantiates its WASM (about 5 MB) the moment it is required, so it is required on the
// first count, not at import: every CLI command would otherwise pay ~60-90 ms to start. The
// encoder is then made once and kept.
//
// Counting is linear in the text, and equal to tiktoken's count of the whole text. Whole, tiktoken
// is quadratic in its longest pre-tokenizer piece (one 200 KB line of letters took 53 s) and traps
// on very large inputs. So the text is cut into cl100k's own pieces (cl100kSplit.ts), which BPE
// never merges across: short pieces go to tiktoken a group at a time, or one at a time into a
// cache once seen twice (code repeats its words), and long pieces are merged here (bytePairMerge.ts).
import type { Tiktoken } from 'tiktoken';
import { countLongPiece, MERGE_LIMITS, type MergeLimits } from './bytePairMerge';
import { cl100kPieceEnd, cl100kSafeEnd } from './cl100kSplit';

let encoder: Tiktoken | undefined;

function cl100k(): Tiktoken {
  // A plain require inside the function: esbuild keeps it (tiktoken is external), so it runs late.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  encoder ??= (require('tiktoken') as typeof import('tiktoken')).get_encoding('cl100k_base');
  return encoder;
}

// Ordinary encoding: a system that prints `<|endoftext|>` is counted, not refused.
const tiktokenCount = (text: string): number => cl100k().encode_ordinary(text).length;

/** Where counting changes method, in UTF-16 code units; tests shrink them to reach every path. */
export interface TokenLimits extends MergeLimits {
  /** Text this short goes to tiktoken whole, and pieces this short go to tiktoken: their quadratic cost is small. */
  readonly long: number;
  /** Pieces this short are cached. */
  readonly cached: number;
  /** About how much text goes to tiktoken at once. */
  readonly group: number;
}

export const TOKEN_LIMITS: TokenLimits = { ...MERGE_LIMITS, long: 128, cached: 32, group: 16384 };

const CACHE_SIZE = 1 << 16;
const cache = new Map<string, number>();
const seen = new Set<string>();
const utf8 = new TextEncoder();

/** The number of cl100k_base tokens in text. */
export function countTokens(text: string, limits: TokenLimits = TOKEN_LIMITS): number {
  if (text.length <= limits.long) return tiktokenCount(text);
  let total = 0;
  // Pieces from `group` up to the current one wait to go to tiktoken together; `safe` is the last
  // end among them tiktoken may be given as the end of a text (cl100kSafeEnd).
  let group = 0;
  let safe = 0;
  const countUpTo = (at: number): void => {
    if (safe > group) total += tiktokenCount(text.slice(group, safe));
    // At most two pieces of white space: each alone is cut back into itself.
    for (let from = safe, end = 0; from < at; from = end) {
      end = cl100kPieceEnd(text, from);
      total += tiktokenCount(text.slice(from, end));
    }
    group = safe = at;
  };
  for (let at = 0, end = 0; at < text.length; at = end) {
    end = cl100kPieceEnd(text, at);
    if (end - at > limits.long) {
      countUpTo(at);
      // Lone surrogates become U+FFFD, as on their way into tiktoken's WASM.
      total += countLongPiece(utf8.encode(text.slice(at, end)), limits);
      group = safe = end;
      continue;
    }
    if (end - at <= limits.cached) {
      const piece = text.slice(at, end);
      let count = cache.get(piece);
      if (count === undefined && seen.has(piece)) {
        count = tiktokenCount(piece);
        if (cache.size >= CACHE_SIZE) cache.clear();
        cache.set(piece, count);
      }
      if (count !== undefined) {
        countUpTo(at);
        total += count;
        group = safe = end;
        continue;
      }
      if (seen.size >= CACHE_SIZE) seen.clear();
      seen.add(piece);
    }
    if (cl100kSafeEnd(text, end)) safe = end;
    if (safe - group >= limits.group) countUpTo(safe);
  }
  countUpTo(text.length);
  return total;
}
