// A small run with real scores and no system processes: the demo corpus's labeled fixtures,
// answered by four scripted systems built from each fixture's ground truth, written as raw
// answers and analyzed by the real analyzeRun (scores, significance matrices, charts). For the
// chart tests in Node and in the browser.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeRun, countTokens, Fixture, loadCorpus, RawResult, RunInfo, ScoredResult, SignificanceMatrix, writeRaw } from '../../src/core';
import { writtenSha } from '../../src/core/harness/staleAnswers';
import { tempDir } from './tempDir';

const ROOT = resolve(__dirname, '../../..');

/** Each system's ranked answer to a task, from its ground truth (plain names, as a tool prints them). */
export const SCRIPTED_SYSTEMS: Record<string, (truth: string[], task: string) => { symbols: string[]; status?: RawResult['status'] }> = {
  // Everything, in the fixture's order.
  oracle: (truth) => ({ symbols: truth }),
  // A wrong name before each right one, the truth backwards.
  interleaved: (truth) => ({ symbols: [...truth].reverse().flatMap((t, i) => [`noise.Wrong${i}`, t]) }),
  // Twelve wrong names first: nothing in the top 10.
  late: (truth) => ({ symbols: [...Array.from({ length: 12 }, (_, i) => `noise.Late${i}`), ...truth] }),
  // Fails every medium task; elsewhere the first two names only.
  flaky: (truth, task) => (task.includes('medium') ? { symbols: [], status: 'failed' } : { symbols: truth.slice(0, 2) }),
};

export interface ScriptedRun {
  runDir: string;
  /** The labeled tasks, sorted. */
  tasks: string[];
  scored: ScoredResult[];
  /** As analyzeRun wrote them to analysis/significance-tests.json. */
  significance: Record<string, SignificanceMatrix>;
}

/** `overrides` change the run's settings (the matching rule, the effect size). */
export async function scriptedRun(overrides: Partial<RunInfo> = {}): Promise<ScriptedRun> {
  const corpusDir = join(ROOT, 'corpus');
  const corpus = await loadCorpus(corpusDir, ROOT);
  const modules = new Map(corpus.repos.map((r) => [r.name, r.module]));
  const pinned = new Map(corpus.repos.map((r) => [r.name, r.commit]));
  const fixtures = new Map<string, Fixture>();
  for (const f of corpus.fixtures) if (f.read.fixture.id && f.read.fixture.ground_truth.length > 0) fixtures.set(f.read.fixture.id, f.read.fixture);
  const tasks = [...fixtures.keys()].sort();
  const raws: RawResult[] = [];
  for (const [system, answer] of Object.entries(SCRIPTED_SYSTEMS)) {
    for (const task of tasks) {
      const fixture = fixtures.get(task)!;
      const { symbols, status = 'ok' } = answer(fixture.ground_truth.map((g) => g.symbol), task);
      const output = symbols.join('\n');
      // The revision the fixture runs at, as a run records it (a SHA): every check of an answer's revision sees a real one.
      const rev = writtenSha(fixture, pinned.get(fixture.repo!));
      if (!rev) throw new Error(`${task}: the demo fixture's revision is not written as a SHA`);
      raws.push({ system, task, repo: fixture.repo!, rev, task_text: fixture.task ?? '', budget: 5000, status, output, symbols, tokens: countTokens(output), timings: {}, source: 'run', finished_at: '2025-01-01T00:00:00Z' });
    }
  }
  const info: RunInfo = {
    corpus: 'corpus',
    corpus_path: corpusDir,
    started_at: '2025-01-01T00:00:00Z',
    match: 'bounded',
    budgets: [5000],
    ks: [5, 10, 20],
    seed: 7,
    systems: Object.keys(SCRIPTED_SYSTEMS).map((name) => ({ name, type: 'command' })),
    tasks,
    skipped_tasks: [],
    ...overrides,
  };
  const runDir = tempDir();
  writeFileSync(join(runDir, 'run.json'), JSON.stringify(info));
  for (const raw of raws) await writeRaw(join(runDir, 'raw'), raw);
  const { scored } = await analyzeRun(runDir, info, raws, fixtures, {
    modules: new Map(tasks.map((t) => [t, modules.get(fixtures.get(t)!.repo ?? '')])),
    systemLanguages: new Map(),
    repos: new Map(),
  });
  const significance = JSON.parse(readFileSync(join(runDir, 'analysis/significance-tests.json'), 'utf8')).metrics;
  return { runDir, tasks, scored, significance };
}
