// The class, struct or interface that gains a member: a method or field the change adds is not a
// candidate (no system can retrieve it from the base revision), the type that gains it is, named at
// base (docs/fixture-format.md#default-candidates). A Go method is declared outside its type,
// often in another file of the package, so its type is found by name in the package.
import { isTestPath } from '../symbols/testPaths';
import type { ChangeReport } from './changedSymbols';
import { CLASS_LIKE, dirname, shortName } from './languageRules';
import type { LinkFn } from './links';
import type { Index } from './repositoryIndex';

export async function gainedMembers(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const added = report.symbols.filter((s) => s.change === 'added' && !isTestPath(s.file));
  for (const s of added) {
    const info = await index.file(report.head, s.file);
    const def = info?.defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
    if (!info || !def?.parent) continue;
    const container = info.defs.find((d) => d.symbol === def.parent);
    // The type as base holds it: the same qualified name in the same file, else (a Go method) its type's name in the package.
    const atBase = (await index.file(index.base, s.file))?.defs.find((d) => d.symbol === def.parent && CLASS_LIKE.has(d.kind));
    if (atBase) {
      link({ path: s.file, def: atBase }, 'type', s, 1, `gains ${def.name} (line ${def.nameLine})`, false);
      continue;
    }
    if (container || info.language !== 'go') continue;
    const type = shortName(def.parent);
    await index.definitions([type]);
    for (const t of index.called(type).filter((c) => CLASS_LIKE.has(c.def.kind) && !c.def.parent && dirname(c.path) === dirname(s.file))) {
      link(t, 'type', s, 1, `gains ${def.name} (line ${def.nameLine})`, false);
    }
  }
}
