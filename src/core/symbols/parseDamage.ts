// Where tree-sitter could not read a file: an error it did not recover from within its own line.
// tree-sitter recovers from most syntax errors locally (hono's `export type *` lines lose nothing),
// but some swallow the lines after them into one ERROR node, or leave a block unclosed to the end
// of the file: the definitions there are then missing or named inside another, so a label on one
// reads as "not defined" and a system's correct answer as unmapped. This finds the first such error,
// so every place that reads those definitions can say so instead of a silent zero.
import type { Node, Tree } from 'web-tree-sitter';

export interface ParseDamage {
  /** 1-based line of the first error whose effect reaches past its own line. */
  line: number;
  /** How many lines after that line the error covers: definitions there may be missing or misnamed. */
  lines: number;
}

/** A line that can hold no definition: blank, closing punctuation, a comment. */
const INERT = /^(?:[\s)\]};,]*|\s*(?:\/\/|#|\/\*|\*).*)$/;

/** The first error of `tree` that covers more than its own line with code; undefined when there is none. */
export function parseDamage(tree: Tree, text: string): ParseDamage | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const lines = text.split('\n');
  const holdsCode = (from: number, to: number) => lines.slice(from, to + 1).some((l) => !INERT.test(l));
  const end = text.trimEnd().length;
  let found: ParseDamage | undefined;
  // Only subtrees holding an error are walked (hasError), in document order.
  const visit = (node: Node): boolean => {
    let region: [number, number] | undefined;
    if (node.isError) region = [node.startPosition.row, node.endPosition.row];
    // A closer supplied at the end of the file: the block it closes swallowed everything after its start.
    else if (node.isMissing && node.startIndex >= end && node.parent) region = [node.parent.startPosition.row, node.startPosition.row];
    if (region && region[1] > region[0] && holdsCode(region[0] + 1, region[1])) {
      found = { line: region[0] + 1, lines: region[1] - region[0] };
      return true;
    }
    for (const child of node.children) if (child && (child.hasError || child.isMissing) && visit(child)) return true;
    return false;
  };
  visit(tree.rootNode);
  return found;
}

/** The damage in words, after the file's path: where the error is and what may be lost. */
export function damageText(file: string, d: ParseDamage): string {
  return `${file}:${d.line} has a syntax error tree-sitter could not recover from: definitions in the ${d.lines} line${d.lines === 1 ? '' : 's'} `
    + `after it may be missing or named inside another`;
}
