// Installing pinned npm packages into a cache folder of their own (the systems a corpus runs, the
// SCIP indexers): never dependencies of Fixture Lab or of a corpus, fetched from the npm registry
// on first use. An install is staged in `<home>.installing-<pid>` and renamed into place with its
// marker file already written, so a folder without the marker is never taken for an install (a
// killed install, a copy cut short), and two processes never see half of one.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { failureOf, runProcess } from './process';
import { cleanLeftovers, processAlive } from './temp';

/** Written last, inside the staged folder: its presence is what "installed" means. */
const MARKER = 'installed';

/** An install that takes longer than this is given up on (the registry is out of reach). */
export const INSTALL_TIMEOUT_MS = 10 * 60_000;

export function isInstalled(home: string): boolean {
  return existsSync(join(home, MARKER));
}

/** An install that did not finish: how npm ended, and the line of its output that says why. */
export class NpmInstallError extends Error {
  constructor(readonly packages: string[], readonly how: string, readonly why: string, tail: string) {
    super(`npm install ${packages.join(' ')} failed (${how}): ${tail}`);
  }
}

/**
 * Install `packages` (`name@version` each) into `home` (first use only; about a minute from the
 * registry). Throws an NpmInstallError when npm cannot, leaving nothing behind.
 */
export async function npmInstall(home: string, packages: string[], signal?: AbortSignal): Promise<void> {
  if (isInstalled(home)) return;
  const staged = new RegExp(`^${basename(home).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.installing-(\\d+)$`);
  // Another process installing the same package (two runs started at once, shards, the tests'
  // setup beside the build) is waited for, not raced with a second download.
  await otherInstall(home, staged, signal);
  if (isInstalled(home)) return;
  const staging = `${home}.installing-${process.pid}`;
  // A staged install whose process was stopped (its npm reaped with it) is left behind: swept here.
  await cleanLeftovers(dirname(home), staged, INSTALL_TIMEOUT_MS);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    // A package.json of its own keeps npm from treating an enclosing project as this one.
    writeFileSync(join(staging, 'package.json'), '{ "private": true }\n');
    // Its own process tree: a CLI stopped by a signal reaps npm and what npm started.
    const result = await runProcess(['npm', 'install', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock', ...packages],
      { cwd: staging, timeoutMs: INSTALL_TIMEOUT_MS, ...(signal ? { signal } : {}) });
    const failed = result.cancelled ? { how: 'cancelled', tail: '' } : failureOf(result, INSTALL_TIMEOUT_MS, 5);
    if (failed) throw new NpmInstallError(packages, failed.how, npmCause(result.stderr) ?? failed.tail, failed.tail);
    writeFileSync(join(staging, MARKER), `${packages.join(' ')} ${new Date().toISOString()}\n`);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  // Another process may have finished first: its copy is as good as this one.
  if (isInstalled(home)) rmSync(staging, { recursive: true, force: true });
  else {
    rmSync(home, { recursive: true, force: true });
    renameSync(staging, home);
  }
}

/** Waits while a live process other than this one stages an install of `home` (at most INSTALL_TIMEOUT_MS), until its marker is there. */
async function otherInstall(home: string, staged: RegExp, signal?: AbortSignal): Promise<void> {
  const started = Date.now();
  const installer = () => (existsSync(dirname(home)) ? readdirSync(dirname(home)) : [])
    .map((name) => Number(staged.exec(name)?.[1]))
    .find((pid) => pid > 0 && pid !== process.pid && processAlive(pid));
  while (!isInstalled(home) && !signal?.aborted && Date.now() - started < INSTALL_TIMEOUT_MS && installer() !== undefined) {
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** The line of npm's errors that says what went wrong (`404 Not Found - GET https://…`), not its error code or its log's path. */
export function npmCause(stderr: string): string | undefined {
  return stderr.split('\n').map((l) => /^npm (?:error|ERR!)\s+(.*)$/.exec(l.trim())?.[1]?.trim() ?? '')
    .find((l) => l !== '' && !/^code \w+$|^errno |^A complete log of this run|^\/.*\.log$|^\d{3}$/.test(l));
}
