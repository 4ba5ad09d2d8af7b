// `fixture-lab export-codegrapher CORPUS OUT.jsonl` (docs/imports.md): one CodeGrapher record per
// fixture, imported ones in the order of the file they came from (then the rest in the corpus's
// order), each line as it was imported while its record is unchanged. Written atomically.
import { listChanges } from '../git/diff';
import { loadCorpus, type FixtureFile } from '../corpus/load';
import { repositoryPath } from '../corpus/repos';
import { Repository } from '../git/repository';
import { writeTextAtomic } from '../io/files';
import { displayPath, FixtureLabError, formatProblem } from '../problems';
import { symbolKey } from '../symbols/normalize';
import { fixtureRecord, recordLine } from './record';

export interface ExportOptions {
  cwd?: string;
}

export async function exportCodegrapher(corpusDir: string, out: string, options: ExportOptions = {}): Promise<{ records: number }> {
  const cwd = options.cwd ?? process.cwd();
  const corpus = await loadCorpus(corpusDir, cwd);
  const broken = corpus.reposProblems.find((p) => p.severity === 'error')
    ?? corpus.fixtures.flatMap((f) => f.read.problems).find((p) => p.severity === 'error');
  if (broken) throw new FixtureLabError(`${formatProblem(broken)} (fix it, then export again; nothing was written)`);
  const repos = new Map(corpus.repos.map((r) => [r.name, r]));
  const opened = new Map<string, Promise<Repository>>();
  const ordered = corpus.fixtures
    .map((f, i) => ({ f, key: f.read.fixture.codegrapher?.line_number ?? Number.POSITIVE_INFINITY, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.f);
  const lines: string[] = [];
  try {
    for (const f of ordered) {
      const fixture = f.read.fixture;
      const entry = fixture.repo ? repos.get(fixture.repo) : undefined;
      const cursorFile = async () => {
        if (!entry || !fixture.diff) throw new Error('has no codegrapher.cursor_file and no change to take one from: add codegrapher.cursor_file');
        if (!opened.has(entry.name)) opened.set(entry.name, Repository.open(repositoryPath(corpusDir, entry)));
        return firstEditedFile(await opened.get(entry.name)!, f, entry.module);
      };
      try {
        const record = await fixtureRecord(fixture, { repoUrl: entry?.url, repoCommit: entry?.commit, cursorFile });
        lines.push(recordLine(record, fixture.codegrapher));
      } catch (e) {
        if (e instanceof FixtureLabError) throw new FixtureLabError(`${e.message} (for ${f.file}); nothing was written`);
        throw new FixtureLabError(`${(e as Error).message}; nothing was written`, f.file);
      }
    }
  } finally {
    for (const repo of opened.values()) (await repo.catch(() => undefined))?.close();
  }
  await writeTextAtomic(out, lines.map((l) => `${l}\n`).join(''), undefined, displayPath(out, cwd));
  return { records: lines.length };
}

/**
 * The record's cursor_file for a fixture that never came from CodeGrapher: the first file the
 * change edits that holds a ground-truth symbol (its path without extension begins the name), else
 * the first file it edits.
 */
async function firstEditedFile(repo: Repository, f: FixtureFile, module: string | undefined): Promise<string> {
  const { base, head } = f.read.fixture.diff!;
  const files = (await listChanges(repo, base, head)).files.map((c) => (c.oldPath ?? c.newPath)!);
  if (files.length === 0) throw new Error(`has a change (${base}..${head}) that edits no file: add codegrapher.cursor_file`);
  const names = f.read.fixture.ground_truth.map((l) => symbolKey(l.symbol, { module }));
  const holds = files.find((path) => {
    const stem = symbolKey(path, { module });
    return names.some((n) => n === stem || n.startsWith(`${stem}.`));
  });
  return holds ?? files[0];
}
