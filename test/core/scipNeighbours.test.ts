// The neighbours the scip resolver's index finds beside the tree-sitter rules (preciseLinks.ts), on
// small real git histories with the real indexers (scip-python 0.6.6, scip-typescript 0.4.0,
// installed into .cache/systems/ on first use): each link kind lists a neighbour the heuristics
// cannot reach (a name imported under an alias, a base class imported under an alias, a member of
// a chained receiver's type), and the heuristic resolver's list of the same change does not hold it.
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const WIDGET_PY = (render: string, greet: string, limit: string) => `def render(x):
    return ${render}


class Base:
    def greet(self, name):
        return ${greet}


LIMIT = ${limit}
`;
const FLAGS_PY = (check: string) => `def apply_flag(flag):
    return flag


def run(flag):
    print(1)
    print(2)
${check}    print(3)
    print(4)
    print(5)
    print(6)
    return apply_flag(flag)
`;
const ALIAS_PY = `from .widget import render

_render = render


def through_alias():
    return _render(2)
`;
const PAGE_PY = `from .widget import render as draw
from .widget import Base as B
from . import widget as w


def show():
    return draw(1)


class Impl(B):
    def greet(self, name):
        return "hi " + name


def limited(n):
    return min(n, w.LIMIT)
`;
const MAIN_PY = `from .page import show as run_page


def main():
    return run_page()
`;

const CTX_TS = `export class Response {
  json(v: unknown): string {
    return JSON.stringify(v);
  }
}

export class Other {
  json(v: unknown): string {
    return String(v);
  }
}

export class Context {
  res = new Response();
}

export function makeContext() {
  return { ctx: new Context() };
}
`;
const APP_TS = (arg: string) => `import { makeContext } from './ctx';

export function handle(v: number): string {
  return makeContext().ctx.res.json(${arg});
}
`;

describe('the scip resolver\'s neighbours', function () {
  // The first run installs the indexers (about a minute) and indexes both sides with each.
  this.timeout(20 * 60_000);

  let found: ReturnType<typeof by>;
  let heuristic: ReturnType<typeof by>;
  let scores: { scip: Map<string, number>; heuristic: Map<string, number> };
  before(async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', {
      'shop/__init__.py': '', 'shop/widget.py': WIDGET_PY('x', 'name', '3'), 'shop/page.py': PAGE_PY, 'shop/main.py': MAIN_PY,
      'shop/flags.py': FLAGS_PY(''), 'shop/alias.py': ALIAS_PY, 'web/ctx.ts': CTX_TS, 'web/app.ts': APP_TS('v') });
    const head = repo.commit('change', {
      'shop/widget.py': WIDGET_PY('x + 1', 'name.strip()', '4'), 'shop/flags.py': FLAGS_PY('    assert flag is not None\n'), 'web/app.ts': APP_TS('v + 1') });
    const scip = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(scip.resolver.used, 'scip', scip.resolver.notes.join('\n'));
    found = by(scip);
    const plain = await candidates(repo, base, head, { resolver: 'heuristic' });
    heuristic = by(plain);
    const score = (c: typeof plain) => new Map(c.neighbours.map((n) => [n.symbol, n.score]));
    scores = { scip: score(scip), heuristic: score(plain) };
  });
  const expect = (symbol: string, kind: string, why: string, hops = 1) => {
    const c = found.get(symbol);
    assert.ok(c, `${symbol} is listed by the scip resolver`);
    assert.deepEqual({ kind: c.kind, why: c.why, hops: c.hops }, { kind, why, hops }, symbol);
    assert.ok(!heuristic.has(symbol), `the heuristics do not reach ${symbol}`);
  };

  it('references: what calls a changed function through an alias, what reads a changed constant through a module alias (Python)', () => {
    expect('shop/page.show', 'caller', 'calls render (line 7)');
    expect('shop/page.limited', 'data', 'reads or writes LIMIT (line 16)');
  });

  it('aliases: what calls a one-line alias of a changed function calls the changed function', () => {
    expect('shop/alias.through_alias', 'caller', 'calls _render, which names render (line 7)');
  });

  it('parameter flow: a call far from the changed lines that passes on a parameter they check is the change\'s evidence', () => {
    // The heuristics weigh a call away from every changed line a quarter (FAR_WEIGHT); the index
    // follows the parameter the added line checks to the call that passes it on.
    assert.equal(scores.heuristic.get('shop/flags.apply_flag'), 0.25);
    assert.equal(scores.scip.get('shop/flags.apply_flag'), 1);
  });

  it('two hops of references: the caller (through another alias) of that caller', () => {
    expect('shop/main.main', 'caller', 'calls show, which calls render (line 5)', 2);
  });

  it('implementations: an override in a subclass of a base class imported under an alias', () => {
    expect('shop/page.Impl.greet', 'type', 'implements or overrides greet (line 11)');
  });

  it('uses: a field of a receiver only the type checker types (a member of an inferred return), and only the called method of its type (TypeScript)', () => {
    expect('web/ctx.Context.res', 'data', 'used by handle (line 4)');
    assert.equal(found.get('web/ctx.Response.json')?.kind, 'callee');
    assert.ok(!found.has('web/ctx.Other.json'), 'the other json is never linked: the index says which one the code calls');
  });

  it('field types: the declared type of a field the changed lines touch, two hops out', () => {
    expect('web/ctx.Response', 'type', 'type of res, which handle uses (line 4)', 2);
  });
});
