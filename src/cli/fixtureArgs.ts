// The arguments that name fixtures: their files (a folder for every YAML file below it), and the
// repository a fixture's names belong to, from the nearest repos.yaml. Apart from args.ts, whose
// parsing every command uses: these read the corpus (YAML, repos.yaml), which the CLI loads only
// for the commands that name fixtures.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { yamlFilesUnder } from '../core/corpus/load';
import { readRepos, RepoEntry, unsafeRepoName } from '../core/corpus/repos';
import { readText } from '../core/io/files';
import { isSafePathComponent } from '../core/io/pathComponent';
import { displayPath, FixtureLabError } from '../core/problems';

/** The repository's module prefix for a fixture's names, from the nearest repos.yaml above it. */
export async function moduleFor(fixturePath: string, repo: string | undefined): Promise<string | undefined> {
  return (await repoEntryFor(fixturePath, repo))?.entry.module;
}

/** A fixture's repository as the nearest repos.yaml above it names it, and that corpus folder. */
export async function repoEntryFor(fixturePath: string, repo: string | undefined): Promise<{ corpusDir: string; entry: RepoEntry } | undefined> {
  if (!repo) return undefined;
  for (let dir = dirname(fixturePath); dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'repos.yaml');
    if (!existsSync(file)) continue;
    const { repos } = readRepos((await readText(file)).text, displayPath(file));
    const entry = repos.find((r) => r.name === repo);
    // A name that is not one path component is refused by every command, as validate refuses it.
    if (entry && !isSafePathComponent(entry.name)) throw new FixtureLabError(unsafeRepoName(entry.name), displayPath(file));
    return entry && { corpusDir: dir, entry };
  }
  return undefined;
}

/** Fixture files named on the command line; a folder stands for every YAML file below it. */
export async function fixturePaths(args: string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const a of args) {
    const path = resolve(cwd, a);
    if (existsSync(path) && statSync(path).isDirectory()) out.push(...(await yamlFilesUnder(path)));
    else out.push(path);
  }
  return out;
}
