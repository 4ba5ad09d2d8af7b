import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cycles, exportedNames, folderEdges, namesImportedFrom, PARTS, readGraph, tsFiles, violations } from '../helpers/importGraph';
import { tempDir } from '../helpers/tempDir';

const root = resolve(__dirname, '../../..');

describe('layering', () => {
  it('no file under src/core imports vscode', () => {
    const offenders = tsFiles(join(root, 'src/core')).filter((f) =>
      /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\)/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
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

  it('every import follows the plan: shared imports nothing, core only shared, the CLI and the extension core and shared but never each other, the webview only shared', () => {
    assert.deepEqual(violations(readGraph(root, Object.values(PARTS))), []);
  });

  it('no import cycle among the files of src/ and webview/', () => {
    assert.deepEqual(cycles(readGraph(root, Object.values(PARTS))).map((c) => c.join(' -> ')), []);
  });

  it('no cycle among the folders of src/core: each folder builds on the ones below it', () => {
    // index.ts is the part's surface, above every folder; the files beside it are the bottom layer.
    const edges = folderEdges(readGraph(root, [PARTS.core]).filter((e) => e.from !== `${PARTS.core}/index.ts`), PARTS.core);
    const behind = (from: string, to: string) => edges.find((e) => e.from === from && e.to === to)?.specifier;
    const found = cycles(edges).map((c) => c.map((f, i) => (i === 0 ? f : `${f} (${behind(c[i - 1], f)})`)).join(' -> '));
    assert.deepEqual(found, []);
  });

  it('core\'s index names what it exports, and exports only what the CLI, the extension or the tests use', () => {
    const index = join(root, PARTS.core, 'index.ts');
    const exported = exportedNames(index, readFileSync(index, 'utf8'));
    assert.ok(!exported.includes('*'), 'no `export *` in src/core/index.ts');
    const used = namesImportedFrom(root, [PARTS.cli, PARTS.extension, 'test'], `${PARTS.core}/index`);
    assert.deepEqual(exported.filter((name) => !used.has(name)), [], 'exported, and used by no other part');
  });

  it('the graph sees every way of naming a module, and the checks report each wrong arrow and each cycle', () => {
    const dir = tempDir({
      'src/shared/words.ts': "import 'yaml';\nexport const WORDS = ['a'] as const;\n",
      'src/core/a.ts': "import type { B } from './b';\nimport { WORDS } from '../shared/words';\nexport const e = require('../extension/e');\nexport type A = B | typeof WORDS;\n",
      'src/core/b.ts': "export type B = typeof import('./a');\n",
      'src/cli/c.ts': "export { e } from '../extension/e';\n",
      'src/extension/e.ts': "import * as vscode from 'vscode';\nimport { WORDS } from '../shared/words';\nexport const e = () => import('../cli/c');\nexport { vscode, WORDS };\n",
      'webview/w.ts': "import { readFileSync } from 'node:fs';\nimport a = require('../src/core/a');\nimport type { B } from '../src/shared/words';\nexport { readFileSync, a };\n",
    });
    const edges = readGraph(dir, Object.values(PARTS));
    assert.deepEqual(violations(edges).sort(), [
      'src/cli/c.ts -> src/extension/e.ts: cli may not import extension',
      'src/core/a.ts -> src/extension/e.ts: core may not import extension',
      'src/extension/e.ts -> src/cli/c.ts: extension may not import cli',
      'src/shared/words.ts -> yaml: shared may not import the package yaml',
      'webview/w.ts -> node:fs: webview may not import the package node:fs',
      'webview/w.ts -> src/core/a.ts: webview may not import core',
    ]);
    assert.deepEqual(cycles(edges).map((c) => c.join(' -> ')).sort(), [
      'src/cli/c.ts -> src/extension/e.ts -> src/cli/c.ts',
      'src/core/a.ts -> src/core/b.ts -> src/core/a.ts',
    ]);
  });
});
