// Installs the real retrieval systems the tests run (docs/scoring.md#benchmarking-real-systems),
// pinned, from the npm registry into the ignored cache .cache/systems/ on first use, in the layout
// systems.yaml's `npm:` installs use ([@scope/]name-version/): the tests run them through their
// `npm:` pins with FIXTURE_LAB_SYSTEMS set to that folder, so what this script installs beside the
// build is what they find. They are never dependencies of Fixture Lab: nothing here is in package.json. A marker file says an install finished; an install goes to
// a folder of its own and is renamed into place, so two test processes never see half of one.
// Usage: node test/systems/setup.mjs [codegraph|gitnexus ...]   (all of them by default)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive } from '../processAlive.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CACHE = join(ROOT, '.cache', 'systems');

/** The systems, pinned; `bin` is the executable inside node_modules/.bin. */
export const SYSTEMS = {
  codegraph: { package: '@colbymchenry/codegraph', version: '1.6.1', bin: 'codegraph' },
  gitnexus: { package: 'gitnexus', version: '1.6.12', bin: 'gitnexus' },
};

/**
 * Where a system is (or will be) installed: the folder Fixture Lab installs a systems.yaml `npm:`
 * pin into (src/core/harness/systemPackages.ts's packageHome, a test holds them equal), so the
 * tests' runs find what this script installed, and the suite installs each package once. Kept
 * apart from it because this script runs beside the build, before there is a built core.
 */
export function systemDir(name) {
  const s = SYSTEMS[name];
  if (!s) throw new Error(`no real system ${name}: one of ${Object.keys(SYSTEMS).join(', ')}`);
  const [scope, base] = s.package.startsWith('@') ? s.package.split('/') : [undefined, s.package];
  return scope ? join(CACHE, scope, `${base}-${s.version}`) : join(CACHE, `${base}-${s.version}`);
}

/** The absolute path of a system's executable, installing it first when it is not there. */
export function ensureSystem(name) {
  const dir = systemDir(name);
  const s = SYSTEMS[name];
  const marker = join(dir, 'installed');
  if (!existsSync(marker)) awaitOtherInstall(dir, marker);
  if (!existsSync(marker)) {
    const started = Date.now();
    console.log(`setup: installing ${s.package}@${s.version} into ${dir} (first use only, about a minute)\u2026`);
    const staging = `${dir}.installing-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    // A package.json of its own keeps npm from treating this repository as the project.
    writeFileSync(join(staging, 'package.json'), '{ "private": true }\n');
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock', `${s.package}@${s.version}`],
      { cwd: staging, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (result.status !== 0) {
      rmSync(staging, { recursive: true, force: true });
      const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
      throw new Error(`npm install ${s.package}@${s.version} failed (${result.error?.message ?? `exit ${result.status}`})\n${tail}`);
    }
    writeFileSync(join(staging, 'installed'), `${s.package}@${s.version} ${new Date().toISOString()}\n`);
    // Another process may have finished first: its copy is as good as this one.
    if (existsSync(marker)) rmSync(staging, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    }
    console.log(`setup: ${s.package}@${s.version} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return join(dir, 'node_modules', '.bin', s.bin);
}

/**
 * Another process installing the same system (`npm test` starts the installs beside the build, and
 * two test files can ask at once): wait while its staging folder is there and it lives, instead of
 * a second install beside it. A dead installer's folder is left to the install that follows.
 */
function awaitOtherInstall(dir, marker) {
  const pattern = new RegExp(`^${basename(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.installing-(\\d+)$`);
  const installer = () => (existsSync(dirname(dir)) ? readdirSync(dirname(dir)) : [])
    .map((name) => Number(pattern.exec(name)?.[1]))
    .find((pid) => pid > 0 && pid !== process.pid && alive(pid));
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let said = false;
  for (let pid = installer(); pid !== undefined && !existsSync(marker); pid = installer()) {
    if (!said) console.log(`setup: waiting for process ${pid}, which is installing ${basename(dir)}\u2026`);
    said = true;
    Atomics.wait(pause, 0, 0, 500); // a synchronous pause: ensureSystem is synchronous
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    for (const name of process.argv.length > 2 ? process.argv.slice(2) : Object.keys(SYSTEMS)) console.log(ensureSystem(name));
  } catch (error) {
    console.error(`setup: ${error.message}`);
    process.exit(1);
  }
}
