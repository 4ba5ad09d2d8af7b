// A git repository of pallets/flask's Python code at both sides of four merged pull requests
// (test/data/flask/, written by test/tools/flaskChanges.mjs), with their ground truth: real code
// for the candidates benchmark and its unit test. One commit per side, in order, with flask's own
// commit subjects and dates, so the repository is the same on every machine.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { buildStoredRepo } from './storedRepo';

const DATA = resolve(__dirname, '../../../test/data/flask');

export interface FlaskChange {
  pr: number;
  id: string;
  task: string;
  /** Commits of the built repository. */
  base: string;
  head: string;
  /** flask's own commits. */
  upstream: { base: string; head: string };
  /** Qualified names at base, as the fixture format names them. */
  groundTruth: string[];
}

interface GroundTruthFile {
  changes: { id: string; pr: number; base: string; head: string; task: string; ground_truth: { symbol: string; why: string }[] }[];
}

/** Build the repository in `dir` (a new, empty folder); its four labeled changes. Plain Node: benchmarks use it too. */
export function buildFlaskRepo(dir: string): FlaskChange[] {
  const commits = buildStoredRepo(join(DATA, 'changes.json.br'), dir);
  const truth = parse(readFileSync(join(DATA, 'ground-truth.yaml'), 'utf8')) as GroundTruthFile;
  return truth.changes.map((c) => {
    const base = commits.get(c.base);
    const head = commits.get(c.head);
    if (!base || !head) throw new Error(`ground-truth.yaml: ${c.id} names commits the data does not hold`);
    return { pr: c.pr, id: c.id, task: c.task, base, head, upstream: { base: c.base, head: c.head }, groundTruth: c.ground_truth.map((g) => g.symbol) };
  });
}
