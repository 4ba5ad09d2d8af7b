// Hover over an identifier in a diff side or a repository file: the symbol it names (the
// definition itself; an imported name, or a use of one, as the module it comes from defines it;
// else definitions of that name found at the fixture's revision) with links
// to label it HIGH or MEDIUM, or its current label, by its name at base (what the change adds is
// said to be unlabelable); a blind verifier sees only their own labels. A symbol's name is a
// repository's file path and definition, and a reason is a fixture's text: both are shown as
// text, and the links carry only a key to the symbol (LABEL_LINKS), never the name.
import * as vscode from 'vscode';
import {
  commandLink, definitionsNamed, effectiveConfidence, importAt, importedDefinitions, importsOf, markdownCode, markdownText, referenceAt, referencesOf,
  visibleLabelOf,
} from '../../core';
import { LinkTargets } from '../hovers/linkTargets';
import { hoverMarkdown } from '../hovers/markdown';
import { Session } from './session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { DocumentSymbols } from './documentSymbols';

/** Lookups by name across the repository stop here: a hover must come back fast. */
const MAX_TARGETS = 5;

/** The commands the label hover links to: its Markdown trusts these and no other. */
export const LABEL_LINKS = ['fixtureLab.labelHigh', 'fixtureLab.labelMedium', 'fixtureLab.removeSymbolLabel'] as const;

export class LabelHover implements vscode.HoverProvider {
  constructor(private readonly symbols: DocumentSymbols, private readonly session: Session, private readonly corpus: WorkspaceCorpus,
    private readonly links: LinkTargets<string>) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    return this.section(document, position, true);
  }

  /**
   * The labels section of a symbol's hover; `editable` false (a triage hover beside it) shows
   * the labels without a link that edits the fixture.
   */
  async section(document: vscode.TextDocument, position: vscode.Position, editable: boolean): Promise<vscode.Hover | undefined> {
    const found = await this.symbols.definitions(document);
    const current = await this.session.current();
    if (!found || !current) return undefined;
    const line = position.line + 1;
    const own = found.defs.find((d) => d.nameLine === line && d.nameColumn <= position.character && position.character <= d.nameColumn + d.name.length);
    let targets: string[];
    let range: vscode.Range;
    if (own) {
      targets = [own.symbol];
      range = new vscode.Range(position.line, own.nameColumn, position.line, own.nameColumn + own.name.length);
    } else {
      const text = document.getText();
      const ref = referenceAt(await referencesOf(found.file.path, text), line, position.character);
      // An imported name (`import { CartDto }`, or a use of it) stands for the definition in the module it names.
      const imported = importAt(await importsOf(found.file.path, text), line, position.character, ref?.name);
      const at = ref ?? (imported?.line === line ? { column: imported.column, name: imported.name } : undefined);
      if (!at) return undefined;
      range = new vscode.Range(position.line, at.column, position.line, at.column + at.name.length);
      const rev = found.file.rev ?? current.fixture.diff?.base ?? current.fixture.commit;
      const repo = rev ? await this.corpus.repository(found.file.repo) : undefined;
      const fromImport = imported && repo && rev ? (await importedDefinitions(repo, rev, found.file.path, imported)).map((d) => d.symbol) : [];
      const here = found.defs.filter((d) => d.name === at.name).map((d) => d.symbol);
      const elsewhere = fromImport.length || here.length || !repo || !rev ? [] : (await definitionsNamed(repo, rev, at.name)).map((d) => d.symbol);
      targets = [...new Set([...fromImport, ...here, ...elsewhere])].slice(0, MAX_TARGETS);
    }
    if (targets.length === 0) return undefined;
    const labelOf = visibleLabelOf(current.fixture, current.rater, current);
    // Labels are named at base: a moved file's old name; what the change adds cannot be labeled.
    const atBase = await this.corpus.namesAtBase(current.fixture, found.file.rev);
    const md = hoverMarkdown(LABEL_LINKS);
    const named = targets.map((t) => ({ t, named: atBase(t) }));
    for (const { t } of named.filter((n) => 'refused' in n.named)) {
      md.appendMarkdown(`**Fixture Lab** ${markdownCode(t)}  \nadded by the change: it does not exist at diff.base, where systems run, so it `
        + `is not labeled\n\n`);
    }
    for (const symbol of new Set(named.flatMap((n) => ('symbol' in n.named ? [n.named.symbol] : [])))) {
      const ref = this.links.ref(symbol);
      const link = (command: (typeof LABEL_LINKS)[number], title: string) => commandLink(title, command, [ref]);
      const label = labelOf(symbol);
      md.appendMarkdown(`**Fixture Lab** ${markdownCode(symbol)}  \n`);
      const said = label && `${effectiveConfidence(label)}: ${markdownText(label.reason ?? '')}`;
      if (!editable) md.appendMarkdown(`${said ?? 'not labeled'} · labels are not edited from a triage hover\n\n`);
      else if (said) md.appendMarkdown(`${said} · ${link('fixtureLab.removeSymbolLabel', 'Remove')}\n\n`);
      else md.appendMarkdown(`${link('fixtureLab.labelHigh', '+ HIGH')} · ${link('fixtureLab.labelMedium', '+ MEDIUM')}\n\n`);
    }
    return new vscode.Hover(md, range);
  }
}
