// Failure triage in the editor: with results loaded, a ground-truth symbol that some system
// missed (or found only below the cut) is marked where it is defined, with the systems named
// after the line, so a person sees where to hover.
import * as vscode from 'vscode';
import { missedBy, symbolKey } from '../../core';
import { HarnessResults } from '../harness/results';
import { Ctx } from '../ctx';
import { DocumentSymbols } from '../labeling/documentSymbols';

export class MissDecorations implements vscode.Disposable {
  private readonly type: vscode.TextEditorDecorationType;

  constructor(ctx: Ctx, private readonly symbols: DocumentSymbols, private readonly results: HarnessResults) {
    this.type = vscode.window.createTextEditorDecorationType({
      gutterIconPath: vscode.Uri.joinPath(ctx.extension.extensionUri, 'media', 'missed.svg'),
      gutterIconSize: 'contain',
      textDecoration: 'underline dotted',
      overviewRulerColor: new vscode.ThemeColor('editorWarning.foreground'),
      overviewRulerLane: vscode.OverviewRulerLane.Right,
    });
    ctx.push(vscode.window.onDidChangeVisibleTextEditors(() => void this.refresh()));
    ctx.push(results.onDidChange(() => void this.refresh()));
  }

  async refresh(): Promise<void> {
    const loaded = await this.results.current().catch(() => undefined);
    const missed = new Map((loaded ? missedBy(loaded.results) : []).map((m) => [symbolKey(m.symbol, loaded), m.systems]));
    for (const editor of vscode.window.visibleTextEditors) {
      const found = missed.size ? await this.symbols.definitions(editor.document) : undefined;
      const options: vscode.DecorationOptions[] = [];
      for (const d of found?.defs ?? []) {
        const systems = missed.get(symbolKey(d.symbol, loaded));
        if (!systems) continue;
        const line = d.nameLine - 1;
        options.push({
          range: new vscode.Range(line, d.nameColumn, line, d.nameColumn + d.name.length),
          renderOptions: { after: {
            contentText: `  missed by ${systems.join(', ')}`, color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' } },
        });
      }
      editor.setDecorations(this.type, options);
    }
  }

  dispose(): void {
    this.type.dispose();
  }
}
