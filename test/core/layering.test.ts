import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('layering', () => {
  it('no file under src/core imports vscode', () => {
    const offenders = tsFiles(join(root, 'src/core')).filter((f) =>
      /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\)/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('the extension registers exactly the commands package.json contributes', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    const table = readFileSync(join(root, 'src/extension/commands.ts'), 'utf8');
    const registered = [...table.matchAll(/^ {2}'(fixtureLab\.\w+)': /gm)].map((m) => m[1]).sort();
    assert.deepEqual(registered, contributed);
  });
});
