// One hover per symbol, in sections: its labels (labels/hover.ts), then, with results loaded, how
// each system did on it (triage/hover.ts). With a triage section the labels are shown without a
// link that edits the fixture, so triaging never edits it by accident; the Remove link a
// labeling hover offers asks first when results are loaded (confirmRemoval).
import * as vscode from 'vscode';
import { plainText } from '../../core';
import type { HarnessResults } from '../harness/results';
import type { LabelHover } from '../labeling/hover';
import type { TriageHover } from '../triage/hover';

export class SymbolHover implements vscode.HoverProvider {
  constructor(private readonly labels: LabelHover, private readonly triage: TriageHover) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const triage = await this.triage.provideHover(document, position);
    const labels = await this.labels.section(document, position, !triage);
    const sections = [labels, triage].filter((h): h is vscode.Hover => h !== undefined);
    if (sections.length === 0) return undefined;
    return new vscode.Hover(sections.flatMap((h) => h.contents), labels?.range ?? triage?.range);
  }
}

/** A label removed from a hover while results are loaded changes the ground truth they were scored on: asked first. */
export async function confirmRemoval(results: HarnessResults, symbol: string): Promise<boolean> {
  const loaded = await results.current().catch(() => undefined);
  if (!loaded || loaded.results.lists.length === 0) return true;
  const remove = 'Remove Label';
  const message = plainText(`Fixture Lab: remove the label of ${symbol}? Results of ${loaded.results.fixture} are loaded, scored against this ground truth.`);
  return (await vscode.window.showWarningMessage(message, { modal: true }, remove)) === remove;
}
