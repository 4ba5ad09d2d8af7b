// Installs what the real-VS-Code tests need without internet: Debian's chromium and
// ripgrep, and code-server (VS Code for the browser, from the npm registry) into the
// ignored cache folder .cache/code-server/. See shared/notes/real-vscode-offline.md.
// Usage: node test/vscode/setup.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive } from '../processAlive.mjs';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const CODE_SERVER_VERSION = '4.100.3';
// FIXTURE_LAB_CODE_SERVER_CACHE: another folder, for the test of what setup says before it installs.
export const CACHE = process.env.FIXTURE_LAB_CODE_SERVER_CACHE ? resolve(process.env.FIXTURE_LAB_CODE_SERVER_CACHE) : join(ROOT, '.cache', 'code-server');
export const CODE_SERVER_ENTRY = join(CACHE, 'node_modules/code-server/out/node/entry.js');
export const CHROMIUM = '/usr/bin/chromium';
const VSCODE_DIR = join(CACHE, 'node_modules/code-server/lib/vscode');
const MARKER = join(CACHE, `installed-${CODE_SERVER_VERSION}`);

/** Runs a command quietly; on failure throws with the tail of its output. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})\n${tail}`);
  }
  return result.stdout;
}

function debInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', name], { encoding: 'utf8' });
  return result.stdout === 'installed';
}

/** chromium and ripgrep always; libkrb5-dev only to build code-server's kerberos addon. */
function ensureDebianPackages() {
  const wanted = ['chromium', 'ripgrep', ...(existsSync(MARKER) ? [] : ['libkrb5-dev'])];
  const missing = wanted.filter((name) => !debInstalled(name));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages, install them: sudo apt-get install -y ${missing.join(' ')}`);
  }
  const started = Date.now();
  console.log(`setup: installing ${missing.join(', ')} with apt-get (first run only, under a minute)\u2026`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', ...missing], { env });
  console.log(`setup: apt-get installed ${missing.join(' ')} in ${seconds(started)}`);
}

function installCodeServer() {
  const started = Date.now();
  // About two minutes, silent without this line: it fetches code-server from the npm registry and builds its native addons.
  console.log(`setup: installing code-server ${CODE_SERVER_VERSION} into ${CACHE} (first run only, about two minutes)\u2026`);
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  // A package.json of its own keeps npm from treating the repository as the project.
  writeFileSync(join(CACHE, 'package.json'), '{ "private": true }\n');
  // npm's `yes=false` would cancel node-pty's `npx node-gyp`; nodedir=/usr builds against
  // the local Node headers instead of downloading them.
  // -O0: the addons are compiled without optimisation (gyp's -O3 comes first on the command line,
  // the last -O wins). Compiling them was most of the install's CPU on a clean clone, which runs
  // beside the unit tests: 62 s -> 40 s of CPU (spdlog 39 -> 26 s), for a test server whose addons
  // only log, watch a pid and open terminals (docs/performance.md).
  const optimisation = (name) => `${process.env[name] ?? ''} -O0`.trim();
  const env = { ...process.env, npm_config_yes: 'true', npm_config_nodedir: '/usr', CFLAGS: optimisation('CFLAGS'), CXXFLAGS: optimisation('CXXFLAGS') };
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  // --ignore-scripts: code-server's postinstall refuses root and would fetch what is offline.
  run('npm', ['install', '--prefix', CACHE, '--ignore-scripts', '--no-save', '--no-package-lock', ...quiet,
    `code-server@${CODE_SERVER_VERSION}`], { env });
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...quiet], { cwd: VSCODE_DIR, env });
  run('npm', ['rebuild', '@vscode/spdlog', 'native-watchdog', 'node-pty', 'kerberos', ...quiet], { cwd: VSCODE_DIR, env });
  run('npm', ['rebuild', 'argon2', ...quiet], { cwd: CACHE, env }); // hoisted to the cache's node_modules
  // @vscode/ripgrep's install script would download rg: use Debian's.
  const rgDir = join(VSCODE_DIR, 'node_modules/@vscode/ripgrep/bin');
  mkdirSync(rgDir, { recursive: true });
  rmSync(join(rgDir, 'rg'), { force: true });
  symlinkSync('/usr/bin/rg', join(rgDir, 'rg'));
  writeFileSync(MARKER, `${new Date().toISOString()}\n`);
  console.log(`setup: code-server ${CODE_SERVER_VERSION} installed into ${CACHE} in ${seconds(started)}`);
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs `install` holding CACHE.lock (its pid inside): `npm test` starts two real-VS-Code passes at
 * once, each calling setup(), and two apt-gets or two installs into one folder would break each
 * other. Another caller waits while the holder lives, then runs `install` itself, which finds the
 * work done. A lock whose process is gone is taken over.
 */
function holdingLock(install) {
  const lock = `${CACHE}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let said = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    // Gone since (released: try again), or empty for the moment between its creation and its write.
    let holder;
    try {
      holder = readFileSync(lock, 'utf8').trim();
    } catch {
      continue;
    }
    if (holder !== '' && !alive(Number(holder))) {
      rmSync(lock, { force: true });
      continue;
    }
    if (!said) console.log(`setup: waiting for process ${holder || '(starting)'}, which is setting up code-server\u2026`);
    said = true;
    Atomics.wait(pause, 0, 0, 500); // a synchronous pause: setup() is synchronous
  }
  try {
    install();
  } finally {
    rmSync(lock, { force: true });
  }
}

const packagesReady = () => ['chromium', 'ripgrep'].every(debInstalled);

/** Idempotent: a second call only checks the Debian packages and the marker file. */
export function setup() {
  if (existsSync(MARKER) && packagesReady()) return;
  holdingLock(() => {
    ensureDebianPackages();
    if (!existsSync(MARKER)) installCodeServer();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    // --packages: only Debian's chromium and ripgrep, which the webview tests need before any VS Code.
    if (process.argv.includes('--packages')) {
      ensureDebianPackages();
      console.log('setup: chromium and ripgrep ready');
    } else {
      setup();
      console.log(`setup: code-server ${CODE_SERVER_VERSION} and chromium ready`);
    }
  } catch (error) {
    console.error(`setup: ${error.message}`);
    process.exit(1);
  }
}
