// One revision's SCIP index: the revision's tree exported to a temporary folder (`git archive`,
// so the user's checkout and git index are never touched, and the indexers' own files, such as
// the tsconfig.json scip-typescript infers, land outside it), each applicable indexer run there,
// and the result cached per commit: a commit's code never changes, so its index is written once.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Repository } from '../../git/repository';
import { languageOf } from '../languages';
import { readScipIndex, ScipIndex } from './decode';
import { INDEXERS, IndexerName, indexerScript } from './indexers';

/** An indexer that ran for a larger repository than this is given up on: its index would not come in time to help. */
const INDEX_TIMEOUT_MS = 15 * 60_000;

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
export async function indexRevision(repo: Repository, commit: string, home: string, cacheDir: string): Promise<RevisionIndex> {
  const started = performance.now();
  const names = await indexersFor(repo, commit);
  const missing = names.filter((n) => !existsSync(indexFile(cacheDir, commit, n)));
  if (missing.length > 0) {
    const tree = mkdtempSync(join(tmpdir(), 'fixture-lab-scip-'));
    try {
      await exportTree(repo, commit, tree);
      for (const name of missing) {
        const target = indexFile(cacheDir, commit, name);
        mkdirSync(join(cacheDir, 'indexes'), { recursive: true });
        const partial = `${target}.${process.pid}.partial`;
        await run(process.execPath, [indexerScript(home, name), ...indexerArgs(name, repo, commit, tree, partial)], tree);
        if (!existsSync(partial)) throw new Error(`${INDEXERS[name].package} wrote no index`);
        renameSync(partial, target);
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
  await run('git', ['-C', repo.root, 'archive', '--format=tar', '-o', archive, commit], dir);
  await run('tar', ['-xf', archive, '-C', dir], dir);
  rmSync(archive);
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill(), INDEX_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`${basename(command)} could not run: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else {
        const tail = output.trim().split('\n').slice(-3).join(' / ');
        reject(new Error(`${basename(args[0] ?? command)} ${signal ? `was stopped (${signal})` : `exited with ${code}`}${tail ? `: ${tail}` : ''}`));
      }
    });
  });
}
