// What validate refuses, every command refuses: a repository name that is not one path component
// (no checkout is ever made outside <corpus>/.repos/), and a fixture validate will not read (a
// YAML alias, a file over the size limit), refused by every editing command with validate's own line.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const F = 'tasks/shop/easy/01-a.yaml';

/** A repository with two commits, and a corpus naming it `name` pinned at the first (not its checkout's HEAD), with one labeled fixture there. */
function setup(name: string, fixtureText?: (base: string) => string) {
  const repo = new TestRepo();
  const base = repo.commit('base', { 'shop/pricing.py': 'def apply_discount(total):\n    return total\n' });
  const head = repo.commit('head', { 'shop/pricing.py': 'def apply_discount(total):\n    return total * 0.9\n' });
  const text = fixtureText?.(base) ?? `id: "shop-easy-01"\nrepo: "${name}"\ntask: "Discount"\ncommit: "${base}"\nground_truth:\n`
    + '  - {symbol: shop/pricing.apply_discount, confidence: HIGH, reason: r}\nlabeler: dana\n';
  const corpus = tempDir({
    'repos.yaml': `repos:\n  - name: "${name}"\n    url: https://example.com/shop.git\n    commit: "${base}"\n    language: python\n    path: ${repo.dir}\n`,
    'systems.yaml': 'systems:\n  - name: grep\n    type: grep\n',
    [F]: text,
  });
  return { repo, corpus, base, head };
}

describe('refused as validate refuses it', function () {
  this.timeout(120_000);

  it('a repository name that is not one path component: an error in validate and every command, and no checkout outside .repos/', async () => {
    const name = `../../../tmp/fixture-lab-escape-${process.pid}`;
    const { corpus, base, head } = setup(name);
    const before = readFileSync(join(corpus, F), 'utf8');
    const message = `repo name \`${name}\` must be one path component (letters, digits, \`.\`, \`_\` and \`-\` only; no \`/\`, no \`..\`), `
      + `e.g. \`tmp-fixture-lab-escape-${process.pid}\`: fix repos.yaml`;
    const v = await run(corpus, 'validate', '.', '--no-resolve');
    assert.equal(v.code, 1);
    assert.ok(v.stdout.split('\n').includes(`repos.yaml:2:5: error: ${message}`), v.stdout);
    for (const argv of [
      ['run', '.', '--systems', 'grep'],
      ['label', 'add', F, 'shop/pricing.apply_discount', '--confidence', 'MEDIUM', '--reason', 'r', '--rater', 'dana'],
      ['relocate', F, '--to', head, '--write'],
      ['kappa', F],
      ['review', 'start', F, '--verifier', 'lee'],
    ]) {
      const r = await run(corpus, ...argv);
      assert.equal(r.code, 1, `${argv.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.ok(r.stderr.includes(message), `${argv.join(' ')}: ${r.stderr}`);
    }
    assert.equal(readFileSync(join(corpus, F), 'utf8'), before, 'nothing written');
    // Where `run` used to make its checkout: nothing there, nor anywhere the name leads.
    for (const rev of [base, head]) {
      assert.equal(existsSync(resolve(corpus, '.repos', '.worktrees', `${name}@${rev.slice(0, 12)}`)), false);
    }
    assert.equal(existsSync(`/tmp/fixture-lab-escape-${process.pid}@${base.slice(0, 12)}`), false);
  });

  for (const [what, damage] of [
    ['a YAML alias in ground_truth', (text: string) => text.replace('ground_truth:\n  - {symbol', 'ground_truth:\n  - &first {symbol').replace('labeler:', '  - *first\nlabeler:')],
    ['a file over the size limit', (text: string) => `${text}notes: "${'x'.repeat(1_100_000)}"\n`],
  ] as const) {
    it(`every editing command refuses ${what} with validate's own line, and writes nothing`, async () => {
      const { corpus, head } = setup('shop');
      writeFileSync(join(corpus, F), damage(readFileSync(join(corpus, F), 'utf8')));
      const before = readFileSync(join(corpus, F), 'utf8');
      const v = await run(corpus, 'validate', '.', '--no-resolve');
      assert.equal(v.code, 1);
      const line = v.stdout.split('\n').find((l) => l.startsWith(`${F}:`) && l.includes(': error: '))!;
      assert.ok(line, v.stdout);
      for (const argv of [
        ['label', 'add', F, 'shop/pricing.other', '--confidence', 'MEDIUM', '--reason', 'r', '--rater', 'dana'],
        ['label', 'remove', F, 'shop/pricing.apply_discount', '--rater', 'dana'],
        ['review', 'start', F, '--verifier', 'lee'],
        ['review', 'start', F, '--verifier', 'lee', '--blind-drafts'],
        ['review', 'finish', F],
        ['review', 'settle', F, 'shop/pricing.apply_discount', '--resolution', 'excluded', '--rationale', 'r'],
        ['dispute', 'add', F, 'shop/pricing.apply_discount', '--resolution', 'excluded', '--rationale', 'r'],
        ['kappa', F, '--write'],
        ['relocate', F, '--to', head, '--write'],
      ]) {
        const r = await run(corpus, ...argv);
        assert.deepEqual([r.code, r.stderr], [1, `${line}\n`], argv.join(' '));
        assert.equal(readFileSync(join(corpus, F), 'utf8'), before, `${argv.join(' ')} wrote nothing`);
      }
      assert.equal(existsSync(join(corpus, '.fixture-lab')), false, 'no draft kept aside');
    });
  }
});
