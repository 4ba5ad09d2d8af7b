// The Fixtures view: corpus -> repo -> tier -> fixture, each fixture with its state, its
// ground-truth count (n/15) and its kappa; a filter by state, repo, tier and text. The view
// model (what rows say) is pure and unit-tested; this file only hands it to VS Code.
import * as vscode from 'vscode';
import { Corpus, FixtureFile, TIERS } from '../../core';
import { fixtureRow, FixtureFilter, matchesFilter } from '../viewModels';
import { WorkspaceCorpus } from '../workspaceCorpus';

type Node =
  | { kind: 'repo'; name: string }
  | { kind: 'tier'; repo: string; tier: string }
  | { kind: 'fixture'; file: FixtureFile };

export class FixturesTree implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  filter: FixtureFilter = {};

  constructor(private readonly corpus: WorkspaceCorpus) {
    corpus.onDidChange(() => this.changed.fire());
  }

  setFilter(filter: FixtureFilter): void {
    this.filter = filter;
    this.changed.fire();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const corpus = await this.corpus.get();
    if (!corpus) return [];
    const visible = this.visible(corpus);
    if (!node) return [...new Set(visible.map((f) => f.read.fixture.repo ?? '?'))].sort().map((name) => ({ kind: 'repo', name }));
    if (node.kind === 'repo') {
      const tiers = new Set(visible.filter((f) => f.read.fixture.repo === node.name).map((f) => f.placement[1] ?? f.read.fixture.difficulty ?? '?'));
      return [...tiers].sort((a, b) => TIERS.indexOf(a as never) - TIERS.indexOf(b as never)).map((tier) => ({ kind: 'tier', repo: node.name, tier }));
    }
    if (node.kind === 'tier') {
      return visible.filter((f) => f.read.fixture.repo === node.repo && (f.placement[1] ?? f.read.fixture.difficulty) === node.tier).map((file) => ({ kind: 'fixture', file }));
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'repo') return Object.assign(new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded), { iconPath: new vscode.ThemeIcon('repo'), contextValue: 'repo' });
    if (node.kind === 'tier') return Object.assign(new vscode.TreeItem(node.tier, vscode.TreeItemCollapsibleState.Expanded), { iconPath: new vscode.ThemeIcon('layers'), contextValue: 'tier' });
    const row = fixtureRow(node.file.read.fixture, node.file.placement[2]);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = new vscode.ThemeIcon(row.icon);
    item.contextValue = `fixture.${row.state.replace(' ', '-')}`;
    item.resourceUri = vscode.Uri.file(node.file.path);
    item.command = { command: 'fixtureLab.openFixture', title: 'Open Fixture', arguments: [vscode.Uri.file(node.file.path)] };
    return item;
  }

  private visible(corpus: Corpus): FixtureFile[] {
    return corpus.fixtures.filter((f) => matchesFilter(f.read.fixture, this.filter));
  }
}
