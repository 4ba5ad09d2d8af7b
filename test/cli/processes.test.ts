// The built `fixture-lab` as a real child process: SIGTERM, SIGHUP or SIGINT mid-run leaves no
// system process running and exits with the conventional code; `symbols` leaves nothing in its
// process group; systems run where systems.yaml declares them, not from the repository under test.
import * as assert from 'node:assert/strict';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDemoOnce, demoCorpus, mcpSystem, ROOT } from '../helpers/demoCorpus';
import { GIT_ENV } from '../helpers/gitRepo';
import { inTree, killAll, survivors } from '../helpers/procs';
import { tempDir } from '../helpers/tempDir';

const BIN = resolve(__dirname, '../../../dist/cli.js');
const BOOKSHOP = join(ROOT, 'corpus/.repos/bookshop');

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
}

async function until(done: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('cli: signals reap every system', function () {
  this.timeout(90_000);

  const cases: { signal: NodeJS.Signals; code: number; system: 'command' | 'mcp' }[] = [
    { signal: 'SIGTERM', code: 143, system: 'command' },
    { signal: 'SIGHUP', code: 129, system: 'mcp' },
    { signal: 'SIGINT', code: 130, system: 'command' },
  ];
  for (const { signal, code, system } of cases) {
    it(`${signal} mid-run (a ${system} system with children, one gone with setsid): none survive, exit ${code}`, async () => {
      const dir = tempDir();
      const probe = randomBytes(6).toString('hex');
      const corpus = demoCorpus(`systems:
  - name: hang
    type: command
    query: [/bin/sh, -c, "sleep 60 & setsid sleep 60 & echo $$ > ${dir}/running; sleep 60"]
    parse: {format: lines}
    env: {PROBE: "${probe}"}
${mcpSystem('mcphang', { CHILDREN_FILE: join(dir, 'children'), HANG_TOOL: '1', PROBE: probe })}`);
      const out = join(dir, 'run');
      const cli = spawn(process.execPath, [BIN, 'run', corpus, '--systems', system === 'command' ? 'hang' : 'mcphang', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      cli.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      const done = exited(cli);
      try {
        await until(() => existsSync(join(dir, system === 'command' ? 'running' : 'children.hang')));
        await new Promise((r) => setTimeout(r, 100));
        assert.ok(inTree({ env: `PROBE=${probe}` }).length >= 3, 'the system and its children are running');
        const sent = Date.now();
        cli.kill(signal);
        const result = await done;
        assert.deepEqual(result, { code, signal: null });
        assert.ok(Date.now() - sent < 10_000, `exited ${Date.now() - sent} ms after the signal`);
        assert.match(stdout, new RegExp(`stopped; what finished is in .* \\(run again with --out .* to resume\\)`));
        assert.deepEqual(await survivors({ env: `PROBE=${probe}` }), []);
        assert.ok(existsSync(join(out, 'run.json')));
        assert.deepEqual(existsSync(join(out, 'raw')) ? readdirSync(join(out, 'raw')) : [], [], 'the killed answer is not recorded as a failure');
      } finally {
        cli.kill('SIGKILL');
        killAll(inTree({ env: `PROBE=${probe}` }).map((p) => p.pid));
      }
    });
  }
});

describe('cli: signals stop the scoring too', function () {
  this.timeout(300_000);

  it('SIGTERM, SIGINT and SIGHUP during the analysis of an answer of a million names exit 143, 130 and 129 at once; '
    + 'the run is left unfinished, with no FINDINGS.md, and a resume analyzes it', async () => {
    const corpus = demoCorpus(`systems:\n  - {name: many, type: command, query: [/bin/echo, shop/cart.Cart.total], parse: {format: lines}}\n`);
    const out = join(tempDir(), 'run');
    const argv = [BIN, 'run', corpus, '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', out];
    execFileSync(process.execPath, argv, { stdio: 'pipe' });
    // The recorded answer becomes a million names in one file (three of them real, the rest repeats and names of nothing).
    const answer = join(out, 'raw/many/bookshop-easy-01.json');
    const raw = JSON.parse(readFileSync(answer, 'utf8')) as { symbols: string[] };
    raw.symbols = Array.from({ length: 1_000_000 }, (_, i) => (
      i % 1000 === 0 ? `shop/cart.Cart.m${i}` : ['shop/cart.Cart', 'shop/cart.Cart.total', 'shop/cart.Cart.subtotal'][i % 3]));
    writeFileSync(answer, JSON.stringify(raw));
    for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130], ['SIGHUP', 129]] as const) {
      const cli = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      cli.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      cli.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const done = exited(cli);
      try {
        // Nothing is left to answer: what follows this line is the analysis.
        await until(() => /running many: 1 answer, 1 already done\n/.test(stderr));
        await new Promise((r) => setTimeout(r, 300));
        const sent = Date.now();
        cli.kill(signal);
        const result = await done;
        assert.deepEqual(result, { code, signal: null }, `${signal}: ${stderr}`);
        assert.ok(Date.now() - sent < 15_000, `${signal}: exited ${Date.now() - sent} ms after the signal`);
        assert.match(stdout, /stopped; what finished is in .* \(run again with --out .* to resume\)/);
        assert.equal((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { finished_at?: string }).finished_at, undefined, 'not finished');
        assert.equal(existsSync(join(out, 'FINDINGS.md')), false, 'no FINDINGS.md sums up an analysis that did not end');
      } finally {
        cli.kill('SIGKILL');
      }
    }
    execFileSync(process.execPath, argv, { stdio: 'pipe' });
    assert.ok(existsSync(join(out, 'FINDINGS.md')));
    assert.ok((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { finished_at?: string }).finished_at);
  });
});

describe('cli: symbols leaves nothing behind', function () {
  this.timeout(60_000);

  it('its process group is empty when it exits (git cat-file is waited for)', async () => {
    buildDemoOnce();
    for (const args of [['--base', '00-initial', '--head', '01-bulk-discount'], ['--rev', '01-bulk-discount', '--file', 'shop/pricing.py'], ['--base', '01-bulk-discount', '--head', '02-queue-retry-limit']]) {
      // Its own group, so whatever it leaves in the group can be told apart from the test's.
      const cli = spawn(process.execPath, [BIN, 'symbols', '--repo', BOOKSHOP, ...args], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      cli.stdout.resume();
      const { code } = await exited(cli);
      assert.equal(code, 0);
      assert.deepEqual(inTree({ pgid: cli.pid }), [], `symbols ${args.join(' ')}`);
    }
  });
});

describe('cli: systems run where systems.yaml declares them', function () {
  this.timeout(90_000);

  it('a relative program and a PATH program run from the corpus, not from the repository under test', () => {
    const corpus = demoCorpus(`systems:
  - {name: rel, type: command, query: [./tools/search, "{task}"], parse: {format: lines}}
  - {name: bare, type: command, query: [search-tool, "{task}"], parse: {format: lines}}
`);
    const script = (who: string) => `#!/bin/sh\necho from-${who}\n`;
    // The repository under test, checked out at the task's revision, holds files at the same paths.
    const clone = join(tempDir(), 'bookshop');
    execFileSync('git', ['clone', '-q', BOOKSHOP, clone], { env: GIT_ENV });
    const base = /base: "([0-9a-f]{40})"/.exec(readFileSync(join(corpus, 'tasks/bookshop/easy/01-bulk-discount.yaml'), 'utf8'))![1];
    execFileSync('git', ['-C', clone, 'checkout', '-q', '--detach', base], { env: GIT_ENV });
    for (const [root, who] of [[corpus, 'corpus'], [clone, 'repo']]) {
      mkdirSync(join(root, 'tools'), { recursive: true });
      writeFileSync(join(root, 'tools/search'), script(who));
      writeFileSync(join(root, 'search-tool'), script(who));
      chmodSync(join(root, 'tools/search'), 0o755);
      chmodSync(join(root, 'search-tool'), 0o755);
    }
    // Hidden from `git status`, so the run uses the clone itself as the checkout.
    appendFileSync(join(clone, '.git/info/exclude'), 'tools/\nsearch-tool\n');
    writeFileSync(join(corpus, 'repos.yaml'), readFileSync(join(corpus, 'repos.yaml'), 'utf8').replace(/path: .*/, `path: ${clone}`));
    const out = join(tempDir(), 'run');
    // `.` on PATH is the folder fixture-lab started in (the corpus), never the checkout.
    execFileSync(process.execPath, [BIN, 'run', '.', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', out], { cwd: corpus, env: { ...process.env, PATH: `.:${process.env.PATH}` }, stdio: 'pipe' });
    for (const system of ['rel', 'bare']) {
      const raw = JSON.parse(readFileSync(join(out, `raw/${system}/bookshop-easy-01.json`), 'utf8'));
      assert.equal(raw.status, 'ok', raw.error);
      assert.deepEqual(raw.symbols, ['from-corpus'], system);
    }
  });
});
