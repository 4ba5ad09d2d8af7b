// Bidirectional controls reorder the text shown around them: after U+202E (RIGHT-TO-LEFT
// OVERRIDE) `cod.exe` can read as `exe.doc`. Text from fixtures, repositories and systems shows
// them as visible escapes where a person reads it (the panel, messages, hovers) and loses them
// in Markdown reports, which other tools render.

/** The embedding, override and isolate controls and the implicit marks (ALM, LRM, RLM). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A character as the six characters of its escape, e.g. `\u202E`: how every sink shows a control it will not pass on. */
export function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Each bidi control as the six characters of its escape, e.g. `\u202E`. */
export function showBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, unicodeEscape);
}

export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
