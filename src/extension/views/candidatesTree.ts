// The Candidates view for the current fixture's change: its changed symbols grouped by file with
// their change kind (test files last), and under each the one-hop neighbours reached through it
// (callers, callees, types, data), each saying why in one line, tests grouped after the rest.
// The cut of the list is said at the end. Inline actions label an item HIGH or MEDIUM, by its name
// at base (a moved file's old name); what the change adds has none, since no system can retrieve
// it at base. A click opens it in the diff.
import * as vscode from 'vscode';
import { Candidates, ChangedSymbol, describeCut, describeTests, effectiveConfidence, isTestPath, Neighbour, visibleLabelOf } from '../../core';
import { commandOf, TakenBy } from '../commands/args';
import { revisionUri } from '../diff/revisions';
import { Current, Session } from '../labeling/session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { Owner } from '../lifetimes';

/**
 * A changed symbol or a neighbour is its inline actions' argument as it is (VS Code passes the
 * item): `symbol`, its name at base (a moved file's old name), is what they label.
 */
type Labelable = TakenBy<'fixtureLab.labelCandidateHigh', TakenBy<'fixtureLab.labelCandidateMedium', TakenBy<'fixtureLab.removeCandidateLabel',
  TakenBy<'fixtureLab.labelHigh', TakenBy<'fixtureLab.labelMedium', TakenBy<'fixtureLab.removeSymbolLabel', { symbol: string }>>>>>>;

type Node =
  | { kind: 'file'; path: string; symbols: ChangedSymbol[] }
  | ({ kind: 'changed'; changed: ChangedSymbol } & Labelable)
  | ({ kind: 'neighbour'; neighbour: Neighbour } & Labelable)
  | { kind: 'tests'; neighbours: Neighbour[] }
  | { kind: 'note'; text: string };

export class CandidatesTree extends Owner implements vscode.TreeDataProvider<Node> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  private current?: Current;

  constructor(private readonly corpus: WorkspaceCorpus, session: Session) {
    super();
    this._register(session.onDidChange((c) => {
      this.current = c;
      this.changed.fire();
    }));
  }

  private candidates(c: Current): Promise<Candidates> | undefined {
    const f = c.fixture;
    if (!f.diff || !f.repo) return undefined;
    return this.corpus.candidates(f.repo, f.diff.base, f.diff.head);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const c = this.current;
    if (!c) return node ? [] : [{ kind: 'note', text: 'Open a fixture to see the symbols of its change.' }];
    const pending = this.candidates(c);
    if (!pending) return node ? [] : [{ kind: 'note', text: `${c.fixture.id} has no diff: it was labeled at a commit.` }];
    const found = await pending;
    if (!node) {
      const byFile = new Map<string, ChangedSymbol[]>();
      for (const s of found.changed) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
      const files = [...byFile].sort(([a], [b]) => Number(isTestPath(a)) - Number(isTestPath(b)));
      const ambiguous = found.ambiguous ? `; ${found.ambiguous} ambiguous names not linked` : '';
      const cut = `${describeCut(found.cut)} non-test candidates${describeTests(found.tests)}${ambiguous}`;
      return [...files.map(([path, symbols]): Node => ({ kind: 'file', path, symbols })), { kind: 'note', text: cut }];
    }
    if (node.kind === 'file') return node.symbols.map((changed) => ({ kind: 'changed', changed, symbol: changed.baseSymbol ?? changed.symbol }));
    if (node.kind === 'changed') {
      const linked = found.neighbours.filter((n) => n.via.includes(node.changed.symbol));
      const tests = linked.filter((n) => n.test);
      return [...linked.filter((n) => !n.test).map(neighbourNode), ...(tests.length ? [{ kind: 'tests', neighbours: tests } as Node] : [])];
    }
    if (node.kind === 'tests') return node.neighbours.map(neighbourNode);
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'note') return new vscode.TreeItem(node.text);
    if (node.kind === 'tests') {
      const item = new vscode.TreeItem(`tests (${node.neighbours.length})`, vscode.TreeItemCollapsibleState.Collapsed);
      item.iconPath = new vscode.ThemeIcon('beaker');
      return item;
    }
    if (node.kind === 'file') {
      const item = new vscode.TreeItem(node.path, vscode.TreeItemCollapsibleState.Expanded);
      item.iconPath = vscode.ThemeIcon.File;
      item.resourceUri = vscode.Uri.file(node.path);
      return item;
    }
    const c = this.current!;
    const f = c.fixture;
    const labelOf = visibleLabelOf(f, c.rater, c);
    const symbol = node.kind === 'changed' ? node.changed.symbol : node.neighbour.symbol;
    const atBase = node.symbol;
    const added = node.kind === 'changed' && node.changed.change === 'added';
    const label = added ? undefined : labelOf(atBase);
    const labeled = label && effectiveConfidence(label);
    const item = new vscode.TreeItem(
      symbol.slice(symbol.lastIndexOf('/') + 1), node.kind === 'changed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    if (node.kind === 'changed') {
      const s = node.changed;
      item.description = `${s.change} ${s.kind}${added ? ' · not at base' : ''}${labeled ? ` · ${labeled}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(s.change === 'added' ? 'diff-added' : s.change === 'deleted' ? 'diff-removed' : 'diff-modified');
      item.command = commandOf('fixtureLab.openCandidate', 'Open in Diff', {
        repo: f.repo!, base: f.diff!.base, head: f.diff!.head, line: s.startLine,
        oldPath: s.change === 'added' ? undefined : s.file, newPath: s.change === 'deleted' ? undefined : s.file,
      });
    } else {
      const n = node.neighbour;
      item.description = `${n.relation} · ${n.why}${labeled ? ` · ${labeled}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(n.relation === 'caller' ? 'call-incoming' : n.relation === 'type' ? 'symbol-class' : 'call-outgoing');
      item.command = { command: 'vscode.open', title: 'Open', arguments: [
        revisionUri({ repo: f.repo!, rev: f.diff!.base, path: n.file }), { selection: new vscode.Range(n.startLine - 1, 0, n.startLine - 1, 0) }] };
    }
    item.tooltip = added ? `${symbol}: added by the change, so not labeled (systems run at diff.base)` : atBase === symbol ? symbol
      : `${atBase} (${symbol} at head)`;
    item.contextValue = added ? 'added' : labeled ? 'candidate.labeled' : 'candidate';
    item.id = `${node.kind}:${symbol}:${node.kind === 'changed' ? node.changed.startLine : node.neighbour.relation}`;
    return item;
  }
}

function neighbourNode(neighbour: Neighbour): Node {
  return { kind: 'neighbour', neighbour, symbol: neighbour.symbol };
}
