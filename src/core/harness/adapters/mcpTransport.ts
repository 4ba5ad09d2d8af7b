// MCP over stdio with the server as a reaped process tree. The SDK's StdioClientTransport spawns
// the server inside our own process group and, on close, signals the server alone, so whatever
// the server started outlives it. Here the server leads its own tree (processTree.ts): when it
// exits, or when the client closes it, its group and every process carrying its marker go too.
// Messages are framed as the SDK frames them (one JSON-RPC message per line), with a size limit:
// a message past it is skipped and reported, never buffered without bound.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { DRAIN_MS } from '../../io/process';
import { ProcessTree } from '../../io/processTree';

export interface TreeTransportOptions {
  command: string;
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** The largest message read; a longer one is skipped and `onOverflow` called. */
  maxMessageBytes: number;
  onStderr?: (chunk: Buffer) => void;
  onOverflow?: () => void;
}

/** How long a closed server gets to exit by itself on end of input, then after SIGTERM. */
const GRACE_MS = 1000;

export class TreeStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private tree?: ProcessTree;
  private gone?: Promise<void>;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;

  constructor(private readonly options: TreeTransportOptions) {}

  get pid(): number | undefined {
    return this.tree?.child.pid;
  }

  start(): Promise<void> {
    if (this.tree) throw new Error('the MCP server is already started');
    const { command, args, cwd, env } = this.options;
    const tree = (this.tree = new ProcessTree([command, ...args], { cwd, env }));
    const child = tree.child;
    child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.options.onStderr?.(chunk));
    child.stdin.on('error', (e) => this.onerror?.(e));
    // The server's end is the end of its tree: reaped at once, then its pipes get a bounded drain.
    this.gone = new Promise((resolve) => {
      const end = () => {
        tree.reap(false);
        const drained = new Promise<void>((r) => (child.stdout.closed ? r() : child.stdout.once('close', () => r())));
        void Promise.race([drained, delay(DRAIN_MS)]).then(() => {
          tree.reap();
          child.stdout.destroy();
          child.stderr.destroy();
          resolve();
          this.onclose?.();
        });
      };
      child.once('exit', end);
      child.once('error', () => {
        if (child.pid === undefined) end();
      });
    });
    return new Promise((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (e) => {
        reject(e);
        this.onerror?.(e);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.tree?.child.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** End of input, a grace period, SIGTERM to the group, another; then the tree is reaped. */
  async close(): Promise<void> {
    const tree = this.tree;
    if (!tree || !this.gone) return;
    const child = tree.child;
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      if (!(await settles(this.gone, GRACE_MS))) {
        tree.signalGroup('SIGTERM');
        await settles(this.gone, GRACE_MS);
      }
    }
    tree.reap();
    await settles(this.gone, DRAIN_MS);
    this.pending = [];
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.skipping) {
        this.skipping = false;
      } else if (this.pendingBytes + piece.length > this.options.maxMessageBytes) {
        this.overflow();
        this.skipping = false;
      } else {
        this.deliver(this.pending.length ? Buffer.concat([...this.pending, piece]) : piece);
      }
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (start >= chunk.length || this.skipping) return;
    const rest = chunk.subarray(start);
    this.pending.push(rest);
    this.pendingBytes += rest.length;
    if (this.pendingBytes > this.options.maxMessageBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      this.overflow();
    }
  }

  private overflow(): void {
    this.options.onOverflow?.();
    this.onerror?.(new Error(`a message from the MCP server passed ${this.options.maxMessageBytes} bytes and was skipped`));
  }

  private deliver(bytes: Buffer): void {
    const line = bytes.toString('utf8').replace(/\r$/, '');
    if (!line.trim()) return;
    try {
      this.onmessage?.(deserializeMessage(line));
    } catch (e) {
      this.onerror?.(e as Error);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Whether `promise` settles within `ms`. */
function settles(promise: Promise<void>, ms: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), delay(ms).then(() => false)]);
}
