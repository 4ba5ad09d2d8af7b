// One owner for everything the extension holds: the extension context, the output channel, the
// typed configuration and every disposable (rust-analyzer's Ctx), disposed on deactivation.
import * as vscode from 'vscode';
import { FixtureLabError, plainText } from '../core';
import { Config } from './config';
import { Owner } from './lifetimes';

/** A question ask() put and how it was answered. */
export interface Asked {
  question: string;
  choice: string;
  answer: string | undefined;
}

export class Ctx extends Owner implements vscode.Disposable {
  readonly output: vscode.LogOutputChannel;
  readonly config = new Config();
  private diagnosticsCollection?: vscode.DiagnosticCollection;
  /** How long activate() took, for the log and the tests' report. */
  activationMs?: number;

  constructor(readonly extension: vscode.ExtensionContext) {
    super();
    this.output = this.push(vscode.window.createOutputChannel('Fixture Lab', { log: true }));
  }

  private readonly asked = this.push(new vscode.EventEmitter<Asked>());
  /**
   * Every question ask() put, with its answer. The integration tests read the questions here: under
   * an extension test runner VS Code never shows a modal dialog (skipDialogs) and it cannot be read.
   */
  readonly onDidAsk = this.asked.event;

  /**
   * A yes-or-no question in a modal dialog: `choice` if the person chose it, undefined if they
   * dismissed it (or no dialog could be shown: never taken for a yes).
   */
  async ask(question: string, choice: string): Promise<string | undefined> {
    const shown = plainText(question);
    const answer = await vscode.window.showWarningMessage(shown, { modal: true }, choice).then((a) => a, () => undefined);
    this.asked.fire({ question: shown, choice, answer });
    return answer;
  }

  /** Registers a disposable with the extension's lifetime. */
  push<T extends vscode.Disposable>(disposable: T): T {
    return this._register(disposable);
  }

  /** How many disposables are registered (the tests read it). */
  get registered(): number {
    return this.store.size;
  }

  get diagnostics(): vscode.DiagnosticCollection {
    return (this.diagnosticsCollection ??= this.push(vscode.languages.createDiagnosticCollection('fixture-lab')));
  }

  /** How a command or a panel request that failed says so: one line, and the log for what is not a FixtureLabError. */
  showError(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    if (!(e instanceof FixtureLabError)) this.output.error(e instanceof Error ? e : message);
    void vscode.window.showErrorMessage(plainText(`Fixture Lab: ${message}`));
  }
}
