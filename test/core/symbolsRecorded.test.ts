// What tree-sitter's definitions and references give on real code, kept as a digest per file
// (test/fixtures/symbols-recorded.json): the files of every stored repository (pallets/flask,
// sindresorhus/ky, spf13/cobra at both sides of their changes in test/data/), the per-language
// test data and the benchmarks' generated code. A change made for speed (fewer WebAssembly
// calls, a parse shared, a check reordered) must leave every answer as it was; a change meant to
// alter what is found records the file again: FIXTURE_LAB_RECORD=1 npx mocha
// out/test/core/symbolsRecorded.test.js (docs/testing.md), and says why in its commit.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { definitionsOf, languageOf, referencesOf } from '../../src/core';
import { useExtractCache } from '../../src/core/symbols/extractCache';
import { GENERATORS } from '../bench/generatedRepo';
import { ROOT } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const FILE = join(ROOT, 'test', 'fixtures', 'symbols-recorded.json');
const STORED = ['test/data/flask', 'test/data/candidates/flask', 'test/data/candidates/ky', 'test/data/candidates/cobra'];

interface Stored {
  revisions: { files: Record<string, string> }[];
  blobs: Record<string, string>;
}

/** Each distinct (path, content) once: a content under two paths is two answers (the path names the symbols). */
function sources(): Map<string, { path: string; text: string }> {
  const out = new Map<string, { path: string; text: string }>();
  const add = (key: string, path: string, text: string) => {
    if (languageOf(path)) out.set(key, { path, text });
  };
  for (const dir of STORED) {
    const stored = JSON.parse(brotliDecompressSync(readFileSync(join(ROOT, dir, 'changes.json.br'))).toString('utf8')) as Stored;
    for (const r of stored.revisions) for (const [path, blob] of Object.entries(r.files)) add(`${dir}:${path}@${blob}`, path, stored.blobs[blob]);
  }
  for (const name of readdirSync(join(ROOT, 'test', 'data', 'definitions'))) add(`definitions:${name}`, `pkg/${name}`, readFileSync(join(ROOT, 'test', 'data', 'definitions', name), 'utf8'));
  for (const [ext, make] of GENERATORS) add(`generated:${ext}`, `mod0/file0.${ext}`, make(0, 1));
  return out;
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

describe('definitions and references on real code, against the recorded answers (test/fixtures/symbols-recorded.json)', function () {
  this.timeout(300_000);

  it('are what they were for every file of the stored repositories, the definitions test data and the generated code, parsed and read back from the disk cache', async () => {
    // Derived with an empty disk cache (every file parsed, its entries written), then read back from it with no parse.
    useExtractCache(tempDir(), 'recorded');
    const answers = async () => {
      const made: Record<string, string> = {};
      for (const [key, { path, text }] of [...sources()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        made[key] = `${digest(await definitionsOf(path, text))} ${digest(await referencesOf(path, text))}`;
      }
      return made;
    };
    let made: Record<string, string>;
    let kept: Record<string, string>;
    try {
      made = await answers();
      kept = await answers();
    } finally {
      useExtractCache(undefined);
    }
    const text = JSON.stringify(made, null, 1) + '\n';
    if (process.env.FIXTURE_LAB_RECORD) writeFileSync(FILE, text);
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
    assert.ok(Object.keys(made).length > 400, `only ${Object.keys(made).length} files read`);
    const stale = 'differs from test/fixtures/symbols-recorded.json: if the change is meant to alter what is found, FIXTURE_LAB_RECORD=1 npx mocha out/test/core/symbolsRecorded.test.js records it again';
    assert.deepEqual(Object.keys(made), Object.keys(recorded), `the files read ${stale}`);
    const changed = Object.keys(made).filter((k) => made[k] !== recorded[k]);
    assert.deepEqual(changed, [], `what these files give (definitions digest, references digest) ${stale}`);
    assert.deepEqual(kept, made, 'read back from the disk cache');
  });
});
