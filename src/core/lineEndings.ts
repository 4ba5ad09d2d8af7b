// Fixture edits are written for LF text. A file that uses CRLF keeps it: the edit sees the text
// with LF lines, and its one change is spliced back into the original text with the file's line
// ending, so every byte outside the change stays as it was (a stray lone LF included).
import { edited, Edited } from './problems';
import { textDiff } from './textDiff';

export type LineEnding = '\n' | '\r\n';

/** The line ending a text mostly uses (VS Code's rule): CRLF when it has more CRLFs than lone LFs. */
export function lineEndingOf(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** Apply an edit written for LF text to `text`, keeping its line endings; new lines use the file's. */
export function editKeepingLineEndings(text: string, edit: (lfText: string) => Edited): Edited {
  if (!text.includes('\r\n')) return edit(text);
  const eol = lineEndingOf(text);
  const lf = text.replace(/\r\n/g, '\n');
  const result = edit(lf);
  if (!result.ok) return result;
  const after = result.text;
  if (after === lf) return edited(text);
  const { start, end, text: inserted } = textDiff(lf, after);
  // An offset into the LF text -> the same place in the original: one more for every CR dropped before it.
  const original = (offset: number): number => {
    let dropped = 0;
    for (let i = text.indexOf('\r\n'); i >= 0 && i - dropped < offset; i = text.indexOf('\r\n', i + 2)) dropped++;
    return offset + dropped;
  };
  return edited(text.slice(0, original(start)) + (eol === '\n' ? inserted : inserted.replace(/\n/g, eol)) + text.slice(original(end)));
}
