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
        if (!entry) throw new Error('has no codegrapher.cursor_file and no repository to find one in: add codegrapher.cursor_file');
        if (!opened.has(entry.name)) opened.set(entry.name, Repository.open(repositoryPath(corpusDir, entry)));
        return cursorFileOf(await opened.get(entry.name)!, f, fixture.commit ?? entry.commit, entry.module);
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
 * The record's cursor_file for a fixture that never came from CodeGrapher: the file the change edits
 * that holds the first ground-truth symbol it can (its path without extension begins the name), else
 * the file at the fixture's revision that holds its first ground-truth symbol (for an unlabeled
 * fixture, its first candidate), else the first file the change edits.
 */
async function cursorFileOf(repo: Repository, f: FixtureFile, commit: string | undefined, module: string | undefined): Promise<string> {
  const { diff } = f.read.fixture;
  const rev = diff?.base ?? commit;
  if (!rev) throw new Error('has no revision (diff, commit or a pinned commit in repos.yaml) to find its cursor_file at: add codegrapher.cursor_file');
  const changed = diff ? (await listChanges(repo, diff.base, diff.head)).files.map((c) => (c.oldPath ?? c.newPath)!) : [];
  const { ground_truth: truth, candidates } = f.read.fixture;
  const names = [...truth.map((l) => l.symbol), ...candidates].map((n) => symbolKey(n, { module }));
  const holds = (name: string) => (path: string) => {
    const stem = symbolKey(path, { module });
    return name === stem || name.startsWith(`${stem}.`);
  };
  for (const name of names) {
    const inChange = changed.find(holds(name));
    if (inChange) return inChange;
  }
  if (names.length > 0) {
    const tree = (await repo.git.raw(['ls-tree', '-r', '-z', '--name-only', await repo.resolve(rev)])).split('\0').filter(Boolean);
    const inTree = tree.filter(holds(names[0])).sort((a, b) => b.length - a.length)[0];
    if (inTree) return inTree;
  }
  if (changed.length > 0) return changed[0];
  throw new Error('has no codegrapher.cursor_file, and neither its change, its ground truth nor its candidates name a file: add codegrapher.cursor_file');
}
