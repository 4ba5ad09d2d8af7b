// `fixture-lab repo add NAME PATH_OR_URL`: one repository recorded in repos.yaml as the clone says
// it is (its URL, languages and pinned commit read from git, never typed), so a corpus starts from
// facts. A path is a clone used where it is; anything else is cloned into .repos/NAME.
import { existsSync, promises as fs, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { Repository, simpleGit } from '../git/repository';
import { readUtf8File, writeTextAtomic } from '../io/files';
import { withFileLock } from '../io/lock';
import { isSafePathComponent, SAFE_NAME_RULE } from '../io/pathComponent';
import { displayPath, FixtureLabError } from '../problems';
import { languageOf } from '../symbols/languages';
import { noCorpusHint, readRepos, RepoEntry, urlKey, withRepos } from './repos';

export interface AddRepoOptions {
  cwd?: string;
  /** Pin this revision rather than the clone's HEAD. */
  commit?: string;
  /** The languages, when the files' extensions should not decide. */
  language?: string[];
}

/** repos.yaml's text; a missing file says which command makes it. */
export async function readReposText(corpusDir: string, cwd = process.cwd()): Promise<string> {
  const path = join(corpusDir, 'repos.yaml');
  if (!existsSync(path)) throw new FixtureLabError(`no such file: this folder is no corpus yet; ${noCorpusHint(corpusDir, cwd)}`, displayPath(path, cwd));
  return readUtf8File(path, 'repos.yaml', displayPath(path, cwd));
}

/** repos.yaml's entries, read as every command reads them; a missing file says which command makes it. */
export async function readReposFile(corpusDir: string, cwd = process.cwd()): Promise<RepoEntry[]> {
  return readRepos(await readReposText(corpusDir, cwd), displayPath(join(corpusDir, 'repos.yaml'), cwd)).repos;
}

/**
 * Record a repository in `corpusDir`'s repos.yaml. A local clone stays where it is (`path:`
 * relative to the corpus); a URL (or a path that is no work tree, such as a bare repository) is
 * cloned into `.repos/NAME`. Refuses a name or a URL the corpus already has, before cloning.
 */
export async function addRepo(corpusDir: string, name: string, source: string, options: AddRepoOptions = {}): Promise<RepoEntry> {
  const cwd = options.cwd ?? process.cwd();
  const reposPath = join(corpusDir, 'repos.yaml');
  const shownRepos = displayPath(reposPath, cwd);
  if (!isSafePathComponent(name)) throw new FixtureLabError(`\`${name}\` cannot be a repo name (tasks/NAME/ is its folder): use ${SAFE_NAME_RULE}`, shownRepos);
  const checkKnown = (text: string, url: string | undefined) => {
    const repos = readRepos(text, shownRepos).repos;
    if (repos.some((r) => r.name === name)) {
      throw new FixtureLabError(`already has a repo \`${name}\`; nothing was written: choose another name, or edit its entry`, shownRepos);
    }
    const same = url && repos.find((r) => r.url && urlKey(r.url) === urlKey(url));
    if (same) throw new FixtureLabError(`already has ${url} as \`${same.name}\`; nothing was written`, shownRepos);
  };
  checkKnown(await readReposText(corpusDir, cwd), isWorkTree(resolve(cwd, source)) ? undefined : source);
  for (const l of options.language ?? []) {
    if (!/^[\w#+.-]+$/.test(l)) throw new FixtureLabError(`\`${l}\` is not a language name (python, typescript, go, ...)`, shownRepos);
  }

  const local = resolve(cwd, source);
  let cloned: string | undefined;
  let checkout: string;
  let url: string | undefined;
  if (isWorkTree(local)) {
    checkout = local;
  } else {
    checkout = join(corpusDir, '.repos', name);
    if (existsSync(checkout)) {
      throw new FixtureLabError(`already exists; nothing was written: remove it, or give its path (\`fixture-lab repo add ${name} `
        + `${displayPath(checkout, cwd)}\`)`, displayPath(checkout, cwd));
    }
    url = existsSync(local) ? local : source;
    await fs.mkdir(join(corpusDir, '.repos'), { recursive: true });
    try {
      // `--` ends the options: a URL can never be read as one.
      await simpleGit({ baseDir: corpusDir }).raw(['clone', '--quiet', '--', url, checkout]);
    } catch (e) {
      await fs.rm(checkout, { recursive: true, force: true });
      const why = ((e as Error).message.split('\n').find((l) => /fatal:/.test(l)) ?? (e as Error).message.split('\n')[0]).trim();
      throw new FixtureLabError(`cannot be cloned (${why}); nothing was written: check the URL, or clone it yourself and give the path`, source);
    }
    cloned = checkout;
  }

  try {
    const repo = await Repository.open(checkout);
    let entry: RepoEntry;
    try {
      url ??= await originUrl(repo);
      const commit = await repo.resolve(options.commit ?? 'HEAD');
      const files = await repo.listFiles(commit);
      const language = options.language?.length ? options.language : languagesOf(files);
      const module = files.includes('go.mod') ? goModule((await repo.readFile(commit, 'go.mod'))) : undefined;
      const path = relative(corpusDir, repo.root).split(sep).join('/') || '.';
      entry = { name, ...(url ? { url } : {}), commit, language, ...(module ? { module } : {}), path };
    } finally {
      repo.close();
    }
    // Under repos.yaml's lock, read again: another writer may have added the same name meanwhile.
    const target = await fs.realpath(reposPath);
    await withFileLock(target, shownRepos, async (held) => {
      const text = await readUtf8File(target, 'repos.yaml', shownRepos);
      checkKnown(text, entry.url);
      await writeTextAtomic(target, withRepos(text, [entry], shownRepos), text, shownRepos, held);
    });
    return entry;
  } catch (e) {
    if (cloned) await fs.rm(cloned, { recursive: true, force: true });
    throw e;
  }
}

function isWorkTree(path: string): boolean {
  return existsSync(join(path, '.git')) && statSync(path).isDirectory();
}

async function originUrl(repo: Repository): Promise<string | undefined> {
  const url = (await repo.git.raw(['remote', 'get-url', 'origin']).catch(() => '')).trim();
  return url || undefined;
}

/** The languages a grammar reads, most files first; one under a tenth of the code files is left out (docs, scripts, vendored bits). */
function languagesOf(files: string[]): string[] {
  const counts = new Map<string, number>();
  for (const f of files) {
    const found = languageOf(f);
    const language = found === 'tsx' ? 'typescript' : found;
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts].filter(([, n]) => n * 10 >= total).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l);
}

function goModule(file: Awaited<ReturnType<Repository['readFile']>>): string | undefined {
  return file.kind === 'text' ? /^module\s+(\S+)/m.exec(file.text)?.[1] : undefined;
}
