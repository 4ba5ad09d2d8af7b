// `+ HIGH | + MEDIUM` above every definition in a diff side or a repository file, or the label
// (`HIGH: reason`) once the current fixture has it, both by the symbol's name at base; above a
// definition the change adds, that it cannot be labeled. In a fixture's YAML, `Reveal in code`
// above each ground-truth entry (not for its blind verifier). A lens title draws `$(name)` as an
// icon: a reason goes through plainText.
import * as vscode from 'vscode';
import { effectiveConfidence, fixtureView, plainText, visibleLabelOf } from '../../core';
import { commandOf } from '../commands/args';
import { Session } from './session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { DocumentSymbols } from './documentSymbols';
import { Owner } from '../lifetimes';

export class DefinitionLens extends Owner implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly symbols: DocumentSymbols, private readonly session: Session, private readonly corpus: WorkspaceCorpus) {
    super();
    this._register(session.onDidChange(() => this.changed.fire()));
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (this.session.isFixture(document.uri)) return this.groundTruthLenses(document);
    const found = await this.symbols.definitions(document);
    const current = await this.session.current();
    if (!found || !current) return [];
    const labelOf = visibleLabelOf(current.fixture, current.rater, current);
    const atBase = await this.corpus.namesAtBase(current.fixture, found.file.rev);
    const lenses: vscode.CodeLens[] = [];
    for (const d of found.defs) {
      const range = new vscode.Range(d.startLine - 1, 0, d.startLine - 1, 0);
      const named = atBase(d.symbol);
      if ('refused' in named) {
        lenses.push(new vscode.CodeLens(range, { title: 'added by the change: not at base', tooltip: named.refused, command: '' }));
        continue;
      }
      const { symbol } = named;
      const as = symbol === d.symbol ? symbol : `${symbol} (${d.symbol} at head)`;
      const label = labelOf(symbol);
      if (label) {
        const confidence = effectiveConfidence(label);
        const title = plainText(`${confidence}: ${label.reason ?? ''}`.trim());
        lenses.push(new vscode.CodeLens(range, { ...commandOf('fixtureLab.changeLabel', title, { symbol }), tooltip: `${as}: change or remove` }));
      } else {
        lenses.push(new vscode.CodeLens(range, { ...commandOf('fixtureLab.labelHigh', '+ HIGH', { symbol }), tooltip: `Label ${as} HIGH` }));
        lenses.push(new vscode.CodeLens(range, { ...commandOf('fixtureLab.labelMedium', '+ MEDIUM', { symbol }), tooltip: `Label ${as} MEDIUM` }));
      }
    }
    return lenses;
  }

  private async groundTruthLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const { fixture, offsets } = this.session.parsed(document);
    if (fixtureView(fixture, await this.session.rater()).blind) return [];
    return fixture.ground_truth.flatMap((l, i) => {
      const offset = offsets.get(`ground_truth/${i}`);
      if (offset === undefined) return [];
      const line = document.positionAt(offset).line;
      const reveal = commandOf('fixtureLab.revealSymbol', 'Reveal in code', { symbol: l.symbol, fixture: document.uri });
      return [new vscode.CodeLens(new vscode.Range(line, 0, line, 0), { ...reveal, tooltip: `Open ${l.symbol} at the fixture's revision` })];
    });
  }
}
