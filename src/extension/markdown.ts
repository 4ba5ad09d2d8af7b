// Hovers show text from repositories, fixtures and runs: they are built from the core's
// markdownText/markdownCode/commandLink only, and trust no command but the few they link to.
// HTML and theme icons are off (VS Code draws `$(name)` as an icon even inside a code span).
import * as vscode from 'vscode';
import { FixtureLabError } from '../core';

/** An empty hover Markdown trusting exactly `commands`, the extension's own, and nothing else. */
export function hoverMarkdown(commands: readonly string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.isTrusted = { enabledCommands: [...commands] };
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

/** What a hover's command link carries: a key, nothing from a file, a fixture or a run. */
export type LinkRef = { link: string };

export function isLinkRef(arg: unknown): arg is LinkRef {
  return typeof arg === 'object' && arg !== null && typeof (arg as LinkRef).link === 'string' && Object.keys(arg).length === 1;
}

/**
 * The targets of hover links, kept by the extension: a link carries only the key of its target
 * (`{ link: "label-12" }`), the command looks it up. The newest keys are kept; a link from a
 * hover shown long ago says so instead of acting.
 */
export class LinkTargets<T> {
  private readonly targets = new Map<string, T>();
  private next = 0;

  constructor(private readonly kind: string, private readonly keep = 500) {}

  ref(target: T): LinkRef {
    const link = `${this.kind}-${++this.next}`;
    this.targets.set(link, target);
    if (this.targets.size > this.keep) this.targets.delete(this.targets.keys().next().value!);
    return { link };
  }

  resolve(ref: LinkRef): T {
    const target = this.targets.get(ref.link);
    if (target === undefined) throw new FixtureLabError('that link is out of date: hover the symbol again');
    return target;
  }
}
