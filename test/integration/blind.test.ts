// Blind review and base names in a real VS Code. A labeler labels; the rater becomes the verifier
// and starts the review with the fixture's YAML in front of them: the YAML closes and the change
// opens; then every surface is opened and read (the Fixtures tree, CodeLens, hovers, the status
// bar, the Candidates view, decorations, the benchmark panel, the labeling report) and none shows
// a label, reason, count or kappa of the labeler's until the review finishes, when they all do.
// Then a renamed file: `+ HIGH` on its head side writes the base-side name, and a symbol the change
// adds is refused.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import { finishReview, labelAs, startReview } from '../helpers/edits';
import type { Services } from '../../src/extension/services';
import type { HostMessage } from '../../src/shared/protocol';
import { canDriveUi, copyFixture, eventually, hoverText, journeySuite, linkedSymbols, notifications, panelMessages, screenshot, setRater } from './helpers';
import { webview } from './ui';

const SECRET = 'dana-secret';
const DANA = {
  render: `Draws the badge (${SECRET} 1)`,
  dto: `The count comes from the cart it gets (${SECRET} 2)`,
  load: `Where the cart is fetched (${SECRET} 3)`,
};
const LEE = { render: 'Renders the header the badge sits in' };

const cmd = <T = unknown>(id: string, args?: object) => vscode.commands.executeCommand<T>(`fixtureLab.${id}`, args);
const side = (path: string, rev: string) => vscode.Uri.from({ scheme: 'fixture-lab-rev', path: `/${path}`, query: `repo=bookshop&rev=${rev}` });
const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
const showsYaml = (uri: vscode.Uri) => tabs().some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());

async function lensTitles(uri: vscode.Uri): Promise<{ line: number; title: string; tooltip?: string; args?: unknown[] }[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
  return lenses.map((l) => ({ line: l.range.start.line, title: l.command?.title ?? '', tooltip: l.command?.tooltip, args: l.command?.arguments }));
}

async function hover(uri: vscode.Uri, line: number, character: number): Promise<string> {
  return (await hoverText(uri, new vscode.Position(line, character))).shown;
}

/** The line of `text` holding `needle`, and the column of `word` in it. */
function at(document: vscode.TextDocument, needle: string, word = needle): { line: number; character: number } {
  const line = document.getText().split('\n').findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, `${needle} is in ${document.uri.path}`);
  return { line, character: document.lineAt(line).text.indexOf(word) + 1 };
}


/** What a tree item's or status bar's label, description or tooltip says, as text. */
function textOf(v: string | boolean | vscode.TreeItemLabel | vscode.MarkdownString | undefined): string {
  return typeof v === 'string' ? v : typeof v === 'boolean' || v === undefined ? '' : 'label' in v ? v.label : v.value;
}
/** During a review: Show Agreement refuses, naming Finish Review, and the labeling report shows the review in progress, no kappa, no paradox. */
async function inProgressEverywhere(uri: vscode.Uri, id: string): Promise<void> {
  const showing = vscode.commands.executeCommand('fixtureLab.showAgreement', { uri });
  if (canDriveUi()) {
    await eventually(async () => assert.ok((await notifications()).some((n) => n.includes(`the review of ${id} is in progress: its agreement is measured `
      + 'and written when it finishes ("Finish Review", or `fixture-lab review finish FIXTURE`)')), (await notifications()).join('\n')));
  }
  assert.equal(await showing, undefined);
  const report = await vscode.commands.executeCommand<vscode.Uri>('fixtureLab.writeReport', { quiet: true });
  const md = readFileSync(report.fsPath, 'utf8');
  const row = md.split('\n').find((l) => l.startsWith(`| ${id} |`));
  assert.equal(row, `| ${id} | dana | lee | review in progress |  |  |  |  |  |  |`);
  assert.ok(!md.includes(`- ${id}: kappa paradox`) && !md.includes(`| ${id} | 1`), 'no figure of it anywhere');
}

describe('blind review and labels named at base, in the editor', function () {
  this.timeout(180_000);
  let s: Services;
  let messages: ReturnType<typeof panelMessages>;
  const made = journeySuite((services) => {
    s = services;
    messages = panelMessages(s);
  }, () => messages.dispose());

  /** The Fixtures tree's item for `id` (under bookshop / its tier), as the view shows it now. */
  async function treeItem(id: string, tier: string): Promise<vscode.TreeItem> {
    return eventually(async () => {
      const [repo] = await s.fixturesTree.getChildren();
      const tierNode = (await s.fixturesTree.getChildren(repo)).find((t) => s.fixturesTree.getTreeItem(t).label === tier)!;
      const node = (await s.fixturesTree.getChildren(tierNode)).find((n) => textOf(s.fixturesTree.getTreeItem(n).tooltip).startsWith(`${id}: `));
      assert.ok(node, `${id} is in the tree`);
      return s.fixturesTree.getTreeItem(node);
    });
  }

  /** Every Candidates item, as `symbol-ish label: description | tooltip`. */
  async function candidateRows(): Promise<string[]> {
    const rows: string[] = [];
    const walk = async (node?: unknown) => {
      for (const child of await s.candidatesTree.getChildren(node as never)) {
        const item = s.candidatesTree.getTreeItem(child);
        rows.push(`${textOf(item.label)}: ${textOf(item.description)} | ${textOf(item.tooltip)} | ${item.contextValue ?? ''}`);
        await walk(child);
      }
    };
    await walk();
    return rows;
  }

  const posted = <T extends HostMessage['type']>(type: T) => messages.of(type);

  it('verifier: Start Review closes the YAML and opens the change; no surface shows the labeler\'s labels until Finish Review', async () => {
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'blind');
    made.push(uri.fsPath);
    s.corpus.reload();
    const id = 'bookshop-easy-03-blind';
    const { diff } = readFixture(original, uri.fsPath).fixture;
    const headCart = side('web/src/cart.ts', diff!.head);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // The labeler's clicks, saved.
    await setRater('dana');
    await cmd('openFixture', { uri });
    assert.equal(await cmd('labelHigh', { symbol: 'web/src/cart.CartView.render', reason: DANA.render }), true);
    assert.equal(await cmd('labelHigh', { symbol: 'web/src/api.CartDto', reason: DANA.dto }), true);
    assert.equal(await cmd('labelMedium', { symbol: 'web/src/cart.CartView.load', reason: DANA.load }), true);
    const yaml = await vscode.workspace.openTextDocument(uri);
    assert.equal(await yaml.save(), true);

    // The verifier, with the fixture's YAML (and so dana's labels) in front of them, starts the review.
    await setRater('lee');
    await vscode.window.showTextDocument(uri, { preview: false });
    assert.ok(showsYaml(uri));
    assert.equal(await cmd('startReview'), true);
    await eventually(() => assert.ok(!showsYaml(uri), 'the YAML editor is closed'));
    await eventually(() => assert.ok(tabs().some((t) => t.label.startsWith(`${id}: `)), `the change is open: ${tabs().map((t) => t.label).join(', ')}`));
    assert.equal(readFixture(readFileSync(uri.fsPath, 'utf8'), uri.fsPath).fixture.verifier, 'lee', 'the review start is saved');
    await screenshot('40-blind-review-started');

    // Opening the YAML through the product: the change instead, and a warning with the way back.
    await vscode.commands.executeCommand('notifications.clearAll');
    await cmd('openFixture', { uri });
    assert.ok(!showsYaml(uri), 'Open Fixture does not show the blind verifier the YAML');
    if (canDriveUi()) {
      await eventually(async () => {
        const shown = (await notifications()).join('\n');
        assert.match(shown, new RegExp(`You review ${id} blind, as its verifier: its YAML holds dana's labels`));
        assert.match(shown, /Open the Change/);
      });
      await screenshot('41-blind-open-fixture-warning');
    }

    // The verifier labels blind: their own label is all they see.
    assert.equal(await cmd('labelMedium', { symbol: 'web/src/cart.CartView.render', reason: LEE.render }), true);
    assert.equal(await (await vscode.workspace.openTextDocument(uri)).save(), true);
    s.corpus.reload();

    // The Fixtures tree.
    const blindItem = await eventually(async () => {
      const item = await treeItem(id, 'easy');
      assert.equal(item.description, '1 yours');
      assert.equal((item.iconPath as vscode.ThemeIcon).id, 'eye-closed');
      return item;
    });
    const tooltip = (item: vscode.TreeItem) => (item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip)).replace(/&nbsp;/g, ' ');
    assert.doesNotMatch(tooltip(blindItem), new RegExp(`${SECRET}|3/15|kappa`));
    assert.match(tooltip(blindItem), /in review, blind\n[\s\S]*You are its verifier/);

    // CodeLens on the head side of the change: lee's label, and `+ HIGH` where only dana labeled.
    const cartDoc = await vscode.workspace.openTextDocument(headCart);
    const editor = await vscode.window.showTextDocument(cartDoc, { preview: false });
    const renderLine = at(cartDoc, 'render(cart: CartDto)').line;
    const loadLine = at(cartDoc, 'async load(id').line;
    const lenses = await eventually(async () => {
      const found = await lensTitles(headCart);
      assert.ok(found.some((l) => l.line === renderLine && l.title === `MEDIUM: ${LEE.render}`), JSON.stringify(found));
      return found;
    });
    assert.ok(lenses.some((l) => l.line === loadLine && l.title === '+ MEDIUM'), 'load: dana\'s MEDIUM is hidden');
    for (const l of lenses) assert.ok(!l.title.includes(SECRET) && !l.title.startsWith('HIGH:'), l.title);
    const headApi = side('web/src/api.ts', diff!.head);
    const apiLenses = await lensTitles(headApi);
    const dtoLine = at(await vscode.workspace.openTextDocument(headApi), 'export interface CartDto').line;
    assert.deepEqual(apiLenses.filter((l) => l.line === dtoLine).map((l) => l.title), ['+ HIGH', '+ MEDIUM'], 'CartDto: dana\'s HIGH is hidden');

    // Hovers: over the definition and over a reference.
    const onRender = await hover(headCart, renderLine, at(cartDoc, 'render(cart: CartDto)', 'render').character);
    assert.match(onRender, new RegExp(`MEDIUM: ${LEE.render}`));
    const onDto = await hover(headCart, renderLine, at(cartDoc, 'render(cart: CartDto)', 'CartDto').character);
    assert.match(onDto, /web\/src\/api\.CartDto/);
    assert.deepEqual(linkedSymbols(s, (await hoverText(headCart, new vscode.Position(renderLine, at(cartDoc, 'render(cart: CartDto)', 'CartDto').character))).raw, '+ HIGH'), ['web/src/api.CartDto']);
    for (const text of [onRender, onDto]) assert.ok(!text.includes(SECRET), text);

    // The status bar.
    await eventually(() => assert.equal(s.statusBar?.text, `$(eye) ${id} · blind review`));
    assert.ok(!textOf(s.statusBar?.tooltip).includes(SECRET));

    // The Candidates view: only lee's MEDIUM on render.
    const rows = await eventually(async () => {
      const found = await candidateRows();
      assert.ok(found.some((r) => /^cart\.CartView\.render: .* · MEDIUM \|/.test(r)), found.join('\n'));
      return found;
    });
    for (const r of rows) assert.ok(!/ · HIGH \|/.test(r) && !r.includes(SECRET), r);

    // Decorations: lee's one MEDIUM mark, nothing of dana's.
    await eventually(async () => {
      await s.labelDecorations.refresh();
      const drawn = s.labelDecorations.drawn.get(editor.document.uri.toString());
      assert.deepEqual(drawn, { HIGH: [], MEDIUM: [at(cartDoc, 'render(cart: CartDto)').line] });
    });
    await screenshot('42-blind-review-code');

    // The benchmark panel: the header says blind, no ground truth, no kappa, nothing to run or read.
    await cmd('openPanel');
    const header = await eventually(() => {
      const last = posted('fixture').at(-1);
      assert.equal(last?.header?.id, id);
      return last;
    }, 20_000);
    assert.equal(header.header!.blind, true);
    assert.deepEqual([header.header!.groundTruth, header.header!.kappa, header.controls.canRun], [{ total: 0, high: 0, medium: 0 }, null, false]);
    assert.match(header.controls.disabledReason ?? '', /You review this fixture blind/);
    assert.equal(posted('results').at(-1)?.results, null);
    const page = await webview.text('blind-panel', '#root', id);
    if (page !== undefined) {
      assert.match(page, /Ground truth: hidden: you review this fixture blind/);
      assert.match(page, /blind review/);
      assert.ok(!page.includes(SECRET) && !/3 symbols/.test(page), page);
      await screenshot('43-blind-review-panel');
    }
    s.panel()?.dispose();

    // The labeling report, as lee writes it; and the agreement is not told.
    const report = await cmd<vscode.Uri>('writeReport', { quiet: true });
    const md = readFileSync(report.fsPath, 'utf8');
    assert.match(md, new RegExp(`\\| ${id} \\| dana \\| lee \\| blind review \\|`));
    assert.ok(!md.includes(SECRET));
    // The report lee just wrote is the corpus's as lee may see it: Validate Corpus does not call it stale.
    const validated = await cmd<{ code?: string; message: string }[]>('validateCorpus');
    assert.deepEqual(validated.filter((p) => p.code === 'stale-report').map((p) => p.message), [], 'the report lee wrote is current');
    assert.equal(await cmd('showAgreement', { uri }), undefined, 'refused while blind');
    // The labeler, who may see everything: still no agreement before Finish Review measures it.
    await setRater('dana');
    assert.equal(await cmd('showAgreement', { uri }), undefined, 'no agreement during the review');
    await inProgressEverywhere(uri, id);
    await setRater('lee');

    // Finish: now everything is there.
    const agreement = await cmd<{ kappa: number | null }>('finishReview');
    assert.ok(agreement);
    assert.equal(await (await vscode.workspace.openTextDocument(uri)).save(), true);
    s.corpus.reload();
    await eventually(async () => {
      const item = await treeItem(id, 'easy');
      assert.match(String(item.description), /^1\/15 · κ /);
      assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
      assert.match(textOf(item.tooltip), /: disagreements \(\d open\)\n/);
    });
    await eventually(async () => {
      const found = await lensTitles(headCart);
      assert.ok(found.some((l) => l.line === renderLine && l.title === `HIGH: ${DANA.render}`), JSON.stringify(found));
    });
    assert.match(await hover(headCart, renderLine, at(cartDoc, 'render(cart: CartDto)', 'render').character), new RegExp(`HIGH: ${DANA.render.replace(/[()]/g, '\\$&')}`));
    await eventually(() => assert.match(s.statusBar?.text ?? '', new RegExp(`^\\$\\(checklist\\) ${id} · 1/15 · κ `)));
    await eventually(async () => assert.ok((await candidateRows()).some((r) => /^cart\.CartView\.render: .* · HIGH \|/.test(r))));
    await eventually(async () => {
      await s.labelDecorations.refresh();
      assert.deepEqual(s.labelDecorations.drawn.get(editor.document.uri.toString())?.HIGH, [renderLine]);
    });
    await cmd('openPanel');
    await eventually(() => {
      const last = posted('fixture').at(-1);
      assert.equal(last?.header?.blind, undefined);
      assert.equal(last?.header?.groundTruth.total, 1);
    }, 20_000);
    s.panel()?.dispose();
    const after = readFileSync((await cmd<vscode.Uri>('writeReport', { quiet: true })).fsPath, 'utf8');
    assert.match(after, new RegExp(`\\| ${id} \\| dana \\| lee \\| \\d+ \\| `));
    assert.ok(await cmd('showAgreement', { uri }));
  });

  it('fixtureLab.blindDrafts: Start Review moves the labeler\'s draft out of the file into .fixture-lab/blind/, Finish Review brings it back', async () => {
    const { uri, original } = copyFixture('bookshop/easy/03-cart-badge.yaml', 'drafts');
    made.push(uri.fsPath);
    s.corpus.reload();
    const config = vscode.workspace.getConfiguration('fixtureLab');
    try {
      await setRater('dana');
      await cmd('openFixture', { uri });
      assert.equal(await cmd('labelHigh', { symbol: 'web/src/cart.CartView.render', reason: DANA.render }), true);
      assert.equal(await cmd('labelMedium', { symbol: 'web/src/api.CartDto', reason: DANA.dto }), true);
      assert.equal(await (await vscode.workspace.openTextDocument(uri)).save(), true);

      await config.update('blindDrafts', true, vscode.ConfigurationTarget.Global);
      await setRater('lee');
      assert.equal(await cmd('startReview'), true);
      const onDisk = readFileSync(uri.fsPath, 'utf8');
      assert.ok(!onDisk.includes(SECRET), 'the draft is out of the file');
      assert.match(onDisk, /\nground_truth: \[\]\n[\s\S]*\nlabels:\n {2}lee: \[\]\ntags:/);
      const corpusDir = (await s.corpus.require()).dir;
      const kept = join(corpusDir, '.fixture-lab', 'blind', `${relative(corpusDir, uri.fsPath)}.json`);
      assert.ok(readFileSync(kept, 'utf8').includes(SECRET), 'kept in .fixture-lab/blind/');
      assert.match(readFileSync(join(corpusDir, '.fixture-lab', 'blind', '.gitignore'), 'utf8'), /^\*$/m);

      assert.equal(await cmd('labelMedium', { symbol: 'web/src/cart.CartView.render', reason: LEE.render }), true);
      assert.equal(await (await vscode.workspace.openTextDocument(uri)).save(), true);
      // With the draft aside, the labeler asking for kappa gets "review in progress", never a kappa over an empty list.
      await setRater('dana');
      await inProgressEverywhere(uri, readFixture(original, uri.fsPath).fixture.id!);
      await setRater('lee');
      assert.ok(await cmd('finishReview'));
      assert.ok(!existsSync(kept), 'the kept draft is gone once back in the file');
      // The same file a review without blind drafts leaves.
      // Each label records what the editor's provenance finds at the fixture's revision.
      const made = (symbol: string) => s.corpus.provenance(readFixture(original, uri.fsPath).fixture, symbol);
      let expected = labelAs(original, 'dana', { symbol: 'web/src/cart.CartView.render', confidence: 'HIGH', reason: DANA.render, ...await made('web/src/cart.CartView.render') });
      expected = labelAs(expected, 'dana', { symbol: 'web/src/api.CartDto', confidence: 'MEDIUM', reason: DANA.dto, ...await made('web/src/api.CartDto') });
      expected = labelAs(startReview(expected, 'lee'), 'lee',
        { symbol: 'web/src/cart.CartView.render', confidence: 'MEDIUM', reason: LEE.render, ...await made('web/src/cart.CartView.render') });
      assert.equal(readFileSync(uri.fsPath, 'utf8'), finishReview(expected).text);
    } finally {
      await config.update('blindDrafts', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a renamed file: `+ HIGH` on its head side writes the base-side name; a symbol the change adds is refused', async () => {
    await setRater('dana');
    const { uri, original } = copyFixture('bookshop/easy/02-price-currency.yaml', 'rename');
    made.push(uri.fsPath);
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await cmd('openFixture', { uri });
    const { diff } = readFixture(original, uri.fsPath).fixture;
    // The change moves web/src/money.ts to web/src/format/money.ts: its head side names the new path.
    const head = side('web/src/format/money.ts', diff!.head);
    const doc = await vscode.workspace.openTextDocument(head);
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    const line = (needle: string) => at(doc, needle).line;
    const yaml = await vscode.workspace.openTextDocument(uri);
    const truth = () => readFixture(yaml.getText(), uri.fsPath).fixture.ground_truth.map((l) => `${l.symbol} ${l.confidence}`);

    // The labels dana has (by their base names) show on the head side.
    const lenses = await eventually(async () => {
      const found = await lensTitles(head);
      assert.ok(found.some((l) => l.line === line('export function formatPrice') && l.title === 'HIGH: Formats every price; it gains the currency'), JSON.stringify(found));
      return found;
    });
    // Currency is new in this change: a lens says so, and offers no label.
    const currency = lenses.filter((l) => l.line === line('export type Currency'));
    assert.deepEqual(currency.map((l) => l.title), ['added by the change: not at base']);
    const why = await hover(head, line('export type Currency'), at(doc, 'export type Currency', 'Currency').character);
    assert.match(why, /web\/src\/format\/money\.Currency[^\n]*\s+added by the change: it does not exist at diff\.base, where systems run, so it is not labeled/);
    assert.doesNotMatch(why, /labelHigh/);
    await screenshot('44-renamed-file-lenses');

    // Remove centsToUnits (named by its head-side name), then `+ HIGH` on the head side puts it back, by its base name.
    assert.equal(await cmd('removeSymbolLabel', { symbol: 'web/src/format/money.centsToUnits' }), true);
    assert.ok(!truth().some((t) => t.startsWith('web/src/money.centsToUnits ')));
    const high = await eventually(async () => {
      const found = (await lensTitles(head)).find((l) => l.line === line('export function centsToUnits') && l.title === '+ HIGH');
      assert.ok(found, 'a + HIGH lens above centsToUnits');
      return found;
    });
    assert.deepEqual(high.args, [{ symbol: 'web/src/money.centsToUnits' }]);
    assert.equal(await cmd('labelHigh', { ...(high.args[0] as object), reason: 'Converts cents for the formatter' }), true);
    assert.deepEqual(truth().at(-1), 'web/src/money.centsToUnits HIGH');

    // The Candidates view's inline button on the moved formatPrice: its base name.
    const rows = await eventually(async () => {
      const found = await s.candidatesTree.getChildren();
      assert.ok(found.length > 0);
      return found;
    });
    const changed = (await Promise.all(rows.map((r) => s.candidatesTree.getChildren(r)))).flat();
    const formatPrice = changed.find((n) => s.candidatesTree.getTreeItem(n).label === 'money.formatPrice')!;
    assert.ok(formatPrice, 'formatPrice is a changed symbol');
    assert.equal(s.candidatesTree.getTreeItem(formatPrice).tooltip, 'web/src/money.formatPrice (web/src/format/money.formatPrice at head)');
    assert.equal(await cmd('labelMedium', { ...formatPrice, reason: 'Formats every price' }), true);
    assert.ok(truth().includes('web/src/money.formatPrice MEDIUM'));
    const added = changed.find((n) => s.candidatesTree.getTreeItem(n).label === 'money.Currency')!;
    assert.equal(s.candidatesTree.getTreeItem(added).contextValue, 'added', 'no inline label buttons on what the change adds');

    // A head-only symbol is refused, by name and at the cursor, with the reason; nothing written.
    const before = yaml.getText();
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await cmd('labelHigh', { symbol: 'web/src/format/money.Currency', reason: 'The new type' }), undefined);
    const typeLine = line('export type Currency');
    editor.selection = new vscode.Selection(typeLine, 14, typeLine, 14);
    await vscode.window.showTextDocument(doc, { preview: false });
    assert.equal(await cmd('labelMedium', { reason: 'The new type' }), undefined);
    assert.equal(yaml.getText(), before);
    if (canDriveUi()) {
      await eventually(async () => assert.match((await notifications()).join('\n'), /`web\/src\/format\/money\.Currency` exists only at diff\.head \(the change adds it\): systems run at diff\.base, where it cannot be retrieved/));
      await screenshot('45-head-only-refused');
    }
    // Nothing in the file names the head side.
    assert.ok(!yaml.getText().includes('web/src/format/'));

    // The hover over the moved function: its base name and links that write it.
    const onMoved = await hoverText(head, new vscode.Position(line('export function formatPrice'), at(doc, 'export function formatPrice', 'formatPrice').character));
    assert.match(onMoved.shown, /web\/src\/money\.formatPrice/);
    assert.doesNotMatch(onMoved.shown, /web\/src\/format\/money\.formatPrice/);
    assert.deepEqual(linkedSymbols(s, onMoved.raw, 'Remove'), ['web/src/money.formatPrice']);
    await vscode.window.showTextDocument(yaml);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
