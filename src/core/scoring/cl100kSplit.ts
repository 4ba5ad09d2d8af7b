// cl100k_base's pre-tokenizer, so token counting can cut text where tiktoken cuts it anyway: BPE
// never merges across these pieces, so counting piece by piece is exact. The pattern is
//   (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
// matched here by hand, alternative by alternative, as Rust's regex crate (inside tiktoken's WASM)
// matches it: leftmost alternative first, each quantifier greedy. Not as a JavaScript RegExp, for
// three reasons: V8 backtracks a 16 MB run of letters through its stack and overflows; \p{L} and
// \p{N} must be the crate's Unicode tables (cl100kClasses.ts), not Node's, whose Unicode version
// differs; and \s is Unicode White_Space (JavaScript's adds U+FEFF and lacks U+0085). Case-folded
// `s` also matches U+017F (ſ), as the crate's simple case folding has it.
import { LETTER, NUMBER } from './cl100kClasses';

// Character classes. \s is WHITE_SPACE or NEWLINE; OTHER is [^\s\p{L}\p{N}].
const OTHER = 0;
const LETTER_CLASS = 1;
const NUMBER_CLASS = 2;
const WHITE_SPACE = 3;
const NEWLINE = 4; // \r or \n

// regex-syntax's perl_space table, less \r and \n.
const SPACES = [0x9, 0x9, 0xb, 0xc, 0x20, 0x20, 0x85, 0x85, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f,
  0x205f, 0x205f, 0x3000, 0x3000];

let classes: Uint8Array | undefined;

/** The class of every code point; lone surrogates are OTHER, like the U+FFFD they become in the WASM. */
function classTable(): Uint8Array {
  if (!classes) {
    const table = new Uint8Array(0x110000);
    const mark = (pairs: readonly number[], value: number): void => {
      for (let i = 0; i < pairs.length; i += 2) table.fill(value, pairs[i], pairs[i + 1] + 1);
    };
    mark(LETTER, LETTER_CLASS);
    mark(NUMBER, NUMBER_CLASS);
    mark(SPACES, WHITE_SPACE);
    table[0x0a] = NEWLINE;
    table[0x0d] = NEWLINE;
    classes = table;
  }
  return classes;
}

function codePointAt(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit < 0xdc00 && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low < 0xe000) return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return unit;
}

const width = (codePoint: number): number => (codePoint > 0xffff ? 2 : 1);

/** Where the run of characters of class `kind` starting at `at` ends. */
function runEnd(text: string, at: number, kind: number, table: Uint8Array): number {
  while (at < text.length) {
    const c = codePointAt(text, at);
    if (table[c] !== kind) break;
    at += width(c);
  }
  return at;
}

/** Where the run of \s (WHITE_SPACE or NEWLINE) starting at `at` ends. */
function spaceRunEnd(text: string, at: number, table: Uint8Array): number {
  while (at < text.length && table[codePointAt(text, at)] >= WHITE_SPACE) at++; // \s is all BMP
  return at;
}

const lower = (unit: number): number => unit | 0x20; // ASCII letters only; callers compare with letters

/** The length of the contraction ('s 't 're 've 'm 'll 'd, any case) at `at`, or 0. */
function contraction(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x27 || at + 1 >= text.length) return 0;
  const first = text.charCodeAt(at + 1);
  if (first === 0x17f) return 2; // ſ folds to s
  if (first > 0x7f) return 0;
  const a = lower(first);
  if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64) return 2; // s t m d
  if (at + 2 >= text.length || text.charCodeAt(at + 2) > 0x7f) return 0;
  const b = lower(text.charCodeAt(at + 2));
  if ((a === 0x72 && b === 0x65) || (a === 0x76 && b === 0x65) || (a === 0x6c && b === 0x6c)) return 3; // re ve ll
  return 0;
}

/** Where the piece of cl100k's pre-tokenizer that starts at `at` (< text.length) ends. */
export function cl100kPieceEnd(text: string, at: number): number {
  const table = classTable();
  const c = codePointAt(text, at);
  const kind = table[c];
  const after = at + width(c);
  const nextKind = after < text.length ? table[codePointAt(text, after)] : -1;
  // (?i:'s|'t|'re|'ve|'m|'ll|'d)
  const contracted = contraction(text, at);
  if (contracted > 0) return at + contracted;
  // [^\r\n\p{L}\p{N}]?\p{L}+
  if (kind === LETTER_CLASS) return runEnd(text, at, LETTER_CLASS, table);
  if ((kind === OTHER || kind === WHITE_SPACE) && nextKind === LETTER_CLASS) return runEnd(text, after, LETTER_CLASS, table);
  // \p{N}{1,3}
  if (kind === NUMBER_CLASS) {
    let end = after;
    for (let n = 1; n < 3 && end < text.length; n++) {
      const d = codePointAt(text, end);
      if (table[d] !== NUMBER_CLASS) break;
      end += width(d);
    }
    return end;
  }
  //  ?[^\s\p{L}\p{N}]+[\r\n]*
  if (kind === OTHER || (c === 0x20 && nextKind === OTHER)) {
    const end = runEnd(text, c === 0x20 ? after : at, OTHER, table);
    return runEnd(text, end, NEWLINE, table);
  }
  // What is left starts a run of \s. \s*[\r\n]+ takes it up to its last newline, if it has one.
  const end = spaceRunEnd(text, at, table);
  for (let i = end - 1; i >= at; i--) if (table[text.charCodeAt(i)] === NEWLINE) return i + 1;
  // \s+(?!\S): all of it at the end of the text, else all but its last character.
  if (end === text.length || end - at >= 2) return end === text.length ? end : end - 1;
  // \s+
  return end;
}

/**
 * Whether tiktoken, given the text only up to `end` (where a piece ends), cuts it into the same
 * pieces as the whole text. Only the lookahead in \s+(?!\S) reads past a piece, so only a run of
 * spaces reaching `end` can read differently: at the end of a text the run is one piece, before
 * more text its last character is left out. A run ending in a newline ends the same either way.
 */
export function cl100kSafeEnd(text: string, end: number): boolean {
  return end === text.length || classTable()[text.charCodeAt(end - 1)] !== WHITE_SPACE;
}
