// One spelling for a symbol, whatever tool wrote it (docs/fixture-format.md#symbol-names):
// `<file path without extension>.<Outer>.<Inner>`. Matching, agreement and de-duplication all
// compare names through this module, so a name written as `shop/pricing.py::apply_discount`,
// `shop.pricing#apply_discount` or `example.com/bookshop/shop/pricing.apply_discount`
// is the same symbol as `shop/pricing.apply_discount`.

const SOURCE_EXTENSIONS = [
  'py', 'pyi', 'ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'go', 'rs', 'java', 'cs', 'rb', 'kt', 'scala', 'php', 'swift', 'c',
  'h', 'cc', 'cpp', 'hpp',
];
const EXTENSION = new RegExp(`\\.(?:${SOURCE_EXTENSIONS.join('|')})(?=$|[.:#]|::)`);

export interface NormalizeOptions {
  /** The repository's module path (repos.yaml `module`), stripped when a name starts with it. */
  module?: string;
  /**
   * Keep a last segment that looks like an extension (`a.h`, `a.ts`): a name already canonical
   * (a label as stored, a definition's own name) has no extension, so its last segment is a
   * member (`def h` in a.py is `a.h`). Whether a typed name's last segment is an extension is
   * for the repository to say (canonicalName in corpus/resolveSymbols.ts).
   */
  keepLastSegment?: boolean;
}

/** The options that compare canonical names as they are written (no last segment read as an extension). */
export const CANONICAL: NormalizeOptions = { keepLastSegment: true };

/**
 * The canonical display form. Each rewrite runs only where its pattern can match (a quote at an
 * end, a backslash, a closing parenthesis last, ...): names are normalized for every returned
 * item of every scored answer, and most need none of them. The same result as running them all.
 */
export function normalizeSymbol(raw: string, options: NormalizeOptions = {}): string {
  let name = raw.trim();
  if (isQuote(name.charCodeAt(0)) || isQuote(name.charCodeAt(name.length - 1))) name = name.replace(/^[`'"]+|[`'"]+$/g, '');
  if (name.includes('\\')) name = name.replace(/\\/g, '/');
  // `(...)` parameter lists that some tools append to functions.
  if (name.endsWith(')')) name = name.replace(/\(.*\)$/, '');
  const module = moduleOf(options.module);
  if (module && (name.startsWith(module + '/') || name.startsWith(module + '.'))) {
    name = name.slice(module.length + 1);
  }
  if (name.startsWith('.') || name.startsWith('/')) name = name.replace(/^\.?\/+/, '');
  // The file extension goes before member separators are rewritten, so `app.py:Flask`
  // and `app.py::Flask` both lose `.py`.
  const extension = EXTENSION.exec(name);
  // A last segment that may be an extension or a member (`a.h`) is kept when asked; one before a member separator (`a.py::h`) never is.
  if (extension && !(options.keepLastSegment && extension.index + extension[0].length === name.length)) {
    name = name.slice(0, extension.index) + name.slice(extension.index + extension[0].length);
  }
  // `pricing#apply_discount` and scip's `Proto#cycle` separate with `#`; after a `.` it is part of
  // a TypeScript `#private` name (`Queue.#pending`), never the public `Queue.pending` beside it.
  if (name.includes(':') || name.includes('#')) name = name.replace(/::|(?<!\.)#|:/g, '.');
  if (name.includes('..')) name = name.replace(/\.{2,}/g, '.');
  return name.startsWith('.') || name.endsWith('.') ? name.replace(/^\.|\.$/g, '') : name;
}

/** `, ' or ". */
function isQuote(c: number): boolean {
  return c === 96 || c === 39 || c === 34;
}

/** The module path without trailing `/` or `.`, as it is stripped from names. */
function moduleOf(module: string | undefined): string | undefined {
  if (!module) return module;
  const last = module.charCodeAt(module.length - 1);
  return last === 47 || last === 46 ? module.replace(/[/.]+$/, '') : module;
}

/**
 * The comparison key: `/` and `.` are one separator, so `pkg.apis.core.types.Pod` and
 * `pkg/apis/core/types.Pod` compare equal. Names are case-sensitive, as code is.
 */
export function symbolKey(raw: string, options: NormalizeOptions = {}): string {
  return normalizeSymbol(raw, options).replace(/\//g, '.');
}

/** The `.`/`/`-separated segments of a name, for the matching rules. */
export function symbolSegments(raw: string, options: NormalizeOptions = {}): string[] {
  return symbolKey(raw, options).split('.').filter((s) => s.length > 0);
}
