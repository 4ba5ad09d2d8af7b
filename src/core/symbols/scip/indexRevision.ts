// One revision's SCIP index: the revision's tree exported to a temporary folder (`git archive`,
// so the user's checkout and git index are never touched, and the indexers' own files, such as
// the tsconfig.json scip-typescript infers, land outside it), each applicable indexer run there,
// and the result cached per commit: a commit's code never changes, so its index is written once.
// Each command leads its own process tree (runProcess), so a CLI stopped by a signal reaps an
// indexer minutes into its work instead of leaving it running; what a stopped process leaves (its
// exported tree, a partial index) carries its pid and is swept by the next one.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Repository } from '../../git/repository';
import { failureOf, runProcess } from '../../io/process';
import { cleanLeftovers } from '../../io/temp';
import { languageOf } from '../languages';
import { readScipIndex, ScipIndex } from './decode';
import { INDEXERS, IndexerName, indexerScript } from './indexers';

/** An indexer that ran for a larger repository than this is given up on: its index would not come in time to help. */
const INDEX_TIMEOUT_MS = 15 * 60_000;
/** A revision's exported tree, and a partial index, each named by the pid of the process writing it. */
const TREE = /^fixture-lab-scip-(\d+)-/;
const PARTIAL = /\.(\d+)\.partial$/;

export interface RevisionIndex {
  /** The indexers that cover a language of the revision, each with its index. */
  indexes: Map<IndexerName, ScipIndex>;
  /** Seconds spent indexing now (0 when every index came from the cache). */
  seconds: number;
}

/** The indexers that apply to the languages at `commit`. */
export async function indexersFor(repo: Repository, commit: string): Promise<IndexerName[]> {
  const languages = new Set((await repo.listFiles(commit)).map((p) => languageOf(p)));
  return (Object.keys(INDEXERS) as IndexerName[]).filter((n) => INDEXERS[n].languages.some((l) => languages.has(l)));
}

/** The cached index file of `commit` by `name` (its version in the name: a new pin indexes anew). */
export function indexFile(cacheDir: string, commit: string, name: IndexerName): string {
  return join(cacheDir, 'indexes', `${commit}.${name}-${INDEXERS[name].version}.scip`);
}

/**
 * Each applicable indexer's index of `commit` (a full SHA), from the cache or made now. Throws
 * when an indexer fails, with its last lines: the caller says so and falls back.
 */
export async function indexRevision(
  repo: Repository, commit: string, home: string, cacheDir: string, progress: (line: string) => void = () => {},
): Promise<RevisionIndex> {
  const started = performance.now();
  const names = await indexersFor(repo, commit);
  const missing = names.filter((n) => !existsSync(indexFile(cacheDir, commit, n)));
  if (missing.length > 0) {
    await cleanLeftovers(tmpdir(), TREE, INDEX_TIMEOUT_MS);
    await cleanLeftovers(join(cacheDir, 'indexes'), PARTIAL, INDEX_TIMEOUT_MS);
    const tree = mkdtempSync(join(tmpdir(), `fixture-lab-scip-${process.pid}-`));
    try {
      await exportTree(repo, commit, tree);
      for (const name of missing) {
        const target = indexFile(cacheDir, commit, name);
        mkdirSync(join(cacheDir, 'indexes'), { recursive: true });
        const partial = `${target}.${process.pid}.partial`;
        progress(`indexing ${commit.slice(0, 12)} with ${INDEXERS[name].package} ${INDEXERS[name].version} (once per revision; minutes on a large repository)`);
        try {
          await run(INDEXERS[name].package, [process.execPath, indexerScript(home, name), ...indexerArgs(name, repo, commit, tree, partial)], tree);
          if (!existsSync(partial)) throw new Error(`${INDEXERS[name].package} wrote no index`);
          renameSync(partial, target);
        } finally {
          rmSync(partial, { force: true });
        }
      }
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  }
  const indexes = new Map(names.map((n) => [n, readScipIndex(home, indexFile(cacheDir, commit, n))] as const));
  return { indexes, seconds: missing.length > 0 ? (performance.now() - started) / 1000 : 0 };
}

function indexerArgs(name: IndexerName, repo: Repository, commit: string, tree: string, output: string): string[] {
  if (name === 'typescript') {
    // A repository without a tsconfig.json gets the one scip-typescript infers (every .ts file, or allowJs for JavaScript).
    return ['index', '--cwd', tree, '--infer-tsconfig', '--no-progress-bar', '--output', output];
  }
  // An empty environment: no installed package is indexed or consulted (the machine's site-packages
  // could hold another version of the repository itself), and pip is never run.
  const environment = join(tree, '.fixture-lab-scip-environment.json');
  writeFileSync(environment, '[]\n');
  // A `src/` layout imports its packages by their own names (`import flask` for src/flask), as an
  // installed checkout does; pyright is told so unless the repository configures it itself.
  if (existsSync(join(tree, 'src')) && !existsSync(join(tree, 'pyrightconfig.json'))) {
    writeFileSync(join(tree, 'pyrightconfig.json'), '{ "extraPaths": ["src"] }\n');
  }
  return ['index', '--cwd', tree, '--project-name', basename(repo.root) || 'repository', '--project-version', commit,
    '--environment', environment, '--quiet', '--output', output];
}

/** `git archive` of `commit` unpacked into `dir`. */
async function exportTree(repo: Repository, commit: string, dir: string): Promise<void> {
  const archive = join(dir, '.fixture-lab-archive.tar');
  await run('git archive', ['git', '-C', repo.root, 'archive', '--format=tar', '-o', archive, commit], dir);
  await run('tar', ['tar', '-xf', archive, '-C', dir], dir);
  rmSync(archive);
}

/** Runs `argv` in `cwd`; throws naming it as `name`, with its last lines. */
async function run(name: string, argv: string[], cwd: string): Promise<void> {
  const failed = failureOf(await runProcess(argv, { cwd, timeoutMs: INDEX_TIMEOUT_MS, maxOutputBytes: 1 << 20 }), INDEX_TIMEOUT_MS, 3);
  if (failed) throw new Error(`${name} ${failed.how}${failed.tail ? `: ${failed.tail}` : ''}`);
}
