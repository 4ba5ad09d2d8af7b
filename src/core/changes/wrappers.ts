// Through a thin wrapper (docs/fixture-format.md#default-candidates): a function the change calls whose body only hands
// the call on (`func (c *Command) Help() error { c.HelpFunc()(c, []string{}); return nil }`) does
// its work in what it calls: that function is the change's callee too, two hops out.
import { definitionAt } from '../symbols/definitions';
import { isTestPath } from '../symbols/testPaths';
import type { ChangeReport } from './changedSymbols';
import { short } from './languageRules';
import type { LinkFn, Neighbour } from './links';
import type { Index, Located } from './repositoryIndex';

/** A wrapper's body is at most this many lines of code. */
const WRAPPER_LINES = 2;
/** What a wrapper hands on to ranks below the wrapper. */
const WRAPPED_WEIGHT = 0.5;

/** Link what each thin wrapper among `callees` (the change's resolved one-hop callees) calls, when it calls exactly one definition. */
export async function wrapped(index: Index, report: ChangeReport, callees: Neighbour[], link: LinkFn): Promise<void> {
  const owners = new Map(report.symbols.map((s) => [s.symbol, s]));
  for (const n of callees) {
    if (n.relation !== 'callee' || n.hops !== 1 || n.byName || n.test || (n.kind !== 'function' && n.kind !== 'method')) continue;
    const info = await index.file(index.base, n.file);
    const def = info?.defs.find((d) => d.symbol === n.symbol && d.startLine === n.startLine);
    if (!info || !def) continue;
    // Code lines of the body: no comment, and no bare `return nil` after the call it makes.
    const body = info.lines.slice(def.nameLine, def.endLine)
      .filter((l) => /\w/.test(l) && !/^\s*(?:\/\/|#|\*|\/\*)/.test(l) && !/^\s*return\s+(?:nil|None|null|undefined|true|false)?\s*;?\s*$/.test(l));
    if (body.length === 0 || body.length > WRAPPER_LINES) continue;
    const inner = new Map<string, Located>();
    let calls = 0;
    let at = 0;
    for (const ref of await info.refs()) {
      if (ref.kind !== 'call' || ref.line <= def.nameLine || ref.line > def.endLine || definitionAt(info.defs, ref.line)?.symbol !== def.symbol) continue;
      calls++;
      at = ref.line;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (r.resolved) for (const p of r.picked) if (p.def.symbol !== def.symbol) inner.set(p.def.symbol, p);
    }
    if (calls !== 1 || inner.size !== 1) continue;
    const [target] = inner.values();
    for (const v of n.via) {
      const via = owners.get(v);
      if (via && !isTestPath(via.file)) link(target, 'callee', via, WRAPPED_WEIGHT, `called by ${def.name} (line ${at}), which ${short(v)} calls`, false, 2);
    }
  }
}
