// One owner for everything the extension holds: the extension context, the output channel, the
// typed configuration and every disposable (rust-analyzer's Ctx). Services load lazily (`??=`).
import * as vscode from 'vscode';
import { FixtureLabError, plainText } from '../core';
import { Config } from './config';

export class Ctx implements vscode.Disposable {
  readonly output: vscode.LogOutputChannel;
  readonly config = new Config();
  private readonly disposables: vscode.Disposable[] = [];
  private diagnosticsCollection?: vscode.DiagnosticCollection;
  /** How long activate() took, for the log and the tests' report. */
  activationMs?: number;

  constructor(readonly extension: vscode.ExtensionContext) {
    this.output = this.push(vscode.window.createOutputChannel('Fixture Lab', { log: true }));
  }

  push<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
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

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }
}
