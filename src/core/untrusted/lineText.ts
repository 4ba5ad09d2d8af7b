// Untrusted text inside one line of plain text (a report's line, an error naming a bad id): a line
// break in a name would start a line of the text's choosing (`gone  x\nmoved  a -> b`), and a bidi
// control would reorder the rest of the line. Each is shown as its escape, so the line stays one
// line and reads in order, in an editor and on a terminal alike.
import { showBidi, unicodeEscape } from '../../shared/bidi';

/** Line breaks of any kind: what ends a line in an editor or on a terminal. */
const BREAKS = /[\n\r\v\f\u0085\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

/** `text` cut to at most `max` characters, the last an ellipsis where it was cut: a message's room in one line. */
export function clipped(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;
}

/** `text` for the middle of a line: line breaks and bidi controls as escapes (`\n`, `\u202E`). */
export function lineText(text: string): string {
  return showBidi(text).replace(BREAKS, (c) => NAMED[c] ?? unicodeEscape(c));
}
