// Issue 27's held-out benchmark is data the candidate rules are measured on (test/data/candidates/,
// read by test/helpers/benchChanges.ts): a ground-truth symbol that names no definition at base
// would count as a miss forever (a definition the change adds included: no list can hold it, and
// labeling refuses it), and a change moved from one half to the other would make the held-out half
// one a rule was tuned on, both without any error. So: every symbol names a definition at the
// change's base, the fresh rounds keep the rule that fixed their halves before any list was made,
// and each repository's code comes with its licence.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { definitionsOf, Repository } from '../../src/core';
import { BENCH_DATA, BenchChange, benchRepositories, buildBenchRepo } from '../helpers/benchChanges';
import { tempDir } from '../helpers/tempDir';

interface Built { name: string; source: string; extensions: string[]; changes: BenchChange[]; repo: Repository }

describe('the held-out benchmark of candidates (test/data/candidates)', function () {
  this.timeout(240_000);
  const built: Built[] = [];

  before(async () => {
    for (const name of benchRepositories()) {
      const dir = tempDir();
      const changes = buildBenchRepo(name, dir);
      const { extensions, source } = parse(readFileSync(join(BENCH_DATA, name, 'ground-truth.yaml'), 'utf8')) as { extensions: string[]; source: string };
      built.push({ name, source, extensions, changes, repo: await Repository.open(dir) });
    }
  });

  after(() => {
    for (const b of built) b.repo.close();
  });

  it('every ground-truth symbol names a definition at the change\'s base (not one the change adds)', async () => {
    const unknown: string[] = [];
    for (const b of built) {
      const defined = new Map<string, Set<string>>();
      const symbolsIn = async (rev: string, module: string): Promise<Set<string>> => {
        const key = `${rev}:${module}`;
        let found = defined.get(key);
        if (!found) {
          found = new Set();
          for (const ext of b.extensions.filter((e) => e.startsWith('.'))) {
            const content = await b.repo.readFile(rev, module + ext);
            if (content.kind === 'text') for (const d of await definitionsOf(module + ext, content.text)) found.add(d.symbol);
          }
          defined.set(key, found);
        }
        return found;
      };
      for (const c of b.changes) {
        for (const { symbol } of c.groundTruth) {
          const module = symbol.slice(0, symbol.indexOf('.', symbol.lastIndexOf('/') + 1));
          if (!(await symbolsIn(c.base, module)).has(symbol)) unknown.push(`${c.id}: ${symbol}`);
        }
      }
    }
    assert.deepEqual(unknown, []);
  });

  it('a fresh round\'s halves follow the rule fixed before any list was made: by PR number, held-out, tuning, held-out, ...', () => {
    const all = built.flatMap((b) => b.changes);
    const rounds = [...new Set(all.map((c) => c.round))].filter((r) => r > 1);
    assert.ok(rounds.length > 0, 'the benchmark has a fresh round');
    for (const round of rounds) {
      for (const b of built) {
        const inRound = b.changes.filter((c) => c.round === round).sort((x, y) => x.pr - y.pr);
        inRound.forEach((c, i) => assert.equal(c.half, i % 2 === 0 ? 'held-out' : 'tuning', `${c.id} (round ${round})`));
      }
      const held = all.filter((c) => c.round === round && c.half === 'held-out').length;
      assert.equal(held, all.filter((c) => c.round === round).length / 2, `round ${round}'s halves are equal`);
    }
  });

  it('each fresh round (2 to 10) has at least two changes in each language, and each repository its licence', () => {
    for (const round of [2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const fresh = built.flatMap((b) => b.changes).filter((c) => c.round === round);
      for (const language of ['python', 'typescript', 'go']) {
        assert.ok(fresh.filter((c) => c.language === language).length >= 2, `round ${round}: ${language}`);
      }
    }
    for (const b of built) assert.ok(existsSync(join(BENCH_DATA, b.name, 'LICENSE.txt')), `${b.name} has LICENSE.txt`);
  });

  it('a repository belongs to one round, so a fresh round is code that no earlier round\'s tuning has read', () => {
    const roundsOf = new Map<string, Set<number>>();
    for (const b of built) {
      const rounds = roundsOf.get(b.source) ?? new Set<number>();
      for (const c of b.changes) rounds.add(c.round);
      roundsOf.set(b.source, rounds);
    }
    for (const [source, rounds] of roundsOf) assert.equal(rounds.size, 1, `${source}: rounds ${[...rounds].join(', ')}`);
  });
});
