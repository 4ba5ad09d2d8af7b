// Two hops out through calls: the callers of a changed symbol's few callers.
import { definitionAt } from '../symbols/definitions';
import { listAt } from '../lists';
import type { ChangedSymbol } from './changedSymbols';
import { IMPLICIT_CALLS, shortName } from './languageRules';
import type { LinkFn } from './links';
import type { Index, Located } from './repositoryIndex';

/** A changed symbol with at most this many callers, each called by at most this many, links its callers' callers (two hops). */
const TWO_HOP_FANOUT = 3;
/** A caller's caller weighs half a direct link: enough to be listed, ranked below the callers it goes through. */
const TWO_HOP_WEIGHT = 0.5;

/**
 * Callers of a changed symbol's callers, two hops out (docs/methodology.md: the labeling protocol leaves out only what is further): the
 * entry point a thin wrapper serves (`createInstance` calls `validateAndMerge`, which calls the
 * changed `deepMerge`). Only where the fan-in is small at both hops (TWO_HOP_FANOUT): a function
 * called from everywhere has no caller that is about the change. Resolved calls from non-test code only.
 */
export async function callersOfCallers(index: Index, direct: [ChangedSymbol, Located[]][], link: LinkFn): Promise<void> {
  const firsts = new Map<string, { via: ChangedSymbol; caller: Located }[]>();
  for (const [via, callers] of direct) {
    if (callers.length > TWO_HOP_FANOUT) continue;
    for (const caller of callers) if (!IMPLICIT_CALLS.test(caller.def.name)) listAt(firsts, caller.def.name).push({ via, caller });
  }
  if (firsts.size === 0) return;
  const second = await resolvedCallers(index, new Map([...firsts].map(([name, ws]) => [name, ws.map((w) => w.caller.def.symbol)])));
  for (const ws of firsts.values()) {
    for (const w of ws) {
      const callers = [...(second.get(w.caller.def.symbol)?.values() ?? [])];
      if (callers.length > TWO_HOP_FANOUT) continue;
      for (const c of callers) {
        link(c.at, 'caller', w.via, TWO_HOP_WEIGHT, `calls ${w.caller.def.name}, which calls ${shortName(w.via.symbol)} (line ${c.line})`, false, 2);
      }
    }
  }
}

/**
 * The resolved callers of each target (`targets`: symbols by their short name) in non-test code,
 * other than itself: by target symbol, each calling definition once, at its first call's line, in
 * the order found. Names are looked up once for every target.
 */
export async function resolvedCallers(index: Index, targets: Map<string, string[]>): Promise<Map<string, Map<string, { at: Located; line: number }>>> {
  const found = new Map<string, Map<string, { at: Located; line: number }>>();
  await index.definitions(targets.keys());
  for await (const info of index.mentioning(targets.keys())) {
    for (const ref of await info.refs()) {
      const wanted = ref.kind === 'call' ? targets.get(ref.name) : undefined;
      const caller = wanted && definitionAt(info.defs, ref.line);
      if (!wanted || !caller) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (!r.resolved) continue;
      for (const symbol of wanted) {
        if (caller.symbol === symbol || !r.picked.some((p) => p.def.symbol === symbol)) continue;
        let of = found.get(symbol);
        if (!of) found.set(symbol, (of = new Map<string, { at: Located; line: number }>()));
        if (!of.has(caller.symbol)) of.set(caller.symbol, { at: { path: info.path, def: caller }, line: ref.line });
      }
    }
  }
  return found;
}
