// `fixture-lab merge OUT RUN_DIR...` (docs/scaling.md): shard folders of one run joined into
// one run folder, analyzed as the unsharded run would be. Every shard must have run with the
// same settings, each pair must be answered exactly once, and none may be missing; otherwise
// nothing is written. OUT is made in a temp folder beside it and renamed when complete.
import { existsSync, promises as fs } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { repositoryPath } from '../corpus/repos';
import { Repository } from '../git/repository';
import { FixtureLabError } from '../problems';
import { planRun, readRunInputs } from './plan';
import { RawResult, rawDir, readRawDir, readRunInfo, RunInfo, writeJson, writeRaw } from './results';
import { analyzeRunFolder, type RunSummary } from './run';
import { Shard, shardName, shardOf } from './shard';
import { listAt } from '../lists';

export interface MergeOptions {
  cwd?: string;
  /** The corpus the shards ran on; default: the first shard's `corpus_path`. */
  corpusDir?: string;
}

/** What shards of one run must agree on, with the flag that sets each. */
const AGREED: { key: keyof RunInfo; flag: string }[] = [
  { key: 'seed', flag: '--seed' },
  { key: 'corpus', flag: 'the corpus folder' },
  { key: 'corpus_commit', flag: 'the corpus commit' },
  { key: 'systems', flag: '--systems' },
  { key: 'budgets', flag: '--budget' },
  { key: 'match', flag: '--match' },
  { key: 'effect_size', flag: '--effect-size' },
  { key: 'ks', flag: 'the K values' },
  { key: 'tasks', flag: '--tasks' },
  { key: 'skipped_tasks', flag: 'the fixtures left out' },
  { key: 'scale_failure_lines', flag: '--scale-lines' },
];

export async function mergeRuns(outDir: string, runDirs: string[], options: MergeOptions = {}): Promise<RunSummary> {
  const cwd = options.cwd ?? process.cwd();
  const out = resolve(cwd, outDir);
  const shown = (dir: string) => relative(cwd, dir) || '.';
  if (runDirs.length === 0) throw new FixtureLabError('give merge the shard folders to join');
  if (existsSync(out)) throw new FixtureLabError('already exists: give merge a new folder to write', shown(out));
  const dirs = runDirs.map((d) => resolve(cwd, d));
  const infos = await Promise.all(dirs.map((d) => readRunInfo(d, cwd)));
  const shards: Shard[] = infos.map((i) => i.shard ?? { index: 1, count: 1 });
  const [first] = infos;
  const comparable = (info: RunInfo, key: keyof RunInfo) => JSON.stringify(
    key === 'systems' ? info.systems.map((s) => ({ name: s.name, type: s.type })) : info[key]);
  for (let i = 1; i < infos.length; i++) {
    if (shards[i].count !== shards[0].count) throw new FixtureLabError(
      `is shard ${shardName(shards[i])}, but ${shown(dirs[0])} is ${shardName(shards[0])}: merge the shards of one --shard I/N split`, shown(dirs[i]));
    const differs = AGREED.find(({ key }) => comparable(infos[i], key) !== comparable(first, key));
    if (differs) throw new FixtureLabError(
      `ran with another ${differs.key} than ${shown(dirs[0])} (${comparable(infos[i], differs.key)?.slice(0, 80)} vs `
        + `${comparable(first, differs.key)?.slice(0, 80)}): run every shard with the same ${differs.flag}`, shown(dirs[i]));
  }
  if (!first.finished_at || infos.some((i) => !i.finished_at)) {
    const i = infos.findIndex((x) => !x.finished_at);
    throw new FixtureLabError(`did not finish: resume it with \`fixture-lab run --shard ${shardName(shards[i])} --out ${shown(dirs[i])}\``, shown(dirs[i]));
  }

  // Every answer once, at every budget; the folder that gave it is kept for the messages.
  const primary = first.budgets[0];
  const answers = new Map<string, { raw: RawResult; budget: number; dir: number }>();
  const problems: string[] = [];
  for (const [d, dir] of dirs.entries()) {
    for (const budget of first.budgets) {
      for (const raw of await readRawDir(rawDir(dir, budget, primary), (m) => problems.push(m), cwd)) {
        const key = JSON.stringify([budget, raw.system, raw.task]);
        const seen = answers.get(key);
        if (seen) throw new FixtureLabError(
          `answers ${raw.system} on ${raw.task} (budget ${budget}) as ${shown(dirs[seen.dir])} does: give each shard's folder once`, shown(dir));
        answers.set(key, { raw, budget, dir: d });
      }
    }
  }
  const count = shards[0].count;
  const missing = new Map<number, string[]>();
  for (const budget of first.budgets) for (const s of first.systems) for (const task of first.tasks) {
    if (answers.has(JSON.stringify([budget, s.name, task]))) continue;
    const owner = shardOf(s.name, task, count);
    listAt(missing, owner).push(`${s.name} on ${task}${budget === primary ? '' : ` at ${budget}`}`);
  }
  if (missing.size > 0) {
    const total = [...missing.values()].reduce((n, m) => n + m.length, 0);
    const parts = [...missing].sort(([a], [b]) => a - b).map(([index, pairs]) => {
      const name = `${index}/${count}`;
      const d = shards.findIndex((s) => s.index === index);
      const some = `${pairs.slice(0, 3).join(', ')}${pairs.length > 3 ? ', ...' : ''}`;
      return d < 0
        ? `shard ${name} was not given (${pairs.length}: ${some}): run \`fixture-lab run --shard ${name}\` and add its folder`
        : `shard ${name} (${shown(dirs[d])}) is incomplete (${pairs.length}: ${some}): `
          + `resume it with \`fixture-lab run --shard ${name} --out ${shown(dirs[d])}\``;
    });
    throw new FixtureLabError(`${total} answer${total === 1 ? '' : 's'} missing; ${parts.join('; ')}${problems.length ? ` (${problems[0]})` : ''}`, shown(out));
  }

  // The merged run.json: the shards' settings, their earliest start and latest end, no shard.
  const { shard: _shard, ...settings } = first;
  void _shard;
  const info: RunInfo = {
    ...settings,
    started_at: infos.map((i) => i.started_at).sort()[0],
    systems: first.systems.map((s) => {
      const version = infos.map((i) => i.systems.find((x) => x.name === s.name)?.version).find((v) => v !== undefined);
      return { name: s.name, type: s.type, ...(version ? { version } : {}) };
    }),
    finished_at: infos.map((i) => i.finished_at!).sort().at(-1)!,
  };

  // The fixtures the shards scored, read again from the corpus, which must still hold them all.
  const corpusDir = resolve(cwd, options.corpusDir ?? first.corpus_path ?? first.corpus);
  const plan = planRun(await readRunInputs({ corpusDir, cwd, outDir: out }), { skipInvalid: true });
  const scored = plan.scored.filter((t) => info.tasks.includes(t.id));
  const gone = info.tasks.filter((t) => !scored.some((x) => x.id === t));
  if (gone.length > 0) throw new FixtureLabError(
    `no longer has ${gone.length} task${gone.length === 1 ? '' : 's'} the shards ran (${gone.slice(0, 3).join(', ')}): give --corpus the corpus at `
      + `commit ${info.corpus_commit ?? 'the shards ran on'}`, shown(corpusDir));

  const temp = join(dirname(out), `.${basename(out)}.merging-${process.pid}`);
  const repos = new Map<string, Repository>();
  try {
    await fs.rm(temp, { recursive: true, force: true });
    await fs.mkdir(temp, { recursive: true });
    for (const { raw, budget } of answers.values()) await writeRaw(rawDir(temp, budget, primary), raw, temp);
    await writeJson(join(temp, 'run.json'), info);
    // The repositories give the failure analysis its hop evidence, as they did in the shards.
    for (const entry of new Set(scored.map((t) => t.repo))) {
      if (repos.has(entry.name)) continue;
      try {
        repos.set(entry.name, await Repository.open(repositoryPath(corpusDir, entry)));
      } catch {
        // Without it, the analysis has no hop evidence, as in a run without the repository.
      }
    }
    const warnings: string[] = [];
    const analysis = await analyzeRunFolder(temp, info, { scored, configured: plan.configured, cwd, warnings: plan.warnings }, repos, (m) => warnings.push(m));
    if (warnings.length > 0) throw new FixtureLabError(`could not be analyzed: ${warnings[0]}`, shown(out));
    await fs.rename(temp, out);
    return { dir: out, info, cancelled: false, ...analysis };
  } catch (e) {
    await fs.rm(temp, { recursive: true, force: true });
    throw e;
  } finally {
    for (const r of repos.values()) r.close();
  }
}
