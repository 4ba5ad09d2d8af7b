// A corpus on disk: corpus/repos.yaml and one YAML file per task under corpus/tasks/<repo>/<tier>/.
import { promises as fs } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { oversizedFixture, readFixture, ReadFixture, refusedFixture } from '../fixtures/read';
import { displayPath, FixtureLabError, Problem } from '../problems';
import { readSystemsFile } from './systemsYaml';
import { noCorpusHint, readRepos, RepoEntry } from './repos';

export interface FixtureFile {
  /** Absolute path. */
  path: string;
  /** Path as shown to people (relative to the working folder). */
  file: string;
  /** Path segments under tasks/: [repo, tier, name] for a well-placed fixture. */
  placement: string[];
  /** Empty when the file was refused unread for its size (see read.problems). */
  text: string;
  read: ReadFixture;
}

export interface Corpus {
  dir: string;
  reposFile: string;
  repos: RepoEntry[];
  reposProblems: Problem[];
  /** systems.yaml's problems (none when it is absent): checked by `validate` as every run checks it. */
  systemsProblems?: Problem[];
  fixtures: FixtureFile[];
}

/** `cwd` is where shown paths are relative to (the working folder by default). */
export async function loadCorpus(dir: string, cwd = process.cwd()): Promise<Corpus> {
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) {
    throw new FixtureLabError(`is not a corpus folder (one holding repos.yaml and tasks/): ${noCorpusHint(dir, cwd)}`, displayPath(dir, cwd));
  }
  const reposPath = join(dir, 'repos.yaml');
  const reposFile = displayPath(reposPath, cwd);
  const reposText = await fs.readFile(reposPath, 'utf8').catch(() => undefined);
  const { repos, problems } = reposText === undefined
    ? { repos: [], problems: [
      { file: reposFile, line: 1, col: 1, severity: 'error' as const, code: 'missing-repos' as const,
        message: `missing repos.yaml: ${noCorpusHint(dir, cwd)}, or write it by hand (docs/fixture-format.md#reposyaml)` }] }
    : readRepos(reposText, reposFile);
  const tasks = join(dir, 'tasks');
  const paths = (await fs.stat(tasks).catch(() => undefined))?.isDirectory() ? await yamlFilesUnder(tasks) : [];
  const fixtures = await Promise.all(paths.map((p) => loadFixtureFile(p, tasks, cwd)));
  const systemsPath = join(dir, 'systems.yaml');
  const systemsText = await fs.readFile(systemsPath, 'utf8').catch(() => undefined);
  const systemsProblems = systemsText === undefined ? [] : readSystemsFile(systemsText, displayPath(systemsPath, cwd)).problems;
  return { dir, reposFile, repos, reposProblems: problems, systemsProblems, fixtures };
}

/** A fixture's task id, as runs and results name it: its `id`, else its file name. */
export function fixtureIdOf(f: Pick<FixtureFile, 'file' | 'read'>): string {
  return f.read.fixture.id ?? basename(f.file, '.yaml');
}

export async function loadFixtureFile(path: string, tasksDir?: string, cwd = process.cwd()): Promise<FixtureFile> {
  const file = displayPath(path, cwd);
  const unreadable = (e: NodeJS.ErrnoException): never => {
    throw new FixtureLabError(
      e.code === 'ENOENT' ? 'no such fixture; check the path' : e.code === 'EISDIR' ? 'is a folder, not a fixture' : `cannot read (${e.code})`, file);
  };
  const placement = tasksDir ? relative(tasksDir, path).split(sep) : [];
  // A file too large to be a fixture is refused before it is read.
  const { size } = await fs.stat(path).catch(unreadable);
  if (oversizedFixture(size)) return { path, file, placement, text: '', read: refusedFixture(file, size) };
  const text = await fs.readFile(path, 'utf8').catch(unreadable);
  return { path, file, placement, text, read: readFixture(text, file) };
}

/** Every .yaml/.yml below `dir`, sorted so output is stable. */
export async function yamlFilesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await yamlFilesUnder(path)));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}
