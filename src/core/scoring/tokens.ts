// One token count for every system (§5.5): tiktoken's cl100k_base over the system's output text.
// The encoder is WASM and takes ~100 ms to load, so it loads once, on first use.
import { get_encoding, Tiktoken } from 'tiktoken';

let encoder: Tiktoken | undefined;

export function countTokens(text: string): number {
  encoder ??= get_encoding('cl100k_base');
  // Ordinary encoding: a system that prints `<|endoftext|>` is counted, not refused.
  return encoder.encode_ordinary(text).length;
}
