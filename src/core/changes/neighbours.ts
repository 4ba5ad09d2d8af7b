// One hop out from the changed code (§7.3 step 4): what the changed definitions call or use
// (callees and types) and who calls them (callers), found by name within the repository at base.
// Together with the changed symbols these make a fixture's default `candidates`.
import type { Repository } from '../git/repository';
import { Definition, definitionAt, definitionsOf } from '../symbols/definitions';
import { definitionsMentioning, filesMentioning, textAt } from '../symbols/lookup';
import { referencesOf } from '../symbols/references';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';

export type Relation = 'callee' | 'type' | 'caller';

export interface Neighbour {
  symbol: string;
  file: string;
  kind: Definition['kind'];
  startLine: number;
  endLine: number;
  relation: Relation;
  /** The changed symbols this one is linked to. */
  via: string[];
  /** Links counted: uses from changed code, or calls into it. Higher ranks first. */
  score: number;
}

/** Names the language calls by itself (constructors, Python dunders): every `super().__init__` would match. */
const IMPLICIT_CALLS = /^(__\w+__|constructor|initialize|new|main|init)$/;

export async function neighboursOf(repo: Repository, report: ChangeReport, limit = 30): Promise<Neighbour[]> {
  const changed = report.symbols;
  const changedNames = new Set(changed.map((s) => s.symbol));
  const found = new Map<string, Neighbour>();
  const link = (d: Definition, file: string, relation: Relation, via: string) => {
    if (changedNames.has(d.symbol)) return;
    const key = `${relation}\0${d.symbol}`;
    const n = found.get(key) ?? { symbol: d.symbol, file, kind: d.kind, startLine: d.startLine, endLine: d.endLine, relation, via: [], score: 0 };
    n.score++;
    if (!n.via.includes(via)) n.via.push(via);
    found.set(key, n);
  };

  // Outgoing: names the changed code uses, resolved to definitions that exist at base.
  const uses = new Map<string, { kind: 'call' | 'type' | 'identifier'; via: string[] }>();
  for (const [file, symbols] of groupByFile(changed)) {
    const rev = symbols[0].change === 'deleted' ? report.base : report.head;
    const text = await textAt(repo, rev, file);
    if (text === undefined) continue;
    // A use belongs to the innermost definition around it, and counts only when that one changed:
    // a class that changed in one method does not make every name in its other methods a neighbour.
    const defs = await definitionsOf(file, text);
    const changedHere = new Map(symbols.map((s) => [`${s.symbol}\0${s.startLine}`, s]));
    for (const ref of await referencesOf(file, text)) {
      const inner = definitionAt(defs, ref.line);
      const owner = inner && changedHere.get(`${inner.symbol}\0${inner.startLine}`);
      if (!owner || ref.kind === 'identifier' || owner.symbol.endsWith(`.${ref.name}`)) continue;
      const use = uses.get(ref.name) ?? { kind: ref.kind, via: [] };
      use.via.push(owner.symbol);
      uses.set(ref.name, use);
    }
  }
  for (const { path, defs } of await definitionsMentioning(repo, report.base, [...uses.keys()])) {
    for (const d of defs) {
      const use = uses.get(d.name);
      if (!use) continue;
      for (const via of use.via) link(d, path, use.kind === 'type' ? 'type' : 'callee', via);
    }
  }

  // Incoming: definitions at base whose code calls a changed (existing) symbol by name.
  const targets = new Map<string, string[]>();
  for (const s of changed) {
    if (s.change === 'added') continue;
    const name = s.symbol.slice(s.symbol.lastIndexOf('.') + 1);
    if (IMPLICIT_CALLS.test(name)) continue;
    targets.set(name, [...(targets.get(name) ?? []), s.symbol]);
  }
  for (const path of await filesMentioning(repo, report.base, [...targets.keys()])) {
    const text = await textAt(repo, report.base, path);
    if (text === undefined) continue;
    const defs = await definitionsOf(path, text);
    for (const ref of await referencesOf(path, text)) {
      const vias = targets.get(ref.name);
      const caller = vias && ref.kind === 'call' ? definitionAt(defs, ref.line) : undefined;
      if (caller) for (const via of vias!) link(caller, path, 'caller', via);
    }
  }

  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.symbol.localeCompare(b.symbol) || a.relation.localeCompare(b.relation))
    .slice(0, limit);
}

function groupByFile(symbols: ChangedSymbol[]): Map<string, ChangedSymbol[]> {
  const out = new Map<string, ChangedSymbol[]>();
  for (const s of symbols) out.set(s.file, [...(out.get(s.file) ?? []), s]);
  return out;
}
