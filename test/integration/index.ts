// The integration suite's entry in the extension host (the @vscode/test-electron contract,
// also used by code-server's extension-development mode): VS Code awaits run().
// Results go to the JSON file named by FIXTURE_LAB_TEST_RESULTS: the host's console reaches
// the outer script only mangled.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

interface TestResult {
  title: string;
  state: 'passed' | 'failed';
  duration?: number;
}

interface Failure {
  title: string;
  message: string;
  stack?: string;
}

export async function run(): Promise<void> {
  // FIXTURE_LAB_TEST_GREP (inherited from the outer runner) runs only the tests whose titles match it, while working on them.
  const grep = process.env.FIXTURE_LAB_TEST_GREP;
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, ...(grep ? { grep } : {}) });
  // run() starts before any activation event of the extension under development fires.
  // As a root hook, a failed activation is reported like a failed test.
  mocha.suite.beforeAll('activate Fixture Lab', async () => {
    await vscode.extensions.getExtension('fixture-lab.fixture-lab')!.activate();
  });
  // Three passes: the journeys (Fixture Lab in development mode, trust off); with
  // FIXTURE_LAB_TEST_PASS=restricted only restricted.test.js (an untrusted workspace, Fixture Lab
  // installed); with FIXTURE_LAB_TEST_PASS=installed only newUser.test.js (an empty folder, installed).
  const own: Record<string, string> = { restricted: 'restricted.test.js', installed: 'newUser.test.js' };
  const only = own[process.env.FIXTURE_LAB_TEST_PASS ?? ''];
  for (const name of fs.readdirSync(__dirname).filter((file) => file.endsWith('.test.js')).sort()) {
    if (only ? name === only : !Object.values(own).includes(name)) mocha.addFile(path.join(__dirname, name));
  }

  const tests: TestResult[] = [];
  const failures: Failure[] = [];
  let stats: Mocha.Stats | undefined;
  try {
    stats = await new Promise<Mocha.Stats | undefined>((resolve) => {
      const runner = mocha.run(() => resolve(runner.stats));
      runner.on('pass', (test) => tests.push({ title: test.fullTitle(), state: 'passed', duration: test.duration }));
      runner.on('fail', (test, error: Error) => {
        tests.push({ title: test.fullTitle(), state: 'failed', duration: test.duration });
        failures.push({ title: test.fullTitle(), message: error.message, stack: error.stack });
      });
    });
  } catch (error) {
    // A test file that throws while mocha loads it: the host's log would be the only trace.
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    failures.push({ title: 'loading the integration test files', message, stack });
  }

  const resultsFile = process.env.FIXTURE_LAB_TEST_RESULTS;
  if (resultsFile) {
    // Written whole, then renamed: the outer script never reads half a file.
    fs.writeFileSync(`${resultsFile}.tmp`, JSON.stringify({ stats, tests, failures }, null, 2));
    fs.renameSync(`${resultsFile}.tmp`, resultsFile);
  }
  if (failures.length > 0) throw new Error(`${failures.length} integration test(s) failed`);
}
