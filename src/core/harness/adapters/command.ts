// A system run as a command: `index` once per repository revision, `query` per task, both argv
// lists with placeholders, run without a shell in a checkout at the task's revision.
import { expandPlaceholders, CommandSystem } from '../systems';
import { stderrCause } from '../answerHealth';
import { checkoutRoots, parseOutput, underCheckout } from '../output';
import { describeExit, runProcess, ProcessResult } from '../../io/process';
import { QueryInput, QueryOutput, RepoContext, Retriever, SystemFailure } from './types';

export class CommandAdapter implements Retriever {
  constructor(private readonly spec: CommandSystem) {}

  async prepare(ctx: RepoContext, signal?: AbortSignal): Promise<void> {
    if (!this.spec.index) return;
    await this.run(this.spec.index, ctx, { taskId: '', task: '', budget: 0 }, signal, 'index');
  }

  async query(ctx: RepoContext, input: QueryInput, signal?: AbortSignal): Promise<QueryOutput> {
    const result = await this.run(this.spec.query, ctx, input, signal, 'query');
    try {
      const parsed = parseOutput(result.stdout, this.spec.parse);
      parsed.symbols = underCheckout(parsed.symbols, await checkoutRoots(await ctx.checkout()));
      return { text: result.stdout, ...parsed, stderr: result.stderr, ...(result.truncated ? { truncated: true } : {}) };
    } catch (e) {
      const cut = result.truncated ? ` (the output was cut at ${this.spec.maxOutputBytes} bytes: raise max_output_mb)` : '';
      throw new SystemFailure(`query output: ${(e as Error).message}${cut}`, 'failed', result.stderr);
    }
  }

  private async run(args: string[], ctx: RepoContext, input: QueryInput, signal: AbortSignal | undefined, phase: string): Promise<ProcessResult> {
    const path = await ctx.checkout();
    const values = { task: input.task, budget: String(input.budget), repo_path: path, module: ctx.module ?? '', commit: ctx.rev };
    const argv = expandPlaceholders(args, values);
    const cwd = this.spec.cwd ? expandPlaceholders([this.spec.cwd], values)[0] : path;
    const result = await runProcess(
      argv, { cwd, env: { ...process.env, ...this.spec.env }, timeoutMs: this.spec.timeoutMinutes * 60_000, signal, maxOutputBytes: this.spec.maxOutputBytes });
    if (result.cancelled) throw new SystemFailure(`${phase} cancelled`, 'cancelled', result.stderr);
    if (result.timedOut) throw new SystemFailure(
      `${phase} timed out after ${this.spec.timeoutMinutes} min; the process tree was killed`, 'timeout', result.stderr);
    if (result.spawnError) throw new SystemFailure(`${phase} could not start: ${result.spawnError}`, 'failed', result.stderr);
    // The first line naming a cause: a crash's last line is a runtime's trailer (`Node.js v20.20.2`).
    const cause = stderrCause(result.stderr) ?? '(no message on stderr)';
    if (result.code !== 0) throw new SystemFailure(`${phase} ${describeExit(result)}: ${cause}`, 'failed', result.stderr);
    return result;
  }
}
