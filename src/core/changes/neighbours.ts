// One hop out from the changed code (docs/fixture-format.md#default-candidates): what the changed definitions call, use as a
// type or read (callees, types, data), who calls them, is decorated with them or registers them
// (callers), and where the data they write is read or the data they read is written, at base.
// A use is resolved by what the code says before the name: `self`/`this` to the enclosing class
// (and the classes it extends), an imported module's alias, the receiver's declared or
// constructed type in the same function, a name imported by name, the same file, an imported
// file; else by the name alone, and a name with more than AMBIGUOUS_LIMIT definitions that
// nothing picks is not linked but counted.
import { posix } from 'node:path';
import type { Repository } from '../git/repository';
import { Definition, definitionAt, definitionsOf, enclosingDefinitions } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { LanguageId, languageOf } from '../symbols/languages';
import { filesMentioning, textAt } from '../symbols/lookup';
import { Reference, referencesOf } from '../symbols/references';
import { isTestPath } from '../symbols/testPaths';
import type { FileChange } from '../git/diff';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { Binding, fileImported, importBindings, importedModules } from './imports';
import { classBases, declaredType, receiverOf } from './receivers';
import type { PreciseAnswer, PreciseResolver } from '../symbols/scip/resolver';
import { listAt } from '../lists';

export type Relation = 'callee' | 'type' | 'caller' | 'data';

/** A name with more definitions than this, and nothing in the code that picks one, links nothing. */
export const AMBIGUOUS_LIMIT = 3;

export interface Neighbour {
  symbol: string;
  file: string;
  kind: Definition['kind'];
  startLine: number;
  endLine: number;
  relation: Relation;
  /** 1, or 2 for what a neighbour does with data the change writes (`if rule.flag: self.answer()`). */
  hops: 1 | 2;
  /** The changed symbols this one is linked to. */
  via: string[];
  /** Links counted, each weighed by how surely it resolves (1, or 1/n of n same-named definitions) and what it is. Higher ranks first. */
  score: number;
  /** How many links. */
  links: number;
  /** The first link, said in a line: "calls render (line 42)". */
  why: string;
  /** Is it test code (its file's path says so)? */
  test: boolean;
  /** Linked by name alone to one of several same-named definitions: no link was resolved by what the code says. */
  byName: boolean;
}

export interface Links {
  neighbours: Neighbour[];
  /** Distinct names used or called that no code resolved and that name more than AMBIGUOUS_LIMIT definitions. */
  ambiguous: number;
}

/** Names the language calls by itself (constructors, Python dunders): every `super().__init__` would match. */
const IMPLICIT_CALLS = /^(__\w+__|constructor|initialize|new|main|init)$/;
const CLASS_LIKE = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'module']);
const SELF = new Set(['self', 'this', 'cls']);
/** Languages where a bare name never means a class member (Java, C# and Ruby reach their own members bare). */
const BARE_NAMES = new Set<LanguageId>(['python', 'typescript', 'tsx', 'javascript', 'go', 'rust']);
/** A field's name declared on a line of a type (TypeScript `name?: T`, a Go struct's `Name T`); Python's class attributes are definitions of their own. */
const FIELD_DECLARATION: Partial<Record<string, RegExp>> = {
  typescript: /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:/,
  go: /^\s*([A-Za-z_]\w*)\s+[*[\]\w.]/,
};
/** A function's declared return type on its head: Python `-> T:`, TypeScript `): T {` (a Promise's T). */
const RETURN_TYPE: Partial<Record<string, RegExp>> = {
  python: /\)\s*->\s*["']?([A-Za-z_][\w.]*)/,
  typescript: /\)\s*:\s*(?:Promise<)?([A-Za-z_$][\w$.]*)/,
};
/** Data links (a name read, not called): only names this long, resolved or unique. */
const DATA_NAME = /^\w{4,}$/;
/** Weights: a call or type use is a link; a read, a decorator or a data flow half one. */
const WEIGHT = { callee: 1, type: 1, caller: 1, data: 0.5 } as const;
const DECORATOR_WEIGHT = 0.5;
/** What the change's tests use says little about the change: their links weigh a quarter. */
const TEST_OWNER_WEIGHT = 0.25;
/**
 * A modified symbol's lines the change left alone say less about it than the lines it made: in a
 * 250-line function that changed in one `if`, what that `if` calls is the change; the rest of
 * the function is context. Uses away from every changed line weigh this much.
 */
const FAR_WEIGHT = 0.25;
const evidence = (near: boolean) => (near ? 1 : FAR_WEIGHT);
/** Constructors link below every other link: they call, and set up, everything. */
const CONSTRUCTOR_WEIGHT = 0.2;
/**
 * After `.attr`: an assignment (annotated too, over several lines: `self.funcs: dict[⏎...`), an
 * augmented one, an update (`this._n++`), an item assignment, or a call that fills a collection.
 */
const WRITES = /^\s*(?:=(?!=)|[-+*/|&%^]=|<<=|>>=|\+\+|--|\[[^\]\n]*\]\s*=(?!=)|\.(?:append|extend|insert|add|update|setdefault|appendleft|push|set|put)\()/;
/** Before `x.attr`: a prefix update (`++this._n`). */
const PREFIX_UPDATE = /(?:\+\+|--)\s*[\w$.]*\.\s*$/;

/** Does `before` + name + `after` (one line) write the attribute? An annotated target (`self.funcs: dict[`) starts its statement. */
function isWrite(before: string, after: string): boolean {
  if (WRITES.test(after) || PREFIX_UPDATE.test(before)) return true;
  return /^\s*[\w$.]*\.\s*$/.test(before) && /^\s*:(?!=)\s*\S/.test(after);
}

const dirname = (path: string) => posix.dirname(path);
const short = (symbol: string) => symbol.slice(symbol.lastIndexOf('/') + 1);
const shortName = (symbol: string) => symbol.slice(symbol.lastIndexOf('.') + 1);

interface Located {
  path: string;
  def: Definition;
  /** Defined inside a function (a class a test builds, a helper closure): no other function's code can name it. */
  local?: boolean;
}

/**
 * Method names the languages' own types define (dict, list, str; Array, Map, Promise): on a
 * receiver nothing types, `bp_options.copy()` is a dict's copy, not the one class in the
 * repository that happens to define `copy`.
 */
const LIBRARY_METHODS: Partial<Record<string, Set<string>>> = {
  python: new Set(['copy', 'get', 'pop', 'items', 'keys', 'values', 'update', 'append', 'extend', 'insert', 'remove', 'clear', 'setdefault', 'add',
    'discard', 'index', 'count', 'sort', 'reverse', 'split', 'join', 'strip', 'lstrip', 'rstrip', 'replace', 'format', 'startswith', 'endswith',
    'lower', 'upper', 'encode', 'decode', 'read', 'write', 'close', 'popitem', 'union', 'intersection', 'difference']),
  typescript: new Set(['push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'map', 'filter', 'reduce', 'forEach', 'find', 'findIndex', 'some', 'every',
    'includes', 'indexOf', 'join', 'concat', 'keys', 'values', 'entries', 'get', 'set', 'has', 'delete', 'clear', 'add', 'then', 'catch', 'finally',
    'toString', 'trim', 'split', 'replace', 'startsWith', 'endsWith', 'test', 'exec', 'match', 'sort', 'reverse', 'flat', 'flatMap', 'clone', 'text', 'json']),
};

interface FileInfo {
  /** The revision the file is read at (a full SHA). */
  rev: string;
  path: string;
  language: LanguageId;
  lines: string[];
  defs: Definition[];
  imports: string[];
  bindings: Map<string, Binding>;
  /** Worked out on first use (or read from the disk cache): most files read for their definitions never need them. */
  refs(): Promise<Reference[]>;
}

interface Resolution {
  picked: Located[];
  /** Picked by what the code says (or the only definition of the name). */
  resolved: boolean;
}

/** Files and definitions of the repository, read as needed and kept for the change. */
class Index {
  private readonly files = new Map<string, Promise<FileInfo | undefined>>();
  private readonly byName = new Map<string, Located[]>();
  private readonly ancestors = new Map<string, Promise<Set<string>>>();
  private readonly modules = new Map<string, Promise<string[]>>();
  private readonly types = new Map<string, Promise<string | undefined>>();
  /** Variables whose returned type is being read (a call that names the variable it assigns does not loop). */
  private readonly returning = new Set<string>();
  private paths?: Promise<string[]>;

  constructor(private readonly repo: Repository, readonly base: string, private readonly limit: number, private readonly precise?: PreciseResolver) {}

  file(rev: string, path: string): Promise<FileInfo | undefined> {
    const key = `${rev}:${path}`;
    let found = this.files.get(key);
    if (!found) {
      found = (async () => {
        const language = languageOf(path);
        const text = language && (await textAt(this.repo, rev, path));
        if (!language || text === undefined || text === '') return undefined;
        const defs = await definitionsOf(path, text);
        // Most files read for their definitions never have their references asked for: those are read on first use.
        let refs: Promise<Reference[]> | undefined;
        return {
          rev, path, language, lines: text.split('\n'), defs, imports: importedModules(path, text), bindings: importBindings(path, text),
          refs() {
            return (refs ??= referencesOf(path, text));
          },
        };
      })();
      this.files.set(key, found);
    }
    return found;
  }

  /** Every definition at base named one of `names` (each name searched once). */
  async definitions(names: Iterable<string>): Promise<void> {
    const wanted = [...new Set(names)].filter((n) => !this.byName.has(n) && /^\w+$/.test(n));
    if (wanted.length === 0) return;
    for (const n of wanted) this.byName.set(n, []);
    const set = new Set(wanted);
    for (const path of await filesMentioning(this.repo, this.base, wanted)) {
      const info = await this.file(this.base, path);
      const bySymbol = new Map((info?.defs ?? []).map((d) => [d.symbol, d]));
      const local = (d: Definition) => {
        for (let p = d.parent && bySymbol.get(d.parent); p; p = p.parent ? bySymbol.get(p.parent) : undefined) {
          if (p.kind === 'function' || p.kind === 'method') return true;
        }
        return false;
      };
      for (const def of info?.defs ?? []) if (set.has(def.name)) this.byName.get(def.name)!.push({ path, def, local: local(def) });
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
            const bases = classBases(language, info.lines, c.def).filter((b) => !out.has(b));
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

  /** The definitions a use of `name` at (line, column) of `info` means, by what the code says before it. */
  async resolve(info: FileInfo, line: number, column: number, name: string): Promise<Resolution> {
    // A compiler-grade index, where it speaks, decides; the heuristics below decide where it does not.
    const precise = await this.precise?.at(info.rev, info.path, line, column);
    if (precise) return { picked: await this.placed(precise, info.rev, name), resolved: true };
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
      const type = this.typeOf(info, line, receiver) ?? (binding?.name ? await this.importedType(binding.module, binding.name) : undefined)
        ?? await this.returnedType(info, line, receiver);
      if (type) {
        const classes = await this.classesNamed(type, info);
        // A receiver of a type the repository does not define (`dict`, `ContextVar`) calls none of its code.
        return { picked: classes.length > 0 ? await this.membersOf(classes, name) : [], resolved: true };
      }
    }
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
   * base by its qualified name when `rev` is the head. A place no definition has (a parameter, an
   * attribute first set in a constructor) is no symbol, so no link.
   */
  private async placed(answer: PreciseAnswer, rev: string, name: string): Promise<Located[]> {
    const out: Located[] = [];
    for (const place of answer.places) {
      const defs = (await this.file(rev, place.path))?.defs ?? [];
      const at = defs.find((d) => d.nameLine === place.line && d.nameColumn === place.column);
      if (!at) continue;
      const symbol = at.name === name ? at.symbol : (defs.find((d) => d.symbol === at.parent && d.name === name) ?? at).symbol;
      const def = (rev === this.base ? defs : (await this.file(this.base, place.path))?.defs ?? []).find((d) => d.symbol === symbol);
      if (def && !out.some((o) => o.def.symbol === def.symbol)) out.push({ path: place.path, def });
    }
    return out;
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
    if (this.returning.has(`${info.path}:${line}:${variable}`) || !RETURN_TYPE[family(info.language)]) return undefined;
    const fn = enclosingDefinitions(info.defs, line).filter((d) => !CLASS_LIKE.has(d.kind)).pop();
    if (!fn) return undefined;
    const name = variable.replace(/\$/g, '\\$');
    const assignment = new RegExp(String.raw`^\s*(?:(?:const|let|var)\s+)?${name}\s*(?::[^=]*)?=\s*(?:await\s+)?[\w$.]*?([A-Za-z_$][\w$]*)\s*\(`);
    for (let at = line - 1; at >= fn.startLine; at--) {
      const m = assignment.exec(info.lines[at - 1] ?? '');
      if (!m) continue;
      const key = `${info.path}:${line}:${variable}`;
      this.returning.add(key);
      try {
        const r = await this.resolve(info, at, m[0].lastIndexOf(m[1]), m[1]);
        const def = r.resolved && r.picked.length === 1 ? r.picked[0] : undefined;
        const lines = def && (await this.file(this.base, def.path))?.lines;
        if (!def || !lines) return undefined;
        const head = lines.slice(def.def.nameLine - 1, Math.min(def.def.endLine, def.def.nameLine + 6)).join(' ');
        const type = RETURN_TYPE[family(info.language)]!.exec(head)?.[1];
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

const moduleTypes = new WeakMap<FileInfo, Map<string, string | undefined>>();

const outsideLines = new WeakMap<FileInfo, string[]>();

/** A file's lines with those inside a definition (not data) blanked: worked out once per file, as every receiver asks. */
function outsideDefinitions(info: FileInfo): string[] {
  let outside = outsideLines.get(info);
  if (!outside) {
    const inside = new Uint8Array(info.lines.length + 2);
    for (const d of info.defs) if (!DATA_KINDS.has(d.kind)) inside.fill(1, Math.max(1, d.startLine), Math.min(info.lines.length, d.endLine) + 1);
    outside = info.lines.map((l, i) => (inside[i + 1] ? '' : l));
    outsideLines.set(info, outside);
  }
  return outside;
}

export async function neighboursOf(repo: Repository, report: ChangeReport, limit = Infinity): Promise<Neighbour[]> {
  return (await linksOf(repo, report)).neighbours.slice(0, limit);
}

/** The links of a change; `ambiguousLimit`: the most same-named definitions a name may link by name alone. */
export async function linksOf(repo: Repository, report: ChangeReport, ambiguousLimit = AMBIGUOUS_LIMIT, precise?: PreciseResolver): Promise<Links> {
  const index = new Index(repo, report.base, ambiguousLimit, precise);
  const changed = report.symbols;
  const changedNames = new Set(changed.map((s) => s.symbol));
  const found = new Map<string, Neighbour>();
  const ambiguous = new Set<string>();
  const strongest = new Map<string, Map<string, number>>();
  const link = (at: Located, relation: Relation, via: ChangedSymbol, weight: number, why: string, byName: boolean, hops: 1 | 2 = 1) => {
    const d = at.def;
    if (changedNames.has(d.symbol)) return;
    const key = `${relation}\0${d.symbol}`;
    const n = found.get(key) ?? {
      symbol: d.symbol, file: at.path, kind: d.kind, startLine: d.startLine, endLine: d.endLine, relation, hops, via: [], score: 0, links: 0, why,
      test: isTestPath(at.path), byName };
    // A neighbour scores each changed symbol's strongest link to it once: twenty calls from one test
    // are one link's worth; and the change's tests together count as one changed symbol.
    const test = isTestPath(via.file);
    const w = weight * WEIGHT[relation] * (test ? TEST_OWNER_WEIGHT : 1);
    const best = strongest.get(key) ?? new Map<string, number>();
    const owner = test ? '\0tests' : via.symbol;
    const had = best.get(owner) ?? 0;
    if (w > had) {
      n.score += w - had;
      best.set(owner, w);
      strongest.set(key, best);
    }
    n.links++;
    n.byName &&= byName;
    n.hops = Math.min(n.hops, hops) as 1 | 2;
    if (!n.via.includes(via.symbol)) n.via.push(via.symbol);
    found.set(key, n);
  };
  /** Link what a resolution picked, or count the name as ambiguous. */
  const linkPicked = (r: Resolution, name: string, relation: Relation, via: ChangedSymbol, weight: number, why: string) => {
    if (r.picked.length === 0) return;
    if (!r.resolved && (r.picked.length > ambiguousLimit || (relation === 'data' && r.picked.length > 1))) {
      if (relation !== 'data') ambiguous.add(name);
      return;
    }
    for (const p of r.picked) link(p, relation, via, weight * (r.resolved ? 1 : 1 / r.picked.length), why, !r.resolved && r.picked.length > 1);
  };

  // Outgoing: names the changed code uses, at the side where the change left them.
  interface Use { ref: Reference; owner: ChangedSymbol; info: FileInfo; decorator: boolean; near: boolean }
  const uses: Use[] = [];
  const reads = new Map<string, Access>();
  const writes = new Map<string, Access>();
  const seenUses = new Map<string, Use>();
  const declared = new Map<string, Access>();
  const access = (into: Map<string, Access>, name: string, a: Access) => {
    const had = into.get(name);
    if (!had || (a.near && !had.near)) into.set(name, a);
  };
  for (const side of await sidesOf(index, report)) {
    const { info, symbols } = side;
    const file = info.path;
    // A use belongs to the innermost definition around it, and counts only when that one changed:
    // a class that changed in one method does not make every name in its other methods a neighbour.
    const changedHere = new Map(symbols.map((s) => [`${s.symbol}\0${s.startLine}`, { owner: s.owner, near: nearLines(s, info.lines, info.defs) }]));
    const nearOf = new Map([...changedHere.values()].map((s) => [s.owner, s.near]));
    for (const ref of await info.refs()) {
      const inner = definitionAt(info.defs, ref.line);
      const side = inner && changedHere.get(`${inner.symbol}\0${inner.startLine}`);
      if (!inner || !side) continue;
      const owner = side.owner;
      const near = side.near(ref.line);
      const decorator = ref.line < inner.nameLine;
      const text = info.lines[ref.line - 1] ?? '';
      const before = text.slice(0, ref.column);
      const after = text.slice(ref.column + ref.name.length);
      // `@app.teardown_request`: the decorator is `teardown_request`; `app` is only its receiver.
      if (decorator && /^\s*\./.test(after)) continue;
      if (ref.kind === 'identifier' && !decorator && !DATA_NAME.test(ref.name)) continue;
      // A modified symbol is read at both sides: a line the change left alone is one use.
      const key = `${owner.symbol}\0${ref.kind}\0${ref.name}\0${ref.column}\0${decorator}\0${text.trim()}`;
      const seen = seenUses.get(key);
      if (seen) seen.near ||= near;
      else {
        const use = { ref, owner, info, decorator, near };
        seenUses.set(key, use);
        uses.push(use);
      }
      // Attributes the changed code reads or writes: where the same data is written or read is a neighbour.
      const attribute = /\.\s*$/.test(before) && !moduleMember(info, before);
      if (ref.kind === 'identifier' && !decorator && owner.change !== 'added' && !isTestPath(file) && attribute) {
        const write = isWrite(before, after);
        // What a changed constructor sets up is everything its class holds: its readers are not the change's.
        if (write && IMPLICIT_CALLS.test(shortName(owner.symbol))) continue;
        access(write ? writes : reads, ref.name, { owner, line: ref.line, family: family(info.language), near });
      }
    }
    for (const s of symbols) {
      if (isTestPath(file) || s.owner.change === 'added') continue;
      // A field a changed type declares on a changed line (`throwHttpErrors?: boolean | (...)`): its other readers are the change's.
      if (s.owner.change === 'modified' && (CLASS_LIKE.has(s.owner.kind) || s.owner.kind === 'type')) {
        for (let line = s.startLine + 1; line <= s.endLine; line++) {
          const name = s.madeAt(line) ? FIELD_DECLARATION[family(info.language)]?.exec(info.lines[line - 1] ?? '')?.[1] : undefined;
          if (name && DATA_NAME.test(name)) access(declared, name, { owner: s.owner, line, family: family(info.language), near: true });
        }
      }
      for (let line = s.startLine; line <= s.endLine; line++) {
        for (const m of (info.lines[line - 1] ?? '').matchAll(/\b(get|set)attr\(\s*[^,()]+,\s*["'](\w{4,})["']/g)) {
          access(m[1] === 'get' ? reads : writes, m[2], { owner: s.owner, line, family: family(info.language), near: nearOf.get(s.owner)!(line) });
        }
      }
    }
  }
  await index.definitions(uses.map((u) => u.ref.name));
  for (const u of uses) {
    const r = await index.resolve(u.info, u.ref.line, u.ref.column, u.ref.name);
    if (u.decorator) {
      // `@app.teardown_request` on a changed function: the decorator's definition registers and calls it.
      linkPicked(r, u.ref.name, 'caller', u.owner, DECORATOR_WEIGHT * evidence(u.near), `decorates ${short(u.owner.symbol)} (line ${u.ref.line})`);
      continue;
    }
    const relation: Relation = u.ref.kind === 'type' ? 'type' : u.ref.kind === 'call' ? 'callee' : 'data';
    // `order.total_cents = ...` writes the field it names.
    const written = relation === 'data' && WRITES.test((u.info.lines[u.ref.line - 1] ?? '').slice(u.ref.column + u.ref.name.length));
    const verb = relation === 'type' ? 'used as a type by' : written ? 'written by' : relation === 'data' ? 'read by' : 'called by';
    linkPicked(r, u.ref.name, relation, u.owner, evidence(u.near), `${verb} ${short(u.owner.symbol)} (line ${u.ref.line})`);
  }

  // Incoming: definitions at base that call a changed (existing) symbol, are decorated with it, or register it.
  const targets = new Map<string, ChangedSymbol[]>();
  for (const s of changed) {
    if (s.change === 'added') continue;
    const name = shortName(s.symbol);
    if (IMPLICIT_CALLS.test(name)) continue;
    listAt(targets, name).push(s);
  }
  // A changed constructor is called by instantiating its class (`Foo(...)`, `new Foo(...)`) and by a subclass's `super()`.
  const constructors = new Map<string, { cls: string; via: ChangedSymbol }[]>();
  for (const s of changed) {
    if (s.change === 'added' || s.kind !== 'method' || !/^(__init__|constructor)$/.test(shortName(s.symbol))) continue;
    const cls = (s.baseSymbol ?? s.symbol).slice(0, (s.baseSymbol ?? s.symbol).lastIndexOf('.'));
    const name = shortName(cls);
    constructors.set(name, [...(constructors.get(name) ?? []), { cls, via: s }]);
  }
  await index.definitions([...targets.keys(), ...constructors.keys()]);
  /** Each changed symbol's resolved non-test callers (by changed symbol's name): where two hops start. */
  const directCallers = new Map<string, Located[]>();
  const registrations: { info: FileInfo; ref: Reference; via: ChangedSymbol[]; call: string; column: number }[] = [];
  for (const path of await filesMentioning(repo, report.base, [...targets.keys(), ...constructors.keys()])) {
    const info = await index.file(report.base, path);
    if (!info) continue;
    await constructorCalls(index, info, constructors, link);
    for (const ref of await info.refs()) {
      const vias = targets.get(ref.name);
      if (!vias) continue;
      const caller = definitionAt(info.defs, ref.line);
      const decorates = caller !== undefined && ref.line < caller.nameLine;
      const line = info.lines[ref.line - 1] ?? '';
      if (caller && CLASS_LIKE.has(caller.kind) && ref.kind === 'type' && ref.line >= caller.nameLine && ref.line <= caller.nameLine + 3) {
        // `class Flask(App):` / `class B extends A`: a subclass of the changed class, not something that registers it.
        const r = await index.resolve(info, ref.line, ref.column, ref.name);
        for (const p of r.picked.filter((x) => vias.some((v) => v.symbol === x.def.symbol))) {
          const via = vias.find((v) => v.symbol === p.def.symbol)!;
          const byName = !r.resolved && r.picked.length > 1;
          link({ path, def: caller }, 'type', via, r.resolved ? 1 : 1 / r.picked.length, `extends ${ref.name} (line ${ref.line})`, byName);
        }
        continue;
      }
      if (ref.kind !== 'call' && !decorates) {
        // `app.teardown_appcontext(close_db)`: the registering method is linked to what it registers.
        const call = /([\w$]+)\s*\(\s*(?:[^()]*,\s*)?$/.exec(line.slice(0, ref.column));
        if (call && /^\s*[,)]/.test(line.slice(ref.column + ref.name.length))) {
          registrations.push({ info, ref, via: vias, call: call[1], column: call.index + call[0].indexOf(call[1]) });
        }
        continue;
      }
      if (!caller) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      const hit = r.picked.filter((p) => vias.some((v) => v.symbol === p.def.symbol));
      if (hit.length === 0) continue;
      if (!r.resolved && r.picked.length > ambiguousLimit) {
        ambiguous.add(ref.name);
        continue;
      }
      const why = `${decorates ? 'decorated with' : 'calls'} ${ref.name} (line ${ref.line})`;
      const at = { path, def: caller };
      const byName = !r.resolved && r.picked.length > 1;
      for (const p of hit) {
        const via = vias.find((v) => v.symbol === p.def.symbol)!;
        link(at, 'caller', via, r.resolved ? 1 : 1 / r.picked.length, why, byName);
        if (r.resolved && !decorates && !isTestPath(path) && !changedNames.has(caller.symbol)) {
          const list = listAt(directCallers, via.symbol);
          if (!list.some((c) => c.def.symbol === caller.symbol)) list.push(at);
        }
      }
    }
  }
  await index.definitions(registrations.map((g) => g.call));
  for (const g of registrations) {
    const own = await index.resolve(g.info, g.ref.line, g.ref.column, g.ref.name);
    const registered = own.resolved ? own.picked.filter((p) => g.via.some((v) => v.symbol === p.def.symbol)) : [];
    if (registered.length === 0) continue;
    const r = await index.resolve(g.info, g.ref.line, g.column, g.call);
    const why = `registers ${g.ref.name} (line ${g.ref.line})`;
    for (const p of registered) linkPicked(r, g.call, 'caller', g.via.find((v) => v.symbol === p.def.symbol)!, 1, why);
  }

  await callersOfCallers(repo, index, changed.filter((s) => directCallers.has(s.symbol)).map((s) => [s, directCallers.get(s.symbol)!]), link);
  await overrides(index, changed, link);

  // Data: where what the change reads is written, and where what it writes is read (and what that reader then calls).
  await dataFlow(repo, report, index, reads, writes, declared, link, ambiguousLimit);

  const neighbours = [...found.values()]
    // At equal evidence a constructor ranks below: it sets up, and calls, everything.
    .sort((a, b) => b.score - a.score || a.hops - b.hops || Number(isConstructor(a)) - Number(isConstructor(b)) || a.symbol.localeCompare(b.symbol)
      || a.relation.localeCompare(b.relation));
  return { neighbours, ambiguous: ambiguous.size };
}

/**
 * Calls of changed constructors in one file: `Foo(...)` / `new Foo(...)` resolved to the class,
 * and `super().__init__(...)` / `super(...)` in a constructor of a class that extends it. Each
 * weighs CONSTRUCTOR_WEIGHT: a class is built in many places, few of which the change is about.
 */
async function constructorCalls(index: Index, info: FileInfo, constructors: Map<string, { cls: string; via: ChangedSymbol }[]>, link: LinkFn): Promise<void> {
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

const isConstructor = (n: Neighbour) => n.kind === 'method' && IMPLICIT_CALLS.test(shortName(n.symbol));

/** A changed symbol with at most this many callers, each called by at most this many, links its callers' callers (two hops). */
const TWO_HOP_FANOUT = 3;
/** A caller's caller weighs half a direct link: enough to be listed, ranked below the callers it goes through. */
const TWO_HOP_WEIGHT = 0.5;

/**
 * Callers of a changed symbol's callers, two hops out (docs/methodology.md: the labeling protocol leaves out only what is further): the
 * entry point a thin wrapper serves (`createInstance` calls `validateAndMerge`, which calls the
 * changed `deepMerge`). Only where the fan-in is small at both hops (TWO_HOP_FANOUT): a function
 * called from everywhere has no caller that is about the change. Resolved calls from non-test code only.
 */
async function callersOfCallers(repo: Repository, index: Index, direct: [ChangedSymbol, Located[]][], link: LinkFn): Promise<void> {
  const firsts = new Map<string, { via: ChangedSymbol; caller: Located }[]>();
  for (const [via, callers] of direct) {
    if (callers.length > TWO_HOP_FANOUT) continue;
    for (const caller of callers) if (!IMPLICIT_CALLS.test(caller.def.name)) listAt(firsts, caller.def.name).push({ via, caller });
  }
  if (firsts.size === 0) return;
  await index.definitions(firsts.keys());
  const second = new Map<string, { at: Located; line: number }[]>();
  for (const path of await filesMentioning(repo, index.base, [...firsts.keys()])) {
    if (isTestPath(path)) continue;
    const info = await index.file(index.base, path);
    if (!info) continue;
    for (const ref of await info.refs()) {
      const wanted = ref.kind === 'call' ? firsts.get(ref.name) : undefined;
      const caller = wanted && definitionAt(info.defs, ref.line);
      if (!wanted || !caller) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (!r.resolved) continue;
      for (const w of wanted) {
        if (caller.symbol === w.caller.def.symbol || !r.picked.some((p) => p.def.symbol === w.caller.def.symbol)) continue;
        const list = listAt(second, w.caller.def.symbol);
        if (!list.some((x) => x.at.def.symbol === caller.symbol)) list.push({ at: { path, def: caller }, line: ref.line });
      }
    }
  }
  for (const ws of firsts.values()) {
    for (const w of ws) {
      const callers = second.get(w.caller.def.symbol) ?? [];
      if (callers.length > TWO_HOP_FANOUT) continue;
      for (const c of callers) {
        link(c.at, 'caller', w.via, TWO_HOP_WEIGHT, `calls ${w.caller.def.name}, which calls ${shortName(w.via.symbol)} (line ${c.line})`, false, 2);
      }
    }
  }
}

/**
 * Methods of subclasses, at any depth, that override a changed method: what runs instead of it on
 * their instances. Constructors and other implicit names are left out (every class has one).
 */
async function overrides(index: Index, changed: ChangedSymbol[], link: LinkFn): Promise<void> {
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

/** An attribute the changed code reads or writes: where, in which language family (data flows within one), and whether beside a changed line. */
interface Access { owner: ChangedSymbol; line: number; family: string; near: boolean }

/** TypeScript, TSX and JavaScript share their data; every other language keeps its own. */
const family = (language: LanguageId) => (language === 'tsx' || language === 'javascript' ? 'typescript' : language);

type LinkFn = (at: Located, relation: Relation, via: ChangedSymbol, weight: number, why: string, byName: boolean, hops?: 1 | 2) => void;

/**
 * Attributes (names no definition has) the changed source code reads or writes: the definitions
 * elsewhere that write what it reads (`teardown_request` fills the `teardown_request_funcs` that
 * `do_teardown_request` runs) or read what it writes (`dispatch_request` reads the
 * `provide_automatic_options` that `add_url_rule` sets), when few do; and what such a reader calls
 * in the branch the read decides. Constructors are left out: they initialise everything.
 */
async function dataFlow(
  repo: Repository, report: ChangeReport, index: Index, reads: Map<string, Access>, writes: Map<string, Access>, declared: Map<string, Access>,
  link: LinkFn, limit: number,
): Promise<void> {
  // A field declared anew is read where it is read, like one the code writes.
  for (const [name, a] of declared) if (!writes.has(name)) writes.set(name, a);
  const names = [...new Set([...reads.keys(), ...writes.keys()])];
  await index.definitions(names);
  // A class attribute or field is data too: `rule.provide_automatic_options` flows whether or not a class declares it.
  const attributes = names.filter((n) => index.called(n).every((d) => DATA_KINDS.has(d.def.kind) && d.def.parent !== undefined) && !IMPLICIT_CALLS.test(n));
  if (attributes.length === 0) return;
  const changedNames = new Set(report.symbols.map((s) => s.symbol));
  interface Site { info: FileInfo; def: Definition; line: number; column: number }
  const readers = new Map<string, Site[]>();
  const writers = new Map<string, Site[]>();
  /** Module-level data naming a declared field as a key (`kyOptionKeys = {throwHttpErrors: true, ...}`): a registry of the fields. */
  const registries = new Map<string, Site[]>();
  const wanted = new Set(attributes);
  for (const path of await filesMentioning(repo, report.base, attributes)) {
    if (isTestPath(path)) continue;
    const info = await index.file(report.base, path);
    if (!info) continue;
    // Only what the parser calls an identifier: never a comment, a docstring, a JSDoc example or a string.
    const code = new Set((await info.refs()).filter((r) => r.kind === 'identifier').map((r) => `${r.line}:${r.column}`));
    info.lines.forEach((text, i) => {
      const accesses = [
        ...[...text.matchAll(/\.\s*(\w+)\b/g)].map((m) => {
          const column = m.index + m[0].indexOf(m[1]);
          const before = text.slice(0, column);
          const write = isWrite(before, text.slice(m.index + m[0].length));
          return { name: m[1], column, code: code.has(`${i + 1}:${column}`) && !moduleMember(info, before), write };
        }),
        ...[...text.matchAll(/\b(get|set)attr\(\s*[^,()]+,\s*["'](\w+)["']/g)].map((m) => ({
          name: m[2], column: m.index + m[0].indexOf(m[2]), code: true, write: m[1] === 'set' })),
      ];
      for (const a of accesses) {
        if (!wanted.has(a.name) || !a.code) continue;
        const def = definitionAt(info.defs, i + 1);
        if (!def || changedNames.has(def.symbol)) continue;
        const into = a.write ? writers : readers;
        const list = into.get(a.name) ?? [];
        if (!list.some((x) => x.def.symbol === def.symbol)) list.push({ info, def, line: i + 1, column: a.column });
        into.set(a.name, list);
      }
    });
    for (const def of info.defs) {
      if (!DATA_KINDS.has(def.kind) || def.parent !== undefined || changedNames.has(def.symbol)) continue;
      for (let line = def.startLine; line <= def.endLine; line++) {
        for (const m of (info.lines[line - 1] ?? '').matchAll(/(?<![\w$.])["']?([A-Za-z_$][\w$]*)["']?\s*:(?![:=])/g)) {
          if (!declared.has(m[1]) || !wanted.has(m[1])) continue;
          const list = listAt(registries, m[1]);
          if (!list.some((x) => x.def.symbol === def.symbol)) list.push({ info, def, line, column: m.index });
        }
      }
    }
  }
  for (const [field, d] of declared) {
    const found = (registries.get(field) ?? []).filter((r) => family(r.info.language) === d.family);
    if (found.length > limit) continue;
    for (const r of found) link({ path: r.info.path, def: r.def }, 'data', d.owner, 1, `lists ${field} as a key (line ${r.line})`, false);
  }
  for (const [attribute, read] of reads) {
    if (!wanted.has(attribute)) continue;
    const found = (writers.get(attribute) ?? []).filter((w) => family(w.info.language) === read.family);
    if (found.filter((w) => !IMPLICIT_CALLS.test(w.def.name)).length > limit) continue;
    // A constructor that sets the attribute up is a writer too: where the change's own lines read the
    // attribute, where its value comes from (`Scaffold.__init__` sets the `root_path` the change opens
    // files under); else ranked below the methods that change it.
    for (const w of found) {
      const constructor = IMPLICIT_CALLS.test(w.def.name);
      const why = `${constructor ? 'sets up' : 'writes'} ${attribute} (line ${w.line})`;
      link({ path: w.info.path, def: w.def }, 'data', read.owner, constructor && !read.near ? CONSTRUCTOR_WEIGHT * FAR_WEIGHT : 1, why, false);
    }
  }
  for (const [attribute, write] of writes) {
    if (!wanted.has(attribute)) continue;
    const found = (readers.get(attribute) ?? []).filter((r) => family(r.info.language) === write.family);
    if (found.length > limit) continue;
    for (const r of found) {
      link({ path: r.info.path, def: r.def }, 'data', write.owner, evidence(write.near), `reads ${attribute} (line ${r.line})`, false);
      for (const call of await guardedCalls(r.info, r.line)) {
        const res = await index.resolve(r.info, call.line, call.column, call.name);
        if (!res.resolved) continue;
        const why = `called when ${shortName(r.def.symbol)} reads ${attribute} (line ${call.line})`;
        for (const p of res.picked) link(p, 'data', write.owner, evidence(write.near), why, false, 2);
      }
    }
  }
}

/**
 * The calls in the branch a condition on `line` decides: the `if` whose header holds the line
 * (up to a few lines above it), and the lines indented under it. By indentation, as it reads.
 */
async function guardedCalls(info: FileInfo, line: number): Promise<Reference[]> {
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  let header = -1;
  for (let i = line; i >= Math.max(1, line - 4); i--) {
    if (/^\s*(?:\}\s*)?(?:if|elif|else\s+if)\b/.test(info.lines[i - 1] ?? '')) {
      header = i;
      break;
    }
  }
  if (header < 0) return [];
  const level = indent(info.lines[header - 1]);
  let body = -1;
  for (let i = line; i <= Math.min(info.lines.length, line + 4); i++) {
    if (/[:{]\s*(?:#.*)?$/.test(info.lines[i - 1])) {
      body = i + 1;
      break;
    }
  }
  if (body < 0) return [];
  let end = body;
  while (end <= info.lines.length && (info.lines[end - 1].trim() === '' || indent(info.lines[end - 1]) > level)) end++;
  return (await info.refs()).filter((r) => r.kind === 'call' && r.line >= body && r.line < end);
}

/** A changed symbol as one side of its file holds it: its qualified name and lines there. */
interface SideSymbol {
  owner: ChangedSymbol;
  symbol: string;
  startLine: number;
  endLine: number;
  /** Is a line at or beside a line the change made (every line of an added or deleted symbol is)? */
  changedAt: (line: number) => boolean;
  /** Is a line one the change made? */
  madeAt: (line: number) => boolean;
}

/**
 * The lines of a changed symbol that are the change's evidence: those at or beside a changed
 * line; its head (decorators, signature, a class's bases: the contract the changed code keeps,
 * and the types an expert reads to change it); and those that use a local the changed lines
 * assign (`rule.flag = flag` below the lines that now compute `flag`): what the change computes flows there.
 */
function nearLines(s: SideSymbol, lines: string[], defs: Definition[]): (line: number) => boolean {
  const def = defs.find((d) => d.symbol === s.symbol && d.startLine === s.startLine);
  let headEnd = def ? def.nameLine : s.startLine;
  // The head ends at the line that opens the body (`{`, a Python `:`), a few lines at most.
  while (def && headEnd < Math.min(s.endLine, def.nameLine + 8) && !/[{:]\s*(?:(?:\/\/|#).*)?$/.test(lines[headEnd - 1] ?? '')) headEnd++;
  const changedAt = (line: number) => s.changedAt(line) || (line >= s.startLine && line <= headEnd);
  const assigned = new Set<string>();
  for (let line = s.startLine; line <= s.endLine; line++) {
    if (!s.changedAt(line)) continue;
    const m = /^\s*(?:(?:let|const|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]*)?(?::=|=(?!=)|[-+*/|&]=)/.exec(lines[line - 1] ?? '');
    if (m && !/^(?:return|if|for|while|else|elif)$/.test(m[1])) assigned.add(m[1]);
  }
  if (assigned.size === 0) return changedAt;
  const uses = new RegExp(`(?<![\\w$.])(?:${[...assigned].map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`);
  return (line) => changedAt(line) || (line >= s.startLine && line <= s.endLine && uses.test(lines[line - 1] ?? ''));
}

/** Lines this close to a changed line are part of the change's evidence (the `if` that now wraps a call, the comment above it). */
const NEAR_LINES = 2;

/** Which lines of one side of a file are at or within NEAR_LINES of a line the change made there (-U0 hunks). */
function nearChange(hunks: FileChange['hunks'], side: 'old' | 'new', near = NEAR_LINES): (line: number) => boolean {
  const ranges = hunks.map((h) => (side === 'old' ? [h.oldStart, h.oldLines] : [h.newStart, h.newLines]))
    // A side of 0 lines is the gap after `start`: the lines on either side of it are beside the change, none is made by it.
    .filter(([, lines]) => lines > 0 || near > 0)
    .map(([start, lines]) => (lines > 0 ? [start, start + lines - 1] : [start, start + 1]));
  return (line) => ranges.some(([a, b]) => line >= a - near && line <= b + near);
}

/**
 * Each changed file at the sides its symbols live on: a deleted symbol at base, an added one at
 * head, a modified one at both (its base lines found by its base name), each with that side's lines.
 */
async function sidesOf(index: Index, report: ChangeReport): Promise<{ info: FileInfo; symbols: SideSymbol[] }[]> {
  const oldPath = new Map(report.files.filter((f) => f.newPath && f.oldPath).map((f) => [f.newPath!, f.oldPath!]));
  const byNew = new Map(report.files.filter((f) => f.newPath).map((f) => [f.newPath!, f]));
  const every = () => true;
  const sides = new Map<string, { rev: string; path: string; symbols: SideSymbol[] }>();
  const add = (rev: string, path: string, s: SideSymbol) => {
    const key = `${rev}:${path}`;
    const side = sides.get(key) ?? { rev, path, symbols: [] };
    side.symbols.push(s);
    sides.set(key, side);
  };
  for (const s of report.symbols) {
    if (s.change === 'deleted') {
      add(report.base, s.file, { owner: s, symbol: s.symbol, startLine: s.startLine, endLine: s.endLine, changedAt: every, madeAt: every });
      continue;
    }
    const hunks = byNew.get(s.file)?.hunks ?? [];
    const added = s.change === 'added';
    add(report.head, s.file, {
      owner: s, symbol: s.symbol, startLine: s.startLine, endLine: s.endLine,
      changedAt: added ? every : nearChange(hunks, 'new'), madeAt: added ? every : nearChange(hunks, 'new', 0) });
    if (s.change !== 'modified') continue;
    const path = oldPath.get(s.file) ?? s.file;
    const name = s.baseSymbol ?? s.symbol;
    const at = (await index.file(report.base, path))?.defs.filter((d) => d.symbol === name) ?? [];
    // Same-named definitions (an overload, a redefinition): the one nearest the head's lines.
    const d = at.sort((a, b) => Math.abs(a.startLine - s.startLine) - Math.abs(b.startLine - s.startLine))[0];
    if (d) {
      add(report.base, path, {
        owner: s, symbol: d.symbol, startLine: d.startLine, endLine: d.endLine, changedAt: nearChange(hunks, 'old'), madeAt: nearChange(hunks, 'old', 0) });
    }
  }
  const out: { info: FileInfo; symbols: SideSymbol[] }[] = [];
  for (const side of sides.values()) {
    const info = await index.file(side.rev, side.path);
    if (info) out.push({ info, symbols: side.symbols });
  }
  return out;
}

/** Is `before` a module's name and a dot (`os.` in `os.path.join`, `t.` in `t.Iterable`)? What follows is a module's member, not data. */
function moduleMember(info: FileInfo, before: string): boolean {
  const receiver = receiverOf(before);
  if (receiver === undefined) return false;
  const root = receiver.split('.')[0];
  const binding = info.bindings.get(root);
  return binding !== undefined && !binding.name;
}
