// `npm start`: VS Code on the demo corpus with Fixture Lab loaded from this folder in
// extension-development mode. Desktop `code` when it is on PATH; otherwise code-server
// (setup.mjs), served on 127.0.0.1:8080 (PORT overrides) until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, workbenchUrl } from './server.mjs';
import { ROOT, setup } from './setup.mjs';

const corpus = join(ROOT, 'corpus');
const node = (...args) => {
  const { status } = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
};
// Each step that can take a while says so first: a silent minute reads as a hang.
if (existsSync(join(corpus, 'build-demo.mjs'))) {
  console.log('start: building the demo corpus (corpus/.repos/bookshop)\u2026');
  node(join(corpus, 'build-demo.mjs'));
}
if (!existsSync(join(ROOT, 'dist', 'extension.js'))) {
  console.log('start: building the extension (node esbuild.mjs)\u2026');
  node('esbuild.mjs');
}

if (spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0) {
  const { status } = spawnSync('code', [`--extensionDevelopmentPath=${ROOT}`, corpus], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

console.log('start: checking code-server and chromium (test/vscode/setup.mjs)\u2026');
try {
  setup();
} catch (error) {
  console.error(`start: ${error.message}`);
  process.exit(1);
}
console.log('start: starting code-server\u2026');
const server = await startServer({ folder: corpus, port: Number(process.env.PORT ?? 8080) });
// Runs until code-server exits or Ctrl-C, when server.mjs stops it and removes its run directory.
console.log(`Fixture Lab in VS Code (code-server): open\n\n  ${workbenchUrl(server, { extensionDevelopmentPath: ROOT })}\n\nCtrl-C stops it.`);
