// A new user's first real system, as the docs tell it: `init`, `repo add`, `new`, a label, then
// codegraph's commented entry in systems.yaml uncommented, and nothing else. `systems check` and
// `run` install its pinned npm package on first use (here into the tests' cache, .cache/systems/,
// which test/systems/setup.mjs fills too: one install for the suite) and run it from there, with
// no PATH set up; a pin npm cannot install is one line naming the system, the package and the
// fix, and leaves nothing in the cache (docs/scoring.md#installing-a-system-from-npm).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { namesAtRevision, packageHome, RawResult, RepoSymbols } from '../../src/core';
import { ok, run } from '../helpers/cli';
import { demoCorpus, ROOT } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const CART = 'class Cart:\n    def __init__(self):\n        self.lines = []\n\n    def add(self, item, quantity):\n        self.lines.append((item, quantity))\n\n'
  + '    def total(self):\n        return sum(price_of(item) * quantity for item, quantity in self.lines)\n\n\n'
  + 'def price_of(item):\n    return item.price\n';
const DISCOUNT = 'from shop.cart import Cart\n\n\ndef apply_discount(cart, percent):\n    return cart.total() * (100 - percent) / 100\n';

/** A small shop with one merged pull request (#7) that caps the discount. */
function shop(): TestRepo {
  const repo = new TestRepo();
  repo.commit('base', { 'shop/__init__.py': '', 'shop/cart.py': CART, 'shop/discount.py': DISCOUNT });
  repo.git('remote', 'add', 'origin', 'https://github.com/example/shop');
  repo.mergePullRequest(7, 'dev/cap', 'cap', 'cap the discount', { 'shop/discount.py': DISCOUNT.replace('(100 - percent)', '(100 - min(percent, 50))') });
  return repo;
}

/** corpus/systems.yaml's commented entry for `name`, uncommented in place: what the docs ask a user to do. */
function uncomment(file: string, name: string): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`  # - name: ${name}\n`);
  assert.ok(start > 0, `systems.yaml has ${name}'s commented entry`);
  const end = text.indexOf('\n\n', start);
  writeFileSync(file, text.slice(0, start) + text.slice(start, end).replace(/^ {2}# /gm, '  ') + text.slice(end));
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));
}

describe('a system\'s pinned npm package, installed on first use', function () {
  this.timeout(900_000);
  const saved = process.env.FIXTURE_LAB_SYSTEMS;
  const cache = join(ROOT, '.cache', 'systems');
  afterEach(() => {
    if (saved === undefined) delete process.env.FIXTURE_LAB_SYSTEMS;
    else process.env.FIXTURE_LAB_SYSTEMS = saved;
  });

  it('init, repo add, new, a label, codegraph uncommented: `systems check` and `run` install it and score it, no PATH set up', async () => {
    process.env.FIXTURE_LAB_SYSTEMS = cache;
    // Nothing of this test's puts codegraph on PATH: the run finds it only where `npm:` installs it.
    assert.notEqual(spawnSync('sh', ['-c', 'command -v codegraph']).status, 0, 'codegraph is on PATH: this test would prove nothing');
    const repo = shop();
    const dir = tempDir();
    await ok(run(dir, 'init', 'corpus'));
    await ok(run(dir, 'repo', 'add', 'shop', repo.dir));
    const F = /^wrote (\S+)/.exec(await ok(run(dir, 'new', '--repo', 'shop', '--pr', '7', 'corpus')))![1];
    const file = join(dir, F);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^task: .*$/m, 'task: "A discount over half the cart total should be capped when it is applied"'));
    await ok(run(dir, 'label', 'add', F, 'shop/discount.apply_discount', '--confidence', 'HIGH', '--reason', 'where the discount is applied', '--rater', 'dana'));
    await ok(run(dir, 'label', 'add', F, 'shop/cart.Cart.total', '--confidence', 'MEDIUM', '--reason', 'the total it discounts', '--rater', 'dana'));
    uncomment(join(dir, 'corpus/systems.yaml'), 'codegraph');

    const check = await run(dir, 'systems', 'check', 'corpus', '--systems', 'codegraph');
    assert.equal(check.code, 0, check.stdout + check.stderr);
    const bin = join(packageHome({ name: '@colbymchenry/codegraph', version: '1.6.1' }, cache), 'node_modules', '.bin', 'codegraph');
    assert.match(check.stdout, /^codegraph \(command\): ok: returned \d+ names?, \d+ exists? at [0-9a-f]{7}$/m);
    assert.ok(check.stdout.includes(`  query:    ${bin} context -f json -n 20 --no-code "{task}"`), check.stdout);

    const ran = await run(dir, 'run', 'corpus', '--budget', '5000', '--out', 'results/r1');
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /^codegraph +1 +\d\.\d{3} /m, 'codegraph scored in the table');
    const info = JSON.parse(readFileSync(join(dir, 'results/r1/run.json'), 'utf8'));
    const codegraph = info.systems.find((s: { name: string }) => s.name === 'codegraph');
    assert.deepEqual([codegraph.version, codegraph.argv.index[0], codegraph.argv.query[0]], ['1.6.1', bin, bin]);
    const id = readFileSync(file, 'utf8').match(/^id: "?([\w.-]+)"?$/m)![1];
    const raw: RawResult = JSON.parse(readFileSync(join(dir, 'results/r1/raw/codegraph', `${id}.json`), 'utf8'));
    assert.equal(raw.status, 'ok', raw.error);
    assert.ok(raw.symbols.length > 0, 'codegraph answered');
    const symbols = new RepoSymbols({ name: 'shop', language: [], path: repo.dir }, join(dir, 'corpus'), { cacheDir: false });
    try {
      assert.deepEqual((await namesAtRevision(symbols.resolver, raw.rev, raw.symbols)).missing, [], 'every name codegraph returned exists there');
    } finally {
      await symbols.close();
    }
  });

  it('a first use installs the pinned package into an empty cache and runs its program from there; the next use installs nothing', async () => {
    // semver (one small file, no dependencies) stands in for a system here: what is proven is the
    // install and where the program runs from; codegraph's answers are the test above's.
    const cache = tempDir();
    process.env.FIXTURE_LAB_SYSTEMS = cache;
    // Two systems pin the one package: the first installs it, the second runs it from there too.
    const entry = (name: string) => `  - name: ${name}\n    type: command\n    npm: semver@7.6.3\n    query: [semver, "1.2.3"]\n    parse: {format: lines}\n`;
    const corpus = demoCorpus(`systems:\n${entry('semverish')}${entry('semverish-too')}`);
    const home = packageHome({ name: 'semver', version: '7.6.3' }, cache);
    const first = await run(corpus, 'systems', 'check', '--task', 'bookshop-easy-01');
    assert.ok(first.stderr.includes(`semverish: installing semver@7.6.3 from the npm registry into ${home} (first use only, about a minute)…\n`), first.stderr);
    assert.doesNotMatch(first.stderr, /semverish-too: installing/);
    assert.equal(first.stdout.split(`  query:    ${join(home, 'node_modules/.bin/semver')} 1.2.3\n`).length, 3, first.stdout);
    assert.match(first.stdout, /^ {2}answered: exit 0 in /m);
    assert.match(readFileSync(join(home, 'installed'), 'utf8'), /^semver@7\.6\.3 /);
    assert.deepEqual(readdirSync(cache), ['semver-7.6.3'], 'the install only, no staging folder left');
    const again = await run(corpus, 'systems', 'check', '--task', 'bookshop-easy-01');
    assert.doesNotMatch(again.stderr, /installing/);
    const timeless = (text: string) => text.replace(/ in \d+\.\d s/g, '');
    assert.equal(timeless(again.stdout), timeless(first.stdout), 'the same check');
    assert.match(first.stdout, /^semverish \(command\): UNMAPPED: returned 1 name, 0 exist at [0-9a-f]{7}: check `parse`$/m);
    assert.match(first.stdout, /^semverish-too \(command\): UNMAPPED: returned 1 name, 0 exist at [0-9a-f]{7}: check `parse`$/m);

    // A run into another empty cache: one install, and both systems answer from it.
    process.env.FIXTURE_LAB_SYSTEMS = tempDir();
    const ran = await run(corpus, 'run', '--tasks', 'bookshop-easy-01', '--budget', '5000', '--out', 'out');
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(ran.stderr.split('installing semver@7.6.3').length, 2, ran.stderr);
    for (const system of ['semverish', 'semverish-too']) {
      const raw = JSON.parse(readFileSync(join(corpus, 'out', 'raw', system, 'bookshop-easy-01.json'), 'utf8')) as RawResult;
      assert.equal(raw.status, 'ok', `${system}: ${raw.error}`);
      assert.deepEqual(raw.symbols, ['1.2.3'], system);
    }
  });

  it('a pin npm cannot install: `systems check` and `run` say so in one line naming the system, the package and the fix; nothing is left', async () => {
    const empty = tempDir();
    process.env.FIXTURE_LAB_SYSTEMS = empty;
    const repo = shop();
    const dir = tempDir();
    await ok(run(dir, 'init', 'corpus'));
    await ok(run(dir, 'repo', 'add', 'shop', repo.dir));
    const F = /^wrote (\S+)/.exec(await ok(run(dir, 'new', '--repo', 'shop', '--pr', '7', 'corpus')))![1];
    await ok(run(dir, 'label', 'add', F, 'shop/discount.apply_discount', '--confidence', 'HIGH', '--reason', 'r', '--rater', 'dana'));
    const systems = join(dir, 'corpus/systems.yaml');
    uncomment(systems, 'codegraph');
    writeFileSync(systems, readFileSync(systems, 'utf8').replace('"@colbymchenry/codegraph@1.6.1"', '"@colbymchenry/codegraph@0.0.404"'));
    const line = /system codegraph: npm could not install @colbymchenry\/codegraph@0\.0\.404 \(exited with 1: notarget No matching version found for @colbymchenry\/codegraph@0\.0\.404\.\): check `npm: @colbymchenry\/codegraph@0\.0\.404` in systems\.yaml \(a package and version on the npm registry: `npm view @colbymchenry\/codegraph@0\.0\.404 version`\) and that npm reaches its registry, then run again; nothing was installed/;

    const check = await run(dir, 'systems', 'check', 'corpus', '--systems', 'codegraph');
    assert.equal(check.code, 1);
    const first = check.stdout.split('\n').find((l) => l.startsWith('codegraph (command)'))!;
    assert.match(first, new RegExp(`^codegraph \\(command\\): MISSING: ${line.source.replace(/^system codegraph: /, '')}$`));
    const ran = await run(dir, 'run', 'corpus', '--out', 'results/r1');
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, new RegExp(`^fixture-lab: corpus: the run cannot start; missing:\\n  - ${line.source}\\n$`, 'm'));
    assert.deepEqual(filesUnder(empty), [], 'nothing half-installed in the cache');
    assert.equal(existsSync(join(dir, 'results')), false, 'no run folder');
  });
});
