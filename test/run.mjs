// `npm test`: build, typecheck, unit tests in plain Node, and the integration suite in a real
// VS Code (test/vscode/) in three passes: the journeys, Restricted Mode and a new user's. Ends with
// one line `N passed, N failed`, which CI reads; exits non-zero when anything failed. A step that
// cannot run counts as one failure.
//
// The typecheck and the three real-VS-Code passes run beside the unit tests: the journeys in one
// child process, Restricted Mode then the new user's in another (one .vsix, packaged once), the
// unit tests and the typecheck yielding to them (see below); their output is shown when the unit
// tests end. FIXTURE_LAB_TEST_VSCODE_BESIDE=0 runs the passes after the unit tests instead, in one
// child process, in turn. The unit test files run in FIXTURE_LAB_TEST_JOBS mocha workers (default
// 2; 1 runs them in this process, in order); each file is still one mocha file with its own hooks
// and temp folders.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import Mocha from 'mocha';
import { ROOT } from './vscode/setup.mjs';
import { slowFirst, unitTestFiles } from './unitTestFiles.mjs';

let passed = 0;
let failed = 0;

function heading(title) {
  console.log(`\n=== ${title}`);
  return Date.now();
}

/** Runs a Node script from the repository root, its output shown; true when it exits 0. */
function step(title, ...args) {
  const started = heading(title);
  const { status } = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  console.log(`${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds(started)}`);
  return status === 0;
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * A Node script as a child process beside what follows, its output kept for when it is awaited:
 * the typecheck, the real systems' first install (whose download then waits beside the build and
 * the unit tests), the real-VS-Code passes. The promise carries the child's `pid`.
 */
function inBackground(...args) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collected(child, started);
  output.pid = child.pid;
  return output;
}

function collected(child, started) {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('error', (e) => resolve({ ok: false, output: `${output}${e.message}\n`, started }));
    child.on('close', (code) => resolve({ ok: code === 0, output, started, code }));
  });
}

async function unitTests() {
  const started = heading('unit tests (mocha, plain Node)');
  const jobs = Math.max(1, Number(process.env.FIXTURE_LAB_TEST_JOBS ?? 2) || 1);
  // Generous: the corpus tests build git repositories.
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, reporter: 'spec', ...(jobs > 1 ? { parallel: true, jobs } : {}) });
  for (const file of jobs > 1 ? slowFirst(unitTestFiles()) : unitTestFiles()) mocha.addFile(file);
  try {
    const stats = await new Promise((resolve) => {
      const runner = mocha.run(() => resolve(runner.stats));
    });
    passed += stats.passes;
    failed += stats.failures;
    console.log(`unit: ${stats.passes} passing, ${stats.failures} failing in ${seconds(started)}`);
  } catch (error) {
    failed++;
    console.log(`unit: FAILED to load: ${error.stack}`);
  }
}

/** Nice 5 for `pid` (0: this process), where the system allows it; else as it was. */
function lowerPriority(pid) {
  try {
    setPriority(pid, Math.max(getPriority(pid), 5));
  } catch {
    // not allowed here: the same priority as the rest
  }
}

/**
 * Real-VS-Code passes (test/vscode/integration.mjs `--pass=a,b`) in a child process of their own
 * (which keeps `openWorkbench`'s browser the one new child of its process), its output kept, or
 * shown as it comes (`live`). Its setup() installs code-server when missing (one process at a
 * time: another waits). Resolves to the child's output and its summary, one
 * { pass, passed, failed, error? } per pass (undefined if it wrote none).
 */
function vscodePasses(passes, dir, { live = false } = {}) {
  const summaryFile = join(dir, `${passes.replace(/,/g, '-')}.json`);
  const args = [join('test', 'vscode', 'integration.mjs'), `--pass=${passes}`, `--summary=${summaryFile}`];
  const done = live
    ? collected(spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' }), Date.now())
    : inBackground(...args);
  return done.then((d) => ({ ...d, passes, summary: existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : undefined }));
}

// The build and the demo repository are preparation: counted only when they fail. The typecheck is a test.
// The real systems the unit tests run (test/systems/setup.mjs) install beside the build on a first
// run; a test that needs one waits for that install, or installs it itself if it failed.
const systems = inBackground(join('test', 'systems', 'setup.mjs'));
if (!step('build (node esbuild.mjs)', 'esbuild.mjs')) {
  failed++;
} else {
  const typecheck = inBackground(join('test', 'typecheck.mjs'));
  // The demo repository that the corpus and its tests point at (idempotent).
  const demo = join('corpus', 'build-demo.mjs');
  if (existsSync(join(ROOT, demo))) {
    // The unit tests' demoCorpus() then skips its own call of the script (test/helpers/demoCorpus.ts).
    if (step(`demo repository (${demo})`, demo)) process.env.FIXTURE_LAB_DEMO_BUILT = '1';
    else failed++;
  }
  // The webview tests drive Debian's chromium in plain Node: it is installed before them, not with VS Code.
  if (!step('chromium for the webview tests (test/vscode/setup.mjs --packages)', join('test', 'vscode', 'setup.mjs'), '--packages')) failed++;
  const scratch = mkdtempSync(join(tmpdir(), 'fixture-lab-test-'));
  // The real VS Code beside the unit tests (unless FIXTURE_LAB_TEST_VSCODE_BESIDE=0), the journeys
  // in one child and Restricted Mode then the new user's (one .vsix, packaged once) in another; the
  // unit tests and the typecheck yield to them (nice 5, inherited by the mocha workers), since the
  // journeys are the longest chain that cannot be split. The suite's CPU is about twice the
  // journeys' wall time, so on two cores the passes in turn after the unit tests added their whole
  // wall time to the suite's (docs/performance.md). The journeys await what they check in the page
  // (a redraw, a selection) rather than assume how soon it comes, so a loaded machine only makes
  // them slower. Started after the step above, so that only one apt-get runs at a time; the first
  // child's setup() installs code-server on a first run.
  const beside = process.env.FIXTURE_LAB_TEST_VSCODE_BESIDE !== '0';
  const vscode = beside ? ['main', 'restricted,installed'].map((passes) => vscodePasses(passes, scratch)) : [];
  if (beside) {
    lowerPriority(typecheck.pid);
    lowerPriority(0);
  }
  // Otherwise code-server's first install (about two minutes, most of it downloading) runs beside
  // the unit tests, and the passes after them.
  const codeServer = beside ? undefined : inBackground(join('test', 'vscode', 'setup.mjs'));
  await unitTests();
  const checked = await typecheck;
  heading('typecheck (test/typecheck.mjs: tsc per part, then eslint), run beside the unit tests');
  process.stdout.write(checked.output);
  console.log(`typecheck: ${checked.ok ? 'ok' : `FAILED (exit ${checked.code})`} in ${seconds(checked.started)}`);
  if (checked.ok) passed++;
  else failed++;
  if (codeServer) {
    const installed = await codeServer;
    heading('code-server (test/vscode/setup.mjs), installed beside the unit tests when missing');
    process.stdout.write(installed.output);
    // Every pass in one child, one after another, its output as it comes.
    heading('the real VS Code: the journeys, Restricted Mode, a new user from the .vsix (test/vscode/integration.mjs)');
    vscode.push(vscodePasses('main,restricted,installed', scratch, { live: true }));
  }
  for (const child of await Promise.all(vscode)) {
    if (beside) heading(`the real VS Code, ${child.passes.replace(',', ' and ')} (test/vscode/integration.mjs --pass=${child.passes}), run beside the unit tests`);
    process.stdout.write(child.output);
    if (!child.summary) {
      // The child ended without its summary (killed, or it threw before its passes): one failure, its output above says why.
      failed++;
      console.log(`${child.passes}: FAILED (exit ${child.code}) before reporting its passes`);
      continue;
    }
    for (const pass of child.summary) {
      passed += pass.passed;
      failed += pass.failed;
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}
const systemsInstalled = await systems;
if (!systemsInstalled.ok) {
  heading('real systems (test/systems/setup.mjs), installed beside the build when missing');
  process.stdout.write(systemsInstalled.output);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
