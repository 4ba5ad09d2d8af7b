// Markdown the editor renders (hovers): untrusted text is escaped so it is only ever text, and
// the only links are the ones built here, whose targets are the extension's own commands and
// whose arguments are the extension's own keys. Every ASCII punctuation character is
// backslash-escaped (CommonMark lets any be), so no syntax can start: no link, image, HTML,
// emphasis, heading, list, table, nor a bare URL or e-mail address, which need `:`, `.` or `@`.
// Hovers showing it keep theme icons off: VS Code turns `$(name)` into an icon after rendering,
// even inside a code span.
import { showBidi } from '../../shared/bidi';
import { codeSpan, LINE_BREAKS } from './codeSpan';

/** Untrusted text as Markdown that renders as exactly that text (line breaks as spaces, bidi controls shown). */
export function markdownText(text: string): string {
  return showBidi(text).replace(LINE_BREAKS, ' ').replace(/[!-\/:-@\[-`{-~]/g, '\\$&');
}

/** Untrusted text (a symbol, a path) as a code span no backtick in it can close. */
export function markdownCode(text: string): string {
  return codeSpan(showBidi(text).replace(LINE_BREAKS, ' '));
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A link that runs one of the extension's commands. `args` are keys the command looks up, never
 * names taken from a file, a fixture or a run: a link is only as safe as what it carries. The
 * arguments are percent-encoded, parentheses too, so they cannot end the link's destination.
 */
export function commandLink(title: string, command: string, args: readonly JsonValue[]): string {
  if (!/^[\w.-]+$/.test(command)) throw new RangeError(`not a command id: ${command}`);
  const query = encodeURIComponent(JSON.stringify(args)).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[${markdownText(title)}](command:${command}?${query})`;
}
