// One token count for every system (§5.5): tiktoken's cl100k_base over the system's output text.
// tiktoken instantiates its WASM (about 5 MB) the moment it is required, so it is required on the
// first count, not at import: every CLI command would otherwise pay ~60-90 ms to start. The
// encoder is then made once and kept.
import type { Tiktoken } from 'tiktoken';

let encoder: Tiktoken | undefined;

function cl100k(): Tiktoken {
  // A plain require inside the function: esbuild keeps it (tiktoken is external), so it runs late.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  encoder ??= (require('tiktoken') as typeof import('tiktoken')).get_encoding('cl100k_base');
  return encoder;
}

/** The number of cl100k_base tokens in text. */
export function countTokens(text: string): number {
  // Ordinary encoding: a system that prints `<|endoftext|>` is counted, not refused.
  return cl100k().encode_ordinary(text).length;
}
