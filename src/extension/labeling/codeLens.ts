// `+ HIGH | + MEDIUM` above every definition in a diff side or a repository file, or the label
// (`HIGH: reason`) once the current fixture has it; in a fixture's YAML, `Reveal in code` above
// each ground-truth entry. A lens title draws `$(name)` as an icon: a reason goes through plainText.
import * as vscode from 'vscode';
import { effectiveConfidence, plainText, readFixture, visibleLabelOf } from '../../core';
import { Session } from '../session';
import { DocumentSymbols } from './documentSymbols';

export class DefinitionLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly symbols: DocumentSymbols, private readonly session: Session) {
    session.onDidChange(() => this.changed.fire());
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (this.session.isFixture(document.uri)) return this.groundTruthLenses(document);
    const found = await this.symbols.definitions(document);
    const current = await this.session.current();
    if (!found || !current) return [];
    const labelOf = visibleLabelOf(current.fixture, current.rater, current);
    const lenses: vscode.CodeLens[] = [];
    for (const d of found.defs) {
      const range = new vscode.Range(d.startLine - 1, 0, d.startLine - 1, 0);
      const label = labelOf(d.symbol);
      if (label) {
        const confidence = effectiveConfidence(label);
        lenses.push(new vscode.CodeLens(range, { title: plainText(`${confidence}: ${label.reason ?? ''}`.trim()), tooltip: `${d.symbol}: change or remove`, command: 'fixtureLab.changeLabel', arguments: [d.symbol] }));
      } else {
        lenses.push(new vscode.CodeLens(range, { title: '+ HIGH', tooltip: `Label ${d.symbol} HIGH`, command: 'fixtureLab.labelHigh', arguments: [d.symbol] }));
        lenses.push(new vscode.CodeLens(range, { title: '+ MEDIUM', tooltip: `Label ${d.symbol} MEDIUM`, command: 'fixtureLab.labelMedium', arguments: [d.symbol] }));
      }
    }
    return lenses;
  }

  private groundTruthLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const { fixture, offsets } = readFixture(document.getText(), document.uri.fsPath);
    return fixture.ground_truth.flatMap((l, i) => {
      const offset = offsets.get(`ground_truth/${i}`);
      if (offset === undefined) return [];
      const line = document.positionAt(offset).line;
      return [new vscode.CodeLens(new vscode.Range(line, 0, line, 0), { title: 'Reveal in code', tooltip: `Open ${l.symbol} at the fixture's revision`, command: 'fixtureLab.revealSymbol', arguments: [l.symbol, document.uri] })];
    });
  }
}
