// The fixture being labeled in this window and who is labeling it. Opening a fixture (from the
// tree, the palette, or by focusing its YAML) makes it current; the fixture is always read from
// its document, so unsaved edits count and undo is seen at once.
import * as vscode from 'vscode';
import { Fixture, fixtureView, FixtureView, gitUserName, readFixture, Role, roleOf } from '../../core';
import { Ctx } from '../ctx';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export interface Current {
  uri: vscode.Uri;
  fixture: Fixture;
  rater: string | undefined;
  role: Role;
  /** What this rater may see of it: every surface shows this, never `fixture` itself (blind review). */
  view: FixtureView;
  module?: string;
}

export class Session implements vscode.Disposable {
  private uri?: vscode.Uri;
  private readonly changed = new vscode.EventEmitter<Current | undefined>();
  readonly onDidChange = this.changed.event;
  private gitName?: Promise<string | undefined>;

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus) {
    ctx.push(vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor && this.isFixture(editor.document.uri)) void this.open(editor.document.uri);
    }));
    ctx.push(vscode.workspace.onDidChangeTextDocument((e) => {
      if (this.uri && e.document.uri.toString() === this.uri.toString()) void this.fire();
    }));
    ctx.push(vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('fixtureLab.raterName')) void this.fire();
    }));
  }

  isFixture(uri: vscode.Uri): boolean {
    return uri.scheme === 'file' && /\/tasks\/[^/]+\/[^/]+\/[^/]+\.ya?ml$/.test(uri.path);
  }

  async open(uri: vscode.Uri): Promise<Current> {
    this.uri = uri;
    return (await this.fire())!;
  }

  /** The current fixture, read now from its document; undefined when none is open. */
  async current(): Promise<Current | undefined> {
    if (!this.uri) return undefined;
    const document = await vscode.workspace.openTextDocument(this.uri);
    const { fixture } = readFixture(document.getText(), document.uri.fsPath);
    const rater = await this.rater();
    const corpus = await this.corpus.get();
    const module = corpus?.repos.find((r) => r.name === fixture.repo)?.module;
    return { uri: this.uri, fixture, rater, role: roleOf(fixture, rater), view: fixtureView(fixture, rater, { module }), ...(module ? { module } : {}) };
  }

  async document(): Promise<vscode.TextDocument | undefined> {
    return this.uri ? vscode.workspace.openTextDocument(this.uri) : undefined;
  }

  /** The rater's name: the setting, else git's user.name. */
  async rater(): Promise<string | undefined> {
    if (this.ctx.config.raterName) return this.ctx.config.raterName;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    this.gitName ??= folder ? gitUserName(folder) : Promise.resolve(undefined);
    return this.gitName;
  }

  private async fire(): Promise<Current | undefined> {
    const current = await this.current();
    this.changed.fire(current);
    return current;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
