// A run on disk (§8.4): results/run-<timestamp>/ with raw/<system>-<task>.json per answer,
// aggregated/*.csv, analysis/{significance-tests.json,failure-analysis.md,triage.json},
// FINDINGS.md and run.json. Raw files are written one by one, atomically, as answers come in:
// they are the run's memory, so an interrupted run resumes by skipping what is there.
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { writeTextAtomic } from '../io/files';
import type { MatchRule } from '../scoring/match';
import type { EffectSize } from '../scoring/significance';

export type RunStatus = 'ok' | 'failed' | 'timeout' | 'cancelled';

export interface RawResult {
  system: string;
  task: string;
  repo: string;
  tier?: string;
  /** The revision the task ran at. */
  rev: string;
  budget: number;
  status: RunStatus;
  error?: string;
  /** The system's whole output: what tokens are counted on. */
  output: string;
  /** Ranked symbols as the system named them. */
  symbols: string[];
  tokens: number;
  reported_tokens?: number;
  timings: { index_ms?: number; cold_ms?: number; warm_ms?: number[]; warm_median_ms?: number };
  stderr?: string;
  /** Where the answer came from: this run, or a recording replayed. */
  source: 'run' | 'replay';
  finished_at: string;
}

export interface RunInfo {
  /** The corpus folder as given (relative to where the run started), and its absolute path. */
  corpus: string;
  corpus_path?: string;
  /** The corpus's git commit when it is in a git repository. */
  corpus_commit?: string;
  started_at: string;
  finished_at?: string;
  match: MatchRule;
  /** The Cohen's d the significance rule compares with 0.3; d_z when absent. */
  effect_size?: EffectSize;
  budgets: number[];
  ks: number[];
  seed: number;
  systems: { name: string; type: string; version?: string }[];
  tasks: string[];
  /** Fixtures left out, and why (no ground truth, filtered). */
  skipped_tasks: { task: string; reason: string }[];
}

export const RAW = 'raw';

/** One file per system and task; other budgets of a sweep go in raw/budget-N/. */
export function rawFileName(system: string, task: string): string {
  return `${system}-${task}.json`;
}

export function rawDir(runDir: string, budget: number, primaryBudget: number): string {
  return budget === primaryBudget ? join(runDir, RAW) : join(runDir, RAW, `budget-${budget}`);
}

export async function writeRaw(dir: string, raw: RawResult): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await writeTextAtomic(join(dir, rawFileName(raw.system, raw.task)), JSON.stringify(raw, null, 2) + '\n');
}

export function hasRaw(dir: string, system: string, task: string): boolean {
  return existsSync(join(dir, rawFileName(system, task)));
}

/** Every raw result in one folder (not its budget-N subfolders). */
export async function readRawDir(dir: string): Promise<RawResult[]> {
  if (!existsSync(dir)) return [];
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(join(dir, n), 'utf8')) as RawResult));
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await writeTextAtomic(path, JSON.stringify(value, null, 2) + '\n');
}

/** RFC 4180 CSV: fields with a comma, quote or newline are quoted. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : v;
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** `run-20261123-101500`: sortable, and safe in every file system. */
export function runFolderName(date = new Date()): string {
  return `run-${date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`;
}
