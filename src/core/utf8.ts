// Fixtures are UTF-8. Decoding bytes that are not turns them into U+FFFD, and writing that text
// back would destroy them silently, so every edit decodes strictly and refuses instead, naming the
// place of the first bad byte the way every other problem is named (`path:line:col: error: ...`).
import { isUtf8 } from 'node:buffer';
import { ProblemError } from './problems';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export const NOT_UTF8 = 'not valid UTF-8';

/**
 * The offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode table
 * 3-7: no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence), or -1.
 */
export function invalidUtf8At(bytes: Uint8Array): number {
  // Node's native check (the same table) answers the common case: a byte loop here cost a blob
  // reader about 10 ms of CPU per megabyte of source.
  if (isUtf8(bytes)) return -1;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= n) return i;
    const second = bytes[i + 1];
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return -1;
}

/** The text of UTF-8 bytes, byte for byte (a BOM stays); bytes that are not UTF-8 are refused at their place. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return strict.decode(bytes);
  } catch {
    const at = invalidUtf8At(bytes);
    let line = 1;
    let start = 0;
    for (let i = 0; i < at; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        start = i + 1;
      }
    }
    // Columns count UTF-16 units, as the editor's and the YAML parser's positions do.
    const col = strict.decode(bytes.subarray(start, at)).length + 1;
    throw new ProblemError({ file, line, col, severity: 'error', code: 'not-utf8', message: NOT_UTF8 });
  }
}
