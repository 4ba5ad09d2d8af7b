// SWE-bench instances as fixtures (`fixture-lab import-swe-bench`, docs/imports.md). Each
// instance's gold patch is committed at its base_commit (git/patchCommit.ts: a scratch index, a
// fixed author, the base's date, kept under refs/fixture-lab/swe-bench/<instance_id>), and the
// fixture is the change base..that commit as `fixture-lab new` writes one: the problem statement
// as task, the change's default candidates, no ground truth yet. The file is read whole and
// checked before anything is made: a bad line stops the import with nothing written. An instance
// whose patch does not apply is refused with its reason; the others are still imported.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CandidateOptions } from '../changes/candidates';
import { commitPatch } from '../git/patchCommit';
import type { Repository } from '../git/repository';
import { isSafePathComponent, SAFE_NAME_RULE } from '../io/pathComponent';
import { displayPath, FixtureLabError } from '../problems';
import { lineText } from '../untrusted/lineText';
import { fixtureFromChange, Tier } from './fromChange';

/** The fields every instance must have; SWE-bench's others (hints_text, version, FAIL_TO_PASS, ...) are read past. */
export const SWE_BENCH_FIELDS = ['repo', 'instance_id', 'base_commit', 'patch', 'test_patch', 'problem_statement'] as const;

export type SweBenchInstance = Record<(typeof SWE_BENCH_FIELDS)[number], string> & { line: number };

/** Where an imported instance's commit is kept. */
export const sweBenchRef = (instanceId: string): string => `refs/fixture-lab/swe-bench/${instanceId}`;

/** Every instance of a SWE-bench JSONL file, or the first bad line as a FixtureLabError naming `shown:LINE`. */
export function parseSweBenchJsonl(text: string, shown: string): SweBenchInstance[] {
  const instances: SweBenchInstance[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const fields = `${SWE_BENCH_FIELDS.slice(0, -1).join(', ')} and ${SWE_BENCH_FIELDS.at(-1)}`;
  lines.forEach((raw, i) => {
    const line = i + 1;
    const where = `${shown}:${line}`;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new FixtureLabError(`is not JSON (${(e as Error).message.slice(0, 80)}): each line must be one SWE-bench instance as a JSON object`, where);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new FixtureLabError('is not a JSON object: each line must be one SWE-bench instance ({"instance_id": ..., ...})', where);
    }
    const record = value as Record<string, unknown>;
    for (const field of SWE_BENCH_FIELDS) {
      if (record[field] === undefined) throw new FixtureLabError(`the instance has no \`${field}\`: every SWE-bench instance needs ${fields}`, where);
      if (typeof record[field] !== 'string') throw new FixtureLabError(`\`${field}\` must be a string, as SWE-bench writes it`, where);
    }
    const instance = { ...(Object.fromEntries(SWE_BENCH_FIELDS.map((f) => [f, record[f]])) as Record<(typeof SWE_BENCH_FIELDS)[number], string>), line };
    const id = instance.instance_id;
    if (!isSafePathComponent(id)) {
      // Quoted on the error's one line: a line break in it would print a line of the file's choosing.
      throw new FixtureLabError(`instance_id \`${lineText(id.slice(0, 80))}\` cannot name a fixture: use ${SAFE_NAME_RULE}`, where);
    }
    if (instance.problem_statement.trim() === '') throw new FixtureLabError(`\`problem_statement\` of ${id} is empty: the task needs its text`, where);
    const first = seen.get(id);
    if (first !== undefined) throw new FixtureLabError(`instance_id \`${id}\` is on line ${first} too: give each instance once`, where);
    seen.set(id, line);
    instances.push(instance);
  });
  if (instances.length === 0) throw new FixtureLabError('holds no instance: give a SWE-bench JSONL file, one instance per line', shown);
  return instances;
}

export interface SweBenchImport {
  corpusDir: string;
  /** The repos.yaml entry whose clone holds the instances' commits. */
  repoName: string;
  repo: Repository;
  repoUrl?: string;
  /** The folder the fixtures go to, `<instance_id>.yaml` each. */
  outDir: string;
  tier: Tier;
  /** Replace fixtures already there (--force); otherwise such an instance is refused. */
  replace?: boolean;
  candidates?: CandidateOptions;
  cwd?: string;
}

export type SweBenchOutcome =
  | { instance: SweBenchInstance; ok: true; path: string; head: string; candidates: number }
  | { instance: SweBenchInstance; ok: false; reason: string };

/** `owner/name` of a GitHub URL, lower-cased; undefined for any other URL. */
function githubName(url: string | undefined): string | undefined {
  return url ? /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(\.git)?\/?$/.exec(url)?.[1].toLowerCase() : undefined;
}

/** Imports each instance in file order, telling each outcome as it comes; never stops at a refused one. */
export async function importSweBench(o: SweBenchImport, instances: SweBenchInstance[], told?: (outcome: SweBenchOutcome) => void): Promise<SweBenchOutcome[]> {
  const outcomes: SweBenchOutcome[] = [];
  for (const instance of instances) {
    const outcome = await importOne(o, instance);
    outcomes.push(outcome);
    told?.(outcome);
  }
  return outcomes;
}

async function importOne(o: SweBenchImport, instance: SweBenchInstance): Promise<SweBenchOutcome> {
  const refuse = (reason: string): SweBenchOutcome => ({ instance, ok: false, reason });
  const id = instance.instance_id;
  const ours = githubName(o.repoUrl);
  if (ours && ours !== instance.repo.toLowerCase()) {
    return refuse(`is an instance of ${instance.repo}, but \`${o.repoName}\` is ${o.repoUrl}: import it with the --repo whose clone holds ${instance.repo}`);
  }
  const path = join(o.outDir, `${id}.yaml`);
  if (!o.replace && existsSync(path)) return refuse(`${displayPath(path, o.cwd)} already exists: pass --force to replace it`);
  try {
    const base = await o.repo.resolve(instance.base_commit);
    const made = await commitPatch(o.repo.root, { base, patch: instance.patch, message: `${id}: the SWE-bench patch\n`, ref: sweBenchRef(id) });
    if (!made.ok) return refuse(made.reason);
    const fixture = await fixtureFromChange({
      corpusDir: o.corpusDir, repoName: o.repoName, repo: o.repo, change: { base, head: made.head }, task: instance.problem_statement,
      tier: o.tier, id, out: path, source: 'swe-bench', sourceRef: id, replace: o.replace ?? false,
      ...(o.repoUrl ? { repoUrl: o.repoUrl } : {}), ...(o.cwd ? { cwd: o.cwd } : {}), ...(o.candidates ? { candidates: o.candidates } : {}),
    });
    return { instance, ok: true, path: fixture.path, head: made.head, candidates: fixture.found.symbols.length };
  } catch (e) {
    if (e instanceof FixtureLabError) return refuse(e.message);
    throw e;
  }
}
