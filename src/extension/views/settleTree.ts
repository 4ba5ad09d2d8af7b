// The adjudicator's views of the open fixture (docs/agreement.md#the-settle-view-and-to-judge): Settle
// lines up both raters' ratings per item (the conflicts only, until Show All Items), with each
// rater's reason and why the symbol is a candidate under the row and the symbol's code in its hover;
// To judge lists the pooled symbols nobody judged. A Settle row's one inline action, Rule…, picks
// Include HIGH, Include MEDIUM or Exclude (its context menu has the three), so that beside it at the
// side bar's default width the row's ratings or ruling stay whole; a To judge row has the three
// inline, for judging many in a row (commands/settle.ts). A click opens its code at the fixture's revision.
// As in the Fixtures view, a row's click command carries no arguments: it opens the row last
// selected in either view (pickedRow.ts).
// What the rows say is the core's (settleView.ts); fixtures' text is set as plain labels, and hovers
// are Markdown that trusts nothing, built by the core's escaping helpers.
import * as vscode from 'vscode';
import {
  candidateWhy, CodeExcerpt, definitionOf, judgeTooltip, JudgeRow, languageOf, plainText, rowDetails, settleTooltip, SettleRow, settleView, toJudgeView,
} from '../../core';
import { commandOf, executeCommand, TakenBy } from '../commands/args';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { Current, Session } from '../labeling/session';
import { FixtureLabError } from '../../core';
import { Owner } from '../lifetimes';
import { PickedRow, type PickedView } from './pickedRow';

/** A row is its inline actions' argument as it is (VS Code passes the item): `symbol` is what they rule on. */
type Rulable<T extends { symbol: string; unjudged?: boolean }> =
  TakenBy<'fixtureLab.rule', TakenBy<'fixtureLab.ruleHigh', TakenBy<'fixtureLab.ruleMedium', TakenBy<'fixtureLab.ruleExcluded', T>>>>;

export type SettleNode =
  | Rulable<{ kind: 'row'; symbol: string; row: SettleRow; settleable: boolean }>
  | { kind: 'detail'; text: string; parent: string }
  | { kind: 'note'; text: string };

export type JudgeNode = Rulable<{ kind: 'pooled'; symbol: string; row: JudgeRow; unjudged: true; judgeable: boolean }> | { kind: 'note'; text: string };

/** The context key the Settle view's title toggles on (package.json's menus read it). */
const SHOW_ALL_KEY = 'fixtureLab.settleShowsAll';

/** A tooltip that is only ever text: no command, no HTML, no theme icon. */
function untrustedMarkdown(value: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(value);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

/** The code of `symbol` at the fixture's revision (diff.base, else commit), for a hover; undefined when not found. */
async function codeOf(corpus: WorkspaceCorpus, c: Current, symbol: string): Promise<CodeExcerpt | undefined> {
  const f = c.fixture;
  const rev = f.diff?.base ?? f.commit;
  if (!f.repo || !rev) return undefined;
  const repo = await corpus.repository(f.repo);
  const def = await definitionOf(repo, rev, symbol);
  if (!def) return undefined;
  const file = await repo.readFile(rev, def.file);
  if (file.kind !== 'text') return undefined;
  const text = file.text.split('\n').slice(def.startLine - 1, def.endLine).join('\n');
  return { file: def.file, startLine: def.startLine, text, language: languageOf(def.file) };
}

/** Each view's row click: a command of its own, so that the command names the view clicked. */
const OPEN_ROW = { settle: 'fixtureLab.openSelectedSymbol', toJudge: 'fixtureLab.openSelectedToJudgeSymbol' } as const;

/** What both views share: they follow the current fixture, and look up why and code per symbol once per fixture version. */
abstract class FixtureTree<N> extends Owner implements vscode.TreeDataProvider<N> {
  protected readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  protected current?: Current;

  constructor(protected readonly corpus: WorkspaceCorpus, session: Session, private readonly picked: PickedRow) {
    super();
    this._register(session.onDidChange((c) => {
      this.current = c;
      this.changed.fire();
    }));
  }

  abstract getChildren(node?: N): Promise<N[]>;
  abstract getTreeItem(node: N): vscode.TreeItem;

  protected async why(c: Current, symbol: string): Promise<string | undefined> {
    const f = c.fixture;
    if (!f.repo || !f.diff) return undefined;
    return candidateWhy(await this.corpus.candidates(f.repo, f.diff.base, f.diff.head).catch(() => undefined), symbol, c);
  }

  protected code(c: Current, symbol: string): Promise<CodeExcerpt | undefined> {
    return codeOf(this.corpus, c, symbol).catch(() => undefined);
  }

  private view?: vscode.TreeView<N>;

  /** The view showing this tree: its selection is what a row's click opens. */
  attach(view: vscode.TreeView<N>): void {
    this.view = view;
    this.picked.attach(this.pickedAs, view);
    this._register(view.onDidChangeSelection(() => this.picked.selected(this.pickedAs)));
  }

  /** Beside the view's name in its title (`2 of 3 conflicts open`), and above its rows; nothing when undefined. */
  protected say(description: string | undefined, message?: string): void {
    if (!this.view) return;
    this.view.description = description;
    // Plain text: the view shows a string message as it is, and a rater's name is the fixture's text.
    this.view.message = message === undefined ? undefined : plainText(message);
  }

  /** Which view's selection this tree's row clicks open. */
  protected abstract readonly pickedAs: PickedView;

  protected reveal(item: vscode.TreeItem): void {
    item.command = commandOf(OPEN_ROW[this.pickedAs], 'Open Its Code');
  }
}

export class SettleTree extends FixtureTree<SettleNode> {
  protected readonly pickedAs = 'settle';
  private all = false;

  get showAll(): boolean {
    return this.all;
  }

  /** Every item (true), or only the conflicts (false, the default). */
  async setShowAll(all: boolean): Promise<void> {
    this.all = all;
    await vscode.commands.executeCommand('setContext', SHOW_ALL_KEY, all);
    this.changed.fire();
  }

  async getChildren(node?: SettleNode): Promise<SettleNode[]> {
    const c = this.current;
    if (node?.kind === 'row') {
      return rowDetails(node.row, c && (await this.why(c, node.symbol))).map((text) => ({ kind: 'detail', text, parent: node.symbol }));
    }
    if (node) return [];
    if (!c) {
      this.say(undefined);
      return [{ kind: 'note', text: 'Open a reviewed fixture to settle its conflicts.' }];
    }
    const view = settleView(c.fixture, c.rater, this.all, c);
    this.say(view.progress, view.raters);
    const rows: SettleNode[] = view.rows.map((row) => ({ kind: 'row', symbol: row.symbol, row, settleable: view.settleable }));
    return view.note ? [...rows, { kind: 'note', text: view.note }] : rows;
  }

  getTreeItem(node: SettleNode): vscode.TreeItem {
    if (node.kind === 'note') return new vscode.TreeItem(plainText(node.text));
    if (node.kind === 'detail') {
      const item = new vscode.TreeItem(plainText(node.text));
      item.tooltip = plainText(node.text);
      item.id = `detail:${node.parent}:${node.text.slice(0, node.text.indexOf(':'))}`;
      return item;
    }
    const { row } = node;
    const item = new vscode.TreeItem(plainText(row.label), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `row:${row.symbol}`;
    item.description = plainText(row.description);
    item.iconPath = new vscode.ThemeIcon(row.ruling ? 'pass' : row.conflict ? 'warning' : 'circle-large-outline');
    // Settled rows keep their actions: a second ruling replaces the first.
    item.contextValue = !node.settleable ? 'settle.locked' : row.ruling ? 'settle.settled' : row.conflict ? 'settle.conflict' : 'settle.agreed';
    this.reveal(item);
    return item;
  }

  /** The hover, made when it is shown: both raters side by side, why it is a candidate, the ruling, the code. */
  async resolveTreeItem(item: vscode.TreeItem, node: SettleNode): Promise<vscode.TreeItem> {
    const c = this.current;
    if (node.kind !== 'row' || !c) return item;
    const [why, code] = await Promise.all([this.why(c, node.symbol), this.code(c, node.symbol)]);
    item.tooltip = untrustedMarkdown(settleTooltip(node.row, why, code));
    return item;
  }
}

export class ToJudgeTree extends FixtureTree<JudgeNode> {
  protected readonly pickedAs = 'toJudge';
  getChildren(node?: JudgeNode): Promise<JudgeNode[]> {
    return Promise.resolve(this.children(node));
  }

  private children(node?: JudgeNode): JudgeNode[] {
    const c = this.current;
    if (node) return [];
    if (!c) return [{ kind: 'note', text: 'Open a fixture to judge what systems found that no rater judged.' }];
    const view = toJudgeView(c.fixture, c.rater, c);
    const rows: JudgeNode[] = view.rows.map((row) => ({ kind: 'pooled', symbol: row.symbol, row, unjudged: true, judgeable: view.judgeable }));
    return view.note ? [...rows, { kind: 'note', text: view.note }] : rows;
  }

  getTreeItem(node: JudgeNode): vscode.TreeItem {
    if (node.kind === 'note') return new vscode.TreeItem(plainText(node.text));
    const item = new vscode.TreeItem(plainText(node.row.label));
    item.id = `pooled:${node.symbol}`;
    item.description = plainText(node.row.description);
    item.iconPath = new vscode.ThemeIcon('question');
    item.contextValue = node.judgeable ? 'pooled' : 'pooled.locked';
    this.reveal(item);
    return item;
  }

  async resolveTreeItem(item: vscode.TreeItem, node: JudgeNode): Promise<vscode.TreeItem> {
    const c = this.current;
    if (node.kind !== 'pooled' || !c) return item;
    item.tooltip = untrustedMarkdown(judgeTooltip(node.row, await this.code(c, node.symbol)));
    return item;
  }
}

/** Open the code of the row selected in Settle or To judge (the rows' click), at the open fixture's revision. */
export async function openPickedSymbol(picked: PickedRow, name: PickedView, session: Session): Promise<unknown> {
  const symbol = await picked.take(name);
  const c = await session.current();
  if (!symbol || !c) throw new FixtureLabError(`select a row in the ${name === 'settle' ? 'Settle' : 'To Judge'} view`);
  return executeCommand('fixtureLab.revealSymbol', { symbol, fixture: c.uri });
}
