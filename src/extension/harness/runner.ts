// Running the harness on the open fixture, from the panel or the palette: a cancellable progress
// notification, each event of the run handed to the results' RunStore (the panel, the views and
// the hovers follow the store), and no run at all in Restricted Mode (systems are commands this
// workspace's files name).
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import {
  BLIND, checkLines, checkSystems, executeRun, FixtureLabError, installingLine, InvalidCorpusError, MatchRule, NO_GROUND_TRUTH, NothingToRunError, plainText,
  planRun, readRunInputs, RESTRICTED, runFolderName,
} from '../../core';
import { Ctx } from '../ctx';
import { Session } from '../labeling/session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { HarnessResults } from './results';

export interface RunRequest {
  systems?: string[];
  budget?: number;
  match?: MatchRule;
}

/** Runs systems on the open fixture; every event of the run goes to the results' RunStore, nowhere else. */
export class HarnessRunner implements vscode.Disposable {
  private controller?: AbortController;

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus, private readonly session: Session,
    private readonly results: HarnessResults) {}

  cancel(): void {
    if (!this.controller) throw new FixtureLabError('no run is under way');
    this.controller.abort();
  }

  /**
   * Checks the chosen systems on the open fixture's task (`fixture-lab systems check`): each
   * indexes and answers once in a checkout of its own; resolves to the check's text.
   */
  async check(request: { systems: string[]; budget: number }): Promise<string> {
    if (!vscode.workspace.isTrusted) throw new FixtureLabError(RESTRICTED);
    const current = await this.session.current();
    if (!current?.fixture.id) throw new FixtureLabError('open a fixture first (Fixture Lab: Open Fixture)');
    const corpus = await this.corpus.require();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? corpus.dir;
    const check = await checkSystems({ corpusDir: corpus.dir, cwd: folder, task: current.fixture.id, systems: request.systems, budget: request.budget,
      onInstall: (system, pkg, dir) => this.ctx.output.info(installingLine(system, pkg, dir)) });
    return [`task ${check.task} (${check.repo} at ${check.rev.slice(0, 7)}), budget ${check.budget}`, ...check.results.map((r) => checkLines(r).join('\n'))]
      .join('\n\n');
  }

  /** Runs the chosen systems on the open fixture; resolves to the run folder. */
  async run(request: RunRequest = {}): Promise<string | undefined> {
    if (!vscode.workspace.isTrusted) throw new FixtureLabError(RESTRICTED);
    if (this.controller) throw new FixtureLabError('a run is already under way: cancel it first');
    const current = await this.session.current();
    if (!current?.fixture.id) throw new FixtureLabError('open a fixture first (Fixture Lab: Open Fixture)');
    if (current.view.blind) throw new FixtureLabError(BLIND);
    const corpus = await this.corpus.require();
    const choices = await this.results.systems();
    const systems = request.systems?.length ? request.systems : choices.filter((c) => c.available).map((c) => c.name);
    const unavailable = choices.filter((c) => systems.includes(c.name) && !c.available);
    if (unavailable.length) throw new FixtureLabError(unavailable.map((c) => c.reason).join('; '));
    const task = current.fixture.id;
    if (request.match) this.results.match = request.match;
    if (request.budget) this.results.budget = request.budget;
    const controller = (this.controller = new AbortController());
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? corpus.dir;
    const store = this.results.store;
    const title = plainText(`Fixture Lab: running ${systems.join(', ')} on ${task}`);
    let failure: Error | undefined;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        const place = { corpusDir: corpus.dir, cwd: folder, outDir: join(this.results.resultsDir(), runFolderName()) };
        const selection = { systems, tasks: task, budgets: [this.results.budget], match: this.results.match };
        const plan = readRunInputs(place).then((inputs) => planRun(inputs, selection));
        for await (const e of executeRun(plan, { repositoryPaths: this.ctx.config.repositoryPaths, signal: controller.signal })) {
          if (e.kind === 'answer') {
            progress.report({ message: plainText(`${e.raw.system}: ${e.raw.task} ${e.raw.status}`), increment: 100 / Math.max(e.total, 1) });
          }
          if (e.kind === 'warning') this.ctx.output.warn(e.message);
          if (e.kind === 'install') {
            const installing = installingLine(e.system, e.package, e.dir);
            progress.report({ message: plainText(installing) });
            this.ctx.output.info(installing);
          }
          if (e.kind === 'failed') {
            failure = inEditorTerms(e.error, task, (file) => resolve(folder, file) === current.uri.fsPath);
            store.apply({ kind: 'failed', error: failure });
          } else {
            store.apply(e);
          }
        }
      });
    } finally {
      this.controller = undefined;
    }
    if (failure) throw failure;
    const run = store.current!;
    this.ctx.output.info(`run ${run.dir}: ${run.status}`);
    return run.dir;
  }

  dispose(): void {
    this.controller?.abort();
  }
}

/**
 * Why the open fixture cannot run, in the editor's terms: the core's messages name the CLI's
 * flags (--tasks, --skip-invalid), which mean nothing here.
 */
function inEditorTerms(e: unknown, task: string, isFixture: (file: string) => boolean): Error {
  if (e instanceof NothingToRunError) {
    const reason = e.skipped.find((s) => s.task === task)?.reason;
    if (reason === NO_GROUND_TRUTH) return new FixtureLabError(
      `${task} has no ground truth yet: label its symbols (and settle its review) before running systems on it`);
    if (reason) return new FixtureLabError(`${task} cannot run: ${reason}`);
  }
  if (e instanceof InvalidCorpusError) {
    const first = e.problems[0];
    const mine = e.problems.every((p) => isFixture(p.file));
    const count = `${e.problems.length} error${e.problems.length === 1 ? '' : 's'}`;
    return new FixtureLabError(mine
      ? `${task} has ${count}; fix ${e.problems.length === 1 ? 'it'
        : 'them'} before running systems on it (the Problems view lists ${e.problems.length === 1 ? 'it' : 'them'}): line ${first.line}: ${first.message}`
      : `the corpus has ${count} (${first.file}); fix ${e.problems.length === 1 ? 'it' : 'them'} before running systems (the Problems view `
        + `lists ${e.problems.length === 1 ? 'it' : 'them'}): ${first.message}`);
  }
  return e instanceof Error ? e : new Error(String(e));
}
