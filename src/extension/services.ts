// What the commands and providers share, built once at activation. Nothing heavy is loaded here:
// tree-sitter grammars and the tokenizer load on first use, inside the core.
import type * as vscode from 'vscode';
import { BenchmarkPanel } from './harness/panel';
import { BenchmarkResults } from './harness/results';
import { BenchmarkRunner } from './harness/runner';
import { Ctx } from './ctx';
import { LabelDecorations } from './labeling/decorations';
import { DocumentSymbols } from './labeling/documentSymbols';
import { Labeler } from './labeling/label';
import { LinkTargets } from './hovers/linkTargets';
import { Review } from './review/review';
import { Session } from './labeling/session';
import { UnsavedLabels } from './labeling/unsaved';
import { CandidatesTree } from './views/candidatesTree';
import type { MissRef } from './triage/hover';
import { TriageTree } from './views/triageTree';
import { FixturesTree } from './views/fixturesTree';
import { WorkspaceCorpus } from './corpus/workspaceCorpus';

export interface Services {
  ctx: Ctx;
  corpus: WorkspaceCorpus;
  session: Session;
  symbols: DocumentSymbols;
  /** Labels made in fixture documents and not saved yet. */
  unsaved: UnsavedLabels;
  labeler: Labeler;
  /** The label marks in code (their `drawn` lines are what the tests read). */
  labelDecorations: LabelDecorations;
  review: Review;
  fixturesTree: FixturesTree;
  candidatesTree: CandidatesTree;
  results: BenchmarkResults;
  runner: BenchmarkRunner;
  triageTree: TriageTree;
  triageView?: vscode.TreeView<unknown>;
  /** The fixture's status bar item (its text is what the tests read). */
  statusBar?: vscode.StatusBarItem;
  /** The unsaved labels' status bar item (its text is what the tests read). */
  unsavedBar?: vscode.StatusBarItem;
  fixturesView?: vscode.TreeView<unknown>;
  /** What the hovers' command links point at: the links carry only keys into these. */
  links: { symbols: LinkTargets<string>; misses: LinkTargets<MissRef> };
  /** The open benchmark panel, if any. */
  panel(): BenchmarkPanel | undefined;
}

export function createServices(ctx: Ctx): Services {
  const corpus = ctx.push(new WorkspaceCorpus(ctx));
  const session = ctx.push(new Session(ctx, corpus));
  const symbols = new DocumentSymbols(ctx, corpus);
  const unsaved = ctx.push(new UnsavedLabels(ctx, session));
  const labeler = new Labeler(ctx, session, corpus);
  const results = ctx.push(new BenchmarkResults(ctx, corpus, session));
  return {
    ctx,
    corpus,
    session,
    symbols,
    unsaved,
    labeler,
    labelDecorations: ctx.push(new LabelDecorations(ctx, symbols, session, corpus)),
    review: new Review(ctx, session, labeler, corpus),
    fixturesTree: new FixturesTree(corpus, session, unsaved),
    candidatesTree: new CandidatesTree(corpus, session),
    results,
    runner: ctx.push(new BenchmarkRunner(ctx, corpus, session, results)),
    triageTree: new TriageTree(results),
    links: { symbols: new LinkTargets<string>('symbol'), misses: new LinkTargets<MissRef>('miss') },
    panel: () => BenchmarkPanel.open,
  };
}
