// A hostile corpus in a real VS Code: a repository whose file name carries a backtick and a
// Markdown command link, a fixture whose id, task, reasons and symbols carry command links,
// images, HTML and bidi controls, and systems whose answers and errors carry the same. Every
// place Fixture Lab shows that text (notifications, progress, a quick input's prompt, the label
// and triage hovers) is read in the page: no link there runs a command but the extension's own
// labeling and triage actions, each carrying only a key; no link or image is made from the text;
// and clicking every other link changes no file. The old product failed each of these.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { readFixture } from '../../src/core';
import { revisionUri } from '../../src/extension/diff/revisions';
import { LABEL_LINKS } from '../../src/extension/labeling/hover';
import type { Services } from '../../src/extension/services';
import { TRIAGE_LINKS } from '../../src/extension/triage/hover';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';
import { Anchor, anchorsIn, canDriveUi, eventually, HOVER_CONTENTS, inNotificationCentre, journeySuite, notificationAnchors, notifications, NOTIFICATION_MESSAGES, screenshot, setRater, ui } from './helpers';

/** A link that, clicked in the old product, labeled `x` with the reason `pwned`: no prompt, one click. */
const PWN = '[pwn](command:fixtureLab.labelHigh?%5B%22x%22%2C%22pwned%22%5D)';
/** The issue's: a link that types a shell command into the terminal. */
const TERMINAL = '[run](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22touch%20pwned%5Cn%22%7D)';
const IMAGE = '![img](https://evil.example/i.png)';
const HTML = '<img src=x onerror=alert(1)>';
const RLO = '\u202E';

/** A repository file named with a backtick and a Markdown link: its definitions' names carry them. */
const FILE = `a\`${PWN}\`.py`;
const SYMBOL = `a\`${PWN}\`.total`;
const ID = `hostile-${PWN}`;
/** An id names result files, so systems run on a fixture only once its id is a plain name (issue 14). */
const RUN_ID = 'hostile-01';
const TASK = `Fix the total ${TERMINAL} ${PWN} ${IMAGE} ${HTML} ${RLO}gpj.exe $(zap)`;
const REASON = `${PWN} ${IMAGE} ${HTML} ${RLO}exe`;
/** What a system returns, and what another prints on failing. */
const RETURNED = [`${PWN}.x`, `${TERMINAL}`, `${IMAGE}`, `${HTML}`, `${RLO}gpj.exe`, `tests/${PWN}.check`];
const ERROR = `crashed: ${PWN} ${TERMINAL} ${IMAGE} ${HTML}`;

/** Anything of the hostile text that a link or image would have been made from. */
const FROM_TEXT = /pwn|pwned|sendSequence|evil\.example|%22x%22|onerror/i;
const OWN = new Set<string>([...LABEL_LINKS, ...TRIAGE_LINKS]);
const OWN_TITLES = new Set(['+ HIGH', '+ MEDIUM', 'Remove', 'Set category…', 'Confirm']);

/** The extension's own action: one of its hover commands, its title, and one argument, a key it looks up. */
function isOwn(a: Anchor): boolean {
  const m = /^command:(fixtureLab\.[\w.]+)\?(.*)$/.exec(a.href);
  if (a.tag !== 'a' || !m || !OWN.has(m[1]) || !OWN_TITLES.has(a.text)) return false;
  try {
    const args = JSON.parse(decodeURIComponent(m[2])) as unknown;
    return Array.isArray(args) && args.length === 1 && JSON.stringify(Object.keys(args[0] as object)) === '["link"]' && /^(symbol|miss)-\d+$/.test((args[0] as { link: string }).link);
  } catch {
    return false;
  }
}
const OWN_HREF = `^command:fixtureLab\\.(${[...OWN].map((c) => c.slice('fixtureLab.'.length)).join('|')})\\?%5B%7B%22link%22%3A%22(symbol|miss)-\\d+%22%7D%5D$`;

/** No link or image but the extension's own actions, and none made from the hostile text. */
function assertInert(where: string, anchors: Anchor[]): void {
  const foreign = anchors.filter((a) => !isOwn(a));
  assert.deepEqual(foreign, [], `${where} shows links or images that are not Fixture Lab's own actions`);
  assert.deepEqual(anchors.filter((a) => FROM_TEXT.test(`${a.href} ${a.text}`)), [], `${where} made a link from the hostile text`);
}

/** Every file under `dirs`, and the text of the open documents of `docs`, as one digest: what a click could change. */
function snapshot(dirs: string[], docs: vscode.Uri[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === '.git') {
        if (statSync(path).isDirectory()) hash.update(readFileSync(join(path, 'HEAD')));
        continue;
      }
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  dirs.forEach(walk);
  for (const d of vscode.workspace.textDocuments.filter((d) => docs.some((u) => u.toString() === d.uri.toString()))) hash.update(d.uri.fsPath).update(d.getText());
  return hash.digest('hex');
}

describe('a hostile corpus: text from fixtures, repositories and systems cannot act', function () {
  this.timeout(180_000);
  let s: Services;
  const workspace = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const saved = new Map<string, string>();
  const made = journeySuite((services) => (s = services), async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    for (const [name, text] of saved) writeFileSync(join(workspace(), name), text);
  });
  let repo: TestRepo;
  let base: string;
  let head: string;
  let answers: string;
  let fixture: vscode.Uri;

  before(async function () {
    if (!canDriveUi()) this.skip(); // what is shown is read in the page: code-server only
    // The repository: one Python file whose name breaks out of a one-backtick code span.
    repo = new TestRepo();
    base = repo.commit('base', { [FILE]: 'def total():\n    return 1\n' });
    head = repo.commit('head', { [FILE]: 'def total():\n    return 2\n' });
    assert.deepEqual(repo.git('ls-files').split('\n'), [FILE], 'git keeps the name as it is');

    // Two systems: one answers with hostile names once the test has read its progress (the file
    // `go`; a minute at most), one fails with a hostile error.
    answers = tempDir({ 'answer.txt': RETURNED.join('\n') + '\n', 'error.txt': ERROR + '\n' });
    for (const name of ['repos.yaml', 'systems.yaml']) saved.set(name, readFileSync(join(workspace(), name), 'utf8'));
    writeFileSync(join(workspace(), 'repos.yaml'), `${saved.get('repos.yaml')}  - name: hostile\n    language: [python]\n    path: ${JSON.stringify(repo.dir)}\n`);
    writeFileSync(join(workspace(), 'systems.yaml'), `${saved.get('systems.yaml')}
  - name: hostile
    type: command
    query: [/bin/sh, -c, ${JSON.stringify(`for i in $(seq 600); do [ -e '${answers}/go' ] && break; sleep 0.1; done; cat '${answers}/answer.txt'`)}]
    parse: {format: lines}
  - name: hostile-fails
    type: command
    query: [/bin/sh, -c, ${JSON.stringify(`cat '${answers}/error.txt' >&2; exit 1`)}]
    parse: {format: lines}
`);
    const dir = join(workspace(), 'tasks', 'hostile', 'easy');
    mkdirSync(dir, { recursive: true });
    made.push(join(workspace(), 'tasks', 'hostile'));
    const path = join(dir, '01-hostile.yaml');
    writeFileSync(path, [
      `id: ${JSON.stringify(ID)}`,
      'repo: hostile',
      'difficulty: easy',
      `task: ${JSON.stringify(TASK)}`,
      `diff: {base: "${base}", head: "${head}"}`,
      `candidates: [${JSON.stringify(SYMBOL)}]`,
      `ground_truth:\n  - {symbol: ${JSON.stringify(SYMBOL)}, confidence: HIGH, reason: ${JSON.stringify(REASON)}}`,
      'labeler: dana',
      'verifier: lee',
      '',
    ].join('\n'));
    fixture = vscode.Uri.file(path);
    assert.equal(readFixture(readFileSync(path, 'utf8'), path).fixture.id, ID);
    s.corpus.reload();
    await vscode.commands.executeCommand('notifications.clearAll');
  });


  /** Clears the notifications, does `act`, then reads the links in the notification that says `contains`. */
  async function notified(contains: string, act: () => Thenable<unknown>): Promise<Anchor[]> {
    await vscode.commands.executeCommand('notifications.clearAll');
    await act();
    // When the message never comes, say what was shown instead: a flake here once said only "timeout".
    const anchors = await notificationAnchors(contains).catch(async (e: unknown) => {
      throw new Error(`no notification says ${contains} (${String(e).split('\n')[0]}); shown: ${JSON.stringify(await notifications())}`);
    });
    const texts = await notifications();
    assert.ok(texts.some((t) => t.includes(contains)), `a notification says ${contains}: ${JSON.stringify(texts)}`);
    return anchors;
  }

  it('notifications and a quick input\'s prompt show the hostile text as text: the blind review, the error wrapper, agreement, a guardrail', async () => {
    const onDisk = readFileSync(fixture.fsPath, 'utf8');
    // The verifier opens it: the blind-review message carries the task text.
    await setRater('lee');
    const blind = await notified('blind review of hostile-', () => vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture }));
    assertInert('the blind-review notification', blind);
    const shown = await notifications();
    assert.ok(shown.some((t) => t.includes('Fix the total [run] (command:workbench.action.terminal.sendSequence') && t.includes('\\u202Egpj.exe $ (zap)')), JSON.stringify(shown));
    await screenshot('40-hostile-notification');

    // The error wrapper: a symbol a system returned, opened from the panel, is not defined.
    const error = await notified('is not defined at', () => vscode.commands.executeCommand('fixtureLab.revealSymbol', { symbol: RETURNED[0] }));
    assertInert('the error notification', error);

    // Agreement, with the fixture's id: asked by the labeler (a blind verifier is told it waits for the finish).
    await setRater('dana');
    const agreement = await notified('kappa', () => vscode.commands.executeCommand('fixtureLab.showAgreement', { uri: fixture }));
    assertInert('the agreement notification', agreement);

    // A guardrail warning, naming the symbol being labeled (a test symbol; the task is not about tests).
    await setRater('dana');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    const guardrail = await notified('a test symbol', () => vscode.commands.executeCommand('fixtureLab.labelHigh', { symbol: RETURNED[5], reason: 'a reason' }));
    assertInert('the guardrail warning', guardrail);
    await vscode.commands.executeCommand('undo');
    await eventually(async () => assert.equal((await vscode.workspace.openTextDocument(fixture)).getText(), onDisk));

    // An input box's prompt renders links too: the symbol asked about is in it.
    const asking = vscode.commands.executeCommand('fixtureLab.addLabel', { uri: fixture, symbol: RETURNED[0], confidence: 'HIGH' });
    const prompt = await anchorsIn('.quick-input-widget .quick-input-message', 'Why does the task need');
    assertInert('the input box prompt', prompt);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await asking, false);
    assert.equal(readFileSync(fixture.fsPath, 'utf8'), onDisk, 'showing the text changed no fixture');
  });

  it('a run of systems answering and failing with hostile text: its refusal of the hostile id, and its progress, show the text as text', async () => {
    await setRater('dana');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    // The run takes the session's fixture: wait until it is this one (on a loaded machine the open settles late).
    await eventually(async () => assert.equal((await s.session.current())?.fixture.id, ID));
    // The id cannot name result files: the run is refused before anything runs, naming the id as text.
    const refused = await notified('before running systems on it', () => vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems: ['hostile', 'hostile-fails'] }).then((run) => assert.equal(run, undefined, 'the run started')));
    assertInert('the run\'s refusal', refused);
    // Fixed as the message says; the task, reasons and symbols stay hostile.
    writeFileSync(fixture.fsPath, readFileSync(fixture.fsPath, 'utf8').replace(`id: ${JSON.stringify(ID)}`, `id: ${RUN_ID}`));
    s.corpus.reload();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    await eventually(async () => assert.equal((await s.session.current())?.fixture.id, RUN_ID));
    await vscode.commands.executeCommand('notifications.clearAll');
    const running = vscode.commands.executeCommand<string>('fixtureLab.runBenchmark', { systems: ['hostile', 'hostile-fails'] });
    let progress: Anchor[];
    try {
      // On a loaded machine the run may take a while to set out: each look waits 20 s.
      progress = await eventually(() => notificationAnchors('Fixture Lab: running hostile'), 60_000);
    } finally {
      // Read while running, or given up on: the slow system answers only now, and the run ends
      // before the next test wants to start one.
      writeFileSync(join(answers, 'go'), '');
    }
    const run = await running;
    assert.ok(run, 'the run finished');
    made.push(run);
    assertInert('the run\'s progress notification', progress);
    const raw = JSON.parse(readFileSync(join(run, 'raw', 'hostile-fails', `${RUN_ID}.json`), 'utf8')) as { status: string; error: string };
    assert.equal(raw.status, 'failed');
    assert.ok(raw.error.includes(PWN), raw.error);
  });

  it('the label and triage hovers over a file named with a backtick and a link show it as text, and link only to their own actions by key', async () => {
    await setRater('dana');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    await eventually(async () => assert.equal((await s.session.current())?.fixture.id, RUN_ID));
    // The head side of the hostile file, the cursor on `total`.
    const side = revisionUri({ repo: 'hostile', rev: head, path: FILE });
    const editor = await vscode.window.showTextDocument(side);
    const at = new vscode.Position(0, 'def '.length + 1);
    editor.selection = new vscode.Selection(at, at);

    // As the API gives it: the label hover names the symbol in a code span no backtick closes, and trusts its own commands only.
    const hovers = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', side, at);
      const md = found.flatMap((h) => h.contents).filter((c): c is vscode.MarkdownString => typeof c !== 'string' && 'value' in c);
      assert.ok(md.some((c) => c.value.includes('Fixture Lab triage')), 'the run\'s results are loaded: the triage hover is there');
      return md;
    }, 20_000);
    const label = hovers.find((c) => c.value.startsWith('**Fixture Lab** '))!;
    assert.ok(label.value.includes(`\`\`${SYMBOL}\`\``), label.value);
    for (const md of hovers.filter((c) => c.value.includes('Fixture Lab'))) {
      const trusted = md.isTrusted;
      assert.notEqual(trusted, true, 'never every command');
      if (typeof trusted === 'object') assert.ok(trusted.enabledCommands.every((c) => OWN.has(c)), JSON.stringify(trusted));
      assert.notEqual(md.supportHtml, true);
    }

    // As the page shows it.
    await vscode.commands.executeCommand('editor.action.showHover');
    const anchors = await anchorsIn(HOVER_CONTENTS, 'Fixture Lab');
    await screenshot('41-hostile-hover');
    assertInert('the hovers', anchors);
    // One hover, in sections: with the triage section there, the labels show without a link that edits the fixture.
    assert.ok(!anchors.some((a) => a.text === 'Remove'), 'no Remove link beside the triage section');
    assert.ok(anchors.some((a) => a.text === 'Set category…'), 'the triage hover offers its own actions');
    const [hoverText] = await ui([{ texts: HOVER_CONTENTS }]);
    const all = hoverText!.join('\n');
    assert.ok(all.includes(SYMBOL), 'the name is shown as it is');
    assert.ok(all.includes(`${PWN} ${IMAGE} ${HTML} \\u202Eexe`), `the reason is shown as text: ${all}`);

    // Clicking every link that is not a labeling or triage action changes nothing (there are none),
    // and clicking is what would have run one.
    const before = snapshot([workspace(), repo.dir], [fixture]);
    await vscode.commands.executeCommand('editor.action.showHover');
    await anchorsIn(HOVER_CONTENTS, 'Fixture Lab');
    const [clickedInHover] = await ui([{ clickLinks: HOVER_CONTENTS, except: OWN_HREF }]);
    assert.deepEqual(clickedInHover, []);
    await setRater('lee');
    await notified('blind review of', () => vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture }));
    const [clickedInToasts] = await inNotificationCentre([{ clickLinks: NOTIFICATION_MESSAGES, except: OWN_HREF }]);
    assert.deepEqual(clickedInToasts, []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(snapshot([workspace(), repo.dir], [fixture]), before, 'no click changed a file');
    const current = readFixture((await vscode.workspace.openTextDocument(fixture)).getText(), fixture.fsPath).fixture;
    assert.ok(!current.ground_truth.some((l) => l.symbol === 'x' || l.reason === 'pwned'), 'nothing was labeled `x` with the reason `pwned`');

    // A link's key the extension never gave labels nothing, whatever comes with it.
    await setRater('dana');
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri: fixture });
    const stale = await notified('out of date', () => vscode.commands.executeCommand('fixtureLab.labelHigh', { link: 'symbol-999999' }));
    assertInert('the stale-link error', stale);
    assert.equal(snapshot([workspace(), repo.dir], [fixture]), before, 'nothing changed');
  });
});
