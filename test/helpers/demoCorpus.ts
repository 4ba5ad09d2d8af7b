// A copy of the demo corpus (tasks/ and repos.yaml) in a temp folder, its repos.yaml pointing at
// the built demo repository: tests run the harness and edit fixtures without touching corpus/.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './tempDir';

export const ROOT = resolve(__dirname, '../../..');

/**
 * Builds the demo repository once per test file, and not at all under `npm test`, which built it
 * before the unit tests and says so in FIXTURE_LAB_DEMO_BUILT: corpus/build-demo.mjs returns at
 * once when its HEAD is the pinned commit, but its Node process and git cost about 0.25 s of CPU,
 * some sixty times a run. The tests read the repository (worktrees of it, checkouts at its
 * commits) and never move its HEAD, which would make the script rebuild it under every other test.
 */
let demoBuilt = process.env.FIXTURE_LAB_DEMO_BUILT === '1';
export function buildDemoOnce(): void {
  if (demoBuilt) return;
  execFileSync('node', [join(ROOT, 'corpus/build-demo.mjs')]);
  demoBuilt = true;
}

export function demoCorpus(systemsYaml?: string): string {
  buildDemoOnce();
  const dir = tempDir();
  cpSync(join(ROOT, 'corpus/tasks'), join(dir, 'tasks'), { recursive: true });
  const repos = readFileSync(join(ROOT, 'corpus/repos.yaml'), 'utf8').replace('path: .repos/bookshop', `path: ${join(ROOT, 'corpus/.repos/bookshop')}`);
  writeFileSync(join(dir, 'repos.yaml'), repos);
  if (systemsYaml) writeFileSync(join(dir, 'systems.yaml'), systemsYaml);
  return dir;
}

const MCP_SERVER = join(ROOT, 'test/fixtures/systems/mcp-server.mjs');

/** systems.yaml's entry for the test MCP server (test/fixtures/systems/mcp-server.mjs) as `name`, with `env` and any further settings (`extra`, indented lines). */
export function mcpSystem(name: string, env: Record<string, string>, extra = ''): string {
  const vars = Object.entries(env).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ');
  return `  - name: ${name}\n    type: mcp\n    server: [${JSON.stringify(process.execPath)}, ${JSON.stringify(MCP_SERVER)}]\n    env: {${vars}}\n    tool: search_symbols\n    arguments: {query: "{task}", limit: 20}\n${extra}`;
}

/** A demo corpus whose one system, `mcp`, is the test MCP server with `env`. */
export function mcpCorpus(env: Record<string, string>, extra = ''): string {
  return demoCorpus(`systems:\n${mcpSystem('mcp', env, extra)}`);
}
