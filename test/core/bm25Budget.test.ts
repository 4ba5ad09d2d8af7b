// The bm25 baseline keeps to its token budget: what it hands back, counted as every system's
// output is counted (tiktoken cl100k_base over the whole text), is never more than the budget.
// A real repository whose definitions end as real code does (a closing bracket, a colon, trailing
// spaces, a blank line, CRLF), every budget from 1 to 1,500 tokens.
import * as assert from 'node:assert/strict';
import { Repository } from '../../src/core/git/repository';
import { Bm25Baseline } from '../../src/core/harness/adapters/bm25';
import type { RepoContext } from '../../src/core/harness/adapters/types';
import { countTokens } from '../../src/core/scoring/tokens';
import { TestRepo } from '../helpers/gitRepo';

const ENDINGS = [')', '):', '}', '  ', '', ']\r', '"""', ' # retry)'];

describe('bm25 baseline: an answer never passes its budget', function () {
  this.timeout(120_000);

  it('every budget from 1 to 1,500 tokens, for three tasks: the whole text counts at most the budget', async () => {
    const test = new TestRepo();
    const files: Record<string, string> = {};
    for (let f = 0; f < 6; f++) {
      files[`pkg/retry${f}.py`] = Array.from({ length: 8 }, (_, i) => {
        const end = ENDINGS[(f + i) % ENDINGS.length];
        return `def retry_request_${f}_${i}(client, timeout):\n    value = client.send(timeout, (${i},\n        ${f}${end}\n`;
      }).join('\n');
    }
    const rev = test.commit('retries', files);
    const repo = await Repository.open(test.dir);
    const ctx: RepoContext = { name: 'r', repo, rev, languages: ['python'], checkout: () => Promise.resolve(repo.root) };
    const bm25 = new Bm25Baseline();
    try {
      const over: string[] = [];
      for (const task of ['Retry the request when the client send times out', 'timeout value client', 'request retry']) {
        for (let budget = 1; budget <= 1500; budget++) {
          const out = await bm25.query(ctx, { taskId: 't', task, budget });
          const tokens = countTokens(out.text);
          if (tokens > budget) over.push(`${task} at ${budget}: ${tokens}`);
        }
      }
      assert.deepEqual(over.slice(0, 5), [], `${over.length} answers over their budget`);
    } finally {
      repo.close();
    }
  });
});
