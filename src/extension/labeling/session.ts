// The fixture being labeled in this window and who is labeling it. Opening a fixture (from the
// tree, the palette, or by focusing its YAML) makes it current; the fixture is always read from
// its document, so unsaved edits count and undo is seen at once. A document is parsed once per
// version, whoever asks (the lenses, hovers, decorations, views and the edit itself).
import * as vscode from 'vscode';
import { Fixture, fixtureView, FixtureView, gitUserName, readFixture, ReadFixture, Role, roleOf } from '../../core';
import { Ctx } from '../ctx';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export interface Current {
  uri: vscode.Uri;
  /** The document as parsed, at the version `fixture` was read from. */
  read: ReadFixture;
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
  /** Each document's parse, at its version: a closed and reopened document is a new object. */
  private readonly reads = new WeakMap<vscode.TextDocument, { version: number; read: ReadFixture }>();
  private cached?: { document: vscode.TextDocument; version: number; rater: string | undefined; corpus: unknown; current: Current };

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

  /** The current fixture as its document reads now; undefined when none is open. The same object until the document, rater or corpus changes. */
  async current(): Promise<Current | undefined> {
    const uri = this.uri;
    if (!uri) return undefined;
    const document = await vscode.workspace.openTextDocument(uri);
    const rater = await this.rater();
    const corpus = await this.corpus.get();
    const c = this.cached;
    if (c && c.document === document && c.version === document.version && c.rater === rater && c.corpus === corpus) return c.current;
    const read = this.parsed(document);
    const { fixture } = read;
    const module = corpus?.repos.find((r) => r.name === fixture.repo)?.module;
    const current: Current = {
      uri, read, fixture, rater, role: roleOf(fixture, rater), view: fixtureView(fixture, rater, { module }), ...(module ? { module } : {}) };
    this.cached = { document, version: document.version, rater, corpus, current };
    return current;
  }

  /** A fixture document parsed: once per version of it. */
  parsed(document: vscode.TextDocument): ReadFixture {
    const known = this.reads.get(document);
    if (known?.version === document.version) return known.read;
    const read = readFixture(document.getText(), document.uri.fsPath);
    this.reads.set(document, { version: document.version, read });
    return read;
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
