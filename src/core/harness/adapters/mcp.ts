// A system queried as a Model Context Protocol server over stdio (docs/scoring.md#systems-corpussystemsyaml), with the official
// TypeScript SDK: the server starts once per repository revision (its argv may name
// {repo_path}), each task is one tool call with the configured arguments, and the text content
// of the result is parsed like a command's output. An `index` argv, when given, runs before the
// server starts, in the same checkout (a server that reads an index made by its own CLI). The server runs as a reaped process tree
// (mcpTransport.ts): closing it, or a tool call timing out, ends it and everything it started.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expandPlaceholders, expandValue, McpSystem } from '../systems';
import { checkoutRoots, parseOutput, underCheckout } from '../output';
import { capText } from '../../io/process';
import { CommandAdapter } from './command';
import { QueryInput, QueryOutput, RepoContext, Retriever, SystemFailure } from './types';

export class McpAdapter implements Retriever {
  private client?: Client;
  private stderr = '';
  /** What the server said while starting, and since the last answer: an answer's stderr is these two, not the server's whole log. */
  private startStderr = '';
  private callStderr = '';
  private serverVersion?: string;
  /** Aborts the tool call in flight when the server's answer passes the size limit. */
  private overflowed?: () => void;
  /** The server was stopped after a timeout: the next task starts it again. */
  private restart = false;

  constructor(private readonly spec: McpSystem) {}

  async prepare(ctx: RepoContext, signal?: AbortSignal): Promise<void> {
    await this.close();
    this.restart = false;
    this.callStderr = '';
    // The index step, when there is one, runs as a command's does, in the same checkout, before the server starts.
    if (this.spec.index) await new CommandAdapter({ ...this.spec, type: 'command', index: this.spec.index, query: this.spec.index }).prepare(ctx, signal);
    const path = await ctx.checkout();
    const values = this.values(ctx, path, { taskId: '', task: '', budget: 0 });
    const [command, ...args] = expandPlaceholders(this.spec.server, values);
    // Loaded here, not at the top: the SDK (with its schema validators) costs every CLI command
    // ~60 ms of start-up, and only runs with an mcp system need it.
    const [{ Client: McpClient }, { getDefaultEnvironment }, { TreeStdioTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('./mcpTransport'),
    ]);
    const transport = new TreeStdioTransport({
      command,
      args,
      cwd: this.spec.cwd ? expandPlaceholders([this.spec.cwd], values)[0] : path,
      env: { ...getDefaultEnvironment(), ...this.spec.env },
      // JSON escapes the answer's text: room for it twice over before a message is refused.
      maxMessageBytes: 2 * this.spec.maxOutputBytes + 1024 * 1024,
      onStderr: (chunk) => {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-64 * 1024);
        this.callStderr = (this.callStderr + chunk.toString('utf8')).slice(-64 * 1024);
      },
      onOverflow: () => this.overflowed?.(),
    });
    const client = new McpClient({ name: 'fixture-lab', version: '0.1.0' });
    try {
      await client.connect(transport, { timeout: this.timeoutMs(), signal });
    } catch (e) {
      await transport.close();
      throw new SystemFailure(`MCP server \`${command}\` did not start: ${(e as Error).message}`, signal?.aborted ? 'cancelled' : 'failed', this.stderr);
    }
    this.client = client;
    this.startStderr = this.callStderr;
    this.callStderr = '';
    this.serverVersion = client.getServerVersion()?.version;
    // A misnamed tool fails every task the same way: say so once, with the tools there are.
    const tools = await client.listTools(undefined, { timeout: this.timeoutMs(), signal }).then((r) => r.tools.map((t) => t.name), () => undefined);
    if (tools && !tools.includes(this.spec.tool)) {
      await this.close();
      const known = tools.join(', ') || '(none)';
      throw new SystemFailure(`the MCP server has no tool \`${this.spec.tool}\`: set \`tool:\` to one of ${known}`, 'failed', this.stderr);
    }
  }

  async query(ctx: RepoContext, input: QueryInput, signal?: AbortSignal): Promise<QueryOutput> {
    if (!this.client && this.restart) await this.prepare(ctx, signal);
    if (!this.client) throw new SystemFailure('the MCP server is not running (its start failed)');
    const path = await ctx.checkout();
    const args = expandValue(this.spec.arguments, this.values(ctx, path, input)) as Record<string, unknown>;
    const call = new AbortController();
    const cancel = () => call.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted) call.abort();
    let tooLarge = false;
    this.overflowed = () => {
      tooLarge = true;
      call.abort();
    };
    let result;
    try {
      result = await this.client.callTool({ name: this.spec.tool, arguments: args }, undefined, { timeout: this.timeoutMs(), signal: call.signal });
    } catch (e) {
      const message = tooLarge
        ? `the answer passed ${2 * this.spec.maxOutputBytes + 1024 * 1024} bytes and was dropped (raise max_output_mb)` : (e as Error).message;
      const status = signal?.aborted ? 'cancelled' : !tooLarge && /timed? ?out/i.test(message) ? 'timeout' : 'failed';
      // A server that timed out or was cancelled may still be busy: its tree goes now, not at the end of the run.
      if (status !== 'failed') {
        await this.close();
        this.restart = status === 'timeout';
      }
      throw new SystemFailure(`tool \`${this.spec.tool}\`: ${message}`, status, this.stderr);
    } finally {
      signal?.removeEventListener('abort', cancel);
      this.overflowed = undefined;
    }
    const content: unknown[] = Array.isArray(result.content) ? result.content : [];
    const isText = (c: unknown): c is { type: 'text'; text: string } => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === 'text';
    const full = content.filter(isText).map((c) => c.text).join('\n');
    if (result.isError) throw new SystemFailure(`tool \`${this.spec.tool}\` reported an error: ${full.slice(0, 300)}`, 'failed', this.stderr);
    const { text, truncated } = capText(full, this.spec.maxOutputBytes);
    const stderr = (this.startStderr + this.callStderr).slice(-64 * 1024);
    this.callStderr = '';
    try {
      const parsed = parseOutput(text, this.spec.parse);
      parsed.symbols = underCheckout(parsed.symbols, await checkoutRoots(path));
      return { text, ...parsed, stderr, ...(truncated ? { truncated: true } : {}) };
    } catch (e) {
      const cut = truncated ? ` (the output was cut at ${this.spec.maxOutputBytes} bytes: raise max_output_mb)` : '';
      throw new SystemFailure(`tool output: ${(e as Error).message}${cut}`, 'failed', this.stderr);
    }
  }

  version(): Promise<string | undefined> {
    return Promise.resolve(this.serverVersion);
  }

  /** Closes the client, which ends the server and reaps its process tree. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }

  private timeoutMs(): number {
    return this.spec.timeoutMinutes * 60_000;
  }

  private values(ctx: RepoContext, path: string, input: QueryInput) {
    return { task: input.task, budget: String(input.budget), repo_path: path, module: ctx.module ?? '', commit: ctx.rev };
  }
}
