// A change's default candidates (tests: mixed) read from a test repository, and a lookup by symbol:
// what the neighbour-rule tests ask of a small git history.
import { resolve } from 'node:path';
import { CandidateOptions, candidatesOf, Candidates, RankedCandidate, Repository } from '../../src/core';
import type { TestRepo } from './gitRepo';

/** Where the real indexers install for the tests (the repository's ignored cache), for `resolver: 'scip'`. */
export const INDEXERS_DIR = resolve(__dirname, '../../../.cache/systems');

export async function candidates(repo: TestRepo, base: string, head: string, options: CandidateOptions = {}): Promise<Candidates> {
  const r = await Repository.open(repo.dir);
  try {
    return await candidatesOf(r, base, head, { tests: 'mixed', indexersDir: INDEXERS_DIR, ...options });
  } finally {
    r.close();
  }
}

export const by = (c: Candidates) => new Map<string, RankedCandidate>(c.ranked.map((x) => [x.symbol, x]));
