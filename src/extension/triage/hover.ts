// Hover over a ground-truth symbol's definition, with results loaded: per system, where it was
// found or that it was missed, the failure category (suggested or set) and its evidence, and
// command links to set the category or confirm it. Everything from a run is shown as text, and
// the links carry only a key to the miss (TRIAGE_LINKS), never its system, task or symbol.
import * as vscode from 'vscode';
import { commandLink, FAILURE_CATEGORIES, markdownCode, markdownText, Miss, verdictsFor, verdictText } from '../../core';
import { HarnessResults } from '../harness/results';
import { DocumentSymbols } from '../labeling/documentSymbols';
import { LinkTargets } from '../hovers/linkTargets';
import { hoverMarkdown } from '../hovers/markdown';

export type MissRef = Pick<Miss, 'system' | 'task' | 'symbol'>;

/** The commands the triage hover links to: its Markdown trusts these and no other. */
export const TRIAGE_LINKS = ['fixtureLab.setFailureCategory', 'fixtureLab.confirmFailureCategory'] as const;

export class TriageHover implements vscode.HoverProvider {
  constructor(private readonly symbols: DocumentSymbols, private readonly results: HarnessResults, private readonly links: LinkTargets<MissRef>) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const loaded = await this.results.current().catch(() => undefined);
    if (!loaded || loaded.results.lists.length === 0) return undefined;
    const found = await this.symbols.definitions(document);
    const line = position.line + 1;
    const def = found?.defs.find((d) => d.nameLine === line && d.nameColumn <= position.character && position.character <= d.nameColumn + d.name.length);
    if (!def) return undefined;
    const verdicts = verdictsFor(loaded.results, loaded.misses, def.symbol, loaded);
    if (!verdicts?.length) return undefined;
    const md = hoverMarkdown(TRIAGE_LINKS);
    md.appendMarkdown(`**Fixture Lab triage** ${markdownCode(def.symbol)} (${markdownText(loaded.results.fixture)}, K=${loaded.results.matrix.k})\n\n`);
    for (const v of verdicts) {
      md.appendMarkdown(`- ${markdownText(verdictText(v, loaded.results.matrix.k))}`);
      if (v.miss) {
        const ref = this.links.ref({ system: v.miss.system, task: v.miss.task, symbol: v.miss.symbol });
        md.appendMarkdown(` · ${commandLink('Set category…', 'fixtureLab.setFailureCategory', [ref])}`);
        if (!v.miss.confirmed) md.appendMarkdown(` · ${commandLink('Confirm', 'fixtureLab.confirmFailureCategory', [ref])}`);
      }
      md.appendMarkdown('\n');
    }
    md.appendMarkdown(`\nCategories: ${markdownText(FAILURE_CATEGORIES.join(', '))}. Saved with the run, never in the fixture.`);
    return new vscode.Hover(md, new vscode.Range(position.line, def.nameColumn, position.line, def.nameColumn + def.name.length));
  }
}
