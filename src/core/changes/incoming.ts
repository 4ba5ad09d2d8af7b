// Incoming links: definitions at base that call a changed (existing) symbol, are decorated with it,
// register it, extend a changed class, or build one whose constructor changed.
import { definitionAt } from '../symbols/definitions';
import type { Reference } from '../symbols/references';
import { isTestPath } from '../symbols/testPaths';
import { listAt } from '../lists';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { constructorCalls } from './constructors';
import { CLASS_LIKE, IMPLICIT_CALLS, isWrite, shortName } from './languageRules';
import { AMBIGUOUS_LIMIT, type LinkSet } from './links';
import type { FileInfo, Index, Located } from './repositoryIndex';

/** A changed type used by more type definitions than this is a vocabulary type: none of them is about the change. */
const TYPE_USERS_LIMIT = 3;
/**
 * A type built from a changed type is weak evidence (on the tuning and held-out halves of rounds 1 to 3 two
 * in ten were ground truth): listed only while few neighbours have strong evidence.
 */
const TYPE_USER_WEIGHT = 0.25;

/** A changed symbol with more non-test callers than this is called from everywhere: none of them is about the change in particular. */
const FEW_CALLERS = 5;
/**
 * Each caller of a symbol called from more than FEW_CALLERS places weighs a quarter: listed only
 * while few neighbours have strong evidence (on the tuning halves of rounds 1-8, 44 such callers
 * were listed at a full link's weight and none was ground truth; 24 of 67 callers of a symbol with
 * at most five were).
 */
const MANY_CALLERS_WEIGHT = 0.25;

/** Link the changed symbols' callers; each changed symbol's resolved non-test callers (by its name), where two hops start. */
export async function callersOf(index: Index, report: ChangeReport, links: LinkSet): Promise<Map<string, Located[]>> {
  const changed = report.symbols;
  const changedNames = new Set(changed.map((s) => s.symbol));
  const ambiguousLimit = links.ambiguousLimit;
  const targets = new Map<string, ChangedSymbol[]>();
  for (const s of changed) {
    if (s.change === 'added') continue;
    const name = shortName(s.symbol);
    if (IMPLICIT_CALLS.test(name)) continue;
    listAt(targets, name).push(s);
  }
  // A changed constructor is called by instantiating its class (`Foo(...)`, `new Foo(...)`) and by a subclass's `super()`.
  const constructors = new Map<string, { cls: string; via: ChangedSymbol }[]>();
  for (const s of changed) {
    if (s.change === 'added' || s.kind !== 'method' || !/^(__init__|constructor)$/.test(shortName(s.symbol))) continue;
    const cls = (s.baseSymbol ?? s.symbol).slice(0, (s.baseSymbol ?? s.symbol).lastIndexOf('.'));
    const name = shortName(cls);
    constructors.set(name, [...(constructors.get(name) ?? []), { cls, via: s }]);
  }
  await index.definitions([...targets.keys(), ...constructors.keys()]);
  const properties = await propertyNames(index, report.base, changed);
  /** Each changed symbol's resolved non-test callers (by changed symbol's name): where two hops start. */
  const directCallers = new Map<string, Located[]>();
  const typeUsers = new Map<string, { at: Located; via: ChangedSymbol; line: number }[]>();
  const pending: { at: Located; via: ChangedSymbol; weight: number; why: string; byName: boolean }[] = [];
  const registrations: { info: FileInfo; ref: Reference; via: ChangedSymbol[]; call: string; column: number }[] = [];
  for await (const info of index.mentioning([...targets.keys(), ...constructors.keys()], { tests: true })) {
    const path = info.path;
    await constructorCalls(index, info, constructors, links.link);
    for (const ref of await info.refs()) {
      const vias = targets.get(ref.name);
      if (!vias) continue;
      const caller = definitionAt(info.defs, ref.line);
      const decorates = caller !== undefined && ref.line < caller.nameLine;
      const line = info.lines[ref.line - 1] ?? '';
      if (caller && CLASS_LIKE.has(caller.kind) && ref.kind === 'type' && ref.line >= caller.nameLine && ref.line <= caller.nameLine + 3) {
        // `class Flask(App):` / `class B extends A`: a subclass of the changed class, not something that registers it.
        const r = await index.resolve(info, ref.line, ref.column, ref.name);
        for (const p of r.picked.filter((x) => vias.some((v) => v.symbol === x.def.symbol))) {
          const via = vias.find((v) => v.symbol === p.def.symbol)!;
          const byName = !r.resolved && r.picked.length > 1;
          links.link({ path, def: caller }, 'type', via, r.resolved ? 1 : 1 / r.picked.length,
            `${nearHeader(info, caller.nameLine, ref)} ${ref.name} (line ${ref.line})`, byName);
        }
        continue;
      }
      // A property (`@property def base_url`, `get signal()`) is called by reading it: `self.base_url` runs it.
      const read = ref.kind === 'identifier' && properties.has(ref.name) && /\.\s*$/.test(line.slice(0, ref.column))
        && !isWrite(line.slice(0, ref.column), line.slice(ref.column + ref.name.length));
      if (caller && ref.kind === 'type' && (caller.kind === 'type' || CLASS_LIKE.has(caller.kind)) && !isTestPath(path)) {
        const r = await index.resolve(info, ref.line, ref.column, ref.name);
        for (const p of r.resolved ? r.picked : []) {
          const via = vias.find((v) => v.symbol === p.def.symbol);
          if (via && caller.symbol !== via.symbol) listAt(typeUsers, via.symbol).push({ at: { path, def: caller }, via, line: ref.line });
        }
        continue;
      }
      if (ref.kind !== 'call' && !decorates && !read) {
        // `app.teardown_appcontext(close_db)`: the registering method is linked to what it registers.
        const call = /([\w$]+)\s*\(\s*(?:[^()]*,\s*)?$/.exec(line.slice(0, ref.column));
        if (call && /^\s*[,)]/.test(line.slice(ref.column + ref.name.length))) {
          registrations.push({ info, ref, via: vias, call: call[1], column: call.index + call[0].indexOf(call[1]) });
        }
        continue;
      }
      if (!caller) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      const hit = r.picked.filter((p) => vias.some((v) => v.symbol === p.def.symbol));
      if (hit.length === 0) {
        // `arg.Parse(rargs)` on an `Argument`: nothing types the receiver, but the name is an interface's method (non-test callers only).
        const through = r.resolved || ref.kind !== 'call' || decorates || isTestPath(path) ? undefined : await dispatched(index, ref.name, vias);
        if (through) {
          const why = `calls ${ref.name} through ${through.iface} (line ${ref.line})`;
          for (const via of through.implementations) links.link({ path, def: caller }, 'caller', via, DISPATCH_WEIGHT / through.concrete, why, false);
        }
        continue;
      }
      if (!r.resolved && r.picked.length > ambiguousLimit) {
        links.ambiguous(ref.name);
        continue;
      }
      const why = `${decorates ? 'decorated with' : read ? 'reads' : 'calls'} ${ref.name} (line ${ref.line})`;
      const at = { path, def: caller };
      const byName = !r.resolved && r.picked.length > 1;
      for (const p of hit) {
        const via = vias.find((v) => v.symbol === p.def.symbol)!;
        pending.push({ at, via, weight: r.resolved ? 1 : 1 / r.picked.length, why, byName });
        if (r.resolved && !decorates && !isTestPath(path) && !changedNames.has(caller.symbol)) {
          const list = listAt(directCallers, via.symbol);
          if (!list.some((c) => c.def.symbol === caller.symbol)) list.push(at);
        }
      }
    }
  }
  // A changed symbol called (or decorating) from many places: each caller is one of many uses, not a part of the change.
  const many = new Map<string, Set<string>>();
  for (const c of pending) if (!isTestPath(c.at.path)) many.set(c.via.symbol, (many.get(c.via.symbol) ?? new Set()).add(c.at.def.symbol));
  for (const c of pending) {
    const n = many.get(c.via.symbol)?.size ?? 0;
    links.link(c.at, 'caller', c.via, c.weight * (n > FEW_CALLERS ? MANY_CALLERS_WEIGHT : 1), c.why, c.byName);
  }
  // Types built from a changed type (`type Persist = (options: PersistOptions<T, U>) => ...`): what
  // the change's new shape reaches. Only when few types use it: a type used everywhere is a vocabulary.
  for (const users of typeUsers.values()) {
    const distinct = [...new Map(users.map((u) => [u.at.def.symbol, u])).values()];
    if (distinct.length > TYPE_USERS_LIMIT) continue;
    for (const u of distinct) links.link(u.at, 'type', u.via, TYPE_USER_WEIGHT, `uses ${shortName(u.via.symbol)} as a type (line ${u.line})`, false);
  }
  await index.definitions(registrations.map((g) => g.call));
  for (const g of registrations) {
    const own = await index.resolve(g.info, g.ref.line, g.ref.column, g.ref.name);
    const registered = own.resolved ? own.picked.filter((p) => g.via.some((v) => v.symbol === p.def.symbol)) : [];
    if (registered.length === 0) continue;
    const r = await index.resolve(g.info, g.ref.line, g.column, g.call);
    const why = `registers ${g.ref.name} (line ${g.ref.line})`;
    for (const p of registered) links.linkPicked(r, g.call, 'caller', g.via.find((v) => v.symbol === p.def.symbol)!, 1, why);
  }
  return directCallers;
}

/** A call through an interface reaches one of its implementations: half a resolved call, over how many implement the name. */
const DISPATCH_WEIGHT = 0.5;

/** The interfaces a call goes through, the changed implementations it may reach, and how many concrete definitions share the name. */
interface Dispatch { iface: string; implementations: ChangedSymbol[]; concrete: number }

/**
 * A method name an interface declares (a Go `interface { Parse(...) }`) and the changed symbols
 * among its few (AMBIGUOUS_LIMIT) other, concrete definitions: a call of the name on a receiver
 * nothing types is a call through the interface, to one of them.
 */
async function dispatched(index: Index, name: string, vias: ChangedSymbol[]): Promise<Dispatch | undefined> {
  const all = index.called(name).filter((d) => d.def.kind === 'method' && d.def.parent !== undefined && !isTestPath(d.path));
  const interfaces: string[] = [];
  const concrete: Located[] = [];
  for (const d of all) {
    const parent = (await index.file(index.base, d.path))?.defs.find((p) => p.symbol === d.def.parent);
    if (parent?.kind === 'interface') interfaces.push(parent.name);
    else concrete.push(d);
  }
  const implementations = vias.filter((v) => concrete.some((c) => c.def.symbol === (v.baseSymbol ?? v.symbol)));
  if (interfaces.length === 0 || implementations.length === 0 || concrete.length > AMBIGUOUS_LIMIT) return undefined;
  return { iface: interfaces.join(', '), implementations, concrete: concrete.length };
}

/** A Python property's decorator (`@property`, `@functools.cached_property`), or a TypeScript getter's head. */
const PROPERTY = /^\s*@(?:[\w.]+\.)?(?:cached_)?property\b|^\s*(?:(?:public|protected|private|static|override)\s+)*get\s+[\w$#]+\s*\(/;

/** The names of the changed (existing) symbols that are properties at base: read, not called, by their users. */
async function propertyNames(index: Index, base: string, changed: ChangedSymbol[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const s of changed) {
    if (s.change === 'added' || s.kind !== 'method') continue;
    const info = await index.file(base, s.file);
    const symbol = s.baseSymbol ?? s.symbol;
    for (const d of info?.defs.filter((x) => x.symbol === symbol) ?? []) {
      if (info!.lines.slice(d.startLine - 1, d.nameLine).some((l) => PROPERTY.test(l))) out.add(d.name);
    }
  }
  return out;
}

/**
 * What a type named in a class's first lines is to it, for the why a labeler reads: in the header
 * (`class Flask(App):`, `class B extends A {`) a base; past the header (the body's `{`, or a Python
 * line ending in `:`) the type of a member (`interface Options {⏎ fetch: FetchOptions`), or, a Go
 * struct's field with no name, a type it embeds. The link is the same either way.
 */
export function nearHeader(info: Pick<FileInfo, 'lines' | 'language'>, nameLine: number, ref: Pick<Reference, 'line' | 'column'>): string {
  const line = info.lines[ref.line - 1] ?? '';
  const before = [...info.lines.slice(nameLine - 1, ref.line - 1), line.slice(0, ref.column)];
  const inBody = info.language === 'python'
    ? before.slice(0, -1).some((l) => /:\s*(?:#.*)?$/.test(l))
    : before.some((l) => l.includes('{'));
  if (!inBody) return 'extends';
  return info.language === 'go' && /^\s*\*?(?:\w+\.)?\w+\s*(?:`[^`]*`)?\s*(?:\/\/.*)?$/.test(line) ? 'embeds' : 'has a member of type';
}
