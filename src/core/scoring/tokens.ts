// One token count for every system (docs/scoring.md#metrics): cl100k_base's, equal to tiktoken's
// count of the whole text. The text is cut into cl100k's own pieces (cl100kSplit.ts), which
// byte-pair merges never cross, and each piece is merged here (bytePairMerge.ts) by tiktoken's rule
// with the ranks tiktoken's package ships; tiktoken itself is the reference the tests count against.
//
// Why not tiktoken at run time: building its encoder costs 0.3-0.6 s of CPU in every process that
// counts (a third of a one-fixture run; docs/performance.md), and whole it is quadratic in its
// longest piece (one 200 KB line of letters took 53 s) and traps on very large inputs. Why not
// gpt-tokenizer or js-tiktoken, which start faster: neither counts as tiktoken does on hostile
// text (their JavaScript pre-tokenizers differ from the regex crate's), measured in
// docs/performance.md. Loading the ranks here takes a few ms; counting is linear in the text.
import { countPiece, MERGE_LIMITS, type MergeLimits } from './bytePairMerge';
import { cl100kPieceEnd } from './cl100kSplit';

/** Where counting changes method, in UTF-16 code units; tests shrink them to reach every path. */
export interface TokenLimits extends MergeLimits {
  /** Pieces this short are cached: code repeats its words. */
  readonly cached: number;
}

export const TOKEN_LIMITS: TokenLimits = { ...MERGE_LIMITS, cached: 32 };

const CACHE_SIZE = 1 << 16;
const cache = new Map<string, number>();
const utf8 = new TextEncoder();

/** The number of cl100k_base tokens in text (special-token text such as `<|endoftext|>` counted as ordinary text). */
export function countTokens(text: string, limits: TokenLimits = TOKEN_LIMITS): number {
  let total = 0;
  for (let at = 0, end = 0; at < text.length; at = end) {
    end = cl100kPieceEnd(text, at);
    // Lone surrogates become U+FFFD, as on their way into tiktoken's WASM.
    if (end - at > limits.cached) {
      total += countPiece(utf8.encode(text.slice(at, end)), limits);
      continue;
    }
    const piece = text.slice(at, end);
    let count = cache.get(piece);
    if (count === undefined) {
      count = countPiece(utf8.encode(piece), limits);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(piece, count);
    }
    total += count;
  }
  return total;
}
