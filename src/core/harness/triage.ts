// A person's triage of a run's misses (docs/scoring.md#a-run-on-disk): the suggested category confirmed or changed, per
// system, task and symbol. It is saved with the run, in analysis/triage.json, never in a fixture,
// and failure-analysis.md is written again from the run's misses with the choices counted over
// the suggestions, so the report and the panel never disagree.
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { FixtureLabError } from '../problems';
import { writeTextAtomic } from '../io/files';
import { FAILURE_CATEGORIES, FailureCategory, Miss } from './failures';
import { readRunInfo, RunInfo, writeJson } from './results';

export interface TriageChoice {
  category?: FailureCategory;
  confirmed?: boolean;
}

/** Keyed `system|task|symbol`. */
export type Triage = Record<string, TriageChoice>;

export const triageKey = (m: Pick<Miss, 'system' | 'task' | 'symbol'>) => `${m.system}|${m.task}|${m.symbol}`;

const triageFile = (runDir: string) => join(runDir, 'analysis', 'triage.json');
const missesFile = (runDir: string) => join(runDir, 'analysis', 'misses.json');
export const FAILURE_REPORT = join('analysis', 'failure-analysis.md');

/** The misses with a person's choices over the suggestions (the suggestion itself is kept). */
export function applyTriage(misses: readonly Miss[], triage: Triage): Miss[] {
  return misses.map(({ category: _c, confirmed: _k, ...m }) => {
    const person = triage[triageKey(m)];
    return { ...m, ...(person?.category ? { category: person.category } : {}), ...(person?.confirmed ? { confirmed: true } : {}) };
  });
}

export async function readTriage(runDir: string): Promise<Triage> {
  const path = triageFile(runDir);
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(await fs.readFile(path, 'utf8')) as Triage;
  } catch (e) {
    throw new FixtureLabError(`is not valid JSON (${(e as Error).message}): fix or delete it`, path);
  }
}

/** A run's misses as analyzed, with the current triage applied; empty when the run has no analysis yet. */
export async function readMisses(runDir: string): Promise<Miss[]> {
  const path = missesFile(runDir);
  if (!existsSync(path)) return [];
  let misses: unknown;
  try {
    misses = JSON.parse(await fs.readFile(path, 'utf8'));
  } catch (e) {
    throw new FixtureLabError(`is not valid JSON (${(e as Error).message}): resume the run (\`fixture-lab run --out\`) to write it again`, path);
  }
  if (!Array.isArray(misses)) throw new FixtureLabError('is not a list of misses: resume the run (`fixture-lab run --out`) to write it again', path);
  return applyTriage(misses as Miss[], await readTriage(runDir));
}

/**
 * Records a person's choice for one miss and rewrites the run's triage.json, misses.json and
 * failure-analysis.md. `render` is the report writer (analysis.ts's failureReport), passed in so
 * this module does not import the whole analysis. Returns the misses as they now stand.
 */
export async function setTriage(
  runDir: string,
  miss: Pick<Miss, 'system' | 'task' | 'symbol'>,
  choice: TriageChoice,
  render: (misses: Miss[], info: RunInfo) => string,
): Promise<Miss[]> {
  if (choice.category && !FAILURE_CATEGORIES.includes(choice.category)) {
    throw new FixtureLabError(`unknown failure category \`${choice.category}\`: use one of ${FAILURE_CATEGORIES.join(', ')}`);
  }
  const current = await readMisses(runDir);
  if (!current.some((m) => triageKey(m) === triageKey(miss))) {
    throw new FixtureLabError(`has no miss of \`${miss.symbol}\` by ${miss.system} on ${miss.task}`, missesFile(runDir));
  }
  const triage = await readTriage(runDir);
  const key = triageKey(miss);
  const merged = { ...triage[key], ...choice };
  triage[key] = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined && v !== false));
  const info = await readRunInfo(runDir);
  const misses = applyTriage(current, triage);
  await writeJson(triageFile(runDir), triage);
  await writeJson(missesFile(runDir), misses);
  await writeTextAtomic(join(runDir, FAILURE_REPORT), render(misses, info));
  return misses;
}
