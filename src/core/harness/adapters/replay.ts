// Replaying a system's recorded output from an earlier run's raw folder, so systems that are
// not installed here can still be scored and compared. Tokens are counted again (one tiktoken
// path, docs/scoring.md#metrics); timings and status are the recorded ones.
import { existsSync } from 'node:fs';
import { FixtureLabError } from '../../problems';
import type { ReplaySystem } from '../systems';
import { RawResult, readAnswer } from '../results';
import { QueryInput, QueryOutput, RepoContext, Retriever, SystemFailure } from './types';

export class ReplayAdapter implements Retriever {
  constructor(private readonly spec: ReplaySystem, private readonly rawDir: string) {}

  prepare(): Promise<void> {
    if (!existsSync(this.rawDir)) return Promise.reject(new SystemFailure(`no recorded run at ${this.rawDir}: point \`from:\` at an earlier run's raw folder`));
    return Promise.resolve();
  }

  async query(_ctx: RepoContext, input: QueryInput): Promise<QueryOutput> {
    // A recording is untrusted input like any system's output: a damaged one fails this task only.
    // Either layout of the recorded run is read (raw/<system>/<task>.json, or raw/<system>-<task>.json).
    let raw: RawResult;
    try {
      const found = await readAnswer(this.rawDir, this.spec.system ?? this.spec.name, input.taskId);
      if (!found) throw new SystemFailure(`no recorded output for ${input.taskId} in ${this.rawDir}`);
      raw = found.raw;
    } catch (e) {
      if (e instanceof FixtureLabError) throw new SystemFailure(`recording ${e.message}`);
      throw e;
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
      },
    };
  }
}
