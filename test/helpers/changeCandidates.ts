// A change's default candidates (tests: mixed) read from a test repository, and a lookup by symbol:
// what the neighbour-rule tests ask of a small git history.
import { CandidateOptions, candidatesOf, Candidates, RankedCandidate, Repository } from '../../src/core';
import type { TestRepo } from './gitRepo';

export async function candidates(repo: TestRepo, base: string, head: string, options: CandidateOptions = {}): Promise<Candidates> {
  const r = await Repository.open(repo.dir);
  try {
    return await candidatesOf(r, base, head, { tests: 'mixed', ...options });
  } finally {
    r.close();
  }
}

export const by = (c: Candidates) => new Map<string, RankedCandidate>(c.ranked.map((x) => [x.symbol, x]));
