// The declared type that holds what the changed code reads (docs/fixture-format.md#default-candidates):
// `context.options.timeout` on a line the change made reads `timeout` out of whatever
// `context.options` is declared as (`options: FetchOptions<R>` in the interface `context` is
// declared with), so that declaration (`FetchOptions`) says what the option means: its type, its
// default, its comment. Go's `f.Value.String()` reads `String` out of the interface the field
// `Value` is declared with; Python's `self.config.root_path` out of the class the attribute was
// annotated or constructed with. The link names the holder, not the member: a TypeScript
// interface's properties are no symbols, and the ground truth names the options type or the
// contract (docs/candidates.md, "Round 9 prep: the declared type that holds an option").
// Text, not types: each hop is a declaration a person reading the code follows, and a hop nothing
// declares ends the chain.
import type { Definition } from '../symbols/definitions';
import { enclosingDefinitions } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { isTestPath } from '../symbols/testPaths';
import type { ChangeReport, ChangedSymbol } from './changedSymbols';
import { sidesOf } from './changedSides';
import { CLASS_LIKE, family, SELF, short } from './languageRules';
import type { LinkFn } from './links';
import { holdsName, namePattern } from './namePatterns';
import { declaredType, receiverOf } from './receivers';
import type { FileInfo, Index, Located } from './repositoryIndex';

/**
 * A holder of what the lines the change made read weighs a type use (a full link), once per changed
 * definition: it is what the changed function's own annotations would name had the code spelled the
 * type out, and it is listed on its own.
 */
const HOLDER_WEIGHT = 1;
/** More hops than this through fields is a path through the program, not a declaration a reader follows. */
const MAX_FIELDS = 3;

/**
 * Link the declared types holding the members the changed lines read through a typed receiver
 * (`context.options.timeout`: the type of `context`'s `options`). The chain passes through one field
 * at least (a variable's own type is its annotation, which the changed function shows), and only
 * its last member counts (the others are steps on the way); never the changed method's own class.
 */
export async function holders(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const seen = new Set<string>();
  for (const { info, symbols } of await sidesOf(index, report)) {
    if (isTestPath(info.path)) continue;
    const refs = (await info.refs()).filter((r) => r.kind === 'identifier' || r.kind === 'call');
    for (const r of refs) {
      // The innermost changed definition around the use reads it (a changed closure, not the changed function around it).
      const s = symbols.filter((x) => r.line >= x.startLine && r.line <= x.endLine && x.madeAt(r.line))
        .sort((a, b) => (a.endLine - a.startLine) - (b.endLine - b.startLine))[0];
      if (!s) continue;
      const text = info.lines[r.line - 1] ?? '';
      const before = text.slice(0, r.column);
      // The end of a chain: `context.options.timeout`'s `timeout`, not `options`, whose holder is only a step on the way.
      if (!/\.\s*$/.test(before) || /^\s*\??\./.test(text.slice(r.column + r.name.length))) continue;
      const chain = receiverOf(before);
      if (!chain) continue;
      const segments = chain.split('.');
      // Through one field at least: a variable's own declared type is its annotation, which the changed lines show.
      if (segments.length < 2) continue;
      const key = `${s.owner.symbol}\0${chain}\0${r.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const own = ownClass(s.owner);
      for (const h of await holdersOf(index, info, r.line, segments, r.name)) {
        if (h.def.symbol === own || isTestPath(h.path)) continue;
        link(h, 'type', s.owner, HOLDER_WEIGHT, `holds ${r.name}, which ${short(s.owner.symbol)} reads through ${chain} (line ${r.line})`, false);
      }
    }
  }
}

/** The class a changed method belongs to (its qualified name less the last part). */
const ownClass = (s: ChangedSymbol) => (s.baseSymbol ?? s.symbol).slice(0, Math.max(0, (s.baseSymbol ?? s.symbol).lastIndexOf('.')));

/** The declared types along `segments` (a receiver's head, then its fields) that declare `member`. */
async function holdersOf(index: Index, info: FileInfo, line: number, segments: string[], member: string): Promise<Located[]> {
  if (segments.length > MAX_FIELDS + 1) return [];
  let types = await headTypes(index, info, line, segments[0]);
  for (const field of segments.slice(1)) {
    const next = new Map<string, Located>();
    for (const t of types) for (const n of await fieldTypes(index, t, field)) next.set(n.def.symbol, n);
    types = [...next.values()];
    if (types.length === 0) return [];
  }
  const out: Located[] = [];
  for (const t of types) if (await declares(index, t, member)) out.push(t);
  return out;
}

/** What a receiver's first name is declared as: `self`'s class, else a variable's declared, constructed or returned type. */
async function headTypes(index: Index, info: FileInfo, line: number, head: string): Promise<Located[]> {
  if (SELF.has(head)) {
    const cls = enclosingDefinitions(info.defs, line).filter((d) => CLASS_LIKE.has(d.kind)).pop();
    return cls ? [{ path: info.path, def: cls }] : [];
  }
  const type = await index.variableType(info, line, head);
  return type ? typesNamed(index, type, info) : [];
}

/** The class-like definitions (or a type alias holding an object type) `name` means in `info`. */
async function typesNamed(index: Index, name: string, info: FileInfo): Promise<Located[]> {
  await index.definitions([name]);
  return index.pick(index.called(name).filter((d) => CLASS_LIKE.has(d.def.kind) || d.def.kind === 'type'), info).filter((d) => !d.local);
}

/** The types a field of `holder` (or of a class it extends) is declared with. */
async function fieldTypes(index: Index, holder: Located, field: string): Promise<Located[]> {
  for (const t of await withBases(index, holder)) {
    const info = await index.file(index.base, t.path);
    if (!info) continue;
    const declared = declaredField(info, t.def, field);
    if (declared) return typesNamed(index, declared, info);
  }
  return [];
}

/** A class and the classes it extends (by name, as the file that names them picks them). */
async function withBases(index: Index, holder: Located): Promise<Located[]> {
  const out = [holder];
  const info = await index.file(index.base, holder.path);
  if (!info) return out;
  for (const name of await index.lineage(holder)) {
    if (name !== holder.def.name) out.push(...(await index.classesNamed(name, info)));
  }
  return out;
}

const TYPE_NAME = String.raw`["']?(?:(?:Optional|Final|ClassVar|Readonly)\[|Readonly<)?\*?&?([A-Za-z_$][\w$.]*)`;
/** A field's declaration by language, around its escaped name: the type is the first group. */
const FIELD_DECLARATIONS: Partial<Record<string, (name: string) => string>> = {
  go: (n) => String.raw`^\s*${n}\s+\*?([A-Za-z_][\w.]*)\s*(?:$|//|\x60)`,
  typescript: (n) => String.raw`^\s*(?:(?:public|private|protected|readonly|declare|static|override)\s+)*${n}\s*[?!]?\s*:\s*${TYPE_NAME}`,
  python: (n) => String.raw`^\s*${n}\s*:\s*${TYPE_NAME}`,
};
/** What follows an instance attribute's name where it is annotated: `self.config: Config = ...`. */
const ANNOTATION = new RegExp(String.raw`^\s*:\s*${TYPE_NAME}`);
const MEMBER_MODIFIERS = String.raw`(?:(?:public|private|protected|readonly|declare|static|override|async|def|func)\s+)*`;

/**
 * The type `field` is declared with in `holder`'s own lines or, in Python, where an instance attribute
 * of that name is set: TypeScript `options?: FetchOptions<R>` (an interface's property, a class field,
 * a parameter property), Go `Value Value`, Python `root_path: str` in the class body and
 * `self.config: Config = ...`, `self.config = Config(...)`, or `self.config = config` where the
 * constructor's parameter is annotated. Its last dotted part; undefined where nothing declares it.
 */
function declaredField(info: FileInfo, holder: Definition, field: string): string | undefined {
  const lines = info.lines;
  const lang = family(info.language);
  const last = (t: string | undefined) => t?.slice(t.lastIndexOf('.') + 1);
  const source = FIELD_DECLARATIONS[lang];
  if (!source) return undefined;
  const pattern = namePattern(`declared field (${lang})`, field, source);
  // A member's own line (a field definition), else any line of the holder's body at its first level of nesting.
  const own = info.defs.find((d) => d.parent === holder.symbol && d.name === field && DATA_KINDS.has(d.kind));
  if (own) {
    const m = pattern.exec(lines[own.nameLine - 1] ?? '');
    if (m) return last(m[1]);
  }
  for (let line = holder.startLine + 1; line <= holder.endLine; line++) {
    const text = lines[line - 1] ?? '';
    if (!holdsName(text, field)) continue;
    // A parameter property (`constructor(private readonly options: Options)`) is declared inside the constructor's head.
    const at = lang === 'typescript' ? text.replace(/^.*\(\s*/, '') : text;
    const m = pattern.exec(at);
    if (m && enclosingClass(info, line) === holder.symbol) return last(m[1]);
  }
  if (lang !== 'python') return undefined;
  // An instance attribute: `self.config: Config = ...`, `self.config = Config(...)`, `self.config = config` (annotated parameter).
  for (const a of info.attributes.filter((d) => d.parent === holder.symbol && d.name === field)) {
    const after = (lines[a.nameLine - 1] ?? '').slice(a.nameColumn + a.name.length);
    const m = ANNOTATION.exec(after) ?? /^\s*=\s*([A-Z][\w.]*)\s*\(/.exec(after);
    if (m) return last(m[1]);
    const from = /^\s*=\s*([A-Za-z_]\w*)\s*$/.exec(after)?.[1];
    const fn = from && enclosingDefinitions(info.defs, a.nameLine).filter((d) => !CLASS_LIKE.has(d.kind)).pop();
    const param = fn ? declaredType(info.language, lines, fn.startLine, a.nameLine, from) : undefined;
    if (param) return param;
  }
  return undefined;
}

/** The innermost class-like definition around a line. */
function enclosingClass(info: FileInfo, line: number): string | undefined {
  return enclosingDefinitions(info.defs, line).filter((d) => CLASS_LIKE.has(d.kind) || d.kind === 'type').pop()?.symbol;
}

/** Does `holder` (or a class it extends) declare `member`: a member definition, or the name on a line of its body? */
async function declares(index: Index, holder: Located, member: string): Promise<boolean> {
  await index.definitions([member]);
  if ((await index.membersOf([holder], member)).length > 0) return true;
  const info = await index.file(index.base, holder.path);
  if (!info) return false;
  const lead = namePattern('member declared', member, (n) => String.raw`^\s*${MEMBER_MODIFIERS}${n}\b`);
  for (let line = holder.def.startLine + 1; line <= holder.def.endLine; line++) {
    if (lead.test(info.lines[line - 1] ?? '') && enclosingClass(info, line) === holder.def.symbol) return true;
  }
  return false;
}
