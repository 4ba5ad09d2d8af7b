// Instance attributes with the scip resolver (docs/candidates.md#the-scip-resolver), on small real
// git histories with the real indexers (scip-python 0.6.6, scip-typescript 0.4.0, installed into
// .cache/systems/ on first use): the index's symbol for an attribute (scip-python's
// `Proto#cycle.`, defined at the first assignment in the file; scip-typescript's constructor
// parameter `Client#<constructor>().(baseUrl)` for a parameter property) is the attribute's
// definition here, whichever assignment each takes for it; a use the index resolves to code that
// is no symbol here is not linked, and the list says so.
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const PROTO_PY = (describe: string, root: string) => `class Proto:
    def lost(self):
        self.cycle = 1

    def __init__(self, config, root_path=""):
        self.config = config
        self.root_path = ${root}
        self.cycle = None

    @classmethod
    def make(cls):
        cls.registry = {}
        return cls


def describe(p: Proto):
    return ${describe}
`;
const READER_PY = `from .proto import Proto


def show(p: Proto):
    return p.root_path


def build():
    return Proto(None)


def shown():
    made = build()
    return made.root_path


class Mount:
    def __init__(self):
        self.root_path = "/"
`;
const CLIENT_TS = (url: string) => `export interface Options {
  retries: number;
}

export class Client {
  constructor(
    private readonly baseUrl: string,
    private readonly options: Options,
  ) {}

  url(path: string) {
    return ${url};
  }
}
`;

describe('the scip resolver and instance attributes', function () {
  // The first run installs the indexers (about a minute) and indexes both sides with each.
  this.timeout(20 * 60_000);

  it('Python: a use the index resolves to an attribute it defines at another assignment than the constructor\'s links that attribute; a class method\'s `cls.registry`, no symbol here, is not linked and is said', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'shop/__init__.py': '', 'shop/proto.py': PROTO_PY('p.cycle, Proto.registry', 'root_path'), 'shop/reader.py': READER_PY });
    const head = repo.commit('describe', { 'shop/proto.py': PROTO_PY('p.cycle, Proto.registry, 1', 'root_path') });
    const scip = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(scip.resolver.used, 'scip', scip.resolver.notes.join('\n'));
    const found = by(scip);
    assert.equal(found.get('shop/proto.Proto.cycle')?.kind, 'data', scip.ranked.map((c) => `${c.kind} ${c.symbol} ${c.why}`).join('\n'));
    assert.deepEqual(scip.resolver.notes.filter((n) => n.includes('no symbol here')), [
      'the SCIP index resolved 1 use of 1 symbol to code that is no symbol here, not linked: `shop.proto`/Proto#registry. (shop/proto.py:12)']);
  });

  it('Python: a changed attribute\'s readers, each use of it the index resolves (typed by an annotation or only by inference) linked, none left unmapped', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'shop/__init__.py': '', 'shop/proto.py': PROTO_PY('p.cycle', 'root_path'), 'shop/reader.py': READER_PY });
    const head = repo.commit('root', { 'shop/proto.py': PROTO_PY('p.cycle', 'root_path.rstrip("/")') });
    const scip = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(scip.resolver.used, 'scip', scip.resolver.notes.join('\n'));
    const listed = scip.ranked.map((c) => `${c.kind} ${c.symbol} (${c.why})`);
    assert.ok(listed.includes('changed shop/proto.Proto.root_path (modified (lines 7-7))'), listed.join('\n'));
    assert.ok(listed.includes('data shop/reader.show (reads root_path (line 5))'), listed.join('\n'));
    // A receiver only the type checker types (an unannotated return), of a name two classes assign: the index's answer, not none.
    assert.ok(listed.includes('data shop/reader.shown (reads root_path (line 14))'), listed.join('\n'));
    // What the changed `__init__` writes on `self`, each named by the index at its assignment (scip-python's `Proto#cycle.` at `lost`'s).
    const found = by(scip);
    assert.equal(found.get('shop/proto.Proto.config')?.kind, 'data', listed.join('\n'));
    assert.equal(found.get('shop/proto.Proto.cycle')?.kind, 'data', listed.join('\n'));
    assert.deepEqual(scip.resolver.notes, []);
  });

  it('TypeScript: a use of a constructor\'s parameter property links the property; an interface\'s property, no symbol here, is said', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'web/client.ts': CLIENT_TS('path') });
    const head = repo.commit('url', { 'web/client.ts': CLIENT_TS('this.baseUrl + path + this.options.retries') });
    const scip = await candidates(repo, base, head, { resolver: 'scip' });
    assert.equal(scip.resolver.used, 'scip', scip.resolver.notes.join('\n'));
    const found = by(scip);
    assert.equal(found.get('web/client.Client.baseUrl')?.kind, 'data', scip.ranked.map((c) => `${c.kind} ${c.symbol} ${c.why}`).join('\n'));
    assert.equal(found.get('web/client.Client.options')?.kind, 'data');
    assert.deepEqual(scip.resolver.notes.filter((n) => n.includes('no symbol here')), [
      'the SCIP index resolved 1 use of 1 symbol to code that is no symbol here, not linked: web/`client.ts`/Options#retries. (web/client.ts:2)']);
  });
});
