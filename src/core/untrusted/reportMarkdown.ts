// Markdown files others render (FINDINGS.md, failure-analysis.md, labeling-report.md): ids,
// symbols, reasons, evidence and errors from fixtures and systems are escaped so they stay text
// on GitHub, in VS Code's preview or any other renderer, while the file still reads well as
// plain text. `|` would split a table cell, `<` start HTML, `[` a link or image, a backtick a
// code span. A word that a renderer could link by itself (a URL, `www.`, an e-mail address, a
// dotted name such as `example.com`, which markdown-it's linkify links) is set in a code span,
// where nothing is linked. Bidi controls, which would reorder the text around them, are dropped.
import { stripBidi } from '../../shared/bidi';
import { codeSpan, LINE_BREAKS } from './codeSpan';

/** Emphasis, strikethrough, links, HTML, code, tables, entities and headings, and the escape itself. */
const SYNTAX = /[\\`*_~[\]<>|&#]/g;

/** A run GFM autolinks or linkify links fuzzily: a scheme, `www.`, an address, a dot before a letter. */
const LINKABLE = /:\/\/|^(?:www\.|mailto:|xmpp:)|@|\.[a-z]/i;

/**
 * Untrusted text in a report's prose or a table cell: one line, escaped; text quoted in
 * backticks (evidence quotes names so) and linkable words set as code.
 */
export function reportText(text: string): string {
  const pieces: { code: boolean; text: string }[] = [];
  for (const [piece] of stripBidi(text).replace(LINE_BREAKS, ' ').matchAll(/`[^`|]+`|[^\s|`]+|[\s|]+|`+/g)) {
    const quoted = /^`[^`|]+`$/.test(piece);
    const next = quoted ? { code: true, text: piece.slice(1, -1) } : /^[\s|`]/.test(piece) ? {
      code: false, text: piece.replace(/[|`]/g, '\\$&') } : LINKABLE.test(piece) ? { code: true, text: piece } : {
        code: false, text: piece.replace(SYNTAX, '\\$&') };
    // Two code spans side by side would make one backtick run of their fences: one span instead.
    const last = pieces.at(-1);
    if (last?.code && next.code) last.text += next.text;
    else pieces.push(next);
  }
  const out = pieces.map((p) => (p.code ? codeSpan(p.text) : p.text)).join('');
  // At the start of a list item's text these would open a nested list, a heading or a rule.
  return out.replace(/^(?:[-+=]|\d{1,9}(?=[.)]))/, (m) => (/\d/.test(m) ? `${m}\\` : `\\${m}`));
}

/**
 * Untrusted text as a code span (symbols, ids). In a table cell (`cell`) `|` is escaped too:
 * GFM splits cells before it reads code spans, and shows `\|` inside one as `|`.
 */
export function reportCode(text: string, options: { cell?: boolean } = {}): string {
  const flat = stripBidi(text).replace(LINE_BREAKS, ' ');
  return codeSpan(options.cell ? flat.replace(/\|/g, '\\|') : flat);
}
