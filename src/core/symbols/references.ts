// Names a file uses, each marked as a call, a type, or any other identifier. Names, not
// resolutions: the neighbours of a change are found by name within the repository (docs/fixture-format.md#default-candidates),
// which is what a labeler does with grep, made systematic.
import type { Language, Node } from 'web-tree-sitter';
import { entryOf, isInt, readEntry, writeEntry } from './extractCache';
import { languageOf } from './languages';
import { withTree } from './parser';

export type ReferenceKind = 'call' | 'type' | 'identifier';

export interface Reference {
  name: string;
  /** 1-based line, 0-based UTF-16 column. */
  line: number;
  column: number;
  kind: ReferenceKind;
}

const IDENTIFIER_TYPES = ['identifier', 'type_identifier', 'property_identifier', 'field_identifier', 'constant'];

/** Nodes that call something, and the field holding what they call. */
const CALLS: Record<string, string> = {
  call_expression: 'function', // TS/JS, Go, Rust
  call: 'function', // Python (Ruby's `call` uses `method`, checked below)
  new_expression: 'constructor',
  method_invocation: 'name', // Java
  object_creation_expression: 'type', // Java, C#
  invocation_expression: 'function', // C#
  macro_invocation: 'macro',
};

/** Nodes that reach a member, and the field naming the member. */
const MEMBERS: Record<string, string> = {
  member_expression: 'property',
  selector_expression: 'field',
  attribute: 'attribute',
  field_expression: 'field',
  scoped_identifier: 'name',
  member_access_expression: 'name',
  generic_name: 'name',
};

/** Nodes whose identifiers are types wherever they appear. */
const TYPE_CONTEXTS = new Set(['type', 'type_annotation', 'superclasses', 'superclass', 'class_heritage', 'extends_clause', 'implements_clause', 'base_list']);

/** Every identifier use in the file, in document order; the names of definitions themselves excluded. */
export async function referencesOf(path: string, text: string): Promise<Reference[]> {
  const language = languageOf(path);
  if (!language) return [];
  // Kept on disk by the text's hash when the process keeps them (extractCache.ts): no grammar, no parse.
  const entry = entryOf('references', language, text);
  const kept = entry && decodeReferences(readEntry(entry));
  if (kept) return kept;
  const refs = await withTree(language, text, (tree) => {
    const out: Reference[] = [];
    const mayBeAnonymous = anonymousIdentifiers(tree.language);
    for (const node of tree.rootNode.descendantsOfType(IDENTIFIER_TYPES)) {
      if (!node || (mayBeAnonymous && !node.isNamed)) continue;
      const kind = kindOf(node);
      if (kind) out.push({ name: node.text, line: node.startPosition.row + 1, column: node.startPosition.column, kind });
    }
    return out;
  });
  if (entry) writeEntry(entry, encodeReferences(refs));
  return refs;
}

/**
 * Does the grammar have an anonymous node (a keyword) spelled as one of IDENTIFIER_TYPES? Only then
 * must each node found be asked whether it is named: a call into WebAssembly for every identifier.
 */
function anonymousIdentifiers(language: Language): boolean {
  let known = anonymousIn.get(language);
  if (known === undefined) {
    known = language.types.some((type, id) => IDENTIFIER_TYPES.includes(type) && !language.nodeTypeIsNamed(id));
    anonymousIn.set(language, known);
  }
  return known;
}

const anonymousIn = new WeakMap<Language, boolean>();

/** The reference at a position (1-based line, 0-based column), for hovers and "label at cursor". */
export function referenceAt(refs: Reference[], line: number, column: number): Reference | undefined {
  return refs.find((r) => r.line === line && r.column <= column && column <= r.column + r.name.length);
}

// Each `type` and `parent` of a node is a call into WebAssembly: read once per node and passed on.
function kindOf(node: Node): ReferenceKind | undefined {
  const parent = node.parent;
  if (!parent) return 'identifier';
  const parentType = parent.type;
  if (isDefinitionName(node, parent, parentType)) return undefined;
  if (callee(parent, parentType)?.equals(node)) return 'call';
  let grand: Node | null | undefined;
  const grandparent = () => (grand === undefined ? (grand = parent.parent) : grand);
  const member = MEMBERS[parentType];
  if (member && parent.childForFieldName(member)?.equals(node)) {
    const g = grandparent();
    if (g && callee(g, g.type)?.equals(parent)) return 'call';
  }
  const type = node.type;
  if (type === 'type_identifier' || type === 'constant') return 'type';
  if (TYPE_CONTEXTS.has(parentType)) return 'type';
  const g = grandparent();
  const grandType = g?.type;
  if (grandType === 'type_annotation' || inAnnotation(parentType, g, grandType)) return 'type';
  if (parentType === 'argument_list' && grandType === 'class_definition') return 'type'; // Python bases
  return 'identifier';
}

/** Nodes a type annotation is built of: `t.Iterable[str]`, `dict[str, t.Any]`, `Array<Foo.Bar>`. */
const TYPE_PARTS = new Set([
  'attribute', 'subscript', 'generic_type', 'type_arguments', 'type_parameter', 'member_expression', 'nested_type_identifier', 'qualified_type',
  'union_type', 'binary_operator', 'tuple', 'list', 'slice', 'expression_list']);

/**
 * Is the parent of a use (its type `parentType`, its own parent `grand`, of type `grandType`, read
 * already) part of a type annotation (`names: t.Iterable[str] = ...`): types, never data. Up to 8 levels.
 */
function inAnnotation(parentType: string, grand: Node | null, grandType: string | undefined): boolean {
  if (TYPE_CONTEXTS.has(parentType) || parentType === 'type_annotation') return true;
  if (!TYPE_PARTS.has(parentType)) return false;
  let at: Node | null = grand;
  for (let depth = 1; at && depth < 8; depth++) {
    const type = depth === 1 ? grandType! : at.type;
    if (TYPE_CONTEXTS.has(type) || type === 'type_annotation') return true;
    if (!TYPE_PARTS.has(type)) return false;
    at = at.parent;
  }
  return false;
}

function callee(node: Node, type: string): Node | null | undefined {
  const method = type === 'call' ? node.childForFieldName('method') : null; // Ruby
  if (method) return method;
  const field = CALLS[type];
  return field ? node.childForFieldName(field) : undefined;
}

const DEFINITION_PARENTS = /(_definition|_declaration|_item|_spec|_signature|^class$|^module$|^method$|^singleton_method$|^type_alias$|^method_elem$)/;

function isDefinitionName(node: Node, parent: Node, parentType: string): boolean {
  return DEFINITION_PARENTS.test(parentType) && parent.childForFieldName('name')?.equals(node) === true;
}

const REFERENCE_KINDS: readonly ReferenceKind[] = ['call', 'type', 'identifier'];

/** A file's references as one flat list: name, line, column, kind. */
function encodeReferences(refs: Reference[]): unknown[] {
  const flat: unknown[] = [];
  for (const r of refs) flat.push(r.name, r.line, r.column, REFERENCE_KINDS.indexOf(r.kind));
  return flat;
}

/** The references `encodeReferences` kept; undefined for anything else. */
function decodeReferences(data: unknown): Reference[] | undefined {
  if (!Array.isArray(data) || data.length % 4 !== 0) return undefined;
  const flat = data as unknown[];
  const refs: Reference[] = [];
  for (let i = 0; i < flat.length; i += 4) {
    const [name, line, column, kind] = [flat[i], flat[i + 1], flat[i + 2], flat[i + 3]];
    if (typeof name !== 'string' || !isInt(line) || !isInt(column) || !isInt(kind) || REFERENCE_KINDS[kind] === undefined) return undefined;
    refs.push({ name, line, column, kind: REFERENCE_KINDS[kind] });
  }
  return refs;
}
