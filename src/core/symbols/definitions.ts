// Definitions in a file, named as docs/fixture-format.md#symbol-names says: `<file path without extension>.<Outer>.<Inner>`.
// One tree-sitter query per file (`descendantsOfType`) finds every candidate node; nesting comes
// from their ranges, so no JavaScript walks the whole tree (see test/bench/symbols.bench.mjs).
import type { Node } from 'web-tree-sitter';
import { SYMBOL_KINDS, type SymbolKind } from './kinds';
import { entryOf, isInt, readEntry, writeEntry } from './extractCache';
import { LanguageId, languageOf } from './languages';
import { type ParseDamage, parseDamage } from './parseDamage';
import { withTree } from './parser';

export type { SymbolKind } from './kinds';

export interface Definition {
  /** The qualified name, e.g. `src/flask/app.Flask.make_response`. */
  symbol: string;
  /** The last segment: what code calls it by. */
  name: string;
  kind: SymbolKind;
  /** 1-based, inclusive; decorators and attributes written on the definition count. */
  startLine: number;
  endLine: number;
  /** Where the name is written: 1-based line, 0-based UTF-16 column (as editors count). */
  nameLine: number;
  nameColumn: number;
  /** The qualified name of the enclosing definition (or Rust impl / Go receiver type). */
  parent?: string;
  /**
   * An instance attribute (`self.root_path = root_path`, `this.timeout = t`): the method whose
   * assignment defines it. Its lines are that method's code too: the method runs them.
   */
  assignedIn?: string;
}

/** What a rule finds at a node: one definition, or a scope that only qualifies what it holds. */
interface Found {
  name: string;
  kind: SymbolKind | 'scope';
  /** The node whose range the definition covers (defaults to the matched node). */
  range?: Node;
  nameNode: Node;
  /** Qualifier that replaces the nesting, for Go methods (their receiver type). */
  qualifier?: string;
  /**
   * Fields this definition assigns on its object beside itself, in its own scope: a TypeScript
   * constructor's parameter properties (`constructor(private readonly root: string)`), each
   * defined at its parameter.
   */
  properties?: { nameNode: Node; range: Node }[];
}

interface Scope {
  name: string;
  kind: SymbolKind | 'scope';
  /** The matched node's range. */
  start: number;
  end: number;
  symbol: string;
}

type Rule = (node: Node, scope: Scope | undefined) => Found[];

const CLASS_LIKE = new Set<string>(['class', 'struct', 'interface', 'trait', 'enum', 'scope']);
const CODE_BLOCK = new Set<string>(['function', 'method']);

/** `function` inside a class-like scope is a method; everywhere else a function (or closure). */
function callable(scope: Scope | undefined, moduleHoldsMethods = false): SymbolKind {
  if (!scope) return 'function';
  return CLASS_LIKE.has(scope.kind) || (moduleHoldsMethods && scope.kind === 'module') ? 'method' : 'function';
}

const atDeclarationLevel = (scope: Scope | undefined) => !scope || !CODE_BLOCK.has(scope.kind);

function named(node: Node, kind: SymbolKind | 'scope', field = 'name', range?: Node): Found[] {
  const nameNode = node.childForFieldName(field);
  return nameNode ? [{ name: nameNode.text, kind, nameNode, range }] : [];
}

function simple(kind: SymbolKind): Rule {
  return (node) => named(node, kind);
}

function callableRule(moduleHoldsMethods = false): Rule {
  return (node, scope) => named(node, callable(scope, moduleHoldsMethods));
}

const UPPER_CASE = /^[A-Z][A-Z0-9_]*$/;
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/** The innermost type name of a Go receiver or Rust impl type: `*Queue[T]` -> `Queue`. */
function baseTypeName(node: Node | null): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'type_identifier') return node;
  const inner = node.childForFieldName('type') ?? node.childForFieldName('name') ?? node.namedChildren.find((c) => c !== null && /type/.test(c.type));
  return inner && inner !== node ? baseTypeName(inner) : undefined;
}

const ecmaRules: Record<string, Rule> = {
  class_declaration: simple('class'),
  abstract_class_declaration: simple('class'),
  class: simple('class'),
  interface_declaration: simple('interface'),
  enum_declaration: simple('enum'),
  type_alias_declaration: simple('type'),
  internal_module: simple('module'),
  module: simple('module'),
  function_declaration: callableRule(),
  generator_function_declaration: callableRule(),
  function_signature: callableRule(),
  method_definition: (node) => named(node, 'method'),
  method_signature: (node) => named(node, 'method'),
  abstract_method_signature: (node) => named(node, 'method'),
  public_field_definition: fieldWithFunction('name'),
  field_definition: fieldWithFunction('property'),
  variable_declarator: (node, scope) => {
    const nameNode = node.childForFieldName('name');
    const declaration = node.parent;
    if (!nameNode || nameNode.type !== 'identifier' || !declaration) return [];
    // A lone declarator covers its whole statement, `export` included (read only for a definition: most declarators are locals).
    const range = () => {
      const single = declaration.namedChildren.filter((c) => c?.type === 'variable_declarator').length === 1;
      return single ? (declaration.parent?.type === 'export_statement' ? declaration.parent : declaration) : node;
    };
    const value = node.childForFieldName('value');
    if (value && FUNCTION_VALUES.has(value.type)) return [{ name: nameNode.text, kind: callable(scope), nameNode, range: range() }];
    // Data is a definition where it is declared for the module (or a namespace): not in a block, a loop head or a function.
    if (scope && scope.kind !== 'module') return [];
    const container = declaration.parent;
    if (!ECMA_DECLARATION_LEVEL.has(container?.type ?? '')) return [];
    if (container?.type === 'statement_block' && !ECMA_NAMESPACES.has(container.parent?.type ?? '')) return [];
    const isConst = declaration.firstChild?.text === 'const';
    return [{ name: nameNode.text, kind: isConst ? 'constant' : 'variable', nameNode, range: range() }];
  },
};

/**
 * TypeScript's constructor parameter properties: a parameter with `public`, `protected`, `private`,
 * `readonly` or `override` declares a field of the class and assigns it (what `this.root = root`
 * says in JavaScript). Only a class's constructor has them; the name is an identifier (the compiler
 * rejects a pattern there).
 */
function parameterProperties(method: Node): { nameNode: Node; range: Node }[] {
  const out: { nameNode: Node; range: Node }[] = [];
  for (const parameter of method.childForFieldName('parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'required_parameter' && parameter?.type !== 'optional_parameter') continue;
    if (!parameter.children.some((c) => c !== null && PROPERTY_MODIFIERS.has(c.type))) continue;
    const nameNode = parameter.childForFieldName('pattern');
    if (nameNode?.type === 'identifier') out.push({ nameNode, range: parameter });
  }
  return out;
}
const PROPERTY_MODIFIERS = new Set(['accessibility_modifier', 'readonly', 'override_modifier']);

/** TypeScript's rules: JavaScript's, and a constructor's parameter properties. */
const typescriptRules: Record<string, Rule> = {
  ...ecmaRules,
  method_definition: (node) => {
    const found = named(node, 'method');
    if (found.length === 1 && found[0].name === 'constructor' && node.parent?.type === 'class_body') {
      const properties = parameterProperties(node);
      if (properties.length > 0) found[0].properties = properties;
    }
    return found;
  },
};

/** Where a `const`, `let` or `var` declares module (or namespace) data: the program, an export, `declare`, a namespace's body. */
const ECMA_DECLARATION_LEVEL = new Set(['program', 'export_statement', 'ambient_declaration', 'statement_block']);
const ECMA_NAMESPACES = new Set(['internal_module', 'module']);

/**
 * A class field: a method when its value is a function, else data. A `#private` field is named
 * `Class.#name`, as a `#private` method is (a label writes `.#` as it is); a computed name is no
 * name a label can write.
 */
function fieldWithFunction(field: string): Rule {
  return (node) => {
    const value = node.childForFieldName('value');
    if (value && FUNCTION_VALUES.has(value.type)) return named(node, 'method', field);
    return FIELD_NAMES.has(node.childForFieldName(field)?.type ?? '') ? named(node, 'field', field) : [];
  };
}
const FIELD_NAMES = new Set(['property_identifier', 'private_property_identifier']);

const RULES: Record<LanguageId, Record<string, Rule>> = {
  python: {
    class_definition: (node) => named(node, 'class', 'name', decorated(node)),
    function_definition: (node, scope) => named(node, callable(scope), 'name', decorated(node)),
    type_alias_statement: (node) => {
      const left = node.childForFieldName('left');
      const nameNode = left?.type === 'type' ? left.firstNamedChild : left;
      return nameNode ? [{ name: nameNode.text, kind: 'type', nameNode }] : [];
    },
    assignment: pythonAssignment,
  },
  typescript: typescriptRules,
  tsx: typescriptRules,
  javascript: ecmaRules,
  go: {
    function_declaration: simple('function'),
    method_declaration: (node) => {
      const receiver = node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration');
      const type = baseTypeName(receiver?.childForFieldName('type') ?? null);
      return named(node, 'method').map((f) => ({ ...f, qualifier: type?.text }));
    },
    type_spec: (node) => {
      const type = node.childForFieldName('type')?.type;
      return named(node, type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type');
    },
    type_alias: simple('type'),
    field_declaration: (node, scope) => {
      if (!scope || !CLASS_LIKE.has(scope.kind)) return [];
      const names = node.childrenForFieldName('name').filter((n): n is Node => n !== null && n.isNamed && n.text !== '_');
      return names.map((nameNode) => ({ name: nameNode.text, kind: 'field', nameNode }));
    },
    method_elem: (node) => named(node, 'method'),
    const_spec: goPackageLevel('constant'),
    var_spec: goPackageLevel('variable'),
    short_var_declaration: (node, scope) => {
      // `f := func() {...}` alone; counted and read without building the lists of either side (most `:=` are locals).
      const right = node.childForFieldName('right');
      if (!right || right.namedChildCount !== 1 || right.firstNamedChild?.type !== 'func_literal') return [];
      const left = node.childForFieldName('left');
      const nameNode = left && left.namedChildCount === 1 ? left.firstNamedChild : null;
      return nameNode ? [{ name: nameNode.text, kind: callable(scope), nameNode }] : [];
    },
  },
  rust: {
    function_item: callableRule(),
    function_signature_item: callableRule(),
    struct_item: simple('struct'),
    union_item: simple('struct'),
    enum_item: simple('enum'),
    trait_item: simple('trait'),
    type_item: simple('type'),
    const_item: (node, scope) => (atDeclarationLevel(scope) ? named(node, 'constant') : []),
    static_item: (node, scope) => (atDeclarationLevel(scope) ? named(node, 'constant') : []),
    mod_item: (node) => (node.childForFieldName('body') ? named(node, 'module') : []),
    // `impl Trait for Type` and `impl Type` both hold methods of Type (docs/fixture-format.md#symbol-names).
    impl_item: (node) => {
      const type = baseTypeName(node.childForFieldName('type'));
      return type ? [{ name: type.text, kind: 'scope', nameNode: type }] : [];
    },
    let_declaration: (node, scope) => {
      const pattern = node.childForFieldName('pattern');
      if (node.childForFieldName('value')?.type !== 'closure_expression' || pattern?.type !== 'identifier') return [];
      return [{ name: pattern.text, kind: callable(scope), nameNode: pattern }];
    },
  },
  java: {
    class_declaration: simple('class'),
    record_declaration: simple('class'),
    interface_declaration: simple('interface'),
    annotation_type_declaration: simple('interface'),
    enum_declaration: simple('enum'),
    method_declaration: (node) => named(node, 'method'),
    constructor_declaration: (node) => named(node, 'method'),
    field_declaration: (node, scope) => {
      const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '';
      const constant = scope?.kind === 'interface' || (/\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers));
      if (!constant) return [];
      return node.childrenForFieldName('declarator').flatMap((d) => (d ? named(d, 'constant', 'name', node) : []));
    },
  },
  csharp: {
    class_declaration: simple('class'),
    record_declaration: simple('class'),
    struct_declaration: simple('struct'),
    record_struct_declaration: simple('struct'),
    interface_declaration: simple('interface'),
    enum_declaration: simple('enum'),
    delegate_declaration: simple('type'),
    method_declaration: (node) => named(node, 'method'),
    constructor_declaration: (node) => named(node, 'method'),
    local_function_statement: simple('function'),
    field_declaration: (node) => {
      if (!node.namedChildren.some((c) => c?.type === 'modifier' && c.text === 'const')) return [];
      const declaration = node.namedChildren.find((c) => c?.type === 'variable_declaration');
      return (declaration?.namedChildren ?? [])
        .filter((d) => d?.type === 'variable_declarator')
        .flatMap((d) => named(d, 'constant', 'name', node));
    },
  },
  ruby: {
    class: rubyNamed('class'),
    module: rubyNamed('module'),
    method: callableRule(true),
    singleton_method: (node) => named(node, 'method'),
    assignment: (node, scope) => {
      const left = node.childForFieldName('left');
      if (left?.type !== 'constant' || !atDeclarationLevel(scope)) return [];
      return [{ name: left.text, kind: 'constant', nameNode: left }];
    },
  },
};

/**
 * Python's module-level variables and constants and class attributes, any case, as the language
 * binds them (`if`, `try`, `with` and loops do not scope a name): `session = LocalProxy(...)`,
 * `name: str`, `a, b = 1, 2` and `a = b = 1` (each name). UPPER_CASE names are constants; other
 * class-level names fields.
 */
function pythonAssignment(node: Node, scope: Scope | undefined): Found[] {
  if (!atDeclarationLevel(scope) || node.parent?.type !== 'expression_statement') return [];
  const names: Node[] = [];
  for (let a: Node | null = node; a?.type === 'assignment'; a = a.childForFieldName('right')) {
    const left = a.childForFieldName('left');
    if (left?.type === 'identifier') names.push(left);
    else if (left?.type === 'pattern_list' || left?.type === 'tuple_pattern') {
      names.push(...left.namedChildren.filter((c): c is Node => c?.type === 'identifier'));
    }
  }
  const inClass = scope !== undefined && CLASS_LIKE.has(scope.kind);
  return names.map((nameNode) => ({
    name: nameNode.text,
    kind: UPPER_CASE.test(nameNode.text) ? 'constant' : inClass ? 'field' : 'variable',
    nameNode,
    range: node.parent!,
  }));
}

/**
 * Go's package-level `const` and `var`, alone or in a block (`var ( a = 1; b, c int )`): each name
 * a definition, the blank `_` none. A lone spec covers its whole declaration.
 */
function goPackageLevel(kind: 'constant' | 'variable'): Rule {
  return (node, scope) => {
    if (scope) return [];
    const declaration = node.parent?.type.endsWith('_spec_list') ? node.parent.parent : node.parent;
    const specs = (declaration?.namedChildren ?? []).flatMap((c) => (c?.type.endsWith('_spec_list') ? c.namedChildren : [c]));
    const single = specs.filter((c) => c?.type === node.type).length === 1;
    return node.childrenForFieldName('name').filter((n) => n?.isNamed && n.text !== '_').map((nameNode) => ({
      name: nameNode.text,
      kind,
      nameNode: nameNode,
      range: single && declaration ? declaration : node,
    }));
  };
}

/** Python decorators belong to the definition they decorate: a change to them changes it. */
function decorated(node: Node): Node | undefined {
  return node.parent?.type === 'decorated_definition' ? node.parent : undefined;
}

/** Ruby's `class Admin::User` names its scope in the name: the segments become the nesting. */
function rubyNamed(kind: SymbolKind): Rule {
  return (node) => {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return [];
    return [{ name: nameNode.text.replace(/^::/, '').replace(/::/g, '.'), kind, nameNode }];
  };
}

/**
 * Anonymous functions (and classes): what is declared inside one is local to it, so neither a
 * module-level definition nor one of the named definition around it (a `describe(() => { const
 * x = ... })` defines nothing). A function that is itself a definition's value is that definition.
 */
const ANONYMOUS: Partial<Record<LanguageId, Set<string>>> = {
  typescript: new Set(['arrow_function', 'function_expression', 'function', 'generator_function', 'class']),
  tsx: new Set(['arrow_function', 'function_expression', 'function', 'generator_function', 'class']),
  javascript: new Set(['arrow_function', 'function_expression', 'function', 'generator_function', 'class']),
  go: new Set(['func_literal']),
  rust: new Set(['closure_expression']),
};
/** What may stand between a definition and the function that is its value: `x = (async () => {}) as F`. */
const VALUE_WRAPPERS = new Set(
  ['expression_list', 'parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion', 'await_expression']);
/** Languages whose names are unique per file but for overloads (and accessor pairs). */
const UNIQUE_NAMES = new Set<LanguageId>(['typescript', 'tsx', 'javascript']);

/** Is `node` inside an anonymous function (or class) that lies within `scope` (or the file)? */
function inAnonymous(node: Node, scope: Scope | undefined, anonymous: Set<string>): boolean {
  const isScope = (n: Node) => scope !== undefined && n.startIndex === scope.start && n.endIndex === scope.end;
  for (let a = node.parent; a && !isScope(a); a = a.parent) {
    if (!anonymous.has(a.type) || (a.type === 'class' && a.childForFieldName('name'))) continue;
    let up = a.parent;
    while (up && VALUE_WRAPPERS.has(up.type)) up = up.parent;
    if (!(up && isScope(up))) return true;
  }
  return false;
}

/**
 * Instance attributes: names a class's methods assign on their own object (`self.root_path = ...`
 * in Python, `this.timeout = ...` in JavaScript and TypeScript), where the class declares no member
 * of that name (a class attribute, a declared field or a method wins). Each is defined once, at the
 * first assignment in the constructor if it has one, else the first in source order.
 */
interface InstanceWrite {
  /** The assigned attributes' name nodes, with the receiver each is written on. */
  targets(node: Node): { receiver: string; nameNode: Node }[];
  /** The method whose own object `receiver` is at `node` (no nested function rebinding it), and whether it is the constructor. */
  method(node: Node, receiver: string): Node | undefined;
  constructorName: string;
}

/** `self.x`, and each such target of a tuple (`self.a, self.b = ...`). */
function pythonTargets(node: Node): { receiver: string; nameNode: Node }[] {
  const left = node.childForFieldName('left');
  const each = left?.type === 'pattern_list' || left?.type === 'tuple_pattern' ? left.namedChildren : [left];
  const out: { receiver: string; nameNode: Node }[] = [];
  for (const target of each) {
    if (target?.type !== 'attribute') continue;
    const object = target.childForFieldName('object');
    const name = target.childForFieldName('attribute');
    if (object?.type === 'identifier' && name?.type === 'identifier') out.push({ receiver: object.text, nameNode: name });
  }
  return out;
}

/** A Python function's parameter names, in order. */
function pythonParameters(fn: Node): string[] {
  return (fn.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    if (!p) return [];
    if (p.type === 'identifier') return [p.text];
    const name = p.childForFieldName('name') ?? (p.type === 'typed_parameter' ? p.firstNamedChild : null);
    return name?.type === 'identifier' ? [name.text] : [];
  });
}

const PYTHON_INSTANCE: InstanceWrite = {
  targets: pythonTargets,
  method(node, receiver) {
    // A nested function whose own parameter is named like the receiver holds another object.
    for (let a = node.parent; a; a = a.parent) {
      if (a.type === 'class_definition' || a.type === 'lambda') return undefined;
      if (a.type !== 'function_definition') continue;
      const parameters = pythonParameters(a);
      const holder = a.parent?.type === 'decorated_definition' ? a.parent : a;
      if (holder.parent?.type === 'block' && holder.parent.parent?.type === 'class_definition') {
        // `@staticmethod` has no object; `@classmethod`'s first parameter is the class.
        const decorators = holder === a ? [] : holder.namedChildren.flatMap((c) => (c?.type === 'decorator' ? [c.text] : []));
        if (decorators.some((d) => /^@\s*(?:staticmethod|classmethod)\s*$/.test(d))) return undefined;
        return parameters[0] === receiver ? a : undefined;
      }
      if (parameters.includes(receiver)) return undefined;
    }
    return undefined;
  },
  constructorName: '__init__',
};

/** Functions that bind their own `this` (an arrow function keeps its method's). */
const ECMA_THIS_BINDERS = new Set([
  'function_expression', 'function', 'generator_function', 'function_declaration', 'generator_function_declaration',
  'class', 'class_declaration', 'abstract_class_declaration', 'class_static_block']);

const ECMA_INSTANCE: InstanceWrite = {
  targets(node) {
    const left = node.childForFieldName('left');
    const name = left?.type === 'member_expression' && left.childForFieldName('object')?.type === 'this' ? left.childForFieldName('property') : null;
    return name?.type === 'property_identifier' ? [{ receiver: 'this', nameNode: name }] : [];
  },
  method(node) {
    for (let a = node.parent; a; a = a.parent) {
      if (ECMA_THIS_BINDERS.has(a.type)) return undefined;
      const member = a.type === 'method_definition'
        || ((a.type === 'public_field_definition' || a.type === 'field_definition') && a.childForFieldName('value')?.type === 'arrow_function');
      if (!member) continue;
      // A static method's `this` is the class.
      return a.parent?.type === 'class_body' && !a.children.some((c) => c?.type === 'static') ? a : undefined;
    }
    return undefined;
  },
  constructorName: 'constructor',
};

const INSTANCE_WRITES: Partial<Record<LanguageId, Record<string, InstanceWrite>>> = {
  python: { assignment: PYTHON_INSTANCE, augmented_assignment: PYTHON_INSTANCE },
  typescript: { assignment_expression: ECMA_INSTANCE, augmented_assignment_expression: ECMA_INSTANCE },
  tsx: { assignment_expression: ECMA_INSTANCE, augmented_assignment_expression: ECMA_INSTANCE },
  javascript: { assignment_expression: ECMA_INSTANCE, augmented_assignment_expression: ECMA_INSTANCE },
};

/** An assignment to an instance attribute, as the walk meets it: one of its class's candidates for the definition. */
interface InstanceAssignment {
  inConstructor: boolean;
  def: Definition;
  /** Where its statement starts, to place the definition among the others in document order. */
  start: number;
}

/** The statement an assignment is (`self.a = self.b = 1` is one; `f(this.x = 1)` is its expression alone). */
function assignmentStatement(node: Node): Node {
  let top = node;
  while (top.parent && (top.parent.type === top.type || top.parent.type === 'assignment')) top = top.parent;
  return top.parent?.type === 'expression_statement' ? top.parent : top;
}

/** Each instance attribute's definition: the constructor's first assignment, else the first; none where the class declares the name. */
function instanceAttributes(found: InstanceAssignment[], declared: Set<string>): { def: Definition; start: number }[] {
  const chosen = new Map<string, InstanceAssignment>();
  for (const a of found) {
    if (declared.has(a.def.symbol)) continue;
    const had = chosen.get(a.def.symbol);
    if (!had || (a.inConstructor && !had.inConstructor)) chosen.set(a.def.symbol, a);
  }
  return [...chosen.values()].map((a) => ({ def: a.def, start: a.start }));
}

/** What one walk of a file asks for: the rules' node types, and the anonymous functions' (whose ranges say where `inAnonymous` must look). */
const WALKED_TYPES = new Map(Object.entries(RULES).map(([language, rules]) => {
  const id = language as LanguageId;
  return [language, [...new Set([...Object.keys(rules), ...Object.keys(INSTANCE_WRITES[id] ?? {}), ...(ANONYMOUS[id] ?? [])])]];
}));

/** The node types one walk of a `language` file asks for (the benchmark times that walk alone). */
export function walkedTypes(language: LanguageId): string[] {
  return WALKED_TYPES.get(language)!;
}

/** The file part of a qualified name: the path without its extension. */
export function modulePath(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(0, dot) : path;
}

/**
 * Every definition in `text` (the file at `path`, repository-relative), in document order.
 * `previous`: a text this one is an edit of (a change's base side), parsed incrementally from its
 * tree when that is still kept (parser.ts); the definitions are the same either way.
 */
export async function definitionsOf(path: string, text: string, previous?: string): Promise<Definition[]> {
  return (await fileDefinitions(path, text, previous)).definitions;
}

/** A file's definitions, and the syntax error after which some may be missing (parseDamage.ts). */
export interface FileDefinitions {
  definitions: Definition[];
  damage?: ParseDamage;
}

/**
 * `definitionsOf` with the file's damage: the first syntax error tree-sitter did not recover from
 * within its line. Both are kept in one entry, so a run that reads them from the cache says it too.
 */
export async function fileDefinitions(path: string, text: string, previous?: string): Promise<FileDefinitions> {
  const language = languageOf(path);
  if (!language) return { definitions: [] };
  const file = modulePath(path);
  // Kept on disk by the text's hash when the process keeps them (extractCache.ts): no grammar, no parse.
  const entry = entryOf('definitions', language, text);
  const kept = entry && decodeDefinitions(readEntry(entry), file);
  if (kept) return kept;
  const found = await derivedDefinitions(language, file, text, previous);
  const encoded = entry && encodeDefinitions(found, file);
  if (encoded) writeEntry(entry, encoded);
  return found;
}

/** `fileDefinitions`, from the tree. */
function derivedDefinitions(language: LanguageId, file: string, text: string, previous?: string): Promise<FileDefinitions> {
  const rules = RULES[language];
  const anonymous = ANONYMOUS[language];
  const writes = INSTANCE_WRITES[language];
  return withTree(language, text, (tree) => {
    const out: Definition[] = [];
    const starts: number[] = [];
    const scopes: Scope[] = [];
    const assignments: InstanceAssignment[] = [];
    /** An assignment in a method to an attribute of its own object: a candidate for that attribute's definition. */
    const instance = (node: Node, write: InstanceWrite, innermost: Scope | undefined) => {
      if (!innermost) return;
      for (const { receiver, nameNode } of write.targets(node)) {
        const method = write.method(node, receiver);
        if (!method) continue;
        let at = scopes.length - 1;
        while (at > 0 && !(scopes[at].start === method.startIndex && scopes[at].end === method.endIndex)) at--;
        const [cls, fn] = [scopes[at - 1], scopes[at]];
        if (at < 1 || fn.kind !== 'method' || fn.start !== method.startIndex || !CLASS_LIKE.has(cls.kind)) continue;
        const statement = assignmentStatement(node);
        const def: Definition = {
          symbol: `${cls.symbol}.${nameNode.text}`, name: nameNode.text, kind: 'field',
          startLine: statement.startPosition.row + 1, endLine: lastLine(statement),
          nameLine: nameNode.startPosition.row + 1, nameColumn: nameNode.startPosition.column,
          parent: cls.symbol, assignedIn: fn.symbol,
        };
        assignments.push({ inConstructor: fn.name === write.constructorName, def, start: statement.startIndex });
      }
    };
    // Ends of the anonymous functions (and classes) met so far that may hold the next node, innermost
    // last: an ancestor's range holds a node's start, so where none does, `inAnonymous` need not walk
    // up (each parent a call into WebAssembly). Named nodes only: the `function` and `class` keywords
    // share the types' names, and no ancestor is a keyword.
    const open: number[] = [];
    for (const node of tree.rootNode.descendantsOfType(WALKED_TYPES.get(language)!)) {
      if (!node) continue;
      const type = node.type;
      const start = node.startIndex;
      const rule = (rules as Partial<Record<string, Rule>>)[type];
      if (anonymous) {
        while (open.length > 0 && open[open.length - 1] < start) open.pop();
        const inside = open.length > 0;
        if (anonymous.has(type) && node.isNamed) open.push(node.endIndex);
        if (rule && inside && inAnonymous(node, scopeAt(scopes, start), anonymous)) continue;
      }
      const write = writes?.[type];
      if (write) instance(node, write, scopeAt(scopes, start));
      if (!rule) continue;
      const scope = scopeAt(scopes, start);
      const founds = rule(node, scope);
      for (const found of founds) {
        const range = found.range ?? node;
        const parent = found.qualifier !== undefined ? `${file}.${found.qualifier}` : scope?.symbol;
        const symbol = `${parent ?? file}.${found.name}`;
        // A definition (or a Rust impl) holds what nests inside it; a multi-name constant holds nothing.
        if (founds.length === 1) scopes.push({ name: found.name, kind: found.kind, start: node.startIndex, end: node.endIndex, symbol });
        if (found.kind === 'scope') continue;
        starts.push(node.startIndex);
        out.push({
          symbol,
          name: found.name.slice(found.name.lastIndexOf('.') + 1),
          kind: found.kind,
          startLine: range.startPosition.row + 1,
          endLine: lastLine(range),
          nameLine: found.nameNode.startPosition.row + 1,
          nameColumn: found.nameNode.startPosition.column,
          ...(parent !== undefined ? { parent } : {}),
        });
        // Fields the definition assigns beside itself (parameter properties): its parent's members, and lines of it.
        for (const p of found.properties ?? []) {
          starts.push(p.range.startIndex);
          out.push({
            symbol: `${parent ?? file}.${p.nameNode.text}`,
            name: p.nameNode.text,
            kind: 'field',
            startLine: p.range.startPosition.row + 1,
            endLine: lastLine(p.range),
            nameLine: p.nameNode.startPosition.row + 1,
            nameColumn: p.nameNode.startPosition.column,
            ...(parent !== undefined ? { parent } : {}),
            assignedIn: symbol,
          });
        }
      }
    }
    const damage = parseDamage(tree, text);
    const all = assignments.length > 0 ? withAttributes(out, starts, instanceAttributes(assignments, new Set(out.map((d) => d.symbol)))) : out;
    return { definitions: UNIQUE_NAMES.has(language) ? uniqueNames(all) : all, ...(damage ? { damage } : {}) };
  }, previous);
}

/** `defs` (found at `starts`, in document order) with the instance attributes placed among them by where their statements start. */
function withAttributes(defs: Definition[], starts: number[], attributes: { def: Definition; start: number }[]): Definition[] {
  const out: Definition[] = [];
  let i = 0;
  for (const a of attributes.sort((x, y) => x.start - y.start)) {
    while (i < defs.length && starts[i] <= a.start) out.push(defs[i++]);
    out.push(a.def);
  }
  return out.concat(defs.slice(i));
}

/** The innermost scope holding `start`, the ones ended before it dropped (nodes come in document order). */
function scopeAt(scopes: Scope[], start: number): Scope | undefined {
  while (scopes.length > 0 && scopes[scopes.length - 1].end <= start) scopes.pop();
  return scopes[scopes.length - 1];
}

/** The first of each name, but every one of an overload set or accessor pair (all callables). */
function uniqueNames(defs: Definition[]): Definition[] {
  const first = new Map<string, Definition>();
  return defs.filter((d) => {
    const seen = first.get(d.symbol);
    if (!seen) {
      first.set(d.symbol, d);
      return true;
    }
    return CODE_BLOCK.has(seen.kind) && CODE_BLOCK.has(d.kind);
  });
}

/** The 1-based last line of a node; a node ending at column 0 ends on the line before. */
function lastLine(node: Node): number {
  const { row, column } = node.endPosition;
  return row + 1 - (column === 0 && row > node.startPosition.row ? 1 : 0);
}

/**
 * The innermost definition whose range holds `line` (1-based), if any: the last of
 * `enclosingDefinitions`, found in one pass without building and sorting that list (the neighbours
 * ask it for every use in a file). The latest start wins, then the earliest end, then the later in
 * `defs`, as the stable sort orders them.
 */
export function definitionAt(defs: readonly Definition[], line: number): Definition | undefined {
  let inner: Definition | undefined;
  for (const d of defs) {
    if (d.startLine > line || line > d.endLine) continue;
    if (!inner || d.startLine > inner.startLine || (d.startLine === inner.startLine && d.endLine <= inner.endLine)) inner = d;
  }
  return inner;
}

/**
 * `definitionAt` for many lines of the same definitions: each line's answer worked out once, in the
 * same order and by the same rule (for a file's every use, where each `definitionAt` would read every
 * definition). Reads `defs` now: a list changed afterwards needs another.
 */
export function innermostByLine(defs: readonly Definition[]): (line: number) => Definition | undefined {
  let last = 0;
  for (const d of defs) {
    if (!Number.isSafeInteger(d.startLine) || !Number.isSafeInteger(d.endLine)) return (line) => definitionAt(defs, line);
    last = Math.max(last, d.endLine);
  }
  const at = new Int32Array(last + 1).fill(-1);
  defs.forEach((d, i) => {
    for (let line = Math.max(0, d.startLine); line <= d.endLine; line++) {
      const inner = at[line] < 0 ? undefined : defs[at[line]];
      if (!inner || d.startLine > inner.startLine || (d.startLine === inner.startLine && d.endLine <= inner.endLine)) at[line] = i;
    }
  });
  return (line) => {
    if (!Number.isInteger(line)) return definitionAt(defs, line);
    return line >= 0 && line <= last && at[line] >= 0 ? defs[at[line]] : undefined;
  };
}

/** Every definition whose range holds `line`, outermost first. */
export function enclosingDefinitions(defs: readonly Definition[], line: number): Definition[] {
  const around = defs.filter((d) => d.startLine <= line && line <= d.endLine);
  return around.length > 1 ? around.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine) : around;
}

/**
 * A file's definitions, each named without its file's part (`file`, the path without extension):
 * the same text at another path defines the same things there. Undefined for a definition named
 * outside its file, which no rule makes (such a file is not kept).
 */
function encodeDefinitions({ definitions: defs, damage }: FileDefinitions, file: string): unknown[] | undefined {
  const rows: unknown[] = [];
  const local = (symbol: string) => (symbol.startsWith(`${file}.`) ? symbol.slice(file.length) : undefined);
  for (const d of defs) {
    const symbol = local(d.symbol);
    const parent = d.parent === undefined ? null : local(d.parent);
    if (symbol === undefined || parent === undefined) return undefined;
    const assignedIn = d.assignedIn === undefined ? undefined : local(d.assignedIn);
    if (d.assignedIn !== undefined && assignedIn === undefined) return undefined;
    const row = [symbol, d.name, SYMBOL_KINDS.indexOf(d.kind), d.startLine, d.endLine, d.nameLine, d.nameColumn, parent];
    rows.push(assignedIn === undefined ? row : [...row, assignedIn]);
  }
  // The damage as a last row of its own shape: no definition's row starts with null.
  if (damage) rows.push([null, damage.line, damage.lines]);
  return rows;
}

/** The definitions `encodeDefinitions` kept, named in `file` again; undefined for anything else. */
function decodeDefinitions(data: unknown, file: string): FileDefinitions | undefined {
  if (!Array.isArray(data)) return undefined;
  let rows = data as unknown[];
  let kept: ParseDamage | undefined;
  const last = rows.at(-1);
  if (Array.isArray(last) && last[0] === null) {
    if (last.length !== 3 || !isInt(last[1]) || !isInt(last[2])) return undefined;
    kept = { line: last[1], lines: last[2] };
    rows = rows.slice(0, -1);
  }
  const defs: Definition[] = [];
  for (const row of rows) {
    // An instance attribute's row has a ninth field: the method that assigns it.
    if (!Array.isArray(row) || (row.length !== 8 && row.length !== 9)) return undefined;
    const [symbol, name, kind, startLine, endLine, nameLine, nameColumn, parent, assignedIn] = row as unknown[];
    if (row.length === 9 && typeof assignedIn !== 'string') return undefined;
    if (typeof symbol !== 'string' || typeof name !== 'string' || !isInt(kind) || SYMBOL_KINDS[kind] === undefined) return undefined;
    if (!isInt(startLine) || !isInt(endLine) || !isInt(nameLine) || !isInt(nameColumn) || (parent !== null && typeof parent !== 'string')) return undefined;
    const def: Definition = { symbol: file + symbol, name, kind: SYMBOL_KINDS[kind], startLine, endLine, nameLine, nameColumn };
    if (parent !== null) def.parent = file + parent;
    if (typeof assignedIn === 'string') def.assignedIn = file + assignedIn;
    defs.push(def);
  }
  return { definitions: defs, ...(kept ? { damage: kept } : {}) };
}
