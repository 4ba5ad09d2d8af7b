// Data flow (docs/fixture-format.md#default-candidates): where the attributes the changed code
// reads are written, where those it writes (or a changed type declares) are read, and what such a
// reader calls in the branch the read decides.
import { Definition, definitionAt, enclosingDefinitions } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import type { Reference } from '../symbols/references';
import { listAt } from '../lists';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { CLASS_LIKE, family, FIELD_DECLARATION, IMPLICIT_CALLS, isWrite, SELF, short, shortName } from './languageRules';
import { receiverOf } from './receivers';
import { CONSTRUCTOR_WEIGHT, evidence, FAR_WEIGHT, LinkFn, OWN_STATE_WEIGHT } from './links';
import { ownNames } from './ownState';
import { FileInfo, Index, Located, moduleMember } from './repositoryIndex';

/** An attribute the changed code reads or writes: where, in which language family (data flows within one), and whether beside a changed line. */
export interface Access {
  owner: ChangedSymbol;
  line: number;
  family: string;
  near: boolean;
  /** Read or written through `self`/`this`: the class whose instance it is (as base holds it, where it does). */
  selfClass?: Located;
  /** Read through a field of the object's own class (`this.#options.parseJson`): the field's declared type is the class's. */
  throughField?: boolean;
  /** Read or written on the object the changed method runs on (`self`, `this`): its own state. */
  own?: boolean;
}

/**
 * Attributes (names no definition has) the changed source code reads or writes: the definitions
 * elsewhere that write what it reads (`teardown_request` fills the `teardown_request_funcs` that
 * `do_teardown_request` runs) or read what it writes (`dispatch_request` reads the
 * `provide_automatic_options` that `add_url_rule` sets), when few do; and what such a reader calls
 * in the branch the read decides. Constructors are left out: they initialise everything.
 */
export async function dataFlow(
  report: ChangeReport, index: Index, reads: Map<string, Access>, writes: Map<string, Access>, declared: Map<string, Access>,
  link: LinkFn, limit: number,
): Promise<void> {
  // A field declared anew is read where it is read, like one the code writes.
  for (const [name, a] of declared) if (!writes.has(name)) writes.set(name, a);
  const names = [...new Set([...reads.keys(), ...writes.keys()])];
  await index.definitions(names);
  // A class attribute or field is data too: `rule.provide_automatic_options` flows whether or not a class declares it.
  const plain = (n: string) => index.called(n).every((d) => DATA_KINDS.has(d.def.kind) && d.def.parent !== undefined);
  // A name its own object holds as data, shared with a function elsewhere (`self.sleep`): followed on that object alone.
  const own = await ownNames(index, [reads, writes], names.filter((n) => !plain(n)));
  const attributes = names.filter((n) => (plain(n) || own.has(n)) && !IMPLICIT_CALLS.test(n));
  if (attributes.length === 0) return;
  const changedNames = new Set(report.symbols.map((s) => s.symbol));
  interface Site {
    info: FileInfo; def: Definition; line: number; column: number; selfClass?: Definition;
    /** The class whose attribute the definition reads or writes through `self`/`this` at any of its accesses (the first may be `self.cycle.x`). */
    ownClass?: Definition;
    ownLine?: number;
  }
  const readers = new Map<string, Site[]>();
  const writers = new Map<string, Site[]>();
  /** Module-level data naming a declared field as a key (`kyOptionKeys = {throwHttpErrors: true, ...}`): a registry of the fields. */
  const registries = new Map<string, Site[]>();
  const wanted = new Set(attributes);
  const declarers = new Map<string, Site[]>();
  for await (const info of index.mentioning(attributes)) {
    // Only what the parser calls an identifier: never a comment, a docstring, a JSDoc example or a string.
    // (Built at the first access of a followed name, if any.)
    const refs = await info.refs();
    let code: Set<string> | undefined;
    const isCode = (line: number, column: number) =>
      (code ??= new Set(refs.filter((r) => r.kind === 'identifier').map((r) => `${r.line}:${r.column}`))).has(`${line}:${column}`);
    // A callable its own object holds (`await self.sleep(delay)`) is read where it is called.
    let called: Set<string> | undefined;
    const isCall = (line: number, column: number) =>
      (called ??= new Set(refs.filter((r) => r.kind === 'call').map((r) => `${r.line}:${r.column}`))).has(`${line}:${column}`);
    info.lines.forEach((text, i) => {
      // Only the names followed matter: what is worked out of each access is worked out of theirs.
      const accesses = [
        ...[...text.matchAll(/\.\s*(\w+)\b/g)].filter((m) => wanted.has(m[1])).map((m) => {
          const column = m.index + m[0].indexOf(m[1]);
          const before = text.slice(0, column);
          const write = isWrite(before, text.slice(m.index + m[0].length));
          const self = SELF.has(receiverOf(before) ?? '');
          const inCode = (isCode(i + 1, column) || (self && own.has(m[1]) && isCall(i + 1, column))) && !moduleMember(info, before);
          return { name: m[1], column, code: inCode, write, self };
        }),
        ...[...text.matchAll(/\b(get|set)attr\(\s*[^,()]+,\s*["'](\w+)["']/g)].map((m) => ({
          name: m[2], column: m.index + m[0].indexOf(m[2]), code: true, write: m[1] === 'set', self: false })),
      ];
      for (const a of accesses) {
        if (!wanted.has(a.name) || !a.code) continue;
        const def = definitionAt(info.defs, i + 1);
        if (!def || changedNames.has(def.symbol)) continue;
        const into = a.write ? writers : readers;
        const list = into.get(a.name) ?? [];
        const selfClass = a.self ? enclosingDefinitions(info.defs, i + 1).filter((d) => CLASS_LIKE.has(d.kind)).pop() : undefined;
        const had = list.find((x) => x.def.symbol === def.symbol);
        if (!had) list.push({ info, def, line: i + 1, column: a.column, selfClass, ownClass: selfClass, ownLine: selfClass && i + 1 });
        else if (!had.ownClass && selfClass) Object.assign(had, { ownClass: selfClass, ownLine: i + 1 });
        into.set(a.name, list);
      }
    });
    const pattern = FIELD_DECLARATION[family(info.language)];
    for (const def of pattern && family(info.language) === 'typescript' ? info.defs : []) {
      if ((def.kind !== 'type' && !CLASS_LIKE.has(def.kind)) || changedNames.has(def.symbol)) continue;
      const comment = commentLines(info.lines, def.startLine, def.endLine);
      for (let line = def.nameLine + 1; line <= def.endLine; line++) {
        const name = comment.has(line) ? undefined : pattern!.exec(info.lines[line - 1] ?? '')?.[1];
        const read = name !== undefined && wanted.has(name) ? reads.get(name) : undefined;
        // Innermost only: a type literal nested in another type declares for the inner one.
        const inner = info.defs.some((d) => d !== def && d.kind === def.kind && d.startLine > def.startLine && d.startLine <= line && d.endLine >= line);
        if (!read?.near || !read.throughField || inner) continue;
        const list = listAt(declarers, name!);
        if (!list.some((x) => x.def.symbol === def.symbol)) list.push({ info, def, line, column: 0 });
      }
    }
    for (const def of info.defs) {
      if (!DATA_KINDS.has(def.kind) || def.parent !== undefined || changedNames.has(def.symbol)) continue;
      for (let line = def.startLine; line <= def.endLine; line++) {
        for (const m of (info.lines[line - 1] ?? '').matchAll(/(?<![\w$.])["']?([A-Za-z_$][\w$]*)["']?\s*:(?![:=])/g)) {
          if (!declared.has(m[1]) || !wanted.has(m[1])) continue;
          const list = listAt(registries, m[1]);
          if (!list.some((x) => x.def.symbol === def.symbol)) list.push({ info, def, line, column: m.index });
        }
      }
    }
  }
  // The type that declares a field the change's lines read through a field of their own object
  // (`this.#options.parseJson` -> `KyOptions`, where `parseJson?:` says what it is): a TypeScript
  // interface or type literal's fields are no definitions of their own. Through a local
  // (`options.prefixUrl`, `url.pathname`) the name is too common to say which type it is.
  for (const [field, list] of declarers) {
    const read = reads.get(field)!;
    if (list.length > DECLARERS_LIMIT) continue;
    const why = `declares ${field}, read by ${shortName(read.owner.symbol)} (line ${read.line})`;
    for (const t of list) link({ path: t.info.path, def: t.def }, 'type', read.owner, 1, why, false);
  }
  for (const [field, d] of declared) {
    const found = (registries.get(field) ?? []).filter((r) => family(r.info.language) === d.family);
    if (found.length > limit) continue;
    for (const r of found) link({ path: r.info.path, def: r.def }, 'data', d.owner, 1, `lists ${field} as a key (line ${r.line})`, false);
  }
  /** The attribute a site reads or writes through `self`/`this`, as its class defines it (a class attribute, a field, an instance attribute). */
  const attributeOf = (site: Site, attribute: string): Located | undefined =>
    site.ownClass && index.called(attribute).find((d) => d.path === site.info.path && d.def.parent === site.ownClass!.symbol && DATA_KINDS.has(d.def.kind));
  /** `self.x` in a class neither extending nor extended by the change's own `self` class is another object's `x`. */
  const sameObject = async (a: Access, sites: Site[], attribute: string): Promise<Site[]> => {
    const out: Site[] = [];
    for (const site of sites.filter((x) => family(x.info.language) === a.family && (!own.has(attribute) || (a.selfClass && x.selfClass)))) {
      const related = !a.selfClass || !site.selfClass || (await index.lineage(a.selfClass)).has(site.selfClass.name)
        || (await index.lineage({ path: site.info.path, def: site.selfClass })).has(a.selfClass.def.name);
      if (related) out.push(site);
    }
    return out;
  };
  /**
   * Where more methods than `limit` read what the change writes on its own object, those of the
   * writer's class and the classes extending it: they run on the objects it sets up (a base
   * class's `copy` and `__repr__` read every attribute of every subclass).
   */
  const ownReaders = async (write: Access, sites: Site[]): Promise<Site[]> => {
    if (sites.length <= limit || !write.own || !write.selfClass) return sites;
    const out: Site[] = [];
    for (const site of sites) {
      if (site.selfClass && (await index.lineage({ path: site.info.path, def: site.selfClass })).has(write.selfClass.def.name)) out.push(site);
    }
    return out.length > 0 ? out : sites;
  };
  for (const [attribute, read] of reads) {
    if (!wanted.has(attribute)) continue;
    const found = await sameObject(read, writers.get(attribute) ?? [], attribute);
    if (found.filter((w) => !IMPLICIT_CALLS.test(w.def.name)).length > limit) continue;
    // A constructor that sets the attribute up is a writer too: where the change's own lines read the
    // attribute, where its value comes from (`Scaffold.__init__` sets the `root_path` the change opens
    // files under); else ranked below the methods that change it. Where only lines the change left
    // alone read it, every writer weighs FAR_WEIGHT, like any use there: a 250-line method that changed
    // in one `if` reads dozens of fields whose writers are not the change's.
    for (const w of found) {
      const constructor = IMPLICIT_CALLS.test(w.def.name);
      const why = `${constructor ? 'sets up' : 'writes'} ${attribute} (line ${w.line})`;
      const weight = read.near ? 1 : constructor ? CONSTRUCTOR_WEIGHT * FAR_WEIGHT : FAR_WEIGHT;
      link({ path: w.info.path, def: w.def }, 'data', read.owner, weight, why, false);
      // The attribute itself, where the writer's class defines it (`self.root_path = ...`): the data the two share.
      // An instance attribute the change read on its own object is the method's own state: weak evidence (OWN_STATE_WEIGHT).
      const held = attributeOf(w, attribute);
      const state = read.own && held?.def.assignedIn !== undefined ? OWN_STATE_WEIGHT : 1;
      if (held) link(held, 'data', read.owner, weight * state, `holds what ${short(w.def.symbol)} writes (line ${w.ownLine})`, false);
    }
  }
  for (const [attribute, write] of writes) {
    if (!wanted.has(attribute)) continue;
    const found = await ownReaders(write, await sameObject(write, readers.get(attribute) ?? [], attribute));
    if (found.length > limit) continue;
    for (const r of found) {
      link({ path: r.info.path, def: r.def }, 'data', write.owner, evidence(write.near), `reads ${attribute} (line ${r.line})`, false);
      const held = attributeOf(r, attribute);
      const state = write.own && held?.def.assignedIn !== undefined ? OWN_STATE_WEIGHT : 1;
      if (held) link(held, 'data', write.owner, evidence(write.near) * state, `holds what ${short(r.def.symbol)} reads (line ${r.ownLine})`, false);
      for (const call of await guardedCalls(r.info, r.line)) {
        const res = await index.resolve(r.info, call.line, call.column, call.name);
        if (!res.resolved) continue;
        const why = `called when ${shortName(r.def.symbol)} reads ${attribute} (line ${call.line})`;
        for (const p of res.picked) link(p, 'data', write.owner, evidence(write.near), why, false, 2);
      }
    }
  }
}

/** A field read on the change's lines links the types declaring it only when at most this many do (past that, it is a common name). */
const DECLARERS_LIMIT = 2;

/** The lines of [from, to] inside a block comment (a JSDoc example's `parseJson: text => ...` declares nothing). */
function commentLines(lines: string[], from: number, to: number): Set<number> {
  const out = new Set<number>();
  let open = false;
  for (let line = from; line <= to; line++) {
    const text = lines[line - 1] ?? '';
    if (open || /^\s*\/\*/.test(text)) out.add(line);
    if (!open && /\/\*/.test(text) && !/\*\//.test(text.slice(text.indexOf('/*') + 2))) open = true;
    else if (open && /\*\//.test(text)) open = false;
  }
  return out;
}

/**
 * The calls in the branch a condition on `line` decides: the `if` whose header holds the line
 * (up to a few lines above it), and the lines indented under it. By indentation, as it reads.
 */
async function guardedCalls(info: FileInfo, line: number): Promise<Reference[]> {
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  let header = -1;
  for (let i = line; i >= Math.max(1, line - 4); i--) {
    if (/^\s*(?:\}\s*)?(?:if|elif|else\s+if)\b/.test(info.lines[i - 1] ?? '')) {
      header = i;
      break;
    }
  }
  if (header < 0) return [];
  const level = indent(info.lines[header - 1]);
  let body = -1;
  for (let i = line; i <= Math.min(info.lines.length, line + 4); i++) {
    if (/[:{]\s*(?:#.*)?$/.test(info.lines[i - 1])) {
      body = i + 1;
      break;
    }
  }
  if (body < 0) return [];
  let end = body;
  while (end <= info.lines.length && (info.lines[end - 1].trim() === '' || indent(info.lines[end - 1]) > level)) end++;
  return (await info.refs()).filter((r) => r.kind === 'call' && r.line >= body && r.line < end);
}
