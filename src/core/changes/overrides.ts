// Overrides of a changed method in subclasses at any depth.
import type { ChangedSymbol } from './changedSymbols';
import { CLASS_LIKE, IMPLICIT_CALLS, short, shortName } from './languageRules';
import type { LinkFn } from './links';
import type { Index } from './repositoryIndex';

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
