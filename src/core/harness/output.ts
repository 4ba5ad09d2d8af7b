// Reading the symbols out of a system's output: JSON at one or more paths, one per line, or a
// regex. A system that names a symbol in parts (codegraph's `filePath` + `qualifiedName`, a
// regex's `file` and `name` groups) gets them joined into Fixture Lab's name (joinSymbol), so no
// wrapper script stands between a real system and the harness.
import { realpath } from 'node:fs/promises';
import { normalizeSymbol, symbolKey } from '../symbols/normalize';
import type { OutputParser } from './systems';
import { plural } from '../../shared/figures';

export interface ParsedOutput {
  symbols: string[];
  /** A token count the system reported itself; recorded, never scored (docs/scoring.md#metrics: one tiktoken path). */
  reportedTokens?: number;
  /** Each symbol's score, from parse.scores. */
  scores?: number[];
}

/** Values at a path such as `results[].symbol` or `data.items[].name`. */
export function valuesAt(root: unknown, path: string): unknown[] {
  let current: unknown[] = [root];
  for (const part of path.split('.').filter(Boolean)) {
    const spread = part.endsWith('[]');
    const key = spread ? part.slice(0, -2) : part;
    current = current.flatMap((v) => {
      const next = key === '' ? v : v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      if (next === undefined || next === null) return [];
      return spread ? (Array.isArray(next) ? (next as unknown[]) : []) : [next];
    });
  }
  return current;
}

/**
 * A symbol from its file and its name inside the file, in Fixture Lab's spelling:
 * (`src/flask/ctx.py`, `AppContext::push`) is `src/flask/ctx.AppContext.push`. The file loses its
 * extension; `::`, `#` and `:` between members become `.`. A name that already begins with its
 * file's path is not prefixed twice; an empty name is the file itself.
 */
export function joinSymbol(file: string | undefined, name: string | undefined): string {
  const member = normalizeSymbol(name ?? '');
  const path = file?.trim() ? normalizeSymbol(file) : '';
  if (!path) return member;
  if (!member) return path;
  const [pk, mk] = [symbolKey(path), symbolKey(member)];
  return mk === pk || mk.startsWith(`${pk}.`) ? member : `${path}.${member}`;
}

/**
 * Names read from the repository's root. A system is handed its checkout as an absolute
 * `{repo_path}` (and runs in it), and many answer with absolute paths under it
 * (`/…/.checkouts/run-x/sys/shop@76fa6ca5d348/shop/pricing.py::apply_discount`): the same symbol
 * as `shop/pricing.apply_discount`, but a name no revision has, so it would place nowhere (its file
 * and lines uncounted, the granularities' precision raised) and read as unmapped. `roots` are the
 * checkout as given and as the file system resolves it (a system may print either); a name under
 * neither is left as it is.
 */
export function underCheckout(symbols: readonly string[], roots: readonly string[]): string[] {
  // A joined name went through normalizeSymbol, whose first extension-like match may fall in the root: its form is a root too.
  const forms = roots.flatMap((r) => [r, normalizeSymbol(r)]).map((r) => r.replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''));
  const prefixes = [...new Set(forms.filter(Boolean))].map((r) => `${r}/`);
  return symbols.map((s) => {
    const name = s.trim().replace(/\\/g, '/').replace(/^\/+/, '');
    const prefix = prefixes.find((p) => name.startsWith(p));
    return prefix ? name.slice(prefix.length) : s;
  });
}

/** A checkout's path as the system was given it and as the file system resolves it (`/tmp` may be a link). */
export async function checkoutRoots(path: string): Promise<string[]> {
  return [path, await realpath(path).catch(() => path)];
}

/** The output up to parse.until (a trailer the system appends after its answer), or all of it. */
export function beforeTrailer(text: string, until: string | undefined): string {
  const at = until ? text.indexOf(until) : -1;
  return at >= 0 ? text.slice(0, at) : text;
}

/** A pattern's named groups `file` and `name` make the symbol; without them, the numbered group is the name. */
function fromMatch(m: RegExpMatchArray, group: number): string | undefined {
  const g = m.groups;
  if (g && 'name' in g) return g.name || g.file ? joinSymbol(g.file, g.name) : undefined;
  return m[group] || undefined;
}

export function parseOutput(full: string, parser: OutputParser): ParsedOutput {
  const text = beforeTrailer(full, parser.until);
  switch (parser.format) {
    case 'lines':
      return { symbols: text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) };
    case 'regex': {
      const re = new RegExp(parser.pattern, 'gm');
      return { symbols: [...text.matchAll(re)].map((m) => fromMatch(m, parser.group)).filter((s): s is string => Boolean(s)) };
    }
    case 'json': {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        const hint = parser.until ? '' : ' (a trailer after the JSON? set parse.until to the text it begins with)';
        throw new Error(`output is not JSON (${(e as Error).message})${hint}; set parse.format to lines or regex if the system prints text`);
      }
      const paths = typeof parser.symbols === 'string' ? [parser.symbols] : parser.symbols;
      const shown = paths.map((p) => `\`${p}\``).join(', ');
      const entries = paths.flatMap((p) => valuesAt(json, p));
      const names = entries.map((v, i) => entryName(v, i, parser, shown));
      let symbols = names.filter((s): s is string => typeof s === 'string' && s.length > 0);
      if (entries.length > 0 && symbols.length === 0 && parser.name !== undefined) {
        throw new Error(`none of the ${plural(entries.length, 'item')} at ${shown} has a \`${parser.name}\` text field: `
          + 'point parse.name at the field naming each symbol');
      }
      if (parser.pattern) {
        const re = new RegExp(parser.pattern);
        const cut = symbols.map((s) => s.match(re)).filter((m): m is RegExpMatchArray => m !== null).map((m) => fromMatch(m, 1));
        if (symbols.length > 0 && cut.every((s) => !s)) {
          throw new Error(`none of the ${plural(symbols.length, 'name')} at ${shown} matches parse.pattern (the first is \`${symbols[0].slice(0, 120)}\`)`);
        }
        symbols = cut.filter((s): s is string => Boolean(s));
      }
      const reported = parser.tokens ? valuesAt(json, parser.tokens).find((v) => typeof v === 'number') : undefined;
      const scores = parser.scores ? valuesAt(json, parser.scores) : undefined;
      if (scores && (scores.length !== symbols.length || !scores.every((v) => typeof v === 'number' && Number.isFinite(v)))) {
        const many = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
        throw new Error(`\`${parser.scores}\` gives ${many(scores.length, 'score')} for ${many(symbols.length, 'symbol')}, or one that is not a number; `
          + 'point parse.scores at one number per symbol, or leave it out');
      }
      return { symbols, ...(typeof reported === 'number' ? { reportedTokens: reported } : {}), ...(scores ? { scores: scores as number[] } : {}) };
    }
  }
}

/** One json entry's name: the string itself, or the item's `name` (and `file`) fields joined; undefined for an item without them. */
function entryName(value: unknown, i: number, parser: Extract<OutputParser, { format: 'json' }>, shown: string): string | undefined {
  if (typeof value === 'string') return value;
  const item = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (item && parser.name !== undefined) {
    const name = valuesAt(item, parser.name)[0];
    const file = parser.file !== undefined ? valuesAt(item, parser.file)[0] : undefined;
    if (typeof name !== 'string' || (file !== undefined && typeof file !== 'string')) return undefined;
    return parser.file !== undefined ? joinSymbol(file, name) : name;
  }
  const what = Array.isArray(value) ? 'a list' : item ? 'an object' : `a ${typeof value}`;
  const fix = item ? '; name its fields with parse.name (and parse.file), or point parse.symbols at the names' : '; point parse.symbols at the names';
  throw new Error(`${shown} item ${i + 1} is ${what}, not a symbol name${fix}`);
}
