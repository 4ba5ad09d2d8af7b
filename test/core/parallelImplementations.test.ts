// Siblings no call, type use or data flow reaches, each on a small real git history shaped like the
// code it was seen in: the definition an added one is written like (its body repeated with one name
// changed, below it as well as above), and the same method in a parallel implementation of one role
// (two protocols of one folder, a logger and its sugared twin): of a changed or added method, and,
// weighed a quarter so that it adds up with a link of its own, of a first-ring method.
import * as assert from 'node:assert/strict';
import type { RankedCandidate } from '../../src/core';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const pick = (c: RankedCandidate | undefined) => c && { kind: c.kind, why: c.why };

/** A Python protocol class with the given methods, each a few lines of its own. */
const protocol = (name: string, methods: string[], extra = '') => `import asyncio\n\n\nclass ${name}(asyncio.Protocol):\n`
  + methods.map((m) => `    def ${m}(self, value=None):\n        self.last = "${m}"\n        return value\n`).join('\n') + extra;

describe('neighbours: what a change is written like, and the same method in a parallel implementation', function () {
  this.timeout(60_000);

  it('an added method links the neighbour whose body it repeats with one name changed, below it too; not a less alike one', async () => {
    const repo = new TestRepo();
    const sugar = (added: string) => 'package logx\n\ntype Level int\n\nconst (\n\tDebugLevel Level = iota\n\tInfoLevel\n)\n\n'
      + 'type Logger struct{ level Level }\n\ntype Sugared struct{ base *Logger }\n\n'
      + 'func (s *Sugared) Level() Level {\n\treturn s.base.level\n}\n\n' + added
      + 'func (s *Sugared) Debug(args ...interface{}) {\n\ts.log(DebugLevel, "", args, nil)\n}\n\n'
      + 'func (s *Sugared) Info(args ...interface{}) {\n\ts.log(InfoLevel, "", args, nil)\n}\n\n'
      + 'func (s *Sugared) log(lvl Level, template string, args []interface{}, kv []interface{}) {\n\t_ = lvl\n}\n';
    const writer = (added: string) => 'package logx\n\ntype Sink struct{}\n\nfunc (k Sink) Write(p []byte, n int, f error) (int, error) {\n\treturn 0, nil\n}\n\n'
      + 'type Other struct{ w Sink }\n\nfunc (o *Other) Write(p []byte) (int, error) {\n\treturn o.w.Write(p, 1, nil)\n}\n' + added;
    const base = repo.commit('base', { 'logx/sugar.go': sugar(''), 'logx/writer.go': writer('') });
    const head = repo.commit('head', {
      'logx/sugar.go': sugar('func (s *Sugared) Log(lvl Level, args ...interface{}) {\n\ts.log(lvl, "", args, nil)\n}\n\n'),
      'logx/writer.go': writer('\nfunc (o *Other) Flush(p []byte) error {\n\treturn o.w.Close(p, 1, false)\n}\n'),
    });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('logx/sugar.Sugared.Debug')), { kind: 'type', why: 'copied by the added Log (line 18)' });
    assert.ok(!m.has('logx/sugar.Sugared.Info'), 'as alike as Debug, but further away: one model per added definition');
    assert.ok(!m.has('logx/sugar.Sugared.Level'), 'above it, but neither of its shape nor of its body');
    assert.ok(!m.has('logx/writer.Other.Write'), 'Flush repeats Write with two names of thirteen changed: written from it, perhaps, but no copy');
  });

  it('a changed or added method links its namesake in each class of its folder that shares most of its methods; not across folders, nor in a family', async () => {
    const repo = new TestRepo();
    const names = ['connection_made', 'connection_lost', 'data_received', 'shutdown', 'timeout_handler'];
    const files = (lost: string) => ({
      'srv/http/h1.py': protocol('H1Protocol', names).replace('self.last = "connection_lost"', lost),
      'srv/http/tools.py': protocol('ToolsProtocol', [...names, 'on_url', 'on_body']),
      'srv/ws/wsproto.py': protocol('WSProtocol', [...names, 'handle_close']),
      ...Object.fromEntries(['A', 'B', 'C', 'D'].map((c) => [`srv/codecs/${c.toLowerCase()}.py`, protocol(`${c}Codec`, ['encode_one', 'decode_one', 'reset', 'flush'])])),
    });
    const base = repo.commit('base', files('self.last = "connection_lost"'));
    const head = repo.commit('head', { ...files('self.last = "lost"'),
      'srv/codecs/a.py': protocol('ACodec', ['encode_one', 'decode_one', 'reset', 'flush'], '\n    def close(self):\n        return 1\n').replace('"reset"', '"r"') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual(pick(m.get('srv/http/tools.ToolsProtocol.connection_lost')), { kind: 'type', why: 'the same method of ToolsProtocol, parallel to H1Protocol (line 9)' });
    assert.ok(!m.has('srv/ws/wsproto.WSProtocol.connection_lost'), 'a protocol of another folder plays another role');
    assert.ok(!m.has('srv/http/tools.ToolsProtocol.shutdown'), 'only the changed method\'s namesake');
    assert.ok(![...m.keys()].some((k) => k.startsWith('srv/codecs/') && !k.startsWith('srv/codecs/a.')), 'four codecs alike are a family: no sibling set');

    const go = new TestRepo();
    const methods = (recv: string, list: string[]) => list.map((n) => `func (l *${recv}) ${n}(msg string) {\n\tl.write("${n}", msg)\n}\n`).join('\n');
    const logger = 'package logx\n\ntype Logger struct{}\n\n' + methods('Logger', ['Named', 'With', 'Debug', 'Info', 'Log', 'Sync'])
      + '\nfunc (l *Logger) write(level string, msg string) {}\n';
    const sugared = (added: string) => 'package logx\n\ntype Sugared struct{ base *Logger }\n\n' + methods('Sugared', ['Named', 'With', 'Debug', 'Info', 'Sync', 'Debugf']) + added
      + '\nfunc (l *Sugared) write(level string, msg string) {}\n';
    const goBase = go.commit('base', { 'logx/logger.go': logger, 'logx/sugar.go': sugared(''), 'other/logger.go': logger.replace('package logx', 'package other') });
    const goHead = go.commit('head', { 'logx/sugar.go': sugared('\nfunc (l *Sugared) Log(level int, msg string) {\n\tl.base.write("log", msg)\n}\n') });
    const g = by(await candidates(go, goBase, goHead));
    assert.deepEqual(pick(g.get('logx/logger.Logger.Log')), { kind: 'type', why: 'the same method of Logger, parallel to Sugared (line 21)' });
    assert.ok(!g.has('other/logger.Logger.Log'), 'another package');
  });

  it('a first-ring method\'s namesake in a parallel class weighs a quarter link: listed where it adds up with a link of its own', async () => {
    const repo = new TestRepo();
    const helpers = 'def h1():\n    return 1\n\n\ndef h2():\n    return 2\n\n\ndef h3():\n    return 3\n\n\ndef h4():\n    return 4\n\n\ndef h5():\n    return 5\n';
    const cls = (name: string, run: string) => `from ws.helpers import h1, h2, h3, h4, h5\n\n\nclass ${name}:\n`
      + '    def connection_made(self, t):\n        self.t = t\n\n    def connection_lost(self, exc):\n        self.t = None\n        return exc\n\n'
      + '    def shutdown(self):\n        self.t = 0\n\n    def send_500(self):\n        return 500\n\n' + run;
    const alpha = (body: string) => cls('AlphaProtocol', `    def run(self, app):\n        app()\n${body}`);
    const beta = (last: string) => cls('BetaProtocol', '    def run(self, app):\n        self.connection_lost(None)\n        app()\n        app()\n        app()\n'
      + `        app()\n        return ${last}\n`);
    const base = repo.commit('base', { 'ws/helpers.py': helpers, 'ws/alpha.py': alpha('        return 0\n'), 'ws/beta.py': beta('0') });
    const head = repo.commit('head', {
      'ws/alpha.py': alpha('        h1() + h2() + h3() + h4() + h5()\n        self.connection_lost(None)\n        self.shutdown()\n        return 0\n'),
      'ws/beta.py': beta('1'),
    });
    const m = by(await candidates(repo, base, head));
    assert.equal(m.get('ws/alpha.AlphaProtocol.connection_lost')?.why, 'called by alpha.AlphaProtocol.run (line 21)');
    assert.deepEqual(pick(m.get('ws/beta.BetaProtocol.connection_lost')), { kind: 'callee', why: 'called by beta.BetaProtocol.run (line 19)' },
      'a call on a line the change left alone (a quarter) and the counterpart of AlphaProtocol.connection_lost (a quarter): strong evidence together');
    assert.ok(!m.has('ws/beta.BetaProtocol.shutdown'), 'the counterpart of AlphaProtocol.shutdown alone: a quarter link is not listed');
  });
});
