// What a definition is (definitions.ts finds them), apart from the parser so pure code can ask.
export const SYMBOL_KINDS = ['class', 'struct', 'interface', 'trait', 'enum', 'type', 'function', 'method', 'constant', 'variable', 'field', 'module'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/**
 * Data, not code: module-level variables and constants, class attributes, TypeScript class fields and
 * Go struct fields. A labeler names them like any other symbol, but no code runs inside one.
 */
export const DATA_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['constant', 'variable', 'field']);
