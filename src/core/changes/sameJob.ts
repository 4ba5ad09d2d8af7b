// The same job done elsewhere, and where a change's effect reaches a user (docs/fixture-format.md#default-candidates):
// - the other entry point: a function beside the changed one (same class or object) that shares a
//   callee only a few call and whose body is written alike (`ParseAll` beside `Parse`, both
//   `f.parseArgs(...)`; `getItems` beside `setItems`, both `runBatch(...)`): a fix to one is
//   often owed to the other;
// - the override written most like a changed one, in a family too large to link whole
//   (`ECAlgorithm.prepare_key` beside `RSAAlgorithm.prepare_key`, of five algorithms);
// - the callers of the base method a changed override overrides: where the override runs
//   (`_verify_signature` calls `alg_obj.prepare_key(key)`);
// - the function a closure that calls the changed code lives in: a closure is reached only through
//   it (the `retry` decorator whose inner `wrap` builds the changed class);
// - the definition an added one mirrors under the same name in another module (an async
//   `retry_if_result` beside the sync one it copies), once more for each added member the mirrored
//   class has too.
import { definitionAt, type Definition } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { isTestPath } from '../symbols/testPaths';
import { listAt } from '../lists';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { CLASS_LIKE, IMPLICIT_CALLS, short, shortName } from './languageRules';
import type { LinkFn, Neighbour } from './links';
import { classBases } from './receivers';
import type { Index, Located } from './repositoryIndex';
import { alike, bodyTokens } from './siblings';
import { resolvedCallers } from './twoHops';

/** A callee with at most this many callers (the changed one included) is a step of few jobs: its other callers do one of them. */
const SHARED_CALLEE_LIMIT = 3;
/**
 * Two bodies are written alike when at least this share of their tokens is the same, in order. On
 * the read halves (tuning 1-8, held-out 6-8) the other callers of a shared callee that were ground
 * truth scored 0.49 and 0.56, those that were not at most 0.39 but one (0.59).
 */
const WRITTEN_ALIKE = 0.45;
/** Bodies of fewer tokens are alike in every definition; longer ones are not compared (the comparison is quadratic). */
const MIN_TOKENS = 8;
const MAX_TOKENS = 400;
/** Evidence of what the change must keep alike, or of where it runs: half a link, as siblings.ts weighs a sibling. */
const SAME_JOB_WEIGHT = 0.5;
/** overrides.ts links a base method's other overrides when at most this many; past it, only the one written most like the changed one. */
const FAMILY_LIMIT = 3;
/** The base method's callers are linked only when at most this many: past that, the method is called from everywhere. */
const DISPATCH_LIMIT = 3;

const isFunction = (kind: string) => kind === 'function' || kind === 'method';

/** Every rule of this module, in one call from neighbours.ts, after the first ring (`first`, by score) is linked. */
export async function sameJob(index: Index, report: ChangeReport, first: Neighbour[], link: LinkFn): Promise<void> {
  await otherEntryPoints(index, report, first, link);
  await enclosingCallers(index, report, first, link);
  await mirrored(index, report, link);
  await overrideFamilies(index, report, link);
}

/** A changed function's body (at head) or a definition's (at base), as tokens; empty when too short or too long to compare. */
function tokensOf(lines: string[], d: Definition): string[] {
  const tokens = bodyTokens(lines, d);
  return tokens.length < MIN_TOKENS || tokens.length > MAX_TOKENS ? [] : tokens;
}

/**
 * The other callers of a callee a modified function calls (an added one copies one model: siblings.ts), where at most SHARED_CALLEE_LIMIT
 * definitions call it, that live beside the changed one (the same parent) and are written like it.
 * Two hops out (change, callee, its other caller): listed only on the evidence it stands on.
 */
export async function otherEntryPoints(index: Index, report: ChangeReport, first: Neighbour[], link: LinkFn): Promise<void> {
  const bySymbol = new Map(report.symbols.map((s) => [s.symbol, s]));
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, s.baseSymbol ?? s.symbol]));
  const seeds = first.filter((n) => !n.test && n.hops === 1 && !n.byName && n.relation === 'callee' && isFunction(n.kind)
    && !IMPLICIT_CALLS.test(shortName(n.symbol)));
  if (seeds.length === 0) return;
  const byName = new Map<string, string[]>();
  for (const n of seeds) listAt(byName, shortName(n.symbol)).push(n.symbol);
  const callers = await resolvedCallers(index, byName);
  for (const n of seeds) {
    const of = callers.get(n.symbol);
    if (!of || of.size > SHARED_CALLEE_LIMIT) continue;
    for (const via of n.via.map((v) => bySymbol.get(v))) {
      if (!via || via.change !== 'modified' || isTestPath(via.file) || !isFunction(via.kind)) continue;
      const head = await index.file(report.head, via.file);
      const def = head?.defs.find((d) => d.symbol === via.symbol && d.startLine === via.startLine);
      const own = def ? tokensOf(head!.lines, def) : [];
      if (!def || own.length === 0) continue;
      for (const { at, line } of of.values()) {
        if (changed.has(at.def.symbol) || at.def.parent !== def.parent || !isFunction(at.def.kind)) continue;
        const base = await index.file(index.base, at.path);
        if (!base || alike(own, tokensOf(base.lines, at.def)) < WRITTEN_ALIKE) continue;
        const why = `also calls ${shortName(n.symbol)} (line ${line}) and is written like ${def.name}: another way in to the same job`;
        link(at, 'type', via, SAME_JOB_WEIGHT, why, false, 2);
      }
    }
  }
}

/**
 * A caller nested in a module-level function or a method (a closure, a decorator's inner `wrap`) is
 * reached only through it: the enclosing one is linked as a caller with the nested one's evidence.
 * Not a closure's closure's: the function two levels up is a factory, not where a user calls.
 */
export async function enclosingCallers(index: Index, report: ChangeReport, first: Neighbour[], link: LinkFn): Promise<void> {
  const bySymbol = new Map(report.symbols.map((s) => [s.symbol, s]));
  for (const n of first) {
    if (n.test || n.relation !== 'caller' || n.hops !== 1) continue;
    const info = await index.file(index.base, n.file);
    const def = info?.defs.find((d) => d.symbol === n.symbol && d.startLine === n.startLine);
    const parent = def?.parent !== undefined ? info!.defs.find((d) => d.symbol === def.parent) : undefined;
    if (!parent || !isFunction(parent.kind)) continue;
    const grand = parent.parent !== undefined ? info!.defs.find((d) => d.symbol === parent.parent) : undefined;
    if (grand && isFunction(grand.kind)) continue;
    const via = n.via.map((v) => bySymbol.get(v)).find((v): v is ChangedSymbol => v !== undefined);
    if (via) link({ path: n.file, def: parent }, 'caller', via, Math.min(1, n.score), `holds ${def!.name}, which ${n.why}`, false);
  }
}

/**
 * An added module-level definition named exactly as the one non-test module-level definition of
 * another file (of the same kind: data or code): the definition it mirrors. Half a link, and half
 * again for each added member whose name the mirrored class's members share.
 */
export async function mirrored(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const added: ChangedSymbol[] = [];
  for (const s of report.symbols) {
    if (s.change !== 'added' || isTestPath(s.file) || IMPLICIT_CALLS.test(shortName(s.symbol))) continue;
    const def = (await index.file(report.head, s.file))?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
    if (def && def.parent === undefined) added.push(s);
  }
  if (added.length === 0) return;
  await index.definitions(added.map((s) => shortName(s.symbol)));
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, s.baseSymbol ?? s.symbol]));
  for (const s of added) {
    const same = index.called(shortName(s.symbol)).filter((c) => !isTestPath(c.path) && !c.local && c.path !== s.file
      && c.def.parent === undefined && DATA_KINDS.has(c.def.kind) === DATA_KINDS.has(s.kind));
    if (same.length !== 1 || changed.has(same[0].def.symbol)) continue;
    const [c] = same;
    const why = `named like the added ${short(s.symbol)}: the definition it mirrors (line ${c.def.nameLine})`;
    link(c, 'type', s, SAME_JOB_WEIGHT, why, false);
    const theirs = new Set(((await index.file(index.base, c.path))?.defs ?? []).filter((d) => d.parent === c.def.symbol).map((d) => d.name));
    for (const m of report.symbols) {
      const rest = m.symbol.startsWith(`${s.symbol}.`) ? m.symbol.slice(s.symbol.length + 1) : undefined;
      if (m.change === 'added' && rest !== undefined && !rest.includes('.') && theirs.has(rest)) link(c, 'type', m, SAME_JOB_WEIGHT, why, false);
    }
  }
}

/** The base methods a changed method overrides, each with its other non-test overrides. */
interface Family { def: Definition; lines: string[]; base: Located; others: Located[] }

async function familiesOf(index: Index, report: ChangeReport, s: ChangedSymbol): Promise<Family[]> {
  const info = await index.file(report.head, s.file);
  const def = info?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
  const cls = def?.parent !== undefined ? info!.defs.find((d) => d.symbol === def.parent && CLASS_LIKE.has(d.kind)) : undefined;
  if (!info || !def || !cls) return [];
  const bases: Located[] = [];
  for (const b of classBases(info.language, info.lines, cls)) bases.push(...(await index.classesNamed(b, info)));
  if (bases.length === 0) return [];
  const own = s.baseSymbol ?? s.symbol;
  await index.definitions([def.name]);
  const out: Family[] = [];
  for (const base of (await index.membersOf(bases, def.name)).filter((m) => m.def.kind === 'method' && m.def.symbol !== own)) {
    const baseClass = shortName(base.def.parent!);
    const others: Located[] = [];
    for (const candidate of index.called(def.name)) {
      const parent = candidate.def.parent;
      if (!parent || candidate.def.kind !== 'method' || candidate.def.symbol === own || candidate.def.symbol === base.def.symbol
        || isTestPath(candidate.path)) continue;
      const sub = (await index.file(index.base, candidate.path))?.defs.find((d) => d.symbol === parent && CLASS_LIKE.has(d.kind));
      if (sub && sub.name !== cls.name && (await index.lineage({ path: candidate.path, def: sub })).has(baseClass)) others.push(candidate);
    }
    out.push({ def, lines: info.lines, base, others });
  }
  return out;
}

/**
 * A modified override (not a constructor): of the base method's other overrides, when more than
 * FAMILY_LIMIT (overrides.ts links fewer), the one written most like it; and the few non-test
 * callers of the base method itself (resolved to it), where the changed override runs. Two hops.
 */
export async function overrideFamilies(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const changed = new Set(report.symbols.flatMap((s) => [s.symbol, s.baseSymbol ?? s.symbol]));
  for (const s of report.symbols) {
    if (s.change !== 'modified' || s.kind !== 'method' || isTestPath(s.file) || IMPLICIT_CALLS.test(shortName(s.symbol))) continue;
    for (const { def, lines, base, others } of await familiesOf(index, report, s)) {
      const own = tokensOf(lines, def);
      if (others.length > FAMILY_LIMIT && own.length > 0) {
        let best: { at: Located; score: number } | undefined;
        for (const o of others.filter((x) => !changed.has(x.def.symbol))) {
          const info = await index.file(index.base, o.path);
          const score = info ? alike(own, tokensOf(info.lines, o.def)) : 0;
          if (!best || score > best.score) best = { at: o, score };
        }
        if (best && best.score >= WRITTEN_ALIKE) {
          const of = others.length + 1;
          const why = `also overrides ${short(base.def.symbol)}, written most like ${def.name} of ${of} overrides (line ${best.at.def.nameLine})`;
          link(best.at, 'type', s, SAME_JOB_WEIGHT, why, false);
        }
      }
      await baseCallers(index, s, base, link);
    }
  }
}

async function baseCallers(index: Index, s: ChangedSymbol, base: Located, link: LinkFn): Promise<void> {
  const callers = new Map<string, { at: Located; line: number }>();
  for await (const info of index.mentioning([base.def.name])) {
    for (const ref of await info.refs()) {
      if (ref.kind !== 'call' || ref.name !== base.def.name) continue;
      const caller = definitionAt(info.defs, ref.line);
      if (!caller || callers.has(caller.symbol) || caller.parent === base.def.parent) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (!r.resolved || !r.picked.some((p) => p.def.symbol === base.def.symbol)) continue;
      callers.set(caller.symbol, { at: { path: info.path, def: caller }, line: ref.line });
    }
  }
  if (callers.size > DISPATCH_LIMIT) return;
  for (const c of callers.values()) {
    const why = `calls ${short(base.def.symbol)}, which ${shortName(s.symbol)} overrides: where it runs (line ${c.line})`;
    link(c.at, 'caller', s, SAME_JOB_WEIGHT, why, false, 2);
  }
}
