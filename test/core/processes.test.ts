// Process trees are always reaped (issue 12): after every answer (normal exit, failure, timeout,
// cancel) nothing the system started is still running, in its process group or carrying its run
// marker; the answer ends when the command exits, whatever still holds its pipes. Real processes,
// checked in /proc.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { capText, DEFAULT_MAX_OUTPUT_BYTES, describeExit, DRAIN_MS, liveTrees, readSystems, resolvePrograms, runBenchmark, runProcess } from '../../src/core';
import { demoCorpus, mcpCorpus } from '../helpers/demoCorpus';
import { inTree, isAlive, killAll, survivors } from '../helpers/procs';
import { tempDir } from '../helpers/tempDir';

/** A fresh PROBE=... entry: every process a test starts inherits it, so none can hide. */
function probe(): string {
  return `PROBE=${randomBytes(6).toString('hex')}`;
}

function envWith(entry: string): NodeJS.ProcessEnv {
  const [name, value] = entry.split('=');
  return { ...process.env, [name]: value };
}

/** A shell script that records its pid (its process group) and run marker, then does `body`. */
function recording(dir: string, body: string): string[] {
  return ['/bin/sh', '-c', `echo $$ > ${dir}/leader; printf %s "$FIXTURE_LAB_RUN" > ${dir}/marker; ${body}`];
}

function recorded(dir: string): { pgid: number; marker: string } {
  return { pgid: Number(readFileSync(join(dir, 'leader'), 'utf8')), marker: readFileSync(join(dir, 'marker'), 'utf8') };
}

describe('processes: every answer reaps its tree', function () {
  this.timeout(30_000);
  const started: string[] = [];

  afterEach(() => {
    for (const env of started.splice(0)) killAll(inTree({ env }).map((p) => p.pid));
  });

  it('normal exit: a background child is killed, and the answer does not wait for it', async () => {
    const dir = tempDir();
    const env = probe();
    started.push(env);
    const result = await runProcess(recording(dir, 'sleep 60 & echo a'), { timeoutMs: 20_000, env: envWith(env) });
    assert.equal(result.stdout, 'a\n');
    assert.equal(result.code, 0);
    assert.equal(result.timedOut, false);
    assert.ok(result.ms < DRAIN_MS + 1000, `${result.ms} ms`);
    const { pgid, marker } = recorded(dir);
    assert.match(marker, /^[0-9a-f]{16}$/, 'the system sees its run marker');
    assert.deepEqual(await survivors({ pgid }), []);
    assert.deepEqual(await survivors({ marker }), []);
    assert.deepEqual(await survivors({ env }), []);
    assert.equal(liveTrees(), 0);
  });

  it('failure: the exit code and stderr are kept, and the tree is reaped', async () => {
    const dir = tempDir();
    const env = probe();
    started.push(env);
    const result = await runProcess(recording(dir, 'sleep 60 & echo cannot >&2; exit 3'), { timeoutMs: 20_000, env: envWith(env) });
    assert.equal(result.code, 3);
    assert.equal(result.signal, null);
    assert.equal(result.stderr, 'cannot\n');
    assert.equal(describeExit(result), 'exited with 3');
    assert.deepEqual(await survivors({ env }), []);
  });

  it('timeout: the group and a descendant that left it with setsid are killed; the run is not held', async () => {
    const dir = tempDir();
    const env = probe();
    started.push(env);
    // The daemon holds stdout: waiting for the pipes to close would wait for ever.
    const result = await runProcess(recording(dir, `setsid sleep 60 & echo $! > ${dir}/daemon; sleep 60`), { timeoutMs: 1500, env: envWith(env) });
    assert.equal(result.timedOut, true);
    assert.ok(result.ms < 1500 + DRAIN_MS + 1000, `${result.ms} ms`);
    const daemon = Number(readFileSync(join(dir, 'daemon'), 'utf8'));
    assert.notEqual(inTree({ pgid: recorded(dir).pgid }).some((p) => p.pid === daemon), true, 'the daemon left the group');
    assert.equal(isAlive(daemon), false);
    assert.deepEqual(await survivors({ env }), []);
  });

  it('cancel: aborting the signal kills the tree at once', async () => {
    const dir = tempDir();
    const env = probe();
    started.push(env);
    const controller = new AbortController();
    const pending = runProcess(recording(dir, 'sleep 60 & setsid sleep 60 & sleep 60'), { timeoutMs: 20_000, env: envWith(env), signal: controller.signal });
    while (!existsSync(join(dir, 'marker'))) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(inTree({ env }).length >= 3, 'the tree is running');
    controller.abort();
    const result = await pending;
    assert.equal(result.cancelled, true);
    assert.ok(result.ms < 5000, `${result.ms} ms`);
    assert.deepEqual(await survivors({ env }), []);
  });

  it('a finished answer whose descendant holds stdout: not a timeout, back at once, descendant killed', async () => {
    const dir = tempDir();
    const env = probe();
    started.push(env);
    const result = await runProcess(recording(dir, 'setsid sleep 60 & echo answer'), { timeoutMs: 10_000, env: envWith(env) });
    assert.equal(result.timedOut, false);
    assert.equal(result.stdout, 'answer\n');
    assert.ok(result.ms < DRAIN_MS, `${result.ms} ms: the marker sweep closed the pipe`);
    assert.deepEqual(await survivors({ env }), []);
  });

  it('a descendant that escapes both group and marker only costs the bounded drain', async () => {
    const dir = tempDir();
    const env = probe();
    started.push(env);
    // `env -i` drops every variable, the marker and PROBE too: the pid file is how it is found.
    const escape = `setsid env -i /bin/sh -c 'echo $$ > ${dir}/escaped; exec sleep 60' &`;
    const result = await runProcess(recording(dir, `${escape} while [ ! -s ${dir}/escaped ]; do sleep 0.05; done; echo answer`), { timeoutMs: 20_000, env: envWith(env) });
    const escaped = Number(readFileSync(join(dir, 'escaped'), 'utf8'));
    try {
      assert.equal(result.timedOut, false);
      assert.equal(result.code, 0);
      assert.equal(result.stdout, 'answer\n');
      assert.ok(result.ms >= DRAIN_MS - 100 && result.ms < DRAIN_MS + 1500, `${result.ms} ms`);
    } finally {
      killAll([escaped]);
    }
  });

  it('a process killed by a signal is named: "killed by SIGKILL", not "exited with null"', async () => {
    const result = await runProcess(['/bin/sh', '-c', 'kill -KILL $$'], { timeoutMs: 10_000 });
    assert.equal(result.code, null);
    assert.equal(result.signal, 'SIGKILL');
    assert.equal(describeExit(result), 'killed by SIGKILL');
    assert.equal(describeExit(await runProcess(['/bin/sh', '-c', 'kill -TERM $$'], { timeoutMs: 10_000 })), 'killed by SIGTERM');
  });
});

describe('processes: output per answer is capped', function () {
  this.timeout(30_000);

  it('keeps 16 MB by default and says the answer was truncated', async () => {
    const print = `const b = Buffer.alloc(1 << 20, 120); for (let i = 0; i < 17; i++) process.stdout.write(b)`;
    const result = await runProcess([process.execPath, '-e', print], { timeoutMs: 20_000 });
    assert.equal(result.code, 0);
    assert.equal(result.truncated, true);
    assert.equal(Buffer.byteLength(result.stdout), DEFAULT_MAX_OUTPUT_BYTES);
    const small = await runProcess([process.execPath, '-e', 'process.stdout.write("x".repeat(1000))'], { timeoutMs: 20_000 });
    assert.equal(small.truncated, false);
    assert.equal(small.stdout.length, 1000);
  });

  it('cuts at a character boundary, never inside one', async () => {
    const result = await runProcess([process.execPath, '-e', 'process.stdout.write("é".repeat(1000))'], { timeoutMs: 20_000, maxOutputBytes: 1001 });
    assert.equal(result.truncated, true);
    assert.equal(result.stdout, 'é'.repeat(500));
    assert.deepEqual(capText('aé'.repeat(10), 4), { text: 'aéa', truncated: true });
    assert.deepEqual(capText('short', 4096), { text: 'short', truncated: false });
  });

  it('reads max_output_mb from systems.yaml, and records truncated in the raw answer', async () => {
    const yaml = (extra: string) => `systems:\n  - name: big\n    type: command\n    query: [${JSON.stringify(process.execPath)}, -e, "for (let i = 0; i < 5000; i++) console.log('shop/pricing.apply_discount')"]\n    parse: {format: lines}\n${extra}`;
    assert.equal(readSystems(yaml(''), 'systems.yaml')[0].maxOutputBytes, 16 * 2 ** 20);
    assert.equal(readSystems(yaml('    max_output_mb: 0.5\n'), 'systems.yaml')[0].maxOutputBytes, 2 ** 19);
    assert.throws(() => readSystems(yaml('    max_output_mb: 0\n'), 'systems.yaml'), /systems\.yaml:\d+:\d+: error: systems\[0\] \(big\): `max_output_mb` must be a positive number/);
    const corpus = demoCorpus(yaml('    max_output_mb: 0.001\n'));
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000] });
    const raw = JSON.parse(readFileSync(join(out, 'raw/big/bookshop-easy-01.json'), 'utf8'));
    assert.equal(raw.status, 'ok');
    assert.equal(raw.truncated, true);
    assert.equal(Buffer.byteLength(raw.output), 1049);
  });
});

describe('processes: MCP servers', function () {
  this.timeout(60_000);

  it('a server\'s children, in its group or gone with setsid, do not survive the run', async () => {
    const dir = tempDir();
    const env = probe();
    const [name, value] = env.split('=');
    const corpus = mcpCorpus({ CHILDREN_FILE: join(dir, 'children'), [name]: value });
    try {
      const out = join(tempDir(), 'run');
      await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000] });
      assert.equal(JSON.parse(readFileSync(join(out, 'raw/mcp/bookshop-easy-01.json'), 'utf8')).status, 'ok');
      const children = readFileSync(join(dir, 'children'), 'utf8').split(' ').map(Number);
      assert.equal(children.length, 2);
      for (const pid of children) assert.equal(isAlive(pid), false, `child ${pid}`);
      assert.deepEqual(await survivors({ env }), []);
    } finally {
      killAll(inTree({ env }).map((p) => p.pid));
    }
  });

  it('a tool call that times out ends the server\'s tree, and the next task starts it again', async function () {
    // Two runs of a Node server under whatever load the machine has: the suite's 30 s fits a quiet one only.
    this.timeout(180_000);
    const dir = tempDir();
    const env = probe();
    const [name, value] = env.split('=');
    // One timeout bounds every phase, the server's start included: under load a Node server takes
    // seconds to start, so a fixed 1.2 s timed out its start, not the tool call. The timeout is
    // four times what starting this server (connect and list its tools) takes on this machine now,
    // measured by a run of the same server whose tool answers, and never under 1.2 s.
    const calibration = mcpCorpus({ [name]: value });
    const measured = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: calibration, outDir: measured, tasks: 'bookshop-easy-01', budgets: [5000] });
    const startMs = JSON.parse(readFileSync(join(measured, 'raw/mcp/bookshop-easy-01.json'), 'utf8')).timings.index_ms as number;
    assert.ok(startMs > 0, 'the server\'s start was timed');
    const timeoutMs = Math.max(1200, 4 * startMs);
    const corpus = mcpCorpus({ CHILDREN_FILE: join(dir, 'children'), HANG_TOOL: '1', [name]: value }, `    timeout_minutes: ${timeoutMs / 60_000}\n`);
    try {
      const out = join(tempDir(), 'run');
      // Two budgets: the same task twice at one revision, so the second call finds the server stopped.
      const started = Date.now();
      await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000, 2000] });
      for (const file of ['raw/mcp/bookshop-easy-01.json', 'raw/budget-2000/mcp/bookshop-easy-01.json']) {
        const raw = JSON.parse(readFileSync(join(out, file), 'utf8'));
        assert.equal(raw.status, 'timeout', raw.error);
        assert.match(raw.error, /^query: tool `search_symbols`: .*timed out/);
      }
      const servers = readFileSync(join(dir, 'children.hang'), 'utf8').trim().split('\n').map(Number);
      assert.equal(new Set(servers).size, 2, 'a second server answered the second call');
      // Two hung calls end at their timeout, not at the default 30 minutes: 20 s on a quiet machine, plus the two timeouts.
      assert.ok(Date.now() - started < 20_000 + 2 * timeoutMs, `${Date.now() - started} ms with a ${timeoutMs} ms timeout`);
      assert.deepEqual(await survivors({ env }), []);
    } finally {
      killAll(inTree({ env }).map((p) => p.pid));
    }
  });
});

describe('processes: systems run where systems.yaml declares them', function () {
  this.timeout(60_000);

  it('resolves a relative program against the folder of systems.yaml, a bare name through PATH, once', () => {
    const dir = tempDir({ 'tools/search': '#!/bin/sh\necho corpus\n', 'bin/mytool': '#!/bin/sh\n' });
    chmodSync(join(dir, 'tools/search'), 0o755);
    chmodSync(join(dir, 'bin/mytool'), 0o755);
    const [rel, bare, missing, placeholder] = readSystems(`systems:
  - {name: rel, type: command, query: [./tools/search, "{task}"], index: [tools/search, index], cwd: work, parse: {format: lines}}
  - {name: bare, type: command, query: [mytool], parse: {format: lines}, env: {PATH: ${JSON.stringify(join(dir, 'bin'))}}}
  - {name: missing, type: mcp, server: [no-such-server-xyz], tool: t}
  - {name: placeholder, type: command, query: ["{repo_path}/bin/tool"], parse: {format: lines}}
`, 'systems.yaml').map((s) => resolvePrograms(s, dir));
    assert.deepEqual(rel.type === 'command' && [rel.query, rel.index, rel.cwd], [[join(dir, 'tools/search'), '{task}'], [join(dir, 'tools/search'), 'index'], join(dir, 'work')]);
    assert.deepEqual(bare.type === 'command' && bare.query, [join(dir, 'bin/mytool')]);
    assert.deepEqual(missing.type === 'mcp' && missing.server, ['no-such-server-xyz']);
    assert.deepEqual(placeholder.type === 'command' && placeholder.query, ['{repo_path}/bin/tool']);
  });

  it('the pre-check names a relative program that is not there by its absolute path', async () => {
    const corpus = demoCorpus(`systems:\n  - {name: rel, type: command, query: [./tools/nothing, "{task}"], parse: {format: lines}}\n`);
    await assert.rejects(runBenchmark({ corpusDir: corpus, outDir: join(tempDir(), 'run') }), (e: Error) => {
      assert.ok(e.message.includes(`system rel: \`${join(corpus, 'tools/nothing')}\` is not an executable file (relative programs are found from the folder of systems.yaml)`), e.message);
      return true;
    });
  });

  it('a system killed by a signal is recorded as "killed by SIGKILL"', async () => {
    const corpus = demoCorpus(`systems:\n  - {name: dies, type: command, query: [/bin/sh, -c, "echo dying >&2; kill -KILL $$"], parse: {format: lines}}\n`);
    const out = join(tempDir(), 'run');
    await runBenchmark({ corpusDir: corpus, outDir: out, tasks: 'bookshop-easy-01', budgets: [5000] });
    const raw = JSON.parse(readFileSync(join(out, 'raw/dies/bookshop-easy-01.json'), 'utf8'));
    assert.equal(raw.status, 'failed');
    assert.equal(raw.error, 'query: query killed by SIGKILL: dying');
  });

  it('reaping one answer leaves another tree alone; a run inside a run keeps both markers', async () => {
    const env = probe();
    const slow = runProcess(['/bin/sh', '-c', 'sleep 1; echo slow'], { timeoutMs: 10_000, env: envWith(env) });
    const fast = await runProcess(['/bin/sh', '-c', 'echo fast'], { timeoutMs: 10_000, env: envWith(env) });
    assert.equal(fast.stdout, 'fast\n');
    assert.deepEqual([(await slow).stdout, (await slow).code], ['slow\n', 0]);
    const outer = await runProcess(['/bin/sh', '-c', 'printf %s "$FIXTURE_LAB_RUN"'], { timeoutMs: 10_000 });
    const nested = await runProcess(['/bin/sh', '-c', 'printf %s "$FIXTURE_LAB_RUN"'], { timeoutMs: 10_000, env: { ...process.env, FIXTURE_LAB_RUN: outer.stdout } });
    assert.match(nested.stdout, new RegExp(`^${outer.stdout}:[0-9a-f]{16}$`));
  });
});
