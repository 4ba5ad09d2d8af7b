// Module-level variables and constants (Go package variables, Python module globals, a TypeScript
// module `let`): where else the data the change's lines read or write by name is written and read.
// A writer of what the change reads decides its value; the other users of a name few definitions
// use are read beside the change (chi's `mSTUB` bit: the route table reads it, `Mount` sets it).
import { definitionAt } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { languageOf } from '../symbols/languages';
import { isTestPath } from '../symbols/testPaths';
import { listAt } from '../lists';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { family, WRITES } from './languageRules';
import type { LinkFn } from './links';
import type { Index, Located } from './repositoryIndex';

const familyOf = (path: string) => {
  const language = languageOf(path);
  return language && family(language);
};

export interface ModuleDataUse {
  data: Located;
  owner: ChangedSymbol;
  /** Does the change's line write it? */
  write: boolean;
  /** Only its writers: the change redefines it, and what reads it reads it as it always did. */
  writersOnly?: boolean;
  /** The change rewrites its value: its readers read the new one, and so do the readers of a value built from it. */
  value?: boolean;
}

/** A module variable the change reads links every writer (at most `limit`), and its readers too when at most `limit` definitions use it at all. */
export async function moduleDataUsers(index: Index, report: ChangeReport, uses: ModuleDataUse[], link: LinkFn, limit: number): Promise<void> {
  if (uses.length === 0) return;
  const names = [...new Set(uses.map((u) => u.data.def.name))];
  const sites = await dataSites(index, report, names);
  const derived: Derived[] = [];
  for (const u of uses) {
    const found = (sites.get(u.data.def.symbol) ?? []).filter((s) => familyOf(s.at.path) === familyOf(u.data.path));
    const writers = found.filter((s) => s.write);
    const users = new Set(found.map((s) => s.at.def.symbol));
    const name = u.data.def.name;
    if (!u.write && writers.length <= limit) for (const w of writers) link(w.at, 'data', u.owner, 1, `writes ${name} (line ${w.line})`, false);
    // A constant built from others (`mALL = mGET | mPOST | ...`) uses them as parts: their other
    // users (each route method reading its own bit) use the part, not the changed whole.
    if (users.size > limit || u.writersOnly || (!u.write && DATA_KINDS.has(u.owner.kind))) continue;
    const readers = found.filter((x) => !x.write);
    for (const s of readers) link(s.at, 'data', u.owner, 1, `${u.write ? 'reads' : 'also reads'} ${name} (line ${s.line})`, false);
    const values = readers.filter((r) => DATA_KINDS.has(r.at.def.kind) && r.at.def.parent === undefined);
    if (u.value) derived.push(...values.map((r) => ({ value: r.at, from: name, owner: u.owner })));
  }
  if (derived.length > 0) await derivedReaders(index, report, derived, link, limit);
}

/** Where each module-level definition named one of `names` is used by name in non-test code at base (by definition used), and whether written there. */
async function dataSites(index: Index, report: ChangeReport, names: string[]): Promise<Map<string, { at: Located; line: number; write: boolean }[]>> {
  const changed = new Set(report.symbols.map((s) => s.symbol));
  await index.definitions(names);
  const sites = new Map<string, { at: Located; line: number; write: boolean }[]>();
  for await (const info of index.mentioning(names)) {
    const path = info.path;
    for (const ref of await info.refs()) {
      if (ref.kind !== 'identifier' || !names.includes(ref.name)) continue;
      const text = info.lines[ref.line - 1] ?? '';
      if (/\.\s*$/.test(text.slice(0, ref.column))) continue;
      const user = definitionAt(info.defs, ref.line);
      if (!user || changed.has(user.symbol) || user.name === ref.name) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (!r.resolved) continue;
      const after = text.slice(ref.column + ref.name.length);
      // Python binds a name a function assigns to that function, unless it says `global`: there it is a local.
      if (info.language === 'python') {
        const body = info.lines.slice(user.startLine - 1, user.endLine);
        const assigns = body.some((l) => new RegExp(String.raw`^\s*${ref.name}\s*(?::[^=]*)?=(?!=)`).test(l));
        if (assigns && !body.some((l) => new RegExp(String.raw`^\s*global\b.*\b${ref.name}\b`).test(l))) continue;
      }
      const write = WRITES.test(after);
      for (const p of r.picked) {
        const list = listAt(sites, p.def.symbol);
        const had = list.find((x) => x.at.def.symbol === user.symbol);
        if (!had) list.push({ at: { path, def: user }, line: ref.line, write });
        else if (write && !had.write) Object.assign(had, { line: ref.line, write });
      }
    }
  }
  return sites;
}

/** A module-level value built from a changed one (`from`), read by the change's `owner` through it. */
interface Derived { value: Located; from: string; owner: ChangedSymbol }

/**
 * The readers of a value built from a changed one (`uLIDRegex = regexp.MustCompile(uLIDRegexString)`
 * is read by `isULID`): the changed value reaches them through it, two hops out, where few read it.
 */
async function derivedReaders(index: Index, report: ChangeReport, derived: Derived[], link: LinkFn, limit: number): Promise<void> {
  const sites = await dataSites(index, report, [...new Set(derived.map((d) => d.value.def.name))]);
  for (const d of derived) {
    const found = (sites.get(d.value.def.symbol) ?? []).filter((s) => familyOf(s.at.path) === familyOf(d.value.path));
    if (new Set(found.map((s) => s.at.def.symbol)).size > limit || found.some((s) => s.write)) continue;
    for (const s of found) link(s.at, 'data', d.owner, 1, `reads ${d.value.def.name}, built from ${d.from} (line ${s.line})`, false, 2);
  }
}

/**
 * Module-level data the change redefines. A table it adds a row to (chi's `methodMap`): read like
 * data its own lines read, the code that writes it at run time (`RegisterMethod`, which adds rows
 * past the built-in ones) is its neighbour; its readers read it as before. A value it rewrites (a
 * constant's one line: `uLIDRegexString = "^(?i)[A-HJKMNP-TV-Z0-9]{26}$"`): every reader reads
 * the new value, so its few readers are its neighbours too (moduleDataUsers), and where a reader is
 * itself a value built from it (`uLIDRegex = regexp.MustCompile(uLIDRegexString)`), that value's
 * few readers, two hops out (changedValueReaders).
 */
export async function changedModuleData(index: Index, report: ChangeReport): Promise<ModuleDataUse[]> {
  const out: ModuleDataUse[] = [];
  for (const s of report.symbols) {
    if (s.change !== 'modified' || !DATA_KINDS.has(s.kind) || isTestPath(s.file)) continue;
    const symbol = s.baseSymbol ?? s.symbol;
    const info = await index.file(index.base, s.file);
    const def = info?.defs.find((d) => d.symbol === symbol && d.parent === undefined && DATA_KINDS.has(d.kind));
    if (!info || !def) continue;
    const value = !isTable(info.lines, def);
    out.push({ data: { path: s.file, def }, owner: s, write: value, writersOnly: !value, value });
  }
  return out;
}

/** Does a definition hold rows (a literal opened at the end of its first line: `methodMap = map[string]int{`, `X = {`, `x = [`)? */
function isTable(lines: string[], def: { startLine: number; endLine: number }): boolean {
  return def.endLine > def.startLine && /[[{]\s*(?:(?:\/\/|#).*)?$/.test(lines[def.startLine - 1] ?? '');
}
