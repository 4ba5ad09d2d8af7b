// The Triage view: the missed symbols of the current run (the one this window made, else the
// newest), grouped by category (a person's, else the suggestion) and system. Selecting a miss
// opens its fixture and reveals the symbol at the fixture's revision, where the hover has the
// details; arrow keys step through them and Next/Previous Miss walk the whole list.
import * as vscode from 'vscode';
import { categoryOf, FAILURE_CATEGORIES, FailureCategory, Miss } from '../../core';
import { commandOf, TakenBy } from '../commands/args';
import { HarnessResults } from '../harness/results';
import { Owner } from '../lifetimes';

type SystemNode = { kind: 'system'; category: FailureCategory; system: string; misses: Miss[] };

/** A miss is its inline actions' argument as it is (VS Code passes the item). */
type MissNode = TakenBy<'fixtureLab.setFailureCategory', TakenBy<'fixtureLab.confirmFailureCategory', { kind: 'miss'; miss: Miss }>>;

export type TriageNode =
  | { kind: 'category'; category: FailureCategory; misses: Miss[]; systems: SystemNode[] }
  | SystemNode
  | MissNode
  | { kind: 'note'; text: string };
type Node = TriageNode;

export class TriageTree extends Owner implements vscode.TreeDataProvider<Node> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  /** The misses in the order the view shows them, for Next/Previous Miss. */
  private ordered: Miss[] = [];
  private parents = new Map<Miss, Node>();

  constructor(private readonly results: HarnessResults) {
    super();
    this._register(results.onDidChange(() => this.changed.fire()));
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) {
      if (node.kind === 'category') return node.systems;
      if (node.kind === 'system') return node.misses.map((miss) => ({ kind: 'miss', miss }));
      return [];
    }
    const current = await this.results.triageRun().catch(() => undefined);
    if (!current) return [{ kind: 'note', text: 'No run yet: run systems from the Benchmark panel.' }];
    if (current.misses.length === 0) return [{ kind: 'note', text: `${current.run.name}: no misses.` }];
    const categories = FAILURE_CATEGORIES.map((category) => {
      const misses = current.misses.filter((m) => categoryOf(m) === category);
      return { kind: 'category' as const, category, misses, systems: groupBySystem(category, misses) };
    }).filter((c) => c.misses.length);
    const systems = categories.flatMap((c) => c.systems);
    this.ordered = systems.flatMap((s) => s.misses);
    this.parents = new Map(systems.flatMap((s) => s.misses.map((m) => [m, s] as [Miss, Node])));
    return categories;
  }

  getParent(node: Node): Node | undefined {
    return node.kind === 'miss' ? this.parents.get(node.miss) : undefined;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'note':
        return new vscode.TreeItem(node.text);
      case 'category': {
        const item = new vscode.TreeItem(node.category, vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.category;
        item.description = `${node.misses.length}`;
        item.iconPath = new vscode.ThemeIcon('symbol-enum');
        return item;
      }
      case 'system': {
        const item = new vscode.TreeItem(node.system, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `${node.category}|${node.system}`;
        item.description = `${node.misses.length}`;
        item.iconPath = new vscode.ThemeIcon('server-process');
        return item;
      }
      case 'miss': {
        const m = node.miss;
        const item = new vscode.TreeItem(m.symbol);
        item.id = `${categoryOf(m)}|${m.system}|${m.task}|${m.symbol}`;
        item.description = `${m.task} · ${m.rank ? `rank ${m.rank}` : 'missed'}${m.confirmed ? ' · confirmed' : m.category ? ' · set' : ''}`;
        item.tooltip = `${m.system} on ${m.task}: ${m.evidence}`;
        item.iconPath = new vscode.ThemeIcon(m.confirmed || m.category ? 'pass' : 'circle-large-outline');
        item.contextValue = 'miss';
        item.command = commandOf('fixtureLab.revealMiss', 'Reveal Missed Symbol', { miss: m });
        return item;
      }
    }
  }

  /** The miss after (or before) `from` in view order, wrapping around. */
  step(from: Miss | undefined, delta: 1 | -1): Miss | undefined {
    if (this.ordered.length === 0) return undefined;
    const i = from ? this.ordered.findIndex((m) => m.system === from.system && m.task === from.task && m.symbol === from.symbol) : -1;
    return this.ordered[(i + delta + this.ordered.length) % this.ordered.length];
  }

  nodeOf(miss: Miss): Node {
    return { kind: 'miss', miss: this.ordered.find((m) => m.system === miss.system && m.task === miss.task && m.symbol === miss.symbol) ?? miss };
  }
}

function groupBySystem(category: FailureCategory, misses: Miss[]): SystemNode[] {
  return [...new Set(misses.map((m) => m.system))].sort().map(
    (system) => ({ kind: 'system', category, system, misses: misses.filter((m) => m.system === system) }));
}
