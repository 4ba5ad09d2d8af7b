// Runs the integration suite (out/test/integration/index.js, built by `node esbuild.mjs`)
// in a real VS Code extension host. By default: code-server + headless chromium (setup.mjs,
// server.mjs), offline. With FIXTURE_LAB_VSCODE_PATH=<VS Code executable>, or
// FIXTURE_LAB_VSCODE_DOWNLOAD=1 to let @vscode/test-electron download one: desktop VS Code.
// Usage: node test/vscode/integration.mjs [workspace folder, default a temp copy of corpus/]
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, openWorkbench, screenshot, startServer, writeUserSettings } from './server.mjs';
import { ROOT, setup } from './setup.mjs';

const TESTS_PATH = join(ROOT, 'out', 'test', 'integration', 'index.js');
const RESULTS_FILE = join(ARTIFACTS, 'integration-results.json');
const TIMEOUT_MS = 5 * 60_000;
// What the workbench showed and what VS Code logged, kept for the reader of a run without results.
const SCREENSHOT_NAME = 'integration-no-results';
const LOGS = join(ARTIFACTS, 'integration-logs');

/**
 * The demo corpus copied to a temp folder (its repository stays where it is built): the journeys
 * save fixtures and the labeling report regenerates on save, so the real corpus stays untouched.
 */
export function corpusCopy() {
  const dir = join(mkdtempSync(join(tmpdir(), 'fixture-lab-workspace-')), 'corpus');
  cpSync(join(ROOT, 'corpus'), dir, { recursive: true, filter: (src) => !src.includes(`${join(ROOT, 'corpus', '.repos')}`) });
  const repos = readFileSync(join(dir, 'repos.yaml'), 'utf8').replace('path: .repos/bookshop', `path: ${join(ROOT, 'corpus', '.repos', 'bookshop')}`);
  writeFileSync(join(dir, 'repos.yaml'), repos);
  return dir;
}

/** Runs the suite and prints it; resolves to { passed, failed, failures }, rejects if it could not run. */
export async function runIntegration({ folder = corpusCopy(), trust = false } = {}) {
  if (!existsSync(TESTS_PATH)) throw new Error(`${TESTS_PATH} is missing: run \`node esbuild.mjs\` first`);
  if (!existsSync(folder)) throw new Error(`workspace folder ${folder} is missing`);
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const old of [RESULTS_FILE, join(ARTIFACTS, `${SCREENSHOT_NAME}.png`), LOGS]) rmSync(old, { recursive: true, force: true });
  const desktop = process.env.FIXTURE_LAB_VSCODE_PATH || process.env.FIXTURE_LAB_VSCODE_DOWNLOAD === '1';
  if (!desktop) setup();
  const started = Date.now();
  const exitCode = desktop ? await inDesktopVSCode(folder, trust) : await inCodeServer(folder, trust);
  if (!existsSync(RESULTS_FILE)) {
    throw new Error(`the suite wrote no results (VS Code exit code ${exitCode}); see ${ARTIFACTS}`);
  }
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
  for (const test of results.tests) {
    console.log(`  ${test.state === 'passed' ? 'ok  ' : 'FAIL'} ${test.title}${test.duration ? ` (${test.duration} ms)` : ''}`);
  }
  for (const [index, failure] of results.failures.entries()) {
    console.log(`\n  ${index + 1}) ${failure.title}\n     ${failure.message}\n${failure.stack ?? ''}`);
  }
  const passed = results.tests.filter((test) => test.state === 'passed').length;
  const failed = results.failures.length;
  console.log(`integration: ${passed} passing, ${failed} failing (${((Date.now() - started) / 1000).toFixed(1)} s in VS Code)`);
  return { passed, failed, failures: results.failures };
}

/** Resolves to VS Code's exit code: 0 when run() resolved, 1 when it rejected. */
async function inCodeServer(folder, trust) {
  const shots = join(ARTIFACTS, 'screens');
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  const server = await startServer({ folder, trust, env: { FIXTURE_LAB_TEST_RESULTS: RESULTS_FILE, FIXTURE_LAB_SCREENSHOTS: shots } });
  let workbench;
  let watcher;
  try {
    let reportExit;
    const exited = new Promise((resolve) => (reportExit = resolve));
    workbench = await openWorkbench(server, {
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: TESTS_PATH,
      onExit: reportExit,
    });
    // The suite asks for a screenshot of a key screen by writing NAME.request; the page is
    // captured as NAME.png, which the suite waits for.
    watcher = setInterval(() => {
      for (const name of readdirSync(shots).filter((f) => f.endsWith('.request'))) {
        rmSync(join(shots, name), { force: true });
        workbench.page.screenshot({ path: join(shots, name.replace(/\.request$/, '.png')) }).catch(() => {});
      }
      // What only the browser can do for the suite (test/integration/ui.ts): read or click inside a webview.
      for (const name of readdirSync(shots).filter((f) => f.endsWith('.webview.json'))) {
        const request = JSON.parse(readFileSync(join(shots, name), 'utf8'));
        rmSync(join(shots, name), { force: true });
        const out = join(shots, name.replace(/\.json$/, '.out'));
        void inWebview(workbench.page, request).then((answer) => {
          writeFileSync(`${out}.tmp`, JSON.stringify(answer));
          renameSync(`${out}.tmp`, out);
        });
      }
    }, 100);
    let timer;
    const timedOut = new Promise((resolve) => (timer = setTimeout(resolve, TIMEOUT_MS, 'timeout')));
    const code = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (code === 'timeout' || !existsSync(RESULTS_FILE)) {
      await screenshot(workbench.page, SCREENSHOT_NAME).catch(() => {});
      cpSync(join(server.runDir, 'ud', 'logs'), LOGS, { recursive: true });
      if (code === 'timeout') throw new Error(`no results within ${TIMEOUT_MS / 1000} s; see ${ARTIFACTS}`);
    }
    return code;
  } finally {
    clearInterval(watcher);
    await workbench?.close();
    await server.stop();
  }
}

/**
 * Finds the webview frame showing `selector` (holding `contains`, when given) and reads its text or
 * clicks it, as a person would. Webviews are nested iframes of the workbench; Playwright sees them all.
 */
async function inWebview(page, { action, selector, contains }) {
  const deadline = Date.now() + 20_000;
  let last = 'no frame shows it';
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      try {
        const element = await frame.$(selector);
        if (!element) continue;
        const text = await frame.evaluate(() => document.body.innerText);
        if (contains && !text.includes(contains)) {
          last = `the frame does not show "${contains}" yet`;
          continue;
        }
        if (action === 'click') await element.click();
        return { ok: true, text };
      } catch (error) {
        last = error.message.split('\n')[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ok: false, error: `${selector}: ${last}` };
}

async function inDesktopVSCode(folder, trust) {
  if (trust) throw new Error('@vscode/test-electron always disables workspace trust: run trust tests in code-server');
  const { runTests } = await import('@vscode/test-electron');
  const userDataDir = mkdtempSync(join(tmpdir(), 'fixture-lab-vscode-'));
  writeUserSettings(userDataDir);
  try {
    return await runTests({
      vscodeExecutablePath: process.env.FIXTURE_LAB_VSCODE_PATH || undefined,
      cachePath: join(ROOT, '.cache', 'vscode'), // where a download goes: ignored like code-server's
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: TESTS_PATH,
      extensionTestsEnv: { FIXTURE_LAB_TEST_RESULTS: RESULTS_FILE },
      launchArgs: [folder, '--user-data-dir', userDataDir, '--extensions-dir', join(userDataDir, 'exts')],
    });
  } catch (error) {
    return error.code ?? 1; // a failing suite exits 1: its results file tells why
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { failed } = await runIntegration(process.argv[2] ? { folder: resolve(process.argv[2]) } : {});
    process.exitCode = failed > 0 ? 1 : 0;
  } catch (error) {
    console.error(`integration: ${error.message}`);
    process.exitCode = 1;
  }
}
