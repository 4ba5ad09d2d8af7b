// `npm test`: build, typecheck, unit tests in plain Node, then the integration suite in a
// real VS Code (test/vscode/) in two passes, the journeys and Restricted Mode. Ends with one
// line `N passed, N failed`, which CI reads; exits non-zero when anything failed. A step that
// cannot run counts as one failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { PASSES, runIntegration } from './vscode/integration.mjs';
import { ROOT } from './vscode/setup.mjs';

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

function unitTestFiles(dir = join(ROOT, 'out', 'test')) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(ROOT, 'out', 'test', 'integration') ? [] : unitTestFiles(path);
    return name.endsWith('.test.js') ? [path] : [];
  });
}

async function unitTests() {
  const started = heading('unit tests (mocha, plain Node)');
  // Generous: the corpus tests build git repositories.
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, reporter: 'spec' });
  for (const file of unitTestFiles()) mocha.addFile(file);
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

/** One pass of the integration suite (test/vscode/integration.mjs): main, or Restricted Mode. */
async function integrationTests(title, options) {
  heading(title);
  try {
    const result = await runIntegration(options);
    passed += result.passed;
    failed += result.failed;
  } catch (error) {
    failed++;
    const [reason, ...detail] = error.message.split('\n');
    if (detail.length > 0) console.log(detail.join('\n'));
    console.log(`${options.restricted ? PASSES.restricted.label : PASSES.main.label}: FAILED before any test ran: ${reason}`);
  }
}

// The build and the demo repository are preparation: counted only when they fail. The typecheck is a test.
if (!step('build (node esbuild.mjs)', 'esbuild.mjs')) {
  failed++;
} else {
  if (step('typecheck (test/typecheck.mjs: tsc per part, then eslint)', join('test', 'typecheck.mjs'))) passed++;
  else failed++;
  // The demo repository that the corpus and its tests point at (idempotent).
  const demo = join('corpus', 'build-demo.mjs');
  if (existsSync(join(ROOT, demo)) && !step(`demo repository (${demo})`, demo)) failed++;
  // The webview tests drive Debian's chromium in plain Node: it is installed before them, not with VS Code.
  if (!step('chromium for the webview tests (test/vscode/setup.mjs --packages)', join('test', 'vscode', 'setup.mjs'), '--packages')) failed++;
  await unitTests();
  await integrationTests('integration tests (real VS Code extension host)', { restricted: false });
  await integrationTests('Restricted Mode tests (untrusted workspace, Fixture Lab installed)', { restricted: true });
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
