import { resolve } from 'node:path';
import { displayPath, loadFixtureFile, normalizeSymbol, RESOLUTIONS, settleDispute } from '../../core';
import { CliIO, moduleFor, oneOf, parse, required, UsageError } from '../args';
import { editFixture } from './edits';

export async function dispute(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, { resolution: { type: 'string' }, rationale: { type: 'string' } });
  const [action, fixtureArg, symbolArg, ...extra] = positionals;
  if (action !== 'add') throw new UsageError('say `dispute add`');
  if (extra.length > 0) throw new UsageError(`unexpected \`${extra[0]}\` (quote a rationale that has spaces)`);
  const path = resolve(io.cwd, required(fixtureArg, 'FIXTURE'));
  const raw = required(symbolArg, 'SYMBOL');
  const resolution = oneOf(values.resolution, RESOLUTIONS, '--resolution');
  const rationale = required(values.rationale, '--rationale');
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  const module = await moduleFor(path, read.fixture.repo);
  const symbol = normalizeSymbol(raw, { module });
  await editFixture(path, io, (text) => settleDispute(text, { symbol, resolution, rationale }, module));
  io.stdout.write(`${displayPath(path, io.cwd)}: dispute ${symbol} ${resolution}; ground_truth updated\n`);
  return 0;
}
