// A copy of the demo corpus (tasks/ and repos.yaml) in a temp folder, its repos.yaml pointing at
// the built demo repository: tests run the harness and edit fixtures without touching corpus/.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './tempDir';

export const ROOT = resolve(__dirname, '../../..');

export function demoCorpus(systemsYaml?: string): string {
  execFileSync('node', [join(ROOT, 'corpus/build-demo.mjs')]);
  const dir = tempDir();
  cpSync(join(ROOT, 'corpus/tasks'), join(dir, 'tasks'), { recursive: true });
  const repos = readFileSync(join(ROOT, 'corpus/repos.yaml'), 'utf8').replace('path: .repos/bookshop', `path: ${join(ROOT, 'corpus/.repos/bookshop')}`);
  writeFileSync(join(dir, 'repos.yaml'), repos);
  if (systemsYaml) writeFileSync(join(dir, 'systems.yaml'), systemsYaml);
  return dir;
}
