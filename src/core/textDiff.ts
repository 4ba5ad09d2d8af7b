// The one change between two texts, as offsets into the old one: what an editor needs to apply an
// edit function's result as a single TextEdit, so undo restores the file byte for byte.

export interface Splice {
  start: number;
  end: number;
  text: string;
}

export function textDiff(before: string, after: string): Splice {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < max - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  ) tail++;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
