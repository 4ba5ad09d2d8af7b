// The Fixtures view: corpus -> repo -> tier -> fixture, each fixture with its state, its
// ground-truth count (n/15) and its kappa, as the rater may see them (a blind review says so and
// counts only their own labels); a filter by state, repo, tier and text. The view model (what rows
// say) is pure and unit-tested; this file only hands it to VS Code.
import * as vscode from 'vscode';
import { Corpus, FixtureFile, fixtureView, FixtureView, TIERS } from '../../core';
import { commandOf } from '../commands/args';
import type { Session } from '../labeling/session';
import { fixtureRow, FixtureFilter, matchesFilter } from './viewModels';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { Owner } from '../lifetimes';

type Shown = { file: FixtureFile; view: FixtureView };

type Node =
  | { kind: 'repo'; name: string }
  | { kind: 'tier'; repo: string; tier: string }
  | ({ kind: 'fixture' } & Shown);

export class FixturesTree extends Owner implements vscode.TreeDataProvider<Node> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  filter: FixtureFilter = {};

  constructor(private readonly corpus: WorkspaceCorpus, private readonly session: Session) {
    // A new rater name reloads the corpus (any fixtureLab setting does), and so the rows.
    super();
    this._register(corpus.onDidChange(() => this.changed.fire()));
  }

  setFilter(filter: FixtureFilter): void {
    this.filter = filter;
    this.changed.fire();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const corpus = await this.corpus.get();
    if (!corpus) return [];
    const visible = await this.visible(corpus);
    if (!node) return [...new Set(visible.map(({ file: f }) => f.read.fixture.repo ?? '?'))].sort().map((name) => ({ kind: 'repo', name }));
    if (node.kind === 'repo') {
      const tiers = new Set(visible.filter(({ file: f }) => f.read.fixture.repo === node.name).map(
        ({ file: f }) => f.placement[1] ?? f.read.fixture.difficulty ?? '?'));
      return [...tiers].sort((a, b) => TIERS.indexOf(a as never) - TIERS.indexOf(b as never)).map((tier) => ({ kind: 'tier', repo: node.name, tier }));
    }
    if (node.kind === 'tier') {
      return visible.filter(({ file: f }) => f.read.fixture.repo === node.repo && (
        f.placement[1] ?? f.read.fixture.difficulty) === node.tier).map((shown) => ({ kind: 'fixture', ...shown }));
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'repo') return Object.assign(
      new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded), { iconPath: new vscode.ThemeIcon('repo'), contextValue: 'repo' });
    if (node.kind === 'tier') return Object.assign(
      new vscode.TreeItem(node.tier, vscode.TreeItemCollapsibleState.Expanded), { iconPath: new vscode.ThemeIcon('layers'), contextValue: 'tier' });
    const row = fixtureRow(node.view, node.file.placement[2]);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = new vscode.ThemeIcon(row.icon);
    item.contextValue = `fixture.${row.state.replace(' ', '-')}`;
    item.resourceUri = vscode.Uri.file(node.file.path);
    item.command = commandOf('fixtureLab.openFixture', 'Open Fixture', { uri: vscode.Uri.file(node.file.path) });
    return item;
  }

  /** The fixtures the filter lets through, each as the rater may see it (the filter looks at no more). */
  private async visible(corpus: Corpus): Promise<Shown[]> {
    const rater = await this.session.rater();
    const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
    return corpus.fixtures
      .map((file) => ({ file, view: fixtureView(file.read.fixture, rater, { module: modules.get(file.read.fixture.repo ?? '') }) }))
      .filter(({ view }) => matchesFilter(view, this.filter));
  }
}
