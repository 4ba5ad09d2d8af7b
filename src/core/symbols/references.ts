// Names a file uses, each marked as a call, a type, or any other identifier. Names, not
// resolutions: the neighbours of a change are found by name within the repository (docs/fixture-format.md#default-candidates),
// which is what a labeler does with grep, made systematic.
import type { Node } from 'web-tree-sitter';
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
  return withTree(language, text, (tree) => {
    const out: Reference[] = [];
    for (const node of tree.rootNode.descendantsOfType(IDENTIFIER_TYPES)) {
      if (!node?.isNamed) continue;
      const kind = kindOf(node);
      if (kind) out.push({ name: node.text, line: node.startPosition.row + 1, column: node.startPosition.column, kind });
    }
    return out;
  });
}

/** The reference at a position (1-based line, 0-based column), for hovers and "label at cursor". */
export function referenceAt(refs: Reference[], line: number, column: number): Reference | undefined {
  return refs.find((r) => r.line === line && r.column <= column && column <= r.column + r.name.length);
}

function kindOf(node: Node): ReferenceKind | undefined {
  const parent = node.parent;
  if (!parent) return 'identifier';
  if (isDefinitionName(node, parent)) return undefined;
  if (callee(parent)?.equals(node)) return 'call';
  const member = MEMBERS[parent.type];
  if (member && parent.childForFieldName(member)?.equals(node)) {
    const grand = parent.parent;
    if (grand && callee(grand)?.equals(parent)) return 'call';
  }
  if (node.type === 'type_identifier' || node.type === 'constant') return 'type';
  if (TYPE_CONTEXTS.has(parent.type) || parent.parent?.type === 'type_annotation' || inAnnotation(parent)) return 'type';
  if (parent.type === 'argument_list' && parent.parent?.type === 'class_definition') return 'type'; // Python bases
  return 'identifier';
}

/** Nodes a type annotation is built of: `t.Iterable[str]`, `dict[str, t.Any]`, `Array<Foo.Bar>`. */
const TYPE_PARTS = new Set([
  'attribute', 'subscript', 'generic_type', 'type_arguments', 'type_parameter', 'member_expression', 'nested_type_identifier', 'qualified_type',
  'union_type', 'binary_operator', 'tuple', 'list', 'slice', 'expression_list']);

/** Is `node` part of a type annotation (`names: t.Iterable[str] = ...`): types, never data. */
function inAnnotation(node: Node): boolean {
  let at: Node | null = node;
  for (let depth = 0; at && depth < 8; depth++) {
    if (TYPE_CONTEXTS.has(at.type) || at.type === 'type_annotation') return true;
    if (!TYPE_PARTS.has(at.type)) return false;
    at = at.parent;
  }
  return false;
}

function callee(node: Node): Node | null | undefined {
  if (node.type === 'call' && node.childForFieldName('method')) return node.childForFieldName('method'); // Ruby
  const field = CALLS[node.type];
  return field ? node.childForFieldName(field) : undefined;
}

const DEFINITION_PARENTS = /(_definition|_declaration|_item|_spec|_signature|^class$|^module$|^method$|^singleton_method$|^type_alias$|^method_elem$)/;

function isDefinitionName(node: Node, parent: Node): boolean {
  return DEFINITION_PARENTS.test(parent.type) && parent.childForFieldName('name')?.equals(node) === true;
}
