// One hop out through a type (docs/fixture-format.md#default-candidates): what a change reaches
// through the types and names it touches rather than through a call or a data flow of its lines.
// Each rule is a reason an expert gives for reading a definition no call of the change leads to:
// - an alias of a changed function (`export const setHeaders = setResponseHeaders`): the same
//   function under the name its users call;
// - a type the changed lines name (`Record<HTTPHeaderName, ...>`): what that type is built from
//   (`type HTTPHeaderName = _HTTPHeaderName | Lowercase<_HTTPHeaderName>`), and the few other types
//   built from it (`type RequestHeaders = Partial<Record<HTTPHeaderName, string>>`);
// - a key the changed lines write into a dict (`"path": full_path`, `scope["path"] = ...`): that
//   key of a TypedDict the file names (`HTTPScope.path`), whose meaning the change alters;
// - a changed Go type: the interfaces of the repository whose methods it has (`WriteSyncer`, which a
//   writer with `Write` and `Sync` satisfies): the contract it is handed on under.
// Each weighs below a resolved call, and each gives up where the type is vocabulary (too many).
import type { Definition } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { isTestPath } from '../symbols/testPaths';
import { listAt } from '../lists';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { sidesOf } from './changedSides';
import { CLASS_LIKE, dirname, family, FIELD_DECLARATION, shortName } from './languageRules';
import { holdsName } from './namePatterns';
import type { LinkFn } from './links';
import { classBases } from './receivers';
import type { FileInfo, Index, Located } from './repositoryIndex';

/** An alias is the function itself under another name: a full link, as a caller (its users call the change through it). */
const ALIAS_WEIGHT = 1;
/** A type a type is built from, or built from it: half a link spread over how many (one alone is strong evidence, two are not). */
const TYPE_SOURCE_WEIGHT = 0.5;
/** Past this many sources or derived types, the type is vocabulary, not a part of the change. */
const TYPE_SOURCE_LIMIT = 3;
/** A written key of a TypedDict weighs a data link (half a call) for each changed definition that writes it. */
const KEY_WEIGHT = 1;
/** A key more of the repository's TypedDicts declare than this (a `type` tag every message has) says nothing of which one. */
const KEY_SHARED_LIMIT = 3;
/** A changed definition that writes more keys of one TypedDict than this builds the whole dict: the TypedDict is linked, not its keys. */
const KEYS_LIMIT = 3;
/** An interface of fewer methods names a verb or two many types have (`Enabled`): a match by name says little. */
const INTERFACE_METHODS_MIN = 2;
/** An interface a changed type satisfies: half a link, spread over how many it satisfies. */
const INTERFACE_WEIGHT = 0.5;
/** A type that satisfies more interfaces than this is handed on under none of them in particular. */
const INTERFACE_LIMIT = 3;

const spread = (n: number) => 1 / Math.sqrt(Math.max(1, n));
const baseName = (s: ChangedSymbol) => s.baseSymbol ?? s.symbol;

/** Every rule of this module, in one call from neighbours.ts. */
export async function throughTypes(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  await aliasesOf(index, report, link);
  await typeSources(index, report, link);
  await builtFromChanged(index, report, link);
  await parallelMembers(index, report, link);
  await typedDictKeys(index, report, link);
  await satisfiedInterfaces(index, report, link);
}

/** `NAME = TARGET` on one line (`export const`, `let`, `var`, an annotation, a Go `var`): TARGET, perhaps qualified, and nothing else. */
const ALIAS =
  /^\s*(?:export\s+)?(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*((?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*))\s*;?\s*(?:(?:\/\/|#).*)?$/;

/** Data definitions (module or class level) whose whole value is a changed function: its aliases. */
export async function aliasesOf(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const functions = report.symbols.filter((s) => s.change !== 'added' && !isTestPath(s.file) && (s.kind === 'function' || s.kind === 'method'));
  if (functions.length === 0) return;
  const byName = new Map<string, ChangedSymbol[]>();
  for (const s of functions) listAt(byName, shortName(baseName(s))).push(s);
  for await (const info of index.mentioning(byName.keys())) {
    for (const d of info.defs) {
      if (!DATA_KINDS.has(d.kind) || d.startLine !== d.endLine) continue;
      const text = info.lines[d.startLine - 1] ?? '';
      const m = ALIAS.exec(text);
      const wanted = m && m[1] === d.name && m[3] !== d.name ? byName.get(m[3]) : undefined;
      if (!m || !wanted) continue;
      // The value after the `=` (not a comment's mention of the name after it).
      const column = text.indexOf(m[2], text.search(/=(?!>)/) + 1) + m[2].length - m[3].length;
      const r = await index.resolve(info, d.startLine, column, m[3]);
      if (!r.resolved && r.picked.length > 1) continue;
      for (const via of wanted.filter((w) => r.picked.some((p) => p.def.symbol === baseName(w)))) {
        link({ path: info.path, def: d }, 'caller', via, ALIAS_WEIGHT, `an alias of ${m[3]} (line ${d.startLine})`, false);
      }
    }
  }
}

/**
 * A type alias or defined type composed of other types (`type X = A | Lowercase<A>`, `Partial<Record<K, V>>`, Go's `type X Y`):
 * what it is built from is its own text. Not an object type, a function type, a struct or an interface: their parts are fields
 * and parameters, which other rules read.
 */
function isComposed(d: Definition, lines: string[]): boolean {
  if (d.kind !== 'type') return false;
  const head = lines.slice(d.nameLine - 1, d.endLine).join(' ');
  const after = head.slice(d.nameColumn + d.name.length).replace(/^\s*(?:<[^=]*>|\[[^\]]*\])?\s*=?\s*[|&]?\s*/, '');
  return !/^(?:\{|\(|<|func\b|struct\b|interface\b|new\b)/.test(after);
}

/**
 * The types the changed lines name (resolved, outside tests, not themselves changed): what each is
 * built from, and the few other types built from it. Two hops out (change, type, its source): listed
 * only on evidence that stands alone.
 */
export async function typeSources(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, baseName(s)]));
  const named = new Map<string, { type: Located; via: ChangedSymbol }>();
  for (const { info, symbols } of await sidesOf(index, report)) {
    if (isTestPath(info.path)) continue;
    const refs = (await info.refs()).filter((r) => r.kind === 'type');
    for (const s of symbols) {
      for (const r of refs) {
        if (r.line < s.startLine || r.line > s.endLine || !s.madeAt(r.line)) continue;
        const res = await index.resolve(info, r.line, r.column, r.name);
        if (!res.resolved) continue;
        for (const p of res.picked) {
          if (p.def.kind !== 'type' || isTestPath(p.path) || changed.has(p.def.symbol) || named.has(p.def.symbol)) continue;
          if (isComposed(p.def, (await index.file(index.base, p.path))?.lines ?? [])) named.set(p.def.symbol, { type: p, via: s.owner });
        }
      }
    }
  }
  for (const { type, via } of named.values()) {
    const sources = (await sourcesOf(index, type)).filter((x) => !changed.has(x.def.symbol));
    if (sources.length <= TYPE_SOURCE_LIMIT) {
      for (const x of sources) {
        const why = `${type.def.name} is built from it; the changed lines name ${type.def.name}`;
        link(x, 'type', via, TYPE_SOURCE_WEIGHT * spread(sources.length), why, false, 2);
      }
    }
    const derived = (await derivedFrom(index, type)).filter((x) => !changed.has(x.def.symbol));
    if (derived.length <= TYPE_SOURCE_LIMIT) {
      for (const x of derived) {
        const why = `built from ${type.def.name} (line ${x.def.nameLine}), which the changed lines name`;
        link(x, 'type', via, TYPE_SOURCE_WEIGHT * spread(derived.length), why, false, 2);
      }
    }
  }
}

/**
 * A type the change modifies or deletes: the few type aliases built from it (`type GlobalOptions =
 * Pick<FetchOptions, "retry" | "retryDelay">`, `Partial<Options>`, a union naming it), which change
 * with it: what a member it re-types means there is what the alias passes on.
 */
export async function builtFromChanged(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, baseName(s)]));
  for (const s of report.symbols) {
    if (s.change === 'added' || isTestPath(s.file) || !(s.kind === 'type' || CLASS_LIKE.has(s.kind))) continue;
    const def = (await index.file(index.base, s.file))?.defs.find((d) => d.symbol === baseName(s));
    if (!def) continue;
    const derived = (await derivedFrom(index, { path: s.file, def })).filter((x) => !changed.has(x.def.symbol));
    if (derived.length === 0 || derived.length > TYPE_SOURCE_LIMIT) continue;
    for (const x of derived) {
      const why = `built from ${def.name} (line ${x.def.nameLine}), which the change ${s.change === 'deleted' ? 'deletes' : 'modifies'}`;
      link(x, 'type', s, TYPE_SOURCE_WEIGHT * spread(derived.length), why, false);
    }
  }
}

/** Another type of the folder declaring a member the change re-declares: half a link, spread over how many. */
const PARALLEL_MEMBER_WEIGHT = 0.5;
/** A member more types of the folder declare than this (`base`, `name`) says nothing of which. */
const PARALLEL_MEMBER_LIMIT = 2;

/**
 * A member a changed type declares anew on a line the change made, at the type's own level
 * (`binding?: string | R2Bucket` in an options interface, `getItems: <U extends T>(...)` in a
 * contract): the other types of the same folder that declare a member of that name at their own
 * level (the sibling driver's `KVOptions.binding`, the `Driver` interface's `getItems`), what the
 * re-declared member is kept in step with. None where more than 2 do.
 */
export async function parallelMembers(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, baseName(s)]));
  const members = new Map<string, { owner: ChangedSymbol; folder: string; line: number }>();
  for (const { info, symbols } of await sidesOf(index, report)) {
    const declaration = FIELD_DECLARATION[family(info.language)];
    if (isTestPath(info.path) || !declaration) continue;
    for (const s of symbols) {
      const def = info.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
      if (!def || s.owner.change !== 'modified' || !(CLASS_LIKE.has(def.kind) || def.kind === 'type')) continue;
      const level = memberIndent(info.lines, def);
      for (let line = def.startLine + 1; line < def.endLine; line++) {
        const text = info.lines[line - 1] ?? '';
        const name = s.madeAt(line) && indentOf(text) === level ? declaration.exec(text)?.[1] : undefined;
        if (name && !members.has(`${s.owner.symbol}\0${name}`)) members.set(`${s.owner.symbol}\0${name}`, { owner: s.owner, folder: dirname(info.path), line });
      }
    }
  }
  // Each folder is searched once for all the names re-declared in it, and each type there read once for its own members.
  const declaredIn = new Map<string, Map<string, Located[]>>();
  for (const folder of new Set([...members.values()].map((m) => m.folder))) {
    const names = new Set([...members].filter(([, m]) => m.folder === folder).map(([key]) => key.slice(key.indexOf('\0') + 1)));
    const byName = new Map<string, Located[]>();
    for await (const info of index.mentioning(names, { folder })) {
      const declaration = FIELD_DECLARATION[family(info.language)];
      if (!declaration) continue;
      for (const d of info.defs) {
        if (!(CLASS_LIKE.has(d.kind) || d.kind === 'type') || changed.has(d.symbol) || d.parent !== undefined) continue;
        const level = memberIndent(info.lines, d);
        const own = new Set<string>();
        for (let at = d.startLine + 1; at < d.endLine; at++) {
          const text = info.lines[at - 1] ?? '';
          const name = indentOf(text) === level ? declaration.exec(text)?.[1] : undefined;
          if (name && names.has(name)) own.add(name);
        }
        for (const name of own) listAt(byName, name).push({ path: info.path, def: d });
      }
    }
    declaredIn.set(folder, byName);
  }
  for (const [key, { owner, folder, line }] of members) {
    const name = key.slice(key.indexOf('\0') + 1);
    const found = declaredIn.get(folder)?.get(name) ?? [];
    if (found.length === 0 || found.length > PARALLEL_MEMBER_LIMIT) continue;
    for (const t of found) {
      const why = `declares ${name} too, which ${shortName(owner.symbol)} declares anew (line ${line})`;
      link(t, 'type', owner, PARALLEL_MEMBER_WEIGHT * spread(found.length), why, false);
    }
  }
}

const indentOf = (text: string) => (text.trim() === '' ? -1 : /^\s*/.exec(text)![0].length);

/** The indentation of a type's own members: the least of its body's non-empty lines (a nested parameter is deeper). */
function memberIndent(lines: string[], def: Definition): number {
  let least = Infinity;
  for (let line = def.startLine + 1; line < def.endLine; line++) {
    const n = indentOf(lines[line - 1] ?? '');
    if (n >= 0 && n < least) least = n;
  }
  return least;
}

/** Can a type be built from this definition: a type, a class-like one, or a constant list (`(typeof NAMES)[number]`)? */
const TYPE_MATERIAL = (d: Definition) => d.kind === 'type' || CLASS_LIKE.has(d.kind) || d.kind === 'constant' || d.kind === 'variable';

/** The repository's definitions a type alias's own text names (resolved, outside tests): what it is built from. */
async function sourcesOf(index: Index, type: Located): Promise<Located[]> {
  const info = await index.file(index.base, type.path);
  if (!info) return [];
  const out = new Map<string, Located>();
  for (const r of await info.refs()) {
    if (r.line < type.def.startLine || r.line > type.def.endLine || (r.line === type.def.nameLine && r.column === type.def.nameColumn)) continue;
    const res = await index.resolve(info, r.line, r.column, r.name);
    if (!res.resolved) continue;
    for (const p of res.picked) {
      if (p.def.symbol !== type.def.symbol && !p.local && !p.def.parent && !isTestPath(p.path) && TYPE_MATERIAL(p.def)) out.set(p.def.symbol, p);
    }
  }
  return [...out.values()];
}

/** Type aliases outside tests whose text names `type` (resolved to it): the other types built from it. */
async function derivedFrom(index: Index, type: Located): Promise<Located[]> {
  const out = new Map<string, Located>();
  for await (const info of index.mentioning([type.def.name])) {
    const aliases = info.defs.filter((d) => isComposed(d, info.lines) && d.symbol !== type.def.symbol);
    if (aliases.length === 0) continue;
    for (const r of await info.refs()) {
      if (r.name !== type.def.name) continue;
      const alias = aliases.find((d) => r.line >= d.startLine && r.line <= d.endLine);
      if (!alias || out.has(alias.symbol)) continue;
      const res = await index.resolve(info, r.line, r.column, r.name);
      if (res.resolved && res.picked.some((p) => p.def.symbol === type.def.symbol)) out.set(alias.symbol, { path: info.path, def: alias });
    }
  }
  return [...out.values()];
}

/** A string key written on a line: a dict literal's `"key": value`, or `target["key"] = value`. */
const KEY_WRITE = /(["'])([A-Za-z_]\w*)\1\s*(?::(?!:)|\]\s*=(?!=))/g;

/**
 * Python: the keys the changed lines write (made lines only: a key written as before keeps its
 * meaning), as fields of the TypedDicts the changed file names (imports or annotates with): the
 * key whose meaning the change alters (`"path": full_path` -> `HTTPScope.path`).
 */
export async function typedDictKeys(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const sides = (await sidesOf(index, report)).filter((s) => s.info.language === 'python' && !isTestPath(s.info.path));
  const writes: { info: FileInfo; owner: ChangedSymbol; line: number; key: string }[] = [];
  for (const { info, symbols } of sides) {
    for (const s of symbols) {
      for (let line = s.startLine; line <= s.endLine; line++) {
        if (!s.madeAt(line)) continue;
        for (const m of (info.lines[line - 1] ?? '').matchAll(KEY_WRITE)) writes.push({ info, owner: s.owner, line, key: m[2] });
      }
    }
  }
  if (writes.length === 0) return;
  const dicts = await typedDicts(index);
  if (dicts.length === 0) return;
  const fieldsOf = new Map<string, Definition[]>();
  for (const d of dicts) {
    fieldsOf.set(d.def.symbol, (await index.file(index.base, d.path))?.defs.filter((f) => f.parent === d.def.symbol && DATA_KINDS.has(f.kind)) ?? []);
  }
  const sharing = (key: string) => dicts.filter((d) => fieldsOf.get(d.def.symbol)!.some((f) => f.name === key)).length;
  // Per changed definition and TypedDict: the keys it writes, each with its first line.
  const written = new Map<string, { owner: ChangedSymbol; dict: Located; fields: Map<string, { field: Located; line: number }> }>();
  // Which TypedDicts each changed file names, read once per file (a file writes many keys).
  const named = new Map<FileInfo, Located[]>();
  const namedIn = (info: FileInfo) => {
    let found = named.get(info);
    if (!found) {
      const text = info.lines.join('\n');
      named.set(info, found = dicts.filter((d) => holdsName(text, d.def.name)));
    }
    return found;
  };
  for (const w of writes) {
    for (const d of namedIn(w.info)) {
      const field = fieldsOf.get(d.def.symbol)!.find((f) => f.name === w.key);
      if (!field || sharing(w.key) > KEY_SHARED_LIMIT) continue;
      const key = `${w.owner.symbol}\0${d.def.symbol}`;
      const entry = written.get(key) ?? { owner: w.owner, dict: d, fields: new Map() };
      if (!entry.fields.has(w.key)) entry.fields.set(w.key, { field: { path: d.path, def: field }, line: w.line });
      written.set(key, entry);
    }
  }
  for (const { owner, dict, fields } of written.values()) {
    if (fields.size > KEYS_LIMIT) {
      link(dict, 'type', owner, TYPE_SOURCE_WEIGHT, `a TypedDict whose keys ${shortName(owner.symbol)} writes`, false);
      continue;
    }
    for (const [key, { field, line }] of fields) {
      link(field, 'data', owner, KEY_WEIGHT, `the key "${key}" of ${dict.def.name}, written by ${shortName(owner.symbol)} (line ${line})`, false);
    }
  }
}

/** The repository's TypedDict classes outside tests, and the classes that extend one. */
async function typedDicts(index: Index): Promise<Located[]> {
  const found: Located[] = [];
  for await (const info of index.mentioning(['TypedDict'])) {
    if (info.language !== 'python') continue;
    for (const d of info.defs) {
      if (d.kind === 'class' && classBases(info.language, info.lines, d).includes('TypedDict')) found.push({ path: info.path, def: d });
    }
  }
  if (found.length === 0) return found;
  // One level of TypedDicts built on another (`class Child(Parent, total=False)`).
  const names = new Set(found.map((d) => d.def.name));
  for await (const info of index.mentioning(names)) {
    for (const d of info.defs) {
      if (d.kind !== 'class' || found.some((f) => f.def.symbol === d.symbol)) continue;
      if (classBases(info.language, info.lines, d).some((b) => names.has(b))) found.push({ path: info.path, def: d });
    }
  }
  return found;
}

/** Interfaces of Go's standard library that a repository's interfaces embed, by their methods (a fact of the language's library, not of a repository). */
const GO_LIBRARY_INTERFACES: Record<string, string[]> = {
  'io.Writer': ['Write'], 'io.Reader': ['Read'], 'io.Closer': ['Close'], 'io.Seeker': ['Seek'],
  'io.ReadWriter': ['Read', 'Write'], 'io.ReadCloser': ['Read', 'Close'], 'io.WriteCloser': ['Write', 'Close'],
  'io.ReadWriteCloser': ['Read', 'Write', 'Close'], 'io.StringWriter': ['WriteString'], 'io.ByteWriter': ['WriteByte'],
  'io.WriterTo': ['WriteTo'], 'io.ReaderFrom': ['ReadFrom'], 'fmt.Stringer': ['String'], error: ['Error'],
  'http.Handler': ['ServeHTTP'], 'sort.Interface': ['Len', 'Less', 'Swap'],
  'encoding.TextMarshaler': ['MarshalText'], 'encoding.TextUnmarshaler': ['UnmarshalText'],
  'json.Marshaler': ['MarshalJSON'], 'json.Unmarshaler': ['UnmarshalJSON'],
};

/**
 * Go: the interfaces outside tests (of two methods or more) whose every method a changed type has at
 * base: what the type is handed on as (`zapcore.WriteSyncer` for a writer with `Write` and `Sync`).
 * A changed type is one whose own definition the change modifies or deletes; a type that only gains
 * or changes a method is linked by its members' rules.
 */
export async function satisfiedInterfaces(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  // The types whose own definition the change modifies or deletes (a rename deletes one): their identity is what changes.
  const types = report.symbols.filter((s) => s.file.endsWith('.go') && !isTestPath(s.file) && (s.kind === 'struct' || s.kind === 'type')
    && s.change !== 'added').map((s) => ({ folder: dirname(s.file), name: shortName(baseName(s)), via: s }));
  for (const t of types.values()) {
    const methods = new Set(await goMethods(index, t.folder, t.name));
    if (methods.size === 0) continue;
    const satisfied: Located[] = [];
    const seen = new Set<string>();
    for await (const info of index.mentioning(methods)) {
      if (info.language !== 'go') continue;
      for (const d of info.defs.filter((x) => x.kind === 'interface' && !seen.has(x.symbol))) {
        seen.add(d.symbol);
        const wanted = await interfaceMethods(index, { path: info.path, def: d }, 0);
        const itself = d.name === t.name && dirname(info.path) === t.folder;
        if (!itself && wanted && wanted.size >= INTERFACE_METHODS_MIN && [...wanted].every((m) => methods.has(m))) satisfied.push({ path: info.path, def: d });
      }
    }
    if (satisfied.length === 0 || satisfied.length > INTERFACE_LIMIT) continue;
    for (const i of satisfied) {
      const why = `satisfied by ${t.name}, which has its methods`;
      link(i, 'type', t.via, INTERFACE_WEIGHT * spread(satisfied.length), why, false);
    }
  }
}

/** The methods of Go type `name` in package folder `folder` at base, by name. */
async function goMethods(index: Index, folder: string, name: string): Promise<string[]> {
  const out: string[] = [];
  for await (const info of index.mentioning([name], { folder })) {
    for (const d of info.defs) if (d.kind === 'method' && d.parent !== undefined && shortName(d.parent) === name) out.push(d.name);
  }
  return out;
}

/** An embedded interface on its own line of an interface's body (`io.Writer`, `LevelEnabler`). */
const EMBEDDED = /^\s*([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?)\s*(?:\/\/.*)?$/;

/** An interface's method names, its embedded interfaces' included; undefined where an embedded one is not known (its methods cannot be told). */
async function interfaceMethods(index: Index, iface: Located, depth: number): Promise<Set<string> | undefined> {
  const info = await index.file(index.base, iface.path);
  if (!info || depth > 3) return undefined;
  const out = new Set(info.defs.filter((d) => d.parent === iface.def.symbol && d.kind === 'method').map((d) => d.name));
  for (let line = iface.def.startLine + 1; line < iface.def.endLine; line++) {
    const embedded = EMBEDDED.exec(info.lines[line - 1] ?? '')?.[1];
    if (!embedded) continue;
    const library = GO_LIBRARY_INTERFACES[embedded];
    if (library) {
      for (const m of library) out.add(m);
      continue;
    }
    const name = embedded.split('.').pop()!;
    await index.definitions([name]);
    const found = index.pick(index.called(name).filter((c) => c.def.kind === 'interface' && !isTestPath(c.path)), info);
    if (found.length !== 1) return undefined;
    const inner = await interfaceMethods(index, found[0], depth + 1);
    if (!inner) return undefined;
    for (const m of inner) out.add(m);
  }
  return out;
}
