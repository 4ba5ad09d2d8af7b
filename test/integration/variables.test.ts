// Variables are symbols in the editor (issue 27): a module-level variable and a class attribute of
// a change get the `+ HIGH | + MEDIUM` CodeLens and the hover's label links like any definition,
// and a click labels them by name. The change is two commits made in the demo repository's object
// store (no branch, HEAD or working tree moves).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import { readFixture, repositoryPath } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { commitObjects, copyFixture, eventually, hoverText, journeySuite, labelsMadeAt, linkedSymbols, setRater } from './helpers';

const SETTINGS = `"""Store-wide settings."""
checkout_timeout = 30


class Storefront:
    default_currency = "EUR"

    def currency(self):
        return self.default_currency
`;

const STOREFRONT = `class Storefront:
    default_currency = "EUR"

    def __init__(self, region):
        self.region = region
        self.default_currency = "USD"

    def close(self):
        self.closed = True

    def label(self):
        return self.region.lower()
`;

/** TypeScript's shorthand for `this.baseUrl = baseUrl`: a constructor's parameter properties. */
const CLIENT = `export class Client {
  constructor(
    private readonly baseUrl: string,
    public timeout = 1000,
    retries: number,
  ) {}

  url(path: string) {
    return this.baseUrl + path;
  }
}
`;

describe('variables are symbols in the editor', function () {
  this.timeout(120_000);
  let s!: Services;
  const made = journeySuite((started) => (s = started));

  it('a lens above a module variable labels it; a class attribute has its own lens and hover', async () => {
    const corpus = await s.corpus.require();
    const repo = repositoryPath(corpus.dir, corpus.repos.find((r) => r.name === 'bookshop')!);
    const top = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const base = commitObjects(repo, top, { 'shop/settings.py': SETTINGS }, 'settings');
    const head = commitObjects(repo, base, { 'shop/settings.py': SETTINGS.replace('= 30', '= 45').replace('"EUR"', '"USD"') }, 'longer checkout, dollars');

    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'variables');
    made.push(uri.fsPath);
    const fixtureText = original.replace(/base: "[0-9a-f]+"/, `base: "${base}"`).replace(/head: "[0-9a-f]+"/, `head: "${head}"`);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(fixtureText));
    s.corpus.reload();
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });

    const side = vscode.Uri.from({ scheme: 'fixture-lab-rev', path: '/shop/settings.py', query: `repo=bookshop&rev=${head}` });
    const editor = await vscode.window.showTextDocument(side);
    const lines = editor.document.getText().split('\n');
    const variableLine = lines.findIndex((l) => l.startsWith('checkout_timeout'));
    const attributeLine = lines.findIndex((l) => l.includes('default_currency = '));
    const lenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', side, 10);
      assert.ok(found.some((l) => l.range.start.line === variableLine && l.command?.title === '+ HIGH'), 'a + HIGH lens above the module variable');
      return found;
    });
    const above = (line: number) => lenses.filter((l) => l.range.start.line === line).map((l) => [l.command?.title, l.command?.tooltip]);
    assert.deepEqual(above(variableLine), [['+ HIGH', 'Label shop/settings.checkout_timeout HIGH'], ['+ MEDIUM', 'Label shop/settings.checkout_timeout MEDIUM']]);
    assert.deepEqual(above(attributeLine), [
      ['+ HIGH', 'Label shop/settings.Storefront.default_currency HIGH'], ['+ MEDIUM', 'Label shop/settings.Storefront.default_currency MEDIUM']]);

    // The hover over the attribute's name offers its own label, not its class's.
    const at = new vscode.Position(attributeLine, lines[attributeLine].indexOf('default_currency') + 2);
    const hover = await eventually(async () => {
      const found = await hoverText(side, at);
      assert.match(found.shown, /shop\/settings\.Storefront\.default_currency/);
      return found;
    });
    assert.deepEqual(linkedSymbols(s, hover.raw, '+ MEDIUM'), ['shop/settings.Storefront.default_currency']);

    // The lens clicked, with a reason: the variable is in the ground truth by its name.
    const high = lenses.find((l) => l.range.start.line === variableLine && l.command?.title === '+ HIGH')!;
    const reason = 'How long a checkout may take';
    assert.equal(await vscode.commands.executeCommand(high.command!.command, { ...(high.command!.arguments![0] as object), reason }), true);
    await eventually(async () => {
      const written = readFixture((await vscode.workspace.openTextDocument(uri)).getText(), uri.fsPath).fixture;
      assert.deepEqual(labelsMadeAt(written.ground_truth, base), [{ symbol: 'shop/settings.checkout_timeout', confidence: 'HIGH', reason }]);
    });
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('an instance attribute (`self.region = region` in `__init__`, a TypeScript constructor\'s `private readonly baseUrl`) has its own lens above its assignment and its own hover, where it is used too', async () => {
    const corpus = await s.corpus.require();
    const repo = repositoryPath(corpus.dir, corpus.repos.find((r) => r.name === 'bookshop')!);
    const top = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const base = commitObjects(repo, top, { 'shop/storefront.py': STOREFRONT, 'shop/client.ts': CLIENT }, 'storefront');
    const head = commitObjects(repo, base, { 'shop/storefront.py': STOREFRONT.replace('self.region = region', 'self.region = region.upper()') }, 'regions in capitals');

    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'attributes');
    made.push(uri.fsPath);
    const fixtureText = original.replace(/base: "[0-9a-f]+"/, `base: "${base}"`).replace(/head: "[0-9a-f]+"/, `head: "${head}"`);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(fixtureText));
    s.corpus.reload();
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });

    const side = vscode.Uri.from({ scheme: 'fixture-lab-rev', path: '/shop/storefront.py', query: `repo=bookshop&rev=${head}` });
    const editor = await vscode.window.showTextDocument(side);
    const lines = editor.document.getText().split('\n');
    const assignment = lines.findIndex((l) => l.includes('self.region = '));
    const closed = lines.findIndex((l) => l.includes('self.closed = '));
    const reassigned = lines.findIndex((l) => l.includes('self.default_currency = '));
    const lenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', side, 20);
      assert.ok(found.some((l) => l.range.start.line === assignment && l.command?.title === '+ HIGH'), 'a + HIGH lens above the assignment');
      return found;
    });
    const above = (line: number) => lenses.filter((l) => l.range.start.line === line).map((l) => [l.command?.title, l.command?.tooltip]);
    assert.deepEqual(above(assignment), [['+ HIGH', 'Label shop/storefront.Storefront.region HIGH'], ['+ MEDIUM', 'Label shop/storefront.Storefront.region MEDIUM']]);
    assert.deepEqual(above(closed), [['+ HIGH', 'Label shop/storefront.Storefront.closed HIGH'], ['+ MEDIUM', 'Label shop/storefront.Storefront.closed MEDIUM']]);
    // The class attribute of the same name is the one definition: no lens in `__init__` for it.
    assert.deepEqual(above(reassigned), []);

    // The hover over the name where it is assigned offers the attribute, not `__init__`.
    const at = new vscode.Position(assignment, lines[assignment].indexOf('region') + 2);
    const hover = await eventually(async () => {
      const found = await hoverText(side, at);
      assert.match(found.shown, /shop\/storefront\.Storefront\.region/);
      return found;
    });
    assert.deepEqual(linkedSymbols(s, hover.raw, '+ HIGH'), ['shop/storefront.Storefront.region']);
    // And where another method reads it.
    const use = lines.findIndex((l) => l.includes('return self.region'));
    const read = await eventually(async () => {
      const found = await hoverText(side, new vscode.Position(use, lines[use].indexOf('region') + 1));
      assert.match(found.shown, /shop\/storefront\.Storefront\.region/);
      return found;
    });
    assert.deepEqual(linkedSymbols(s, read.raw, '+ MEDIUM'), ['shop/storefront.Storefront.region']);

    // A TypeScript constructor's parameter properties: a lens above each, none above a plain parameter; the hover where a method reads one.
    const client = vscode.Uri.from({ scheme: 'fixture-lab-rev', path: '/shop/client.ts', query: `repo=bookshop&rev=${head}` });
    const tsLines = (await vscode.workspace.openTextDocument(client)).getText().split('\n');
    const [baseUrl, timeout, retries] = ['baseUrl:', 'timeout =', 'retries:'].map((w) => tsLines.findIndex((l) => l.includes(w)));
    const tsLenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', client, 20);
      assert.ok(found.some((l) => l.range.start.line === baseUrl), 'a lens above the parameter property');
      return found;
    });
    const tsAbove = (line: number) => tsLenses.filter((l) => l.range.start.line === line).map((l) => [l.command?.title, l.command?.tooltip]);
    assert.deepEqual(tsAbove(baseUrl), [['+ HIGH', 'Label shop/client.Client.baseUrl HIGH'], ['+ MEDIUM', 'Label shop/client.Client.baseUrl MEDIUM']]);
    assert.deepEqual(tsAbove(timeout), [['+ HIGH', 'Label shop/client.Client.timeout HIGH'], ['+ MEDIUM', 'Label shop/client.Client.timeout MEDIUM']]);
    assert.deepEqual(tsAbove(retries), []);
    const tsUse = tsLines.findIndex((l) => l.includes('return this.baseUrl'));
    const tsRead = await eventually(async () => {
      const found = await hoverText(client, new vscode.Position(tsUse, tsLines[tsUse].indexOf('baseUrl') + 1));
      assert.match(found.shown, /shop\/client\.Client\.baseUrl/);
      return found;
    });
    assert.deepEqual(linkedSymbols(s, tsRead.raw, '+ MEDIUM'), ['shop/client.Client.baseUrl']);
    await vscode.window.showTextDocument(side);

    // The lens clicked: the attribute is in the ground truth by its name.
    const high = lenses.find((l) => l.range.start.line === assignment && l.command?.title === '+ HIGH')!;
    const reason = 'The region the change now writes in capitals';
    assert.equal(await vscode.commands.executeCommand(high.command!.command, { ...(high.command!.arguments![0] as object), reason }), true);
    await eventually(async () => {
      const written = readFixture((await vscode.workspace.openTextDocument(uri)).getText(), uri.fsPath).fixture;
      assert.deepEqual(labelsMadeAt(written.ground_truth, base), [{ symbol: 'shop/storefront.Storefront.region', confidence: 'HIGH', reason }]);
    });
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
