// Activation: build the Ctx, register the command table, log how long it took.
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { Ctx } from './ctx';

let ctx: Ctx | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  ctx = new Ctx(context);
  context.subscriptions.push(ctx);
  registerCommands(ctx);
  ctx.output.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
}

export function deactivate(): void {
  ctx?.dispose();
  ctx = undefined;
}
