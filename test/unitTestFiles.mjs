// The unit test files esbuild built (out/test/**/*.test.js, the integration suite's aside): what
// `npm test` hands mocha and what bench:suite times file by file, one list for both, and the order
// npm test's mocha workers take them in (bench:suite plays that schedule with the CPU it measured).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './vscode/setup.mjs';

export function unitTestFiles(dir = join(ROOT, 'out', 'test')) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(ROOT, 'out', 'test', 'integration') ? [] : unitTestFiles(path);
    return name.endsWith('.test.js') ? [path] : [];
  });
}

/**
 * The files that take longest start first, so the last worker does not start one of them when the
 * others are done (longest first; the rest keep their order). Measured one file at a time with
 * `npm run bench:suite unit` (wall time, which is what the workers wait for; docs/performance.md).
 */
const SLOW_FIRST = ['cli/concurrentWrites', 'cli/realSystems', 'webview/panel', 'core/honestRuns', 'deploy/localRun', 'core/runLayout',
  'core/harness', 'core/realAnswers', 'core/heldOutBench', 'cli/badInput', 'cli/importTrec', 'cli/processes', 'core/panelView', 'core/tokens', 'core/processes'];

/** `files` in the order npm test's mocha workers take them (mocha hands each free worker the next file). */
export function slowFirst(files) {
  const rank = (f) => {
    const i = SLOW_FIRST.findIndex((s) => f.endsWith(`${join(...s.split('/'))}.test.js`));
    return i < 0 ? SLOW_FIRST.length : i;
  };
  return files.map((f, i) => [rank(f), i, f]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , f]) => f);
}
