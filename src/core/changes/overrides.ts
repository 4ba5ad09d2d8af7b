// Overrides of a changed method in subclasses at any depth, and the base method a changed or added
// method overrides, with its other overrides.
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
      if (siblings.length > SIBLING_LIMIT) continue;
      for (const sib of siblings) link(sib, 'type', s, SIBLING_WEIGHT, `also overrides ${short(base.def.symbol)} (line ${sib.def.nameLine})`, false);
    }
  }
}
