// Restricted Mode, run only in its own pass (FIXTURE_LAB_TEST_PASS=restricted, see
// test/vscode/integration.mjs): workspace trust on and this workspace never trusted, Fixture Lab
// installed in the extensions folder (an extension in development mode would be exempt from
// trust). Labeling works there; running retrieval systems, which run commands the workspace names, does not.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import { GRAMMAR_FILE } from '../../src/core/symbols/languages';
import type { Services } from '../../src/extension/services';
import { canDriveUi, copyFixture, EXTENSION, eventually, labelsMadeAt, notifications, panelMessages, renderLensOnHeadSide, screenshot, services, setRater } from './helpers';
import { webview } from './ui';

describe('Restricted Mode (untrusted workspace, Fixture Lab installed)', function () {
  this.timeout(60_000);
  let s: Services;
  let messages: ReturnType<typeof panelMessages>;
  const made: vscode.Uri[] = [];

  before(() => {
    s = services();
    messages = panelMessages(s);
  });

  after(async () => {
    messages.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of made) rmSync(uri.fsPath, { force: true });
    await setRater(undefined);
  });

  it('the workspace is not trusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('Fixture Lab is active from its installed folder, not in development mode', () => {
    const extension = vscode.extensions.getExtension(EXTENSION)!;
    assert.ok(extension.isActive);
    const installed = process.env.FIXTURE_LAB_EXTENSIONS_DIR;
    assert.ok(installed, 'FIXTURE_LAB_EXTENSIONS_DIR names the extensions folder');
    const { publisher, name, version } = extension.packageJSON as { publisher: string; name: string; version: string };
    assert.equal(extension.extensionUri.fsPath, join(installed, `${publisher}.${name}-${version}`));
    assert.equal(s.ctx.extension.extensionMode, vscode.ExtensionMode.Production);
  });

  it('labeling works: open a demo fixture, `+ HIGH` on a changed function with a reason, find it in the YAML', async () => {
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'restricted');
    made.push(uri);
    s.corpus.reload();
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath));

    // The head side of web/src/cart.ts, its CodeLens from the installed extension's tree-sitter.
    const head = readFixture(original, uri.fsPath).fixture.diff!.head;
    const { high } = await renderLensOnHeadSide(head);
    assert.equal(high.command!.command, 'fixtureLab.labelHigh');
    const reason = 'Renders the cart; the badge is drawn here';
    assert.equal(await vscode.commands.executeCommand(high.command!.command, { ...(high.command!.arguments![0] as object), reason }), true);

    const yaml = await vscode.workspace.openTextDocument(uri);
    const expected = [{ symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason }];
    const base = readFixture(original, uri.fsPath).fixture.diff!.base;
    assert.deepEqual(labelsMadeAt(readFixture(yaml.getText(), uri.fsPath).fixture.ground_truth, base), expected);
    assert.equal(await yaml.save(), true);
    assert.deepEqual(labelsMadeAt(readFixture(readFileSync(uri.fsPath, 'utf8'), uri.fsPath).fixture.ground_truth, base), expected);
    await vscode.window.showTextDocument(yaml);
    await screenshot('01-restricted-labeled');
  });

  it('running systems does not: fixtureLab.runBenchmark refuses, naming Restricted Mode, and writes no results/', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('fixtureLab.runBenchmark'), 'fixtureLab.runBenchmark is not registered');
    assert.ok(await s.session.current(), 'a fixture is open: the refusal is for want of trust, not of a fixture');
    const results = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'results');
    assert.ok(!existsSync(results));
    await vscode.commands.executeCommand('notifications.clearAll');

    // `grep` is a built-in baseline: with trust it would run.
    const outcome = await vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: ['grep'] }).then((value) => ({ value }), (error: Error) => ({ error }));
    if ('error' in outcome) assert.match(outcome.error.message, /Restricted Mode/);
    else assert.ok(outcome.value === undefined || outcome.value === false, `it ran: ${String(outcome.value)}`);
    if (canDriveUi()) {
      const shown = await eventually(async () => {
        const texts = await notifications();
        assert.ok(texts.some((t) => /Restricted Mode/.test(t)), `no notification names Restricted Mode: ${JSON.stringify(texts)}`);
        return texts;
      });
      assert.ok(shown.length > 0);
      await screenshot('02-restricted-run-refused');
    }
    assert.ok(!existsSync(results), 'a results/ folder was created');

    // The panel says so too: its run form is disabled, with the reason.
    await vscode.commands.executeCommand('fixtureLab.openPanel');
    const controls = await eventually(() => {
      const last = messages.of('fixture').at(-1);
      assert.ok(last?.type === 'fixture' && last.header, 'the panel was told the fixture');
      return last.controls;
    }, 20_000);
    assert.equal(controls.canRun, false);
    assert.match(controls.disabledReason ?? '', /Restricted Mode/);
    const page = await webview.text('restricted-panel', '#root', 'Restricted Mode');
    if (page !== undefined) assert.match(page, /Running systems is disabled in Restricted Mode/);
    await screenshot('03-restricted-panel');
  });
});

// The same pass installed Fixture Lab from its .vsix (`npm run package`'s, made by
// test/vscode/vsix.mjs, installed with `code-server --install-extension`): what a user gets.
describe('The .vsix, installed as users install it', function () {
  this.timeout(60_000);
  const ROOT = resolve(__dirname, '..', '..', '..');
  const installed = (): string => vscode.extensions.getExtension(EXTENSION)!.extensionUri.fsPath;

  /** Every file under `dir`, as paths relative to it with `/`. */
  function filesUnder(dir: string, prefix = ''): string[] {
    return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(dir, path) : [path];
    });
  }

  it('is fixture-lab-<version>.vsix, under 8 MB, and holds only what runs: no sources, tests or source maps', () => {
    const vsix = process.env.FIXTURE_LAB_VSIX;
    assert.ok(vsix, 'FIXTURE_LAB_VSIX names the installed package');
    const { name, version } = vscode.extensions.getExtension(EXTENSION)!.packageJSON as { name: string; version: string };
    assert.equal(basename(vsix), `${name}-${version}.vsix`);
    const size = statSync(vsix).size;
    assert.ok(size < 8 * 1024 * 1024, `the .vsix is ${(size / 1024 / 1024).toFixed(1)} MB`);

    const files = filesUnder(installed()).filter((file) => file !== '.vsixmanifest'); // VS Code's own record of the install
    const unwanted = files.filter((file) => /\.(map|ts|tsx)$|(^|\/)(src|test|out|corpus|webview|\.cache)\/|(^|\/)tsconfig|esbuild\.mjs|\.vscodeignore|\.npmignore/.test(file));
    assert.deepEqual(unwanted, []);
    // The bundles the extension loads, and not the CLI's (it installs from `npm pack`); the licence of the scip.proto they carry.
    assert.deepEqual(files.filter((file) => file.startsWith('dist/')).sort(), ['dist/LICENSE.scip.txt', 'dist/charts.js', 'dist/extension.js', 'dist/webview-charts.js', 'dist/webview.js']);
    // vsce stores LICENSE as LICENSE.txt.
    for (const file of ['package.json', 'LICENSE.txt', 'readme.md', 'media/icon.png', 'media/fixture-lab.svg', 'docs/fixture.schema.json', 'syntaxes/fixture-injection.tmLanguage.json']) {
      assert.ok(files.some((f) => f.toLowerCase() === file.toLowerCase()), `${file} is missing from the package`);
    }
    // Of the packages, only the runtime ones the bundles keep external (package.json's dependencies): no build tool (esbuild, wabt).
    const packages = new Set(files.filter((file) => file.startsWith('node_modules/')).map((file) => file.split('/').slice(1, file.startsWith('node_modules/@') ? 3 : 2).join('/')));
    assert.deepEqual([...packages].sort(), ['@vscode/tree-sitter-wasm', 'tiktoken', 'web-tree-sitter']);
    // Every grammar the symbol reader loads, and only those.
    const grammars = files.filter((file) => file.startsWith('node_modules/@vscode/tree-sitter-wasm/wasm/')).map((file) => basename(file)).sort();
    assert.deepEqual(grammars, [...new Set(Object.values(GRAMMAR_FILE))].sort());
    const total = files.reduce((sum, file) => sum + statSync(join(installed(), file)).size, 0);
    assert.ok(total < 25 * 1024 * 1024, `installed, it takes ${(total / 1024 / 1024).toFixed(1)} MB`);
  });

  it('the manifest carries what the Marketplace and Open VSX need: license and LICENSE, a 128 px PNG icon, categories; no made-up repository', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION)!.packageJSON as {
      repository?: unknown; homepage?: string; bugs?: unknown; license?: string; icon?: string; categories?: string[]; publisher?: string; displayName?: string; description?: string;
    };
    // Not published anywhere yet: an address under a name nobody here owns would send the README's
    // links and pictures, and the Marketplace's Repository link, to whoever takes that name.
    assert.deepEqual([manifest.repository, manifest.homepage, manifest.bugs], [undefined, undefined, undefined]);
    assert.equal(manifest.license, 'MIT');
    assert.match(readFileSync(join(installed(), 'LICENSE.txt'), 'utf8'), /^MIT License/);
    const icon = readFileSync(join(installed(), manifest.icon ?? 'no icon'));
    assert.equal(icon.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
    // VS Code's categories (the Marketplace refuses others).
    const known = ['Programming Languages', 'Snippets', 'Linters', 'Themes', 'Debuggers', 'Formatters', 'Keymaps', 'SCM Providers', 'Other', 'Extension Packs',
      'Language Packs', 'Data Science', 'Machine Learning', 'Visualization', 'Notebooks', 'Education', 'Testing', 'AI', 'Chat'];
    assert.ok((manifest.categories ?? []).length > 0 && manifest.categories!.every((c) => known.includes(c)), JSON.stringify(manifest.categories));
    assert.ok(manifest.publisher && manifest.displayName && manifest.description);
  });

  it("the README's links in the package are as in the clone: each names a file or folder of this repository, a heading of its own, or a web page", () => {
    const readme = readFileSync(join(installed(), filesUnder(installed()).find((f) => f.toLowerCase() === 'readme.md')!), 'utf8');
    const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n'));
    const headings = new Set([...readme.matchAll(/^#+\s+(.*)$/gm)].map(([, title]) => title.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-')));
    const links = [...readme.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, image, href]) => ({ image: image === '!', href }));
    assert.ok(links.length > 10, `only ${links.length} links found`);
    const broken = links.filter(({ image, href }) => {
      if (href.startsWith('#')) return !headings.has(href.slice(1));
      if (/^https:\/\//.test(href)) return image; // a web page; a picture is this repository's own
      // Relative, not rewritten to an address that does not exist: a file, or a folder of them.
      const path = decodeURI(href.replace(/#.*$/, ''));
      const there = tracked.has(path) || (!image && [...tracked].some((file) => file.startsWith(path.endsWith('/') ? path : `${path}/`)));
      return !there || (image && !/\.(png|jpe?g|gif)$/i.test(path));
    });
    assert.deepEqual(broken, []);
    assert.ok(links.some(({ image }) => image), 'the README shows the panel');
  });

  it('the runtime it carries works from its own folder: each grammar parses, cl100k_base\'s ranks load, vega draws a chart', async () => {
    const dir = installed();
    const load = createRequire(join(dir, 'package.json'));
    const TreeSitter = load('web-tree-sitter') as typeof import('web-tree-sitter');
    await TreeSitter.Parser.init();
    for (const grammar of new Set(Object.values(GRAMMAR_FILE))) {
      const language = await TreeSitter.Language.load(join(dir, 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm', grammar));
      const tree = new TreeSitter.Parser().setLanguage(language).parse('x')!;
      assert.ok(tree.rootNode.type.length > 0, grammar);
      tree.delete();
    }
    // Tokens are counted by the bundle's own merge over tiktoken's ranks (scoring/bytePairMerge.ts): the ranks ship, tiktoken's WebAssembly does not.
    const { bpe_ranks } = load('tiktoken/encoders/cl100k_base.json') as { bpe_ranks: string };
    assert.ok(bpe_ranks.startsWith('! 0 '), bpe_ranks.slice(0, 20));
    assert.deepEqual(filesUnder(dir).filter((file) => file.startsWith('node_modules/tiktoken/')).sort(),
      ['node_modules/tiktoken/encoders/cl100k_base.json', 'node_modules/tiktoken/package.json']); // its licence is package.json's (MIT): it ships no LICENSE file
    const { vl, vega } = load(join(dir, 'dist', 'charts.js')) as { vl: typeof import('vega-lite'); vega: typeof import('vega') };
    const { spec } = vl.compile({ data: { values: [{ a: 'x', b: 1 }] }, mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } } });
    const view = new vega.View(vega.parse(spec), { renderer: 'none' });
    assert.match(await view.toSVG(), /^<svg /);
    view.finalize();
  });
});
