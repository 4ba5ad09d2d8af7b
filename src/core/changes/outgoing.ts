// Outgoing links: the names the changed code uses (calls, types, reads, decorators), at the side
// where the change left them, and the attributes it reads and writes, which data flow follows.
import { enclosingDefinitions, innermostByLine } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import type { Reference } from '../symbols/references';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { nearLines, sidesOf } from './changedSides';
import type { Access } from './dataFlow';
import { CLASS_LIKE, DATA_NAME, family, FIELD_DECLARATION, IMPLICIT_CALLS, isWrite, SELF, short, shortName, WRITES } from './languageRules';
import { DECORATOR_WEIGHT, evidence, LinkSet, OWN_STATE_WEIGHT, Relation } from './links';
import type { ModuleDataUse } from './moduleData';
import { storesInto } from './ownState';
import { FileInfo, Index, Located, moduleMember } from './repositoryIndex';
import { receiverOf } from './receivers';

/** What the changed code reads and writes, and the fields a changed type declares anew: where data flow starts. */
export interface Accesses {
  reads: Map<string, Access>;
  writes: Map<string, Access>;
  declared: Map<string, Access>;
  /** Module-level variables and constants the change's own lines read or write by name. */
  moduleData: ModuleDataUse[];
  /** Fields, of any length of name, the lines the change made (or beside them) write: their getters read them for everyone else. */
  written: Map<string, Access>;
}

/** Link what the changed code uses; the attributes it reads and writes. */
export async function usesOf(index: Index, report: ChangeReport, links: LinkSet): Promise<Accesses> {
  /** `arguments`: a call whose argument list holds a line the change made (what the callee receives changed). */
  /** `own`: read or written through the object the method runs on (`self.x`, `this.x`). */
  /** `stores`: the use assigns a member or an element of what the name holds (`self._local.iter_state = ...`: ownState.storesInto). */
  interface Use { ref: Reference; owner: ChangedSymbol; info: FileInfo; decorator: boolean; near: boolean; arguments: boolean; own: boolean; stores: boolean }
  const uses: Use[] = [];
  const reads = new Map<string, Access>();
  const writes = new Map<string, Access>();
  const seenUses = new Map<string, Use>();
  const declared = new Map<string, Access>();
  const written = new Map<string, Access>();
  const moduleData: ModuleDataUse[] = [];
  const indexed: IndexedAccess[] = [];
  const access = (into: Map<string, Access>, name: string, a: Access) => {
    const had = into.get(name);
    if (!had || (a.near && !had.near)) into.set(name, a);
  };
  for (const side of await sidesOf(index, report)) {
    const { info, symbols } = side;
    const file = info.path;
    // A use belongs to the innermost definition around it, and counts only when that one changed:
    // a class that changed in one method does not make every name in its other methods a neighbour.
    // Each entry's own lines: a TypeScript overload's signatures and its body share a name, and a
    // symbol modified at both sides is listed twice at one line, each with an owner of its own
    // (looked up by owner, the entry a duplicate key dropped had none, and `candidates` threw).
    const nearOf = symbols.map((s) => nearLines(s, info.lines, info.defs));
    const changedHere = new Map(symbols.map((s, i) => [`${s.symbol}\0${s.startLine}`, { owner: s.owner, near: nearOf[i], made: s.madeAt }]));
    // The same entries by definition, looked up once for each of the file's definitions, not for each of its references.
    const changedDefs = new Map(info.defs.map((d) => [d, changedHere.get(`${d.symbol}\0${d.startLine}`)]));
    const innermost = innermostByLine(info.defs);
    for (const ref of await info.refs()) {
      const inner = innermost(ref.line);
      const side = inner && changedDefs.get(inner);
      if (!inner || !side) continue;
      const owner = side.owner;
      const near = side.near(ref.line);
      const decorator = ref.line < inner.nameLine;
      const text = info.lines[ref.line - 1] ?? '';
      const before = text.slice(0, ref.column);
      const after = text.slice(ref.column + ref.name.length);
      // `@app.teardown_request`: the decorator is `teardown_request`; `app` is only its receiver.
      if (decorator && /^\s*\./.test(after)) continue;
      if (ref.kind === 'identifier' && !decorator && !DATA_NAME.test(ref.name)) {
        // A short field (`cmd.ctx = c.ctx`) is named on countless receivers; only its getter is read for it (accessors.ts).
        if (near && /\.\s*$/.test(before) && isWrite(before, after) && !isTestPath(file) && !moduleMember(info, before)) {
          access(written, ref.name, { owner, line: ref.line, family: family(info.language), near });
        }
        continue;
      }
      // A modified symbol is read at both sides: a line the change left alone is one use.
      const key = `${owner.symbol}\0${ref.kind}\0${ref.name}\0${ref.column}\0${decorator}\0${text.trim()}`;
      const seen = seenUses.get(key);
      const args = ref.kind === 'call' && argumentsMade(info.lines, ref, side.made);
      const stores = storesInto(after);
      if (seen) {
        seen.near ||= near;
        seen.arguments ||= args;
        seen.stores ||= stores;
      } else {
        const use = { ref, owner, info, decorator, near, arguments: args, own: SELF.has(receiverOf(before) ?? ''), stores };
        seenUses.set(key, use);
        uses.push(use);
      }
      // Attributes the changed code reads or writes: where the same data is written or read is a neighbour.
      const attribute = /\.\s*$/.test(before) && !moduleMember(info, before);
      if (ref.kind === 'identifier' && !decorator && !isTestPath(file) && attribute) {
        const write = isWrite(before, after);
        const self = SELF.has(receiverOf(before) ?? '');
        // What a changed constructor sets up is everything its class holds: its readers are not the
        // change's, but for what it sets at the lines the change made (`self.file_values = ...` under
        // a changed `if`): there the change decides the value its readers get.
        if (write && !near && IMPLICIT_CALLS.test(shortName(owner.symbol))) continue;
        // An added method's reads of its own object's fields: where those are set (its constructor among them).
        if (owner.change === 'added' && (write || !self)) continue;
        const selfClass = self ? await selfClassOf(index, info, ref.line) : undefined;
        if (write && near) access(written, ref.name, { owner, line: ref.line, family: family(info.language), near });
        const throughField = /(?<![\w$.])(?:this|self)\s*\.\s*#?[\w$]+\s*[?!]?\.\s*$/.test(before);
        access(write ? writes : reads, ref.name, { owner, line: ref.line, family: family(info.language), near, selfClass, throughField, own: self });
      }
    }
    for (const [i, s] of symbols.entries()) {
      if (isTestPath(file) || s.owner.change === 'added') continue;
      const near = nearOf[i];
      if (family(info.language) === 'typescript') {
        for (let line = s.startLine; line <= s.endLine; line++) {
          if (!near(line)) continue;
          for (const m of (info.lines[line - 1] ?? '').matchAll(INDEXED_ACCESS)) indexed.push({ owner: s.owner, info, type: m[1], field: m[2], line });
        }
      }
      // A field a changed type declares on a changed line (`throwHttpErrors?: boolean | (...)`): its other readers are the change's.
      if (s.owner.change === 'modified' && (CLASS_LIKE.has(s.owner.kind) || s.owner.kind === 'type')) {
        for (let line = s.startLine + 1; line <= s.endLine; line++) {
          const name = s.madeAt(line) ? FIELD_DECLARATION[family(info.language)]?.exec(info.lines[line - 1] ?? '')?.[1] : undefined;
          if (name && DATA_NAME.test(name)) access(declared, name, { owner: s.owner, line, family: family(info.language), near: true });
        }
      }
      for (let line = s.startLine; line <= s.endLine; line++) {
        for (const m of (info.lines[line - 1] ?? '').matchAll(/\b(get|set)attr\(\s*[^,()]+,\s*["'](\w{4,})["']/g)) {
          access(m[1] === 'get' ? reads : writes, m[2], { owner: s.owner, line, family: family(info.language), near: near(line) });
        }
      }
    }
  }
  await fieldTypes(index, indexed, links);
  await index.definitions(uses.map((u) => u.ref.name));
  for (const u of uses) {
    const r = await index.resolve(u.info, u.ref.line, u.ref.column, u.ref.name);
    if (u.decorator) {
      // `@app.teardown_request` on a changed function: the decorator's definition registers and calls it.
      links.linkPicked(r, u.ref.name, 'caller', u.owner, DECORATOR_WEIGHT * evidence(u.near), `decorates ${short(u.owner.symbol)} (line ${u.ref.line})`);
      continue;
    }
    const relation: Relation = u.ref.kind === 'type' ? 'type' : u.ref.kind === 'call' ? 'callee' : 'data';
    // `order.total_cents = ...` writes the field it names.
    const written = relation === 'data' && WRITES.test((u.info.lines[u.ref.line - 1] ?? '').slice(u.ref.column + u.ref.name.length));
    const verb = relation === 'type' ? 'used as a type by' : written ? 'written by' : relation === 'data' ? 'read by' : 'called by';
    // An instance attribute of the object the changed method runs on (`self.scope`, `this.timer`): its
    // own state, defined by an assignment in some method; the lines that use it show a labeler as much (OWN_STATE_WEIGHT).
    // Unless the change stores into what it holds (`self._local.iter_state = ...`): then what it holds means something else.
    const state = relation === 'data' && u.own && !u.stores && r.resolved && r.picked.every((p) => p.def.assignedIn !== undefined) ? OWN_STATE_WEIGHT : 1;
    links.linkPicked(r, u.ref.name, relation, u.owner, evidence(u.near) * state, `${verb} ${short(u.owner.symbol)} (line ${u.ref.line})`);
    // `FileResponse(full_path, ..., method=method)` losing an argument: the class's own constructor receives what the change passes.
    if (u.arguments && r.resolved) await constructorOf(index, r.picked, u, links);
    const bare = !/\.\s*$/.test((u.info.lines[u.ref.line - 1] ?? '').slice(0, u.ref.column));
    if (relation === 'data' && r.resolved && u.near && bare && !isTestPath(u.info.path)) {
      for (const p of r.picked) if (DATA_KINDS.has(p.def.kind) && p.def.parent === undefined) moduleData.push({ data: p, owner: u.owner, write: written });
    }
  }
  return { reads, writes, declared, moduleData, written };
}

/** Constructors by language family: what `Foo(...)` and `new Foo(...)` run. */
const CONSTRUCTORS = ['__init__', 'constructor'];

/** Link the constructor a class of `classes` defines itself (not one it inherits: an exception built with a new message), as called by the use. */
async function constructorOf(index: Index, classes: Located[], u: { ref: Reference; owner: ChangedSymbol; info: FileInfo }, links: LinkSet): Promise<void> {
  const built = classes.filter((c) => CLASS_LIKE.has(c.def.kind));
  if (built.length === 0) return;
  await index.definitions(CONSTRUCTORS);
  for (const c of built) {
    const own = CONSTRUCTORS.flatMap((name) => index.called(name)).filter((d) => d.def.parent === c.def.symbol && d.path === c.path);
    const why = `called by ${short(u.owner.symbol)} through ${u.ref.name}(...), whose arguments the change made (line ${u.ref.line})`;
    for (const d of own) links.link(d, 'callee', u.owner, 1, why, false);
  }
}

/** Does the argument list of the call at `ref` (to its closing parenthesis, a few lines at most) hold a line the change made? */
function argumentsMade(lines: string[], ref: Reference, made: (line: number) => boolean): boolean {
  let depth = 0;
  let opened = false;
  for (let line = ref.line; line <= Math.min(lines.length, ref.line + ARGUMENT_LINES); line++) {
    const text = lines[line - 1] ?? '';
    if (made(line)) return true;
    for (let i = line === ref.line ? ref.column + ref.name.length : 0; i < text.length; i++) {
      if (text[i] === '(') {
        depth++;
        opened = true;
      } else if (text[i] === ')' && --depth <= 0 && opened) return false;
    }
    if (!opened) return false;
  }
  return false;
}

/** A call's argument list is read this many lines down at most. */
const ARGUMENT_LINES = 12;

/** The class `self`/`this` is an instance of at a line: as base holds it (its bases are read there), else as the side read holds it. */
async function selfClassOf(index: Index, info: FileInfo, line: number): Promise<Located | undefined> {
  const cls = enclosingDefinitions(info.defs, line).filter((d) => CLASS_LIKE.has(d.kind)).pop();
  if (!cls) return undefined;
  const atBase = info.rev === index.base ? cls : (await index.file(index.base, info.path))?.defs.find((d) => d.symbol === cls.symbol);
  return { path: info.path, def: atBase ?? cls };
}

/** A TypeScript indexed access type, `Options['_internals']`: the type and the field it names. */
const INDEXED_ACCESS = /([A-Za-z_$][\w$]*)(?:<[^<>]*>)?\s*\[\s*['"]([\w$#]+)['"]\s*\]/g;

interface IndexedAccess { owner: ChangedSymbol; info: FileInfo; type: string; field: string; line: number }

/**
 * Two type hops in one annotation: `const defaultInternals: Options['_internals'] = {...}` is typed
 * by what `Options` declares its `_internals` field to be (`private _internals: InternalsType`),
 * so that type (which says what the object must hold) is the change's type neighbour.
 */
async function fieldTypes(index: Index, accesses: IndexedAccess[], links: LinkSet): Promise<void> {
  await index.definitions(accesses.map((a) => a.field));
  for (const a of accesses) {
    const fields = (await index.membersOf(await index.classesNamed(a.type, a.info), a.field)).filter((m) => DATA_KINDS.has(m.def.kind));
    for (const f of fields) {
      const text = (await index.file(index.base, f.path))?.lines[f.def.nameLine - 1] ?? '';
      const declared = /^[?!]?\s*:\s*([A-Za-z_$][\w$]*)/.exec(text.slice(f.def.nameColumn + f.def.name.length))?.[1];
      if (!declared) continue;
      await index.definitions([declared]);
      const info = await index.file(index.base, f.path);
      const types = info ? index.pick(index.called(declared).filter((d) => d.def.kind === 'type' || CLASS_LIKE.has(d.def.kind)), info) : [];
      const why = `the declared type of ${a.type}['${a.field}'] (line ${a.line})`;
      links.linkPicked({ picked: types, resolved: types.length === 1 }, declared, 'type', a.owner, 1, why);
    }
  }
}
