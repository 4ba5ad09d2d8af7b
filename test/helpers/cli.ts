// The `fixture-lab` command run in this process, its output captured.
import * as assert from 'node:assert/strict';
import { cli } from '../../src/cli/cli';

export async function run(cwd: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, { cwd, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } });
  return { code, stdout, stderr };
}

/** A command that must succeed: its stdout, or the test fails with its output. */
export async function ok(r: Promise<{ code: number; stdout: string; stderr: string }>): Promise<string> {
  const done = await r;
  assert.equal(done.code, 0, done.stdout + done.stderr);
  return done.stdout;
}
