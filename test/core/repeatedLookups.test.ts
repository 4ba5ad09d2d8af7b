// The lookups the neighbours of a change repeat for every use (the innermost definition at a line,
// whether a file belongs to an imported module, the type a receiver was declared with), each
// against the straightforward code it replaced, on seeded random inputs (properties: same answer
// for every input, in every order of asking).
import * as assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { fileImported } from '../../src/core/changes/imports';
import { declaredType } from '../../src/core/changes/receivers';
import { type Definition, definitionAt, enclosingDefinitions, innermostByLine, modulePath } from '../../src/core/symbols/definitions';
import { languageOf, type LanguageId } from '../../src/core/symbols/languages';
import { mulberry32 } from '../../src/core/scoring/significance';

const pick = <T>(next: () => number, xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
const int = (next: () => number, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

// The code each replaced, as it was.
const enclosingBefore = (defs: Definition[], line: number) =>
  defs.filter((d) => d.startLine <= line && line <= d.endLine).sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
const definitionAtBefore = (defs: Definition[], line: number) => enclosingBefore(defs, line).pop();
function fileImportedBefore(file: string, modules: string[]): boolean {
  const mp = modulePath(file);
  const dir = dirname(file);
  return modules.some((m) => mp === m || mp.endsWith(`/${m}`) || mp === `${m}/__init__` || mp.endsWith(`/${m}/__init__`)
    || mp === `${m}/index` || (languageOf(file) === 'go' && (m === dir || m.endsWith(`/${dir}`))));
}

describe('repeated lookups against the code they replaced (properties)', () => {
  it('definitionAt, innermostByLine and enclosingDefinitions: the same definition (the same object) at every line, ties and equal ranges included (2,000 seeded files)', () => {
    const next = mulberry32(29);
    for (let file = 0; file < 2000; file++) {
      const defs: Definition[] = Array.from({ length: int(next, 0, 12) }, (_, i) => {
        const startLine = int(next, 1, 30);
        const endLine = startLine + int(next, 0, 8);
        return { symbol: `m.d${i}`, name: `d${i}`, kind: pick(next, ['class', 'function', 'method', 'constant'] as const), startLine, endLine, nameLine: startLine, nameColumn: 0 };
      });
      // Copies of ranges already there: which of two equal ranges is innermost depends on the order alone.
      for (let k = int(next, 0, 3); k > 0 && defs.length > 0; k--) defs.push({ ...pick(next, defs), symbol: `m.copy${k}` });
      const innermost = innermostByLine(defs);
      for (const line of [-1, ...Array.from({ length: 41 }, (_, l) => l), 2.5]) {
        assert.equal(definitionAt(defs, line), definitionAtBefore(defs, line), `file ${file}, line ${line}`);
        assert.equal(innermost(line), definitionAtBefore(defs, line), `file ${file}, line ${line} (innermostByLine)`);
        const now = enclosingDefinitions(defs, line);
        const before = enclosingBefore(defs, line);
        assert.equal(now.length, before.length);
        now.forEach((d, i) => assert.equal(d, before[i], `file ${file}, line ${line}, #${i}`));
      }
    }
  });

  it('fileImported: the same answer for every file and module list (20,000 seeded pairs, Python packages, index files, Go folders, the root)', () => {
    const next = mulberry32(7);
    const segments = ['a', 'b', 'ab', 'pkg', 'src', '__init__', 'index', 'x.y', ''];
    const path = (ext: string) => [...Array.from({ length: int(next, 0, 3) }, () => pick(next, segments.filter(Boolean))), pick(next, segments.filter(Boolean))].join('/') + ext;
    const module = () => Array.from({ length: int(next, 1, 3) }, () => pick(next, segments)).join('/');
    for (let k = 0; k < 20000; k++) {
      const file = path(pick(next, ['.py', '.ts', '.go', '.js', '', '.rs']));
      const modules = Array.from({ length: int(next, 0, 5) }, () => (next() < 0.3 ? dirname(file) : next() < 0.3 ? modulePath(file).split('/').slice(int(next, 0, 2)).join('/') : module()));
      assert.equal(fileImported(file, modules), fileImportedBefore(file, modules), `${file} in ${JSON.stringify(modules)}`);
    }
  });

  it('declaredType: the same type for every range and name, asked in any order on the same lines, as every line run through the patterns (300 seeded files, 40 questions each, four languages)', () => {
    const next = mulberry32(11);
    const names = ['app', 'ctx', 'x', 'self', 'a$b', 'req', 't', '$x'];
    const types = ['Flask', 'flask.Flask', 't.Any', 'Foo', 'Bar[T]', '*Store', 'x'];
    const line = (language: LanguageId): string => {
      const v = pick(next, names);
      const t = pick(next, types);
      switch (pick(next, [0, 1, 2, 3, 4, 5])) {
        case 0: return language === 'go' ? `\t${v} := &${t}{}` : language === 'java' ? `  ${t} ${v} = make();` : `    ${v} = ${t}(1)`;
        case 1: return language === 'go' ? `var ${v} *${t}` : `    ${v}: ${t} = None`;
        case 2: return language === 'typescript' ? `  const ${v} = new ${t}();` : `func f(${v} ${t}, y int) {`;
        case 3: return `    ${v}.run(${pick(next, names)})`;
        // The name inside longer words only: no declaration of it (declaredType reads such lines no further).
        case 4: return `    x${v}t = ${t}(${v}_1)`;
        default: return '';
      }
    };
    for (let file = 0; file < 300; file++) {
      const language = pick(next, ['python', 'typescript', 'go', 'java'] as const);
      const lines = Array.from({ length: int(next, 0, 40) }, () => line(language));
      for (let q = 0; q < 40; q++) {
        const from = int(next, -2, 42);
        const to = next() < 0.2 ? from - int(next, 1, 3) : from + int(next, 0, 30);
        const variable = pick(next, names);
        const before = declaredTypeBefore(language, lines, from, to, variable);
        assert.equal(declaredType(language, lines, from, to, variable), before, `${language} file ${file}: ${variable} in ${from}..${to}`);
      }
    }
  });
});

/** declaredType as it was: the language's patterns run on every line of the range, the last declaration's type. */
function declaredTypeBefore(language: LanguageId, lines: string[], from: number, to: number, variable: string): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(variable)) return undefined;
  const name = variable.replace(/[$]/g, '\\$');
  const TYPE = String.raw`["']?\*?&?([A-Za-z_$][\w$.]*)`;
  const patterns = {
    python: [String.raw`(?<![\w.])${name}\s*:\s*${TYPE}`, String.raw`(?<![\w.])${name}\s*=\s*([A-Z][\w.]*)\s*\(`],
    typescript: [String.raw`(?<![\w$.])${name}\s*\??:\s*${TYPE}`, String.raw`(?<![\w$.])${name}\s*=\s*new\s+([A-Za-z_$][\w$.]*)`],
    go: [String.raw`(?<![\w.])${name}\s*:=\s*&?([A-Za-z_][\w.]*)\s*\{`, String.raw`\bvar\s+${name}\s+\*?([A-Za-z_][\w.]*)`, String.raw`[(,]\s*${name}\s+\*?([A-Za-z_][\w.]*)\s*[,)]`],
    java: [String.raw`\b([A-Z][\w.]*)(?:<[^>]*>)?\s+${name}\s*[=;,)]`],
  }[language as 'python' | 'typescript' | 'go' | 'java'].map((p) => new RegExp(p));
  let found: string | undefined;
  for (let i = Math.max(1, from); i <= Math.min(to, lines.length); i++) {
    for (const p of patterns) {
      const m = p.exec(lines[i - 1]);
      if (m) found = m[1].slice(m[1].lastIndexOf('.') + 1);
    }
  }
  return found;
}
