// One hop out through a type (src/core/changes/throughTypes.ts), each on a small real git history
// shaped like the code issue 27's rounds missed it in, and each asserted on the default list: an
// alias of a changed function; what a type the changed lines name is built from, and another type
// built from it (not an object type that merely holds it); the TypedDict key a change writes anew
// (not one it writes as before, nor a TypedDict the file never names, nor a tag every TypedDict
// shares); the Go interface a changed type satisfies (not one it lacks a method of, nor a
// one-method interface).
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

describe('candidates: one hop out through a type', function () {
  this.timeout(60_000);

  it('an alias of a changed function is linked as its caller, in TypeScript and Python; a constant naming another function is not', async () => {
    const repo = new TestRepo();
    const ts = (body: string) => `export function setResponseHeaders(headers: Record<string, string>): void {\n${body}}\n\n`
      + 'export const setHeaders = setResponseHeaders;\n\nexport function other(): number {\n\treturn 1;\n}\n\nexport const otherAlias = other;\n';
    const py = (body: string) => `def handle(request):\n${body}    return request\n\n\nhandler = handle\n\n\ndef unrelated():\n    return 1\n\n\nspare = unrelated\n`;
    const base = repo.commit('base', { 'src/response.ts': ts('\tconsole.log(headers);\n'), 'app/views.py': py('    print(request)\n') });
    const head = repo.commit('head', {
      'src/response.ts': ts('\tfor (const name of Object.keys(headers)) console.log(name);\n'),
      'app/views.py': py('    print(request.path)\n'),
    });
    const m = by(await candidates(repo, base, head));
    const alias = m.get('src/response.setHeaders');
    assert.deepEqual(alias && { kind: alias.kind, why: alias.why }, { kind: 'caller', why: 'an alias of setResponseHeaders (line 5)' }, [...m.keys()].join(', '));
    assert.equal(m.get('app/views.handler')?.why, 'an alias of handle (line 6)');
    assert.ok(!m.has('src/response.otherAlias') && !m.has('app/views.spare'), 'aliases of functions the change left alone');
  });

  it('a type the changed lines name links the list it is built from and a type built from it, two hops out; an object type holding it is not', async () => {
    const repo = new TestRepo();
    const set = (type: string) => "import type { HeaderName } from './types';\n\n"
      + `export function setResponseHeaders(headers: Record<${type}, string>): void {\n\tconsole.log(headers);\n}\n`;
    const base = repo.commit('base', {
      'src/types.ts': 'type _HeaderName = "Accept" | "Content-Type";\n\nexport type HeaderName = _HeaderName | Lowercase<_HeaderName>;\n\n'
        + 'export type RequestHeaders = Partial<Record<HeaderName, string>>;\n\nexport type Sent = {\n\tname: HeaderName;\n};\n\nexport type Unrelated = string | number;\n',
      'src/response.ts': set('string'),
    });
    const head = repo.commit('head', { 'src/response.ts': set('HeaderName') });
    const m = by(await candidates(repo, base, head));
    const list = m.get('src/types._HeaderName');
    assert.deepEqual(list && { kind: list.kind, hops: list.hops, why: list.why },
      { kind: 'type', hops: 2, why: 'HeaderName is built from it; the changed lines name HeaderName' }, [...m.keys()].join(', '));
    assert.equal(m.get('src/types.RequestHeaders')?.why, 'built from HeaderName (line 5), which the changed lines name');
    assert.ok(!m.has('src/types.Sent'), 'an object type holds a HeaderName field: it is not built from it');
    assert.ok(!m.has('src/types.Unrelated'));
  });

  it('a key the changed lines write is the field of the TypedDict the file names; a key written as before, another file\'s TypedDict and a shared tag are not', async () => {
    const repo = new TestRepo();
    const event = (name: string) => `class ${name}(TypedDict):\n    type: str\n    body: bytes\n\n\n`;
    const types = 'from typing import TypedDict\n\n\nclass HTTPScope(TypedDict):\n    type: str\n    path: str\n    root_path: str\n\n\n'
      + `${event('StartEvent')}${event('BodyEvent')}${event('CloseEvent')}`
      + 'class Route(TypedDict):\n    path: str\n';
    const server = (path: string) => 'from app.types import HTTPScope\n\n\nclass Protocol:\n    scope: HTTPScope\n\n    def build(self, raw, root):\n'
      + `        self.scope = {\n            "type": "http",\n            "path": ${path},\n            "root_path": root,\n        }\n`;
    const base = repo.commit('base', { 'app/types.py': types, 'app/server.py': server('raw') });
    const head = repo.commit('head', { 'app/server.py': server('root + raw') });
    const m = by(await candidates(repo, base, head));
    const key = m.get('app/types.HTTPScope.path');
    assert.deepEqual(key && { kind: key.kind, why: key.why }, { kind: 'data', why: 'the key "path" of HTTPScope, written by build (line 10)' }, [...m.keys()].join(', '));
    assert.ok(!m.has('app/types.HTTPScope.root_path'), 'a key the change writes as before');
    assert.ok(!m.has('app/types.Route.path'), 'a TypedDict the changed file does not name');
    // A `type` tag four TypedDicts declare, written anew: it says nothing of which.
    const tagged = repo.commit('tag', { 'app/server.py': server('root + raw').replace('"type": "http"', '"type": "http.request"') });
    assert.ok(!by(await candidates(repo, head, tagged)).has('app/types.HTTPScope.type'));
  });

  it('a changed Go type links the interface whose methods it has, an embedded library interface\'s included; not one it lacks a method of, nor a one-method interface', async () => {
    const repo = new TestRepo();
    const writer = (fields: string) => `package zaptest\n\ntype testingWriter struct {\n${fields}}\n\n`
      + 'func (w testingWriter) Write(p []byte) (int, error) {\n\treturn len(p), nil\n}\n\nfunc (w testingWriter) Sync() error {\n\treturn nil\n}\n';
    const base = repo.commit('base', {
      'go.mod': 'module example.com/log\n\ngo 1.21\n',
      'zapcore/sink.go': 'package zapcore\n\nimport "io"\n\ntype WriteSyncer interface {\n\tio.Writer\n\tSync() error\n}\n\n'
        + 'type Flusher interface {\n\tFlush() error\n\tSync() error\n}\n\ntype Syncer interface {\n\tSync() error\n}\n',
      'zaptest/writer.go': writer('\tt int\n'),
    });
    const head = repo.commit('head', { 'zaptest/writer.go': writer('\tt int\n\tmarkFailed bool\n') });
    const m = by(await candidates(repo, base, head));
    const iface = m.get('zapcore/sink.WriteSyncer');
    assert.deepEqual(iface && { kind: iface.kind, why: iface.why }, { kind: 'type', why: 'satisfied by testingWriter, which has its methods' }, [...m.keys()].join(', '));
    assert.ok(!m.has('zapcore/sink.Flusher'), 'testingWriter has no Flush');
    assert.ok(!m.has('zapcore/sink.Syncer'), 'one method by name says little');
  });

  it('a type the change modifies links the type aliases built from it (Pick, Partial) among its many users; not an object type holding it, nor any where more than 3 are', async () => {
    const repo = new TestRepo();
    const options = (delay: string) => `export interface FetchOptions {\n\ttimeout?: number;\n\tretry?: number;\n\tretryDelay?: ${delay};\n}\n\n`
      + 'export type GlobalOptions = Pick<FetchOptions, "timeout" | "retry" | "retryDelay">;\n\n'
      + ['Request', 'Response', 'Retry', 'Hooks'].map((x) => `export interface ${x}Context {\n\trequest: string;\n\tattempt: number;\n\tstarted: number;\n\toptions: FetchOptions;\n}\n\n`).join('')
      + 'export interface Context {\n\tname: string;\n}\n\n'
      + ['A', 'B', 'C', 'D'].map((x) => `export type Context${x} = Partial<Context>;\n`).join('');
    const base = repo.commit('base', { 'src/types.ts': options('number') });
    const head = repo.commit('head', { 'src/types.ts': options('number | ((attempt: number) => number)') });
    const m = by(await candidates(repo, base, head));
    const derived = m.get('src/types.GlobalOptions');
    assert.deepEqual(derived && { kind: derived.kind, why: derived.why },
      { kind: 'type', why: 'built from FetchOptions (line 7), which the change modifies' }, [...m.keys()].join(', '));
    // Five types use FetchOptions (too many to link as its users); four only hold it in a field.
    assert.ok(!m.has('src/types.RequestContext'), 'an object type holds a FetchOptions field: it is not built from it');
    const renamed = repo.commit('context', { 'src/types.ts': options('number | ((attempt: number) => number)').replace('\tname: string;', '\tlabel: string;') });
    const c = by(await candidates(repo, head, renamed));
    assert.ok(c.has('src/types.Context') && !c.has('src/types.ContextA'), `four aliases built from Context: vocabulary (${[...c.keys()].join(', ')})`);
  });

  it('a member a changed type declares anew links the other types of its folder declaring it; not where more than 2 do, nor a nested parameter\'s name', async () => {
    const repo = new TestRepo();
    const r2 = (binding: string) => `export interface R2Options {\n\t${binding}: string;\n\tbase?: string;\n\tload?: (\n\t\tkeys: string[],\n\t) => void;\n}\n`;
    const files: Record<string, string> = {
      'src/drivers/kv.ts': 'export interface KVOptions {\n\tbinding?: string;\n\tbase?: string;\n}\n',
      'src/drivers/r2.ts': r2('binding'),
      'src/other/keys.ts': 'export interface KeyOptions {\n\tbinding?: string;\n\tkeys: string[];\n}\n',
    };
    for (const x of ['fs', 'http', 'redis']) files[`src/drivers/${x}.ts`] = `export interface ${x}Options {\n\tbase?: string;\n\tkeys?: string[];\n}\n`;
    const base = repo.commit('base', files);
    const head = repo.commit('head', { 'src/drivers/r2.ts': r2('binding?').replace('\tbase?: string;', '\tbase: string;').replace('\t\tkeys: string[],', '\t\tkeys: readonly string[],') });
    const m = by(await candidates(repo, base, head));
    const kv = m.get('src/drivers/kv.KVOptions');
    assert.deepEqual(kv && { kind: kv.kind, why: kv.why }, { kind: 'type', why: 'declares binding too, which R2Options declares anew (line 2)' }, [...m.keys()].join(', '));
    assert.ok(!m.has('src/other/keys.KeyOptions'), 'another folder');
    assert.ok(!m.has('src/drivers/fs.fsOptions'), 'base: four types of the folder declare it; keys: a parameter of load, not R2Options\'s member');
  });
});
