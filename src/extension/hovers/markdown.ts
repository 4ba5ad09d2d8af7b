// Hovers show text from repositories, fixtures and runs: they are built from the core's
// markdownText/markdownCode/commandLink only, and trust no command but the few they link to.
// HTML and theme icons are off (VS Code draws `$(name)` as an icon even inside a code span); their
// links carry keys into LinkTargets (linkTargets.ts).
import * as vscode from 'vscode';

/** An empty hover Markdown trusting exactly `commands`, the extension's own, and nothing else. */
export function hoverMarkdown(commands: readonly string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.isTrusted = { enabledCommands: [...commands] };
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}
