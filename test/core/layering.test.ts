import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

  it('every file the manifest names exists, and menus, keys and walkthroughs name real commands', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const c = manifest.contributes;
    const files = [
      ...c.viewsContainers.activitybar.map((v: { icon: string }) => v.icon),
      ...c.grammars.map((g: { path: string }) => g.path),
      ...c.walkthroughs.flatMap((w: { steps: { media: { markdown: string } }[] }) => w.steps.map((st) => st.media.markdown)),
      'media/high.svg',
      'media/medium.svg',
      ...c.yamlValidation.map((y: { url: string }) => y.url),
    ];
    assert.deepEqual(files.filter((f: string) => !existsSync(join(root, f))), []);
    const commands = new Set(c.commands.map((x: { command: string }) => x.command));
    const named = [
      ...Object.values(c.menus).flat().map((m) => (m as { command: string }).command),
      ...c.keybindings.map((k: { command: string }) => k.command),
    ];
    assert.deepEqual(named.filter((id) => !commands.has(id)), []);
    const links = JSON.stringify(c.walkthroughs).match(/command:(fixtureLab\.[\w.]+)/g) ?? [];
    const views = new Set(c.views.fixtureLab.map((v: { id: string }) => `${v.id}.focus`));
    assert.deepEqual(links.map((l) => l.slice('command:'.length)).filter((id) => !commands.has(id) && !views.has(id)), []);
  });
});

