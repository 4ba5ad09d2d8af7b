// Generated files the repository ships are what their generators write today: each is made again
// from its sources and compared byte for byte (a stale corpus/labeling-report.md showed a fixture
// with 8 items and kappa 0.500 after it had 10 and 0.545). Regenerate with the command named in
// each failure.
import * as assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
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
});
