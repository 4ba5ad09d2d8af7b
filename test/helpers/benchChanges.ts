// Issue 27's held-out benchmark: merged changes of public repositories in three languages
// (test/data/candidates/<name>/: the code at both sides, its licence, and ground truth written from
// each diff before any candidate list was read), each in a tuning half or a held-out half that no
// rule is tuned on. Plain Node: the benchmark and the unit test use it.
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
  changes: { id: string; pr: number; half: Half; base: string; head: string; task: string; ground_truth: BenchChange['groundTruth'] }[];
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
    if (c.half !== 'tuning' && c.half !== 'held-out') throw new Error(`${join(data, 'ground-truth.yaml')}: ${c.id}'s half is \`${String(c.half)}\`; write tuning or held-out`);
    return { id: c.id, pr: c.pr, half: c.half, language: truth.language, task: c.task, base, head, groundTruth: c.ground_truth };
  });
}
