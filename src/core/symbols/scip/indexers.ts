// The compiler-grade indexers the `scip` resolver runs (docs/fixture-format.md#resolvers), pinned,
// and where they live: never dependencies of Fixture Lab, they install from the npm registry into
// an ignored cache folder on first use (io/npmInstall.ts), as the systems a corpus pins do. The
// SCIP decoder (protobufjs, reading scip.proto kept beside this file) installs with them: an index
// exists only where they do. Go has none here: scip-go is not on npm, and Debian ships only gopls
// 0.5.0, a language server with no SCIP output.
import { join } from 'node:path';
import { isInstalled, npmInstall } from '../../io/npmInstall';
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

/** Where indexers install by default: FIXTURE_LAB_INDEXERS, else the user's cache folder. */
export function defaultIndexersDir(): string {
  return process.env.FIXTURE_LAB_INDEXERS || join(userCacheDir(), 'indexers');
}

/** The installed packages' folder (its node_modules) under `dir`, or undefined when they are not installed. */
export function installedIndexers(dir: string): string | undefined {
  const home = join(dir, FOLDER);
  return isInstalled(home) ? home : undefined;
}

/** The script that runs `name` from an installation folder. */
export function indexerScript(home: string, name: IndexerName): string {
  const i: Indexer = INDEXERS[name];
  return join(home, 'node_modules', i.package, i.main);
}

/**
 * Install the pinned indexers and decoder under `dir` (first use only; about a minute from the
 * npm registry), and say where. Throws with npm's last lines when it cannot install.
 */
export async function installIndexers(dir: string, log: (line: string) => void = () => {}): Promise<string> {
  const found = installedIndexers(dir);
  if (found) return found;
  const home = join(dir, FOLDER);
  const packages = [...Object.values(INDEXERS), DECODER].map((p) => `${p.package}@${p.version}`);
  log(`installing ${packages.join(', ')} into ${home} (first use only, about a minute)`);
  await npmInstall(home, packages);
  return home;
}
