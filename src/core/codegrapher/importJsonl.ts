// `fixture-lab import-codegrapher FILE.jsonl [--out CORPUS]` (docs/imports.md): every record of a
// CodeGrapher JSONL becomes a fixture under tasks/<repo>/<tier>/, its repository an entry of
// repos.yaml (matched by URL, else added). All or none: every line is read and every fixture built
// and validated before anything is written; a problem anywhere writes nothing.
import { existsSync, promises as fs } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadCorpus } from '../corpus/load';
import { readRepos, type RepoEntry, urlKey, withRepos } from '../corpus/repos';
import { validateFixture } from '../corpus/validate';
import { readFixture } from '../fixtures/read';
import { readUtf8File, writeTextAtomic } from '../io/files';
import { isSafePathComponent, safeNameLike } from '../io/pathComponent';
import { tempPathOf } from '../io/temp';
import { slugOf } from '../labeling/create';
import type { Tier } from '../labeling/fromChange';
import { displayPath, FixtureLabError, Problem } from '../problems';
import { readRecordLine, RecordFixture, recordFixtureText } from './record';

export interface ImportOptions {
  cwd?: string;
  /** The tier folder the fixtures go to (CodeGrapher has no difficulty): medium by default. */
  tier?: Tier;
}

export interface ImportResult {
  /** The problems that stopped the import; when there are any, nothing was written. */
  problems: Problem[];
  /** The fixture files written, in the records' order. */
  written: string[];
  /** The repos.yaml entries added. */
  reposAdded: string[];
}

/** The name a new repos.yaml entry takes: the URL's last segment, else owner-name, else numbered, never one already taken. */
function repoNameFor(url: string, taken: Set<string>): string {
  const parts = urlKey(url).split('/').filter(Boolean);
  const safe = (s: string) => safeNameLike(s).toLowerCase();
  const tries = [safe(parts.at(-1) ?? 'repo'), safe(parts.slice(-2).join('-'))];
  for (const name of tries) if (isSafePathComponent(name) && !taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${tries[0]}-${n}`)) return `${tries[0]}-${n}`;
}

export async function importCodegrapher(file: string, corpusDir: string, options: ImportOptions = {}): Promise<ImportResult> {
  const cwd = options.cwd ?? process.cwd();
  const tier = options.tier ?? 'medium';
  const shownFile = displayPath(file, cwd);
  const text = await readUtf8File(file, 'JSONL file', shownFile);
  const problems: Problem[] = [];
  const bad = (line: number, col: number, message: string) => problems.push({ file: shownFile, line, col, severity: 'error', code: 'bad-record', message });

  const records: { line: number; record: RecordFixture }[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const read = readRecordLine(line, i + 1);
    if ('problem' in read) bad(i + 1, read.column, read.problem);
    else records.push({ line: i + 1, record: read.record });
  });
  if (problems.length === 0 && records.length === 0) bad(1, 1, 'holds no record: a CodeGrapher JSONL has one JSON object per line');
  // Lines that did read go on, so one run names every bad line (its own problems, and a clash with the corpus).

  // The corpus: an existing one (repos.yaml), or a new folder made whole beside its place and renamed in.
  const reposPath = join(corpusDir, 'repos.yaml');
  const isNew = !existsSync(reposPath);
  if (isNew && existsSync(corpusDir) && (await fs.readdir(corpusDir)).length > 0) {
    throw new FixtureLabError('holds files but no repos.yaml, so it is no corpus: give --out a corpus folder or a new one', displayPath(corpusDir, cwd));
  }
  const corpus = isNew ? undefined : await loadCorpus(corpusDir, cwd);
  const reposText = isNew ? 'repos:\n' : await readUtf8File(reposPath, 'repos.yaml', displayPath(reposPath, cwd));
  const repos: RepoEntry[] = isNew ? [] : readRepos(reposText, displayPath(reposPath, cwd)).repos;

  const ids = new Map<string, string>();
  for (const f of corpus?.fixtures ?? []) if (f.read.fixture.id) ids.set(f.read.fixture.id.toLowerCase(), f.file);
  const byUrl = new Map(repos.filter((r) => r.url).map((r) => [urlKey(r.url!), r]));
  const added: RepoEntry[] = [];
  const numbers = new Map<string, number>();
  const planned: { path: string; text: string; line: number }[] = [];
  for (const { line, record } of records) {
    const seen = ids.get(record.id.toLowerCase());
    if (seen) {
      bad(line, 1, `task_id \`${record.id}\` is already the id of ${seen}: ids are unique across a corpus (in any case); rename the task or import into `
        + 'another corpus');
      continue;
    }
    ids.set(record.id.toLowerCase(), `line ${line} of ${shownFile}`);
    let repo = byUrl.get(urlKey(record.repoUrl));
    if (!repo) {
      const name = repoNameFor(record.repoUrl, new Set([...repos, ...added].map((r) => r.name.toLowerCase())));
      // Pinned at the first record's base: fixtures with `diff:` run at their own base, so the pin only names a revision that exists.
      repo = { name, url: record.repoUrl, commit: record.base, language: ['python'] };
      added.push(repo);
      byUrl.set(urlKey(record.repoUrl), repo);
    }
    const folder = join(corpusDir, 'tasks', repo.name, tier);
    if (!numbers.has(folder)) numbers.set(folder, await highestNumber(folder));
    const n = numbers.get(folder)! + 1;
    numbers.set(folder, n);
    const path = join(folder, `${String(n).padStart(2, '0')}-${slugOf(record.task)}.yaml`);
    planned.push({ path, text: recordFixtureText(record, repo.name), line });
  }

  // Each fixture validated as `fixture-lab validate` would (symbols aside): an import never writes an invalid corpus.
  const known = new Map([...repos, ...added].map((r) => [r.name, r]));
  for (const p of planned) {
    const shown = displayPath(p.path, cwd);
    const read = readFixture(p.text, shown);
    const placement = relative(join(corpusDir, 'tasks'), p.path).split(/[\\/]/);
    for (const e of validateFixture({ path: p.path, file: shown, placement, text: p.text, read }, known).filter((x) => x.severity === 'error')) {
      bad(p.line, 1, `the fixture it makes would be invalid: ${e.message}`);
    }
  }
  if (problems.length > 0) return { problems: problems.sort((a, b) => a.line - b.line), written: [], reposAdded: [] };

  const nextRepos = added.length === 0 ? undefined : withRepos(reposText, added, displayPath(reposPath, cwd));
  if (isNew) await writeNewCorpus(corpusDir, nextRepos ?? reposText, planned, cwd);
  else await addToCorpus(corpusDir, reposText, nextRepos, planned, cwd);
  return { problems: [], written: planned.map((p) => p.path), reposAdded: added.map((r) => r.name) };
}

async function highestNumber(folder: string): Promise<number> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  return Math.max(0, ...names.map((n) => Number(/^(\d+)-/.exec(n)?.[1] ?? 0)));
}

/** A new corpus: written whole in a temp folder beside it, then renamed into place. */
async function writeNewCorpus(dir: string, repos: string, files: { path: string; text: string }[], cwd: string): Promise<void> {
  await fs.mkdir(dirname(dir), { recursive: true });
  const temp = tempPathOf(dir);
  try {
    await fs.mkdir(temp);
    await fs.writeFile(join(temp, 'repos.yaml'), repos, { flag: 'wx' });
    for (const f of files) {
      const at = join(temp, relative(dir, f.path));
      await fs.mkdir(dirname(at), { recursive: true });
      await fs.writeFile(at, f.text, { flag: 'wx' });
    }
    await fs.rename(temp, dir);
  } catch (e) {
    await fs.rm(temp, { recursive: true, force: true });
    if (e instanceof FixtureLabError) throw e;
    throw new FixtureLabError(`cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing was written`, displayPath(dir, cwd));
  }
}

/**
 * Fixtures added to an existing corpus: each written whole beside its place, then all linked in
 * (a link fails when the name is taken), then repos.yaml replaced if it still holds what was read;
 * any failure unlinks what was linked and removes the folders it made.
 */
async function addToCorpus(
  dir: string, reposText: string, nextRepos: string | undefined, files: { path: string; text: string }[], cwd: string,
): Promise<void> {
  const made: string[] = [];
  const linked: string[] = [];
  const temps: string[] = [];
  let current = '';
  try {
    for (const f of files) {
      for (let d = dirname(f.path); !existsSync(d); d = dirname(d)) made.unshift(d);
      await fs.mkdir(dirname(f.path), { recursive: true });
      const temp = tempPathOf(f.path);
      temps.push(temp);
      await fs.writeFile(temp, f.text, { encoding: 'utf8', flag: 'wx' });
    }
    for (const [i, f] of files.entries()) {
      current = f.path;
      await fs.link(temps[i], f.path);
      linked.push(f.path);
    }
    current = join(dir, 'repos.yaml');
    if (nextRepos !== undefined) await writeTextAtomic(current, nextRepos, reposText, displayPath(current, cwd));
  } catch (e) {
    for (const p of [...linked, ...temps]) await fs.rm(p, { force: true });
    for (const d of [...new Set(made)].sort((a, b) => b.length - a.length)) await fs.rmdir(d).catch(() => undefined);
    if (e instanceof FixtureLabError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new FixtureLabError(code === 'EEXIST' ? 'already exists; nothing was written: run the import again'
      : `cannot write (${code ?? String(e)}); nothing was written`, displayPath(current || dir, cwd));
  } finally {
    for (const t of temps) await fs.rm(t, { force: true });
  }
}
