// What the commands and providers share, built once at activation. Nothing heavy is loaded here:
// tree-sitter grammars and the tokenizer load on first use, inside the core.
import type * as vscode from 'vscode';
import { HarnessPanel, HarnessPanels } from './harness/panel';
import { HarnessResults } from './harness/results';
import { HarnessRunner } from './harness/runner';
import { Ctx } from './ctx';
import { LabelDecorations } from './labeling/decorations';
import { DocumentSymbols } from './labeling/documentSymbols';
import { Labeler } from './labeling/label';
import { LinkTargets } from './hovers/linkTargets';
import { Review } from './review/review';
import { Session } from './labeling/session';
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
  labeler: Labeler;
  /** The label marks in code (their `drawn` lines are what the tests read). */
  labelDecorations: LabelDecorations;
  review: Review;
  fixturesTree: FixturesTree;
  candidatesTree: CandidatesTree;
  results: HarnessResults;
  runner: HarnessRunner;
  /** The harness panel's host, owned by the Ctx. */
  panels: HarnessPanels;
  triageTree: TriageTree;
  triageView?: vscode.TreeView<unknown>;
  /** The fixture's status bar item (its text is what the tests read). */
  statusBar?: vscode.StatusBarItem;
  /** What the hovers' command links point at: the links carry only keys into these. */
  links: { symbols: LinkTargets<string>; misses: LinkTargets<MissRef> };
  /** The open harness panel, if any. */
  panel(): HarnessPanel | undefined;
}

export function createServices(ctx: Ctx): Services {
  const corpus = ctx.push(new WorkspaceCorpus(ctx));
  const session = ctx.push(new Session(ctx, corpus));
  const symbols = new DocumentSymbols(ctx, corpus);
  const labeler = new Labeler(ctx, session, corpus);
  const results = ctx.push(new HarnessResults(ctx, corpus, session));
  const runner = ctx.push(new HarnessRunner(ctx, corpus, session, results));
  const panels = ctx.push(new HarnessPanels({ ctx, corpus, session, results, runner }));
  return {
    ctx,
    corpus,
    session,
    symbols,
    labeler,
    labelDecorations: ctx.push(new LabelDecorations(ctx, symbols, session, corpus)),
    review: new Review(ctx, session, labeler, corpus),
    fixturesTree: new FixturesTree(corpus, session),
    candidatesTree: new CandidatesTree(corpus, session),
    results,
    runner,
    panels,
    triageTree: new TriageTree(results),
    links: { symbols: new LinkTargets<string>('symbol'), misses: new LinkTargets<MissRef>('miss') },
    panel: () => panels.open,
  };
}
