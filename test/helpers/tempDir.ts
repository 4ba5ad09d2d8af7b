// Real folders in the system's temp dir, removed after the test file (or, in a benchmark script
// that has no mocha, when the process exits).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const made: string[] = [];

/** A fresh folder holding `files` (path -> text). */
export function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'fixture-lab-'));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}

/** Writes `files` (path -> text) into `dir`, making folders as needed. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const removeMade = () => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
};
if (typeof after === 'function') after(removeMade);
else process.on('exit', removeMade);
