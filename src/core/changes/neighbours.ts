// One hop out from the changed code (docs/fixture-format.md#default-candidates): what the changed definitions call, use as a
// type or read (callees, types, data) and who calls them or is decorated by them (callers), at
// base. A use is resolved by what the code says before the name: `self`/`this` to the enclosing
// class, a definition in the same file, one in a file the using file imports; else by the name
// alone, and a name with more than AMBIGUOUS_LIMIT definitions is not linked but counted.
import type { Repository } from '../git/repository';
import { Definition, definitionAt, definitionsOf, enclosingDefinitions } from '../symbols/definitions';
import { filesMentioning, textAt } from '../symbols/lookup';
import { Reference, referencesOf } from '../symbols/references';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { fileImported, importedModules } from './imports';

export type Relation = 'callee' | 'type' | 'caller' | 'data';

/** A name with more definitions than this, and nothing in the code that picks one, links nothing. */
export const AMBIGUOUS_LIMIT = 3;

export interface Neighbour {
  symbol: string;
  file: string;
  kind: Definition['kind'];
  startLine: number;
  endLine: number;
  relation: Relation;
  /** The changed symbols this one is linked to. */
  via: string[];
  /** Links counted, each weighed by how surely it resolves (1, or 1/n of n same-named definitions). Higher ranks first. */
  score: number;
  /** How many links. */
  links: number;
  /** The first link, said in a line: "calls render (line 42)". */
  why: string;
  /** Is it test code (its file's path says so)? */
  test: boolean;
}

export interface Links {
  neighbours: Neighbour[];
  /** Distinct names used or called that no code resolved and that name more than AMBIGUOUS_LIMIT definitions. */
  ambiguous: number;
}

/** Names the language calls by itself (constructors, Python dunders): every `super().__init__` would match. */
const IMPLICIT_CALLS = /^(__\w+__|constructor|initialize|new|main|init)$/;
const CLASS_LIKE = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'module']);
/** Data links (a name read, not called): only names this long, resolved or unique. */
const DATA_NAME = /^\w{4,}$/;
const WEIGHT = { callee: 1, type: 1, caller: 1, data: 0.5 } as const;

const short = (symbol: string) => symbol.slice(symbol.lastIndexOf('/') + 1);

export async function neighboursOf(repo: Repository, report: ChangeReport, limit = Infinity): Promise<Neighbour[]> {
  return (await linksOf(repo, report)).neighbours.slice(0, limit);
}

export async function linksOf(repo: Repository, report: ChangeReport): Promise<Links> {
  const changed = report.symbols;
  const changedNames = new Set(changed.map((s) => s.symbol));
  const found = new Map<string, Neighbour>();
  const ambiguous = new Set<string>();
  const link = (d: Definition, file: string, relation: Relation, via: string, weight: number, why: string) => {
    if (changedNames.has(d.symbol)) return;
    const key = `${relation}\0${d.symbol}`;
    const n = found.get(key) ?? {
      symbol: d.symbol, file, kind: d.kind, startLine: d.startLine, endLine: d.endLine, relation, via: [], score: 0, links: 0, why, test: isTestPath(file) };
    n.score += weight * WEIGHT[relation];
    n.links++;
    if (!n.via.includes(via)) n.via.push(via);
    found.set(key, n);
  };

  // Outgoing: names the changed code uses, at the side where the change left them.
  interface Use { ref: Reference; owner: ChangedSymbol; file: string; member: boolean; selfClass?: string; imports: string[] }
  const uses: Use[] = [];
  for (const [file, symbols] of groupByFile(changed)) {
    const rev = symbols[0].change === 'deleted' ? report.base : report.head;
    const text = await textAt(repo, rev, file);
    if (text === undefined) continue;
    // A use belongs to the innermost definition around it, and counts only when that one changed:
    // a class that changed in one method does not make every name in its other methods a neighbour.
    const defs = await definitionsOf(file, text);
    const lines = text.split('\n');
    const imports = importedModules(file, text);
    const changedHere = new Map(symbols.map((s) => [`${s.symbol}\0${s.startLine}`, s]));
    for (const ref of await referencesOf(file, text)) {
      const inner = definitionAt(defs, ref.line);
      const owner = inner && changedHere.get(`${inner.symbol}\0${inner.startLine}`);
      if (!owner || owner.symbol.endsWith(`.${ref.name}`)) continue;
      if (ref.kind === 'identifier' && !DATA_NAME.test(ref.name)) continue;
      const before = (lines[ref.line - 1] ?? '').slice(0, ref.column);
      const selfClass = /\b(self|this|cls)\.$/.test(before)
        ? enclosingDefinitions(defs, ref.line).filter((d) => CLASS_LIKE.has(d.kind)).pop()?.symbol
        : undefined;
      uses.push({ ref, owner, file, imports, member: /\.$/.test(before), ...(selfClass ? { selfClass } : {}) });
    }
  }
  const byName = await definitionsByName(repo, report.base, [...new Set(uses.map((u) => u.ref.name))]);
  for (const u of uses) {
    const all = byName.get(u.ref.name) ?? [];
    if (all.length === 0) continue;
    const { picked, resolved } = resolve(all, u.file, u.imports, u.member, u.selfClass);
    const relation: Relation = u.ref.kind === 'type' ? 'type' : u.ref.kind === 'call' ? 'callee' : 'data';
    if (!resolved && (picked.length > AMBIGUOUS_LIMIT || (relation === 'data' && picked.length > 1))) {
      if (relation !== 'data') ambiguous.add(u.ref.name);
      continue;
    }
    const verb = relation === 'type' ? 'used as a type by' : relation === 'data' ? 'read by' : 'called by';
    for (const { path, def } of picked) link(
      def, path, relation, u.owner.symbol, resolved ? 1 : 1 / picked.length, `${verb} ${short(u.owner.symbol)} (line ${u.ref.line})`);
  }

  // Incoming: definitions at base whose code calls a changed (existing) symbol, or is decorated with it.
  const targets = new Map<string, ChangedSymbol[]>();
  for (const s of changed) {
    if (s.change === 'added') continue;
    const name = s.symbol.slice(s.symbol.lastIndexOf('.') + 1);
    if (IMPLICIT_CALLS.test(name)) continue;
    targets.set(name, [...(targets.get(name) ?? []), s]);
  }
  const files: { path: string; text: string; defs: Definition[] }[] = [];
  const count = new Map<string, number>();
  for (const path of await filesMentioning(repo, report.base, [...targets.keys()])) {
    const text = await textAt(repo, report.base, path);
    if (text === undefined) continue;
    const defs = await definitionsOf(path, text);
    for (const d of defs) if (targets.has(d.name)) count.set(d.name, (count.get(d.name) ?? 0) + 1);
    files.push({ path, text, defs });
  }
  for (const { path, text, defs } of files) {
    const imports = importedModules(path, text);
    const lines = text.split('\n');
    for (const ref of await referencesOf(path, text)) {
      const vias = targets.get(ref.name);
      if (!vias) continue;
      const caller = definitionAt(defs, ref.line);
      if (!caller) continue;
      const decorates = ref.line < caller.nameLine;
      if (ref.kind !== 'call' && !decorates) continue;
      const before = (lines[ref.line - 1] ?? '').slice(0, ref.column);
      const selfClass = /\b(self|this|cls)\.$/.test(before) ? enclosingDefinitions(defs, ref.line).filter(
        (d) => CLASS_LIKE.has(d.kind)).pop()?.symbol : undefined;
      const why = `${decorates ? 'decorated with' : 'calls'} ${ref.name} (line ${ref.line})`;
      const member = /\.$/.test(before);
      const sure = vias.filter(
        (s) => (!member && s.file === path) || fileImported(s.file, imports) || (selfClass !== undefined && s.symbol.startsWith(`${selfClass}.`)));
      if (sure.length > 0) {
        for (const s of sure) link(caller, path, 'caller', s.symbol, 1, why);
        continue;
      }
      const n = Math.max(count.get(ref.name) ?? 1, vias.length);
      if (n > AMBIGUOUS_LIMIT) {
        ambiguous.add(ref.name);
        continue;
      }
      for (const s of vias) link(caller, path, 'caller', s.symbol, 1 / n, why);
    }
  }

  const neighbours = [...found.values()]
    .sort((a, b) => b.score - a.score || a.symbol.localeCompare(b.symbol) || a.relation.localeCompare(b.relation));
  return { neighbours, ambiguous: ambiguous.size };
}

/**
 * The definitions the code picks: `self.x` those of the enclosing class; a plain name those in the
 * same file, then those in an imported one; `obj.x` (a receiver whose type is not known) only a
 * module-level definition of an imported module (`helpers.redirect`). Else all, by name alone.
 */
function resolve(all: { path: string; def: Definition }[], file: string, imports: string[], member: boolean, selfClass?: string): {
  picked: { path: string; def: Definition }[]; resolved: boolean } {
  if (selfClass) {
    const own = all.filter((c) => c.def.parent === selfClass);
    if (own.length > 0) return { picked: own, resolved: true };
  }
  const same = member ? [] : all.filter((c) => c.path === file);
  if (same.length > 0) return { picked: same, resolved: true };
  const imported = all.filter((c) => fileImported(c.path, imports) && (!member || c.def.parent === undefined));
  if (imported.length > 0) return { picked: imported, resolved: true };
  return { picked: all, resolved: all.length === 1 };
}

async function definitionsByName(repo: Repository, rev: string, names: string[]): Promise<Map<string, { path: string; def: Definition }[]>> {
  const wanted = new Set(names);
  const out = new Map<string, { path: string; def: Definition }[]>();
  for (const path of await filesMentioning(repo, rev, names)) {
    const text = await textAt(repo, rev, path);
    if (text === undefined) continue;
    for (const def of await definitionsOf(path, text)) {
      if (wanted.has(def.name)) out.set(def.name, [...(out.get(def.name) ?? []), { path, def }]);
    }
  }
  return out;
}

function groupByFile(symbols: ChangedSymbol[]): Map<string, ChangedSymbol[]> {
  const out = new Map<string, ChangedSymbol[]>();
  for (const s of symbols) out.set(s.file, [...(out.get(s.file) ?? []), s]);
  return out;
}
