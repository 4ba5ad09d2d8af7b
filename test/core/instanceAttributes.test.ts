// Issue 27, "every variable a symbol": the state a Python class keeps in the attributes its methods
// assign on `self`, and a JavaScript or TypeScript class in `this.x = ...` without a declared field,
// are definitions of kind `field` named like a class attribute (`module.Class.NAME`): listed,
// changed, resolved by `validate`, located and credited by the scorers, and named by the candidates.
import * as assert from 'node:assert/strict';
import { candidatesOf, changedSymbols, checkCorpusSymbols, definitionsOf, loadCorpus, Locator, matchRanking, Repository } from '../../src/core';
import { GrepBaseline } from '../../src/core/harness/adapters/grep';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

/** Shaped like uvicorn's H11Protocol (protocols/http/h11_impl.py). */
const H11 = `class H11Protocol:
    max_incomplete_event_size = 16384

    def __init__(self, config, server_state, root_path: str = "") -> None:
        self.config = config
        self.root_path = root_path
        self.scheme: str | None = None
        self.max_incomplete_event_size = config.h11_max_incomplete_event_size
        self.cycle = None

    def connection_lost(self, exc):
        if self.cycle is not None:
            self.cycle.disconnected = True
        self.disconnected = True

    def handle_events(self):
        if self.disconnected:
            return
        self.scheme = "https" if self.config.is_ssl else "http"
        self.cycle = RequestResponseCycle(self.scope, self.root_path)


class RequestResponseCycle:
    def __init__(self, scope, root_path):
        self.scope = scope
        self.root_path = root_path
`;

/** Shaped like ky's Ky (source/core/Ky.ts): state the constructor assigns, one field declared. */
const KY = `export class Ky {
  protected _retryCount = 0;

  constructor(input, options = {}) {
    this._input = input;
    this._retryCount = 1;
    this._options = {...options};
    this.request = new Request(this._input, this._options);
  }

  protected async _retry(fn) {
    this._retryCount++;
    this.lastError ??= undefined;
    return fn();
  }

  static create(input) {
    this.made = true;
    return new Ky(input);
  }
}
`;

const brief = (defs: { symbol: string; kind: string; startLine: number; endLine: number; assignedIn?: string }[]) =>
  defs.map((d) => `${d.kind} ${d.symbol} ${d.startLine}-${d.endLine}${d.assignedIn ? ` in ${d.assignedIn.slice(d.assignedIn.lastIndexOf('.') + 1)}` : ''}`);

describe('instance attributes are symbols: definitions', () => {
  it('Python: each attribute a method assigns on `self`, at the constructor\'s assignment (else the first); a class attribute of the name wins', async () => {
    const defs = brief(await definitionsOf('uvicorn/protocols/http/h11_impl.py', H11));
    const p = 'uvicorn/protocols/http/h11_impl';
    assert.deepEqual(defs, [
      `class ${p}.H11Protocol 1-20`,
      `field ${p}.H11Protocol.max_incomplete_event_size 2-2`,
      `method ${p}.H11Protocol.__init__ 4-9`,
      `field ${p}.H11Protocol.config 5-5 in __init__`,
      `field ${p}.H11Protocol.root_path 6-6 in __init__`,
      `field ${p}.H11Protocol.scheme 7-7 in __init__`,
      `field ${p}.H11Protocol.cycle 9-9 in __init__`,
      `method ${p}.H11Protocol.connection_lost 11-14`,
      // Only a method other than the constructor assigns it: its first assignment.
      `field ${p}.H11Protocol.disconnected 14-14 in connection_lost`,
      `method ${p}.H11Protocol.handle_events 16-20`,
      `class ${p}.RequestResponseCycle 23-26`,
      `method ${p}.RequestResponseCycle.__init__ 24-26`,
      `field ${p}.RequestResponseCycle.scope 25-25 in __init__`,
      `field ${p}.RequestResponseCycle.root_path 26-26 in __init__`,
    ]);
  });

  it('TypeScript and JavaScript: `this.x = ...` in a class\'s methods where no field is declared; not in a static method', async () => {
    for (const path of ['source/core/Ky.ts', 'source/core/Ky.js']) {
      const text = path.endsWith('.js') ? KY.replace(/protected /g, '') : KY;
      assert.deepEqual(brief(await definitionsOf(path, text)), [
        'class source/core/Ky.Ky 1-21',
        'field source/core/Ky.Ky._retryCount 2-2',
        'method source/core/Ky.Ky.constructor 4-9',
        'field source/core/Ky.Ky._input 5-5 in constructor',
        'field source/core/Ky.Ky._options 7-7 in constructor',
        'field source/core/Ky.Ky.request 8-8 in constructor',
        'method source/core/Ky.Ky._retry 11-15',
        'field source/core/Ky.Ky.lastError 13-13 in _retry',
        'method source/core/Ky.Ky.create 17-20',
      ], path);
    }
  });

  it('JavaScript: an arrow function keeps its method\'s `this`; a function expression and a method a class declares do not make one', async () => {
    const text = `class Client {\n  constructor(socket) {\n    this.handle = this.handle.bind(this);\n    socket.on('close', () => {\n      this.closed = true;\n    });\n    socket.on('data', function () {\n      this.chunks = [];\n    });\n  }\n\n  handle() {}\n}\n`;
    assert.deepEqual(brief(await definitionsOf('lib/client.js', text)), [
      'class lib/client.Client 1-13',
      'method lib/client.Client.constructor 2-10',
      'field lib/client.Client.closed 5-5 in constructor',
      'method lib/client.Client.handle 12-12',
    ]);
  });
});

/** `change kind symbol lines` for each changed definition. */
async function changed(r: Repository, base: string, head: string): Promise<string[]> {
  return (await changedSymbols(r, base, head)).symbols.map((s) => `${s.change} ${s.kind} ${s.symbol} ${s.startLine}-${s.endLine}`);
}

describe('instance attributes are symbols: what a change touches', () => {
  let repo: TestRepo;
  let r: Repository;
  let base: string;
  const path = 'uvicorn/protocols/http/h11_impl.py';
  const p = 'uvicorn/protocols/http/h11_impl';

  before(async () => {
    repo = new TestRepo();
    base = repo.commit('base', { [path]: H11, 'uvicorn/protocols/__init__.py': '' });
    r = await Repository.open(repo.dir);
  });
  after(() => r.close());

  it('a changed assignment in `__init__` changes the attribute and `__init__` (whose line it is)', async () => {
    repo.git('checkout', '-q', '-B', 'init', base);
    const head = repo.commit('init', { [path]: H11.replace('self.root_path = root_path\n', 'self.root_path = root_path.rstrip("/")\n') });
    assert.deepEqual(await changed(r, base, head), [`modified method ${p}.H11Protocol.__init__ 4-9`, `modified field ${p}.H11Protocol.root_path 6-6`]);
  });

  it('an attribute added in `__init__` is added, `__init__` modified, and the class not (its declaration did not change)', async () => {
    repo.git('checkout', '-q', '-B', 'added', base);
    const head = repo.commit('added', { [path]: H11.replace('        self.cycle = None\n', '        self.cycle = None\n        self.flow = None\n') });
    assert.deepEqual(await changed(r, base, head), [`modified method ${p}.H11Protocol.__init__ 4-10`, `added field ${p}.H11Protocol.flow 10-10`]);
  });

  it('an assignment that is not the definition changes its method alone', async () => {
    repo.git('checkout', '-q', '-B', 'other', base);
    const head = repo.commit('other', { [path]: H11.replace('self.scheme = "https" if', 'self.scheme = "wss" if') });
    assert.deepEqual(await changed(r, base, head), [`modified method ${p}.H11Protocol.handle_events 16-20`]);
  });

  it('the candidates name the attribute a changed method reads or writes on `self`, and what writes the one it reads', async () => {
    repo.git('checkout', '-q', '-B', 'reader', base);
    const head = repo.commit('reader', { [path]: H11.replace('        if self.disconnected:\n            return\n', '        if self.disconnected or not self.root_path:\n            return\n') });
    // Every neighbour (`--evidence all`): the method's own state is weak evidence (OWN_STATE_WEIGHT), which the default list ends before.
    const c = await candidatesOf(r, base, head, { evidence: 'all' });
    const ranked = c.ranked.map((x) => `${x.kind} ${x.symbol}`);
    assert.equal(ranked[0], `changed ${p}.H11Protocol.handle_events`);
    for (const s of [`data ${p}.H11Protocol.root_path`, `data ${p}.H11Protocol.disconnected`, `data ${p}.H11Protocol.connection_lost`]) {
      assert.ok(ranked.includes(s), `${s} missing from\n${ranked.join('\n')}`);
    }
    // The other class's attribute of the same name is another object's.
    assert.ok(!ranked.includes(`data ${p}.RequestResponseCycle.root_path`), ranked.join('\n'));
    // The default list: what writes the attribute the change reads, above the attributes themselves.
    const listed = (await candidatesOf(r, base, head)).ranked.map((x) => `${x.kind} ${x.symbol}`);
    assert.equal(listed[1], `data ${p}.H11Protocol.connection_lost`, listed.join('\n'));
    assert.ok(listed.indexOf(`data ${p}.H11Protocol.disconnected`) > listed.indexOf(`data ${p}.H11Protocol.__init__`), listed.join('\n'));
  });

  it('an instance attribute the changed method merely reads or writes on its own object is weak evidence; one read on another object is not', async () => {
    const t = new TestRepo();
    const helpers = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((f) => `def ${f}(x):\n    return x\n`).join('\n\n');
    const server = (send: string) => 'from .helpers import *\nfrom .router import Router\n\n\nclass Server:\n    def __init__(self, router: Router):\n'
      + '        self.router = router\n        self.scope = {}\n        self.closed = False\n\n'
      + `    def send(self, message, router: Router):\n${send}\n`;
    const start = t.commit('base', {
      'app/helpers.py': helpers,
      'app/router.py': 'class Router:\n    def __init__(self):\n        self.routes = []\n',
      'app/server.py': server('        return message'),
    });
    const end = t.commit('head', {
      'app/server.py': server('        if self.closed:\n            return alpha(beta(gamma(delta(epsilon(message)))))\n        return router.routes + [self.scope]'),
    });
    const rr = await Repository.open(t.dir);
    try {
      const listed = new Map((await candidatesOf(rr, start, end)).ranked.map((x) => [x.symbol, x]));
      for (const f of ['alpha', 'beta', 'gamma', 'delta', 'epsilon']) assert.equal(listed.get(`app/helpers.${f}`)?.kind, 'callee', f);
      // Read on another object: where two parts of the code meet.
      assert.deepEqual(listed.get('app/router.Router.routes') && listed.get('app/router.Router.routes')!.why, 'read by server.Server.send (line 14)');
      // Its own state: the lines of send() show it; what sets it up stays.
      assert.ok(!listed.has('app/server.Server.closed') && !listed.has('app/server.Server.scope'), [...listed.keys()].join('\n'));
      assert.equal(listed.get('app/server.Server.__init__')?.why, 'sets up closed (line 9)');
      const all = new Map((await candidatesOf(rr, start, end, { evidence: 'all' })).ranked.map((x) => [x.symbol, x]));
      assert.ok(all.get('app/server.Server.closed')!.score < all.get('app/router.Router.routes')!.score);
    } finally {
      rr.close();
    }
  });

  it('data flow through an object nothing types names the attribute its writer\'s class defines, beside the writer', async () => {
    repo.git('checkout', '-q', '-B', 'untyped', base);
    const helpers = 'def is_closed(protocol):\n    return protocol.transport is None\n';
    const start = repo.commit('helpers', { 'uvicorn/protocols/utils.py': helpers });
    const head = repo.commit('untyped', { 'uvicorn/protocols/utils.py': helpers.replace('protocol.transport is None', 'protocol.disconnected') });
    const c = await candidatesOf(r, start, head);
    const ranked = c.ranked.map((x) => `${x.kind} ${x.symbol} (${x.why})`);
    assert.deepEqual(ranked, [
      'changed uvicorn/protocols/utils.is_closed (modified (lines 1-2))',
      `data ${p}.H11Protocol.connection_lost (writes disconnected (line 13))`,
      `data ${p}.H11Protocol.disconnected (holds what h11_impl.H11Protocol.connection_lost writes (line 14))`,
    ]);
  });
});

describe('instance attributes are symbols: a TypeScript class\'s `this.x`', () => {
  it('a changed assignment in the constructor changes the attribute and the constructor; a declared field edited in place is the field alone; a method reading `this.x` lists it', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'source/core/Ky.ts': KY });
    const head = repo.commit('head', {
      'source/core/Ky.ts': KY.replace('this._options = {...options};', 'this._options = {...options, retry: 2};').replace('_retryCount = 0;', '_retryCount = 2;'),
    });
    const r = await Repository.open(repo.dir);
    try {
      assert.deepEqual(await changed(r, base, head), [
        'modified field source/core/Ky.Ky._retryCount 2-2',
        'modified method source/core/Ky.Ky.constructor 4-9',
        'modified field source/core/Ky.Ky._options 7-7',
      ]);
      const later = repo.commit('reader', { 'source/core/Ky.ts': KY.replace('return fn();', 'return fn(this.request);') });
      const ranked = (await candidatesOf(r, base, later)).ranked.map((x) => `${x.kind} ${x.symbol} (${x.why})`);
      assert.ok(ranked.includes('data source/core/Ky.Ky.request (read by Ky.Ky._retry (line 14))'), ranked.join('\n'));
    } finally {
      r.close();
    }
  });
});

describe('instance attributes are symbols: validate and the scorers', () => {
  const path = 'uvicorn/protocols/http/h11_impl.py';
  const p = 'uvicorn/protocols/http/h11_impl';

  it('validate resolves an attribute by its class\'s name, and offers the real one for a misspelt one', async () => {
    const repo = new TestRepo();
    const head = repo.commit('base', { [path]: H11, 'source/core/Ky.ts': KY });
    const names = [`${p}.H11Protocol.root_path`, `${p}.H11Protocol.disconnected`, 'source/core/Ky.Ky.request', `${p}.H11Protocol.root_pth`];
    const dir = tempDir({
      'repos.yaml': `repos:\n  - name: uvicorn\n    url: https://github.com/encode/uvicorn\n    commit: "${head}"\n    language: python\n    path: ${JSON.stringify(repo.dir)}\n`,
      'tasks/uvicorn/easy/01-a.yaml': `id: "uvicorn-easy-01"\nrepo: uvicorn\ncommit: "${head}"\ntask: "t"\nground_truth:\n${names.map((n) => `  - {symbol: "${n}", confidence: HIGH, reason: r}`).join('\n')}\n`,
    });
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(check.ground_truth, { resolved: 3, total: 4, rate: 3 / 4 });
    assert.deepEqual(check.problems.map((p) => p.message), [
      `\`${p}.H11Protocol.root_pth\` is not defined at commit ${head.slice(0, 7)}: did you mean \`${p}.H11Protocol.root_path\`?`]);
  });

  it('a system answering `H11Protocol.root_path` is credited; the attribute owns its statement\'s lines, `__init__` the rest', async () => {
    const truth = [{ symbol: `${p}.H11Protocol.root_path`, confidence: 'HIGH' as const, reason: 'r' }];
    assert.equal(matchRanking(['H11Protocol.root_path', `${p}.H11Protocol.__init__`], truth).ranks[0].relevant, true);
    assert.equal(matchRanking([`${p}.H11Protocol.__init__`], truth).ranks[0].relevant, false);
    const repo = new TestRepo();
    const head = repo.commit('base', { [path]: H11 });
    const r = await Repository.open(repo.dir);
    try {
      const at = await new Locator(r, head).lookup([`${p}.H11Protocol.root_path`, `${p}.H11Protocol.__init__`]);
      assert.deepEqual(at(`${p}.H11Protocol.root_path`), { kind: 'symbol', file: path, symbol: `${p}.H11Protocol.root_path`, lines: [[6, 6]] });
      assert.deepEqual(at(`${p}.H11Protocol.__init__`), { kind: 'symbol', file: path, symbol: `${p}.H11Protocol.__init__`, lines: [[4, 4], [8, 8]] });
    } finally {
      r.close();
    }
  });

  it('the grep baseline answers the attribute for a hit on its assignment (`file:line`), the method for a hit elsewhere in it', async () => {
    const repo = new TestRepo();
    const head = repo.commit('base', { [path]: H11 });
    const r = await Repository.open(repo.dir);
    try {
      const ctx = { name: 'uvicorn', repo: r, rev: head, languages: ['python'], checkout: () => Promise.resolve(r.root) };
      const answer = await new GrepBaseline().query(ctx, { taskId: 't', task: 'rstrip the root_path, print config', budget: 2000 });
      assert.deepEqual(answer.symbols, [`${p}.H11Protocol.__init__`, `${p}.H11Protocol.root_path`, `${p}.H11Protocol.handle_events`, `${p}.RequestResponseCycle.__init__`, `${p}.RequestResponseCycle.root_path`, `${p}.H11Protocol.config`]);
    } finally {
      r.close();
    }
  });
});

/** Shaped like a client taking its settings as constructor parameter properties (TypeScript's shorthand for `this.x = x`). */
const CLIENT = `export class Client {
  private pending = 0;

  constructor(
    private readonly baseUrl: string,
    public timeout = 1000,
    retries: number,
  ) {
    this.pending = retries;
    this.timeout = Math.max(timeout, 10);
  }

  url(path: string) {
    return this.baseUrl + path;
  }
}
`;

describe('instance attributes are symbols: a TypeScript constructor\'s parameter properties', () => {
  const path = 'src/client.ts';

  it('each is a field of the class defined at its parameter, assigned by the constructor; a plain parameter is none, and `this.timeout = ...` makes no second', async () => {
    assert.deepEqual(brief(await definitionsOf(path, CLIENT)), [
      'class src/client.Client 1-16',
      'field src/client.Client.pending 2-2',
      'method src/client.Client.constructor 4-11',
      'field src/client.Client.baseUrl 5-5 in constructor',
      'field src/client.Client.timeout 6-6 in constructor',
      'method src/client.Client.url 13-15',
    ]);
    // JavaScript has no parameter properties: the same text read as JavaScript is not TypeScript's.
    assert.ok(!brief(await definitionsOf('src/client.js', CLIENT)).some((d) => d.includes('baseUrl')));
  });

  it('a changed parameter property is a modified field and constructor; a method reading `this.baseUrl` lists it; validate resolves it; a system answering it is credited with its parameter\'s line', async () => {
    const repo = new TestRepo();
    const view = 'export class View {\n  constructor(private readonly root: HTMLElement) {}\n}\n';
    const base = repo.commit('base', { [path]: CLIENT, 'src/view.ts': view });
    const head = repo.commit('head', { [path]: CLIENT.replace('public timeout = 1000,', 'public timeout = 5000,') });
    const r = await Repository.open(repo.dir);
    try {
      assert.deepEqual(await changed(r, base, head), [
        'modified method src/client.Client.constructor 4-11',
        'modified field src/client.Client.timeout 6-6',
      ]);
      const later = repo.commit('reader', { [path]: CLIENT.replace('return this.baseUrl + path;', 'return this.baseUrl + "/" + path;') });
      const ranked = (await candidatesOf(r, base, later)).ranked.map((x) => `${x.kind} ${x.symbol} (${x.why})`);
      assert.ok(ranked.some((x) => x.startsWith('data src/client.Client.baseUrl (read by')), ranked.join('\n'));

      const at = await new Locator(r, base).lookup(['src/client.Client.baseUrl', 'src/client.Client.constructor']);
      assert.deepEqual(at('src/client.Client.baseUrl'), { kind: 'symbol', file: path, symbol: 'src/client.Client.baseUrl', lines: [[5, 5]] });
      assert.deepEqual(at('src/client.Client.constructor'), { kind: 'symbol', file: path, symbol: 'src/client.Client.constructor', lines: [[4, 4], [7, 11]] });
      // On a one-line constructor, a parameter property changes when its own parameter does, not when another is added beside it.
      const added = repo.commit('currency', { 'src/view.ts': view.replace('HTMLElement)', "HTMLElement, private readonly currency = 'USD')") });
      assert.deepEqual(await changed(r, later, added), ['added field src/view.View.currency 2-2', 'modified method src/view.View.constructor 2-2']);
      const retyped = repo.commit('retyped', { 'src/view.ts': view.replace('HTMLElement)', "Element, private readonly currency = 'USD')") });
      assert.deepEqual(await changed(r, added, retyped), ['modified method src/view.View.constructor 2-2', 'modified field src/view.View.root 2-2']);
      // A one-line constructor keeps its line: the line its name is on is the method's.
      const one = await new Locator(r, base).lookup(['src/view.View.root', 'src/view.View.constructor']);
      assert.deepEqual(one('src/view.View.constructor'), { kind: 'symbol', file: 'src/view.ts', symbol: 'src/view.View.constructor', lines: [[2, 2]] });
      assert.deepEqual(one('src/view.View.root'), { kind: 'symbol', file: 'src/view.ts', symbol: 'src/view.View.root', lines: [] });
      const truth = [{ symbol: 'src/client.Client.baseUrl', confidence: 'HIGH' as const, reason: 'r' }];
      assert.equal(matchRanking(['Client.baseUrl'], truth).ranks[0].relevant, true);
      assert.equal(matchRanking(['src/client.Client.constructor'], truth).ranks[0].relevant, false);

      const names = ['src/client.Client.baseUrl', 'src/client.Client.timeout', 'src/client.Client.retries'];
      const dir = tempDir({
        'repos.yaml': `repos:\n  - name: client\n    url: https://github.com/example/client\n    commit: "${base}"\n    language: typescript\n    path: ${JSON.stringify(repo.dir)}\n`,
        'tasks/client/easy/01-a.yaml': `id: "client-easy-01"\nrepo: client\ncommit: "${base}"\ntask: "t"\nground_truth:\n${names.map((n) => `  - {symbol: "${n}", confidence: HIGH, reason: r}`).join('\n')}\n`,
      });
      const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
      assert.deepEqual(check.ground_truth, { resolved: 2, total: 3, rate: 2 / 3 });
      assert.match(check.problems.map((p) => p.message).join('\n'), /`src\/client\.Client\.retries` is not defined/);
    } finally {
      r.close();
    }
  });
});
