// A system queried as a Model Context Protocol server over stdio (§2.2, §2.6), with the official
// TypeScript SDK: the server starts once per repository revision (its argv may name
// {repo_path}), each task is one tool call with the configured arguments, and the text content
// of the result is parsed like a command's output.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expandPlaceholders, expandValue, McpSystem } from '../systems';
import { parseOutput } from '../output';
import { QueryInput, QueryOutput, RepoContext, Retriever, SystemFailure } from './types';

export class McpAdapter implements Retriever {
  private client?: Client;
  private stderr = '';
  private serverVersion?: string;

  constructor(private readonly spec: McpSystem) {}

  async prepare(ctx: RepoContext, signal?: AbortSignal): Promise<void> {
    await this.close();
    const path = await ctx.checkout();
    const values = this.values(ctx, path, { taskId: '', task: '', budget: 0 });
    const [command, ...args] = expandPlaceholders(this.spec.server, values);
    // Loaded here, not at the top: the SDK (with its schema validators) costs every CLI command
    // ~60 ms of start-up, and only runs with an mcp system need it.
    const [{ Client: McpClient }, { getDefaultEnvironment, StdioClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
    ]);
    const transport = new StdioClientTransport({
      command,
      args,
      cwd: this.spec.cwd ? expandPlaceholders([this.spec.cwd], values)[0] : path,
      env: { ...getDefaultEnvironment(), ...this.spec.env },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-64 * 1024);
    });
    const client = new McpClient({ name: 'fixture-lab', version: '0.1.0' });
    try {
      await client.connect(transport, { timeout: this.timeoutMs(), signal });
    } catch (e) {
      await transport.close().catch(() => undefined);
      throw new SystemFailure(`MCP server \`${command}\` did not start: ${(e as Error).message}`, signal?.aborted ? 'cancelled' : 'failed', this.stderr);
    }
    this.client = client;
    this.serverVersion = client.getServerVersion()?.version;
  }

  async query(ctx: RepoContext, input: QueryInput, signal?: AbortSignal): Promise<QueryOutput> {
    if (!this.client) throw new SystemFailure('the MCP server is not running (its start failed)');
    const path = await ctx.checkout();
    const args = expandValue(this.spec.arguments, this.values(ctx, path, input)) as Record<string, unknown>;
    let result;
    try {
      result = await this.client.callTool({ name: this.spec.tool, arguments: args }, undefined, { timeout: this.timeoutMs(), signal });
    } catch (e) {
      const message = (e as Error).message;
      const status = signal?.aborted ? 'cancelled' : /timed? ?out/i.test(message) ? 'timeout' : 'failed';
      throw new SystemFailure(`tool \`${this.spec.tool}\`: ${message}`, status, this.stderr);
    }
    const content = Array.isArray(result.content) ? result.content : [];
    const text = content.filter((c): c is { type: 'text'; text: string } => c?.type === 'text').map((c) => c.text).join('\n');
    if (result.isError) throw new SystemFailure(`tool \`${this.spec.tool}\` reported an error: ${text.slice(0, 300)}`, 'failed', this.stderr);
    try {
      return { text, ...parseOutput(text, this.spec.parse), stderr: this.stderr };
    } catch (e) {
      throw new SystemFailure(`tool output: ${(e as Error).message}`, 'failed', this.stderr);
    }
  }

  async version(): Promise<string | undefined> {
    return this.serverVersion;
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => undefined);
    this.client = undefined;
  }

  private timeoutMs(): number {
    return this.spec.timeoutMinutes * 60_000;
  }

  private values(ctx: RepoContext, path: string, input: QueryInput) {
    return { task: input.task, budget: String(input.budget), repo_path: path, module: ctx.module ?? '', commit: ctx.rev };
  }
}
