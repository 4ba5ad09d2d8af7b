// The declared type that holds what the changed lines read (src/core/changes/holders.ts), each on a
// small real git history shaped like the code issue 27's rounds 7 and 8 missed it in, asserted on the
// default list: an options interface reached through a declared variable's field (TypeScript), the
// interface a struct field is declared with (Go), the class an instance attribute is built from
// (Python); never the changed method's own class, a receiver nothing declares, or a type that does
// not declare the member read.
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

describe('candidates: the declared type that holds what the changed lines read', function () {
  this.timeout(60_000);

  it('TypeScript: the options interface a declared context\'s field is typed with, which holds the option read; not an untyped receiver\'s', async () => {
    const repo = new TestRepo();
    const types = 'export interface FetchOptions {\n\t/** timeout in milliseconds */\n\ttimeout?: number;\n\tretry?: number;\n}\n\n'
      + 'export interface FetchContext {\n\trequest: string;\n\toptions: FetchOptions;\n}\n\n'
      + 'export interface OtherOptions {\n\tdelay?: number;\n}\n';
    const fetch = (arm: string) => "import type { FetchContext } from './types';\n\n"
      + 'export function send(request: string, signal: AbortSignal | undefined, raw: any): void {\n'
      + '\tconst context: FetchContext = { request, options: {} };\n'
      + '\tconsole.log(context.request, signal);\n'
      + '\tconsole.log(raw.settings.delay);\n'
      + '\tconsole.log(request);\n'
      + '\tconsole.log(request.length);\n'
      + `${arm}}\n`;
    const base = repo.commit('base', { 'src/types.ts': types, 'src/fetch.ts': fetch('') });
    const head = repo.commit('head', {
      'src/fetch.ts': fetch('\tif (context.options.timeout) setTimeout(() => undefined, context.options.timeout);\n\tconsole.log(raw.settings.delay + 1);\n'),
    });
    const m = by(await candidates(repo, base, head));
    const holder = m.get('src/types.FetchOptions');
    assert.deepEqual(holder && { kind: holder.kind, why: holder.why },
      { kind: 'type', why: 'holds timeout, which fetch.send reads through context.options (line 9)' }, [...m.keys()].join(', '));
    assert.ok(!m.has('src/types.OtherOptions'), 'raw is declared any: what raw.settings holds is not known');
  });

  it('Go: the interface a struct field is declared with, whose method the changed lines call through it; not the method\'s own struct', async () => {
    const repo = new TestRepo();
    const flag = (body: string) => 'package flag\n\ntype Value interface {\n\tString() string\n\tSet(string) error\n}\n\n'
      + 'type Flag struct {\n\tName     string\n\tValue    Value\n\tDefValue string\n}\n\n'
      + `func (f *Flag) defaultIsZeroValue() bool {\n${body}}\n`;
    const base = repo.commit('base', {
      'go.mod': 'module example.com/flag\n\ngo 1.21\n',
      'flag.go': flag('\treturn f.DefValue == ""\n'),
    });
    const head = repo.commit('head', { 'flag.go': flag('\tif f.Name == "" {\n\t\treturn true\n\t}\n\treturn f.Value.String() == ""\n') });
    const m = by(await candidates(repo, base, head));
    const holder = m.get('flag.Value');
    assert.deepEqual(holder && { kind: holder.kind, why: holder.why },
      { kind: 'type', why: 'holds String, which flag.Flag.defaultIsZeroValue reads through f.Value (line 18)' }, [...m.keys()].join(', '));
    assert.ok(!m.get('flag.Flag')?.why.startsWith('holds'), 'f.Name: the method\'s own struct is its receiver, not a holder');
  });

  it('Python: the class an instance attribute is annotated or built with, which declares the attribute read; not one that does not declare it', async () => {
    const repo = new TestRepo();
    const config = 'class Config:\n    def __init__(self, root_path: str = ""):\n        self.root_path = root_path\n\n\n'
      + 'class Limits:\n    max_size = 10\n';
    const server = (line: string) => 'from app.config import Config, Limits\n\n\nclass Server:\n'
      + '    def __init__(self, config: Config, limits: Limits):\n        self.config = config\n        self.limits = limits\n\n'
      + `    def handle(self, path):\n        print(path)\n${line}        return path\n`;
    const base = repo.commit('base', { 'app/config.py': config, 'app/server.py': server('') });
    const head = repo.commit('head', {
      'app/server.py': server('        path = self.config.root_path + path\n        print(self.limits.min_size)\n'),
    });
    const m = by(await candidates(repo, base, head));
    const holder = m.get('app/config.Config');
    assert.deepEqual(holder && { kind: holder.kind, why: holder.why },
      { kind: 'type', why: 'holds root_path, which server.Server.handle reads through self.config (line 11)' }, [...m.keys()].join(', '));
    assert.ok(!m.has('app/config.Limits'), 'Limits declares no min_size');
  });
});
