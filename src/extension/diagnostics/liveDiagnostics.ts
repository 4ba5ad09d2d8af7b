// Fixture files checked while typing: the core's reading of one fixture (syntax, fields,
// confidences, duplicates) as diagnostics, debounced; the corpus-wide checks run on save. The
// labeling report is checked whenever the corpus or the report changes on disk: one that no longer
// matches the fixtures (validate's stale-report) is a warning on it, never kappas read as current.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPORT_FILE, staleReport } from '../../core';
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
  registerReportDiagnostics(s);
}

/** validate's stale-report on labeling-report.md, kept current: checked when the corpus loads, reloads, or the report is written. */
function registerReportDiagnostics(s: Services): void {
  let timer: NodeJS.Timeout | undefined;
  let watched: string | undefined;
  let shownOn: vscode.Uri | undefined;
  const check = async () => {
    const corpus = await s.corpus.get().catch(() => undefined);
    const uri = corpus && vscode.Uri.file(join(corpus.dir, REPORT_FILE));
    if (corpus && watched !== corpus.dir) {
      watched = corpus.dir;
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(corpus.dir), REPORT_FILE));
      watcher.onDidCreate(later);
      watcher.onDidChange(later);
      watcher.onDidDelete(later);
      s.ctx.push(watcher);
    }
    const problem = corpus && (await staleReport(corpus, await s.session.rater()).catch(() => undefined));
    if (shownOn && shownOn.toString() !== uri?.toString()) s.ctx.diagnostics.delete(shownOn);
    shownOn = uri;
    if (!uri) return;
    s.ctx.diagnostics.set(uri, problem ? problemsToDiagnostics([problem], corpus.dir).get(uri.fsPath) ?? [] : []);
  };
  function later(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), DELAY_MS);
  }
  s.ctx.push(s.corpus.onDidChange(later));
  s.ctx.push({ dispose: () => clearTimeout(timer) });
  later();
}
