// What the workbench journeys share: the services, the rater setting, fixture copies, and steps
// in the workbench page as a person takes them (typing into a quick input, picking an item, reading
// what is shown), done by the outer runner (test/vscode/integration.mjs): NAME.ui.json in the
// FIXTURE_LAB_SCREENSHOTS folder, answered in NAME.ui.result.json, like ui.ts's screenshot and
// webview requests. Code-server runs only: under @vscode/test-electron `ui()` throws.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../src/extension/services';
import type { HostMessage } from '../../src/shared/protocol';
import { eventually } from './ui';

export { eventually, screenshot } from './ui';

export const EXTENSION = 'fixture-lab.fixture-lab';

const requests = (): string | undefined => process.env.FIXTURE_LAB_SCREENSHOTS;

/** The extension's services (its exports: the API for its own tests). */
export function services(): Services {
  const s = vscode.extensions.getExtension<Services>(EXTENSION)!.exports;
  assert.ok(s?.fixturesTree, 'the extension returns its services');
  return s;
}

/** True when the page can be driven (`ui()`): code-server runs. */
export const canDriveUi = (): boolean => requests() !== undefined;

/** One thing done in the page, as a person does it. */
export type UiStep =
  /**
   * Waits for the quick input whose title, placeholder or prompt contains `expect`, types `input`,
   * presses Enter; `screenshot` names a screenshot taken before Enter.
   */
  | { expect: string; input: string; screenshot?: string }
  /** Waits for the quick pick whose title or placeholder contains `expect`, filters by `pick`, clicks the item labeled so. */
  | { expect: string; pick: string; screenshot?: string }
  /** Reads the visible text of every element matching a CSS selector. */
  | { texts: string }
  /**
   * Waits for a visible element matching `anchors` (holding `contains`, when given), then reads every
   * link and image inside every visible match, as JSON `{tag, href, text}` (href: a link's
   * data-href or href, an image's src).
   */
  | { anchors: string; contains?: string }
  /** Clicks every link inside the visible elements matching `clickLinks` whose target does not match `except` (a RegExp source); the targets clicked. */
  | { clickLinks: string; except?: string }
  /** Rests the mouse on the first visible element matching `hover` (holding `contains`): a tree row's tooltip shows. */
  | { hover: string; contains?: string }
  /**
   * Clicks the first visible element matching `click` (holding `contains`), `times` times `everyMs`
   * apart (default once), holding `modifiers` (Control: add a tree row to the selection); with
   * `until`, on from then until `stopClicking(until)`; when each click was made.
   */
  | { click: string; contains?: string; times?: number; everyMs?: number; until?: string; modifiers?: ('Control' | 'Shift')[] }
  /** The attribute `attr` of every element matching `attrs`, shown or not. */
  | { attrs: string; attr: string }
  /** Each visible element matching `fits`: its text, a tab, and `whole` or `cut` (its text overflows its box, or a box around it clips it). */
  | { fits: string };

/** A link or image the page shows (a UiStep `anchors` result, parsed). */
export interface Anchor {
  tag: 'a' | 'img';
  href: string;
  text: string;
}

let uiRequests = 0;

/** Has the outer runner do `steps` in the page, in order; resolves to each step's result (texts, or null). */
export async function ui(steps: UiStep[], timeoutMs = 150_000): Promise<(string[] | null)[]> {
  const dir = requests();
  if (!dir) throw new Error('no page to drive: the UI steps need the code-server runner (FIXTURE_LAB_SCREENSHOTS)');
  const name = `ui-${process.pid}-${++uiRequests}`;
  const answer = join(dir, `${name}.ui.result.json`);
  writeFileSync(join(dir, `${name}.ui.json.tmp`), JSON.stringify({ steps }));
  renameSync(join(dir, `${name}.ui.json.tmp`), join(dir, `${name}.ui.json`));
  const result = await eventually(() => JSON.parse(readFileSync(answer, 'utf8')) as { ok: boolean; results?: (string[] | null)[]; error?: string }, timeoutMs);
  rmSync(answer, { force: true });
  if (!result.ok) throw new Error(`in the page: ${result.error}`);
  return result.results!;
}

/** Ends the clicks of a `click` step with `until: name` (after the click it is making). */
export function stopClicking(name: string): void {
  const dir = requests();
  if (dir) writeFileSync(join(dir, `${name}.stop`), '');
}

/**
 * Where the notification centre shows each notification's message. The centre, not the toasts:
 * under load VS Code shows toasts late or not at all (at most three within 800 ms; seen here, the
 * fourth of four identical errors never shown), while the centre lists every notification.
 */
export const NOTIFICATION_MESSAGES = '.notifications-center .notification-list-item-message';

/** Does `steps` in the page with the notification centre open, then closes it. */
export async function inNotificationCentre(steps: UiStep[]): Promise<(string[] | null)[]> {
  await vscode.commands.executeCommand('notifications.showList');
  try {
    return await ui(steps);
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}

/** Every notification now listed (shown as a toast or not): its source, message and buttons. */
export async function notifications(): Promise<string[]> {
  const [texts] = await inNotificationCentre([{ texts: '.notifications-center .notification-list-item' }]);
  return texts!;
}

/** The links and images in the notification that says `contains`, once one does. */
export async function notificationAnchors(contains: string): Promise<Anchor[]> {
  const [found] = await inNotificationCentre([{ anchors: NOTIFICATION_MESSAGES, contains }]);
  return found!.map((a) => JSON.parse(a) as Anchor);
}

/** Where the page shows a hover's Markdown. */
export const HOVER_CONTENTS = '.monaco-hover .hover-contents';
const VIEW_NAMES = { fixtures: 'Fixtures', candidates: 'Candidates', triage: 'Triage', settle: 'Settle', toJudge: 'To Judge' } as const;

/** A row of a Fixture Lab view in the side bar (tree rows of the Fixtures, Candidates, Triage, Settle and To Judge views). */
export const VIEW_ROW = (view: keyof typeof VIEW_NAMES): string =>
  `[id="workbench.view.extension.fixtureLab"] .pane:has(.pane-header[aria-label*="${VIEW_NAMES[view]}"]) .monaco-list-row`;

/**
 * Clicks the Settle or To Judge row showing `shown` (its view focused first with `focus`), and waits
 * for the code the click opens: `symbol`'s name selected at the fixture's revision. The fixture's
 * YAML is put in front first, so the editor awaited is this click's (a row already selected sends no
 * selection change, and its command waits up to 2 s for one before it opens the code). A reveal
 * still to come would take the focus from a picker opened next (Rule…) and close it.
 */
export async function clickRowAwaitingReveal(row: string, shown: string, symbol: string, fixture: vscode.Uri, focus: string): Promise<void> {
  await vscode.window.showTextDocument(fixture);
  await vscode.commands.executeCommand(focus);
  await ui([{ click: row, contains: shown }]);
  const name = symbol.split(/[./]/).at(-1)!;
  await eventually(() => {
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'fixture-lab-rev');
    assert.equal(editor.document.uri.path.endsWith('.yaml'), false);
    assert.equal(editor.document.getText(editor.selection), name);
  });
}

/** Replaces the first `from` in `document` with `to`, as one edit typed in the editor (unsaved). */
export async function replaceFirst(document: vscode.TextDocument, from: string, to: string): Promise<void> {
  const at = document.getText().indexOf(from);
  assert.ok(at >= 0, `${document.uri.fsPath} holds ${from}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(at), document.positionAt(at + from.length)), to);
  assert.equal(await vscode.workspace.applyEdit(edit), true);
}

/** The links and images inside what `selector` shows, once one holds `contains`. */
export async function anchorsIn(selector: string, contains?: string): Promise<Anchor[]> {
  const [found] = await ui([{ anchors: selector, ...(contains ? { contains } : {}) }]);
  return found!.map((a) => JSON.parse(a) as Anchor);
}

/**
 * What every journey suite does around its tests, called inside its describe(): `started` gets the
 * services before the first test; before each, a quick input left open by a failed test is closed
 * (it would stand in front of the next); after the last, the panel is closed, every editor closed,
 * `cleanup` run, the paths in the returned list removed, the corpus reloaded and the rater unset.
 */
export function journeySuite(started: (s: Services) => void, cleanup?: () => Promise<unknown> | void): string[] {
  const made: string[] = [];
  let s: Services | undefined;
  before(() => {
    s = services();
    started(s);
  });
  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });
  after(async () => {
    if (!s) return;
    s.panel()?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await cleanup?.();
    for (const path of made) rmSync(path, { recursive: true, force: true });
    s.corpus.reload();
    await setRater(undefined);
  });
  return made;
}

export async function setRater(name: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('fixtureLab').update('raterName', name, vscode.ConfigurationTarget.Global);
}

/** A commit on top of `parent` with `files` written (path -> text), made without touching refs or the working tree. */
export function commitObjects(repo: string, parent: string, files: Record<string, string>, message: string): string {
  const env = { ...process.env, GIT_INDEX_FILE: join(tmpdir(), `fixture-lab-index-${process.pid}`), GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' };
  const git = (args: string[], input?: string) => execFileSync('git', ['-C', repo, ...args], { env, encoding: 'utf8', input }).trim();
  try {
    git(['read-tree', parent]);
    for (const [path, text] of Object.entries(files)) git(['update-index', '--add', '--cacheinfo', `100644,${git(['hash-object', '-w', '--stdin'], text)},${path}`]);
    return git(['commit-tree', git(['write-tree']), '-p', parent, '-m', message]);
  } finally {
    rmSync(env.GIT_INDEX_FILE, { force: true });
  }
}

/** A copy of a demo fixture beside it, with its own id; the caller removes it. */
export function copyFixture(relative: string, suffix: string): { uri: vscode.Uri; original: string } {
  const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const source = join(folder, 'tasks', relative);
  const original = readFileSync(source, 'utf8').replace(/^id: "([^"]+)"/m, `id: "$1-${suffix}"`);
  const path = source.replace(/\.yaml$/, `.integration-${suffix}-${process.pid}.yaml`);
  writeFileSync(path, original);
  return { uri: vscode.Uri.file(path), original };
}

/**
 * The head side of a demo change's web/src/cart.ts opened as a person opens it, and the `+ HIGH`
 * lens above CartView.render once the CodeLens are shown (the labeling journeys' first click).
 */
export async function renderLensOnHeadSide(head: string): Promise<{ side: vscode.Uri; editor: vscode.TextEditor; renderLine: number; high: vscode.CodeLens }> {
  const side = vscode.Uri.from({ scheme: 'fixture-lab-rev', path: '/web/src/cart.ts', query: `repo=bookshop&rev=${head}` });
  const editor = await vscode.window.showTextDocument(side);
  const renderLine = editor.document.getText().split('\n').findIndex((l) => l.includes('render(cart: CartDto)'));
  const lenses = await eventually(async () => {
    const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', side, 10);
    assert.ok(found.some((l) => l.command?.title === '+ HIGH'), 'CodeLens are shown');
    return found;
  });
  const high = lenses.find((l) => l.range.start.line === renderLine && l.command?.title === '+ HIGH');
  assert.ok(high, `a + HIGH lens above line ${renderLine + 1}`);
  return { side, editor, renderLine, high };
}

/**
 * The text of the hovers at a position, as a person reads it: markdown escapes undone, so a
 * check for a hidden reason cannot pass because the reason was shown escaped.
 */
export async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<{ shown: string; raw: string }> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
  const raw = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
  return { raw, shown: unescaped(raw) };
}

const unescaped = (markdown: string): string => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** What the hover links titled `title` label: the symbol each link's key stands for. */
export function linkedSymbols(s: Services, raw: string, title: string): string[] {
  const links = [...raw.matchAll(/\[((?:[^\]\\]|\\.)+)\]\(command:[\w.]+\?([^ )]+)/g)].filter((m) => unescaped(m[1]) === title);
  return links.map((m) => s.links.symbols.resolve((JSON.parse(decodeURIComponent(m[2])) as [{ link: string }])[0]));
}

/**
 * What the harness panel posts from now on, heard through its host's onDidPost: `of(type)` lists
 * the messages of one type in order. Dispose it in `after`.
 */
export function panelMessages(s: Services): vscode.Disposable & { of<T extends HostMessage['type']>(type: T): Extract<HostMessage, { type: T }>[]; all(): HostMessage[] } {
  const log: HostMessage[] = [];
  const subscription = s.panels.onDidPost((m) => log.push(m));
  return {
    of: <T extends HostMessage['type']>(type: T) => log.filter((m): m is Extract<HostMessage, { type: T }> => m.type === type),
    all: () => [...log],
    dispose: () => subscription.dispose(),
  };
}

type PanelLog = ReturnType<typeof panelMessages>;
type PanelResults = NonNullable<Extract<HostMessage, { type: 'results' }>['results']>;

/**
 * A fixture opened, the benchmark panel opened on it, `systems` run by the panel's command (the
 * panel journey clicks Run; these tests are about what the page shows after), and the run's
 * results once every row of the systems run is in: what a test about the page after a run needs.
 */
export async function runFromPanel(messages: PanelLog, fixture: vscode.Uri, systems: string[]): Promise<PanelResults> {
  const id = await vscode.commands.executeCommand<string>('fixtureLab.openFixture', { uri: fixture });
  await vscode.commands.executeCommand('fixtureLab.openPanel');
  await eventually(() => assert.equal(messages.of('fixture').at(-1)?.header?.id, id), 20_000);
  const before = messages.of('runFinished').length;
  await vscode.commands.executeCommand('fixtureLab.runBenchmark', { systems, budget: 5000, match: 'bounded' });
  const finished = await eventually(() => {
    const done = messages.of('runFinished').slice(before).at(-1);
    assert.ok(done, 'the run finished');
    return done;
  }, 150_000);
  assert.equal(finished.cancelled, false, finished.error);
  const results = await eventually(() => {
    const last = messages.of('results').at(-1)?.results;
    const ran = last?.rows.filter((r) => systems.includes(r.system));
    assert.ok(last && last.run === finished.run && ran?.length === systems.length && ran.every((r) => r.status === 'ok') && last.checks,
      JSON.stringify(last?.rows.map((r) => [r.system, r.status])));
    return last;
  }, 20_000);
  return results;
}

/**
 * Labels as a test compares them: without what each records of the code (`at`, `body_hash`), which
 * the revision decides; every one of them checked to have been made at `rev` with a body hash.
 */
export function labelsMadeAt<T extends { at?: string; body_hash?: string }>(labels: T[], rev: string): Omit<T, 'at' | 'body_hash'>[] {
  return labels.map(({ at, body_hash, ...rest }) => {
    assert.equal(at, rev, 'the label records the revision it was made at');
    assert.match(body_hash ?? '', /^[0-9a-f]{16}$/, 'the label records its body hash');
    return rest;
  });
}
