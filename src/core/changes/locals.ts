// Names a function binds itself, read from its text: a parameter, or a name it assigns (Python,
// without `global`/`nonlocal`) or declares (`const`/`let`/`var`). Such a name shadows every
// module-level definition of the same name: `environ` in a WSGI function that takes or builds its
// own `environ` is that dict, not another module's `environ` variable.
import type { Definition } from '../symbols/definitions';
import type { LanguageId } from '../symbols/languages';
import { NamePattern, namePattern } from './namePatterns';

const FUNCTION_KINDS = new Set(['function', 'method']);

// What a line must match, whatever the name, for the patterns below to match it (namePatterns.ts).
/** Any name assigned at the line's start (the name matched in full: what follows it is no word character), a `for`, a `with` or an `except`. */
const PYTHON_BINDING = /^\s*(?:[A-Za-z_$][\w$]*\s*(?::[^=]*)?=(?!=)|for\s|(?:with|except)\b)/;
const DECLARATION = /\b(?:const|let|var)\s/;
const GLOBAL = /^\s*(?:global|nonlocal)\b/;

/**
 * Does one of `enclosing` (the definitions around a use at `line`, `column`, outermost first) bind
 * `name` as its own local? A parameter's default in the function's own head (`environ=environ`) is
 * read where the function is defined: there the name is the outer one.
 */
export function boundLocally(language: LanguageId, lines: string[], enclosing: Definition[], name: string, line: number, column: number): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const python = language === 'python';
  if (!python && language !== 'typescript' && language !== 'tsx' && language !== 'javascript') return false;
  // A parameter in the head (up to the body's `:` or `{`, several lines at most), an assignment or declaration in the body.
  const parameter = namePattern('parameter', name, (n) => String.raw`(?:[(,]|^)\s*(?:\*{1,2}|\.\.\.)?${n}\s*\??\s*(?:[:=,)]|$)`);
  const binding = python
    ? namePattern('python binding', name,
      (n) => String.raw`^\s*(?:${n}\s*(?::[^=]*)?=(?!=)|for\s+(?:[\w\s,(]*,\s*)?${n}\b[\w\s,)]*\s+in\b|(?:with|except)\b.*\bas\s+${n}\s*[:,)])`, PYTHON_BINDING)
    : namePattern('declaration', name, (n) => String.raw`\b(?:const|let|var)\s+${n}\b`, DECLARATION);
  const global = namePattern('global', name, (n) => String.raw`^\s*(?:global|nonlocal)\b.*\b${n}\b`, GLOBAL);
  for (const fn of enclosing) {
    if (!FUNCTION_KINDS.has(fn.kind)) continue;
    const head = headOf(lines, fn, python);
    if (line >= fn.nameLine && line < fn.nameLine + head.length && /=\s*$/.test((lines[line - 1] ?? '').slice(0, column))) continue;
    if (head.some((text) => text.includes(name) && parameter.test(text.replace(/^.*?\(/, '(')))) return true;
    const from = fn.nameLine - 1 + head.length;
    // `global x` makes an assignment the module's: asked only of a function that assigns the name.
    if (anyLine(lines, from, fn.endLine, binding) && !(python && anyLine(lines, from, fn.endLine, global))) return true;
  }
  return false;
}

/** Does a line of `lines[from..to)` (0-based, a function's body) match `pattern`? */
function anyLine(lines: string[], from: number, to: number, pattern: NamePattern): boolean {
  for (let i = Math.max(0, from); i < Math.min(to, lines.length); i++) if (pattern.test(lines[i])) return true;
  return false;
}

/** A function's head lines: from its name to the line that opens its body (at most 20). */
function headOf(lines: string[], fn: Definition, python: boolean): string[] {
  const out: string[] = [];
  for (let i = fn.nameLine; i <= Math.min(fn.endLine, fn.nameLine + 19); i++) {
    const text = lines[i - 1] ?? '';
    out.push(text);
    if (python ? /:\s*(?:#.*)?$/.test(text) : /(?:\{|=>)\s*$/.test(text) || /\)\s*(?::[^{]*)?\{/.test(text)) break;
  }
  return out;
}
