// systems.yaml as written by hand: real systems' output mapped to Fixture Lab's names without a
// wrapper (joinSymbol, parse's items, fields and named groups), and every mistake in the file
// reported at path:line:col with what to write instead.
import * as assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, joinSymbol, mulberry32, normalizeSymbol, parseOutput, readSystems, readSystemsFile, resolvePrograms } from '../../src/core';
import { tempDir } from '../helpers/tempDir';

const problemsOf = (text: string) => readSystemsFile(text, 'corpus/systems.yaml').problems.map(formatProblem);

describe('systems.yaml: output mapped to Fixture Lab\'s names', () => {
  it('joins a file and a name: codegraph\'s filePath + qualifiedName, gitnexus\'s id, separators normalised', () => {
    assert.equal(joinSymbol('src/flask/ctx.py', 'AppContext::push'), 'src/flask/ctx.AppContext.push');
    assert.equal(joinSymbol('src/flask/helpers.py', 'redirect'), 'src/flask/helpers.redirect');
    assert.equal(joinSymbol('./web/src/cart.ts', 'CartView#render'), 'web/src/cart.CartView.render');
    assert.equal(joinSymbol('worker\\queue\\queue.go', 'Queue.Retry'), 'worker/queue/queue.Queue.Retry');
    assert.equal(joinSymbol('shop/pricing.py', 'shop/pricing.apply_discount'), 'shop/pricing.apply_discount', 'a name already qualified is not prefixed twice');
    assert.equal(joinSymbol('shop/pricing.py', ''), 'shop/pricing', 'an empty name is the file');
    assert.equal(joinSymbol(undefined, 'Cart::total'), 'Cart.total');
  });

  it('joining is normalising: the joined name is already in normal form, and any spelling of a member joins alike (seeded)', () => {
    const random = mulberry32(25);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    for (let n = 0; n < 500; n++) {
      const dirs = Array.from({ length: Math.floor(random() * 3) }, () => pick(['src', 'shop', 'web', 'a_b']));
      const file = [...dirs, pick(['cart', 'ctx', 'models'])].join('/') + pick(['.py', '.ts', '.go', '']);
      const members = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(['Cart', 'total', 'push', '__init__', 'Queue']));
      const joined = joinSymbol(file, members.join(pick(['::', '#', '.'])));
      assert.equal(normalizeSymbol(joined), joined, joined);
      assert.equal(joined, joinSymbol(file, members.join('.')), `${file} ${members.join('.')}`);
      assert.ok(joined.endsWith(`.${members.join('.')}`), joined);
    }
  });

  it('json: items with file and name fields; several paths in order; a pattern\'s named groups; a trailer cut by `until`', () => {
    const codegraph = JSON.stringify({ nodes: [
      { kind: 'function', name: 'apply_discount', qualifiedName: 'apply_discount', filePath: 'shop/pricing.py' },
      { kind: 'method', name: 'total', qualifiedName: 'Cart::total', filePath: 'shop/cart.py' },
      { kind: 'file', filePath: 'shop/models.py' },
    ] });
    assert.deepEqual(parseOutput(codegraph, { format: 'json', symbols: 'nodes[]', file: 'filePath', name: 'qualifiedName' }),
      { symbols: ['shop/pricing.apply_discount', 'shop/cart.Cart.total'] });
    const gitnexus = `${JSON.stringify({
      process_symbols: [{ id: 'Method:shop/cart.py:Cart.total#1', name: 'total' }],
      definitions: [{ id: 'Function:worker/main.go:drain', name: 'drain' }, { name: 'models.py', type: 'File', filePath: 'shop/models.py' }],
    }, null, 2)}\n---\n**Next:** call \`context\` on a symbol`;
    const parse = { format: 'json' as const, symbols: ['process_symbols[].id', 'definitions[].id'], pattern: '^\\w+:(?<file>[^:]+):(?<name>[^#]+)', until: '\n---\n' };
    assert.deepEqual(parseOutput(gitnexus, parse), { symbols: ['shop/cart.Cart.total', 'worker/main.drain'] });
    assert.throws(() => parseOutput(gitnexus, { ...parse, until: undefined }), /output is not JSON .*set parse\.until/);
    assert.throws(() => parseOutput(codegraph, { format: 'json', symbols: 'nodes[]', name: 'qualified_name' }),
      /none of the 3 items at `nodes\[\]` has a `qualified_name` text field: point parse\.name at the field/);
    assert.throws(() => parseOutput(codegraph, { format: 'json', symbols: 'nodes[]' }), /item 1 is an object, not a symbol name; name its fields with parse\.name/);
    assert.throws(() => parseOutput(JSON.stringify({ ids: ['a.b', 'c.d'] }), { format: 'json', symbols: 'ids[]', pattern: '^(?<file>[^:]+):(?<name>.+)' }),
      /none of the 2 names at `ids\[\]` matches parse\.pattern \(the first is `a\.b`\)/);
  });

  it('regex: named groups `file` and `name` make the symbol; a numbered group is the name as before', () => {
    const text = 'shop/cart.py:12 Cart::total\nworker/main.go:3 drain\n---\n**Next:** more\n';
    assert.deepEqual(parseOutput(text, { format: 'regex', pattern: '^(?<file>\\S+):\\d+ (?<name>\\S+)$', group: 1, until: '\n---\n' }),
      { symbols: ['shop/cart.Cart.total', 'worker/main.drain'] });
    assert.deepEqual(parseOutput(text, { format: 'regex', pattern: '^\\S+:\\d+ (\\S+)$', group: 1 }), { symbols: ['Cart::total', 'drain'] });
    assert.deepEqual(parseOutput('a.B\n---\nc.D\n', { format: 'lines', until: '\n---\n' }), { symbols: ['a.B'] });
  });
});

describe('systems.yaml: every mistake at path:line:col, with the fix', () => {
  it('a misspelled key is an error with a did-you-mean, never ignored; so is a key of another type', () => {
    const text = [
      'systems:',
      '  - name: codegraph',
      '    type: command',
      '    indx: [codegraph, init, "{repo_path}"]',
      '    query: [codegraph, context, "{task}"]',
      '    parse: {format: json, symbols: "nodes[]", fle: filePath, name: qualifiedName}',
      '  - name: nexus',
      '    type: command',
      '    tool: query',
      '    query: [gitnexus, query, "{task}"]',
      '    parse: {format: lines, pattern: "x"}',
      'sytems: []',
      '',
    ].join('\n');
    assert.deepEqual(problemsOf(text), [
      'corpus/systems.yaml:4:5: error: systems[0] (codegraph): unknown key `indx` for a command system (did you mean `index`?); the keys are '
        + 'name, type, languages, timeout_minutes, max_output_mb, version, npm, index, query, cwd, env, parse',
      'corpus/systems.yaml:6:47: error: systems[0] (codegraph): unknown key `parse.fle` for format json (did you mean `file`?); the keys are '
        + 'format, symbols, file, name, pattern, tokens, scores, until',
      'corpus/systems.yaml:9:5: error: systems[1] (nexus): unknown key `tool` for a command system (`tool` is for mcp systems); the keys are '
        + 'name, type, languages, timeout_minutes, max_output_mb, version, npm, index, query, cwd, env, parse',
      'corpus/systems.yaml:11:28: error: systems[1] (nexus): unknown key `parse.pattern` for format lines (`pattern` is for format json and regex); '
        + 'the keys are format, until',
      'corpus/systems.yaml:12:1: error: unknown key `sytems` (did you mean `systems`?): the file holds `systems:` only',
    ]);
    assert.throws(() => readSystems(text, 'corpus/systems.yaml'), /^FixtureLabError: corpus\/systems\.yaml:4:5: error: .*unknown key `indx`/);
  });

  it('each field\'s type is checked where it is written', () => {
    const one = (system: string) => problemsOf(`systems:\n  - ${system}\n`);
    assert.deepEqual(one('{name: a, type: command, query: "tool {task}", parse: {format: lines}}'),
      ['corpus/systems.yaml:2:37: error: systems[0] (a): `query` must be a list of arguments, e.g. [mytool, query, "{repo_path}"] (no shell: one item per argument)']);
    assert.deepEqual(one('{name: a, type: command, query: [t], parse: {format: lines}, timeout_minutes: soon}'),
      ['corpus/systems.yaml:2:83: error: systems[0] (a): `timeout_minutes` must be a positive number']);
    assert.deepEqual(one('{name: a, type: mcp, server: [s], tool: t, arguments: {q: "{tsk}"}}'),
      ['corpus/systems.yaml:2:59: error: systems[0] (a): `arguments` uses {tsk}; the placeholders are {task} {budget} {repo_path} {module} {commit} (did you mean `task`?)']);
    assert.deepEqual(one('{name: a, type: comand, query: [t]}'), ['corpus/systems.yaml:2:21: error: systems[0] (a): `type` must be command, mcp, grep, bm25 or replay (did you mean `command`?)']);
    assert.deepEqual(one('{name: a, type: command, query: [t], parse: {format: jsn}}'),
      ['corpus/systems.yaml:2:58: error: systems[0] (a): `parse.format` must be json, lines or regex (did you mean `json`?)']);
    assert.deepEqual(one('{name: a, type: command, query: [t], parse: {format: json, symbols: "n[]", file: filePath}}'),
      ['corpus/systems.yaml:2:86: error: systems[0] (a): `parse.file` needs `parse.name`: the field naming the symbol inside its file']);
    assert.deepEqual(one('{name: a, type: command, query: [t], parse: {format: regex, pattern: "(?<file>\\\\S+)"}}'),
      ['corpus/systems.yaml:2:74: error: systems[0] (a): `parse.pattern` has a `file` group but no `name` group: name the symbol\'s part with (?<name>...)']);
    assert.deepEqual(one('{name: a, type: command, query: [t]}'),
      ['corpus/systems.yaml:2:5: error: systems[0] (a): a command system needs `parse:`, how its output becomes symbols (docs/scoring.md#parsing-a-systems-output)']);
    assert.deepEqual(one('{name: a, type: command, query: [t], parse: {format: lines}, env: {X: [1]}}'),
      ['corpus/systems.yaml:2:75: error: systems[0] (a): `env.X` must be text or a number']);
    assert.deepEqual(problemsOf('systems: {}\n'), ['corpus/systems.yaml:1:10: error: needs `systems:`, a list of {name, type, ...}']);
  });

  it('every relative path in an argv resolves beside systems.yaml, not only the program', () => {
    const dir = tempDir({ 'tools/wrapper.mjs': '', 'bin/tool': '#!/bin/sh\n' });
    chmodSync(join(dir, 'bin/tool'), 0o755);
    const [spec] = readSystems(`systems:
  - name: t
    type: command
    index: [node, tools/wrapper.mjs, index, "{repo_path}"]
    query: [bin/tool, ./missing.mjs, ../up.js, src/in/checkout.py, --flag, "{repo_path}/x", https://example.com/a/b, "{task}"]
    parse: {format: lines}
`, 'systems.yaml').map((s) => resolvePrograms(s, dir));
    assert.ok(spec.type === 'command');
    assert.deepEqual(spec.index!.slice(1), [join(dir, 'tools/wrapper.mjs'), 'index', '{repo_path}']);
    assert.deepEqual(spec.query, [join(dir, 'bin/tool'), join(dir, 'missing.mjs'), join(dir, '../up.js'), 'src/in/checkout.py', '--flag', '{repo_path}/x',
      'https://example.com/a/b', '{task}']);
  });
});
