// Activation: make the services that act on their own (the others are made on first use), register
// commands, views, providers; log how long it took.
// Activation events are the views, the commands and a corpus in the workspace, never `*`.
import * as vscode from 'vscode';
import { reapAll } from '../core';
import { registerBlindReview } from './review/blindReview';
import { registerCommands } from './commands/register';
import { Ctx } from './ctx';
import { RevisionContentProvider, REVISION_SCHEME } from './diff/revisions';
import { DefinitionLens } from './labeling/codeLens';
import { LabelHover } from './labeling/hover';
import { SymbolHover } from './hovers/symbolHover';
import { registerLiveDiagnostics } from './diagnostics/liveDiagnostics';
import { createServices, Services } from './services';
import { registerStatusBar, registerUnsavedStatusBar } from './views/statusBar';
import { MissDecorations } from './triage/decorations';
import { TriageHover } from './triage/hover';
import { describeFilter, unsavedBadge } from './views/viewModels';

let ctx: Ctx | undefined;

/** Documents our CodeLens, hovers and decorations serve: diff sides, and code files on disk. */
const CODE: vscode.DocumentSelector = [
  { scheme: REVISION_SCHEME },
  ...['python', 'typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'go', 'rust', 'java', 'csharp', 'ruby']
    .map((language) => ({ scheme: 'file', language })),
];

/** Returns the services: the extension's API for its own integration tests. */
export function activate(context: vscode.ExtensionContext): Services {
  const started = performance.now();
  ctx = new Ctx(context);
  context.subscriptions.push(ctx);
  const s = createServices(ctx);
  // The label marks follow the current fixture on their own: made now, not on first use.
  void s.labelDecorations;
  // The panel's host registers its serializer: a panel open before a reload comes back.
  void s.panels;
  registerCommands(s);
  ctx.push(vscode.workspace.registerTextDocumentContentProvider(REVISION_SCHEME, new RevisionContentProvider(s.corpus)));
  const fixtures = ctx.push(vscode.window.createTreeView('fixtureLab.fixtures', { treeDataProvider: s.fixturesTree, showCollapseAll: true }));
  s.fixturesView = s.fixturesTree.view = fixtures;
  ctx.push(s.fixturesTree.onDidChangeTreeData(() => (fixtures.message = describeFilter(s.fixturesTree.filter))));
  ctx.push(s.unsaved.onDidChange(() => (fixtures.badge = unsavedBadge(s.unsaved.total))));
  ctx.push(vscode.window.createTreeView('fixtureLab.candidates', { treeDataProvider: s.candidatesTree }));
  s.settleTree.attach(ctx.push(vscode.window.createTreeView('fixtureLab.settle', { treeDataProvider: s.settleTree, showCollapseAll: true })));
  s.toJudgeTree.attach(ctx.push(vscode.window.createTreeView('fixtureLab.toJudge', { treeDataProvider: s.toJudgeTree, canSelectMany: true })));
  const lens = ctx.push(new DefinitionLens(s.symbols, s.session, s.corpus));
  const fixtureYaml: vscode.DocumentFilter = { scheme: 'file', language: 'yaml', pattern: '**/tasks/*/*/*.yaml' };
  ctx.push(vscode.languages.registerCodeLensProvider([...CODE as vscode.DocumentFilter[], fixtureYaml], lens));
  s.triageView = ctx.push(vscode.window.createTreeView('fixtureLab.triage', { treeDataProvider: s.triageTree }));
  const labelHover = new LabelHover(s.symbols, s.session, s.corpus, s.links.symbols);
  ctx.push(vscode.languages.registerHoverProvider(CODE, new SymbolHover(labelHover, new TriageHover(s.symbols, s.results, s.links.misses))));
  ctx.push(new MissDecorations(ctx, s.symbols, s.results));
  s.statusBar = registerStatusBar(s);
  s.unsavedBar = registerUnsavedStatusBar(s);
  registerLiveDiagnostics(s);
  // Made now, so it knows the revision of every fixture already open before one is edited.
  void s.relocations;
  // Made now, so it knows the text every open fixture was loaded as before one is edited and changed on disk.
  void s.diskChanges;
  registerBlindReview(s);
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && s.session.isFixture(active)) void s.session.open(active);
  ctx.activationMs = performance.now() - started;
  ctx.output.info(`activated in ${ctx.activationMs.toFixed(1)} ms`);
  return s;
}

export function deactivate(): void {
  ctx?.dispose();
  ctx = undefined;
  // Whatever a run or an MCP server left (a cancelled run's last tree), before the host goes.
  reapAll();
}
