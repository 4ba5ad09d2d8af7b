// One token count for every system (§5.5): tiktoken's cl100k_base over the system's output text.
// tiktoken instantiates its WASM (about 5 MB) the moment it is required, so it is required on the
// first count, not at import: every CLI command would otherwise pay ~60-90 ms to start. The
// encoder is then made once and kept.
//
// Counting is linear in the text, and equal to tiktoken's count of the whole text. Whole, tiktoken
// is quadratic in its longest pre-tokenizer piece (one 200 KB line of letters took 53 s) and traps
// on very large inputs. So the text is cut into cl100k's own pieces (cl100kSplit.ts), which BPE
// never merges across: a short piece goes to tiktoken alone (each piece alone is pre-tokenized back
// into itself) or comes from a cache of short pieces, a long one is merged here (bytePairMerge.ts).
import type { Tiktoken } from 'tiktoken';
import { countLongPiece, MERGE_LIMITS, type MergeLimits } from './bytePairMerge';
import { cl100kPieceEnd } from './cl100kSplit';

let encoder: Tiktoken | undefined;

function cl100k(): Tiktoken {
  // A plain require inside the function: esbuild keeps it (tiktoken is external), so it runs late.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  encoder ??= (require('tiktoken') as typeof import('tiktoken')).get_encoding('cl100k_base');
  return encoder;
}

/** Where counting changes method, in UTF-16 code units; tests shrink them to reach every path. */
export interface TokenLimits extends MergeLimits {
  /** Text this short goes to tiktoken whole, and so does a piece this short: its quadratic cost is small. */
  readonly long: number;
  /** Pieces this short are cached: code repeats its words. */
  readonly cached: number;
}

export const TOKEN_LIMITS: TokenLimits = { ...MERGE_LIMITS, long: 128, cached: 32 };

const CACHE_SIZE = 1 << 16;
const cache = new Map<string, number>();
const utf8 = new TextEncoder();

/** The number of cl100k_base tokens in text. */
export function countTokens(text: string, limits: TokenLimits = TOKEN_LIMITS): number {
  // Ordinary encoding: a system that prints `<|endoftext|>` is counted, not refused.
  if (text.length <= limits.long) return cl100k().encode_ordinary(text).length;
  let total = 0;
  for (let at = 0, end = 0; at < text.length; at = end) {
    end = cl100kPieceEnd(text, at);
    const piece = text.slice(at, end);
    if (piece.length > limits.long) {
      // Lone surrogates become U+FFFD, as on their way into tiktoken's WASM.
      total += countLongPiece(utf8.encode(piece), limits);
    } else if (piece.length > limits.cached) {
      total += cl100k().encode_ordinary(piece).length;
    } else {
      let count = cache.get(piece);
      if (count === undefined) {
        count = cl100k().encode_ordinary(piece).length;
        if (cache.size >= CACHE_SIZE) cache.clear();
        cache.set(piece, count);
      }
      total += count;
    }
  }
  return total;
}
