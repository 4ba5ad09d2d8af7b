// Issue 27's held-out benchmark: merged changes of public repositories in three languages
// (test/data/candidates/<name>/: the code at both sides, its licence, and ground truth written from
// each diff before any candidate list was read), each in a tuning half or a held-out half that no
// rule is tuned on, and in a round: 1 for the first twelve (whose held-out misses were read while
// tuning), 2 for the twelve added after that (whose held-out misses were later described), 3 for
// the twelve added after that (read while the rules were tuned on the day round 4 was made), 4 for
// the twelve added then (measured once every rule had landed), 5 for the twelve added after that
// measure (run once by the lead), 6 for the twelve added after round 5 was measured (run once by
// the lead), 7 for the twelve added after round 6 was measured, and 8 for the twelve added beside
// them (round 7's held-out half alone is too small to measure recall on), which nobody had seen
// while tuning, both run once by the lead at the end of the round that prepared for them, and 9 and
// 10 for the two rounds of twelve added side by side (from different repositories) after rounds 7
// and 8 were run, which nobody had seen while tuning, both run once by the lead at the end of the
// round that prepared for them. Plain Node: the
// benchmark and the unit test use it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { buildStoredRepo } from './storedRepo';

export const BENCH_DATA = resolve(__dirname, '../../../test/data/candidates');

export type Half = 'tuning' | 'held-out';

export interface BenchChange {
  id: string;
  pr: number;
  half: Half;
  /** The benchmark round that added the change (1 where the yaml gives none). */
  round: number;
  language: string;
  task: string;
  /** Commits of the built repository. */
  base: string;
  head: string;
  groundTruth: { symbol: string; confidence: 'HIGH' | 'MEDIUM'; why: string }[];
}

interface GroundTruthFile {
  source: string;
  language: string;
  changes: { id: string; pr: number; half: Half; round?: number; base: string; head: string; task: string; ground_truth: BenchChange['groundTruth'] }[];
}

/** The repositories the benchmark holds (folder names under test/data/candidates). */
export function benchRepositories(): string[] {
  return readdirSync(BENCH_DATA, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** Build repository `name` in `dir` (a new, empty folder); its labeled changes. */
export function buildBenchRepo(name: string, dir: string): BenchChange[] {
  const data = join(BENCH_DATA, name);
  const commits = buildStoredRepo(join(data, 'changes.json.br'), dir);
  const truth = parse(readFileSync(join(data, 'ground-truth.yaml'), 'utf8')) as GroundTruthFile;
  return truth.changes.map((c) => {
    const base = commits.get(c.base);
    const head = commits.get(c.head);
    if (!base || !head) throw new Error(`${join(data, 'ground-truth.yaml')}: ${c.id} names commits changes.json.br does not hold; rerun test/tools/benchChanges.mjs`);
    const file = join(data, 'ground-truth.yaml');
    if (c.half !== 'tuning' && c.half !== 'held-out') throw new Error(`${file}: ${c.id}'s half is \`${String(c.half)}\`; write tuning or held-out`);
    const round = c.round ?? 1;
    if (!Number.isInteger(round) || round < 1) throw new Error(`${file}: ${c.id}'s round is \`${String(c.round)}\`; write a whole number from 1, or leave it out for round 1`);
    for (const g of c.ground_truth) checkEntry(file, c.id, g);
    return { id: c.id, pr: c.pr, half: c.half, round, language: truth.language, task: c.task, base, head, groundTruth: c.ground_truth };
  });
}

/**
 * One ground-truth entry is exactly { symbol, confidence, why }: an unquoted comma in a flow
 * mapping's `why` ends the value there and makes the rest a key of its own, which would otherwise
 * pass unseen.
 */
function checkEntry(file: string, id: string, g: unknown): void {
  const entry = g as Record<string, unknown>;
  const keys = entry && typeof entry === 'object' ? Object.keys(entry).sort().join(', ') : String(g);
  if (keys !== 'confidence, symbol, why') throw new Error(`${file}: ${id} has a ground-truth entry with ${keys || 'nothing'}; write { symbol, confidence, why } and quote a why that holds a comma or a colon`);
  if (typeof entry.symbol !== 'string' || typeof entry.why !== 'string') throw new Error(`${file}: ${id}'s entry ${String(entry.symbol)} needs a symbol and a why that are text; quote them`);
  if (entry.confidence !== 'HIGH' && entry.confidence !== 'MEDIUM') throw new Error(`${file}: ${id}'s ${entry.symbol} has confidence \`${String(entry.confidence)}\`; write HIGH or MEDIUM`);
}
