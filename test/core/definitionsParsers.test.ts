// Definitions checked against each language's own parser, on small real-looking code committed
// as test data (test/data/definitions/): Python's `ast` (run by python3), the TypeScript compiler
// API. Go's own parser is not on this machine, so the Go list is derived by hand from the Go
// spec (TopLevelDecl: ConstDecl, VarDecl, TypeDecl, FunctionDecl, MethodDecl; `_` binds nothing), with
// each struct type's named fields (FieldDecl's IdentifierList; an embedded field names none).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { definitionsOf } from '../../src/core';
import { tempDir } from '../helpers/tempDir';

const DATA = join(__dirname, '..', '..', '..', 'test', 'data', 'definitions');

/** Shaped like uvicorn's H11Protocol: state its methods assign on `self`. */
const H11_PROTOCOL = `import asyncio


class H11Protocol(asyncio.Protocol):
    flow = None
    default: int = 0

    def connection_lost(self, exc):
        if self.cycle is not None:
            self.cycle.disconnected = True
        self.disconnected = True

    def __init__(self, config, server_state, root_path: str = "") -> None:
        self.root_path = root_path
        self.client, self.server = None, None
        self.scheme: str | None = None
        self.cycle: RequestResponseCycle | None
        self.flow = FlowControl()
        self.default = 1
        self.disconnected = False
        self.timeout_keep_alive_task = self.timeout = None

        def helper(self):
            self.not_mine = 1

        def closure():
            self.from_closure = 2

    @staticmethod
    def make(self):
        self.made = 1

    @classmethod
    def build(cls):
        cls.nothing = 1

    async def data_received(self, data):
        self.pending += len(data)

    @property
    def written(self):
        self.written = True
        return self.close

    def close(self):
        self.close = None
`;
/** Shaped like a service taking its collaborators as constructor parameter properties. */
const STORAGE = `export class Storage extends Base {
  private cache = new Map<string, string>();

  constructor(
    private readonly root: string,
    public timeout = 1000,
    protected override retries?: number,
    readonly name: string,
    plain: string,
    @Inject() private logger?: Logger,
  ) {
    super();
    this.cache.set(plain, root);
  }

  read(key: string) {
    return this.root + key;
  }
}

class Plain { constructor(a: string) {} }

export const made = new (class {
  constructor(private hidden: string) {}
})('x');
`;

type Row = string; // `symbol kind line`

async function ours(file: string, dir = DATA): Promise<Row[]> {
  const defs = await definitionsOf(`pkg/${file}`, readFileSync(join(dir, file), 'utf8'));
  return defs.map((d) => `${d.symbol} ${d.kind} ${d.nameLine}`);
}

// Python: every def and class, named by the defs and classes around it; every name assigned
// outside functions (UPPER_CASE a constant, a class's other names fields, a module's variables),
// annotated or not, each name of `a, b = ...` and `a = b = ...`. `if`, `try`, `with` and `for`
// blocks do not scope names (the language's rule). A class's instance attributes: \`self.x = ...\`,
// \`self.x: T = ...\`, \`self.x += ...\` and each \`self.x\` of a tuple, in a method (not a static or
// class method) on its first parameter, a nested function's own parameter of that name being
// another object; a field at the first such assignment in \`__init__\`, else the first; none where
// the class itself defines the name.
const PYTHON_AST = `
import ast, json, re, sys
rows = []
def assigned(fn, receiver, out):
    for node in ast.iter_child_nodes(fn):
        if isinstance(node, ast.ClassDef) or isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if receiver in [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]:
                continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for t in targets:
            for a in ([t] if isinstance(t, ast.Attribute) else getattr(t, "elts", [])):
                if isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and a.value.id == receiver:
                    out.append((a.attr, a.end_lineno, a.end_col_offset))
        assigned(node, receiver, out)
def attributes(cls, name):
    defined = [r.split(" ")[0] for r in rows]
    first = {}
    for node in cls.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        decorators = [d.id for d in node.decorator_list if isinstance(d, ast.Name)]
        params = node.args.posonlyargs + node.args.args
        if "staticmethod" in decorators or "classmethod" in decorators or not params:
            continue
        found = []
        assigned(node, params[0].arg, found)
        for attr, line, col in found:
            symbol = name + "." + attr
            if symbol in defined:
                continue
            if symbol not in first or (node.name == "__init__" and not first[symbol][0]):
                first[symbol] = (node.name == "__init__", line)
    for symbol, (_, line) in first.items():
        rows.append(f"{symbol} field {line}")
def walk(body, owner, owner_kind):
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = owner + "." + node.name
            kind = "class" if isinstance(node, ast.ClassDef) else ("method" if owner_kind == "class" else "function")
            rows.append(f"{name} {kind} {node.lineno}")
            walk(node.body, name, kind)
            if isinstance(node, ast.ClassDef):
                attributes(node, name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and owner_kind != "function" and owner_kind != "method":
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [n for t in targets for n in ([t] if isinstance(t, ast.Name) else getattr(t, "elts", [])) if isinstance(n, ast.Name)]
            for n in names:
                kind = "constant" if re.match(r"^[A-Z][A-Z0-9_]*$", n.id) else ("field" if owner_kind == "class" else "variable")
                rows.append(f"{owner}.{n.id} {kind} {n.lineno}")
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                walk(getattr(node, field, []) or [], owner, owner_kind)
walk(ast.parse(open(sys.argv[1]).read()).body, sys.argv[2], "module")
rows.sort(key=lambda r: int(r.split(" ")[2]))
print(json.dumps(rows))
`;

function pythonAst(file: string, dir = DATA): Row[] {
  const r = spawnSync('python3', ['-c', PYTHON_AST, join(dir, file), `pkg/${file.replace(/\.py$/, '')}`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Row[];
}

// TypeScript: module-level declarations (`const` a constant, `let` and `var` variables, those in a
// block scoped to it), class and interface members (a class's properties fields, `#private` ones
// too, but not computed names), and the named functions and classes declared inside a named function, named
// under it. An anonymous function or class (a callback) declares nothing the module or its
// enclosing definition has.
function typescriptApi(file: string, dir = DATA): Row[] {
  const text = readFileSync(join(dir, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rows: Row[] = [];
  const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const isFunctionValue = (e: ts.Expression | undefined): e is ts.ArrowFunction | ts.FunctionExpression => !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
  const add = (owner: string, name: ts.Node, kind: string) => {
    rows.push(`${owner}.${name.getText(source)} ${kind} ${line(name)}`);
    return `${owner}.${name.getText(source)}`;
  };
  const visit = (node: ts.Node, owner: string, ownerKind: string, inBlock = false): void => {
    const callable = ownerKind === 'class' || ownerKind === 'interface' ? 'method' : 'function';
    if (ts.isFunctionDeclaration(node)) {
      if (!node.name) return; // `export default function () {}`: anonymous
      const me = add(owner, node.name, callable);
      if (node.body) node.body.statements.forEach((s) => visit(s, me, 'function'));
    } else if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      if (!node.name) return;
      const me = add(owner, node.name, 'class');
      node.members.forEach((m) => visit(m, me, 'class'));
    } else if (ts.isConstructorDeclaration(node)) {
      // A constructor is the method `constructor`; its parameter properties fields of its class.
      const me = add(owner, node.getChildren(source).find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword)!, 'method');
      for (const p of node.parameters) if (ts.isParameterPropertyDeclaration(p, node)) add(owner, p.name, 'field');
      node.body?.statements.forEach((s) => visit(s, me, 'method'));
    } else if (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
      const me = add(owner, node.name, 'method');
      node.body?.statements.forEach((s) => visit(s, me, 'method'));
    } else if (ts.isPropertyDeclaration(node)) {
      if (!isFunctionValue(node.initializer)) {
        if (ts.isIdentifier(node.name) || ts.isPrivateIdentifier(node.name)) add(owner, node.name, 'field');
        return;
      }
      const me = add(owner, node.name, 'method');
      visitFunctionBody(node.initializer, me);
    } else if (ts.isInterfaceDeclaration(node)) {
      const me = add(owner, node.name, 'interface');
      node.members.forEach((m) => ts.isMethodSignature(m) && add(me, m.name, 'method'));
    } else if (ts.isTypeAliasDeclaration(node)) add(owner, node.name, 'type');
    else if (ts.isEnumDeclaration(node)) add(owner, node.name, 'enum');
    else if (ts.isVariableStatement(node)) {
      const isConst = (node.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const d of node.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        if (isFunctionValue(d.initializer)) visitFunctionBody(d.initializer, add(owner, d.name, callable));
        else if (ownerKind === 'module' && !inBlock) add(owner, d.name, isConst ? 'constant' : 'variable');
      }
    } else if (ts.isBlock(node) || ts.isIfStatement(node) || ts.isTryStatement(node)) {
      ts.forEachChild(node, (c) => visit(c, owner, ownerKind, true));
    }
    // Expression statements (calls with callbacks) and the rest declare nothing of their own.
  };
  const visitFunctionBody = (f: ts.ArrowFunction | ts.FunctionExpression, me: string) => {
    if (ts.isBlock(f.body)) f.body.statements.forEach((s) => visit(s, me, 'function'));
  };
  source.statements.forEach((s) => visit(s, `pkg/${file.replace(/\.ts$/, '')}`, 'module'));
  return rows;
}

describe('definitions match each language\'s own parser', () => {
  it('Python: as `ast` reads them, definitions under `if TYPE_CHECKING:` and `try:` at module level included', async () => {
    const expected = pythonAst('scaffold.py');
    assert.deepEqual(await ours('scaffold.py'), expected);
    assert.ok(expected.includes('pkg/scaffold._HasName class 10'), 'TYPE_CHECKING class');
    assert.ok(expected.includes('pkg/scaffold.ContextVar function 18'), 'except: def');
    assert.ok(expected.includes('pkg/scaffold.Scaffold._check_setup_finished method 66'));
  });

  it('Python: instance attributes as `ast` reads them: the constructor\'s first assignment, else the first; a class attribute or method of the name wins; a nested function\'s own `self` is another object', async () => {
    const dir = tempDir({ 'h11_impl.py': H11_PROTOCOL });
    const expected = pythonAst('h11_impl.py', dir);
    assert.deepEqual(await ours('h11_impl.py', dir), expected);
    for (const row of [
      // The constructor's assignment, though connection_lost's comes first in the file.
      'pkg/h11_impl.H11Protocol.root_path field 14', 'pkg/h11_impl.H11Protocol.client field 15', 'pkg/h11_impl.H11Protocol.server field 15',
      'pkg/h11_impl.H11Protocol.scheme field 16', 'pkg/h11_impl.H11Protocol.cycle field 17', 'pkg/h11_impl.H11Protocol.disconnected field 20',
      'pkg/h11_impl.H11Protocol.timeout_keep_alive_task field 21', 'pkg/h11_impl.H11Protocol.timeout field 21',
      'pkg/h11_impl.H11Protocol.from_closure field 27', 'pkg/h11_impl.H11Protocol.pending field 38',
    ]) assert.ok(expected.includes(row), `${row} in\n${expected.join('\n')}`);
    // Class attributes (flow, default) and methods (written, close) of the name win; other objects' (not_mine, made, nothing) are not the class's.
    for (const gone of ['.flow field 18', '.default field 19', '.written field', '.close field', '.not_mine', '.made', '.nothing']) {
      assert.ok(!expected.some((r) => r.includes(gone)), `${gone} in\n${expected.join('\n')}`);
    }
    assert.equal(expected.filter((r) => /\.(?:flow|default) /.test(r)).length, 2, 'one definition each, at class level');
  });

  it('TypeScript: as the compiler API reads them; locals of anonymous callbacks are no definitions; nested named functions and classes under their function; names unique but for overloads', async () => {
    const expected = typescriptApi('fetchTimeout.ts');
    const got = await ours('fetchTimeout.ts');
    assert.deepEqual(got, expected);
    for (const gone of ['originalSetTimeout', 'abortController', 'helper', 'LocalThing', 'hidden', 'alsoHidden', 'notADefinition', '.start ']) {
      assert.ok(!got.some((r) => r.includes(gone)), `${gone} is local to a callback`);
    }
    assert.ok(got.includes('pkg/fetchTimeout.customFetch.elapsed function 43'));
    assert.ok(got.includes('pkg/fetchTimeout.customFetch.Timer class 47'));
    assert.ok(got.includes('pkg/fetchTimeout.Clock.#ticks field 76') && got.includes('pkg/fetchTimeout.Clock.#now method 77'), got.join('\n'));
    const names = got.map((r) => r.split(' ')[0]);
    const repeated = names.filter((n, i) => names.indexOf(n) !== i);
    // The overloads of customFetch (three) and the accessor pair `now`: nothing else twice.
    assert.deepEqual([...new Set(repeated)], ['pkg/fetchTimeout.customFetch', 'pkg/fetchTimeout.Clock.now']);
  });

  it('TypeScript: a constructor\'s parameter properties (`private readonly root: string`, `public`, `protected`, `readonly`, `override`, decorated) are fields of its class, as the compiler API reads them; plain parameters and an anonymous class\'s are not', async () => {
    const dir = tempDir({ 'storage.ts': STORAGE });
    const expected = typescriptApi('storage.ts', dir);
    assert.deepEqual(await ours('storage.ts', dir), expected);
    for (const row of ['pkg/storage.Storage.root field 5', 'pkg/storage.Storage.timeout field 6', 'pkg/storage.Storage.retries field 7',
      'pkg/storage.Storage.name field 8', 'pkg/storage.Storage.logger field 10', 'pkg/storage.Plain.constructor method 21']) {
      assert.ok(expected.includes(row), `${row} in\n${expected.join('\n')}`);
    }
    for (const gone of ['.plain ', '.a ', '.hidden ']) assert.ok(!expected.some((r) => r.includes(gone)), `${gone} in\n${expected.join('\n')}`);
  });

  it('TypeScript: an interface of generic call signatures, each starting its line with `<` after a member ending in a type (tree-sitter reads the `<` as the type going on): every definition after it, and its own span to its `}`', async () => {
    const expected = typescriptApi('handlerTypes.ts');
    assert.deepEqual(await ours('handlerTypes.ts'), expected);
    for (const later of ['pkg/handlerTypes.Router type 29', 'pkg/handlerTypes.Middleware interface 33', 'pkg/handlerTypes.Registry.add method 47']) {
      assert.ok(expected.includes(later), later);
    }
    const defs = await definitionsOf('pkg/handlerTypes.ts', readFileSync(join(DATA, 'handlerTypes.ts'), 'utf8'));
    const handlers = defs.find((d) => d.symbol === 'pkg/handlerTypes.Handlers')!;
    assert.deepEqual([handlers.startLine, handlers.endLine], [7, 27]);
  });

  it('Go: package-level var and const, in blocks and alone, and struct fields, as the Go spec declares them (no Go toolchain here: listed by hand)', async () => {
    const got = (await ours('command.go')).map((r) => r.split(' ').slice(0, 2).join(' '));
    assert.deepEqual(got, [
      'pkg/command.FlagSetByCobraAnnotation constant',
      'pkg/command.defaultPrefix constant',
      'pkg/command.minUsagePadding constant',
      'pkg/command.maxUsagePadding constant',
      'pkg/command.EnableTraverseRunHooks variable',
      'pkg/command.defaultHelpTemplate variable',
      'pkg/command.defaultUsageTemplate variable',
      'pkg/command.defaultVersionTemplate variable',
      'pkg/command.initializers variable',
      'pkg/command.templateFuncs variable',
      'pkg/command.Command struct',
      'pkg/command.Command.Use field',
      'pkg/command.Command.Short field',
      'pkg/command.Command.run field',
      'pkg/command.PositionalArgs type',
      'pkg/command.Command.Execute method',
      // A closure bound to a name is named under its function, as in every language here.
      'pkg/command.Command.Execute.handler function',
      'pkg/command.Command.Execute.handler.inner function',
      'pkg/command.Command.Name method',
      'pkg/command.OnInitialize function',
      'pkg/command.init function',
    ]);
    const defs = await definitionsOf('pkg/command.go', readFileSync(join(DATA, 'command.go'), 'utf8'));
    const lone = defs.find((d) => d.name === 'EnableTraverseRunHooks')!;
    assert.deepEqual([lone.startLine, lone.endLine], [17, 17]);
    const inBlock = defs.find((d) => d.name === 'defaultUsageTemplate')!;
    assert.deepEqual([inBlock.startLine, inBlock.endLine], [21, 21]);
  });
});
