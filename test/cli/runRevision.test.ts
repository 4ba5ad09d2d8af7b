// `run` looks up each fixture's ground truth where the fixture runs (diff.base, else commit), as
// validate does: a fixture naming a symbol that is not there is refused like any invalid fixture,
// since no system running there could return it; --skip-invalid skips it and says so.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const BASE = {
  'shop/util.py': 'def old_name(items):\n    return sorted(items)\n\n\ndef fmt(amount):\n    return f"{amount:.2f}"\n',
};
const HEAD = { 'shop/util.py': BASE['shop/util.py'].replace('old_name', 'new_name') };

describe('run: ground truth looked up where each fixture runs', function () {
  this.timeout(120_000);

  it('a fixture whose ground truth names a symbol absent at diff.base is refused; --skip-invalid skips it, saying so', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', BASE);
    const head = repo.commit('rename', HEAD);
    const fixture = (id: string, symbol: string) => `id: "${id}"\nrepo: shop\ntask: "Sort the items"\ndiff:\n  base: "${base}"\n  head: "${head}"\n`
      + `ground_truth:\n  - {symbol: ${symbol}, confidence: HIGH, reason: r}\n  - {symbol: shop/util.fmt, confidence: MEDIUM, reason: r}\nlabeler: dana\n`;
    const corpus = tempDir({
      'repos.yaml': `repos:\n  - name: shop\n    url: https://example.com/shop.git\n    commit: "${head}"\n    language: python\n    path: ${repo.dir}\n`,
      'systems.yaml': 'systems:\n  - name: grep\n    type: grep\n',
      // Labeled at head's name (what a relocate to head would leave): systems run at base, where it does not exist.
      'tasks/shop/easy/01-at-head.yaml': fixture('shop-easy-01', 'shop/util.new_name'),
      'tasks/shop/easy/02-at-base.yaml': fixture('shop-easy-02', 'shop/util.old_name'),
    });
    const refused = await run(corpus, 'run', '.', '--systems', 'grep', '--out', 'r1');
    assert.equal(refused.code, 1, refused.stdout);
    const lines = refused.stderr.split('\n');
    assert.match(lines[0], /^fixture-lab: \.: 1 fixture to run has 1 error; nothing ran\./);
    assert.equal(lines[1], `  - tasks/shop/easy/01-at-head.yaml:8:14: error: \`shop/util.new_name\` is not defined at diff.base ${base.slice(0, 7)}: it exists `
      + 'only at diff.head (the change adds or renames it), and systems run at base: label its base-side name; no system running there could return it, so the fixture is not scored');
    assert.equal(existsSync(join(corpus, 'r1', 'run.json')), false, 'nothing ran');

    const skipped = await run(corpus, 'run', '.', '--systems', 'grep', '--out', 'r2', '--skip-invalid');
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.match(skipped.stderr, /fixture-lab: skipped shop-easy-01: .*`shop\/util\.new_name` is not defined at diff\.base/);
    const info = JSON.parse(readFileSync(join(corpus, 'r2', 'run.json'), 'utf8')) as { tasks: string[] };
    assert.deepEqual(info.tasks, ['shop-easy-02']);
  });
});
