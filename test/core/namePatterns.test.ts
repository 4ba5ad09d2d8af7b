// The patterns about one name are compiled only once a line holds the name as a word
// (src/core/changes/namePatterns.ts): a line passed over unread must be one the pattern could not
// have matched. Properties on seeded random text, against the regular expressions run on every
// line as the code did before (boundLocally written out here as it was; declaredType's is in
// repeatedLookups.test.ts).
import * as assert from 'node:assert/strict';
import { boundLocally } from '../../src/core/changes/locals';
import { holdsName } from '../../src/core/changes/namePatterns';
import type { Definition } from '../../src/core/symbols/definitions';
import type { LanguageId } from '../../src/core/symbols/languages';
import { mulberry32 } from '../../src/core/scoring/significance';

const pick = <T>(next: () => number, xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
const int = (next: () => number, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

describe('patterns about one name, read only where the name is a word (properties)', () => {
  it('holdsName answers as `\\b`-style boundaries do at the ends that are word characters (20,000 seeded texts, names with $, digits, é)', () => {
    const next = mulberry32(5);
    const alphabet = ['a', 'b', 'x', '_', '$', '1', ' ', '.', '(', ',', 'é', ':', '='];
    const text = (n: number) => Array.from({ length: n }, () => pick(next, alphabet)).join('');
    for (let k = 0; k < 20000; k++) {
      const name = text(int(next, 1, 3));
      const line = next() < 0.5 ? text(int(next, 0, 12)) : `${text(int(next, 0, 4))}${name}${text(int(next, 0, 4))}`;
      const escaped = name.replace(/[$.()]/g, '\\$&');
      const reference = new RegExp(`${/^\w/.test(name) ? '(?<!\\w)' : ''}${escaped}${/\w$/.test(name) ? '(?!\\w)' : ''}`).test(line);
      assert.equal(holdsName(line, name), reference, `${JSON.stringify(name)} in ${JSON.stringify(line)}`);
    }
  });

  it('boundLocally: the same answer as every line run through the patterns (3,000 seeded functions, Python and TypeScript)', () => {
    const next = mulberry32(17);
    const names = ['x', 'app', 'a$b', '$el', 'ctx', 'environ', 't'];
    const pyLines = (v: string, w: string) => [
      `    ${v} = make()`, `    ${v}: dict[str, int] = {}`, `    ${v} == 1`, `    for i, ${v} in items:`, `    for (${v}) in xs:`,
      `    with open(p) as ${v}:`, `    except Exception as ${v}:`, `    global ${v}`, `    nonlocal ${w}, ${v}`, `    return ${v}.${w}(${v}x)`,
      `    ${v}x = 1`, `    x${v} = 2`, `    ${w} = ${v}`, '', '    # global', `    print("${v} = 1")`,
    ];
    const tsLines = (v: string, w: string) => [
      `  const ${v} = 1;`, `  let ${v}: number;`, `  var ${v}x = 2;`, `  const ${w} = ${v};`, `  ${v} = 3;`, `  for (const ${v} of xs) {}`, `  return ${v}.${w};`, '',
    ];
    for (let k = 0; k < 3000; k++) {
      const language = pick(next, ['python', 'typescript'] as const);
      const python = language === 'python';
      const name = pick(next, names);
      const other = pick(next, names);
      const head = python
        ? pick(next, [`def f(${name}, y=1):`, `def f(self, *${name}):`, 'def f(', `def f(y=${name}):`, `def g(${other}):`])
        : pick(next, [`function f(${name}: number, y = 1) {`, `function f(...${name}) {`, `function f(y = ${name}) {`, `const f = (${other}) => {`]);
      const body = Array.from({ length: int(next, 0, 8) }, () => pick(next, python ? pyLines(pick(next, [name, other]), other) : tsLines(pick(next, [name, other]), other)));
      const lines = [head, ...(python && next() < 0.3 ? ['    y,', `    ${name}=None,`, '):'] : []), ...body, python ? '' : '}'];
      const fn: Definition = { symbol: 'm.f', name: 'f', kind: pick(next, ['function', 'method', 'class'] as const), startLine: 1, endLine: lines.length, nameLine: 1, nameColumn: 4 };
      const line = int(next, 1, lines.length);
      const column = int(next, 0, (lines[line - 1] ?? '').length);
      const enclosing = next() < 0.2 ? [] : [fn];
      assert.equal(boundLocally(language, lines, enclosing, name, line, column), boundLocallyBefore(language, lines, enclosing, name, line, column),
        `${language} ${name} at ${line}:${column} in\n${lines.join('\n')}`);
    }
  });
});

/** boundLocally as it was: each pattern built for the call and run on every line of the head and body. */
function boundLocallyBefore(language: LanguageId, lines: string[], enclosing: Definition[], name: string, line: number, column: number): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const python = language === 'python';
  if (!python && language !== 'typescript' && language !== 'tsx' && language !== 'javascript') return false;
  const n = name.replace(/\$/g, '\\$');
  const parameter = new RegExp(String.raw`(?:[(,]|^)\s*(?:\*{1,2}|\.\.\.)?${n}\s*\??\s*(?:[:=,)]|$)`);
  const binding = python
    ? new RegExp(String.raw`^\s*(?:${n}\s*(?::[^=]*)?=(?!=)|for\s+(?:[\w\s,(]*,\s*)?${n}\b[\w\s,)]*\s+in\b|(?:with|except)\b.*\bas\s+${n}\s*[:,)])`)
    : new RegExp(String.raw`\b(?:const|let|var)\s+${n}\b`);
  const global = new RegExp(String.raw`^\s*(?:global|nonlocal)\b.*\b${n}\b`);
  for (const fn of enclosing) {
    if (fn.kind !== 'function' && fn.kind !== 'method') continue;
    const head: string[] = [];
    for (let i = fn.nameLine; i <= Math.min(fn.endLine, fn.nameLine + 19); i++) {
      const text = lines[i - 1] ?? '';
      head.push(text);
      if (python ? /:\s*(?:#.*)?$/.test(text) : /(?:\{|=>)\s*$/.test(text) || /\)\s*(?::[^{]*)?\{/.test(text)) break;
    }
    if (line >= fn.nameLine && line < fn.nameLine + head.length && /=\s*$/.test((lines[line - 1] ?? '').slice(0, column))) continue;
    if (head.some((text) => parameter.test(text.replace(/^.*?\(/, '(')))) return true;
    const body = lines.slice(fn.nameLine - 1 + head.length, fn.endLine);
    if (python && body.some((l) => global.test(l))) continue;
    if (body.some((l) => binding.test(l))) return true;
  }
  return false;
}
