// Which repository file a document is, and its definitions: a side of a fixture's diff
// (fixture-lab-rev:) or a file of a repository's checkout. Definitions are cached per document
// version, so CodeLens, hovers and decorations share one parse.
import { relative, sep } from 'node:path';
import * as vscode from 'vscode';
import { Definition, definitionsOf, languageOf, repositoryPath } from '../../core';
import { parseRevisionUri } from '../diff/revisions';
import { Ctx } from '../ctx';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export interface RepoFile {
  repo: string;
  /** Repository-relative, `/`-separated. */
  path: string;
  /** A revision for a diff side; undefined for a working-tree file. */
  rev?: string;
}

export class DocumentSymbols {
  private readonly cache = new WeakMap<vscode.TextDocument, { version: number; defs: Promise<Definition[]> }>();

  constructor(private readonly ctx: Ctx, private readonly corpus: WorkspaceCorpus) {}

  async repoFile(document: vscode.TextDocument): Promise<RepoFile | undefined> {
    const ref = parseRevisionUri(document.uri);
    if (ref) return ref;
    if (document.uri.scheme !== 'file' || !languageOf(document.uri.fsPath)) return undefined;
    const corpus = await this.corpus.get();
    for (const entry of corpus?.repos ?? []) {
      let root: string;
      try {
        root = repositoryPath(corpus!.dir, entry, this.ctx.config.repositoryPaths[entry.name]);
      } catch {
        continue;
      }
      const rel = relative(root, document.uri.fsPath);
      if (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '') return { repo: entry.name, path: rel.split(sep).join('/') };
    }
    return undefined;
  }

  async definitions(document: vscode.TextDocument): Promise<{ file: RepoFile; defs: Definition[] } | undefined> {
    const file = await this.repoFile(document);
    if (!file) return undefined;
    let entry = this.cache.get(document);
    if (!entry || entry.version !== document.version) {
      entry = { version: document.version, defs: definitionsOf(file.path, document.getText()) };
      this.cache.set(document, entry);
    }
    return { file, defs: await entry.defs };
  }
}
