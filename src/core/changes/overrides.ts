// Overrides of a changed method in subclasses at any depth, and the base method a changed or added
// method overrides, with its other overrides.
import { definitionAt } from '../symbols/definitions';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { CLASS_LIKE, IMPLICIT_CALLS, short, shortName } from './languageRules';
import type { LinkFn } from './links';
import { classBases } from './receivers';
import type { Index, Located } from './repositoryIndex';

/**
 * Methods of subclasses, at any depth, that override a changed method: what runs instead of it on
 * their instances. Constructors and other implicit names are left out (every class has one).
 */
export async function overrides(index: Index, changed: ChangedSymbol[], link: LinkFn): Promise<void> {
  const methods = changed.filter((s) => s.change !== 'added' && s.kind === 'method' && !IMPLICIT_CALLS.test(shortName(s.symbol)));
  await index.definitions(methods.map((s) => shortName(s.symbol)));
  for (const s of methods) {
    const own = s.baseSymbol ?? s.symbol;
    const cls = own.slice(0, own.lastIndexOf('.'));
    for (const candidate of index.called(shortName(own))) {
      const parent = candidate.def.parent;
      if (!parent || parent === cls || candidate.def.kind !== 'method') continue;
      const info = await index.file(index.base, candidate.path);
      const sub = info?.defs.find((d) => d.symbol === parent && CLASS_LIKE.has(d.kind));
      if (!sub) continue;
      const lineage = await index.lineage({ path: candidate.path, def: sub });
      if (!lineage.has(shortName(cls)) || sub.name === shortName(cls)) continue;
      link(candidate, 'type', s, 1, `overrides ${short(own)} in subclass ${sub.name} (line ${candidate.def.nameLine})`, false);
    }
  }
}

/** A base method with at most this many other overrides links them as the changed one's siblings. */
const SIBLING_LIMIT = 3;
/** A sibling override is evidence of what the changed one must keep alike, ranked below the base method. */
const SIBLING_WEIGHT = 0.5;

/**
 * Upwards from a changed or added method: the base method it overrides (in the classes its class
 * extends, at any depth), which it must keep the contract of, and the base method's other
 * overrides (the siblings a change to one override is read beside), when few. Constructors and
 * other implicit names are left out: a super() call links the base constructor as a callee.
 */
export async function overridden(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const methods = report.symbols.filter((s) => s.change !== 'deleted' && s.kind === 'method' && !IMPLICIT_CALLS.test(shortName(s.symbol))
    && !isTestPath(s.file));
  await index.definitions(methods.map((s) => shortName(s.symbol)));
  for (const s of methods) {
    const info = await index.file(report.head, s.file);
    const def = info?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
    const cls = def?.parent !== undefined ? info!.defs.find((d) => d.symbol === def.parent && CLASS_LIKE.has(d.kind)) : undefined;
    if (!info || !def || !cls) continue;
    const bases: Located[] = [];
    for (const b of classBases(info.language, info.lines, cls)) bases.push(...(await index.classesNamed(b, info)));
    if (bases.length === 0) continue;
    const own = s.baseSymbol ?? s.symbol;
    for (const base of (await index.membersOf(bases, def.name)).filter((m) => m.def.kind === 'method' && m.def.symbol !== own)) {
      link(base, 'type', s, 1, `overridden by ${short(s.symbol)} (line ${def.nameLine})`, false);
      const baseClass = shortName(base.def.parent!);
      const siblings: Located[] = [];
      for (const candidate of index.called(def.name)) {
        const parent = candidate.def.parent;
        if (!parent || candidate.def.kind !== 'method' || candidate.def.symbol === own || candidate.def.symbol === base.def.symbol) continue;
        const at = await index.file(index.base, candidate.path);
        const sub = at?.defs.find((d) => d.symbol === parent && CLASS_LIKE.has(d.kind));
        if (sub && sub.name !== cls.name && (await index.lineage({ path: candidate.path, def: sub })).has(baseClass)) siblings.push(candidate);
      }
      // An added override changes what the base method's callers run on its class's instances.
      if (s.change === 'added' && siblings.length + 1 === index.called(def.name).filter((d) => d.def.symbol !== own).length) {
        await dispatchers(index, s, def.name, [base, ...siblings], link);
      }
      if (siblings.length > SIBLING_LIMIT) continue;
      for (const sib of siblings) link(sib, 'type', s, SIBLING_WEIGHT, `also overrides ${short(base.def.symbol)} (line ${sib.def.nameLine})`, false);
    }
  }
}

/** An added override's dispatching callers are linked only when at most this many definitions call the method. */
const DISPATCH_LIMIT = 3;

/**
 * The code that calls a method every definition of which is in one class family (the base method
 * an added override overrides, and its overrides): `self.param.get_error_hint(ctx)` in an error's
 * message now runs the added `Option.get_error_hint`. No receiver type is needed: no other class
 * defines the name. Non-test callers, when few.
 */
async function dispatchers(index: Index, s: ChangedSymbol, name: string, family: Located[], link: LinkFn): Promise<void> {
  const members = new Set(family.map((f) => f.def.symbol));
  const callers = new Map<string, { at: Located; line: number }>();
  for await (const info of index.mentioning([name])) {
    for (const ref of await info.refs()) {
      if (ref.kind !== 'call' || ref.name !== name || !/\.\s*$/.test((info.lines[ref.line - 1] ?? '').slice(0, ref.column))) continue;
      const caller = definitionAt(info.defs, ref.line);
      if (!caller || members.has(caller.symbol) || callers.has(caller.symbol)) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (r.picked.some((p) => !members.has(p.def.symbol))) continue;
      callers.set(caller.symbol, { at: { path: info.path, def: caller }, line: ref.line });
    }
  }
  if (callers.size > DISPATCH_LIMIT) return;
  for (const c of callers.values()) {
    link(c.at, 'caller', s, SIBLING_WEIGHT, `calls ${name}, which the added ${short(s.symbol)} overrides (line ${c.line})`, false);
  }
}
