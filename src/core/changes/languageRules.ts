// What the languages' code says, read by pattern where the parser's references do not say it: the
// names a language calls by itself, the shapes of a field's declaration and of a declared return
// type, what writes an attribute, the methods of the languages' own types, and the qualified
// names' parts.
import { posix } from 'node:path';
import type { LanguageId } from '../symbols/languages';

/** Names the language calls by itself (constructors, Python dunders): every `super().__init__` would match. */
export const IMPLICIT_CALLS = /^(__\w+__|constructor|initialize|new|main|init)$/;
export const CLASS_LIKE = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'module']);
export const SELF = new Set(['self', 'this', 'cls']);
/** Languages where a bare name never means a class member (Java, C# and Ruby reach their own members bare). */
export const BARE_NAMES = new Set<LanguageId>(['python', 'typescript', 'tsx', 'javascript', 'go', 'rust']);
/** A field's name declared on a line of a type (TypeScript `name?: T`, a Go struct's `Name T`); Python's class attributes are definitions of their own. */
export const FIELD_DECLARATION: Partial<Record<string, RegExp>> = {
  typescript: /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:/,
  go: /^\s*([A-Za-z_]\w*)\s+[*[\]\w.]/,
};
/** A function's declared return type on its head: Python `-> T:`, TypeScript `): T {` (a Promise's T). */
export const RETURN_TYPE: Partial<Record<string, RegExp>> = {
  python: /\)\s*->\s*["']?([A-Za-z_][\w.]*)/,
  typescript: /\)\s*:\s*(?:Promise<)?([A-Za-z_$][\w$.]*)/,
};
/** Data links (a name read, not called): only names this long, resolved or unique. */
export const DATA_NAME = /^\w{4,}$/;
/**
 * After `.attr`: an assignment (annotated too, over several lines: `self.funcs: dict[⏎...`), an
 * augmented one, an update (`this._n++`), an item assignment, or a call that fills a collection.
 */
const WRITES = /^\s*(?:=(?!=)|[-+*/|&%^]=|<<=|>>=|\+\+|--|\[[^\]\n]*\]\s*=(?!=)|\.(?:append|extend|insert|add|update|setdefault|appendleft|push|set|put)\()/;
export { WRITES };
/** Before `x.attr`: a prefix update (`++this._n`). */
const PREFIX_UPDATE = /(?:\+\+|--)\s*[\w$.]*\.\s*$/;

/** Does `before` + name + `after` (one line) write the attribute? An annotated target (`self.funcs: dict[`) starts its statement. */
export function isWrite(before: string, after: string): boolean {
  if (WRITES.test(after) || PREFIX_UPDATE.test(before)) return true;
  return /^\s*[\w$.]*\.\s*$/.test(before) && /^\s*:(?!=)\s*\S/.test(after);
}

/**
 * Method names the languages' own types define (dict, list, str; Array, Map, Promise): on a
 * receiver nothing types, `bp_options.copy()` is a dict's copy, not the one class in the
 * repository that happens to define `copy`.
 */
export const LIBRARY_METHODS: Partial<Record<string, Set<string>>> = {
  python: new Set(['copy', 'get', 'pop', 'items', 'keys', 'values', 'update', 'append', 'extend', 'insert', 'remove', 'clear', 'setdefault', 'add',
    'discard', 'index', 'count', 'sort', 'reverse', 'split', 'join', 'strip', 'lstrip', 'rstrip', 'replace', 'format', 'startswith', 'endswith',
    'lower', 'upper', 'encode', 'decode', 'read', 'write', 'close', 'popitem', 'union', 'intersection', 'difference']),
  typescript: new Set(['push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'map', 'filter', 'reduce', 'forEach', 'find', 'findIndex', 'some', 'every',
    'includes', 'indexOf', 'join', 'concat', 'keys', 'values', 'entries', 'get', 'set', 'has', 'delete', 'clear', 'add', 'then', 'catch', 'finally',
    'toString', 'trim', 'split', 'replace', 'startsWith', 'endsWith', 'test', 'exec', 'match', 'sort', 'reverse', 'flat', 'flatMap', 'clone', 'text', 'json']),
};

/** TypeScript, TSX and JavaScript share their data; every other language keeps its own. */
export const family = (language: LanguageId) => (language === 'tsx' || language === 'javascript' ? 'typescript' : language);

export const dirname = (path: string) => posix.dirname(path);
export const short = (symbol: string) => symbol.slice(symbol.lastIndexOf('/') + 1);
export const shortName = (symbol: string) => symbol.slice(symbol.lastIndexOf('.') + 1);
