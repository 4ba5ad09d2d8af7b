// One hover per symbol, in sections: its labels (labels/hover.ts), then, with results loaded, how
// each system did on it (triage/hover.ts). With a triage section the labels are shown without a
// link that edits the fixture, so triaging never edits it by accident; the Remove link a
// labeling hover offers asks first while any run's results are loaded (confirmRemoval).
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
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

/**
 * A Remove clicked in a hover while any run's results are loaded, whichever fixtures they cover, is
 * asked first: results loaded mean a triager is at work, and a hover click is easy to make by
 * accident. Removing a label changes the ground truth that results are scored against.
 */
export async function confirmRemoval(ctx: Ctx, results: HarnessResults, symbol: string): Promise<boolean> {
  const run = await results.loadedRun().catch(() => undefined);
  if (!run) return true;
  const remove = 'Remove Label';
  const question = `Fixture Lab: remove the label of ${symbol}? The results of ${run} are loaded; `
    + 'a label removed changes the ground truth results are scored against.';
  return (await ctx.ask(question, remove)) === remove;
}
