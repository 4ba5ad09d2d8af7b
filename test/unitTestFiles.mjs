// The unit test files esbuild built (out/test/**/*.test.js, the integration suite's aside): what
// `npm test` hands mocha and what bench:suite times file by file, one list for both.
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
