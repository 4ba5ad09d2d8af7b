// What the code says before a name, read from the text around a use: the receiver of `x.name`,
// the type a variable is declared or constructed with in the same function (`x = Foo()`,
// `x: Foo`, `const x: Foo`, `x := Foo{}`, a typed parameter), and the classes a class extends.
// Text, not types: what a person reading the function sees, which is what a link may claim.
import type { Definition } from '../symbols/definitions';
import type { LanguageId } from '../symbols/languages';
import { holdsName } from './namePatterns';

/** `self.app` in `self.app.redirect(`: the dotted expression just before the name, if any. */
export function receiverOf(before: string): string | undefined {
  return /([A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*)\s*\??\.\s*$/.exec(before)?.[1]?.replace(/\?/g, '');
}

const escape = (s: string) => s.replace(/[$]/g, '\\$');
const TYPE = String.raw`["']?\*?&?([A-Za-z_$][\w$.]*)`;

/** Patterns that declare or construct `v`, each capturing the type's (possibly dotted) name. */
function declarations(language: LanguageId, v: string): RegExp[] {
  // The same receivers are typed again and again (each use of `app`, `self`): each language and name's patterns are built once.
  const key = `${language}\0${v}`;
  let made = built.get(key);
  if (!made) {
    if (built.size >= 10_000) built.clear(); // a long editor session reads many names
    built.set(key, (made = buildDeclarations(language, v)));
  }
  return made;
}

const built = new Map<string, RegExp[]>();

function buildDeclarations(language: LanguageId, v: string): RegExp[] {
  const name = escape(v);
  switch (language) {
    case 'python':
      return [new RegExp(String.raw`(?<![\w.])${name}\s*:\s*${TYPE}`), new RegExp(String.raw`(?<![\w.])${name}\s*=\s*([A-Z][\w.]*)\s*\(`)];
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return [new RegExp(String.raw`(?<![\w$.])${name}\s*\??:\s*${TYPE}`), new RegExp(String.raw`(?<![\w$.])${name}\s*=\s*new\s+([A-Za-z_$][\w$.]*)`)];
    case 'go':
      return [
        new RegExp(String.raw`(?<![\w.])${name}\s*:=\s*&?([A-Za-z_][\w.]*)\s*\{`),
        new RegExp(String.raw`\bvar\s+${name}\s+\*?([A-Za-z_][\w.]*)`),
        new RegExp(String.raw`[(,]\s*${name}\s+\*?([A-Za-z_][\w.]*)\s*[,)]`),
      ];
    case 'java':
    case 'csharp':
      return [new RegExp(String.raw`\b([A-Z][\w.]*)(?:<[^>]*>)?\s+${name}\s*[=;,)]`)];
    default:
      return [];
  }
}

/**
 * The type `variable` is declared or constructed with, as its last segment (`t.Foo` -> `Foo`):
 * the last declaration in `lines[from..to]` (1-based, inclusive), a function's lines up to the use.
 */
export function declaredType(language: LanguageId, lines: string[], from: number, to: number, variable: string): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(variable)) return undefined;
  // Each use of a receiver asks again from its function's start to its own line: the lines read so
  // far from that start are kept (per lines array, language, name and start), and each line is read once.
  let scans = declarationScans.get(lines);
  if (!scans) declarationScans.set(lines, (scans = new Map<string, DeclarationScan>()));
  const start = Math.max(1, from);
  const key = `${language}\0${variable}\0${start}`;
  let scan = scans.get(key);
  if (!scan) scans.set(key, (scan = { to: start - 1, at: [], types: [] }));
  const end = Math.min(to, lines.length);
  if (end > scan.to) {
    // Every pattern names the variable as a word: a line without it declares nothing, and the
    // patterns are built (and compiled, namePatterns.ts says at what cost) only once a line holds it.
    let patterns: RegExp[] | undefined;
    for (let i = scan.to + 1; i <= end; i++) {
      if (!holdsName(lines[i - 1], variable)) continue;
      patterns ??= declarations(language, variable);
      let found: string | undefined;
      for (const p of patterns) {
        const m = p.exec(lines[i - 1]);
        if (m) found = m[1].slice(m[1].lastIndexOf('.') + 1);
      }
      if (found !== undefined) {
        scan.at.push(i);
        scan.types.push(found);
      }
    }
    scan.to = end;
  }
  // The last declaration at or before `end`.
  for (let k = scan.at.length - 1; k >= 0; k--) if (scan.at[k] <= end) return scan.types[k];
  return undefined;
}

/** What `declaredType` has read of a lines array from one start: the lines holding a declaration, each with the type it names. */
interface DeclarationScan {
  /** Read up to this line (1-based). */
  to: number;
  at: number[];
  types: string[];
}

const declarationScans = new WeakMap<string[], Map<string, DeclarationScan>>();

/** The classes `cls` names as its bases on its own header line(s): Python `class A(B, C):`, `extends B`, `implements C`. */
export function classBases(language: LanguageId, lines: string[], cls: Definition): string[] {
  const header = lines.slice(cls.nameLine - 1, cls.nameLine + 3).join(' ');
  const segment = (s: string) => s.trim().replace(/[<[].*$/, '').split('.').pop() ?? '';
  if (language === 'python') {
    const inner = /^[^(:]*\(([^)]*)\)/.exec(header)?.[1] ?? '';
    return inner.split(',').filter((b) => !b.includes('=')).map(segment).filter((b) => /^\w+$/.test(b));
  }
  const head = header.split('{')[0];
  const out: string[] = [];
  for (const m of head.matchAll(/\b(?:extends|implements)\s+([\w$.<>,\s]+?)(?=\s+(?:extends|implements)\b|$)/g)) {
    out.push(...m[1].replace(/<[^>]*>/g, '').split(',').map(segment));
  }
  return out.filter((b) => /^[\w$]+$/.test(b));
}
