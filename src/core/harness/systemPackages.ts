// The npm packages systems.yaml's `npm:` pins (docs/scoring.md#installing-a-system-from-npm): each
// installs on first use, from the npm registry, into the user's systems cache, one folder per
// package and version, and the system's programs are found there before PATH. Per user, not per
// corpus: a pinned version installs the same everywhere, so every corpus (and every clone of one)
// shares one install of a few hundred megabytes, which never enters a corpus's repository, and
// deleting the cache only costs the next run its install.
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { FixtureLabError } from '../problems';
import { INSTALL_TIMEOUT_MS, isInstalled, NpmInstallError, npmInstall } from '../io/npmInstall';
import { userCacheDir } from '../io/userCache';
import { clipped } from '../untrusted/lineText';
import { type NpmPackage, npmPinText, type SystemSpec } from '../corpus/systemSpec';

/** FIXTURE_LAB_SYSTEMS, else `<user cache>/systems` (`~/.cache/fixture-lab/systems`). */
export function systemsCacheDir(): string {
  return process.env.FIXTURE_LAB_SYSTEMS || join(userCacheDir(), 'systems');
}

/** Where a package is installed: `<cache>/gitnexus-1.6.12`, `<cache>/@colbymchenry/codegraph-1.6.1` (a scope is a folder, as in node_modules). */
export function packageHome(pkg: NpmPackage, cache = systemsCacheDir()): string {
  const slash = pkg.name.indexOf('/');
  return slash < 0 ? join(cache, `${pkg.name}-${pkg.version}`) : join(cache, pkg.name.slice(0, slash), `${pkg.name.slice(slash + 1)}-${pkg.version}`);
}

/** The folder of the package's programs when it is installed (its marker written), else undefined. */
export function packageBin(pkg: NpmPackage, cache = systemsCacheDir()): string | undefined {
  const home = packageHome(pkg, cache);
  return isInstalled(home) ? join(home, 'node_modules', '.bin') : undefined;
}

/** The package a system pins and that is not installed yet: what a run or a check installs before it starts the system. */
export function packageToInstall(spec: SystemSpec): NpmPackage | undefined {
  const npm = spec.type === 'command' || spec.type === 'mcp' ? spec.npm : undefined;
  return npm && !packageBin(npm) ? npm : undefined;
}

/** What the CLI and the editor say as a system's package starts to install. */
export function installingLine(system: string, pkg: string, dir: string): string {
  return `${system}: installing ${pkg} from the npm registry into ${dir} (first use only, about a minute)`;
}

/**
 * Installs what the system pins (a no-op when it is there). A failure is one line naming the
 * system, the package, npm's reason and the fix, and leaves nothing in the cache.
 */
export async function installSystemPackage(spec: SystemSpec, signal?: AbortSignal): Promise<void> {
  const npm = packageToInstall(spec);
  if (!npm) return;
  try {
    await npmInstall(packageHome(npm), [npmPinText(npm)], signal);
  } catch (e) {
    // A scope's folder made for this install alone goes too (rmdir removes only an empty folder).
    if (npm.name.startsWith('@')) await fs.rmdir(dirname(packageHome(npm))).catch(() => undefined);
    if (!(e instanceof NpmInstallError)) throw e;
    const pin = npmPinText(npm);
    if (e.how === 'cancelled') throw new FixtureLabError(`system ${spec.name}: installing npm package ${pin} was cancelled; nothing was installed`);
    const fix = /could not run/.test(e.how) ? 'npm is not on PATH: install Node.js with npm, then run again'
      : /ran past/.test(e.how) ? `npm took over ${INSTALL_TIMEOUT_MS / 60_000} minutes: check that it reaches its registry (\`npm ping\`), then run again`
        : `check \`npm: ${pin}\` in systems.yaml (a package and version on the npm registry: \`npm view ${pin} version\`) and that npm reaches its `
          + 'registry, then run again';
    throw new FixtureLabError(`system ${spec.name}: npm could not install ${pin} (${e.how}: ${oneLine(e.why)}): ${fix}; nothing was installed`);
  }
}

const oneLine = (text: string) => clipped(text.replace(/\s+/g, ' ').trim(), 200);
