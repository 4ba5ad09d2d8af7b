// The status bar: the open fixture, its ground-truth count and its kappa (or that the review is
// blind); beside it, the labels not saved yet in any fixture's YAML, a click saving them.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../services';
import { statusText, unsavedStatus } from './viewModels';

export function registerStatusBar(s: Services): vscode.StatusBarItem {
  const item = s.ctx.push(vscode.window.createStatusBarItem('fixtureLab.fixture', vscode.StatusBarAlignment.Left, 50));
  item.name = 'Fixture Lab';
  item.command = 'fixtureLab.openFixture';
  s.ctx.push(s.session.onDidChange((c) => {
    if (!c) return item.hide();
    const { text, tooltip } = statusText(c.view);
    item.text = text;
    item.tooltip = tooltip;
    item.show();
  }));
  return item;
}

export function registerUnsavedStatusBar(s: Services): vscode.StatusBarItem {
  const item = s.ctx.push(vscode.window.createStatusBarItem('fixtureLab.unsaved', vscode.StatusBarAlignment.Left, 49));
  item.name = 'Fixture Lab: unsaved labels';
  item.command = 'fixtureLab.saveFixtureEdits';
  item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  s.ctx.push(s.unsaved.onDidChange(() => {
    const where = vscode.workspace.textDocuments.filter((d) => s.unsaved.of(d.uri.fsPath) > 0).map((d) => basename(d.uri.fsPath));
    const shown = unsavedStatus(s.unsaved.total, where);
    if (!shown) return item.hide();
    item.text = shown.text;
    item.tooltip = shown.tooltip;
    item.show();
  }));
  return item;
}
