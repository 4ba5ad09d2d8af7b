import { resolve } from 'node:path';
import { displayPath, finishReview, fmt, loadFixtureFile, readFixture, reviewWarnings, startReview } from '../../core';
import { CliIO, moduleFor, parse, required, UsageError } from '../args';
import { settle, SETTLE_OPTIONS } from './dispute';
import { editFixture } from './edits';

/**
 * `review start FIXTURE --verifier NAME | review finish FIXTURE | review settle FIXTURE SYMBOL ...`:
 * the verifier's pass (§7.4) through the same core calls as the editor's Start Review, Finish
 * Review and Settle Disagreements.
 */
export async function review(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { verifier: { type: 'string' }, ...SETTLE_OPTIONS });
  const [action, ...rest] = positionals;
  const settleFlags = Object.keys(SETTLE_OPTIONS).filter((k) => values[k as keyof typeof SETTLE_OPTIONS] !== undefined);
  if (action === 'settle') {
    if (values.verifier !== undefined) throw new UsageError('`review settle` takes no --verifier');
    return settle(values, rest, io);
  }
  if (action !== 'start' && action !== 'finish') throw new UsageError('say `review start`, `review finish` or `review settle`');
  if (settleFlags.length > 0) throw new UsageError(`\`review ${action}\` takes no --${settleFlags[0]}`);
  if (rest.length > 1) throw new UsageError(`unexpected \`${rest[1]}\``);
  const path = resolve(io.cwd, required(rest[0], 'FIXTURE'));
  const shown = displayPath(path, io.cwd);
  if (action === 'start') {
    const verifier = required(values.verifier?.trim(), '--verifier');
    const { read } = await loadFixtureFile(path, undefined, io.cwd);
    await editFixture(path, io, (text) => startReview(text, verifier));
    for (const w of reviewWarnings(read.fixture)) io.stderr.write(`fixture-lab: ${shown}: warning: ${w}\n`);
    io.stdout.write(`${shown}: review started; ${read.fixture.labeler}'s list is frozen in labels.${read.fixture.labeler}; ${verifier} labels blind: fixture-lab label add ${shown} SYMBOL --rater ${verifier} ...\n`);
    return 0;
  }
  if (values.verifier !== undefined) throw new UsageError('`review finish` takes no --verifier');
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  const module = await moduleFor(path, read.fixture.repo);
  let result: ReturnType<typeof finishReview> | undefined;
  await editFixture(path, io, (text) => (result = finishReview(text, { module })).text);
  const a = result!.agreement;
  const truth = readFixture(result!.text, shown).fixture.ground_truth.length;
  const head = a.kappa === null ? `kappa n/a (${a.reason}), observed agreement ${fmt(a.observed)}` : `kappa ${fmt(a.kappa)} ${a.band}, kappa_confidence ${fmt(a.kappa_confidence)}`;
  io.stdout.write(`${shown}: review finished: ${head}; ${a.items} items, ${a.disagreements.length} disagreement${a.disagreements.length === 1 ? '' : 's'}; ground_truth: ${truth} symbol${truth === 1 ? '' : 's'}\n`);
  for (const d of a.disagreements) io.stdout.write(`  ${d.symbol}: ${a.labeler} ${d.labeler ?? '-'}, ${a.verifier} ${d.verifier ?? '-'}\n`);
  if (a.disagreements.length > 0) io.stdout.write(`settle each: fixture-lab review settle ${shown} SYMBOL --resolution included|excluded --rationale TEXT\n`);
  return 0;
}
