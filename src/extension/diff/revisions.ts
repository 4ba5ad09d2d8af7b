// Read-only documents of a repository file at a revision, for the two sides of a fixture's diff:
// `fixture-lab-rev:/shop/pricing.py?repo=bookshop&rev=<sha>`. The path stays the URI's path, so
// VS Code picks the language (and our CodeLens and hovers) by its extension.
import * as vscode from 'vscode';
import { WorkspaceCorpus } from '../corpus/workspaceCorpus';

export const REVISION_SCHEME = 'fixture-lab-rev';

export interface RevisionRef {
  repo: string;
  rev: string;
  path: string;
}

export function revisionUri(ref: RevisionRef): vscode.Uri {
  return vscode.Uri.from({ scheme: REVISION_SCHEME, path: `/${ref.path}`, query: new URLSearchParams({ repo: ref.repo, rev: ref.rev }).toString() });
}

export function parseRevisionUri(uri: vscode.Uri): RevisionRef | undefined {
  if (uri.scheme !== REVISION_SCHEME) return undefined;
  const q = new URLSearchParams(uri.query);
  const repo = q.get('repo');
  const rev = q.get('rev');
  return repo && rev ? { repo, rev, path: uri.path.replace(/^\//, '') } : undefined;
}

export class RevisionContentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly corpus: WorkspaceCorpus) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const ref = parseRevisionUri(uri);
    if (!ref) return '';
    const repo = await this.corpus.repository(ref.repo);
    const file = await repo.readFile(ref.rev, ref.path);
    switch (file.kind) {
      case 'text':
        return file.text;
      case 'missing':
        return '';
      default:
        return `(${file.kind === 'too-large' ? `a file too large to show: ${file.bytes} bytes` : `a ${file.kind} file`})\n`;
    }
  }
}
