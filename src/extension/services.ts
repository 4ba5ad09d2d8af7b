// What the commands and providers share. Each service is made on first use and registered with
// the Ctx, which disposes it on deactivation; nothing heavy is loaded here either way: tree-sitter
// grammars and the tokenizer load on first use, inside the core.
import type * as vscode from 'vscode';
import { HarnessPanel, HarnessPanels } from './harness/panel';
import { HarnessResults } from './harness/results';
import { HarnessRunner } from './harness/runner';
import { Ctx } from './ctx';
import { LabelDecorations } from './labeling/decorations';
import { DocumentSymbols } from './labeling/documentSymbols';
import { Labeler } from './labeling/label';
import { Relocations } from './labeling/relocations';
import { LinkTargets } from './hovers/linkTargets';
import { Review } from './review/review';
import { Session } from './labeling/session';
import { UnsavedLabels } from './labeling/unsaved';
import { DiskChanges } from './labeling/diskChanges';
import { CandidatesTree } from './views/candidatesTree';
import { PickedRow } from './views/pickedRow';
import { SettleTree, ToJudgeTree } from './views/settleTree';
import type { MissRef } from './triage/hover';
import { TriageNode, TriageTree } from './views/triageTree';
import { FixturesTree } from './views/fixturesTree';
import { WorkspaceCorpus } from './corpus/workspaceCorpus';

export interface Services {
  ctx: Ctx;
  corpus: WorkspaceCorpus;
  session: Session;
  symbols: DocumentSymbols;
  /** Labels made in fixture documents and not saved yet. */
  unsaved: UnsavedLabels;
  /** Fixture files changed on disk under unsaved edits: the edits made again on the new text. */
  diskChanges: DiskChanges;
  labeler: Labeler;
  /** Labels followed when an open fixture's revision is edited (the editor's `relocate`). */
  relocations: Relocations;
  /** The label marks in code (their `drawn` lines are what the tests read). */
  labelDecorations: LabelDecorations;
  review: Review;
  fixturesTree: FixturesTree;
  candidatesTree: CandidatesTree;
  /** The adjudicator's views of the open fixture: its conflicts, and its pooled symbols to judge. */
  settleTree: SettleTree;
  toJudgeTree: ToJudgeTree;
  /** The row last selected in either of them (what a row's click opens). */
  picked: PickedRow;
  results: HarnessResults;
  runner: HarnessRunner;
  /** The harness panel's host, owned by the Ctx. */
  panels: HarnessPanels;
  triageTree: TriageTree;
  triageView?: vscode.TreeView<TriageNode>;
  /** The fixture's status bar item (its text is what the tests read). */
  statusBar?: vscode.StatusBarItem;
  /** The unsaved labels' status bar item (its text is what the tests read). */
  unsavedBar?: vscode.StatusBarItem;
  fixturesView?: vscode.TreeView<unknown>;
  /** What the hovers' command links point at: the links carry only keys into these. */
  links: { symbols: LinkTargets<string>; misses: LinkTargets<MissRef> };
  /** The open harness panel, if any. */
  panel(): HarnessPanel | undefined;
}

export function createServices(ctx: Ctx): Services {
  return new LazyServices(ctx);
}

class LazyServices implements Services {
  private made: Partial<Omit<Services, 'ctx' | 'triageView' | 'statusBar' | 'unsavedBar' | 'fixturesView' | 'panel'>> = {};
  triageView?: vscode.TreeView<TriageNode>;
  statusBar?: vscode.StatusBarItem;
  unsavedBar?: vscode.StatusBarItem;
  fixturesView?: vscode.TreeView<unknown>;

  constructor(readonly ctx: Ctx) {}

  get corpus(): WorkspaceCorpus {
    return (this.made.corpus ??= this.ctx.push(new WorkspaceCorpus(this.ctx)));
  }

  get session(): Session {
    return (this.made.session ??= this.ctx.push(new Session(this.ctx, this.corpus)));
  }

  get symbols(): DocumentSymbols {
    return (this.made.symbols ??= new DocumentSymbols(this.ctx, this.corpus));
  }

  get unsaved(): UnsavedLabels {
    return (this.made.unsaved ??= this.ctx.push(new UnsavedLabels(this.ctx, this.session)));
  }

  get diskChanges(): DiskChanges {
    return (this.made.diskChanges ??= this.ctx.push(new DiskChanges(this.ctx, this.session, this.corpus)));
  }

  get labeler(): Labeler {
    return (this.made.labeler ??= new Labeler(this.ctx, this.session, this.corpus));
  }

  get relocations(): Relocations {
    return (this.made.relocations ??= this.ctx.push(new Relocations(this.ctx, this.session, this.corpus)));
  }

  get labelDecorations(): LabelDecorations {
    return (this.made.labelDecorations ??= this.ctx.push(new LabelDecorations(this.ctx, this.symbols, this.session, this.corpus)));
  }

  get review(): Review {
    return (this.made.review ??= new Review(this.ctx, this.session, this.labeler, this.corpus));
  }

  get fixturesTree(): FixturesTree {
    return (this.made.fixturesTree ??= this.ctx.push(new FixturesTree(this.corpus, this.session, this.unsaved)));
  }

  get candidatesTree(): CandidatesTree {
    return (this.made.candidatesTree ??= this.ctx.push(new CandidatesTree(this.corpus, this.session)));
  }

  get settleTree(): SettleTree {
    return (this.made.settleTree ??= this.ctx.push(new SettleTree(this.corpus, this.session, this.picked)));
  }

  get toJudgeTree(): ToJudgeTree {
    return (this.made.toJudgeTree ??= this.ctx.push(new ToJudgeTree(this.corpus, this.session, this.picked)));
  }

  get picked(): PickedRow {
    return (this.made.picked ??= new PickedRow());
  }

  get results(): HarnessResults {
    return (this.made.results ??= this.ctx.push(new HarnessResults(this.ctx, this.corpus, this.session)));
  }

  get runner(): HarnessRunner {
    return (this.made.runner ??= this.ctx.push(new HarnessRunner(this.ctx, this.corpus, this.session, this.results)));
  }

  get panels(): HarnessPanels {
    return (this.made.panels ??= this.ctx.push(new HarnessPanels(this)));
  }

  get triageTree(): TriageTree {
    return (this.made.triageTree ??= this.ctx.push(new TriageTree(this.results)));
  }

  get links(): Services['links'] {
    return (this.made.links ??= { symbols: new LinkTargets<string>('symbol'), misses: new LinkTargets<MissRef>('miss') });
  }

  panel(): HarnessPanel | undefined {
    return this.made.panels?.open;
  }
}
