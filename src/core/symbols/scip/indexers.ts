// The compiler-grade indexers the `scip` resolver runs (docs/fixture-format.md#resolvers), pinned,
// and where they live: never dependencies of Fixture Lab, they install from the npm registry into
// an ignored cache folder on first use, the way test/systems/setup.mjs installs codegraph. The
// SCIP decoder (protobufjs, reading scip.proto kept beside this file) installs with them: an index
// exists only where they do. Go has none here: scip-go is not on npm, and Debian ships only gopls
// 0.5.0, a language server with no SCIP output.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { failureOf, runProcess } from '../../io/process';
import { cleanLeftovers } from '../../io/temp';
import { userCacheDir } from '../../io/userCache';
import type { LanguageId } from '../languages';

export interface Indexer {
  package: string;
  version: string;
  /** The script node runs, inside the package. */
  main: string;
  /** The languages it resolves (what languages.ts calls them). */
  languages: LanguageId[];
}

export const INDEXERS = {
  python: { package: '@sourcegraph/scip-python', version: '0.6.6', main: 'index.js', languages: ['python'] },
  typescript: { package: '@sourcegraph/scip-typescript', version: '0.4.0', main: 'dist/src/main.js', languages: ['typescript', 'tsx', 'javascript'] },
} satisfies Record<string, Indexer>;

export type IndexerName = keyof typeof INDEXERS;

/** The protobuf runtime that decodes what they write. */
export const DECODER = { package: 'protobufjs', version: '8.8.1' };

/** One folder per set of pins: a new pin installs beside the old, never over it. */
const FOLDER = `scip-python-${INDEXERS.python.version}-typescript-${INDEXERS.typescript.version}-protobufjs-${DECODER.version}`;

/** An install that takes longer than this is given up on (the registry is out of reach). */
const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** Where indexers install by default: FIXTURE_LAB_INDEXERS, else the user's cache folder. */
export function defaultIndexersDir(): string {
  return process.env.FIXTURE_LAB_INDEXERS || join(userCacheDir(), 'indexers');
}

/** The installed packages' folder (its node_modules) under `dir`, or undefined when they are not installed. */
export function installedIndexers(dir: string): string | undefined {
  const home = join(dir, FOLDER);
  return existsSync(join(home, 'installed')) ? home : undefined;
}

/** The script that runs `name` from an installation folder. */
export function indexerScript(home: string, name: IndexerName): string {
  const i: Indexer = INDEXERS[name];
  return join(home, 'node_modules', i.package, i.main);
}

/**
 * Install the pinned indexers and decoder under `dir` (first use only; about a minute from the
 * npm registry), and say where. Staged in a folder of its own and renamed into place, so two
 * processes never see half an install. Throws with npm's last lines when it cannot install.
 */
export async function installIndexers(dir: string, log: (line: string) => void = () => {}): Promise<string> {
  const found = installedIndexers(dir);
  if (found) return found;
  const home = join(dir, FOLDER);
  const staging = `${home}.installing-${process.pid}`;
  // A staged install whose process was stopped (its npm reaped with it) is left behind: swept here.
  await cleanLeftovers(dirname(home), new RegExp(`^${basename(home).replace(/[.]/g, '\\.')}\\.installing-(\\d+)$`), INSTALL_TIMEOUT_MS);
  const packages = [...Object.values(INDEXERS), DECODER].map((p) => `${p.package}@${p.version}`);
  log(`installing ${packages.join(', ')} into ${home} (first use only, about a minute)`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // A package.json of its own keeps npm from treating an enclosing project as this one.
  writeFileSync(join(staging, 'package.json'), '{ "private": true }\n');
  // Its own process tree: a CLI stopped by a signal reaps npm and what npm started.
  const result = await runProcess(['npm', 'install', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock', ...packages],
    { cwd: staging, timeoutMs: INSTALL_TIMEOUT_MS });
  const failed = failureOf(result, INSTALL_TIMEOUT_MS, 5);
  if (failed) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install ${packages.join(' ')} failed (${failed.how}): ${failed.tail}`);
  }
  writeFileSync(join(staging, 'installed'), `${packages.join(' ')} ${new Date().toISOString()}\n`);
  // Another process may have finished first: its copy is as good as this one.
  if (installedIndexers(dir)) rmSync(staging, { recursive: true, force: true });
  else {
    rmSync(home, { recursive: true, force: true });
    renameSync(staging, home);
  }
  return home;
}
