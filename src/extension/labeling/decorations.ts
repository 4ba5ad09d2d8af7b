// Labeled symbols marked where they are defined, in diff sides and repository files: a gutter
// icon (media/high.svg, media/medium.svg: distinct shapes, not only colors) and a subtle
// background from theme colors (contributes.colors), HIGH and MEDIUM apart; a definition on the
// head side of a moved file by its name at base. What is marked is what the rater may see.
import * as vscode from 'vscode';
import { effectiveConfidence, visibleLabelOf } from '../../core';
import { Ctx } from '../ctx';
import { Session } from './session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { DocumentSymbols } from './documentSymbols';

export class LabelDecorations implements vscode.Disposable {
  private readonly types: Record<'HIGH' | 'MEDIUM', vscode.TextEditorDecorationType>;
  /** What each visible document was last marked with (0-based lines), for the integration tests to read what was drawn. */
  readonly drawn = new Map<string, Record<'HIGH' | 'MEDIUM', number[]>>();

  constructor(ctx: Ctx, private readonly symbols: DocumentSymbols, private readonly session: Session, private readonly corpus: WorkspaceCorpus) {
    const type = (name: 'high' | 'medium') =>
      vscode.window.createTextEditorDecorationType({
        gutterIconPath: vscode.Uri.joinPath(ctx.extension.extensionUri, 'media', `${name}.svg`),
        gutterIconSize: 'contain',
        backgroundColor: new vscode.ThemeColor(`fixtureLab.${name}Background`),
        overviewRulerColor: new vscode.ThemeColor(`fixtureLab.${name}Background`),
        overviewRulerLane: vscode.OverviewRulerLane.Left,
        isWholeLine: true,
      });
    this.types = { HIGH: type('high'), MEDIUM: type('medium') };
    ctx.push(vscode.window.onDidChangeVisibleTextEditors(() => void this.refresh()));
    ctx.push(session.onDidChange(() => void this.refresh()));
    ctx.push(vscode.workspace.onDidChangeTextDocument((e) => {
      if (vscode.window.visibleTextEditors.some((ed) => ed.document === e.document)) void this.refresh();
    }));
  }

  async refresh(): Promise<void> {
    const current = await this.session.current();
    const labelOf = current ? visibleLabelOf(current.fixture, current.rater, current) : () => undefined;
    for (const editor of vscode.window.visibleTextEditors) {
      const found = await this.symbols.definitions(editor.document);
      const atBase = current && found ? await this.corpus.namesAtBase(current.fixture, found.file.rev) : undefined;
      const ranges: Record<'HIGH' | 'MEDIUM', vscode.Range[]> = { HIGH: [], MEDIUM: [] };
      for (const d of found?.defs ?? []) {
        const named = atBase?.(d.symbol);
        const label = named && 'symbol' in named ? labelOf(named.symbol) : undefined;
        if (label) ranges[effectiveConfidence(label)].push(new vscode.Range(d.nameLine - 1, 0, d.nameLine - 1, 0));
      }
      editor.setDecorations(this.types.HIGH, ranges.HIGH);
      editor.setDecorations(this.types.MEDIUM, ranges.MEDIUM);
      this.drawn.set(editor.document.uri.toString(), { HIGH: ranges.HIGH.map((r) => r.start.line), MEDIUM: ranges.MEDIUM.map((r) => r.start.line) });
    }
  }

  dispose(): void {
    this.types.HIGH.dispose();
    this.types.MEDIUM.dispose();
  }
}
