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
  // `m`, `…/m`, `m/__init__`, `…/m/__init__`, `m/index`; for Go, the file's folder as `m` or its end.
  // Asked for every definition of a name against every module a file imports: no strings built per module.
  const mp = modulePath(file);
  const dir = dirname(file);
  const init = mp.endsWith('/__init__') ? mp.slice(0, -'/__init__'.length) : undefined;
  const index = mp.endsWith('/index') ? mp.slice(0, -'/index'.length) : undefined;
  const go = languageOf(file) === 'go';
  return modules.some((m) => endsWithSegment(mp, m) || (init !== undefined && endsWithSegment(init, m)) || index === m || (go && endsWithSegment(m, dir)));
}

/** Is `s` the path `tail`, or does it end with `/` and `tail`? */
function endsWithSegment(s: string, tail: string): boolean {
  return s === tail || (s.length > tail.length && s.charCodeAt(s.length - tail.length - 1) === 0x2f && s.endsWith(tail));
}

/** What a local name stands for by an import: a module (`from . import helpers`, `import * as ns`, a Go package) or a name in one. */
export interface Binding {
  module: string;
  /** The imported definition's own name; absent when the local name is the module itself. */
  name?: string;
}

/**
 * The local names a file's imports bind: Python `from .x import y as z` (z is x's y, or the module
 * x/y), `import a.b as c`; TypeScript/JavaScript `import { y as z }`, `import * as ns`, default
 * imports; Go packages by alias or their path's last segment.
 */
export function importBindings(path: string, text: string): Map<string, Binding> {
  const language = languageOf(path);
  const dir = dirname(path) === '.' ? '' : dirname(path);
  const out = new Map<string, Binding>();
  if (language === 'python') {
    for (const m of text.matchAll(/^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)/gm)) {
      const [, dots, name, names] = m;
      const parts = dir.split('/').filter(Boolean);
      const base = dots ? parts.slice(0, Math.max(0, parts.length - (dots.length - 1))).join('/') : '';
      const module = [base, name.replace(/\./g, '/')].filter(Boolean).join('/');
      for (const item of names.replace(/[()]/g, '').split(',')) {
        const [own, alias] = item.trim().split(/\s+as\s+/);
        if (!own || !/^\w+$/.test(own)) continue;
        // `from . import helpers` binds a module; `from .helpers import redirect` a definition. Either may be meant.
        out.set(alias ?? own, { module, name: own });
      }
    }
    for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?/gm)) {
      const module = m[1].replace(/\./g, '/');
      out.set(m[2] ?? m[1].split('.')[0], { module: m[2] ? module : m[1].split('.')[0] });
    }
  } else if (language === 'typescript' || language === 'tsx' || language === 'javascript') {
    for (const m of text.matchAll(/import\s+(?:type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]*)['"]/g)) {
      const module = modulePath(posix.normalize(posix.join(dir, m[2])));
      const clause = m[1];
      const star = /\*\s+as\s+(\w+)/.exec(clause);
      if (star) out.set(star[1], { module });
      const named = /\{([^}]*)\}/.exec(clause);
      for (const item of named?.[1].split(',') ?? []) {
        const [own, alias] = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
        if (own && /^\w+$/.test(own)) out.set(alias ?? own, { module, name: own });
      }
      const defaultName = /^(\w+)/.exec(clause.replace(/^type\s+/, ''));
      if (defaultName && !clause.trimStart().startsWith('{')) out.set(defaultName[1], { module });
    }
  } else if (language === 'go') {
    const block = /^import\s*\(([\s\S]*?)\)/m.exec(text)?.[1] ?? '';
    const lines = [...block.split('\n'), ...(text.match(/^import\s+(?:\w+\s+)?"[^"]+"/gm) ?? []).map((l) => l.replace(/^import\s+/, ''))];
    for (const line of lines) {
      const m = /^\s*(\w+)?\s*"([^"]+)"/.exec(line);
      if (!m || m[1] === '_') continue;
      // A module's major version is no package name: `github.com/go-playground/validator/v10` is package `validator`.
      const segments = m[2].split('/');
      const last = segments.length > 1 && /^v\d+$/.test(segments.at(-1)!) ? segments.at(-2)! : segments.at(-1)!;
      out.set(m[1] ?? last, { module: m[2] });
    }
  }
  return out;
}
