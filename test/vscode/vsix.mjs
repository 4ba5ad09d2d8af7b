// Fixture Lab's .vsix as `npm run package` makes it (@vscode/vsce over .vscodeignore and package.json),
// from the bundles already built in dist/: vsce's own API, without `vscode:prepublish`'s production
// build, which would rebuild out/test under the running suite. The Restricted Mode pass installs it.
// `pack` is what `vsce package` runs after the prepublish script; @vscode/vsce's API has no
// form of it without that script.
import { pack } from '@vscode/vsce/out/package.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './setup.mjs';

/** The bundles a package needs, each built by `node esbuild.mjs`. */
const BUILT = ['dist/extension.js', 'dist/webview.js', 'dist/webview-charts.js', 'dist/charts.js'];

/** Packages the extension into `dir` as fixture-lab-<version>.vsix (vsce's default name) and resolves to its path. */
export async function buildVsix(dir) {
  const missing = BUILT.filter((file) => !existsSync(join(ROOT, file)));
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing: run \`node esbuild.mjs\` first`);
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const packagePath = join(dir, `${name}-${version}.vsix`);
  // vsce prints its file tree; the suite's output keeps to its results.
  const log = console.log;
  const info = console.info;
  console.log = console.info = () => {};
  try {
    // As package.json's `package` script: no repository is claimed (none is published), so the
    // README's relative links stay as they are (README.md's Install says why).
    await pack({ cwd: ROOT, packagePath, allowMissingRepository: true, rewriteRelativeLinks: false });
  } finally {
    console.log = log;
    console.info = info;
  }
  return packagePath;
}
