// Tables keyed by the names a change writes (docs/fixture-format.md#default-candidates): a row the
// change adds to one table (`{tag: "required_unless", translation: ...}`) names, as a string, the
// key it is registered or looked up by; another table that holds that name as a key
// (`bakedInValidators = map[string]Func{"required_unless": requiredUnless, ...}`) is what the new
// row must match, read beside the change. Only code: a string in a test, a comment or a value is no key.
import { DATA_KINDS } from '../symbols/kinds';
import type { LanguageId } from '../symbols/languages';
import { isTestPath } from '../symbols/testPaths';
import { listAt } from '../lists';
import { namePattern } from './namePatterns';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { sidesOf } from './changedSides';
import { family } from './languageRules';
import type { LinkFn } from './links';
import type { Index, Located } from './repositoryIndex';

/** A name written as a string: a word of at least 4 characters with a letter (`"required_unless"`, not `"{0}"` or `"GET"`). */
const NAME_STRING = /(["'`])([A-Za-z_]\w{3,})\1/g;

/**
 * A table holds a key: quoted (`"name":`, `'name':`, Go `"name":`), or in TypeScript an object
 * literal's bare key. Built once per name (namePatterns.ts), as the rules' other patterns about a name.
 */
const keyAt = (language: LanguageId, name: string) => (family(language) === 'typescript'
  ? namePattern('table key (typescript)', name, (n) => String.raw`(?<![\w$.])["'\`]?${n}["'\`]?\s*:(?![:=])`)
  : namePattern('table key', name, (n) => String.raw`["']${n}["']\s*:(?![:=])`));

/** Link the few tables (at most `limit` for a name) that hold, as a key, a name the change's own lines write as a string. */
export async function keyedTables(index: Index, report: ChangeReport, link: LinkFn, limit: number): Promise<void> {
  const written = new Map<string, { owner: ChangedSymbol; line: number; family: string }>();
  for (const { info, symbols } of await sidesOf(index, report)) {
    if (isTestPath(info.path)) continue;
    for (const s of symbols) {
      if (s.owner.change === 'deleted') continue;
      for (let line = s.startLine; line <= s.endLine; line++) {
        if (!s.madeAt(line)) continue;
        for (const m of (info.lines[line - 1] ?? '').matchAll(NAME_STRING)) {
          if (!written.has(m[2])) written.set(m[2], { owner: s.owner, line, family: family(info.language) });
        }
      }
    }
  }
  if (written.size === 0) return;
  const changed = new Set(report.symbols.map((s) => s.baseSymbol ?? s.symbol));
  const tables = new Map<string, { at: Located; line: number }[]>();
  for await (const info of index.mentioning(written.keys())) {
    const path = info.path;
    const here = [...written].filter(([, w]) => w.family === family(info.language)).map(([name]) => ({ name, key: keyAt(info.language, name) }));
    // A table is data of several lines (a map, a dict, an object literal), the change's own excepted.
    for (const def of info.defs.filter((d) => DATA_KINDS.has(d.kind) && d.endLine > d.startLine && !changed.has(d.symbol))) {
      const text = info.lines.slice(def.startLine - 1, def.endLine);
      for (const { name, key } of here) {
        const at = text.findIndex((l) => key.test(l));
        if (at >= 0) listAt(tables, name).push({ at: { path, def }, line: def.startLine + at });
      }
    }
  }
  // A table holding two of the names or more is keyed against the change's rows (each row's key
  // is there); holding one, it may share a common word (`"json"`): half the weight, weak evidence.
  const held = new Map<string, { at: Located; names: string[]; line: number }>();
  for (const [name, found] of tables) {
    if (found.length > limit) continue;
    for (const t of found) {
      const h = held.get(t.at.def.symbol) ?? { at: t.at, names: [], line: t.line };
      h.names.push(name);
      held.set(t.at.def.symbol, h);
    }
  }
  for (const h of held.values()) {
    const w = written.get(h.names[0])!;
    const more = h.names.length > 1 ? ` and ${h.names.length - 1} more` : '';
    const why = `holds "${h.names[0]}"${more} as keys (line ${h.line}), which the change writes (line ${w.line})`;
    link(h.at, 'data', w.owner, Math.min(1, h.names.length / KEYS_HELD), why, false);
  }
}

/** A table holding this many of the names a change writes links fully. */
const KEYS_HELD = 2;
