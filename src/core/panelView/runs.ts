// The runs on disk that the panel reads: results/run-*/ folders holding run.json (results.ts).
// A fixture's rows come from the newest answer of each system, wherever it was recorded, so a
// system not installed here still has its row from the run that had it.
import { existsSync, promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { displayPath, FixtureLabError } from '../problems';
import { RAW, RawResult, readAnswer, readRunInfo, RunInfo } from '../harness/results';
import { configuredSystems, systemNeeds } from '../harness/systems';
import type { SignificanceMatrix } from '../scoring/significance';
import type { SystemChoice } from './model';
import { figureFromJson } from '../../shared/figures';

export interface RunFolder {
  dir: string;
  /** The folder's name, `run-20261123-101500`. */
  name: string;
  info: RunInfo;
}

/** Every run under `resultsDir`, newest first (folder names sort by time). Unreadable ones are skipped. */
export async function listRuns(resultsDir: string): Promise<RunFolder[]> {
  if (!existsSync(resultsDir)) return [];
  const names = (await fs.readdir(resultsDir)).filter((n) => n.startsWith('run-')).sort().reverse();
  const runs: RunFolder[] = [];
  for (const name of names) {
    const dir = join(resultsDir, name);
    try {
      runs.push({ dir, name, info: await readRunInfo(dir) });
    } catch (e) {
      // A folder without a readable run.json is not a run (or one still being created).
      if (!(e instanceof FixtureLabError)) throw e;
    }
  }
  return runs;
}

/** One run folder; a missing or damaged run.json is a FixtureLabError naming it. */
export async function readRun(dir: string, cwd?: string): Promise<RunFolder> {
  return { dir, name: basename(dir), info: await readRunInfo(dir, cwd) };
}

export interface Answer {
  raw: RawResult;
  run: RunFolder;
}

/**
 * The newest primary-budget answer of each system to one task, over all runs (newest first).
 * `first` is searched before the rest: the run the panel just made.
 */
export async function latestAnswers(runs: readonly RunFolder[], task: string, systems: readonly string[], first?: RunFolder): Promise<Map<string, Answer>> {
  const found = new Map<string, Answer>();
  const order = first ? [first, ...runs.filter((r) => r.dir !== first.dir)] : runs;
  for (const run of order) {
    if (!run.info.tasks.includes(task)) continue;
    for (const system of systems) {
      if (found.has(system)) continue;
      // Either layout; a damaged answer is passed over: an older run's answer of that system shows instead.
      const raw = (await readAnswer(join(run.dir, RAW), system, task).catch(() => undefined))?.raw;
      if (raw) found.set(system, { raw, run });
    }
    if (found.size === systems.length) break;
  }
  return found;
}

/** The newest run over more than one task: what the corpus view shows. */
export function latestCorpusRun(runs: readonly RunFolder[]): RunFolder | undefined {
  return runs.find((r) => r.info.tasks.length > 1);
}

/** The configured systems, each with whether it can run here and, when not, why. */
export async function systemChoices(corpusDir: string): Promise<SystemChoice[]> {
  return (await configuredSystems(corpusDir, corpusDir)).map((spec) => {
    const needs = systemNeeds(spec, corpusDir);
    return { name: spec.name, type: spec.type, available: needs.length === 0, ...(needs.length ? { reason: needs.join('; ') } : {}) };
  });
}

/**
 * A run's significance matrices (analysis/significance-tests.json), by metric; empty before
 * analysis, and empty (reported through `warn`) when the file does not read.
 */
export async function readSignificance(runDir: string, warn?: (message: string) => void, cwd?: string): Promise<Record<string, SignificanceMatrix>> {
  const path = join(runDir, 'analysis', 'significance-tests.json');
  if (!existsSync(path)) return {};
  try {
    // Effect sizes over a zero spread are written in words (writeJson): read back as the unbounded numbers they are.
    const effect = new Set(['cohens_d_z', 'cohens_d_av', 'cohensD']);
    const metrics = (JSON.parse(await fs.readFile(path, 'utf8'), (key, v: unknown) => (effect.has(key) ? figureFromJson(v) : v)) as
      { metrics?: unknown } | null)?.metrics;
    if (metrics && typeof metrics === 'object' && !Array.isArray(metrics)) return metrics as Record<string, SignificanceMatrix>;
    warn?.(`${displayPath(path, cwd)}: has no \`metrics\` mapping; skipped (resuming the run with \`fixture-lab run --out\` writes it again)`);
  } catch (e) {
    warn?.(`${displayPath(path, cwd)}: is not valid JSON (${(e as Error).message.split('\n')[0].slice(0, 120)}); skipped (resuming the run `
      + `with \`fixture-lab run --out\` writes it again)`);
  }
  return {};
}
