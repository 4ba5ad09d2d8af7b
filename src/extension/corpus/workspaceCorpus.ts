// The corpus this window works on, loaded through the core and kept fresh: a watcher on
// tasks/**/*.yaml and repos.yaml reloads it, open documents are read from the editor (so unsaved
// edits count), and repositories open on first use, once each.
import * as vscode from 'vscode';
import { AtBase, BaseNames, BodyIndex, CANONICAL, canonicalName, Candidates, candidatesFrom, changedSymbols, ChangeReport, Corpus, Fixture,
  FixtureFile, FixtureLabError, loadCorpus, normalizeSymbol, type Provenance, provenanceOf, relocationReport, type RelocationReport, Repository,
  repositoryPath, RepoEntry, RepoSymbols, revisionOf, staleLabelsOf, symbolWarning } from '../../core';
import { findCorpusDir } from './corpusLocation';
import { Ctx } from '../ctx';

export class WorkspaceCorpus implements vscode.Disposable {
  private corpus?: Promise<Corpus | undefined>;
  private readonly repos = new Map<string, Promise<Repository>>();
  private readonly changes = new Map<string, Promise<ChangeReport>>();
  private readonly candidateSets = new Map<string, Promise<Candidates>>();
  private readonly symbols = new Map<string, RepoSymbols>();
  private readonly bodies = new Map<string, Promise<BodyIndex>>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly fileChanged = new vscode.EventEmitter<vscode.Uri>();
  /** A fixture file changed on disk (whoever wrote it): what DiskChanges merges unsaved edits with. */
  readonly onDidChangeFile = this.fileChanged.event;
  private watcher?: vscode.FileSystemWatcher;

  constructor(private readonly ctx: Ctx) {
    ctx.push(vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('fixtureLab')) this.reload();
    }));
  }

  /** The corpus, or undefined when the workspace has none. */
  get(): Promise<Corpus | undefined> {
    this.corpus ??= (async () => {
      const dir = await findCorpusDir(this.ctx);
      if (!dir) return undefined;
      this.watch(dir);
      return loadCorpus(dir.fsPath, dir.fsPath);
    })();
    return this.corpus;
  }

  async require(): Promise<Corpus> {
    const corpus = await this.get();
    if (!corpus) {
      throw new FixtureLabError('no corpus in this workspace: open a folder holding repos.yaml and tasks/, set fixtureLab.corpusPath, '
        + 'or start one with Fixture Lab: Initialize a Corpus Here');
    }
    return corpus;
  }

  async fixtureAt(uri: vscode.Uri): Promise<FixtureFile | undefined> {
    return (await this.get())?.fixtures.find((f) => f.path === uri.fsPath);
  }

  repoEntry(corpus: Corpus, name: string | undefined): RepoEntry {
    const entry = corpus.repos.find((r) => r.name === name);
    if (!entry) throw new FixtureLabError(`repo \`${name}\` is not in repos.yaml: add it there`, corpus.reposFile);
    return entry;
  }

  /** The repository of a corpus repo, opened once. */
  async repository(name: string): Promise<Repository> {
    let repo = this.repos.get(name);
    if (!repo) {
      repo = (async () => {
        const corpus = await this.require();
        return Repository.open(repositoryPath(corpus.dir, this.repoEntry(corpus, name), this.ctx.config.repositoryPaths[name]));
      })();
      repo.catch(() => this.repos.delete(name));
      this.repos.set(name, repo);
    }
    return repo;
  }

  /** A change's symbols, read once per change (the CodeLens, hovers and decorations name them at base from it). */
  change(repoName: string, base: string, head: string): Promise<ChangeReport> {
    return once(this.changes, `${repoName}@${base}..${head}`, () => this.repository(repoName).then((r) => changedSymbols(r, base, head)));
  }

  /** A change's symbols and neighbours, read once per change (the Candidates view and the guardrails share it). */
  candidates(repoName: string, base: string, head: string): Promise<Candidates> {
    const tests = this.ctx.config.candidateTests;
    return once(this.candidateSets, `${repoName}@${base}..${head}:${tests}`, async () => candidatesFrom(
      await this.repository(repoName), await this.change(repoName, base, head), { tests }));
  }

  /**
   * What the fixture's change calls a name at base (labels are named at base): read on `rev`
   * (a side of the diff; undefined for a typed name or a working-tree file). A fixture without a
   * change is labeled at its commit: every name is its own.
   */
  async namesAtBase(fixture: Fixture, rev?: string): Promise<(symbol: string) => AtBase> {
    const same = (symbol: string): AtBase => ({ symbol });
    if (!fixture.diff || !fixture.repo) return same;
    let names: BaseNames;
    let sides: { base: string; head: string };
    try {
      const report = await this.change(fixture.repo, fixture.diff.base, fixture.diff.head);
      names = report.names;
      sides = report;
    } catch {
      return same; // a change that cannot be read: the label-time check says what is wrong with the name
    }
    const side = rev === undefined ? undefined : rev === sides.head || rev === fixture.diff.head ? 'head' : rev === sides.base
      || rev === fixture.diff.base ? 'base' : undefined;
    return (symbol) => names.nameAtBase(symbol, side);
  }

  /**
   * The label-time check of a symbol against the code at the fixture's revision (the core's, as
   * `label add` runs it): the warning to show, or undefined when it resolves.
   */
  async symbolWarning(fixture: Fixture, symbol: string): Promise<string | undefined> {
    const corpus = await this.get();
    const entry = corpus?.repos.find((r) => r.name === fixture.repo);
    if (!corpus || !entry) return undefined;
    const key = `${corpus.dir}\0${entry.name}`;
    let repo = this.symbols.get(key);
    if (!repo) this.symbols.set(key, (repo = new RepoSymbols(entry, corpus.dir, {}, () => this.repository(entry.name))));
    return symbolWarning(repo, fixture, symbol);
  }

  /**
   * A typed name as the repository reads it at the fixture's revision (the core's canonicalName, as
   * `label add` reads it): `a.h` is the function h of a.py there, never the file a.
   */
  async canonicalName(fixture: Fixture, raw: string, module: string | undefined): Promise<string> {
    const corpus = await this.get();
    const entry = corpus?.repos.find((r) => r.name === fixture.repo);
    const rev = entry && revisionOf(fixture, entry)?.rev;
    if (!corpus || !entry || !rev) return normalizeSymbol(raw, { module });
    const key = `${corpus.dir}\0${entry.name}`;
    let repo = this.symbols.get(key);
    if (!repo) this.symbols.set(key, (repo = new RepoSymbols(entry, corpus.dir, {}, () => this.repository(entry.name))));
    try {
      return await canonicalName(repo, async () => (await this.repository(entry.name)).listFiles(rev), rev, raw);
    } catch {
      return normalizeSymbol(raw, { module });
    }
  }

  /** A repository's definitions by body hash, kept for the window: a file's hashes are computed once per blob. */
  private bodyIndex(name: string): Promise<BodyIndex> {
    return once(this.bodies, name, async () => {
      const corpus = await this.require();
      return new BodyIndex(await this.repository(name), { module: this.repoEntry(corpus, name).module, ...CANONICAL });
    });
  }

  /** What a new label of `symbol` records: the fixture's revision (a full SHA) and the body hash there; nothing when the code cannot be read. */
  async provenance(fixture: Fixture, symbol: string): Promise<Provenance> {
    const corpus = await this.get();
    const entry = corpus?.repos.find((r) => r.name === fixture.repo);
    const rev = entry && revisionOf(fixture, entry)?.rev;
    if (!rev || !fixture.repo) return {};
    const index = await this.bodyIndex(fixture.repo).catch(() => undefined);
    return index ? provenanceOf(index, rev, symbol) : {};
  }

  /** The fixture's labels followed from `from` (a label's own `at` first) to `to` (core relocationReport). */
  async relocation(fixture: Fixture, from: string, to: string): Promise<RelocationReport> {
    const corpus = await this.require();
    const entry = this.repoEntry(corpus, fixture.repo);
    return relocationReport(await this.bodyIndex(entry.name), fixture, from, to, { module: entry.module });
  }

  /**
   * The fixture's ground-truth labels whose symbol is other code at its revision than where they
   * were labeled (validate's stale-label, core staleLabelsOf), one line each; none when the code
   * cannot be read (validate says why).
   */
  async staleGroundTruth(fixture: Fixture, file: string): Promise<string[]> {
    const corpus = await this.get();
    const entry = corpus?.repos.find((r) => r.name === fixture.repo);
    if (!entry) return [];
    try {
      const stale = await staleLabelsOf(await this.bodyIndex(entry.name), fixture, entry, file);
      return stale.filter((s) => s.lists.includes('ground_truth')).map((s) => s.message);
    } catch {
      return [];
    }
  }

  reload(): void {
    this.corpus = undefined;
    // A repository path may have changed: resolvers open theirs again (their answers are on disk).
    this.symbols.clear();
    this.bodies.clear();
    this.changed.fire();
  }

  private watch(dir: vscode.Uri): void {
    if (this.watcher) return;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir, '{repos.yaml,tasks/**/*.yaml}'));
    const reload = () => this.reload();
    // A file written in place changes; one written whole and renamed over it (the CLI's edits) is created.
    const changed = (uri: vscode.Uri) => {
      this.reload();
      this.fileChanged.fire(uri);
    };
    this.watcher.onDidChange(changed);
    this.watcher.onDidCreate(changed);
    this.watcher.onDidDelete(reload);
  }

  dispose(): void {
    this.watcher?.dispose();
    this.changed.dispose();
    this.fileChanged.dispose();
    for (const r of this.repos.values()) void r.then((repo) => repo.close(), () => undefined);
  }
}

/** A promise per key, made once; forgotten when it fails, so the next ask tries again. */
function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = make();
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}
