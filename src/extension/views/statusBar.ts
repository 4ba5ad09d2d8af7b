// The status bar: the open fixture, its ground-truth count and its kappa (or that the review is blind).
import * as vscode from 'vscode';
import type { Services } from '../services';
import { statusText } from './viewModels';

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
