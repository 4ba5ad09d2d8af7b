// One owner for everything the extension holds: the extension context, the output channel, the
// typed configuration and every disposable (rust-analyzer's Ctx), disposed on deactivation.
import * as vscode from 'vscode';
import { FixtureLabError, plainText } from '../core';
import { Config } from './config';
import { Owner } from './lifetimes';

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
