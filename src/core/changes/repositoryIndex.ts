// The repository as the neighbour rules read it (docs/fixture-format.md#default-candidates): files
// at a revision with their definitions, imports and references, definitions at base by name, and
// what a use of a name means. A use is resolved by what the code says before the name:
// `self`/`this` to the enclosing class (and the classes it extends), an imported module's alias,
// the receiver's declared or constructed type in the same function (or the declared return type of
// the call that assigned it), a name imported by name, the same file, an imported file; else by the
// name alone.
import type { Repository } from '../git/repository';
import { Definition, definitionsOf, enclosingDefinitions } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { LanguageId, languageOf } from '../symbols/languages';
import { filesMentioning, textAt } from '../symbols/lookup';
import { Reference, referencesOf } from '../symbols/references';
import { isTestPath } from '../symbols/testPaths';
import type { PreciseAnswer, PreciseResolver } from '../symbols/scip/resolver';
import type { ScipPlace } from '../symbols/scip/decode';
import { Binding, fileImported, importBindings, importedModules } from './imports';
import { boundLocally } from './locals';
import { namePattern } from './namePatterns';
import { BARE_NAMES, CLASS_LIKE, dirname, family, LIBRARY_METHODS, RETURN_TYPE, SELF, shortName } from './languageRules';
import { classBases, declaredType, receiverOf } from './receivers';

export interface Located {
  path: string;
  def: Definition;
  /** Defined inside a function (a class a test builds, a helper closure): no other function's code can name it. */
  local?: boolean;
}

export interface FileInfo {
  /** The revision the file is read at (a full SHA). */
  rev: string;
  path: string;
  language: LanguageId;
  lines: string[];
  /** The definitions whose lines are their own code: a use on a line belongs to the innermost of these. */
  defs: Definition[];
  /**
   * Instance attributes (`self.root_path = ...` in a method): members of their class, resolved
   * like any, but their statement is the method's code, so they own no use on it.
   */
  attributes: Definition[];
  imports: string[];
  bindings: Map<string, Binding>;
  /** Worked out on first use (or read from the disk cache): most files read for their definitions never need them. */
  refs(): Promise<Reference[]>;
}

export interface Resolution {
  picked: Located[];
  /** Picked by what the code says (or the only definition of the name). */
  resolved: boolean;
}

/** Files and definitions of the repository, read as needed and kept for the change. */
export class Index {
  private readonly files = new Map<string, Promise<FileInfo | undefined>>();
  private readonly byName = new Map<string, Located[]>();
  private readonly ancestors = new Map<string, Promise<Set<string>>>();
  private readonly modules = new Map<string, Promise<string[]>>();
  private readonly types = new Map<string, Promise<string | undefined>>();
  /** The paths each set of names was searched for at base, by the sorted names. */
  private readonly searches = new Map<string, Promise<string[]>>();
  /**
   * The index's symbols (by descriptor: `Proto#registry.`) a use was resolved to whose definition is
   * no definition here (an attribute a class method sets on `cls`, a TypeScript interface's property), each with the uses
   * (`path:line:column`) and the place the index defines it: not linked, and said (candidates.ts).
   */
  readonly unmapped = new Map<string, { uses: Set<string>; place: ScipPlace }>();
  /** Variables whose returned type is being read (a call that names the variable it assigns does not loop). */
  private readonly returning = new Set<string>();
  private paths?: Promise<string[]>;
  /** The Go module's path (go.mod's `module` line at base): the import path of the repository's top folder. */
  private goModule?: Promise<string | undefined>;

  constructor(readonly repo: Repository, readonly base: string, private readonly limit: number, private readonly precise?: PreciseResolver) {}

  file(rev: string, path: string): Promise<FileInfo | undefined> {
    const key = `${rev}:${path}`;
    let found = this.files.get(key);
    if (!found) {
      found = (async () => {
        const language = languageOf(path);
        const text = language && (await textAt(this.repo, rev, path));
        if (!language || text === undefined || text === '') return undefined;
        const all = await definitionsOf(path, text);
        const defs = all.filter((d) => d.assignedIn === undefined);
        const attributes = all.filter((d) => d.assignedIn !== undefined);
        // The module's own root package is imported by the module's path (`github.com/go-playground/validator/v10`):
        // its files are in the repository's top folder, which no end of that path names.
        const root = language === 'go'
          ? await (this.goModule ??= textAt(this.repo, this.base, 'go.mod').then((t) => (t ? /^module\s+(\S+)/m.exec(t)?.[1] : undefined)))
          : undefined;
        // Most files read for their definitions never have their references asked for, nor their
        // imports (only a file a use is resolved in, or a module a name is followed through): each
        // is worked out on first use.
        let refs: Promise<Reference[]> | undefined;
        let imports: string[] | undefined;
        let bindings: Map<string, Binding> | undefined;
        return {
          rev, path, language, lines: text.split('\n'), defs, attributes,
          get imports() {
            if (!imports) {
              imports = importedModules(path, text);
              if (root && imports.includes(root)) imports.push('.');
            }
            return imports;
          },
          get bindings() {
            if (!bindings) {
              bindings = importBindings(path, text);
              if (root) for (const [local, b] of bindings) if (b.module === root) bindings.set(local, { ...b, module: '.' });
            }
            return bindings;
          },
          refs() {
            return (refs ??= referencesOf(path, text));
          },
        };
      })();
      this.files.set(key, found);
    }
    return found;
  }

  /**
   * The files at base that mention any of `names` as a word, read, in the search's order: non-test
   * files unless `tests`, only those directly in `folder` when given. One search per set of names,
   * kept for the change (the rules ask for the same names again); each file is read when its turn
   * comes, as the loops over them resolve as they go.
   */
  async *mentioning(names: Iterable<string>, options: { tests?: boolean; folder?: string } = {}): AsyncGenerator<FileInfo> {
    const words = [...new Set(names)].sort();
    const key = words.join('\0');
    let paths = this.searches.get(key);
    // `repeated`: the rules search base a dozen times for a change, so the first search too is one in process over its files read once.
    if (!paths) this.searches.set(key, (paths = filesMentioning(this.repo, this.base, words, undefined, true)));
    for (const path of await paths) {
      if ((!options.tests && isTestPath(path)) || (options.folder !== undefined && dirname(path) !== options.folder)) continue;
      const info = await this.file(this.base, path);
      if (info) yield info;
    }
  }

  /** Every definition at base named one of `names` (each name searched once). */
  async definitions(names: Iterable<string>): Promise<void> {
    const wanted = [...new Set(names)].filter((n) => !this.byName.has(n) && /^\w+$/.test(n));
    if (wanted.length === 0) return;
    for (const n of wanted) this.byName.set(n, []);
    const set = new Set(wanted);
    for await (const info of this.mentioning(wanted, { tests: true })) {
      const bySymbol = new Map(info.defs.map((d) => [d.symbol, d]));
      const local = (d: Definition) => {
        for (let p = d.parent && bySymbol.get(d.parent); p; p = p.parent ? bySymbol.get(p.parent) : undefined) {
          if (p.kind === 'function' || p.kind === 'method') return true;
        }
        return false;
      };
      // An instance attribute is a member like any: `self.root_path` resolves to it.
      for (const def of [...info.defs, ...info.attributes]) {
        if (set.has(def.name)) this.byName.get(def.name)!.push({ path: info.path, def, local: local(def) });
      }
    }
  }

  /** The definitions named `name` found by `definitions`. */
  called(name: string): Located[] {
    return this.byName.get(name) ?? [];
  }

  /** The short names of the classes `cls` extends, transitively (a few levels), itself included. */
  lineage(cls: Located): Promise<Set<string>> {
    let found = this.ancestors.get(cls.def.symbol);
    if (!found) {
      found = (async () => {
        const out = new Set([cls.def.name]);
        let level: Located[] = [cls];
        for (let depth = 0; depth < 4 && level.length > 0; depth++) {
          const next: Located[] = [];
          for (const c of level) {
            const info = await this.file(this.base, c.path);
            const language = languageOf(c.path);
            if (!info || !language) continue;
            // The class as base holds it: a class read at head has head's line numbers.
            const def = info.defs.find((d) => d.symbol === c.def.symbol && d.kind === c.def.kind) ?? c.def;
            const bases = classBases(language, info.lines, def).filter((b) => !out.has(b));
            await this.definitions(bases);
            for (const b of bases) {
              out.add(b);
              next.push(...this.pick(this.called(b).filter((d) => CLASS_LIKE.has(d.def.kind)), info));
            }
          }
          level = next;
        }
        return out;
      })();
      this.ancestors.set(cls.def.symbol, found);
    }
    return found;
  }

  /** Of same-named definitions, those the file picks: its own, then those it imports, else all. */
  pick(all: Located[], info: FileInfo): Located[] {
    // A Go name without a package qualifier is its own package's: a same-named type elsewhere is another.
    if (info.language === 'go') all = all.filter((c) => dirname(c.path) === dirname(info.path) || fileImported(c.path, info.imports));
    const same = all.filter((c) => c.path === info.path);
    if (same.length > 0) return same;
    const imported = all.filter((c) => fileImported(c.path, info.imports));
    return imported.length > 0 ? imported : all;
  }

  /** The classes named `type` the file at `info` can mean. */
  async classesNamed(type: string, info: FileInfo): Promise<Located[]> {
    await this.definitions([type]);
    return this.pick(this.called(type).filter((d) => CLASS_LIKE.has(d.def.kind)), info);
  }

  /** Members named `name` of `classes` or of the classes they extend. */
  async membersOf(classes: Located[], name: string): Promise<Located[]> {
    const lineage = new Set<string>();
    for (const c of classes) for (const n of await this.lineage(c)) lineage.add(n);
    const own = new Set(classes.map((c) => c.def.symbol));
    const members = this.called(name).filter((d) => d.def.parent !== undefined && (own.has(d.def.parent) || lineage.has(shortName(d.def.parent))));
    // The class's own member wins over an inherited one of the same name.
    const direct = members.filter((d) => own.has(d.def.parent!));
    return direct.length > 0 ? direct : members;
  }

  /** Does a function around `line` bind `name` as its own local (a parameter, an assignment, a declaration)? */
  private bindsLocally(info: FileInfo, line: number, column: number, name: string): boolean {
    const around = enclosingDefinitions(info.defs, line);
    // One answer per function and name, except in a head (a parameter's default is read outside the function).
    const fn = around.at(-1);
    const key = `${fn?.symbol ?? ''}\0${fn?.startLine ?? 0}\0${name}\0${line < (fn?.nameLine ?? 0) + 20 ? `${line}:${column}` : ''}`;
    let known = localNames.get(info);
    if (!known) localNames.set(info, (known = new Map<string, boolean>()));
    let bound = known.get(key);
    if (bound === undefined) known.set(key, (bound = boundLocally(info.language, info.lines, around, name, line, column)));
    return bound;
  }

  /** The definitions a use of `name` at (line, column) of `info` means, by what the code says before it. */
  async resolve(info: FileInfo, line: number, column: number, name: string): Promise<Resolution> {
    // A compiler-grade index, where it speaks, decides; the heuristics below decide where it does not.
    const precise = await this.precise?.at(info.rev, info.path, line, column);
    if (precise) return { picked: await this.placed(precise, info.rev, name, `${info.path}:${line}:${column}`), resolved: true };
    await this.definitions([name]);
    const before = (info.lines[line - 1] ?? '').slice(0, column);
    const member = /(?:\.|::)\s*$/.test(before);
    // A bare name is a local, a module-level definition or a closure: never a member of some class.
    const around = new Set(enclosingDefinitions(info.defs, line).map((d) => d.symbol));
    const closure = (c: Located) => c.def.kind === 'function' && c.path === info.path && around.has(c.def.parent!);
    const all = this.called(name)
      .filter((c) => member || !BARE_NAMES.has(info.language) || c.def.parent === undefined || closure(c))
      .filter((c) => !c.local || c.path === info.path)
      .filter((c) => member || info.language !== 'go' || dirname(c.path) === dirname(info.path));
    // A name the function around the use binds itself (a parameter, an assignment) is that local,
    // whatever module-level definitions share its name; a closure it defines is still linked.
    if (!member && !all.some(closure) && this.bindsLocally(info, line, column, name)) return { picked: [], resolved: true };
    // `super().name` (Python), `super.name` (TypeScript): the member of the classes the enclosing class extends.
    if (member && /(?<![\w$.])super\s*(?:\([^()]*\))?\s*\.\s*$/.test(before)) {
      const cls = enclosingDefinitions(info.defs, line).filter((d) => CLASS_LIKE.has(d.kind)).pop();
      const bases: Located[] = [];
      for (const b of cls ? classBases(info.language, info.lines, cls) : []) bases.push(...(await this.classesNamed(b, info)));
      if (cls) return { picked: bases.length > 0 ? await this.membersOf(bases, name) : [], resolved: true };
    }
    const receiver = member ? receiverOf(before) : undefined;
    if (receiver !== undefined && SELF.has(receiver)) {
      const cls = enclosingDefinitions(info.defs, line).filter((d) => CLASS_LIKE.has(d.kind)).pop();
      if (cls) return { picked: await this.membersOf([{ path: info.path, def: cls }], name), resolved: true };
    }
    if (receiver !== undefined && /^[\w$]+$/.test(receiver)) {
      const binding = info.bindings.get(receiver);
      if (binding) {
        const modules = binding.name ? [binding.module, `${binding.module}/${binding.name}`] : [binding.module];
        const inModule = binding.name
          ? await this.exported(all, binding.module, binding.name, name)
          : all.filter((c) => c.def.parent === undefined && fileImported(c.path, modules));
        // A module the repository does not hold (`werkzeug.utils`) defines nothing here.
        if (inModule.length > 0 || !binding.name) return { picked: inModule, resolved: true };
      }
      const type = await this.variableType(info, line, receiver);
      if (type) {
        const classes = await this.classesNamed(type, info);
        // A receiver of a type the repository does not define (`dict`, `ContextVar`) calls none of its code.
        return { picked: classes.length > 0 ? await this.membersOf(classes, name) : [], resolved: true };
      }
    }
    // A Go package is one namespace: a name it defines twice is defined once per build (`//go:build` twins).
    if (!member && info.language === 'go' && all.length > 1 && all.every((c) => dirname(c.path) === dirname(info.path))) return { picked: all, resolved: true };
    if (!member) {
      const binding = info.bindings.get(name);
      if (binding?.name === name) {
        const imported = await this.exported(all, binding.module, name);
        if (imported.length > 0) return { picked: imported, resolved: true };
      }
      const same = all.filter((c) => c.path === info.path);
      if (same.length > 0) return { picked: same, resolved: true };
    }
    const imported = all.filter((c) => fileImported(c.path, info.imports) && (!member || c.def.parent === undefined));
    if (imported.length > 0) return { picked: imported, resolved: true };
    // By name alone: `x.pop()` on a receiver nothing tells the type of is most often a library
    // type's method (dict, list), so a member links only to a unique name; a bare name to a few.
    if (member && all.length > 1 && all.length <= this.limit) return { picked: [], resolved: false };
    // A field is named on countless receivers (`x.name`, `c.Use`): by its name alone it is no link.
    if (member && all.every((c) => DATA_KINDS.has(c.def.kind) && c.def.parent !== undefined)) return { picked: [], resolved: false };
    // The one definition of a name the language's own types define is no evidence (`bp_options.copy()`).
    if (member && all.length === 1 && LIBRARY_METHODS[family(info.language)]?.has(name)) return { picked: [], resolved: true };
    return { picked: all, resolved: all.length === 1 };
  }

  /**
   * The base definitions a precise answer names: each place's definition at `rev` (the one whose
   * name is written there; a constructor stands for its class, which is what code names), found at
   * base by its qualified name when `rev` is the head; an instance attribute by the assignment the
   * index defines it at (definitionWritten). A place no definition has (a parameter, an attribute a
   * class method sets on `cls`) is no symbol, so no link: counted in `unmapped` where the index
   * gives a definition's kind of symbol.
   */
  private async placed(answer: PreciseAnswer, rev: string, name: string, use: string): Promise<Located[]> {
    const out: Located[] = [];
    for (const place of answer.places) {
      const info = await this.file(rev, place.path);
      const at = info && definitionWritten(info, place);
      if (!at) continue;
      const symbol = at.name === name ? at.symbol : (info.defs.find((d) => d.symbol === at.parent && d.name === name) ?? at).symbol;
      const def = await this.atBase(rev, place.path, symbol);
      if (def && !out.some((o) => o.def.symbol === def.symbol)) out.push({ path: place.path, def });
    }
    if (out.length === 0 && answer.symbol !== undefined) this.unmappedUse(answer.symbol, answer.places, use);
    return out;
  }

  /** The definition named `symbol` at base, read at `rev` in `path` (where a place was found). */
  async atBase(rev: string, path: string, symbol: string): Promise<Definition | undefined> {
    const info = rev === this.base ? await this.file(rev, path) : await this.file(this.base, path);
    return info?.defs.find((d) => d.symbol === symbol) ?? info?.attributes.find((d) => d.symbol === symbol);
  }

  /**
   * A use (`path:line:column`) the index resolved to `symbol`, defined at `places`, none of which is
   * a definition here: counted, where `symbol` is what a definition would be (a type, a term, a
   * method; not a parameter, a module or a type parameter, which no definition names).
   */
  unmappedUse(symbol: string, places: ScipPlace[], use: string): void {
    if (places.length === 0 || !/[#.]$/.test(symbol)) return;
    // By its descriptor: the package's version (scip-python's is the revision) differs between a change's sides.
    const descriptor = symbol.split(' ').slice(4).join(' ');
    let entry = this.unmapped.get(descriptor);
    if (!entry) this.unmapped.set(descriptor, (entry = { uses: new Set(), place: places[0] }));
    entry.uses.add(use);
  }

  /**
   * The module-level definitions named `name` in `module` (or in its submodule `name`'s as
   * `member`), following re-exports: `from flask import redirect` reaches src/flask/helpers.py
   * through src/flask/__init__.py's `from .helpers import redirect`.
   */
  private async exported(all: Located[], module: string, name: string, member?: string): Promise<Located[]> {
    let modules = [module];
    for (let depth = 0; depth < 3 && modules.length > 0; depth++) {
      const here = member
        ? all.filter((c) => c.def.parent === undefined && fileImported(c.path, modules.map((m) => `${m}/${name}`)))
        : all.filter((c) => c.def.parent === undefined && fileImported(c.path, modules));
      if (here.length > 0) return here;
      if (member) {
        const own = all.filter((c) => c.def.parent === undefined && fileImported(c.path, modules));
        if (own.length > 0) return [];
      }
      const next: string[] = [];
      for (const m of modules) {
        for (const path of await this.modulePaths(m)) {
          const b = (await this.file(this.base, path))?.bindings.get(name);
          if (b) next.push(b.name && b.name !== name ? `${b.module}/${b.name}` : b.module);
        }
      }
      modules = next;
    }
    return [];
  }

  /** The files of the repository at base that are `module` (its file, or its package's __init__ / index). */
  private async modulePaths(module: string): Promise<string[]> {
    let found = this.modules.get(module);
    if (!found) {
      // The source files are picked from the repository's once, not again for every module asked.
      this.paths ??= this.repo.listFiles(this.base).then((paths) => paths.filter((p) => languageOf(p)));
      found = this.paths.then((paths) => paths.filter((p) => fileImported(p, [module])));
      this.modules.set(module, found);
    }
    return found;
  }

  /**
   * The type a variable at `line` of `info` holds, as its last segment: declared or constructed in the
   * function around it, else at module level, else in the module it is imported from, else returned
   * by the call that assigned it.
   */
  async variableType(info: FileInfo, line: number, variable: string): Promise<string | undefined> {
    const binding = info.bindings.get(variable);
    return this.typeOf(info, line, variable) ?? (binding?.name ? await this.importedType(binding.module, binding.name) : undefined)
      ?? await this.returnedType(info, line, variable);
  }

  /** The type `variable` is declared or constructed with in the function around `line`, else at module level. */
  private typeOf(info: FileInfo, line: number, variable: string): string | undefined {
    const fn = enclosingDefinitions(info.defs, line).filter((d) => !CLASS_LIKE.has(d.kind)).pop();
    const local = fn ? declaredType(info.language, info.lines, fn.startLine, line, variable) : undefined;
    return local ?? moduleLevelType(info, variable);
  }

  /**
   * The type a variable holds because a call returned it (`ctx = self.request_context(environ)`,
   * `def request_context(...) -> AppContext`): the last assignment from a call in the function
   * before `line`, that call resolved to one definition, and that definition's declared return
   * type (Python `-> T`, TypeScript `): T`).
   */
  private async returnedType(info: FileInfo, line: number, variable: string): Promise<string | undefined> {
    const go = info.language === 'go';
    if (this.returning.has(`${info.path}:${line}:${variable}`) || (!RETURN_TYPE[family(info.language)] && !go)) return undefined;
    const fn = enclosingDefinitions(info.defs, line).filter((d) => !CLASS_LIKE.has(d.kind)).pop();
    if (!fn) return undefined;
    const assignment = go
      // Go assigns a call's results in order: `node, _, h := mx.tree.FindRoute(...)`.
      ? /^\s*((?:[A-Za-z_]\w*\s*,\s*)*[A-Za-z_]\w*)\s*:?=\s*&?[\w.]*?([A-Za-z_]\w*)\s*\(/
      : namePattern('assigned from a call', variable,
        (n) => String.raw`^\s*(?:(?:const|let|var)\s+)?${n}\s*(?::[^=]*)?=\s*(?:await\s+)?[\w$.]*?([A-Za-z_$][\w$]*)\s*\(`);
    for (let at = line - 1; at >= fn.startLine; at--) {
      const m = assignment.exec(info.lines[at - 1] ?? '');
      const position = go && m ? m[1].split(',').map((v) => v.trim()).indexOf(variable) : 0;
      if (!m || position < 0) continue;
      if (go) m[1] = m[2];
      const key = `${info.path}:${line}:${variable}`;
      this.returning.add(key);
      try {
        const r = await this.resolve(info, at, m[0].lastIndexOf(m[1]), m[1]);
        const def = r.resolved && r.picked.length === 1 ? r.picked[0] : undefined;
        const lines = def && (await this.file(this.base, def.path))?.lines;
        if (!def || !lines) return undefined;
        const head = lines.slice(def.def.nameLine - 1, Math.min(def.def.endLine, def.def.nameLine + 6)).join(' ');
        const type = go ? goResults(head.slice(def.def.nameColumn))[position] : RETURN_TYPE[family(info.language)]!.exec(head)?.[1];
        return type?.slice(type.lastIndexOf('.') + 1);
      } finally {
        this.returning.delete(key);
      }
    }
    return undefined;
  }

  /** The module-level type of `name` in the module a file imports it from (`session: SessionMixin = LocalProxy(...)`). */
  private importedType(module: string, name: string): Promise<string | undefined> {
    const key = `${module}\0${name}`;
    let found = this.types.get(key);
    if (!found) {
      found = (async () => {
        for (const path of await this.modulePaths(module)) {
          const info = await this.file(this.base, path);
          const type = info && moduleLevelType(info, name);
          if (type) return type;
        }
        return undefined;
      })();
      this.types.set(key, found);
    }
    return found;
  }
}

/** The type a module-level variable is declared or constructed with: the lines outside every definition (`app = Flask(__name__)`). */
function moduleLevelType(info: FileInfo, variable: string): string | undefined {
  // Every receiver of a name asks again, and each answer reads the whole file: kept per file and name.
  let types = moduleTypes.get(info);
  if (!types) moduleTypes.set(info, (types = new Map<string, string | undefined>()));
  if (types.has(variable)) return types.get(variable);
  const outside = outsideDefinitions(info);
  const type = declaredType(info.language, outside, 1, outside.length, variable);
  types.set(variable, type);
  return type;
}

/** Per file, whether the functions around a use bind a name (by innermost definition and name). */
const localNames = new WeakMap<FileInfo, Map<string, boolean>>();
const moduleTypes = new WeakMap<FileInfo, Map<string, string | undefined>>();

const outsideLines = new WeakMap<FileInfo, string[]>();

/**
 * A file's lines outside every definition (but data), in order, without the empty ones (no empty
 * line declares anything, and each receiver's name reads them all): worked out once per file.
 */
function outsideDefinitions(info: FileInfo): string[] {
  let outside = outsideLines.get(info);
  if (!outside) {
    const inside = new Uint8Array(info.lines.length + 2);
    for (const d of info.defs) if (!DATA_KINDS.has(d.kind)) inside.fill(1, Math.max(1, d.startLine), Math.min(info.lines.length, d.endLine) + 1);
    outside = info.lines.filter((l, i) => !inside[i + 1] && l !== '');
    outsideLines.set(info, outside);
  }
  return outside;
}

/** Is `before` a module's name and a dot (`os.` in `os.path.join`, `t.` in `t.Iterable`)? What follows is a module's member, not data. */
export function moduleMember(info: FileInfo, before: string): boolean {
  const receiver = receiverOf(before);
  if (receiver === undefined) return false;
  const root = receiver.split('.')[0];
  const binding = info.bindings.get(root);
  return binding !== undefined && !binding.name;
}

/**
 * A Go function's result types from its head (from its name on): `FindRoute(rctx *Context, ...)
 * (*node, endpoints, http.Handler) {` gives node, endpoints, Handler; named results give their types.
 */
export function goResults(head: string): string[] {
  const open = head.indexOf('(');
  if (open < 0) return [];
  let depth = 0;
  let end = -1;
  for (let i = open; i < head.length; i++) {
    if (head[i] === '(') depth++;
    else if (head[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const rest = head.slice(end + 1).split('{')[0].trim();
  const list = rest.startsWith('(') ? rest.slice(1, rest.lastIndexOf(')')) : rest;
  if (!list) return [];
  return list.split(',').map((r) => {
    const type = r.trim().split(/\s+/).pop() ?? '';
    const bare = type.replace(/^[*&[\]]+/, '');
    return bare.slice(bare.lastIndexOf('.') + 1);
  });
}

/**
 * The definition (or instance attribute) whose name an index's definition place writes in `info`:
 * the one named there, else the instance attribute of that name of the class around it, which an
 * index may define at another of its assignments (scip-python at the first in the file, this
 * project at the constructor's).
 */
export function definitionWritten(info: FileInfo, place: { line: number; column: number }): Definition | undefined {
  const at = (d: Definition) => d.nameLine === place.line && d.nameColumn === place.column;
  const found = info.defs.find(at) ?? info.attributes.find(at);
  if (found || info.attributes.length === 0) return found;
  const word = /^[\w$]+/.exec((info.lines[place.line - 1] ?? '').slice(place.column))?.[0];
  const cls = enclosingDefinitions(info.defs, place.line).filter((d) => CLASS_LIKE.has(d.kind)).pop();
  return word && cls ? info.attributes.find((d) => d.parent === cls.symbol && d.name === word) : undefined;
}
