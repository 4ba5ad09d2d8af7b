// Fixture files checked while typing: the core's reading of one fixture (syntax, fields,
// confidences, duplicates) as diagnostics, debounced; the corpus-wide checks run on save.
import * as vscode from 'vscode';
import { executeCommand } from '../commands/args';
import { problemsToDiagnostics } from './problemDiagnostics';
import type { Services } from '../services';

const DELAY_MS = 250;

export function registerLiveDiagnostics(s: Services): void {
  const timers = new Map<string, NodeJS.Timeout>();
  const check = (document: vscode.TextDocument) => {
    if (!s.session.isFixture(document.uri)) return;
    const key = document.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => {
      timers.delete(key);
      const { problems } = s.session.parsed(document);
      s.ctx.diagnostics.set(document.uri, problemsToDiagnostics(problems.map((p) => ({ ...p, file: document.uri.fsPath })), '/').get(
        document.uri.fsPath) ?? []);
    }, DELAY_MS));
  };
  s.ctx.push(vscode.workspace.onDidOpenTextDocument(check));
  s.ctx.push(vscode.workspace.onDidChangeTextDocument((e) => check(e.document)));
  for (const d of vscode.workspace.textDocuments) check(d);
  // A saved fixture changes the labeling report: keep it current.
  s.ctx.push(vscode.workspace.onDidSaveTextDocument((d) => {
    if (s.session.isFixture(d.uri)) void executeCommand('fixtureLab.writeReport', { quiet: true });
  }));
  s.ctx.push({ dispose: () => timers.forEach((t) => clearTimeout(t)) });
}
