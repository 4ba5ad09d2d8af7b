// Generated files the repository ships are what their generators write today: each is made again
// from its sources and compared byte for byte (a stale corpus/labeling-report.md showed a fixture
// with 8 items and kappa 0.500 after it had 10 and 0.545). Regenerate with the command named in
// each failure.
import * as assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../helpers/cli';
import { ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

describe('shipped generated files are current', function () {
  this.timeout(120_000);

  it('corpus/labeling-report.md is what `fixture-lab report corpus` writes from the fixtures', async () => {
    const dir = tempDir();
    for (const part of ['tasks', 'repos.yaml', 'systems.yaml']) cpSync(join(ROOT, 'corpus', part), join(dir, 'corpus', part), { recursive: true });
    const r = await run(dir, 'report', 'corpus');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(join(dir, 'corpus/labeling-report.md'), 'utf8'), readFileSync(join(ROOT, 'corpus/labeling-report.md'), 'utf8'),
      'corpus/labeling-report.md is stale: run `node dist/cli.js report corpus` from the repository root');
  });

  it('validate warns when a corpus\'s labeling-report.md is not the report of its fixtures now, and not once it is written again', async () => {
    const dir = tempDir();
    for (const part of ['tasks', 'repos.yaml', 'systems.yaml']) cpSync(join(ROOT, 'corpus', part), join(dir, 'corpus', part), { recursive: true });
    const stale = async () => (await run(dir, 'validate', 'corpus', '--no-resolve')).stdout.split('\n').filter((l) => l.startsWith('corpus/labeling-report.md'));
    assert.deepEqual(await stale(), [], 'no report, nothing to be stale');
    assert.equal((await run(dir, 'report', 'corpus')).code, 0);
    assert.deepEqual(await stale(), []);
    // Where the report was written or checked from does not matter: it names each fixture from the corpus folder.
    const inside = join(dir, 'corpus');
    const fromInside = await run(inside, 'validate', '.', '--no-resolve');
    assert.deepEqual(fromInside.stdout.split('\n').filter((l) => l.includes('labeling-report.md')), [], fromInside.stdout);
    const written = readFileSync(join(inside, 'labeling-report.md'), 'utf8');
    assert.match(written, /\(`tasks\/bookshop\/easy\/01-bulk-discount\.yaml`\)/);
    assert.equal((await run(inside, 'report', '.')).code, 0);
    assert.equal(readFileSync(join(inside, 'labeling-report.md'), 'utf8'), written, 'the same report from inside the corpus folder');
    // A reviewed fixture gone since the report was written: the report still shows its kappa.
    rmSync(join(dir, 'corpus/tasks/bookshop/easy/01-bulk-discount.yaml'));
    assert.deepEqual(await stale(), ['corpus/labeling-report.md:1:1: warning: is not the report of the fixtures as they are now (one changed since it was '
      + 'written): its kappas and disputes are not the corpus\'s; `fixture-lab report` writes it again']);
    const json = JSON.parse((await run(dir, 'validate', 'corpus', '--no-resolve', '--json')).stdout) as { problems?: { code: string }[] };
    assert.ok(JSON.stringify(json).includes('"stale-report"'), 'its code in --json');
    assert.equal((await run(dir, 'report', 'corpus')).code, 0);
    assert.deepEqual(await stale(), []);
  });
});
