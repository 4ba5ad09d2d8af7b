// The hostile corpus on the newer surfaces, in a real VS Code (hostile.test.ts covers notifications,
// progress, quick inputs and the label and triage hovers): a reviewed fixture whose raters' names,
// reasons, symbols, file names, code, ruling and pooled systems carry command links, images, HTML,
// line breaks and bidi controls, shown in the Settle and To Judge views (rows, details, tooltips,
// the settle picker, the ruling's input box), in the benchmark panel (Judged@10, the sensitivity
// and agreement blocks, the returned lists, read as the page's DOM), and in the relocation report.
// Each is read where a person reads it: no link, image or element is made from the text, and the
// text is shown as it is (bidi controls as escapes), on the line it belongs to.
import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { cli } from '../../src/cli/cli';
import { markdownCode, markdownText, plainText, readFixture } from '../../src/core';
import type { Services } from '../../src/extension/services';
import type { JudgeNode, SettleNode } from '../../src/extension/views/settleTree';
import { showBidi } from '../../src/shared/bidi';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';
import { Anchor, anchorsIn, canDriveUi, eventually, journeySuite, notificationAnchors, notifications, panelMessages, replaceFirst, screenshot, setRater, ui, VIEW_ROW } from './helpers';
import { PageElement, webview } from './ui';

const PWN = '[pwn](command:fixtureLab.labelHigh?%5B%22x%22%2C%22pwned%22%5D)';
const TERMINAL = '[run](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22touch%20pwned%5Cn%22%7D)';
const IMAGE = '![img](https://evil.example/i.png)';
const HTML = '<img src=x onerror=alert(1)>';
const RLO = '\u202E';

/** A file whose name breaks out of a code span, and one whose name is HTML with a bidi control. */
const FILE = `a\`${PWN}\`z.py`;
const FILE2 = `b${HTML}${RLO}gpj.py`;
const SYMBOL = `a\`${PWN}\`z.total`;
const SYMBOL2 = `a\`${PWN}\`z.tally`;
/** Where tally moves at the third commit: a symbol of the HTML-named file. */
const MOVED = `b${HTML}${RLO}gpj.tally`;
/** A name with a line break, written to forge a line of the relocation report. */
const FORGED = 'a.gone\nmoved      a.x -> a.y (forged.py:1) [ground_truth]';
const POOLED = `c.${HTML}${RLO}gpj.exe`;
const FROM = `${PWN} ${TERMINAL}`;
const LABELER = `dana ${PWN}`;
const VERIFIER = `lee ${HTML} ${RLO}`;
const REASON = `${PWN} ${IMAGE} ${HTML} ${RLO}exe $(zap)`;
const REASON_V = `${TERMINAL} ${IMAGE} ${RLO}cod.exe`;
const RATIONALE = `${PWN} ${HTML} ${RLO}fdp.exe`;
/** The code at base: a comment that would close a fence, link and run, were it Markdown. */
const CODE = `def total():\n    return 1  # \`\`\` ${PWN} ${HTML} ${RLO}x\n\n\ndef tally():\n    return 0\n`;

/** Anything of the hostile text a link, image or element would have been made from. */
const FROM_TEXT = /pwn|sendSequence|evil\.example|%22x%22|onerror/i;
const ID = 'hostile-views-01';

/**
 * No link or image in what the workbench shows: every `a` there goes nowhere (VS Code draws a tree
 * row's label and its action buttons as `a` elements without a target).
 */
function assertNoLinks(where: string, anchors: Anchor[]): void {
  assert.deepEqual(anchors.filter((a) => a.tag !== 'a' || a.href !== ''), [], `${where} shows links or images`);
  assert.deepEqual(anchors.filter((a) => FROM_TEXT.test(a.href)), [], `${where} made a link from the hostile text`);
}

/** Tags no text may become, and attributes that load or run something. */
const ACTIVE_TAGS = new Set(['a', 'img', 'image', 'script', 'iframe', 'frame', 'object', 'embed', 'video', 'audio', 'source', 'link', 'style', 'form', 'base', 'meta']);
/** The page's elements made from the text: active tags, handlers, loading attributes, anything whose tag or attribute name is the text's. */
function madeFromText(elements: PageElement[]): PageElement[] {
  return elements.filter((e) => ACTIVE_TAGS.has(e.tag) || Object.keys(e.attrs).some((name) => /^on|^(src|srcset|href|xlink:href|formaction)$/i.test(name))
    || Object.entries(e.attrs).some(([name, value]) => FROM_TEXT.test(name) || (FROM_TEXT.test(value) && !/^(title|aria-label|data-[\w-]+)$/.test(name))));
}

const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : item.label?.label ?? '');

describe('a hostile corpus on the newer surfaces: Settle, To Judge, the panel\'s checks, the relocation report', function () {
  this.timeout(240_000);
  let s: Services;
  const workspace = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const saved = new Map<string, string>();
  let messages: ReturnType<typeof panelMessages> | undefined;
  const made = journeySuite((services) => {
    s = services;
    messages = panelMessages(s);
  }, async () => {
    messages?.dispose();
    await vscode.commands.executeCommand('notifications.clearAll');
    for (const [name, text] of saved) writeFileSync(join(workspace(), name), text);
  });
  let repo: TestRepo;
  let base: string;
  let head: string;
  let moved: string;
  let fixture: vscode.Uri;
  let fixtureText: string;

  before(async function () {
    if (!canDriveUi()) this.skip(); // what is shown is read in the page: code-server only
    repo = new TestRepo();
    base = repo.commit('base', { [FILE]: CODE });
    head = repo.commit('head', { [FILE]: CODE.replace('return 1', 'return 2') });
    // tally moves to the HTML-named file, its body as it was.
    moved = repo.commit('moved', { [FILE]: CODE.replace('return 1', 'return 2').replace('\n\n\ndef tally():\n    return 0\n', '\n'), [FILE2]: 'def tally():\n    return 0\n' });
    assert.deepEqual(repo.git('ls-files', '-z').split('\0').filter(Boolean).sort(), [FILE, FILE2].sort(), 'git keeps the names as they are');

    const answers = tempDir({
      'a.txt': [SYMBOL, `${PWN}.x`, TERMINAL, IMAGE, HTML, `${RLO}gpj.exe`, POOLED].join('\n') + '\n',
      'b.txt': [SYMBOL2, POOLED, SYMBOL].join('\n') + '\n',
    });
    for (const name of ['repos.yaml', 'systems.yaml']) saved.set(name, readFileSync(join(workspace(), name), 'utf8'));
    writeFileSync(join(workspace(), 'repos.yaml'), `${saved.get('repos.yaml')}  - name: hostile-views\n    language: [python]\n    path: ${JSON.stringify(repo.dir)}\n`);
    writeFileSync(join(workspace(), 'systems.yaml'), `${saved.get('systems.yaml')}
  - name: hv-a
    type: command
    query: [/bin/cat, ${JSON.stringify(join(answers, 'a.txt'))}]
    parse: {format: lines}
  - name: hv-b
    type: command
    query: [/bin/cat, ${JSON.stringify(join(answers, 'b.txt'))}]
    parse: {format: lines}
`);
    const dir = join(workspace(), 'tasks', 'hostile-views', 'easy');
    mkdirSync(dir, { recursive: true });
    made.push(join(workspace(), 'tasks', 'hostile-views'));
    const q = (x: string) => JSON.stringify(x);
    // Reviewed and finished: the raters disagree on total (HIGH against MEDIUM) and tally (a ruling
    // settles it), and on the forged name only the verifier rated.
    const yaml = (id: string) => [
      `id: ${id}`,
      'repo: hostile-views',
      'difficulty: easy',
      `task: ${q(`Fix the total ${PWN} ${HTML}`)}`,
      `diff: {base: "${base}", head: "${head}"}`,
      `candidates: [${q(SYMBOL)}, ${q(SYMBOL2)}]`,
      'ground_truth:',
      `  - {symbol: ${q(SYMBOL)}, confidence: HIGH, reason: ${q(REASON)}}`,
      `labeler: ${q(LABELER)}`,
      `verifier: ${q(VERIFIER)}`,
      'labels:',
      `  ${q(LABELER)}:`,
      `    - {symbol: ${q(SYMBOL)}, confidence: HIGH, reason: ${q(REASON)}}`,
      `    - {symbol: ${q(SYMBOL2)}, confidence: MEDIUM, reason: ${q(REASON)}}`,
      `  ${q(VERIFIER)}:`,
      `    - {symbol: ${q(SYMBOL)}, confidence: MEDIUM, reason: ${q(REASON_V)}}`,
      `    - {symbol: ${q(FORGED)}, confidence: MEDIUM, reason: ${q(REASON_V)}}`,
      'agreement: -0.5',
      'disputes:',
      `  - {symbol: ${q(SYMBOL2)}, resolution: excluded, rationale: ${q(RATIONALE)}, sided_with: ${q(VERIFIER)}}`,
      'pooled:',
      `  - {symbol: ${q(POOLED)}, from: [${q(FROM)}]}`,
      '',
    ].join('\n');
    const path = join(dir, '01-hostile.yaml');
    fixtureText = yaml(ID);
    writeFileSync(path, fixtureText);
    writeFileSync(join(dir, '02-hostile.yaml'), yaml('hostile-views-02'));
    fixture = vscode.Uri.file(path);
    const read = readFixture(fixtureText, path);
    assert.deepEqual(read.problems.filter((p) => p.severity === 'error'), []);
    assert.deepEqual(Object.keys(read.fixture.labels), [LABELER, VERIFIER]);
    s.corpus.reload();
    await setRater('ari'); // the adjudicator: neither rater
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    await eventually(async () => assert.equal((await s.session.current())?.fixture.id, ID));
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  /** The rows a view shows now (its notes left out), each with its item. */
  async function rows<N extends SettleNode | JudgeNode>(tree: vscode.TreeDataProvider<N>): Promise<{ node: Extract<N, { symbol: string }>; item: vscode.TreeItem }[]> {
    const nodes = (await tree.getChildren()) ?? [];
    return nodes.filter((n): n is Extract<N, { symbol: string }> => 'symbol' in n).map((node) => ({ node, item: tree.getTreeItem(node) as vscode.TreeItem }));
  }

  /** A tooltip as VS Code gets it: Markdown that trusts nothing. */
  function untrusted(tooltip: vscode.TreeItem['tooltip']): string {
    assert.ok(tooltip instanceof vscode.MarkdownString, 'the tooltip is Markdown');
    assert.equal(tooltip.isTrusted, false);
    assert.notEqual(tooltip.supportHtml, true);
    assert.notEqual(tooltip.supportThemeIcons, true);
    return tooltip.value;
  }

  /** Rests the mouse on the row of `view` holding `contains`: the links in its tooltip, and its text. */
  async function tooltipShown(view: 'settle' | 'toJudge', contains: string, says: string): Promise<{ anchors: Anchor[]; text: string }> {
    await ui([{ hover: VIEW_ROW(view), contains }]);
    const anchors = await anchorsIn('.monaco-hover', says);
    const [texts] = await ui([{ texts: '.monaco-hover' }]);
    await ui([{ hover: '.part.statusbar' }]); // away: the hover closes
    return { anchors, text: texts!.join('\n') };
  }

  it('the Settle and To Judge views show raters, reasons, symbols, the candidate\'s file and the ruling as text: rows, details, tooltips, the picker, the input box', async () => {
    await vscode.commands.executeCommand('fixtureLab.settle.focus');
    const settle = await eventually(async () => {
      const found = await rows(s.settleTree);
      assert.equal(found.length, 3, JSON.stringify(found.map((r) => labelOf(r.item))));
      return found;
    }, 20_000);
    // As the API gives the rows: plain labels, each control shown, each link broken.
    assert.deepEqual(settle.map((r) => [labelOf(r.item), r.item.description]), [
      ['HIGH │ MEDIUM', plainText(SYMBOL)],
      [plainText(`excluded, sided with ${VERIFIER}`), plainText(SYMBOL2)],
      ['out │ MEDIUM', plainText(FORGED.slice(FORGED.lastIndexOf('/') + 1))],
    ]);
    for (const { item } of settle) {
      assert.ok(!labelOf(item).includes(RLO) && !String(item.description).includes(RLO), 'no bidi control reorders a row');
      assert.ok(!/\]\(|\$\(/.test(`${labelOf(item)} ${String(item.description)}`), 'no link or icon syntax in a row');
    }
    // The details under the total row: each rater's side and why it is a candidate (the hostile file), plain.
    const total = settle[0];
    const details = (await s.settleTree.getChildren(total.node)).map((n) => s.settleTree.getTreeItem(n));
    assert.deepEqual(details.map(labelOf), [
      plainText(`${LABELER}: HIGH “${REASON}”`),
      plainText(`${VERIFIER}: MEDIUM “${REASON_V}”`),
      plainText(`candidate: modified function in ${FILE}`),
    ]);
    assert.deepEqual(details.map((d) => d.tooltip), details.map(labelOf), 'a detail\'s tooltip is its plain text');
    const rulingDetails = (await s.settleTree.getChildren(settle[1].node)).map((n) => labelOf(s.settleTree.getTreeItem(n)));
    assert.equal(rulingDetails.at(-1), plainText(`ruling: excluded “${RATIONALE}” · sided with ${VERIFIER}`));
    // The tooltips: Markdown that trusts nothing, every piece escaped or in a span or fence nothing closes.
    const md = untrusted((await s.settleTree.resolveTreeItem(total.item, total.node)).tooltip);
    for (const piece of [markdownCode(SYMBOL), markdownText(LABELER), markdownText(VERIFIER), `HIGH: ${markdownText(REASON)}`, `MEDIUM: ${markdownText(REASON_V)}`,
      `candidate: ${markdownText(`modified function in ${FILE}`)}`, markdownCode(`${FILE}:1`), `\`\`\`\`python\n${showBidi(CODE.split('\n\n\n')[0])}\n\`\`\`\``]) {
      assert.ok(md.includes(piece), `the tooltip holds ${piece}: ${md}`);
    }
    assert.ok(untrusted((await s.settleTree.resolveTreeItem(settle[1].item, settle[1].node)).tooltip).includes(markdownText(`ruling: excluded “${RATIONALE}” · sided with ${VERIFIER}`)));

    // As the page shows them: the rows, then the total row's tooltip. (Not expanded in the page: a
    // twistie's click selects the row, which the next journey's row click could be answered with.)
    // The raters' hostile names make the line above the rows wrap over several: the other views are
    // folded, as a person makes room, so that every row shows.
    const header = (name: string) => `[id="workbench.view.extension.fixtureLab"] .pane-header[aria-label*="${name}"] .title`;
    const fold = async () => ui([{ click: header('Fixtures') }, { click: header('Candidates') }, { click: header('Triage') }]);
    await fold();
    const [shownRows] = await eventually(async () => {
      const texts = await ui([{ texts: VIEW_ROW('settle') }]);
      assert.ok(texts[0]!.some((t) => t.includes('excluded, sided with')), texts[0]!.join(' | '));
      return texts;
    });
    // Above the rows, the raters' names: whose rating comes first.
    const SETTLE_MESSAGE = '[id="workbench.view.extension.fixtureLab"] .pane:has(.pane-header[aria-label*="Settle"]) .tree-explorer-viewlet-tree-view > .message';
    const [message] = await ui([{ texts: SETTLE_MESSAGE }]);
    const page = `${message!.join('\n')}\n${shownRows!.join('\n')}`;
    for (const text of [plainText(`ratings: ${LABELER} (labeler) │ ${VERIFIER} (verifier)`), plainText(SYMBOL), 'HIGH │ MEDIUM', plainText(SYMBOL2),
      plainText(`excluded, sided with ${VERIFIER}`)]) {
      assert.ok(page.includes(text), `the view shows ${text}: ${page}`);
    }
    assert.ok(!page.includes(RLO), 'no bidi control reaches the view');
    assertNoLinks('the Settle view', await anchorsIn(VIEW_ROW('settle'), 'excluded, sided with'));
    assertNoLinks('the Settle view\'s raters', await anchorsIn(SETTLE_MESSAGE, 'ratings'));
    await screenshot('42-hostile-settle');
    await fold(); // unfolded again
    const hover = await tooltipShown('settle', '│', 'conflict');
    assertNoLinks('the Settle row\'s tooltip', hover.anchors);
    for (const text of [SYMBOL, showBidi(REASON), showBidi(REASON_V), `candidate: modified function in ${FILE}`, `${FILE}:1`, `# \`\`\` ${PWN} ${HTML} \\u202Ex`]) {
      assert.ok(hover.text.includes(text), `the tooltip shows ${text} as it is: ${hover.text}`);
    }

    // To Judge: the pooled symbol and the systems that returned it.
    await vscode.commands.executeCommand('fixtureLab.toJudge.focus');
    const pooled = await eventually(async () => {
      const found = await rows(s.toJudgeTree);
      assert.equal(found.length, 1);
      return found[0];
    }, 20_000);
    assert.deepEqual([labelOf(pooled.item), pooled.item.description], [plainText(POOLED), plainText(`from ${FROM}`)]);
    const judgeMd = untrusted((await s.toJudgeTree.resolveTreeItem(pooled.item, pooled.node)).tooltip);
    assert.ok(judgeMd.includes(markdownCode(POOLED)) && judgeMd.includes(`returned by ${markdownText(FROM)}; no rater judged it`), judgeMd);
    const [judgeRows] = await eventually(async () => {
      const texts = await ui([{ texts: VIEW_ROW('toJudge') }]);
      assert.ok(texts[0]!.some((t) => t.includes(plainText(`from ${FROM}`))), texts[0]!.join(' | '));
      return texts;
    });
    assert.ok(judgeRows!.some((t) => t.includes(plainText(POOLED))), judgeRows!.join(' | '));
    assertNoLinks('the To Judge view', await anchorsIn(VIEW_ROW('toJudge'), 'from'));
    const judgeHover = await tooltipShown('toJudge', 'from', 'no rater judged it');
    assertNoLinks('the To Judge row\'s tooltip', judgeHover.anchors);
    assert.ok(judgeHover.text.includes(`returned by ${FROM}; no rater judged it`) && judgeHover.text.includes(showBidi(POOLED)), judgeHover.text);

    // The settle picker: its title names the raters, its placeholder the candidate's file, its items the reasons.
    const onDisk = readFileSync(fixture.fsPath, 'utf8');
    const picking = vscode.commands.executeCommand('fixtureLab.settleDisagreements', { symbol: SYMBOL });
    const pickerAnchors = await anchorsIn('.quick-input-widget', 'the symbol belongs in the ground truth');
    const [picker] = await ui([{ texts: '.quick-input-widget' }]);
    const [placeholder] = await ui([{ attrs: '.quick-input-widget .quick-input-box input', attr: 'placeholder' }]);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await picking, 0, 'nothing settled');
    assertNoLinks('the settle picker', pickerAnchors);
    const shownPicker = `${picker!.join('\n')}\n${placeholder!.join('\n')}`;
    for (const text of [plainText(`${SYMBOL}: ${LABELER} HIGH, ${VERIFIER} MEDIUM`), plainText(`Candidate: modified function in ${FILE}`), plainText(`“${REASON}”`), plainText(`“${REASON_V}”`)]) {
      assert.ok(shownPicker.includes(text), `the picker shows ${text}: ${shownPicker}`);
    }
    // A row's Rule… offers the rulings, each saying whom it sides with: the raters' names as text.
    const choosing = vscode.commands.executeCommand('fixtureLab.rule', { symbol: SYMBOL });
    const ruleAnchors = await anchorsIn('.quick-input-widget', 'Include HIGH');
    const [choices] = await ui([{ texts: '.quick-input-widget' }]);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await choosing, false);
    assertNoLinks('the Rule… pick', ruleAnchors);
    const shownChoices = choices!.join('\n');
    for (const text of [plainText(`Rule on ${SYMBOL}`), plainText(`sides with ${LABELER}`), plainText(`sides with ${VERIFIER}`)]) {
      assert.ok(shownChoices.includes(text), `the pick shows ${text}: ${shownChoices}`);
    }
    // A row's Include HIGH asks for the rationale in an input box titled with the symbol.
    const ruling = vscode.commands.executeCommand('fixtureLab.ruleHigh', { symbol: SYMBOL });
    const inputAnchors = await anchorsIn('.quick-input-widget', 'Rationale for the ruling');
    const [titles] = await ui([{ texts: '.quick-input-widget .quick-input-title' }]);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await ruling, false);
    assertNoLinks('the ruling\'s input box', inputAnchors);
    assert.ok(titles!.some((t) => t.includes(plainText(`Include HIGH: ${SYMBOL}`))), titles!.join(' | '));
    assert.equal(readFileSync(fixture.fsPath, 'utf8'), onDisk, 'showing the text changed no fixture');
    const errors = (await notifications()).filter((n) => /error|not found/i.test(n));
    assert.deepEqual(errors, []);
  });

  it('the panel shows Judged@10, the sensitivity and agreement blocks and the returned hostile names as text: no element is made from them', async () => {
    // A run over both hostile fixtures (a corpus run: the panel's Corpus tab shows it), answers read from files.
    let stderr = '';
    const code = await cli(['run', '.', '--systems', 'hv-a,hv-b', '--tasks', 'hostile-views-*', '--budget', '5000'],
      { cwd: workspace(), stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } });
    assert.equal(code, 0, stderr);
    const runs = readdirSync(join(workspace(), 'results')).filter((n) => n.startsWith('run-')).sort();
    made.push(join(workspace(), 'results', runs.at(-1)!));

    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    await vscode.commands.executeCommand('fixtureLab.openPanel');
    const results = await eventually(() => {
      const last = messages!.of('results').at(-1)?.results;
      assert.ok(last && last.fixture === ID && last.rows.filter((r) => r.status === 'ok').length === 2 && last.checks, JSON.stringify(last?.rows.map((r) => r.status)));
      return last;
    }, 60_000);
    const corpus = await eventually(() => {
      const last = messages!.of('corpus').at(-1)?.corpus;
      assert.ok(last?.agreement && last.checks, 'the corpus run is shown with its agreement and checks');
      return last;
    }, 30_000);
    const checks = results.checks!;
    assert.ok(checks.unjudged.length === 2 && checks.sensitivity.contested > 0, JSON.stringify(checks));

    // The returned lists are drawn once their tab is shown.
    assert.ok(await webview.click('hostile-panel-returned-tab', 'vscode-tab-header[data-tab="returned"]'));
    await webview.text('hostile-panel-returned', '.returned-list', 'hv-b');
    assert.ok(await webview.click('hostile-panel-results-tab', 'vscode-tab-header[data-tab="results"]'));
    const shown = await webview.elements('hostile-panel', '#root', 'Dispute sensitivity');
    assert.ok(shown, 'the page is read');
    // Judged@10 beside the scores, and the checks' lines, as the core wrote them.
    assert.ok(shown.text.includes('Judged@10'), 'the Judged@10 column');
    for (const line of [...checks.unjudged, ...checks.sensitivity.flips, ...checks.ties]) assert.ok(shown.text.includes(line), `the page shows ${line}`);
    assert.match(shown.text, new RegExp(`${checks.sensitivity.contested} contested items?, ${checks.sensitivity.open} open`));
    // The hostile names each system returned: in a button's data as they are, in its tooltip with controls shown.
    const buttons = shown.elements.filter((e) => e.tag === 'button' && e.attrs['data-symbol'] !== undefined);
    for (const symbol of [SYMBOL, `${PWN}.x`, TERMINAL, IMAGE, HTML, `${RLO}gpj.exe`, POOLED]) {
      const button = buttons.find((b) => b.attrs['data-symbol'] === symbol);
      assert.ok(button, `a button for ${symbol}`);
      assert.equal(button.attrs.title, `Open ${showBidi(symbol)}`);
    }
    assert.ok(!shown.text.includes(RLO), 'no bidi control reaches the page');
    assert.deepEqual(madeFromText(shown.elements), [], 'no element is made from the text');

    // The Corpus tab: the agreement block over the reviewed tasks, and the corpus's checks.
    assert.ok(await webview.click('hostile-panel-corpus-tab', 'vscode-tab-header[data-tab="corpus"]'));
    const a = corpus.agreement!;
    const corpusShown = await webview.elements('hostile-panel-corpus', '#root', 'Labeled only');
    assert.ok(corpusShown);
    assert.ok(corpusShown.text.includes(`over ${a.items} items of ${a.tasks} reviewed task${a.tasks === 1 ? '' : 's'}`), corpusShown.text);
    for (const line of corpus.checks!.unjudged) assert.ok(corpusShown.text.includes(line), `the corpus tab shows ${line}`);
    const block = corpusShown.elements.filter((e) => /agreement|score-checks/.test(e.attrs.class ?? ''));
    assert.ok(block.length >= 2, 'the agreement and checks blocks are there');
    assert.deepEqual(madeFromText(corpusShown.elements), [], 'no element is made from the text');
    await screenshot('43-hostile-panel-corpus');
    assert.ok(await webview.click('hostile-panel-results-tab', 'vscode-tab-header[data-tab="results"]'));
    s.panel()?.dispose();
  });

  it('the relocation report shows hostile names and paths as text, one line each, bidi controls shown', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const document = await vscode.workspace.openTextDocument(fixture);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('notifications.clearAll');
    // The labeler moves the fixture's base to the commit where tally moved to the HTML-named file.
    await replaceFirst(document, base, moved);
    const report = await eventually(() => {
      const r = s.relocations.latest(fixture);
      assert.ok(r, 'a report for the edited fixture');
      return r;
    }, 60_000);
    assert.deepEqual(report.relocations.map((r) => [r.symbol, r.status, r.moved_to]), [
      [SYMBOL, 'changed', undefined],
      [SYMBOL2, 'moved', MOVED],
      [FORGED, 'gone', undefined],
    ]);
    assertNoLinks('the relocation notification', await notificationAnchors('the revision changed'));

    assert.equal(await vscode.commands.executeCommand('fixtureLab.showRelocation', { uri: fixture }), true);
    const shown = await eventually(() => {
      const d = vscode.window.visibleTextEditors.map((e) => e.document).find((x) => x.isUntitled && x.getText().includes('labels followed to'));
      assert.ok(d, 'the report is shown');
      return d;
    });
    assert.equal(shown.languageId, 'plaintext');
    const lines = shown.getText().split('\n');
    assert.equal(lines.length, 1 + report.relocations.length + 1 + 1, `a line per label, no more: ${shown.getText()}`);
    assert.equal(lines[1], `changed    ${SYMBOL} (${FILE}:1) [ground_truth, labels.${LABELER}, labels.${showBidi(VERIFIER)}]: its body differs: review the label`);
    assert.equal(lines[2], `moved      ${SYMBOL2} -> ${showBidi(MOVED)} (${showBidi(FILE2)}:1) [labels.${LABELER}]`);
    // The forged line is part of the gone one: its line break shown, not taken.
    assert.ok(lines[3].startsWith(`gone       a.gone\\nmoved      a.x -> a.y (forged.py:1) [ground_truth] [labels.${showBidi(VERIFIER)}]: defined neither at `), lines[3]);
    assert.ok(!shown.getText().includes(RLO), 'no bidi control reorders the report');
    // Both left as they were, so closing asks nothing: the report discarded, the edit reverted.
    for (const d of [shown, document]) {
      await vscode.window.showTextDocument(d);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    assert.equal(readFileSync(fixture.fsPath, 'utf8'), fixtureText);
  });
});
