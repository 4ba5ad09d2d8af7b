// Comparing run folders: a merged sharded run against one unsharded run (docs/scaling.md).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { withoutTiming } from '../../src/core';

/** Every file under `dir`, run-relative with `/`, sorted. */
export function filesUnder(dir: string, under = dir): string[] {
  return readdirSync(under).flatMap((name) => {
    const path = join(under, name);
    return statSync(path).isDirectory() ? filesUnder(dir, path) : [relative(dir, path).split('\\').join('/')];
  }).sort();
}

/** `merged` holds the files `whole` holds, each the same bytes once the times are taken out (TIMING_FIELDS); returns the file list. */
export function assertSameRun(merged: string, whole: string): string[] {
  const files = filesUnder(whole);
  assert.deepEqual(filesUnder(merged), files);
  for (const f of files) {
    assert.equal(withoutTiming(f, readFileSync(join(merged, f), 'utf8')), withoutTiming(f, readFileSync(join(whole, f), 'utf8')), f);
  }
  return files;
}
