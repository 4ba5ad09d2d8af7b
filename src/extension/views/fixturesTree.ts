// The Fixtures view: corpus -> repo -> tier -> fixture, each fixture with its state (the icon), its
// ground-truth count (n/15), its kappa and its unsaved labels, as the rater may see them (a blind
// review says so and counts only their own labels); a filter by state, repo, tier and text. The
// view model (what rows say) is pure and unit-tested; this file only hands it to VS Code.
//
// Rows stay the same objects with the same ids, and a save refreshes only the rows it changed: a
// refresh makes VS Code drop the commands of the rows it replaces, and a click on a row not yet
// redrawn then fails with "Actual command not found" (a command with arguments is kept by the
// extension host per row). So a row's command carries no arguments: Open Fixture reads the
// view's selection (selection.ts).
import * as vscode from 'vscode';
import { Corpus, FixtureFile, FixtureLabError, fixtureView, FixtureView, readFixture, TIERS } from '../../core';
import { commandOf, executeCommand } from '../commands/args';
import type { Session } from '../labeling/session';
import { drawnSelection } from './selection';
import type { UnsavedLabels } from '../labeling/unsaved';
import { fixtureRow, FixtureFilter, matchesFilter } from './viewModels';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { Owner } from '../lifetimes';

type Shown = { file: FixtureFile; view: FixtureView };

type Node =
  | { kind: 'repo'; key: string; name: string }
  | { kind: 'tier'; key: string; repo: string; tier: string }
  | { kind: 'fixture'; key: string; shown: Shown };

/** The command a fixture row runs: no arguments (see above); it opens the selected row's fixture. */
export const OPEN_SELECTED = 'fixtureLab.openSelectedFixture' as const;

export class FixturesTree extends Owner implements vscode.TreeDataProvider<Node> {
  private readonly changed = this._register(new vscode.EventEmitter<Node | Node[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  filter: FixtureFilter = {};
  /** Every node handed out, by key: the same object each time, so VS Code can refresh one in place. */
  private readonly nodes = new Map<string, Node>();
  /** The keys in view order and each fixture row as last drawn, to refresh only what changed. */
  private shape?: string;
  private readonly drawn = new Map<string, string>();
  /** The view showing this tree (main.ts sets it): Open Fixture reads its selection. */
  view?: vscode.TreeView<unknown>;

  constructor(private readonly corpus: WorkspaceCorpus, private readonly session: Session, private readonly unsaved: UnsavedLabels) {
    // A new rater name reloads the corpus (any fixtureLab setting does), and so the rows.
    super();
    this._register(corpus.onDidChange(() => void this.update()));
    // Unsaved edits change what a row counts (n/15, the state, "(3 open)"), not only its "unsaved".
    this._register(unsaved.onDidChange(() => void this.update()));
  }

  setFilter(filter: FixtureFilter): void {
    this.filter = filter;
    this.shape = undefined;
    this.changed.fire(undefined);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const corpus = await this.corpus.get();
    if (!corpus) return [];
    const visible = await this.visible(corpus);
    if (!node) this.shape = shapeOf(visible);
    if (!node) {
      const repos = [...new Set(visible.map(({ file: f }) => f.read.fixture.repo ?? '?'))].sort();
      return repos.map((name) => this.node({ kind: 'repo', key: `repo:${name}`, name }));
    }
    if (node.kind === 'repo') {
      const tiers = [...new Set(visible.filter(({ file: f }) => f.read.fixture.repo === node.name).map(({ file: f }) => tierOf(f)))];
      tiers.sort((a, b) => TIERS.indexOf(a as never) - TIERS.indexOf(b as never));
      return tiers.map((tier) => this.node({ kind: 'tier', key: `tier:${node.name}/${tier}`, repo: node.name, tier }));
    }
    if (node.kind === 'tier') {
      const rows = visible.filter(({ file: f }) => f.read.fixture.repo === node.repo && tierOf(f) === node.tier);
      return rows.map((shown) => this.node({ kind: 'fixture', key: `fixture:${shown.file.path}`, shown }));
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'repo') return Object.assign(
      new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded), { id: node.key, iconPath: new vscode.ThemeIcon('repo'), contextValue: 'repo' });
    if (node.kind === 'tier') return Object.assign(
      new vscode.TreeItem(node.tier, vscode.TreeItemCollapsibleState.Expanded),
      { id: node.key, iconPath: new vscode.ThemeIcon('layers'), contextValue: 'tier' });
    const { file, view } = node.shown;
    const row = fixtureRow(view, file.placement[2], this.unsaved.of(file.path));
    this.drawn.set(node.key, JSON.stringify(row));
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = node.key;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = new vscode.ThemeIcon(row.icon, row.color ? new vscode.ThemeColor(row.color) : undefined);
    item.contextValue = `fixture.${row.state.replace(' ', '-')}`;
    item.resourceUri = vscode.Uri.file(file.path);
    item.command = commandOf(OPEN_SELECTED, 'Open Fixture');
    return item;
  }

  getParent(node: Node): Node | undefined {
    if (node.kind === 'tier') return this.nodes.get(`repo:${node.repo}`);
    if (node.kind === 'fixture') return this.nodes.get(`tier:${node.shown.file.read.fixture.repo ?? '?'}/${tierOf(node.shown.file)}`);
    return undefined;
  }

  /** The fixture of the row selected in the view; a refresh that is redrawing it is waited for. */
  async selectedFixture(): Promise<vscode.Uri | undefined> {
    const node = (await drawnSelection(this.view)) as Node | undefined;
    return node?.kind === 'fixture' ? vscode.Uri.file(node.shown.file.path) : undefined;
  }

  /** The corpus changed (a save, a new file, a setting): refresh the rows that read differently now, or the whole tree when rows came or went. */
  private async update(): Promise<void> {
    const corpus = await this.corpus.get();
    const visible = corpus ? await this.visible(corpus) : [];
    if (this.shape === undefined || shapeOf(visible) !== this.shape) {
      this.shape = undefined;
      this.changed.fire(undefined);
      return;
    }
    const stale: Node[] = [];
    for (const shown of visible) {
      const node = this.nodes.get(`fixture:${shown.file.path}`);
      if (node?.kind !== 'fixture') continue;
      node.shown = shown;
      const row = fixtureRow(shown.view, shown.file.placement[2], this.unsaved.of(shown.file.path));
      if (this.drawn.get(node.key) !== JSON.stringify(row)) stale.push(node);
    }
    this.refresh(stale);
  }

  private refresh(nodes: Node[]): void {
    if (nodes.length) this.changed.fire(nodes);
  }

  /** The node for `key`, the same object as before (a fixture's refreshed with what it shows now). */
  private node(fresh: Node): Node {
    const known = this.nodes.get(fresh.key);
    if (!known) {
      this.nodes.set(fresh.key, fresh);
      return fresh;
    }
    if (known.kind === 'fixture' && fresh.kind === 'fixture') known.shown = fresh.shown;
    return known;
  }

  /** The fixture as its document reads while it has unsaved labels (the corpus reads files on disk). */
  private asEdited(file: FixtureFile): FixtureFile {
    if (this.unsaved.of(file.path) === 0) return file;
    const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file.path && d.isDirty);
    if (!document) return file;
    const text = document.getText();
    const read = readFixture(text, file.file);
    return read.parsed ? { ...file, text, read } : file;
  }

  /** The fixtures the filter lets through, each as the rater may see it (the filter looks at no more). */
  private async visible(corpus: Corpus): Promise<Shown[]> {
    const rater = await this.session.rater();
    const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
    return corpus.fixtures
      .map((file) => this.asEdited(file))
      .map((file) => ({ file, view: fixtureView(file.read.fixture, rater, { module: modules.get(file.read.fixture.repo ?? '') }) }))
      .filter(({ view }) => matchesFilter(view, this.filter));
  }
}

function tierOf(f: FixtureFile): string {
  return f.placement[1] ?? f.read.fixture.difficulty ?? '?';
}

/** Which rows the tree has, in order: when it is the same, rows are refreshed in place. */
function shapeOf(visible: Shown[]): string {
  return visible.map(({ file }) => `${file.read.fixture.repo ?? '?'}/${tierOf(file)}/${file.path}`).join('\n');
}

/** Open Fixture for the selected row (the rows' command). */
export async function openSelectedFixture(tree: FixturesTree): Promise<unknown> {
  const uri = await tree.selectedFixture();
  if (!uri) throw new FixtureLabError('select a fixture in the Fixtures view');
  return executeCommand('fixtureLab.openFixture', { uri });
}
