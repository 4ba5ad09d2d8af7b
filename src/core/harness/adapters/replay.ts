// Replaying a system's recorded output from an earlier run's raw folder, so systems that are
// not installed here can still be scored and compared. Tokens are counted again (one tiktoken
// path, docs/scoring.md#metrics); timings and status are the recorded ones.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FixtureLabError } from '../../problems';
import type { ReplaySystem } from '../systems';
import { BUDGET_FOLDER_PREFIX, RawResult, readAnswer } from '../results';
import { QueryInput, QueryOutput, RepoContext, Retriever, SystemFailure } from './types';
import { sameRevision } from '../../git/revisions';
import { clipped } from '../../untrusted/lineText';

export class ReplayAdapter implements Retriever {
  constructor(private readonly spec: ReplaySystem, private readonly rawDir: string) {}

  prepare(): Promise<void> {
    if (!existsSync(this.rawDir)) return Promise.reject(new SystemFailure(`no recorded run at ${this.rawDir}: point \`from:\` at an earlier run's raw folder`));
    return Promise.resolve();
  }

  async query(ctx: RepoContext, input: QueryInput): Promise<QueryOutput> {
    // A recording is untrusted input like any system's output: a damaged one fails this task only.
    // Either layout of the recorded run is read (raw/<system>/<task>.json, or raw/<system>-<task>.json),
    // at the budget asked: a sweep keeps its other budgets' answers under raw/budget-<N>/.
    let raw: RawResult;
    try {
      const system = this.spec.system ?? this.spec.name;
      const atBudget = join(this.rawDir, `${BUDGET_FOLDER_PREFIX}${input.budget}`);
      const found = (existsSync(atBudget) ? await readAnswer(atBudget, system, input.taskId) : undefined)
        ?? await readAnswer(this.rawDir, system, input.taskId);
      if (!found) throw new SystemFailure(`no recorded output for ${input.taskId} in ${this.rawDir}`);
      raw = found.raw;
    } catch (e) {
      if (e instanceof FixtureLabError) throw new SystemFailure(`recording ${e.message}`);
      throw e;
    }
    // An answer to another question is not this one's: scored, it would stand in Table 4 as the
    // system's answer at this budget, or be judged against ground truth at another revision.
    if (raw.budget !== input.budget) {
      throw new SystemFailure(`no recording of ${input.taskId} at budget ${input.budget} in ${this.rawDir} (it was recorded at ${raw.budget}): `
        + `run with --budget ${raw.budget}, or record it at ${input.budget}`);
    }
    if (raw.rev && ctx.rev && !sameRevision(raw.rev, ctx.rev)) {
      throw new SystemFailure(`${input.taskId} was recorded at ${raw.rev.slice(0, 12)} and runs at ${ctx.rev.slice(0, 12)} now `
        + '(its fixture\'s revision changed): record it again');
    }
    // An answer to the task as it was written then is not an answer to the task as it reads now. A
    // recording that does not say its text (made before it was kept) is scored, and said so (answerHealth.ts).
    if (raw.task_text !== undefined && raw.task_text !== input.task) {
      throw new SystemFailure(`${input.taskId}'s task text was edited since it was recorded (${JSON.stringify(clipped(raw.task_text, 60))} then, `
        + `${JSON.stringify(clipped(input.task, 60))} now): record it again`);
    }
    return {
      text: raw.output,
      symbols: raw.symbols,
      ...(raw.scores ? { scores: raw.scores } : {}),
      ...(raw.reported_tokens !== undefined ? { reportedTokens: raw.reported_tokens } : {}),
      stderr: raw.stderr,
      recorded: {
        indexMs: raw.timings?.index_ms,
        coldMs: raw.timings?.cold_ms,
        warmMs: raw.timings?.warm_median_ms,
        status: raw.status === 'ok' || raw.status === 'timeout' ? raw.status : 'failed',
        ...(raw.error ? { error: raw.error } : {}),
        ...(raw.task_text !== undefined ? { taskText: raw.task_text } : {}),
      },
    };
  }
}


