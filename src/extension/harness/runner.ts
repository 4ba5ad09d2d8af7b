// Running the harness on the open fixture, from the panel or the palette: a cancellable progress
// notification, results streaming into the panel as each answer is written, and no run at all
// in Restricted Mode (systems are commands this workspace's files name).
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { FixtureLabError, InvalidCorpusError, MatchRule, NO_GROUND_TRUTH, NothingToRunError, plainText, runBenchmark, RunEvent,
  runFolderName } from '../../core';
import { Ctx } from '../ctx';
import { Session } from '../labeling/session';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';
import { BenchmarkResults } from './results';

export const RESTRICTED = 'Running systems is disabled in Restricted Mode: they run commands this workspace names. Trust the workspace to '
  + 'run them (Manage Workspace Trust).';
/** Why a blind verifier runs nothing: every score is against the ground truth they may not see yet. */
export const BLIND = 'You review this fixture blind: systems are scored against its ground truth, which shows once the review finishes.';

export interface RunRequest {
  systems?: string[];
  budget?: number;
  match?: MatchRule;
}

/** What the panel shows of a run under way. */
export type RunProgress =
  | { kind: 'started'; systems: string[]; total: number }
  | { kind: 'progress'; system: string; done: number; total: number; status: 'running' | 'done' }
  | { kind: 'finished'; run?: string; cancelled: boolean; error?: string };

export class BenchmarkRunner implements vscode.Disposable {
  private readonly progressed = new vscode.EventEmitter<RunProgress>();
  readonly onProgress = this.progressed.event;
  private controller?: AbortController;

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus, private readonly session: Session,
    private readonly results: BenchmarkResults) {}

  get busy(): boolean {
    return this.controller !== undefined;
  }

  cancel(): void {
    this.controller?.abort();
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
    const dir = join(this.results.resultsDir(), runFolderName());
    const controller = (this.controller = new AbortController());
    const perSystem = new Map<string, number>();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? corpus.dir;
    const title = plainText(`Fixture Lab: running ${systems.join(', ')} on ${task}`);
    try {
      const summary = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        let total = 0;
        const onEvent = (e: RunEvent) => {
          if (e.kind === 'plan') {
            total = e.total;
            for (const s of e.systems) this.results.running.add(s);
            this.progressed.fire({ kind: 'started', systems: e.systems, total });
            void this.results.useRun(dir);
          } else if (e.kind === 'result') {
            perSystem.set(e.system, (perSystem.get(e.system) ?? 0) + 1);
            progress.report({ message: plainText(`${e.system}: ${e.task} ${e.status}`), increment: 100 / Math.max(total, 1) });
            this.progressed.fire({ kind: 'progress', system: e.system, done: perSystem.get(e.system)!, total: total / systems.length, status: 'running' });
            this.results.refresh();
          } else if (e.kind === 'warning') {
            this.ctx.output.warn(e.message);
          } else if (e.kind === 'system-done') {
            this.results.running.delete(e.system);
            this.progressed.fire({ kind: 'progress', system: e.system, done: perSystem.get(e.system) ?? 0, total: total / systems.length, status: 'done' });
            this.results.refresh();
          }
        };
        return runBenchmark({
          corpusDir: corpus.dir,
          cwd: folder,
          systems,
          tasks: task,
          budgets: [this.results.budget],
          match: this.results.match,
          outDir: dir,
          repositoryPaths: this.ctx.config.repositoryPaths,
          signal: controller.signal,
          onEvent,
        });
      });
      await this.results.useRun(summary.dir);
      this.progressed.fire({ kind: 'finished', run: this.results.lastRun?.name, cancelled: summary.cancelled });
      this.ctx.output.info(`run ${summary.dir}: ${summary.cancelled ? 'cancelled' : 'finished'}`);
      return summary.dir;
    } catch (caught) {
      const e = inEditorTerms(caught, task, (file) => resolve(folder, file) === current.uri.fsPath);
      this.progressed.fire({ kind: 'finished', cancelled: controller.signal.aborted, error: e.message });
      throw e;
    } finally {
      this.controller = undefined;
      this.results.running.clear();
      this.results.refresh();
    }
  }

  dispose(): void {
    this.controller?.abort();
    this.progressed.dispose();
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
