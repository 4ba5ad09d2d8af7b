// Siblings a change copies (docs/fixture-format.md#default-candidates): a definition the change adds
// beside one of the same shape (a new option's accessors below an old option's, a new error class
// below the error it copies, a new global switch below the switch it mirrors) or whose body it
// repeats with a name or two changed (`Log` written above `Debug`, both `s.log(<level>, "", args,
// nil)`), and a modified definition's few twins in its file, declared with the same signature
// (`oldImpl` beside `newImpl`, both `: PersistImpl = (config, baseOptions) => ...`; a second
// `ExtractIPFrom...` extractor). An expert reads the twin to keep the two alike; no call or type
// links them. And the same method in a parallel implementation of one role (two HTTP protocols, a
// logger and its sugared twin: classes that share most of their method names, though neither
// extends the other and nothing calls across): the other implementation's method of a changed or
// added method's name, and, weighed a quarter, of a first-ring method's name.
import type { Definition } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { languageOf } from '../symbols/languages';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { dirname, family, IMPLICIT_CALLS, short, shortName } from './languageRules';
import { type LinkFn, type Neighbour, WEIGHT } from './links';
import type { Index, Located } from './repositoryIndex';
import { membersOf } from './secondRing';

/** An added definition looks at most this many same-kind definitions above it (and, for a body it repeats, as many below) for the one it copies. */
const LOOK_BACK = 2;
/** A modified definition links its same-signature twins only when at most this many share it (past that, it is a family, not a twin). */
const TWIN_LIMIT = 2;
/** A signature this short (`def f(self):`, `func (m *Mux) Get() {`) says little about what the code does. */
const MIN_SIGNATURE = 24;
/** A sibling is evidence of what the change must keep alike, ranked with other one-hop links that rest on a reading, not a call. */
const SIBLING_WEIGHT = 0.5;
/** A body of fewer tokens (`return nil`, `pass`) is alike in every definition. */
const MIN_BODY_TOKENS = 8;
/** Bodies longer than this are not compared token by token (a copy that long is rare, and the comparison is quadratic). */
const MAX_BODY_TOKENS = 200;
/** An added body is written like a neighbour's when at least this share of its tokens is the same, in order (`s.log(lvl, …)`, `s.log(DebugLevel, …)`). */
const BODY_ALIKE = 0.9;

const group = (d: Definition) => (DATA_KINDS.has(d.kind) ? 'data' : d.kind);

/** The line that ends a definition's head: the line that opens its body (at most 6 lines from its name). */
function headEnd(lines: string[], d: Definition): number {
  let end = d.nameLine;
  while (end < Math.min(d.endLine, d.nameLine + 5) && !/[{:=]\s*(?:(?:\/\/|#).*)?$/.test(lines[end - 1] ?? '')) end++;
  return end;
}

/** A definition's head (from its name line to the line that opens its body), its own name masked, spaces collapsed. */
function signature(lines: string[], d: Definition): string {
  const head = lines.slice(d.nameLine - 1, headEnd(lines, d)).join(' ');
  const at = (lines[d.nameLine - 1] ?? '').length >= d.nameColumn ? d.nameColumn : head.indexOf(d.name);
  return `${head.slice(0, at)}\u0192${head.slice(at + d.name.length)}`.replace(/\s+/g, ' ').trim();
}

/** Every name in a signature masked: `get ƒ() {` for any getter, `export class ƒ extends w {` for any subclass. */
const shape = (sig: string) => sig.replace(/[A-Za-z_$][\w$]*/g, 'w');

/** Names, numbers, string literals and single punctuation: the code's words. */
const TOKEN = /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`[^`]*`|[A-Za-z_$][\w$]*|\d[\w.]*|\S/g;

/** The tokens of a definition's body, below its head; comment lines left out. */
export function bodyTokens(lines: string[], d: Definition): string[] {
  const body = lines.slice(headEnd(lines, d), d.endLine).filter((l) => !/^\s*(?:\/\/|#|\/\*|\*)/.test(l));
  return body.join('\n').match(TOKEN) ?? [];
}

/** The share of tokens two bodies have in common, in order: 1 less their edit distance over the longer's length. */
export function alike(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return 1 - prev[b.length] / Math.max(a.length, b.length);
}

export async function siblings(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changed = new Set(report.symbols.map((s) => s.symbol));
  for (const s of report.symbols) {
    if (s.change === 'deleted' || isTestPath(s.file) || IMPLICIT_CALLS.test(shortName(s.symbol))) continue;
    const head = await index.file(report.head, s.file);
    const base = await index.file(report.base, s.file);
    const def = head?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
    if (!head || !base || !def) continue;
    const atBase = (d: Definition) => base.defs.find((b) => b.symbol === d.symbol && b.kind === d.kind);
    const same = head.defs.filter((d) => d !== def && d.parent === def.parent && group(d) === group(def) && d.name !== def.name);
    const sig = signature(head.lines, def);
    if (s.change === 'added') {
      const copied = copiedBy(head.lines, def, same.filter((d) => !changed.has(d.symbol)), sig);
      const found = copied && atBase(copied);
      if (found) link({ path: s.file, def: found }, 'type', s, SIBLING_WEIGHT, `copied by the added ${def.name} (line ${def.nameLine})`, false);
      continue;
    }
    twins(s, sig, same.filter((d) => signature(head.lines, d) === sig), atBase, link);
  }
}

/**
 * What an added definition was written from, among the nearest of its kind: the one of the same
 * shape just above it (a new accessor below the old), else the one above or below whose body it
 * repeats with a name or two changed (a new `Log` above `Debug`), the most alike, the nearest first.
 */
function copiedBy(lines: string[], def: Definition, same: Definition[], sig: string): Definition | undefined {
  const above = same.filter((d) => d.startLine < def.startLine).sort((a, b) => b.startLine - a.startLine).slice(0, LOOK_BACK);
  const shaped = above.find((d) => shape(signature(lines, d)) === shape(sig));
  if (shaped) return shaped;
  const own = bodyTokens(lines, def);
  if (own.length < MIN_BODY_TOKENS || own.length > MAX_BODY_TOKENS) return undefined;
  const below = same.filter((d) => d.startLine > def.startLine).sort((a, b) => a.startLine - b.startLine).slice(0, LOOK_BACK);
  let best: { d: Definition; score: number } | undefined;
  for (const d of [0, 1].flatMap((i) => [above[i], below[i]]).filter((x): x is Definition => x !== undefined)) {
    const theirs = bodyTokens(lines, d);
    if (theirs.length < MIN_BODY_TOKENS || theirs.length > MAX_BODY_TOKENS) continue;
    const score = alike(own, theirs);
    if (score >= BODY_ALIKE && (!best || score > best.score)) best = { d, score };
  }
  return best?.d;
}

function twins(s: ChangedSymbol, sig: string, same: Definition[], atBase: (d: Definition) => Definition | undefined, link: LinkFn): void {
  if (sig.length < MIN_SIGNATURE || same.length === 0 || same.length > TWIN_LIMIT) return;
  for (const d of same) {
    const found = atBase(d);
    if (found) link({ path: s.file, def: found }, 'type', s, SIBLING_WEIGHT, `declared like ${shortName(s.symbol)} (line ${d.nameLine})`, false);
  }
}

/** Classes that share at least this many method names (constructors and other implicit names left out)... */
const PARALLEL_SHARED = 4;
/** ...and at least this share of the methods of the one with fewer are parallel implementations of one role. */
const PARALLEL_SHARE = 0.5;
/** A class with more parallels than this is one of a family (every encoder of an interface), not one of a pair or three. */
const PARALLEL_LIMIT = 2;
/** A first-ring method's counterpart weighs a quarter link: listed only where it adds up with a link of its own. */
const COUNTERPART_OF_NEIGHBOUR = 0.25;
/** First-ring methods linked at least this strongly (STRONG_EVIDENCE: one call, or a read at the changed lines) have their counterparts linked. */
const SEED_EVIDENCE = 0.5;

/** What implements methods: an interface or a trait only declares them (the implementation of one is no parallel of it). */
const IMPLEMENTING = new Set(['class', 'struct', 'enum', 'module', 'type']);

interface Implementation {
  cls: Located;
  /** Its methods by name, implicit ones left out. */
  methods: Map<string, Located>;
}

/** The classes parallel to a method's class, found once per class. */
class Parallels {
  private readonly found = new Map<string, Promise<Implementation[]>>();
  private readonly classes = new Map<string, Promise<Implementation | undefined>>();

  constructor(private readonly index: Index) {}

  /** A method's class: its parent, or in Go its receiver type in its package (a type's methods are spread over the package's files). */
  private static key(at: Located): string | undefined {
    const parent = at.def.parent;
    if (!parent || at.def.kind !== 'method') return undefined;
    return at.path.endsWith('.go') ? `${dirname(at.path)}\0${shortName(parent)}` : parent;
  }

  private implementation(method: Located): Promise<Implementation | undefined> {
    const key = Parallels.key(method)!;
    let found = this.classes.get(key);
    if (!found) {
      found = (async () => {
        const parent = method.def.parent!;
        await this.index.definitions([shortName(parent)]);
        const go = method.path.endsWith('.go');
        const cls = this.index.called(shortName(parent)).find((c) => IMPLEMENTING.has(c.def.kind)
          && (go ? dirname(c.path) === dirname(method.path) : c.def.symbol === parent && c.path === method.path));
        if (!cls) return undefined;
        const methods = new Map<string, Located>();
        for (const m of await membersOf(this.index, cls)) {
          if (m.def.kind === 'method' && !IMPLICIT_CALLS.test(m.def.name) && !methods.has(m.def.name)) methods.set(m.def.name, m);
        }
        return { cls, methods };
      })();
      this.classes.set(key, found);
    }
    return found;
  }

  /**
   * The implementations parallel to a method's class: at base, outside tests, in its folder (sibling
   * modules, a Go package: a websocket protocol is no HTTP protocol's twin), sharing at least
   * PARALLEL_SHARED method names that are at least half of the smaller's methods, neither extending
   * the other (overrides.ts links those); none when more than PARALLEL_LIMIT are.
   */
  of(method: Located): Promise<Implementation[]> {
    const key = Parallels.key(method);
    if (!key || isTestPath(method.path)) return Promise.resolve([]);
    let found = this.found.get(key);
    if (!found) {
      found = (async () => {
        const own = await this.implementation(method);
        if (!own || own.methods.size < PARALLEL_SHARED) return [];
        const language = languageOf(method.path);
        await this.index.definitions(own.methods.keys());
        const shared = new Map<string, { sample: Located; names: Set<string> }>();
        for (const name of own.methods.keys()) {
          for (const c of this.index.called(name)) {
            const k = Parallels.key(c);
            const lang = languageOf(c.path);
            if (!k || k === key || c.local || isTestPath(c.path) || dirname(c.path) !== dirname(method.path) || !lang || !language
              || family(lang) !== family(language)) continue;
            const entry = shared.get(k) ?? { sample: c, names: new Set<string>() };
            entry.names.add(name);
            shared.set(k, entry);
          }
        }
        const out: Implementation[] = [];
        for (const { sample, names } of shared.values()) {
          if (names.size < PARALLEL_SHARED) continue;
          const other = await this.implementation(sample);
          if (!other || names.size < PARALLEL_SHARE * Math.min(own.methods.size, other.methods.size)) continue;
          if ((await this.index.lineage(other.cls)).has(own.cls.def.name) || (await this.index.lineage(own.cls)).has(other.cls.def.name)) continue;
          out.push(other);
        }
        return out.length > PARALLEL_LIMIT ? [] : out;
      })();
      this.found.set(key, found);
    }
    return found;
  }
}

/**
 * The same method in a parallel implementation (docs/fixture-format.md#default-candidates): a
 * changed or added method's namesake in each class parallel to its own (`HttpToolsProtocol.
 * connection_lost` beside a changed `H11Protocol.connection_lost`; `Logger.Log` beside an added
 * `SugaredLogger.Log`), half a link; and a first-ring method's (`first`, by score) namesake there,
 * a quarter, with that method's relation, so that it adds up with a link of its own.
 */
export async function counterparts(index: Index, report: ChangeReport, first: Neighbour[], link: LinkFn): Promise<void> {
  const parallels = new Parallels(index);
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, s.baseSymbol ?? s.symbol]));
  for (const s of report.symbols) {
    if (s.change === 'deleted' || s.kind !== 'method' || isTestPath(s.file) || IMPLICIT_CALLS.test(shortName(s.symbol))) continue;
    const info = await index.file(report.head, s.file);
    const def = info?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
    if (!def) continue;
    for (const other of await parallels.of({ path: s.file, def })) {
      const m = other.methods.get(def.name);
      if (!m || changed.has(m.def.symbol)) continue;
      link(m, 'type', s, SIBLING_WEIGHT, `the same method of ${other.cls.def.name}, parallel to ${shortName(def.parent!)} (line ${m.def.nameLine})`, false);
    }
  }
  const bySymbol = new Map(report.symbols.map((s) => [s.symbol, s]));
  // The seeds as the first ring scored them: a counterpart linked here seeds nothing (the links below add to these same neighbours).
  const seeds = first.filter((n) => !n.test && n.hops === 1 && !n.byName && n.kind === 'method' && n.score >= SEED_EVIDENCE
    && !IMPLICIT_CALLS.test(shortName(n.symbol)));
  for (const n of seeds) {
    // Once, through a changed symbol the method is linked to and the counterpart is not (a link of its own through it is not counted twice).
    const vias = n.via.map((v) => bySymbol.get(v)).filter((v): v is ChangedSymbol => v !== undefined && !isTestPath(v.file));
    const info = await index.file(index.base, n.file);
    const def = info?.defs.find((d) => d.symbol === n.symbol && d.startLine === n.startLine);
    if (vias.length === 0 || !def) continue;
    for (const other of await parallels.of({ path: n.file, def })) {
      const m = other.methods.get(def.name);
      if (!m || changed.has(m.def.symbol)) continue;
      const own = first.find((x) => x.symbol === m.def.symbol && x.relation === n.relation);
      const via = vias.find((v) => !own?.via.includes(v.symbol)) ?? vias[0];
      link(m, n.relation, via, COUNTERPART_OF_NEIGHBOUR / WEIGHT[n.relation],
        `the same method of ${other.cls.def.name} as ${short(n.symbol)}, which ${n.why}`, false, 2);
    }
  }
}
