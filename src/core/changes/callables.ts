// Values called later (docs/fixture-format.md#default-candidates): an instance of a class that
// defines `__call__` is kept in a variable or attribute (`_regex = RegexMemoizer()`) and called
// through it (`self._regex(...)`), so the code that calls that name is what calls `__call__`.
// Nothing names `__call__` at the call: the instance's name is the only way there.
import { definitionAt } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { shortName } from './languageRules';
import type { LinkFn } from './links';
import type { Index, Located } from './repositoryIndex';

/** What runs when an instance is called, by language. */
const CALL_METHOD = '__call__';
/** Instances of one class kept under more names than this are a vocabulary, not a path the change takes. */
const INSTANCES_LIMIT = 3;

/** A class's `__call__` reached by the change: linked at `hops` with `weight`, said `why` (the change's link to it). */
interface CalledInstance { call: Located; via: ChangedSymbol; weight: number; hops: 1 | 2; why: string }

/** A caller's caller through an instance weighs what one through a name does (twoHops.ts): half a link. */
const TWO_HOP_WEIGHT = 0.5;

/**
 * Link the definitions that call an instance of a class through the variable or attribute holding
 * it, where the class's `__call__` is changed (one hop) or calls a changed symbol (`directCallers`, two hops).
 */
export async function instanceCallers(index: Index, report: ChangeReport, directCallers: Map<string, Located[]>, link: LinkFn): Promise<void> {
  const reached: CalledInstance[] = [];
  for (const s of report.symbols) {
    if (s.change !== 'added' && shortName(s.symbol) === CALL_METHOD) {
      const def = (await index.file(index.base, s.file))?.defs.find((d) => d.symbol === (s.baseSymbol ?? s.symbol));
      if (def) reached.push({ call: { path: s.file, def }, via: s, weight: 1, hops: 1, why: 'is changed' });
    }
    for (const c of directCallers.get(s.symbol) ?? []) reached.push({ call: c, via: s, weight: TWO_HOP_WEIGHT, hops: 2, why: `calls ${shortName(s.symbol)}` });
  }
  const targets = reached.filter((r) => r.call.def.name === CALL_METHOD && r.call.def.parent !== undefined && !isTestPath(r.call.path));
  if (targets.length === 0) return;
  const classes = [...new Set(targets.map((t) => shortName(t.call.def.parent!)))];
  // The variables and attributes assigned an instance of a class: `_regex = RegexMemoizer()`, `self.check = Check(...)`.
  const holders = new Map<string, Located[]>();
  for await (const info of index.mentioning(classes)) {
    for (const def of info.defs.filter((d) => DATA_KINDS.has(d.kind))) {
      const after = (info.lines[def.nameLine - 1] ?? '').slice(def.nameColumn + def.name.length);
      const built = /^\s*(?::[^=]*)?=\s*(?:[\w.]+\.)?([A-Za-z_]\w*)\s*\(/.exec(after)?.[1];
      if (built && classes.includes(built)) holders.set(built, [...(holders.get(built) ?? []), { path: info.path, def }]);
    }
  }
  const names = new Set([...holders.values()].flat().map((h) => h.def.name));
  if (names.size === 0) return;
  await index.definitions(names);
  for await (const info of index.mentioning(names)) {
    for (const ref of await info.refs()) {
      if (ref.kind !== 'call' || !names.has(ref.name)) continue;
      const caller = definitionAt(info.defs, ref.line);
      if (!caller) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (!r.resolved) continue;
      for (const t of targets) {
        const held = holders.get(shortName(t.call.def.parent!)) ?? [];
        if (held.length > INSTANCES_LIMIT) continue;
        const through = held.find((h) => r.picked.some((p) => p.def.symbol === h.def.symbol));
        if (!through || caller.symbol === t.call.def.symbol) continue;
        const why = `calls ${through.def.name}, an instance whose __call__ ${t.why} (line ${ref.line})`;
        link({ path: info.path, def: caller }, 'caller', t.via, t.weight, why, false, t.hops);
      }
    }
  }
}
