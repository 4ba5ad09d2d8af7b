// Siblings a change copies (docs/fixture-format.md#default-candidates): a definition the change adds
// beside one of the same shape (a new option's accessors below an old option's, a new error class
// below the error it copies, a new global switch below the switch it mirrors), and a modified
// definition's few twins in its file, declared with the same signature (`oldImpl` beside
// `newImpl`, both `: PersistImpl = (config, baseOptions) => ...`; a second `ExtractIPFrom...`
// extractor). An expert reads the twin to keep the two alike; no call or type links them.
import type { Definition } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { IMPLICIT_CALLS, shortName } from './languageRules';
import type { LinkFn } from './links';
import type { Index } from './repositoryIndex';

/** An added definition looks back at most this many same-kind definitions for the one it copies. */
const LOOK_BACK = 2;
/** A modified definition links its same-signature twins only when at most this many share it (past that, it is a family, not a twin). */
const TWIN_LIMIT = 2;
/** A signature this short (`def f(self):`, `func (m *Mux) Get() {`) says little about what the code does. */
const MIN_SIGNATURE = 24;
/** A sibling is evidence of what the change must keep alike, ranked with other one-hop links that rest on a reading, not a call. */
const SIBLING_WEIGHT = 0.5;

const group = (d: Definition) => (DATA_KINDS.has(d.kind) ? 'data' : d.kind);

/** A definition's head (from its name line to the line that opens its body, at most 6 lines), its own name masked, spaces collapsed. */
function signature(lines: string[], d: Definition): string {
  let end = d.nameLine;
  while (end < Math.min(d.endLine, d.nameLine + 5) && !/[{:=]\s*(?:(?:\/\/|#).*)?$/.test(lines[end - 1] ?? '')) end++;
  const head = lines.slice(d.nameLine - 1, end).join(' ');
  const at = (lines[d.nameLine - 1] ?? '').length >= d.nameColumn ? d.nameColumn : head.indexOf(d.name);
  return `${head.slice(0, at)}\u0192${head.slice(at + d.name.length)}`.replace(/\s+/g, ' ').trim();
}

/** Every name in a signature masked: `get ƒ() {` for any getter, `export class ƒ extends w {` for any subclass. */
const shape = (sig: string) => sig.replace(/[A-Za-z_$][\w$]*/g, 'w');

export async function siblings(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changed = new Set(report.symbols.map((s) => s.symbol));
  for (const s of report.symbols) {
    if (s.change === 'deleted' || isTestPath(s.file) || IMPLICIT_CALLS.test(shortName(s.symbol))) continue;
    const head = await index.file(report.head, s.file);
    const base = await index.file(report.base, s.file);
    const def = head?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
    if (!head || !base || !def) continue;
    const atBase = (d: Definition) => base.defs.find((b) => b.symbol === d.symbol && b.kind === d.kind);
    const alike = head.defs.filter((d) => d !== def && d.parent === def.parent && group(d) === group(def) && d.name !== def.name);
    const sig = signature(head.lines, def);
    if (s.change === 'added') {
      // The nearest definitions above it, of its kind: the one of the same shape is what it was written from.
      const above = alike.filter((d) => d.startLine < def.startLine && !changed.has(d.symbol)).sort((a, b) => b.startLine - a.startLine).slice(0, LOOK_BACK);
      const copied = above.find((d) => shape(signature(head.lines, d)) === shape(sig));
      const found = copied && atBase(copied);
      if (found) link({ path: s.file, def: found }, 'type', s, SIBLING_WEIGHT, `copied by the added ${def.name} (line ${def.nameLine})`, false);
      continue;
    }
    twins(s, sig, alike.filter((d) => signature(head.lines, d) === sig), atBase, link);
  }
}

function twins(s: ChangedSymbol, sig: string, same: Definition[], atBase: (d: Definition) => Definition | undefined, link: LinkFn): void {
  if (sig.length < MIN_SIGNATURE || same.length === 0 || same.length > TWIN_LIMIT) return;
  for (const d of same) {
    const found = atBase(d);
    if (found) link({ path: s.file, def: found }, 'type', s, SIBLING_WEIGHT, `declared like ${shortName(s.symbol)} (line ${d.nameLine})`, false);
  }
}
