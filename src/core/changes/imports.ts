// What a file imports, as module paths a definition's file can be matched against: Python
// `from .x import y` / `import a.b`, TypeScript/JavaScript relative imports and requires, Go
// import paths. A use of a name is resolved to a definition in a file the using file imports.
import { dirname, posix } from 'node:path';
import { modulePath } from '../symbols/definitions';
import { languageOf } from '../symbols/languages';

/** The modules `text` (the file at `path`) imports: repository-relative paths without extension, or Go import paths. */
export function importedModules(path: string, text: string): string[] {
  const language = languageOf(path);
  const dir = dirname(path) === '.' ? '' : dirname(path);
  const out: string[] = [];
  if (language === 'python') {
    for (const m of text.matchAll(/^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w, \t]*)/gm)) {
      const [, dots, name, names] = m;
      let base = dots ? dir.split('/').slice(0, Math.max(0, dir.split('/').length - (dots.length - 1))).join('/') : '';
      if (dots && dir === '') base = '';
      const module = [base, name.replace(/\./g, '/')].filter(Boolean).join('/');
      out.push(module);
      // `from . import views`: the names may be modules too.
      for (const n of names.split(',').map((s) => s.trim()).filter(Boolean)) out.push([module, n].filter(Boolean).join('/'));
    }
    for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w.]+)/gm)) out.push(m[1].replace(/\./g, '/'));
  } else if (language === 'typescript' || language === 'tsx' || language === 'javascript') {
    for (const m of text.matchAll(/(?:from|import|require\()\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1];
      if (spec.startsWith('.')) out.push(modulePath(posix.normalize(posix.join(dir, spec))));
    }
  } else if (language === 'go') {
    const block = /^import\s*\(([\s\S]*?)\)/m.exec(text)?.[1] ?? '';
    for (const m of `${block}\n${text.match(/^import\s+(?:\w+\s+)?"[^"]+"/gm)?.join('\n') ?? ''}`.matchAll(/"([^"]+)"/g)) out.push(m[1]);
  }
  return [...new Set(out.filter(Boolean))];
}

/** Does the definition file `file` belong to one of `modules`? */
export function fileImported(file: string, modules: string[]): boolean {
  const mp = modulePath(file);
  const dir = dirname(file);
  return modules.some((m) => mp === m || mp.endsWith(`/${m}`) || mp === `${m}/__init__` || mp.endsWith(`/${m}/__init__`)
    || mp === `${m}/index` || (languageOf(file) === 'go' && (m === dir || m.endsWith(`/${dir}`))));
}
