import { relative } from 'node:path';
import { EFFECT_SIZES, executeRun, fmt, healthWarnings, installingLine, MATCH_RULES, MatchRule, parseShard, prepareRun, RunEvent, RunStore, summarize,
  systemHealth } from '../../core';
import { CliIO, corpusDir, oneOf, parse, UsageError } from '../args';
import { onStopSignal, signalExitCode } from '../signals';
import { plural } from '../../shared/figures';

/**
 * `run [CORPUS_DIR] [--systems a,b] [--tasks GLOB] [--budget N[,N...]] [--match RULE]
 * [--effect-size d_z|d_av] [--out DIR] [--skip-invalid] [--keep-failures] [--keep-checkouts] [--scale-lines N] [--shard I/N]`:
 * validates the corpus (errors stop it
 * unless --skip-invalid), runs the systems on the labeled tasks with a progress bar and an ETA
 * on a terminal, and prints the summary table. Budgets default to 5000 (primary), 2000, 10000.
 * Ctrl-C (SIGINT, and SIGTERM or SIGHUP alike) kills the systems' process trees and keeps what
 * finished; running again with the same --out resumes, answering failed tasks again unless
 * --keep-failures. --shard I/N answers only shard I's (system, task) pairs (docs/scaling.md).
 * Each system indexes and answers in a checkout of its own, made for this run and removed after
 * it unless --keep-checkouts.
 */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    systems: { type: 'string' },
    tasks: { type: 'string' },
    budget: { type: 'string' },
    match: { type: 'string' },
    'effect-size': { type: 'string' },
    out: { type: 'string' },
    rescore: { type: 'boolean' },
    seed: { type: 'string' },
    'skip-invalid': { type: 'boolean' },
    'keep-failures': { type: 'boolean' },
    'keep-checkouts': { type: 'boolean' },
    'scale-lines': { type: 'string' },
    shard: { type: 'string' },
  });
  if (positionals.length > 1) throw new UsageError(`one corpus folder at most, not ${positionals.join(' ')}`);
  // Without --budget: 5000, 2000, 10000 (docs/scoring.md#scoring), or a resumed run's own.
  const budgets = values.budget?.split(',').map((b) => Number(b.trim()));
  if (budgets?.some((b) => !Number.isInteger(b) || b <= 0)) throw new UsageError(
    '--budget must be token counts, e.g. 5000 or 5000,2000,10000 (the first is primary)');
  const scaleLines = values['scale-lines'] === undefined ? undefined : Number(values['scale-lines']);
  if (scaleLines !== undefined && !(Number.isInteger(scaleLines) && scaleLines > 0)) throw new UsageError(
    '--scale-lines must be a number of lines, e.g. 1000000 (a timeout in a larger repository is a scale failure)');
  const match: MatchRule | undefined = values.match ? oneOf(values.match, MATCH_RULES, '--match') : undefined;
  const effectSize = values['effect-size'] === undefined ? undefined : oneOf(values['effect-size'], EFFECT_SIZES, '--effect-size');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be a whole number');
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.shard !== undefined && !shard) throw new UsageError(
    `--shard must be I/N with I from 1 to N, e.g. --shard 2/3 (not ${values.shard})`);
  const systems = values.systems?.split(',').map((s) => s.trim()).filter(Boolean);
  // `--systems ,` (or a variable that came out empty) names no system: never read as "all of them".
  if (systems?.length === 0) throw new UsageError(
    '--systems names no system: give names from systems.yaml, e.g. --systems grep,bm25, or leave it out to run all');
  const controller = new AbortController();
  let stoppedBy: NodeJS.Signals = 'SIGINT';
  const removeStop = onStopSignal((signal) => {
    stoppedBy = signal;
    controller.abort();
  });
  const progress = new Progress(io);
  try {
    const options = {
      corpusDir: corpusDir(positionals[0], io.cwd),
      cwd: io.cwd,
      systems,
      tasks: values.tasks,
      budgets,
      match,
      effectSize,
      outDir: values.out,
      seed,
      skipInvalid: values['skip-invalid'],
      keepFailures: values['keep-failures'],
      keepCheckouts: values['keep-checkouts'],
      scaleFailureLines: scaleLines,
      ...(shard ? { shard } : {}),
      ...(values.rescore ? { rescore: true } : {}),
    };
    const store = new RunStore();
    const aboutScores: string[] = [];
    store.subscribe((e) => {
      progress.update(e);
      if (e.kind === 'warning' && e.scores) aboutScores.push(e.message);
    });
    for await (const event of executeRun(prepareRun(options), { signal: controller.signal })) store.apply(event);
    if (store.error) throw store.error;
    const result = store.current!;
    progress.end();
    const rows = store.scored().map((s) => ({ system: s.raw.system, task: s.raw.task, tier: s.raw.tier, repo: s.raw.repo, score: s.score }));
    const { overall } = summarize(rows);
    const columns = ['P@5', 'P@10', 'P@20', 'R@10', 'NDCG@10', 'MRR', 'token_efficiency'];
    const width = Math.max(6, ...overall.map((g) => g.system.length));
    const heading = (c: string) => (c === 'token_efficiency' ? 'TokenEff' : c).padStart(8);
    io.stdout.write(`scores at ${result.info.budgets[0]} tokens, ${result.info.match} matching\n`);
    io.stdout.write(`${'system'.padEnd(width)}  ${'n'.padStart(3)}  ${columns.map(heading).join(' ')}\n`);
    for (const g of overall) {
      const means = columns.map((c) => fmt(g.mean[c], c === 'token_efficiency' ? 5 : 3).padStart(8));
      io.stdout.write(`${g.system.padEnd(width)}  ${String(g.n).padStart(3)}  ${means.join(' ')}\n`);
    }
    // An empty table is no score of zero: say why there is none.
    if (overall.length === 0) io.stdout.write('no answer was scored (the lines above say why)\n');
    for (const s of result.info.skipped_tasks) io.stderr.write(`fixture-lab: skipped ${s.task}: ${s.reason}\n`);
    // Answers that are not all retrieval (empty, unmapped, warned about, over budget) are said here, not only in FINDINGS.md.
    for (const line of healthWarnings(systemHealth(store.scored().map((s) => s.raw)))) io.stderr.write(`fixture-lab: warning: ${line}\n`);
    // Told as the run started, and again under the scores they concern.
    for (const message of aboutScores) io.stderr.write(`fixture-lab: ${message}\n`);
    const where = relative(io.cwd, result.dir) || '.';
    const cancelled = result.status === 'cancelled';
    io.stdout.write(cancelled ? `stopped; what finished is in ${where} (run again with --out ${where} to resume)\n` : `results: ${where}\n`);
    return cancelled ? signalExitCode(stoppedBy) : 0;
  } finally {
    removeStop();
  }
}

/** A progress bar with an ETA on a terminal; one line per answer otherwise (logs, CI). */
class Progress {
  private started = Date.now();
  private doneAtStart = 0;
  private drawn = false;

  constructor(private readonly io: CliIO) {}

  update(e: RunEvent): void {
    const redraw = this.io.stderr.isTTY ? this.io.stderr.redraw : undefined;
    if (e.kind === 'started') {
      this.doneAtStart = e.done;
      this.started = Date.now();
      this.io.stderr.write(`running ${e.systems.join(', ')}: ${plural(e.total, 'answer')}${e.done ? `, ${e.done} already done` : ''}\n`);
      return;
    }
    if (e.kind === 'warning') this.line(`fixture-lab: ${e.message}`);
    if (e.kind === 'install') this.line(`${installingLine(e.system, e.package, e.dir)}…`);
    if (e.kind === 'index' && e.error) this.line(`${e.system}: index of ${e.repo} failed: ${e.error}`);
    if (e.kind !== 'answer') return;
    const { system, task, status, error } = e.raw;
    if (status !== 'ok') this.line(`${system} ${task}: ${status}${error ? `: ${error}` : ''}`);
    const fresh = e.done - this.doneAtStart;
    const elapsed = (Date.now() - this.started) / 1000;
    const eta = fresh > 0 ? ((e.total - e.done) * elapsed) / fresh : 0;
    if (redraw) {
      const width = 24;
      const filled = Math.round((e.done / Math.max(1, e.total)) * width);
      const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
      redraw(`[${bar}] ${e.done}/${e.total} ETA ${duration(eta)}  ${`${system} ${task}`.slice(0, 40).padEnd(40)}`);
      this.drawn = true;
    } else if (status === 'ok') {
      this.io.stderr.write(`${e.done}/${e.total} ${system} ${task} ok\n`);
    }
  }

  end(): void {
    if (this.drawn) this.io.stderr.write('\n');
    this.drawn = false;
  }

  private line(text: string): void {
    this.end();
    this.io.stderr.write(`${text}\n`);
  }
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m}m${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
