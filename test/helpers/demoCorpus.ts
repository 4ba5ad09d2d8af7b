// A copy of the demo corpus (tasks/ and repos.yaml) in a temp folder, its repos.yaml pointing at
// the built demo repository: tests run the harness and edit fixtures without touching corpus/.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './tempDir';

export const ROOT = resolve(__dirname, '../../..');

export function demoCorpus(systemsYaml?: string): string {
  execFileSync('node', [join(ROOT, 'corpus/build-demo.mjs')]);
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
