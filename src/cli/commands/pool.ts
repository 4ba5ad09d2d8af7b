import { resolve } from 'node:path';
import {
  DEFAULT_POOL_DEPTH, displayPath, FixtureLabError, poolRun, poolText, readRulings, readRunInfo, readUtf8File, RulingRow, settleRulings, textOf,
} from '../../core';
import { CliIO, parse, UsageError } from '../args';
import { tally } from './dispute';
import { editFixture } from './edits';

/**
 * `pool RUN_DIR [--depth K] [--write]`: every system's top K symbols no rater judged, per
 * fixture; --write adds them to the fixture's `pooled:` list (never to candidates, so kappa
 * never changes), merging with what an earlier pool wrote.
 */
export async function pool(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { depth: { type: 'string' }, write: { type: 'boolean' }, judge: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('give one run folder (results/run-...)');
  const depth = values.depth === undefined ? DEFAULT_POOL_DEPTH : Number(values.depth);
  if (!Number.isInteger(depth) || depth < 1) throw new UsageError(`--depth must be a whole number of at least 1, not \`${values.depth}\``);
  const dir = resolve(io.cwd, positionals[0]);
  const info = await readRunInfo(dir, io.cwd);
  const pools = await poolRun(dir, info, depth, io.cwd, (message) => io.stderr.write(`fixture-lab: ${message}\n`));
  if (values.judge !== undefined) {
    if (values.write) throw new UsageError('--judge rules on what a pool wrote: run `pool RUN_DIR --write` first, then `--judge FILE`');
    return judge(pools, resolve(io.cwd, values.judge), positionals[0], io);
  }
  let total = 0;
  for (const p of pools) {
    const shown = displayPath(p.path, io.cwd);
    total += p.pooled.length;
    io.stdout.write(`${p.task} (${shown}): ${p.pooled.length} to judge in the top ${depth}\n`);
    for (const s of p.pooled) io.stdout.write(`  ${s.symbol} (from ${s.from.join(', ')})\n`);
    if (values.write && p.pooled.length > 0) {
      await editFixture(p.path, io, (text) => poolText(text, p.answers, depth, { module: p.module }));
    }
  }
  const counted = `${total} symbol${total === 1 ? '' : 's'} to judge over ${pools.length} fixture${pools.length === 1 ? '' : 's'}`;
  io.stdout.write(`${counted}${values.write ? '; written to each fixture\'s pooled:' : ' (--write adds them to each fixture\'s pooled:)'}\n`);
  if (values.write && total > 0) {
    io.stdout.write(`judge them: fixture-lab pool ${positionals[0]} --judge RULINGS.csv (task,symbol,resolution,confidence,rationale)\n`);
  }
  return 0;
}

/**
 * `--judge FILE`: rulings on the run's fixtures (a `task` column names each), as `review settle
 * --from` makes them. Every fixture's edit is checked before any is written, so a bad row anywhere
 * writes nothing; each fixture then takes its rows in one locked edit.
 */
async function judge(pools: Awaited<ReturnType<typeof poolRun>>, file: string, runArg: string, io: CliIO): Promise<number> {
  const shownFile = displayPath(file, io.cwd);
  const rows = readRulings(await readUtf8File(file, 'rulings file', shownFile), shownFile, 'required');
  const byTask = new Map<string, RulingRow[]>();
  for (const row of rows) {
    const p = pools.find((x) => x.task === row.task);
    if (!p) {
      throw new FixtureLabError(`${row.where}: task \`${row.task}\` is no fixture this run answered (${pools.map((x) => x.task).join(', ') || 'none'}); `
        + 'nothing was written', shownFile);
    }
    byTask.set(p.task, [...(byTask.get(p.task) ?? []), row]);
  }
  const targets = pools.filter((p) => byTask.has(p.task));
  // Checked first, all of them: a refusal names the fixture and the row, and nothing is written.
  for (const p of targets) {
    textOf(settleRulings(await readUtf8File(p.path, 'fixture', p.file), byTask.get(p.task)!, { module: p.module }), `${shownFile}: ${p.task} (${p.file})`);
  }
  for (const p of targets) {
    await editFixture(p.path, io, (text) => settleRulings(text, byTask.get(p.task)!, { module: p.module }));
    io.stdout.write(`${p.task} (${displayPath(p.path, io.cwd)}): ${tally(byTask.get(p.task)!)}\n`);
  }
  io.stdout.write(`${tally(rows)} over ${targets.length} fixture${targets.length === 1 ? '' : 's'}; re-score the run with them: `
    + `fixture-lab run --out ${runArg} --rescore\n`);
  return 0;
}
