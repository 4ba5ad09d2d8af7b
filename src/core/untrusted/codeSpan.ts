// What hovers and reports share: a Markdown code span no text can close, and the line breaks
// that would end one (or a paragraph, starting a block of the text's choosing).

export const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;

/**
 * `text` (one line) as a code span, where nothing is parsed: fenced by one backtick more than
 * the longest run inside, and padded with a space each side when it starts or ends with a
 * backtick or a space (CommonMark strips one each side again), so no backtick joins the fence.
 */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text === '' || /^[ `]|[ `]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
