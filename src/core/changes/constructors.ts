// Callers of a changed constructor: where its class is built, and subclasses' constructors that
// call it through super(). Ranked below other links: a class is built in many places.
import { definitionAt, enclosingDefinitions } from '../symbols/definitions';
import type { ChangedSymbol } from './changedSymbols';
import { CLASS_LIKE } from './languageRules';
import { CONSTRUCTOR_WEIGHT, LinkFn } from './links';
import { classBases } from './receivers';
import type { FileInfo, Index } from './repositoryIndex';

/**
 * Calls of changed constructors in one file: `Foo(...)` / `new Foo(...)` resolved to the class,
 * and `super().__init__(...)` / `super(...)` in a constructor of a class that extends it. Each
 * weighs CONSTRUCTOR_WEIGHT: a class is built in many places, few of which the change is about.
 */
export async function constructorCalls(
  index: Index, info: FileInfo, constructors: Map<string, { cls: string; via: ChangedSymbol }[]>, link: LinkFn,
): Promise<void> {
  if (constructors.size === 0) return;
  for (const ref of await info.refs()) {
    const wanted = constructors.get(ref.name);
    if (!wanted || ref.kind !== 'call') continue;
    const caller = definitionAt(info.defs, ref.line);
    if (!caller) continue;
    const r = await index.resolve(info, ref.line, ref.column, ref.name);
    if (!r.resolved) continue;
    for (const w of wanted) {
      if (caller.symbol === w.via.symbol || !r.picked.some((p) => p.def.symbol === w.cls)) continue;
      link({ path: info.path, def: caller }, 'caller', w.via, CONSTRUCTOR_WEIGHT, `constructs ${ref.name} (line ${ref.line})`, false);
    }
  }
  const superCall = info.language === 'python' ? /\bsuper\s*\([^)]*\)\s*\.\s*__init__\s*\(/ : /\bsuper\s*\(/;
  for (let i = 0; i < info.lines.length; i++) {
    if (!superCall.test(info.lines[i])) continue;
    const caller = definitionAt(info.defs, i + 1);
    const cls = enclosingDefinitions(info.defs, i + 1).filter((d) => CLASS_LIKE.has(d.kind)).pop();
    if (!caller || !cls) continue;
    const bases = new Set(classBases(info.language, info.lines, cls));
    for (const [name, wanted] of constructors) {
      if (!bases.has(name)) continue;
      const picked = await index.classesNamed(name, info);
      for (const w of wanted) {
        if (!picked.some((p) => p.def.symbol === w.cls)) continue;
        link({ path: info.path, def: caller }, 'caller', w.via, CONSTRUCTOR_WEIGHT, `calls ${name}'s constructor through super() (line ${i + 1})`, false);
      }
    }
  }
}
