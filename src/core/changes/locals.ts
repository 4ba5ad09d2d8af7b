// Names a function binds itself, read from its text: a parameter, or a name it assigns (Python,
// without `global`/`nonlocal`) or declares (`const`/`let`/`var`). Such a name shadows every
// module-level definition of the same name: `environ` in a WSGI function that takes or builds its
// own `environ` is that dict, not another module's `environ` variable.
import type { Definition } from '../symbols/definitions';
import type { LanguageId } from '../symbols/languages';

const FUNCTION_KINDS = new Set(['function', 'method']);

/**
 * Does one of `enclosing` (the definitions around a use at `line`, `column`, outermost first) bind
 * `name` as its own local? A parameter's default in the function's own head (`environ=environ`) is
 * read where the function is defined: there the name is the outer one.
 */
export function boundLocally(language: LanguageId, lines: string[], enclosing: Definition[], name: string, line: number, column: number): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const python = language === 'python';
  if (!python && language !== 'typescript' && language !== 'tsx' && language !== 'javascript') return false;
  const n = name.replace(/\$/g, '\\$');
  // A parameter in the head (up to the body's `:` or `{`, several lines at most), an assignment or declaration in the body.
  const parameter = new RegExp(String.raw`(?:[(,]|^)\s*(?:\*{1,2}|\.\.\.)?${n}\s*\??\s*(?:[:=,)]|$)`);
  const binding = python
    ? new RegExp(String.raw`^\s*(?:${n}\s*(?::[^=]*)?=(?!=)|for\s+(?:[\w\s,(]*,\s*)?${n}\b[\w\s,)]*\s+in\b|(?:with|except)\b.*\bas\s+${n}\s*[:,)])`)
    : new RegExp(String.raw`\b(?:const|let|var)\s+${n}\b`);
  const global = new RegExp(String.raw`^\s*(?:global|nonlocal)\b.*\b${n}\b`);
  for (const fn of enclosing) {
    if (!FUNCTION_KINDS.has(fn.kind)) continue;
    const head = headOf(lines, fn, python);
    if (line >= fn.nameLine && line < fn.nameLine + head.length && /=\s*$/.test((lines[line - 1] ?? '').slice(0, column))) continue;
    if (head.some((text) => parameter.test(text.replace(/^.*?\(/, '(')))) return true;
    const body = lines.slice(fn.nameLine - 1 + head.length, fn.endLine);
    if (python && body.some((l) => global.test(l))) continue;
    if (body.some((l) => binding.test(l))) return true;
  }
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
