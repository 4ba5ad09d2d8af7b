// A run on disk (docs/scoring.md#a-run-on-disk): results/run-<timestamp>/ with raw/<system>/<task>.json per answer (the
// other budgets of a sweep under raw/budget-<N>/), aggregated/*.csv,
// analysis/{significance-tests.json,failure-analysis.md,triage.json}, FINDINGS.md and run.json.
// Raw files are written one by one, atomically, as answers come in: they are the run's memory,
// so an interrupted run resumes by skipping what is there. Runs written before the per-system
// folders (raw/<system>-<task>.json, where two pairs could share a name) are still read.
import { existsSync, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { readText, writeTextAtomic } from '../io/files';
import { assertInside, isSafePathComponent, SAFE_NAME_RULE } from '../io/pathComponent';
import { displayPath, FixtureLabError } from '../problems';
import { MATCH_RULES, MatchRule } from '../scoring/rules';
import type { RawResult } from '../scoring/answers';
import type { EffectSize } from '../scoring/significance';
import { parseShard, type Shard } from './shard';
import { RUN_STATUSES, type RunStatus } from '../../shared/vocabulary';
import { fmt, jsonFigure } from '../../shared/figures';
import { BUDGET_FOLDER_PREFIX } from '../corpus/systemSpec';

export { RUN_STATUSES, type RunStatus };
// A system's answer as the run records it: its type sits with its scoring, below the charts.
export type { RawResult };

export interface RunInfo {
  /** The corpus folder as given (relative to where the run started), and its absolute path. */
  corpus: string;
  corpus_path?: string;
  /** The corpus's git commit when it is in a git repository. */
  corpus_commit?: string;
  started_at: string;
  finished_at?: string;
  /** When `run --rescore` last scored the recorded answers again (the answers' times stay started_at..finished_at). */
  rescored_at?: string;
  match: MatchRule;
  /** The Cohen's d the significance rule compares with 0.3; d_z when absent. */
  effect_size?: EffectSize;
  budgets: number[];
  ks: number[];
  seed: number;
  /** Each system as it ran: its version (systems.yaml's `version:`, or what its `version:` argv printed) and its argv, programs resolved. */
  systems: { name: string; type: string; version?: string; argv?: { index?: string[]; query?: string[]; server?: string[] } }[];
  /** The Fixture Lab that ran it. */
  fixture_lab_version?: string;
  tasks: string[];
  /** Fixtures left out, and why (no ground truth yet, errors left out with --skip-invalid). */
  skipped_tasks: { task: string; reason: string }[];
  /** A timeout counts as a scale failure only in a repository of more lines than this (docs/scoring.md#a-run-on-disk: 1M). */
  scale_failure_lines?: number;
  /** The slice of (system, task) pairs this folder answers (`run --shard I/N`); absent: all of them. */
  shard?: Shard;
}

/** How the reason a fixture with errors was left out (`run --skip-invalid`) begins, in skipped_tasks. */
export const INVALID_REASON = 'invalid: ';

export const RAW = 'raw';
/** The folder of a sweep's other budget under raw/; so no system may be named `budget-...`. */
export { BUDGET_FOLDER_PREFIX } from '../corpus/systemSpec';

/** Where one answer is kept in a budget's raw folder: a folder per system, a file per task. */
export function rawPath(rawFolder: string, system: string, task: string): string {
  return join(rawFolder, system, `${task}.json`);
}

/** Where the layout before per-system folders kept it (`g` + `x-1` and `g-x` + `1` shared one name). */
export function legacyRawPath(rawFolder: string, system: string, task: string): string {
  return join(rawFolder, `${system}-${task}.json`);
}

export function rawDir(runDir: string, budget: number, primaryBudget: number): string {
  return budget === primaryBudget ? join(runDir, RAW) : join(runDir, RAW, `${BUDGET_FOLDER_PREFIX}${budget}`);
}

/**
 * Writes one answer to raw/<system>/<task>.json under `rawFolder`. Both names must be safe path
 * components, and the file must stay inside `root` (the run folder) with every symlink
 * followed: nothing is ever written anywhere else. Returns the path written.
 */
export async function writeRaw(rawFolder: string, raw: RawResult, root = rawFolder): Promise<string> {
  for (const [what, name] of [['system', raw.system], ['task id', raw.task]] as const) {
    if (!isSafePathComponent(name)) throw new FixtureLabError(
      `${what} \`${name}\` cannot name a result file (${SAFE_NAME_RULE}); nothing was written`, displayPath(rawFolder));
  }
  const path = rawPath(rawFolder, raw.system, raw.task);
  const shown = displayPath(path);
  await fs.mkdir(root, { recursive: true });
  await assertInside(root, path, shown);
  await fs.mkdir(dirname(path), { recursive: true });
  await assertInside(root, path, shown);
  await writeTextAtomic(path, JSON.stringify(raw, null, 2) + '\n');
  return path;
}

/**
 * The recorded answer of `system` to `task` in one budget's raw folder, in either layout (the
 * per-system folder first); undefined when there is none. A file of the old layout that holds
 * another pair's answer (the collision that layout allowed) is not this one's. A damaged file
 * throws a FixtureLabError naming it.
 */
export async function readAnswer(rawFolder: string, system: string, task: string, cwd = process.cwd()): Promise<{ raw: RawResult; path: string } | undefined> {
  if (!isSafePathComponent(system) || !isSafePathComponent(task)) return undefined;
  for (const path of [rawPath(rawFolder, system, task), legacyRawPath(rawFolder, system, task)]) {
    if (!existsSync(path)) continue;
    const raw = await readRawFile(path, cwd);
    if (raw.system === system && raw.task === task) return { raw, path };
  }
  return undefined;
}

/**
 * Every raw result in one budget's raw folder, in both layouts (not its budget-N subfolders),
 * ordered by system and task. A file that does not read as an answer (cut short, edited by
 * hand, written by something else, or not the answer its path names) is left out and reported
 * through `report` as one line naming it: one bad file never makes a whole run unreadable.
 * An answer in both layouts counts once, from its per-system folder.
 */
export async function readRawDir(dir: string, report: (message: string) => void = () => undefined, cwd = process.cwd()): Promise<RawResult[]> {
  if (!existsSync(dir)) return [];
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files: { path: string; expected: (r: RawResult) => boolean }[] = [];
  for (const e of entries) {
    if (e.isFile() && e.name.endsWith('.json')) files.push({ path: join(dir, e.name), expected: (r) => `${r.system}-${r.task}.json` === e.name });
  }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith(BUDGET_FOLDER_PREFIX)) continue;
    for (const name of (await fs.readdir(join(dir, e.name))).filter((n) => n.endsWith('.json'))) {
      files.push({ path: join(dir, e.name, name), expected: (r) => r.system === e.name && `${r.task}.json` === name });
    }
  }
  const read = await Promise.all(files.map(({ path, expected }) => readRawFile(path, cwd).then((r) => {
    if (!expected(r)) throw new FixtureLabError(`holds ${r.system}'s answer to ${r.task}, not the one its path names`, displayPath(path, cwd));
    return r;
  }).catch((e: unknown) => {
    if (e instanceof FixtureLabError) return e;
    throw e;
  })));
  // Reported in path order, once all are read, so the report reads the same every time.
  const byPath = read.map((r, i) => ({ r, path: files[i].path })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { r } of byPath) if (r instanceof FixtureLabError) report(
    `${r.message}; skipped (resuming the run with \`fixture-lab run --out\` answers that task again)`);
  // The per-system folders were listed last: their answer replaces an old-layout one of the same pair.
  const answers = new Map<string, RawResult>();
  for (const r of read) if (!(r instanceof FixtureLabError)) answers.set(JSON.stringify([r.system, r.task]), r);
  return [...answers.values()].sort((a, b) => compare(a.system, b.system) || compare(a.task, b.task));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a command that reads every answer of a run (export-trec, charts) does with a damaged one. */
export interface DamagedAnswers {
  /** Leave damaged answers out (each reported through `warn`) rather than refuse the run. */
  skip?: boolean;
  warn?: (message: string) => void;
  /** Told how many were left out. */
  left?: (count: number) => void;
}

/**
 * The answers of a run's raw folder for a command whose output averages over them: a damaged one
 * would leave its task out of the average unseen, so it refuses the run in one line naming the
 * file, unless `skip`, which leaves each out and says how many.
 */
export async function readRunAnswers(dir: string, cwd: string, runShown: string, damaged: DamagedAnswers = {}): Promise<RawResult[]> {
  const found: string[] = [];
  const raws = await readRawDir(dir, (message) => found.push(message), cwd);
  if (found.length > 0 && !damaged.skip) {
    const first = found[0].replace(/; skipped \(resuming .*$/, '');
    const more = found.length > 1 ? ` (and ${found.length - 1} more damaged answer${found.length > 2 ? 's' : ''})` : '';
    throw new FixtureLabError(`${first}${more}: resuming the run (\`fixture-lab run --out ${runShown}\`) answers it again; `
      + '--skip-damaged leaves the damaged answers out');
  }
  for (const message of found) damaged.warn?.(message);
  if (found.length > 0) damaged.left?.(found.length);
  return raws;
}

/** One raw answer, checked field by field; anything else is a FixtureLabError naming the file. */
export async function readRawFile(path: string, cwd = process.cwd()): Promise<RawResult> {
  const shown = displayPath(path, cwd);
  const read = checkedJson<RawResult>((await readText(path, 'answer', shown)).text, RAW_SHAPE);
  if ('problem' in read) throw new FixtureLabError(`is not a recorded answer (${read.problem})`, shown);
  // Its names become paths (export-trec's <system>.run, a resume's raw/<system>/<task>.json).
  for (const key of ['system', 'task'] as const) {
    if (!isSafePathComponent(read.value[key])) throw new FixtureLabError(`is not a recorded answer (\`${key}\` must be ${SAFE_NAME_RULE})`, shown);
  }
  return read.value;
}

/** A run folder's run.json, checked; a missing or damaged one is a FixtureLabError naming it. */
export async function readRunInfo(runDir: string, cwd = process.cwd()): Promise<RunInfo> {
  const path = join(runDir, 'run.json');
  const shown = displayPath(path, cwd);
  if (!existsSync(path)) throw new FixtureLabError('is not a run folder (no run.json): give a folder `fixture-lab run` wrote', displayPath(runDir, cwd));
  const read = checkedJson<RunInfo>((await readText(path, 'run.json', shown)).text, RUN_SHAPE);
  if ('problem' in read) throw new FixtureLabError(`is not a run's run.json (${read.problem}): restore it, or start a new run with another --out`, shown);
  return read.value;
}

/** `text` as JSON of `shape`, or what is wrong with it in words. */
function checkedJson<T>(text: string, shape: Shape): { value: T } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `not valid JSON: ${oneLine((e as Error).message)}` };
  }
  const problem = shapeProblem(value, shape);
  return problem ? { problem } : { value: value as T };
}

// Shapes as small predicates with the words for what they expect: files on disk are checked
// against what the code relies on before anything trusts them (zod is a devDependency only).
type Check = [test: (v: unknown) => boolean, expected: string];
type Shape = Record<string, Check>;

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = ([test, expected]: Check): Check => [(v) => v === undefined || test(v), expected];
const listOf = (test: (v: unknown) => boolean): ((v: unknown) => boolean) => (v) => Array.isArray(v) && v.every(test);
const oneOf = (values: readonly string[]): Check => [(v) => values.includes(v as string), `one of ${values.join(', ')}`];
const fits = (shape: Shape) => (v: unknown) => shapeProblem(v, shape) === undefined;

const STRING: Check = [isString, 'a string'];
const NUMBER: Check = [isNumber, 'a number'];
const NUMBERS: Check = [listOf(isNumber), 'a list of numbers'];
const NAMES: Check = [listOf(isString), 'a list of names'];

const RAW_SHAPE: Shape = {
  system: STRING,
  task: STRING,
  repo: STRING,
  tier: optional(STRING),
  rev: STRING,
  budget: NUMBER,
  task_text: optional(STRING),
  status: oneOf(RUN_STATUSES),
  error: optional(STRING),
  output: STRING,
  symbols: NAMES,
  scores: optional(NUMBERS),
  tokens: NUMBER,
  reported_tokens: optional(NUMBER),
  timings: [fits({ index_ms: optional(NUMBER), cold_ms: optional(NUMBER), warm_ms: optional(NUMBERS), warm_median_ms: optional(NUMBER) }),
    'a mapping of times in ms'],
  stderr: optional(STRING),
  over_budget: optional([(v) => typeof v === 'boolean', 'true or false']),
  warning: optional(STRING),
  names_checked: optional(NUMBER),
  names_resolved: optional(NUMBER),
  names_unparsed: optional(NAMES),
  names_missing: optional(NAMES),
  names_files: optional(NUMBER),
  health: optional(oneOf(['empty', 'unmapped'])),
  source: oneOf(['run', 'replay']),
  finished_at: STRING,
};

const RUN_SHAPE: Shape = {
  corpus: STRING,
  corpus_path: optional(STRING),
  corpus_commit: optional(STRING),
  started_at: STRING,
  finished_at: optional(STRING),
  rescored_at: optional(STRING),
  match: oneOf(MATCH_RULES),
  budgets: [(v) => listOf(isNumber)(v) && (v as number[]).length > 0, 'a list of token budgets'],
  ks: NUMBERS,
  seed: NUMBER,
  systems: [listOf(fits({ name: STRING, type: STRING, version: optional(STRING),
    argv: optional([fits({ index: optional(NAMES), query: optional(NAMES), server: optional(NAMES) }), 'the argv of each phase']) })),
  'a list of {name, type}'],
  fixture_lab_version: optional(STRING),
  tasks: NAMES,
  skipped_tasks: [listOf(fits({ task: STRING, reason: STRING })), 'a list of {task, reason}'],
  scale_failure_lines: optional(NUMBER),
  shard: optional([(v) => fits({ index: NUMBER, count: NUMBER })(v) && parseShard(`${(v as Shard).index}/${(v as Shard).count}`) !== undefined,
    'a shard {index, count}, index from 1 to count']),
};

/** A message that may quote the file, as one short line of plain characters. */
function oneLine(text: string): string {
  return text.replace(/[\s\p{Cc}\p{Cf}]+/gu, ' ').trim().slice(0, 120);
}

/** The first field of `value` that is not as `shape` says, in words; undefined when it fits. */
function shapeProblem(value: unknown, shape: Shape): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  for (const [key, [test, expected]] of Object.entries(shape)) {
    if (!test(value[key])) return value[key] === undefined ? `no \`${key}\`` : `\`${key}\` must be ${expected}`;
  }
  return undefined;
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  // JSON has no Infinity (JSON.stringify writes null, which reads as "no value"): an unbounded
  // figure, an effect size over a zero spread, is written in words as every table prints it.
  await writeTextAtomic(path, JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? jsonFigure(v) : v), 2) + '\n');
}

/** RFC 4180 CSV: fields with a comma, quote or newline are quoted. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : fmt(v, 4)) : v;
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** `run-20261123-101500`: sortable, and safe in every file system. */
export function runFolderName(date = new Date()): string {
  return `run-${date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`;
}
