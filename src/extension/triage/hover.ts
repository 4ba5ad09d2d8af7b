// Hover over a ground-truth symbol's definition, with results loaded: per system, where it was
// found or that it was missed, the failure category (suggested or set) and its evidence, and
// command links to set the category or confirm it. Everything from a run is shown as text.
import * as vscode from 'vscode';
import { FAILURE_CATEGORIES, verdictsFor, verdictText } from '../../core';
import { BenchmarkResults } from '../benchmark/results';
import { DocumentSymbols } from '../labeling/documentSymbols';
import { escapeMarkdown } from '../markdown';

export class TriageHover implements vscode.HoverProvider {
  constructor(private readonly symbols: DocumentSymbols, private readonly results: BenchmarkResults) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const loaded = await this.results.current().catch(() => undefined);
    if (!loaded || loaded.results.lists.length === 0) return undefined;
    const found = await this.symbols.definitions(document);
    const line = position.line + 1;
    const def = found?.defs.find((d) => d.nameLine === line && d.nameColumn <= position.character && position.character <= d.nameColumn + d.name.length);
    if (!def) return undefined;
    const verdicts = verdictsFor(loaded.results, loaded.misses, def.symbol, loaded);
    if (!verdicts?.length) return undefined;
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: ['fixtureLab.setFailureCategory', 'fixtureLab.confirmFailureCategory'] };
    md.appendMarkdown(`**Fixture Lab triage** \`${def.symbol.replace(/`/g, '')}\` (${escapeMarkdown(loaded.results.fixture)}, K=${loaded.results.matrix.k})\n\n`);
    for (const v of verdicts) {
      md.appendMarkdown(`- ${escapeMarkdown(verdictText(v, loaded.results.matrix.k))}`);
      if (v.miss) {
        const args = { system: v.miss.system, task: v.miss.task, symbol: v.miss.symbol };
        const link = (title: string, command: string, extra?: string) =>
          `[${title}](command:${command}?${encodeURIComponent(JSON.stringify(extra ? [args, extra] : [args]))} "${title}")`;
        md.appendMarkdown(` · ${link('Set category…', 'fixtureLab.setFailureCategory')}`);
        if (!v.miss.confirmed) md.appendMarkdown(` · ${link('Confirm', 'fixtureLab.confirmFailureCategory')}`);
      }
      md.appendMarkdown('\n');
    }
    md.appendMarkdown(`\n$(info) Categories: ${FAILURE_CATEGORIES.join(', ')}. Saved with the run, never in the fixture.`);
    return new vscode.Hover(md, new vscode.Range(position.line, def.nameColumn, position.line, def.nameColumn + def.name.length));
  }
}
