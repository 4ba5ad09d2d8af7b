// The corpus view: a whole run, scored against the fixtures as they stand now.
import { join } from 'node:path';
import { Corpus, fixtureIdOf } from '../corpus/load';
import type { Fixture } from '../fixtures/model';
import { ScoredResult, scoreResult } from '../harness/analysis';
import { RAW, readRawDir } from '../harness/results';
import { mapPausing } from '../harness/pause';
import { answersToFixturesNow } from '../harness/staleAnswers';
import { summarize } from '../scoring/metrics';
import type { ChartView, CorpusResults, TableMetric } from './model';
import { TABLE_METRICS } from './model';
import type { RunFolder } from './runs';
import { scoreChecks } from './checks';
import { corpusAgreement } from '../corpus/labelingReport';

/**
 * Every primary-budget answer of a run whose fixture is still in the corpus, scored; unreadable raw
 * files are reported through `warn` and left out, and so are answers to a fixture as it was before
 * an edit of its revision or task (through `leftOut`, else `warn`).
 */
export async function scoreRun(run: RunFolder, corpus: Corpus, warn?: (message: string) => void, cwd?: string,
  leftOut: ((message: string) => void) | undefined = warn): Promise<ScoredResult[]> {
  const fixtures = new Map<string, { fixture: Fixture; module?: string; pinned?: string }>();
  for (const f of corpus.fixtures) {
    const fx = f.read.fixture;
    const repo = corpus.repos.find((r) => r.name === fx.repo);
    fixtures.set(fixtureIdOf(f), { fixture: fx, module: repo?.module, pinned: repo?.commit });
  }
  const systems = new Set(run.info.systems.map((s) => s.name));
  const raws = answersToFixturesNow((await readRawDir(join(run.dir, RAW), warn, cwd)).filter(
    (r) => systems.has(r.system) && fixtures.has(r.task) && fixtures.get(r.task)!.fixture.ground_truth.length > 0), fixtures, leftOut);
  return mapPausing(raws, (raw) => {
    const { fixture, module } = fixtures.get(raw.task)!;
    return scoreResult(raw, fixture, run.info, module);
  });
}

/**
 * The corpus view of a run. With `corpus`: each system's Judged@K, the score checks over the run's
 * tasks, and the raters' agreement over the corpus (as `rater` may see it).
 */
export function corpusResults(run: RunFolder, scored: readonly ScoredResult[], charts: ChartView[] = [], corpus?: Corpus, rater?: string,
  damaged: readonly string[] = [], staleAnswers: readonly string[] = []): CorpusResults {
  const overall = summarize(scored.map((s) => ({ system: s.raw.system, task: s.raw.task, score: s.score }))).overall;
  const checked = corpus ? runChecks(run, scored, corpus, overall.map((g) => g.system)) : undefined;
  const agreement = corpus ? corpusAgreement(corpus, { rater }) : undefined;
  return {
    run: run.name,
    tasks: new Set(scored.map((s) => s.raw.task)).size,
    systems: overall.map((g) => g.system),
    rows: overall.map((g) => ({
      system: g.system,
      n: g.n,
      metrics: Object.fromEntries(TABLE_METRICS.map((m) => [m, g.mean[m] ?? null])) as Record<TableMetric, number | null>,
      tokenEfficiency: g.mean.token_efficiency ?? null,
      ...(checked ? { judged: checked.judged.get(g.system)?.judged ?? null } : {}),
    })),
    charts,
    ...(checked ? { checks: { ...checked.checks, ...(damaged.length > 0 ? { damaged: [...damaged] } : {}),
      ...(staleAnswers.length > 0 ? { staleAnswers: [...staleAnswers] } : {}) } } : {}),
    ...(agreement ? { agreement } : {}),
  };
}

/** The checks over the scored answers, against the fixtures of the tasks they answer. */
function runChecks(run: RunFolder, scored: readonly ScoredResult[], corpus: Corpus, order: readonly string[]) {
  const tasks = new Set(scored.map((s) => s.raw.task));
  const fixtures = new Map<string, Fixture>();
  const modules = new Map<string, string | undefined>();
  for (const f of corpus.fixtures) {
    const id = fixtureIdOf(f);
    if (!tasks.has(id)) continue;
    fixtures.set(id, f.read.fixture);
    modules.set(id, corpus.repos.find((r) => r.name === f.read.fixture.repo)?.module);
  }
  return scoreChecks(scored.map((s) => s.raw), fixtures, modules, run.info.match, order);
}
