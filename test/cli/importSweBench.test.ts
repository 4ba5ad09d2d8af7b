// `fixture-lab import-swe-bench`: SWE-bench's JSONL, made by the test from real commits of a
// repository it creates (patches by `git diff`), imported into a corpus `validate` accepts; the
// instance whose patch does not apply refused and listed; the user's checkout left alone; the
// same SHAs on every run whatever git's environment says; bad input refused whole.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readFixture } from '../../src/core';
import { run } from '../helpers/cli';
import { GIT_ENV, TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const PRICING = 'DISCOUNT_CAP = 50\n\n\ndef apply_discount(total, percent):\n    return total * (100 - min(percent, DISCOUNT_CAP)) / 100\n';
const CART = 'from shop.pricing import apply_discount\n\n\nclass Cart:\n    def __init__(self):\n        self.lines = []\n\n'
  + '    def total(self, percent):\n        return apply_discount(sum(self.lines), percent)\n';
const BULK = PRICING.replace('percent):\n    return total * (100 - min(percent,', 'percent, books=0):\n    bulk = 10 if books >= 10 else 0\n'
  + '    return total * (100 - min(percent + bulk,');

interface Setup {
  repo: TestRepo;
  corpus: string;
  jsonl: string;
  c0: string;
  c1: string;
  c2: string;
}

/** One SWE-bench instance with every field SWE-bench writes, in its order. */
function instance(id: string, base: string, patch: string, testPatch: string, problem: string): Record<string, string> {
  return {
    repo: 'example/shop', instance_id: id, base_commit: base, patch, test_patch: testPatch, problem_statement: problem,
    hints_text: 'Look at pricing.', created_at: '2026-01-02T10:00:00Z', version: '1.0', FAIL_TO_PASS: '["tests/test_pricing.py::test_bulk"]',
    PASS_TO_PASS: '[]', environment_setup_commit: base,
  };
}

function setup(): Setup {
  const repo = new TestRepo();
  const c0 = repo.commit('base', { 'shop/pricing.py': PRICING, 'shop/cart.py': CART, 'tests/test_pricing.py': 'def test_cap():\n    pass\n' });
  const c1 = repo.commit('bulk discount', { 'shop/pricing.py': BULK, 'tests/test_pricing.py': 'def test_cap():\n    pass\n\n\ndef test_bulk():\n    pass\n' });
  const c2 = repo.commit('round totals, books counted', {
    'shop/cart.py': CART.replace('sum(self.lines)', 'round(sum(self.lines), 2)'),
    'shop/pricing.py': BULK.replace('books >= 10', 'books >= 12'),
  });
  repo.git('checkout', '-q', c0);
  const diff = (a: string, b: string, ...paths: string[]) => `${repo.git('diff', a, b, '--', ...paths)}\n`;
  const lines = [
    instance('example__shop-1', c0, diff(c0, c1, 'shop'), diff(c0, c1, 'tests'), 'Orders of ten books or more get 10% off.\n\nAs asked in #7.'),
    // c1..c2 edits the lines c1 added: at c0 the patch has nothing to apply to.
    instance('example__shop-bad', c0, diff(c1, c2), '', 'Round cart totals'),
    instance('example__shop-2', c1, diff(c1, c2), '', 'Round cart totals to cents'),
  ];
  const corpus = tempDir({ 'repos.yaml': `repos:\n  - name: shop\n    url: https://github.com/example/shop\n    commit: "${c0}"\n    language: python\n    path: ${repo.dir}\n` });
  const jsonl = join(corpus, 'swe-bench.jsonl');
  writeFileSync(jsonl, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return { repo, corpus, jsonl, c0, c1, c2 };
}

const fixtureAt = (path: string) => readFixture(readFileSync(path, 'utf8'), path);

describe('fixture-lab import-swe-bench', () => {
  it('makes a valid fixture per instance: diff base..a commit whose tree is the patched tree, the problem statement, the changed symbols; '
    + 'refuses and lists the instance whose patch does not apply, exit 1', async () => {
    const { repo, corpus, c0, c1, c2 } = setup();
    // The user's checkout: a detached HEAD, a change in the index, one in the work tree, an untracked file.
    writeFileSync(join(repo.dir, 'shop/cart.py'), CART + '# staged\n');
    repo.git('add', 'shop/cart.py');
    writeFileSync(join(repo.dir, 'shop/pricing.py'), PRICING + '# edited\n');
    writeFileSync(join(repo.dir, 'notes.txt'), 'mine\n');
    const before = { head: repo.git('rev-parse', 'HEAD'), status: repo.git('status', '--porcelain'), index: repo.git('ls-files', '-s'), worktrees: repo.git('worktree', 'list') };

    const r = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop');
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.deepEqual(r.stderr.trim().split('\n'), [r.stderr.trim()], 'one line per refused instance');
    assert.match(r.stderr, /^fixture-lab: refused example__shop-bad \(line 2\): the patch does not apply at base: error: patch failed: shop\/pricing\.py/);
    assert.match(r.stdout, /imported 2 of 3 instances; 1 refused/);

    const dir = join(corpus, 'tasks/shop/medium');
    assert.deepEqual(readdirSync(dir).sort(), ['example__shop-1.yaml', 'example__shop-2.yaml']);
    const one = fixtureAt(join(dir, 'example__shop-1.yaml'));
    assert.deepEqual(one.problems, []);
    assert.equal(one.fixture.id, 'example__shop-1');
    assert.equal(one.fixture.source, 'swe-bench');
    assert.equal(one.fixture.source_ref, 'example__shop-1');
    assert.equal(one.fixture.task, 'Orders of ten books or more get 10% off.\n\nAs asked in #7.');
    assert.deepEqual(one.fixture.ground_truth, []);
    assert.equal(one.fixture.diff?.base, c0);
    const head1 = one.fixture.diff?.head ?? '';
    // The gold patch touched shop/ only (the test patch is not applied): shop/ as at c1, tests/ as at c0.
    assert.equal(repo.git('rev-parse', `${head1}:shop`), repo.git('rev-parse', `${c1}:shop`));
    assert.equal(repo.git('rev-parse', `${head1}:tests`), repo.git('rev-parse', `${c0}:tests`));
    assert.equal(repo.git('rev-parse', `${head1}^`), c0);
    assert.equal(repo.git('rev-parse', 'refs/fixture-lab/swe-bench/example__shop-1'), head1);
    assert.ok(one.fixture.candidates?.includes('shop/pricing.apply_discount'), String(one.fixture.candidates));

    const two = fixtureAt(join(dir, 'example__shop-2.yaml'));
    assert.equal(two.fixture.diff?.base, c1);
    assert.equal(repo.git('rev-parse', `${two.fixture.diff?.head}^{tree}`), repo.git('rev-parse', `${c2}^{tree}`));
    for (const changed of ['shop/cart.Cart.total', 'shop/pricing.apply_discount']) assert.ok(two.fixture.candidates?.includes(changed), changed);
    assert.equal(repo.git('for-each-ref', '--format=%(refname)', 'refs/fixture-lab/swe-bench/example__shop-bad'), '', 'no ref for the refused one');

    assert.deepEqual(
      { head: repo.git('rev-parse', 'HEAD'), status: repo.git('status', '--porcelain'), index: repo.git('ls-files', '-s'), worktrees: repo.git('worktree', 'list') },
      before, 'the checkout, its index and its worktrees are as they were');
    const v = await run(corpus, 'validate', '.');
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stderr, /2 fixtures: 0 errors, 0 warnings/);
  });

  it('is deterministic: the same head SHAs again, whatever git\'s environment says; an existing fixture is refused unless --force', async () => {
    const { corpus } = setup();
    const first = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop');
    assert.equal(first.code, 1);
    const path = join(corpus, 'tasks/shop/medium/example__shop-1.yaml');
    const text = readFileSync(path, 'utf8');
    const heads = (out: string) => [...out.matchAll(/\((example__shop-\d)\): head ([0-9a-f]{40})/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.equal(heads(first.stdout).length, 2);

    const again = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop');
    assert.equal(again.code, 1);
    assert.match(again.stderr, /refused example__shop-1 \(line 1\): tasks\/shop\/medium\/example__shop-1\.yaml already exists: pass --force to replace it/);
    assert.equal(readFileSync(path, 'utf8'), text);

    const saved = { ...process.env };
    Object.assign(process.env, {
      GIT_AUTHOR_NAME: 'Intruder', GIT_AUTHOR_EMAIL: 'i@x', GIT_COMMITTER_NAME: 'Intruder', GIT_AUTHOR_DATE: '2030-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2030-01-01T00:00:00Z', GIT_CONFIG_GLOBAL: join(tempDir({ gitconfig: '[user]\n\tname = Someone\n[commit]\n\tgpgsign = true\n[i18n]\n\tcommitEncoding = ISO-8859-1\n' }), 'gitconfig'),
    });
    let forced;
    try {
      forced = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop', '--force', '--out', 'elsewhere');
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
    assert.equal(forced.code, 1, forced.stderr);
    assert.deepEqual(heads(forced.stdout), heads(first.stdout));
    assert.equal(readFileSync(join(corpus, 'elsewhere/example__shop-1.yaml'), 'utf8'), text);
    const replaced = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop', '--force');
    assert.deepEqual(heads(replaced.stdout), heads(first.stdout));
    assert.equal(readFileSync(path, 'utf8'), text);
  });

  it('keeps the problem statement byte for byte and the base\'s date with its time zone on the head commit', async () => {
    const repo = new TestRepo();
    // A base committed in India (+05:30): its head commit is dated at the same instant and in the same zone.
    const c0 = (() => {
      for (const [path, text] of Object.entries({ 'shop/pricing.py': PRICING, 'shop/cart.py': CART })) {
        mkdirSync(dirname(join(repo.dir, path)), { recursive: true });
        writeFileSync(join(repo.dir, path), text);
      }
      repo.git('add', '-A');
      execFileSync('git', ['commit', '-q', '-m', 'base'], { cwd: repo.dir, env: { ...GIT_ENV, GIT_COMMITTER_DATE: '2024-03-05T09:10:11+05:30' } });
      return repo.git('rev-parse', 'HEAD');
    })();
    const c1 = repo.commit('bulk discount', { 'shop/pricing.py': BULK });
    repo.git('checkout', '-q', c0);
    // Leading spaces, a tab, a CRLF and the trailing newline most real statements end in.
    const statement = '  Orders of ten books get 10% off.\t\r\n\nSee #7.\n\n';
    const corpus = tempDir({ 'repos.yaml': `repos:\n  - name: shop\n    commit: "${c0}"\n    language: python\n    path: ${repo.dir}\n` });
    writeFileSync(join(corpus, 'swe-bench.jsonl'), `${JSON.stringify(instance('example__shop-1', c0, `${repo.git('diff', c0, c1)}\n`, '', statement))}\n`);
    const r = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop');
    assert.equal(r.code, 0, r.stderr);
    const fixture = fixtureAt(join(corpus, 'tasks/shop/medium/example__shop-1.yaml'));
    assert.deepEqual(fixture.problems, []);
    assert.equal(fixture.fixture.task, statement);
    const head = fixture.fixture.diff?.head ?? '';
    assert.equal(repo.git('show', '-s', '--format=%cI %aI', head), '2024-03-05T09:10:11+05:30 2024-03-05T09:10:11+05:30');
  });

  it('refuses an instance of another repository than --repo\'s url, and one whose base_commit the clone lacks', async () => {
    const { corpus, jsonl } = setup();
    const lines = readFileSync(jsonl, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    const gone = 'f'.repeat(40);
    writeFileSync(jsonl, `${JSON.stringify({ ...lines[0], repo: 'django/django' })}\n${JSON.stringify({ ...lines[2], base_commit: gone })}\n`);
    const r = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', '--repo', 'shop');
    assert.equal(r.code, 1);
    const refusals = r.stderr.trim().split('\n');
    assert.equal(refusals.length, 2, r.stderr);
    assert.match(refusals[0], /refused example__shop-1 \(line 1\): is an instance of django\/django, but `shop` is https:\/\/github.com\/example\/shop/);
    assert.match(refusals[1], new RegExp(`refused example__shop-2 \\(line 2\\): .*has no commit ${gone}: run \`git -C .* fetch origin ${gone}\``));
    assert.match(r.stdout, /imported 0 of 2 instances; 2 refused/);
    assert.ok(!existsSync(join(corpus, 'tasks')));
  });

  it('bad input: one line naming the file, the line and the fix; nothing written, no commit kept', async () => {
    const { repo, corpus, jsonl } = setup();
    const good = readFileSync(jsonl, 'utf8').trim().split('\n');
    const { patch: _patch, ...noPatch } = JSON.parse(good[2]) as Record<string, string>;
    void _patch;
    const cases: [string, string[], RegExp][] = [
      [`${good[0]}\n{"repo": "example/shop", "instance_id": \n`, ['--repo', 'shop'],
        /^fixture-lab: swe-bench\.jsonl:2: is not JSON \(.*\): each line must be one SWE-bench instance as a JSON object$/],
      [`${good[0]}\n\n${JSON.stringify(noPatch)}\n`, ['--repo', 'shop'],
        /^fixture-lab: swe-bench\.jsonl:3: the instance has no `patch`: every SWE-bench instance needs repo, instance_id, base_commit, patch, test_patch and problem_statement$/],
      [`${good[0]}\n[1, 2]\n`, ['--repo', 'shop'], /^fixture-lab: swe-bench\.jsonl:2: is not a JSON object/],
      [`${good[0]}\n${good[0]}\n`, ['--repo', 'shop'], /^fixture-lab: swe-bench\.jsonl:2: instance_id `example__shop-1` is on line 1 too: give each instance once$/],
      [`${good.join('\n')}\n`, ['--repo', 'nope'], /^fixture-lab: repos\.yaml: has no repo `nope`: use one of shop, or add it with `fixture-lab repo add nope PATH_OR_URL`$/],
      ['\n', ['--repo', 'shop'], /^fixture-lab: swe-bench\.jsonl: holds no instance/],
      // An id that would print a line of its own choosing, and reorder the rest: shown on the error's line.
      [`${JSON.stringify({ ...JSON.parse(good[0]) as object, instance_id: 'x\nfixture-lab: imported 9 of 9 instances\u202E' })}\n`, ['--repo', 'shop'],
        /^fixture-lab: swe-bench\.jsonl:1: instance_id `x\\nfixture-lab: imported 9 of 9 instances\\u202E` cannot name a fixture: use letters/],
    ];
    for (const [text, flags, expected] of cases) {
      writeFileSync(jsonl, text);
      const r = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl', ...flags);
      assert.equal(r.code, 1, `${text}\n${r.stderr}`);
      assert.match(r.stderr.trim(), expected);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
      assert.ok(!existsSync(join(corpus, 'tasks')), 'no fixture');
      assert.equal(repo.git('for-each-ref', 'refs/fixture-lab'), '', 'no commit kept');
    }
    const missing = await run(corpus, 'import-swe-bench', 'gone.jsonl', '--repo', 'shop');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^fixture-lab: gone\.jsonl: no such SWE-bench file; check the path\n$/);
    const usage = await run(corpus, 'import-swe-bench', 'swe-bench.jsonl');
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--repo is required/);
  });
});
