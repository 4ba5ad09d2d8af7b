// Runs the integration suite (out/test/integration/index.js, built by `node esbuild.mjs`)
// in a real VS Code extension host, in two passes:
// - main: the journeys, with Fixture Lab loaded from this folder in development mode and
//   workspace trust off. By default in code-server + headless chromium (setup.mjs, server.mjs),
//   offline; with FIXTURE_LAB_VSCODE_PATH=<VS Code executable>, or FIXTURE_LAB_VSCODE_DOWNLOAD=1
//   to let @vscode/test-electron download one: desktop VS Code.
// - restricted: Restricted Mode, always in code-server (test-electron turns trust off): workspace
//   trust on and the folder not trusted, Fixture Lab installed from its .vsix as a user installs it
//   (`--install-extension`; development mode is exempt from trust), a code-less runner extension in
//   development mode so VS Code still awaits run(); only test/integration/restricted.test.ts runs
//   (FIXTURE_LAB_TEST_PASS=restricted).
// - installed: a new user's first corpus, always in code-server: Fixture Lab installed from its .vsix
//   as in Restricted Mode, but trusted, on an empty folder; only test/integration/newUser.test.ts
//   runs (FIXTURE_LAB_TEST_PASS=installed), from init to a judged run through the views and palette.
// Usage: node test/vscode/integration.mjs [workspace folder, default a temp copy of corpus/] [--pass=main|restricted|installed[,...]] [--summary=FILE]
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, openWorkbench, screenshot, startServer, testRunnerExtension, writeUserSettings } from './server.mjs';
import { ROOT, setup } from './setup.mjs';
import { buildVsix } from './vsix.mjs';

const TESTS_PATH = join(ROOT, 'out', 'test', 'integration', 'index.js');
// The whole pass, not one test (each test has mocha's own timeout): the suite runs about 4
// minutes alone and more than twice that on a loaded two-core machine; a hang still ends well
// inside CI's 90 minutes.
const TIMEOUT_MS = 20 * 60_000;

/**
 * Each pass's artifacts in test-artifacts/: its results, screenshots, and (a run without results)
 * what the workbench showed and what VS Code logged.
 */
export const PASSES = {
  main: { label: 'integration', results: 'integration-results.json', screens: 'screens', noResults: 'integration-no-results', logs: 'integration-logs' },
  restricted: { label: 'restricted mode', results: 'restricted-results.json', screens: 'screens-restricted', noResults: 'restricted-no-results', logs: 'restricted-logs' },
  installed: { label: 'installed, a new user', results: 'installed-results.json', screens: 'screens-installed', noResults: 'installed-no-results', logs: 'installed-logs' },
};

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

/**
 * Runs one pass of the suite (`pass`: main, restricted or installed) and prints it. `vsix`: the
 * package the restricted and installed passes install, when the caller has made it (buildVsix) and
 * removes it; else each of those passes makes its own.
 * Resolves to { passed, failed, failures }, rejects if it could not run.
 */
export async function runIntegration({ folder, pass: name = 'main', vsix } = {}) {
  if (!existsSync(TESTS_PATH)) throw new Error(`${TESTS_PATH} is missing: run \`node esbuild.mjs\` first`);
  const restricted = name === 'restricted';
  const installed = name === 'installed';
  const copied = folder === undefined;
  // A new user starts from an empty folder; the other passes from a copy of the demo corpus.
  folder ??= installed ? join(mkdtempSync(join(tmpdir(), 'fixture-lab-empty-')), 'my-corpus') : corpusCopy();
  if (installed) mkdirSync(folder, { recursive: true });
  if (!existsSync(folder)) throw new Error(`workspace folder ${folder} is missing`);
  const pass = PASSES[name];
  if (!pass) throw new Error(`no pass \`${name}\`: main, restricted or installed`);
  const resultsFile = join(ARTIFACTS, pass.results);
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const old of [resultsFile, join(ARTIFACTS, `${pass.noResults}.png`), join(ARTIFACTS, pass.logs)]) rmSync(old, { recursive: true, force: true });
  const desktop = name === 'main' && (process.env.FIXTURE_LAB_VSCODE_PATH || process.env.FIXTURE_LAB_VSCODE_DOWNLOAD === '1');
  if (!desktop) setup();
  const started = Date.now();
  try {
    const exitCode = desktop ? await inDesktopVSCode(folder, resultsFile) : await inCodeServer(folder, pass, resultsFile, name, vsix);
    if (!existsSync(resultsFile)) {
      throw new Error(`the suite wrote no results (VS Code exit code ${exitCode}); see ${ARTIFACTS}`);
    }
  } finally {
    if (copied) rmSync(resolve(folder, '..'), { recursive: true, force: true });
  }
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const test of results.tests) {
    console.log(`  ${test.state === 'passed' ? 'ok  ' : 'FAIL'} ${test.title}${test.duration ? ` (${test.duration} ms)` : ''}`);
  }
  for (const [index, failure] of results.failures.entries()) {
    console.log(`\n  ${index + 1}) ${failure.title}\n     ${failure.message}\n${failure.stack ?? ''}`);
  }
  const passed = results.tests.filter((test) => test.state === 'passed').length;
  const failed = results.failures.length;
  console.log(`${pass.label}: ${passed} passing, ${failed} failing (${((Date.now() - started) / 1000).toFixed(1)} s in VS Code)`);
  return { passed, failed, failures: results.failures };
}

/** Resolves to VS Code's exit code: 0 when run() resolved, 1 when it rejected. */
async function inCodeServer(folder, pass, resultsFile, name, prebuilt) {
  const restricted = name === 'restricted';
  const shots = join(ARTIFACTS, pass.screens);
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  // The .vsix, unless the caller made it, is made in a temp folder of its own, removed with the pass.
  const own = name !== 'main' && !prebuilt;
  const vsix = name === 'main' ? undefined : prebuilt ?? await buildVsix(mkdtempSync(join(tmpdir(), 'fixture-lab-vsix-')));
  let server;
  try {
    server = await startServer({
      folder,
      trust: restricted,
      install: vsix ? [vsix] : [],
      env: (runDir) => ({
        FIXTURE_LAB_TEST_RESULTS: resultsFile,
        FIXTURE_LAB_SCREENSHOTS: shots,
        ...(vsix ? { FIXTURE_LAB_TEST_PASS: name, FIXTURE_LAB_EXTENSIONS_DIR: join(runDir, 'exts'), FIXTURE_LAB_VSIX: vsix } : {}),
        // A new user's change comes from the demo repository (built by corpus/build-demo.mjs).
        ...(name === 'installed' ? { FIXTURE_LAB_DEMO_REPO: join(ROOT, 'corpus', '.repos', 'bookshop') } : {}),
      }),
    });
  } catch (error) {
    if (own) rmSync(resolve(vsix, '..'), { recursive: true, force: true });
    throw error;
  }
  let workbench;
  let watcher;
  try {
    let reportExit;
    const exited = new Promise((resolve) => (reportExit = resolve));
    workbench = await openWorkbench(server, {
      extensionDevelopmentPath: vsix ? testRunnerExtension(server) : ROOT,
      extensionTestsPath: TESTS_PATH,
      onExit: reportExit,
    });
    // Every action in the page (a fill, a key press, a click) waits as long as a step waits for its
    // target: Playwright's own 30 s ran out under the unit tests' load (a quick input's fill, once).
    workbench.page.setDefaultTimeout(STEP_WAIT_MS);
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
        void inWebview(workbench.page, request, shots).then((answer) => {
          writeFileSync(`${out}.tmp`, JSON.stringify(answer));
          renameSync(`${out}.tmp`, out);
        });
      }
      // Steps in the workbench as a person takes them (test/integration/helpers.ts `ui`): quick inputs, what is shown.
      for (const name of readdirSync(shots).filter((f) => f.endsWith('.ui.json'))) {
        const { steps } = JSON.parse(readFileSync(join(shots, name), 'utf8'));
        rmSync(join(shots, name), { force: true });
        const out = join(shots, name.replace(/\.json$/, '.result.json'));
        void inWorkbench(workbench.page, steps, shots).then((answer) => {
          writeFileSync(`${out}.tmp`, JSON.stringify(answer));
          renameSync(`${out}.tmp`, out);
        });
      }
    }, 100);
    let timer;
    const timedOut = new Promise((resolve) => (timer = setTimeout(resolve, TIMEOUT_MS, 'timeout')));
    const code = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (code === 'timeout' || !existsSync(resultsFile)) {
      await screenshot(workbench.page, pass.noResults).catch(() => {});
      cpSync(join(server.runDir, 'ud', 'logs'), join(ARTIFACTS, pass.logs), { recursive: true });
      if (code === 'timeout') throw new Error(`no results within ${TIMEOUT_MS / 1000} s; see ${ARTIFACTS}`);
    }
    return code;
  } finally {
    clearInterval(watcher);
    await workbench?.close();
    await server.stop();
    if (own) rmSync(resolve(vsix, '..'), { recursive: true, force: true });
  }
}

/**
 * How long a step waits for what it acts on to show (an element, the quick input): a bound, not a
 * timing the steps assume. On the shared two-core machine with the unit tests beside the passes a
 * workbench redraw took more than 10 s at times; a step whose target never shows still fails, later.
 */
const STEP_WAIT_MS = 60_000;

/**
 * Does `steps` in the workbench page as a person would (see UiStep in test/integration/helpers.ts):
 * answers a quick input (typed, then Enter) or a quick pick (filtered, then the item clicked),
 * reads the text of what a selector shows or the links and images in it, or clicks those links.
 * Resolves to { ok, results } or { ok: false, error }.
 */
async function inWorkbench(page, steps, shots) {
  const results = [];
  try {
    for (const step of steps) {
      if ('texts' in step) {
        results.push(await page.locator(step.texts).allInnerTexts());
        continue;
      }
      if ('anchors' in step) {
        const shown = page.locator(`${step.anchors}:visible`);
        await (step.contains ? shown.filter({ hasText: step.contains }) : shown).first().waitFor({ timeout: STEP_WAIT_MS });
        // Every match read at once: a list VS Code redraws meanwhile (the notification centre) cannot
        // leave a match to wait for that is no longer there.
        results.push(await shown.evaluateAll((roots) => roots.flatMap((root) => [...root.querySelectorAll('a, img')].map((a) => JSON.stringify({
          tag: a.tagName.toLowerCase(),
          href: a.getAttribute('data-href') ?? a.getAttribute(a.tagName === 'IMG' ? 'src' : 'href') ?? '',
          text: a.textContent ?? '',
        })))));
        continue;
      }
      if ('hover' in step) {
        // Rests the mouse on the first visible match (holding `contains`): what shows a tree row's tooltip.
        const shown = page.locator(`${step.hover}:visible`);
        await (step.contains ? shown.filter({ hasText: step.contains }) : shown).first().hover({ timeout: STEP_WAIT_MS });
        results.push(null);
        continue;
      }
      if ('click' in step) {
        // Clicks the first visible match (holding `contains`) `times` times, `everyMs` apart: each click
        // finds it anew. With `until`, from then on until the suite says stop (its NAME.stop file,
        // `stopClicking` in test/integration/helpers.ts): clicks that span an event the suite awaits,
        // however slowly the loaded page takes each click.
        const clicked = [];
        const stop = step.until && join(shots, `${step.until}.stop`);
        for (let i = 0; i < (step.times ?? 1) || (stop && !existsSync(stop)); i++) {
          if (i > 0) await page.waitForTimeout(step.everyMs ?? 50);
          const shown = page.locator(`${step.click}:visible`);
          const target = (step.contains ? shown.filter({ hasText: step.contains }) : shown).first();
          await target.click({ timeout: STEP_WAIT_MS, ...(step.modifiers ? { modifiers: step.modifiers } : {}) });
          clicked.push(String(Date.now()));
        }
        if (stop) rmSync(stop, { force: true });
        results.push(clicked);
        continue;
      }
      if ('attrs' in step) {
        results.push(await page.locator(step.attrs).evaluateAll((all, name) => all.map((e) => e.getAttribute(name) ?? ''), step.attr));
        continue;
      }
      if ('fits' in step) {
        // Each visible match's text, and whether it is shown whole: nothing cut off at its own box's
        // edge, nor by any box around it that clips (a label inside a row its buttons narrow).
        const shown = page.locator(`${step.fits}:visible`);
        await shown.first().waitFor({ timeout: STEP_WAIT_MS });
        results.push(await shown.evaluateAll((all) => all.map((e) => {
          const box = e.getBoundingClientRect();
          let whole = e.scrollWidth <= e.clientWidth;
          for (let up = e.parentElement; up && whole; up = up.parentElement) {
            if (getComputedStyle(up).overflowX === 'visible') continue;
            const clip = up.getBoundingClientRect();
            whole = box.left >= clip.left - 0.5 && box.right <= clip.right + 0.5;
          }
          return `${e.textContent ?? ''}\t${whole ? 'whole' : 'cut'}`;
        })));
        continue;
      }
      if ('clickLinks' in step) {
        const except = step.except ? new RegExp(step.except) : undefined;
        const clicked = [];
        for (const link of await page.locator(`${step.clickLinks}:visible a`).all()) {
          const href = (await link.getAttribute('data-href').catch(() => null)) ?? (await link.getAttribute('href').catch(() => null)) ?? '';
          if (except?.test(href)) continue;
          // A click may close what showed the link (a hover): the rest are tried, none waited for long.
          await link.click({ timeout: 2_000 }).then(() => clicked.push(href), () => {});
        }
        results.push(clicked);
        continue;
      }
      // The quick input showing `expect` in its title, placeholder or prompt (the widget is reused
      // from one prompt to the next: waiting for the next one's text is waiting for the next prompt).
      await page.waitForFunction((expect) => {
        const widget = document.querySelector('.quick-input-widget');
        if (!widget || getComputedStyle(widget).display === 'none') return false;
        const shown = [widget.querySelector('.quick-input-title')?.textContent, widget.querySelector('.quick-input-box input')?.getAttribute('placeholder'),
          widget.querySelector('.quick-input-message')?.textContent];
        return shown.some((text) => text?.includes(expect));
      }, step.expect, { timeout: STEP_WAIT_MS });
      const input = page.locator('.quick-input-widget .quick-input-box input');
      const shoot = () => step.screenshot && page.screenshot({ path: join(shots, `${step.screenshot}.png`) });
      if ('input' in step) {
        await input.fill(step.input);
        await shoot();
        await input.press('Enter');
      } else {
        await input.fill(step.pick);
        const exact = new RegExp(`^\\s*${step.pick.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
        // Matched on the item's label alone: VS Code reuses rows, and a row keeps the text of an
        // earlier picker's detail line in the DOM, hidden (a hostile settle picker's made `hard` miss).
        const label = page.locator('.quick-input-list-rows > .quick-input-list-row:first-child .label-name', { hasText: exact });
        const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ has: label }).first();
        await row.waitFor({ timeout: STEP_WAIT_MS });
        await shoot();
        await row.click();
      }
      results.push(null);
    }
    return { ok: true, results };
  } catch (error) {
    await page.screenshot({ path: join(shots, `ui-failed-${Date.now()}.png`) }).catch(() => {});
    return { ok: false, error: `step ${results.length + 1} ${JSON.stringify(steps[results.length])}: ${error.message.split('\n')[0]}` };
  }
}

/**
 * Finds the webview frame showing `selector` (holding `contains`, when given) and reads its text,
 * clicks it, as a person would, or (`elements`) lists every element inside it, shown or not, with
 * its attributes: what a check for markup made from text reads. Webviews are nested iframes of the
 * workbench; Playwright sees them all.
 */
async function inWebview(page, { action, selector, contains }, shots) {
  const deadline = Date.now() + STEP_WAIT_MS;
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
        if (action === 'click') {
          // A person clicks what they see: a webview kept hidden (an earlier panel, a view in a
          // collapsed sidebar) can hold the same selector, and Playwright would wait on it for good.
          if (!(await element.isVisible())) {
            last = 'only a hidden frame shows it';
            continue;
          }
          // Short tries, the frames searched again between them: a page redrawn meanwhile (a
          // message from the host rebuilds the form) has a new element, the old handle never acts.
          await element.click({ timeout: Math.min(5000, Math.max(1000, deadline - Date.now())) });
        }
        if (action === 'elements') {
          const elements = await element.evaluate((root) => [root, ...root.querySelectorAll('*')].map((e) => ({
            tag: e.tagName.toLowerCase(),
            attrs: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])),
          })));
          return { ok: true, text, elements };
        }
        return { ok: true, text };
      } catch (error) {
        last = playwrightReason(error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await page.screenshot({ path: join(shots, `webview-failed-${Date.now()}.png`) }).catch(() => {});
  return { ok: false, error: `${selector}: ${last}` };
}

/** Playwright's first line, and the last thing its call log says it waited for (what was in the way). */
function playwrightReason(error) {
  const lines = error.message.split('\n');
  const waited = lines.map((l) => l.trim()).filter((l) => l.startsWith('- ')).at(-1);
  return waited ? `${lines[0]} (${waited.slice(2)})` : lines[0];
}

async function inDesktopVSCode(folder, resultsFile) {
  const { runTests } = await import('@vscode/test-electron');
  const userDataDir = mkdtempSync(join(tmpdir(), 'fixture-lab-vscode-'));
  writeUserSettings(userDataDir);
  try {
    return await runTests({
      vscodeExecutablePath: process.env.FIXTURE_LAB_VSCODE_PATH || undefined,
      cachePath: join(ROOT, '.cache', 'vscode'), // where a download goes: ignored like code-server's
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: TESTS_PATH,
      extensionTestsEnv: { FIXTURE_LAB_TEST_RESULTS: resultsFile },
      launchArgs: [folder, '--user-data-dir', userDataDir, '--extensions-dir', join(userDataDir, 'exts')],
    });
  } catch (error) {
    return error.code ?? 1; // a failing suite exits 1: its results file tells why
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `passes` in turn (the restricted and installed passes install one .vsix, made once) and
 * resolves to one { pass, passed, failed, error? } each: a pass that could not run has its reason
 * in `error` and counts as one failure.
 */
export async function runPasses(passes, { folder } = {}) {
  const packaged = passes.some((pass) => pass !== 'main') ? mkdtempSync(join(tmpdir(), 'fixture-lab-vsix-')) : undefined;
  const summary = [];
  try {
    let vsix;
    for (const pass of passes) {
      try {
        if (pass !== 'main' && packaged) vsix ??= await buildVsix(packaged);
        const { passed, failed } = await runIntegration({ folder, pass, vsix });
        summary.push({ pass, passed, failed });
      } catch (error) {
        const [reason, ...detail] = error.message.split('\n');
        if (detail.length > 0) console.log(detail.join('\n'));
        console.log(`${PASSES[pass].label}: FAILED before any test ran: ${reason}`);
        summary.push({ pass, passed: 0, failed: 1, error: reason });
      }
    }
  } finally {
    if (packaged) rmSync(packaged, { recursive: true, force: true });
  }
  return summary;
}

// `--pass=` takes one pass or several, comma-separated (in that order). `--summary=FILE` writes
// runPasses' answer there as JSON, for test/run.mjs, which runs this script as child processes
// beside the unit tests.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.find((arg) => arg.startsWith('--pass='))?.slice('--pass='.length).split(',');
  const summaryFile = args.find((arg) => arg.startsWith('--summary='))?.slice('--summary='.length);
  const folder = args.find((arg) => !arg.startsWith('--'));
  for (const pass of only ?? []) if (!PASSES[pass]) throw new Error(`no pass \`${pass}\`: ${Object.keys(PASSES).join(', ')}`);
  const summary = await runPasses(only ?? Object.keys(PASSES), { folder: folder && resolve(folder) });
  if (summaryFile) writeFileSync(summaryFile, JSON.stringify(summary));
  process.exitCode = summary.some((pass) => pass.failed > 0) ? 1 : 0;
}
