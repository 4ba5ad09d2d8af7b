// Getters of what the change writes (docs/fixture-format.md#default-candidates): a method whose
// whole body returns one field (`func (c *Command) Context() context.Context { return c.ctx }`) is
// how the rest of the code reads that field, so a change that sets the field is read through it.
// A field's name alone may be short and common (`ctx`), but a getter that returns it is specific.
import type { ChangeReport } from './changedSymbols';
import type { Access } from './dataFlow';
import { family, short } from './languageRules';
import type { LinkFn } from './links';
import type { Index, Located } from './repositoryIndex';

/** A field with more getters than this is no one field (`x.name` on many types). */
const GETTERS_LIMIT = 2;

export async function getters(index: Index, report: ChangeReport, written: Map<string, Access>, link: LinkFn): Promise<void> {
  if (written.size === 0) return;
  const changed = new Set(report.symbols.map((s) => s.symbol));
  const found = new Map<string, { at: Located; line: number }[]>();
  for await (const info of index.mentioning(written.keys())) {
    for (const def of info.defs) {
      if (def.kind !== 'method' || changed.has(def.symbol)) continue;
      const body = info.lines.slice(def.nameLine, def.endLine).map((l, i) => ({ text: l.trim(), line: def.nameLine + 1 + i }))
        .filter((l) => l.text !== '' && !/^[{}]$/.test(l.text) && !/^(?:\/\/|#)/.test(l.text));
      const m = body.length === 1 ? /^return\s+[\w$]+\s*\.\s*([\w$#]+)\s*;?$/.exec(body[0].text) : null;
      const a = m ? written.get(m[1]) : undefined;
      if (!m || !a || family(info.language) !== a.family) continue;
      const list = found.get(m[1]) ?? [];
      list.push({ at: { path: info.path, def }, line: body[0].line });
      found.set(m[1], list);
    }
  }
  for (const [field, list] of found) {
    if (list.length > GETTERS_LIMIT) continue;
    const a = written.get(field)!;
    const writer = short(a.owner.symbol);
    for (const g of list) link(g.at, 'data', a.owner, 1, `returns ${field}, which ${writer} writes (line ${g.line})`, false);
  }
}
