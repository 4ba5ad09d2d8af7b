// A TREC run file (`qid Q0 docno rank score tag`) as a run folder, so a system evaluated
// elsewhere is scored here like any other (`fixture-lab import-trec`, docs/imports.md): the
// inverse of export-trec. Each qid is a task id, each docno a symbol name; a topic is ranked as
// trec_eval ranks it (score descending, ties by docno descending), so the folder scores what
// trec_eval would. export-trec's marks for items that earn nothing are read back as the names
// they were (`name#dup<rank>` is `name`, a repeat; `empty#<rank>` an empty name). A task of the
// corpus the file does not rank is answered with nothing (it scores 0, trec_eval's -c); a qid
// that is no fixture id stops the import, one of a fixture that cannot be scored is left out. The
// folder is made beside OUT and renamed into place when complete: nothing is half-written.
import { existsSync, promises as fs } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fixtureIdOf } from '../corpus/load';
import { repositoryPath } from '../corpus/repos';
import { Repository } from '../git/repository';
import { readText } from '../io/files';
import { isSafePathComponent, SAFE_NAME_RULE } from '../io/pathComponent';
import { displayPath, FixtureLabError } from '../problems';
import type { MatchRule } from '../scoring/rules';
import { countTokens } from '../scoring/tokens';
import { rankEntries } from '../scoring/trec';
import { parseRun } from '../scoring/trecText';
import { PRIMARY_BUDGET, planRun, readRunInputs } from './plan';
import { BUDGET_FOLDER_PREFIX, RawResult, rawDir, RunInfo, writeJson, writeRaw } from './results';
import { analyzeRunFolder, type RunSummary } from './run';

export interface TrecImport {
  runFile: string;
  /** The name the system's answers go under (raw/<system>/). */
  system: string;
  outDir: string;
  corpusDir: string;
  cwd?: string;
  match?: MatchRule;
  /** The budget the run is filed under (the system's own, when known); default the primary 5000. */
  budget?: number;
  /** A glob over task ids and fixture paths: the tasks the run is scored on (default every labeled fixture). */
  tasks?: string;
}

/** A docno as the name it stands for: export-trec's never-relevant marks undone. */
export function symbolOfDocno(docno: string): string {
  if (/^empty#\d+$/.test(docno)) return '';
  return /^(.+)#dup\d+$/.exec(docno)?.[1] ?? docno;
}

export async function importTrecRun(o: TrecImport): Promise<RunSummary & { unranked: string[]; ignored: { task: string; reason: string }[] }> {
  const cwd = o.cwd ?? process.cwd();
  const out = resolve(cwd, o.outDir);
  const shownOut = relative(cwd, out) || '.';
  const file = resolve(cwd, o.runFile);
  const shownFile = displayPath(file, cwd);
  if (!isSafePathComponent(o.system) || o.system.startsWith(BUDGET_FOLDER_PREFIX)) {
    throw new FixtureLabError(`--system \`${o.system}\` cannot name a system's result folder: use ${SAFE_NAME_RULE}, not beginning with `
      + `\`${BUDGET_FOLDER_PREFIX}\``);
  }
  if (existsSync(out)) throw new FixtureLabError('already exists: give import-trec a new folder to write', shownOut);
  const run = parseRun((await readText(file, 'TREC run file', shownFile)).text, shownFile);

  const inputs = await readRunInputs({ corpusDir: o.corpusDir, cwd, outDir: out });
  const plan = planRun(inputs, { ...(o.match ? { match: o.match } : {}), ...(o.tasks ? { tasks: o.tasks } : {}), budgets: [o.budget ?? PRIMARY_BUDGET] });
  if (plan.refusal) throw plan.refusal;
  const scored = new Set(plan.scored.map((t) => t.id));
  const ids = new Set(inputs.corpus.fixtures.map(fixtureIdOf));
  const ignored: { task: string; reason: string }[] = [];
  for (const [qid, entries] of run.topics) {
    if (scored.has(qid)) continue;
    if (!ids.has(qid)) {
      throw new FixtureLabError(`qid \`${qid}\` is no fixture id of ${plan.corpusShown}: each qid must be the id of the fixture it ranks for `
        + '(--corpus names the corpus)', `${shownFile}:${entries[0]?.line ?? 1}`);
    }
    ignored.push({ task: qid, reason: plan.skipped.find((s) => s.task === qid)?.reason ?? 'not selected by --tasks' });
  }

  const info: RunInfo = {
    corpus: plan.corpusShown,
    corpus_path: plan.corpusDir,
    started_at: new Date().toISOString(),
    match: plan.match,
    effect_size: plan.effectSize,
    budgets: plan.budgets.slice(0, 1),
    ks: plan.ks,
    seed: plan.seed,
    systems: [{ name: o.system, type: 'trec', version: `imported from ${basename(file)}` }],
    tasks: plan.scored.map((t) => t.id),
    skipped_tasks: plan.skipped.map(({ task, reason }) => ({ task, reason })),
    scale_failure_lines: plan.scaleFailureLines,
  };

  const temp = join(dirname(out), `.${basename(out)}.importing-${process.pid}`);
  const repos = new Map<string, Repository>();
  const unranked: string[] = [];
  try {
    await fs.rm(temp, { recursive: true, force: true });
    await fs.mkdir(temp, { recursive: true });
    for (const entry of new Set(plan.scored.map((t) => t.repo))) {
      if (repos.has(entry.name)) continue;
      try {
        repos.set(entry.name, await Repository.open(repositoryPath(plan.corpusDir, entry)));
      } catch {
        // Without it, the analysis has no hop evidence and revisions stay as the fixtures write them.
      }
    }
    const finished = new Date().toISOString();
    for (const task of plan.scored) {
      const entries = run.topics.get(task.id);
      if (!entries) unranked.push(task.id);
      const ranked = rankEntries(entries ?? []);
      const symbols = ranked.map((e) => symbolOfDocno(e.docno));
      // What the system printed, as far as the file tells: its names, one per line (tokens are counted on that).
      const output = symbols.map((s) => `${s}\n`).join('');
      const rev = await repos.get(task.repo.name)?.resolve(task.rev).catch(() => undefined) ?? task.rev;
      const raw: RawResult = {
        system: o.system, task: task.id, repo: task.repo.name, ...(task.fixture.difficulty ? { tier: task.fixture.difficulty } : {}), rev,
        // The file's scores come along, so ties across the cut at K are found as for any system.
        budget: info.budgets[0], status: 'ok', output, symbols, scores: ranked.map((e) => e.score), tokens: countTokens(output), timings: {},
        source: 'replay', finished_at: finished,
      };
      await writeRaw(rawDir(temp, info.budgets[0], info.budgets[0]), raw, temp);
    }
    info.finished_at = finished;
    await writeJson(join(temp, 'run.json'), info);
    const warnings: string[] = [];
    const analysis = await analyzeRunFolder(temp, info, { scored: plan.scored, configured: [], cwd, warnings: plan.warnings }, repos, (m) => warnings.push(m));
    if (warnings.length > 0) throw new FixtureLabError(`could not be analyzed: ${warnings[0]}`, shownOut);
    await fs.rename(temp, out);
    return { dir: out, info, cancelled: false, ...analysis, unranked, ignored };
  } catch (e) {
    await fs.rm(temp, { recursive: true, force: true });
    throw e;
  } finally {
    for (const r of repos.values()) r.close();
  }
}
