// Starts code-server (from setup.mjs's cache) with all of its state in a fresh run
// directory, and opens its workbench in headless Debian chromium through Playwright.
// Used by integration.mjs, start.mjs and UI journey tests.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CODE_SERVER_ENTRY, ROOT } from './setup.mjs';

export const ARTIFACTS = join(ROOT, 'test-artifacts');

// Servers and browsers run in process groups of their own, which outlive this process: whatever
// is still running when it exits, on Ctrl-C too, is killed here (synchronously, as 'exit' wants).
const atExit = new Set();
process.on('exit', () => atExit.forEach((cleanup) => cleanup()));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * User settings for a test profile. The web default autoSave is afterDelay: edits would be
 * saved after 1 s and documents never stay dirty. Trust stays on only when asked (Restricted Mode
 * tests): nothing is trusted in a fresh profile, so the folder opens in Restricted Mode, without
 * the startup dialog asking whether to trust it (answering it "No" gives the same).
 */
export function writeUserSettings(userDataDir, { trust = false } = {}) {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  const settings = {
    'files.autoSave': 'off',
    'workbench.startupEditor': 'none',
    'security.workspace.trust.enabled': trust,
    ...(trust ? { 'security.workspace.trust.startupPrompt': 'never' } : {}),
  };
  writeFileSync(join(userDataDir, 'User', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/**
 * Starts code-server on `folder`. Options: port (default: a free one), trust (default false:
 * `--disable-workspace-trust`; true: workspace trust on, the folder not trusted, Restricted Mode),
 * env (added to code-server's, which the extension host inherits; or a function of the run
 * directory returning it), install (.vsix files installed first, as a user installs them:
 * `code-server --install-extension`, into the run's extensions folder).
 * Resolves to { url, port, runDir, env, stop() } once /healthz answers.
 */
export async function startServer({ folder, port, trust = false, env: extraEnv = {}, install = [] }) {
  port ??= await freePort();
  const runDir = mkdtempSync(join(tmpdir(), 'fixture-lab-vscode-'));
  for (const dir of ['ud', 'exts', 'xdg-config', 'xdg-data', 'xdg-cache', 'tmp', 'home']) mkdirSync(join(runDir, dir));
  writeUserSettings(join(runDir, 'ud'), { trust });
  // Without these, code-server writes config, logs and sockets under ~ and /tmp; an empty gallery
  // stops queries to the marketplace. HOME stays: terminals and git in the workbench need the real one.
  const env = {
    ...process.env,
    ...(typeof extraEnv === 'function' ? extraEnv(runDir) : extraEnv),
    XDG_CONFIG_HOME: join(runDir, 'xdg-config'),
    XDG_DATA_HOME: join(runDir, 'xdg-data'),
    XDG_CACHE_HOME: join(runDir, 'xdg-cache'),
    TMPDIR: join(runDir, 'tmp'),
    EXTENSIONS_GALLERY: '{}',
  };
  const dirs = ['--user-data-dir', join(runDir, 'ud'), '--extensions-dir', join(runDir, 'exts')];
  for (const vsix of install) {
    const installed = spawnSync(process.execPath, [CODE_SERVER_ENTRY, ...dirs, '--install-extension', vsix], { env, encoding: 'utf8' });
    if (installed.status !== 0 || !/successfully installed/i.test(installed.stdout)) {
      rmSync(runDir, { recursive: true, force: true });
      throw new Error(`code-server --install-extension ${vsix} failed (exit ${installed.status}):\n${`${installed.stdout}${installed.stderr}`.trim()}`);
    }
  }
  const args = [CODE_SERVER_ENTRY, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry', '--disable-update-check', ...(trust ? [] : ['--disable-workspace-trust']),
    ...dirs, folder];
  const log = join(runDir, 'server.log');
  const out = openSync(log, 'a');
  // detached: its own process group, so stop() reaches the extension host and other children too.
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;

  const kill = () => {
    killGroup(child.pid, 'SIGKILL'); // the group: the extension host and other children too
    rmSync(runDir, { recursive: true, force: true });
  };
  atExit.add(kill);
  const stop = async () => {
    killGroup(child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    kill();
    atExit.delete(kill);
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-10).join('\n');
      await stop();
      throw new Error(`code-server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail}`);
    }
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer ${url}/healthz within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, folder, runDir, env, stop };
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/**
 * A tiny extension with no code, written into the run directory, for the extensionDevelopmentPath
 * of a run whose extension under test is installed instead: development mode is what makes VS Code
 * await the tests module's run() (and call codeAutomationExit), and it exempts only itself from trust.
 */
export function testRunnerExtension(server) {
  const dir = join(server.runDir, 'test-runner');
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: 'test-runner', publisher: 'fixture-lab', version: '0.0.0', engines: { vscode: '^1.100.0' },
    capabilities: { untrustedWorkspaces: { supported: true } },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/**
 * The workbench URL on server.folder, in extension-development mode when given
 * extensionDevelopmentPath (and extensionTestsPath: VS Code then awaits that module's run()).
 */
export function workbenchUrl(server, { extensionDevelopmentPath, extensionTestsPath } = {}) {
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const query = `folder=${encodeURIComponent(server.folder)}`;
  return `${server.url}/?${query}${payload.length ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`;
}

/** Child processes of this Node process, from /proc. */
function childPids() {
  const pids = new Set();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // The ppid is the 2nd field after the parenthesised command name.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) pids.add(Number(name));
    } catch {
      // the process ended while listing
    }
  }
  return pids;
}

/**
 * Opens the workbench in headless chromium. `onExit(code)` is VS Code's codeAutomationExit,
 * called when the tests module's run() settled. Resolves to { page, context, close() }.
 */
export async function openWorkbench(server, { extensionDevelopmentPath, extensionTestsPath, onExit } = {}) {
  const before = childPids();
  const context = await chromium.launchPersistentContext(join(server.runDir, 'chromium'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    env: { ...server.env, HOME: join(server.runDir, 'home') }, // else it writes into ~/.config and ~/.cache
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
  // Debian's wrapper execs chromium, a group leader and our direct child: the one new child.
  const browserPids = [...childPids()].filter((pid) => !before.has(pid));
  const kill = () => browserPids.forEach((pid) => killGroup(pid, 'SIGKILL')); // with its renderers and zygotes
  atExit.add(kill);
  const close = async () => {
    await context.close().catch(() => {});
    kill();
    atExit.delete(kill);
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (onExit) await page.exposeFunction('codeAutomationExit', (code) => onExit(code));
    await page.goto(workbenchUrl(server, { extensionDevelopmentPath, extensionTestsPath }));
    return { page, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Saves a PNG of the page as test-artifacts/<name>.png and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
