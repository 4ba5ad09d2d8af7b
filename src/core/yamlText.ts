// Shared YAML plumbing for reading and editing. Everything is parsed with the failsafe schema:
// every scalar is a string, so a SHA made of digits (`1111111`) or shaped like a float (`12e4`)
// is never turned into a number (notes/yaml-round-trip.md). Numeric fields convert explicitly.
import { Document, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';

export type YamlDoc = Document.Parsed;

export function parseYaml(text: string): { doc: YamlDoc; lines: LineCounter } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  return { doc, lines };
}

/**
 * The first alias (`*name`) of a document as a problem to report, with how many there are.
 * Fixtures and repos.yaml are read node by node and never expanded, so an alias bomb costs
 * nothing; an alias is refused rather than silently read as a missing value.
 */
export function firstAlias(doc: YamlDoc): { offset: number; message: string } | undefined {
  let first: { offset: number; name: string } | undefined;
  let count = 0;
  visit(doc, {
    Alias: (_key, node) => {
      count++;
      first ??= { offset: node.range?.[0] ?? 0, name: node.source };
    },
  });
  if (!first) return undefined;
  const more = count > 1 ? ` (${count} aliases in this file)` : '';
  return { offset: first.offset, message: `\`*${first.name}\` is a YAML alias, which is not read here: write the value out${more}` };
}

/** The pair of `key` in a map, if any. */
export function pairOf(map: YAMLMap, key: string): Pair<Node, Node | null> | undefined {
  return map.items.find((p) => isScalar(p.key) && String(p.key.value) === key) as Pair<Node, Node | null> | undefined;
}

/** A string scalar's value, or undefined for anything else (an empty value included). */
export function stringValue(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  const v = node.value;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** True for an absent value: `key:` with nothing, `~` or `null`. */
export function isEmptyValue(node: unknown): boolean {
  if (node === null || node === undefined) return true;
  if (!isScalar(node)) return false;
  const v = node.value;
  if (v === null || v === '') return true;
  return node.type === 'PLAIN' && (v === '~' || v === 'null' || v === 'Null' || v === 'NULL');
}

/**
 * Where a node's own text ends: the end of its last scalar, not the trailing comments and blank
 * lines the parser attaches to it. Edits insert and delete whole lines up to here.
 */
export function contentEnd(node: Node | Pair | null | undefined): number {
  if (!node) return 0;
  if (isPair(node)) return node.value ? contentEnd(node.value as Node) : contentEnd(node.key as Node);
  if ((isSeq(node) || isMap(node)) && !node.flow && node.items.length > 0) {
    return contentEnd(node.items[node.items.length - 1] as Node | Pair);
  }
  return node.range ? node.range[1] : 0;
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just past the newline that ends the line holding `offset` (or the text's end). */
export function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

export function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

export { isMap, isPair, isScalar, isSeq };
