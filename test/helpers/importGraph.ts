// The repository's import graph, read with the TypeScript compiler's parser, and the plan it must
// follow (README's Layout): which part may import which, and no cycle anywhere. Every form that
// names a module counts: import and export ... from (type-only ones too), require(), import()
// and `typeof import('x')` in a type.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/** The parts of the plan, by the folder that holds each (paths from the repository root). */
export const PARTS = { shared: 'src/shared', core: 'src/core', cli: 'src/cli', extension: 'src/extension', webview: 'webview' } as const;
export type Part = keyof typeof PARTS;

/**
 * Which parts each part may import, and which packages. src/shared is pure and imports nothing
 * at all, so whatever core or the webview takes from it brings no DOM, no Node and no `vscode`
 * along. The CLI and the extension sit side by side over core and never import each other.
 */
export const PLAN: Record<Part, { parts: readonly Part[]; packages: (name: string) => boolean }> = {
  shared: { parts: [], packages: () => false },
  core: { parts: ['shared'], packages: (name) => name !== 'vscode' },
  cli: { parts: ['core', 'shared'], packages: (name) => name !== 'vscode' },
  extension: { parts: ['core', 'shared'], packages: () => true },
  webview: { parts: ['shared'], packages: (name) => name !== 'vscode' && !isBuiltin(name) },
};

/** Every module a TypeScript file loads. */
export function importsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** One arrow of the graph: `from` imports `specifier`, which is `to` (a file, from the root) or a package. */
export interface Edge {
  from: string;
  specifier: string;
  /** The file imported, for a relative specifier; undefined for a package. */
  to?: string;
  /** The package imported (`@scope/name` or `name`), for a bare specifier. */
  pkg?: string;
}

/** Every .ts file under `dir`. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: as written, or with .ts, .d.ts or /index.ts. */
function resolveFile(fromFile: string, specifier: string): string {
  const base = resolve(dirname(fromFile), specifier);
  return [`${base}.ts`, `${base}.d.ts`, join(base, 'index.ts'), base].find((p) => existsSync(p) && statSync(p).isFile()) ?? base;
}

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Every import of every .ts file under `folders` (paths from `root`). */
export function readGraph(root: string, folders: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const file of folders.flatMap((f) => tsFiles(join(root, f)))) {
    const from = relative(root, file);
    for (const specifier of importsOf(file, readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) edges.push({ from, specifier, to: relative(root, resolveFile(file, specifier)) });
      else edges.push({ from, specifier, pkg: packageOf(specifier) });
    }
  }
  return edges;
}

export function partOf(path: string): Part | undefined {
  return (Object.keys(PARTS) as Part[]).find((p) => path === PARTS[p] || path.startsWith(`${PARTS[p]}/`));
}

/** Each import the plan does not allow, as `from -> what: why`. */
export function violations(edges: readonly Edge[]): string[] {
  const found: string[] = [];
  for (const e of edges) {
    const part = partOf(e.from);
    if (!part) continue;
    const rule = PLAN[part];
    if (e.pkg !== undefined) {
      if (!rule.packages(e.pkg)) found.push(`${e.from} -> ${e.specifier}: ${part} may not import the package ${e.pkg}`);
      continue;
    }
    const target = partOf(e.to!);
    if (target === part) continue;
    // The demo corpus's YAML files are text core bundles (esbuild.mjs): systems.yaml is the template `init` writes.
    if (!target && part === 'core' && /^corpus\/[^/]+\.yaml$/.test(e.to!)) continue;
    if (!target) found.push(`${e.from} -> ${e.to}: outside every part`);
    else if (!rule.parts.includes(target)) found.push(`${e.from} -> ${e.to}: ${part} may not import ${target}`);
  }
  return found;
}

/**
 * One cycle per strongly connected group of files (Tarjan), each as the files in import order
 * with the first repeated at the end. Type-only imports count: the compiler follows them too.
 */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.to === undefined) continue;
    const list = next.get(e.from) ?? [];
    if (!list.includes(e.to)) list.push(e.to);
    next.set(e.from, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    const self = (next.get(v) ?? []).includes(v);
    if (group.length > 1 || self) groups.push(group);
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  return groups.map((group) => shortestCycle(group.sort()[0], new Set(group), next));
}

/** The shortest way from `start` back to itself inside its group (breadth first). */
function shortestCycle(start: string, group: Set<string>, next: Map<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/**
 * The graph between the folders of one part (`src/core/labeling/state.ts` is in `labeling`, a file
 * at the part's top in `.`): one edge per pair of folders a file import joins, named like files,
 * so `cycles` finds the cycles among folders. Each edge's `specifier` is one file import behind it.
 */
export function folderEdges(edges: readonly Edge[], partFolder: string): Edge[] {
  const folder = (path: string) => {
    const inside = path.slice(partFolder.length + 1);
    return inside.includes('/') ? inside.split('/')[0] : '.';
  };
  const found = new Map<string, Edge>();
  for (const e of edges) {
    if (e.to === undefined || !e.from.startsWith(`${partFolder}/`) || !e.to.startsWith(`${partFolder}/`)) continue;
    const from = folder(e.from);
    const to = folder(e.to);
    if (from !== to && !found.has(`${from} ${to}`)) found.set(`${from} ${to}`, { from, to, specifier: `${e.from} -> ${e.to}` });
  }
  return [...found.values()];
}

/** The names `file` exports (`export { a, type B } from ...`, declarations); `*` for an `export *`. */
export function exportedNames(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (!node.exportClause) names.push('*');
      else if (ts.isNamedExports(node.exportClause)) names.push(...node.exportClause.elements.map((e) => e.name.text));
    }
  }
  return names;
}

/**
 * The names files under `folders` take from the module `target` (a path from `root` without .ts,
 * such as `src/core/index`, which `../core` names too): named imports and re-exports, and each
 * `ns.name` of a namespace import.
 */
export function namesImportedFrom(root: string, folders: readonly string[], target: string): Set<string> {
  const wanted = resolve(root, target);
  const names = new Set<string>();
  for (const file of folders.flatMap((f) => tsFiles(join(root, f)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const namespaces = new Set<string>();
    const isTarget = (specifier: ts.Expression | undefined) => {
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return false;
      const base = resolve(dirname(file), specifier.text);
      return base === wanted || join(base, 'index') === wanted;
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && isTarget(node.moduleSpecifier)) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text);
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      } else if (ts.isExportDeclaration(node) && isTarget(node.moduleSpecifier) && node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements) names.add((e.propertyName ?? e.name).text);
      } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
        names.add(node.name.text);
      } else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && namespaces.has(node.left.text)) {
        names.add(node.right.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}
