// Neighbours a compiler-grade index finds (docs/fixture-format.md#resolvers), beside the tree-sitter
// rules: with the `scip` resolver the index names not only what a name means but every place a
// symbol is used and what implements what, so the change's neighbourhood is read from it too:
// - uses: every repository symbol the changed code names (a call on a typed receiver, a field of a
//   parameter's type, a type in an annotation), at the side each changed symbol lives on;
// - references: every definition at base that names a changed symbol (callers, readers, type users),
//   and, where the fan-in is small at both hops, the definitions that name those (two hops);
// - field types: the types a field or variable the changed lines touch is declared with (two hops);
// - implementations: what a changed symbol implements or overrides, and what implements or overrides it.
// Each link goes through the same LinkSet as the heuristics' (one score per changed symbol and
// neighbour), so a neighbour both find counts once.
import { Definition, enclosingDefinitions } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import type { PreciseResolver } from '../symbols/scip/resolver';
import type { ScipPlace } from '../symbols/scip/decode';
import { isTestPath } from '../symbols/testPaths';
import { nearLines, SideSymbol, sidesOf } from './changedSides';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { CLASS_LIKE, SELF, shortName } from './languageRules';
import { evidence, LinkFn, Relation } from './links';
import { definitionWritten, type FileInfo, type Index, type Located } from './repositoryIndex';

/** A changed symbol named from at most this many definitions links their own referrers (two hops), each named from at most this many. */
const TWO_HOP_FANOUT = 3;
/** What is reached through a neighbour (a caller's caller, a touched field's type) weighs half a direct link. */
const TWO_HOP_WEIGHT = 0.5;
/** A field's declared type is read from its definition's first lines. */
const DECLARATION_LINES = 3;

const TYPE_KINDS = new Set<string>([...CLASS_LIKE, 'type']);

/** The relation a link to a definition of `kind` has: a type use, a data read or write, or a call. */
const relationTo = (kind: Definition['kind']): Relation => (TYPE_KINDS.has(kind) ? 'type' : DATA_KINDS.has(kind) ? 'data' : 'callee');

export async function preciseLinks(index: Index, report: ChangeReport, precise: PreciseResolver, link: LinkFn): Promise<void> {
  const base = report.base;
  const fieldsTouched = new Map<string, { at: Located; via: ChangedSymbol; line: number }>();
  for (const { info, symbols } of await sidesOf(index, report)) {
    for (const s of symbols) {
      const isS = (d: Definition) => d.symbol === s.symbol && d.startLine === s.startLine;
      const def = info.defs.find(isS) ?? info.attributes.find(isS);
      if (!def) continue;
      const close = nearLines(s, info.lines, info.defs);
      const flow = await flowLines(precise, info, s);
      const near = (line: number) => close(line) || flow.has(line);
      // An instance attribute is named at its assignment, which the index may take for a use of it (it defines it at another).
      const own = await precise.definedAt(info.rev, info.path, def.nameLine, def.nameColumn, def.assignedIn !== undefined);
      // Uses: what the changed code names, resolved by the index.
      for (const use of await precise.usesIn(info.rev, info.path, s.startLine, s.endLine)) {
        if (use.symbol === own) continue;
        for (const t of await definitionsAt(index, info.rev, use.places, base, use.symbol, `${info.path}:${use.line}:${use.column}`)) {
          const relation = relationTo(t.def.kind);
          const verb = relation === 'callee' ? 'called by' : relation === 'type' ? 'used as a type by' : 'used by';
          link(t, relation, s.owner, evidence(near(use.line)), `${verb} ${shortName(s.owner.symbol)} (line ${use.line})`, false);
          if (relation !== 'data' || !near(use.line) || fieldsTouched.has(t.def.symbol)) continue;
          fieldsTouched.set(t.def.symbol, { at: t, via: s.owner, line: use.line });
        }
      }
      if (!own) continue;
      // Implementations and overrides, either way.
      for (const r of await precise.related(info.rev, own)) {
        for (const t of await definitionsAt(index, info.rev, r.places, base)) {
          const why = r.implementer
            ? `implements or overrides ${shortName(s.owner.symbol)} (line ${t.def.nameLine})`
            : `implemented or overridden by ${shortName(s.owner.symbol)}`;
          link(t, 'type', s.owner, 1, why, false);
        }
      }
      // References: what names the changed symbol at base (what exists only at head has none there).
      if (info.rev !== base) continue;
      const referrers = await referrersOf(index, base, await precise.references(base, own), def);
      const relation: Relation = DATA_KINDS.has(def.kind) ? 'data' : TYPE_KINDS.has(def.kind) ? 'type' : 'caller';
      const verb = relation === 'data' ? 'reads or writes' : relation === 'type' ? 'uses' : 'calls';
      for (const r of referrers) link(r.at, relation, s.owner, 1, `${verb} ${def.name} (line ${r.line})`, false);
      // An alias (`_attrs = attrs`, a one-line module-level variable naming the changed function) is
      // the same function under another name: what calls it calls the changed one.
      for (const alias of referrers.filter((r) => relation === 'caller' && isAlias(r.at))) {
        const theirs = await precise.definedAt(base, alias.at.path, alias.at.def.nameLine, alias.at.def.nameColumn);
        if (!theirs) continue;
        for (const r of await referrersOf(index, base, await precise.references(base, theirs), alias.at.def)) {
          link(r.at, 'caller', s.owner, 1, `calls ${alias.at.def.name}, which names ${def.name} (line ${r.line})`, false);
        }
      }
      const callers = referrers.filter((r) => !r.at.local && !isTestPath(r.at.path));
      if (callers.length === 0 || callers.length > TWO_HOP_FANOUT || relation !== 'caller') continue;
      for (const c of callers) {
        const theirs = await precise.definedAt(base, c.at.path, c.at.def.nameLine, c.at.def.nameColumn);
        if (!theirs) continue;
        const second = (await referrersOf(index, base, await precise.references(base, theirs), c.at.def)).filter((r) => !isTestPath(r.at.path));
        if (second.length > TWO_HOP_FANOUT) continue;
        for (const r of second) link(r.at, 'caller', s.owner, TWO_HOP_WEIGHT, `calls ${c.at.def.name}, which calls ${def.name} (line ${r.line})`, false, 2);
      }
    }
  }
  // Field types: the types a touched field is declared with (its definition's first lines at base).
  for (const { at, via, line } of fieldsTouched.values()) {
    const last = Math.min(at.def.endLine, at.def.startLine + DECLARATION_LINES - 1);
    for (const use of await precise.usesIn(base, at.path, at.def.startLine, last)) {
      for (const t of await definitionsAt(index, base, use.places, base, use.symbol, `${at.path}:${use.line}:${use.column}`)) {
        if (!TYPE_KINDS.has(t.def.kind) || t.def.symbol === at.def.symbol) continue;
        link(t, 'type', via, TWO_HOP_WEIGHT, `type of ${at.def.name}, which ${shortName(via.symbol)} uses (line ${line})`, false, 2);
      }
    }
  }
}

/** A one-line module-level variable: what it holds is named once (`_attrs = attrs`). */
const isAlias = (at: Located) => DATA_KINDS.has(at.def.kind) && at.def.parent === undefined && at.def.startLine === at.def.endLine;

/** A local read on more lines than this (a loop variable, a context object) is no thread of the change's data. */
const FLOW_LINES = 8;

/**
 * The lines of a changed symbol where a local the changed lines name is named again (`repr_ns`,
 * checked in the changed lines, passed on to `builder.add_repr(repr_ns)` far below): what the
 * change reads or computes flows there, so those lines are the change's evidence too. Not `self`,
 * `this` or `cls`, nor a local named on more than FLOW_LINES lines.
 */
async function flowLines(precise: PreciseResolver, info: FileInfo, s: SideSymbol): Promise<Set<number>> {
  const out = new Set<number>();
  for (const { lines, columns } of (await precise.localLines(info.rev, info.path, s.startLine, s.endLine)).values()) {
    if (lines.size > FLOW_LINES || ![...lines].some((l) => s.madeAt(l))) continue;
    const [line, column] = [...columns][0];
    const name = /^[\w$]+/.exec((info.lines[line - 1] ?? '').slice(column))?.[0];
    if (!name || SELF.has(name)) continue;
    for (const l of lines) out.add(l);
  }
  return out;
}

/**
 * The base definitions named at `places` of `rev`: each place's definition (the one whose name is
 * written there, or the instance attribute the index defines there: definitionWritten), found at
 * base by its qualified name when `rev` is the head. A place no definition has (a parameter) is no
 * symbol; a use of `symbol` (at `use`) none of whose places is one is counted (Index.unmapped).
 */
async function definitionsAt(index: Index, rev: string, places: ScipPlace[], base: string, symbol?: string, use?: string): Promise<Located[]> {
  const out: Located[] = [];
  for (const place of places) {
    const info = await index.file(rev, place.path);
    const at = info && definitionWritten(info, place);
    if (!at) continue;
    const def = rev === base ? at : await index.atBase(rev, place.path, at.symbol);
    // An instance attribute lies in its method's lines, but any code holding its object names it.
    if (!def || out.some((o) => o.def.symbol === def.symbol)) continue;
    out.push({ path: place.path, def, local: def.assignedIn === undefined && isLocal(info.defs, def) });
  }
  if (out.length === 0 && symbol !== undefined && use !== undefined) index.unmappedUse(symbol, places, use);
  return out;
}

/** Is `def` inside a function (a closure, a class a test builds): no other function's code names it. */
function isLocal(defs: Definition[], def: Definition): boolean {
  return enclosingDefinitions(defs, def.nameLine)
    .some((d) => d.symbol !== def.symbol && (d.kind === 'function' || d.kind === 'method') && d.startLine <= def.startLine && def.endLine <= d.endLine);
}

/**
 * The definitions at base around each reference (the outermost function or method around it,
 * else the innermost definition: a class attribute's value, a class's bases), each once, with the
 * first line it names the symbol on; references in `def` itself, or outside any definition
 * (imports, module-level code), are left out.
 */
async function referrersOf(index: Index, base: string, places: ScipPlace[], def: Definition): Promise<{ at: Located; line: number }[]> {
  const out = new Map<string, { at: Located; line: number }>();
  for (const place of places) {
    const defs = (await index.file(base, place.path))?.defs ?? [];
    const around = enclosingDefinitions(defs, place.line);
    const holder = around.find((d) => d.kind === 'function' || d.kind === 'method') ?? around.at(-1);
    if (!holder || holder.symbol === def.symbol || around.some((d) => d.symbol === def.symbol)) continue;
    if (!out.has(holder.symbol)) out.set(holder.symbol, { at: { path: place.path, def: holder }, line: place.line });
  }
  return [...out.values()];
}
