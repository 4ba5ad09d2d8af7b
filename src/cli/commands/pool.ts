import { resolve } from 'node:path';
import { addPooled, DEFAULT_POOL_DEPTH, displayPath, edited, Edited, mergePooled, poolRun, readFixture, readRunInfo, then } from '../../core';
import { CliIO, parse, UsageError } from '../args';
import { editFixture } from './edits';

/**
 * `pool RUN_DIR [--depth K] [--write]`: every system's top K symbols no rater judged, per
 * fixture; --write adds them to the fixture's `pooled:` list (never to candidates, so kappa
 * never changes), merging with what an earlier pool wrote.
 */
export async function pool(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { depth: { type: 'string' }, write: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('give one run folder (results/run-...)');
  const depth = values.depth === undefined ? DEFAULT_POOL_DEPTH : Number(values.depth);
  if (!Number.isInteger(depth) || depth < 1) throw new UsageError(`--depth must be a whole number of at least 1, not \`${values.depth}\``);
  const dir = resolve(io.cwd, positionals[0]);
  const info = await readRunInfo(dir, io.cwd);
  const pools = await poolRun(dir, info, depth, io.cwd, (message) => io.stderr.write(`fixture-lab: ${message}\n`));
  let total = 0;
  for (const p of pools) {
    const shown = displayPath(p.path, io.cwd);
    total += p.pooled.length;
    io.stdout.write(`${p.task} (${shown}): ${p.pooled.length} to judge in the top ${depth}\n`);
    for (const s of p.pooled) io.stdout.write(`  ${s.symbol} (from ${s.from.join(', ')})\n`);
    if (values.write && p.pooled.length > 0) {
      await editFixture(p.path, io, (text) => {
        const existing = readFixture(text, shown).fixture.pooled ?? [];
        const merged = mergePooled(existing, p.pooled, { module: p.module });
        return merged.reduce<Edited>((result, entry) => then(result, (t) => addPooled(t, entry)), edited(text));
      });
    }
  }
  const counted = `${total} symbol${total === 1 ? '' : 's'} to judge over ${pools.length} fixture${pools.length === 1 ? '' : 's'}`;
  io.stdout.write(`${counted}${values.write ? '; written to each fixture\'s pooled:' : ' (--write adds them to each fixture\'s pooled:)'}\n`);
  return 0;
}
