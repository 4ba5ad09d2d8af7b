import { resolve } from 'node:path';
import { addLabel, CONFIDENCES, displayPath, Fixture, loadFixtureFile, normalizeSymbol, removeLabel, RepoSymbols, symbolWarning } from '../../core';
import { CliIO, moduleFor, oneOf, parse, repoEntryFor, required, UsageError } from '../args';
import { editFixture } from './edits';

export async function label(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    confidence: { type: 'string' },
    reason: { type: 'string' },
    rater: { type: 'string' },
  });
  const [action, fixtureArg, symbolArg, ...extra] = positionals;
  if (action !== 'add' && action !== 'remove') throw new UsageError('say `label add` or `label remove`');
  if (extra.length > 0) throw new UsageError(`unexpected \`${extra[0]}\` (quote a symbol or reason that has spaces)`);
  const path = resolve(io.cwd, required(fixtureArg, 'FIXTURE'));
  const raw = required(symbolArg, 'SYMBOL');
  const target = { rater: values.rater };
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  const symbol = normalizeSymbol(raw, { module: await moduleFor(path, read.fixture.repo) });
  if (!symbol) throw new UsageError(`\`${raw}\` is not a symbol name`);
  const list = target.rater ? `labels.${target.rater}` : 'ground_truth';
  if (action === 'add') {
    const confidence = oneOf(values.confidence, CONFIDENCES, '--confidence');
    const reason = required(values.reason, '--reason');
    await editFixture(path, io, (text) => addLabel(text, { symbol, confidence, reason }, target));
    io.stdout.write(`${displayPath(path, io.cwd)}: ${list} + ${symbol} (${confidence})\n`);
    const warning = await labelWarning(path, read.fixture, symbol);
    if (warning) io.stderr.write(`fixture-lab: warning: ${displayPath(path, io.cwd)}: ${warning}\n`);
  } else {
    if (values.confidence || values.reason) throw new UsageError('`label remove` takes no --confidence or --reason');
    await editFixture(path, io, (text) => removeLabel(text, symbol, target));
    io.stdout.write(`${displayPath(path, io.cwd)}: ${list} - ${symbol}\n`);
  }
  return 0;
}

/** The symbol checked against the code at the fixture's revision: written either way, warned at once. */
async function labelWarning(path: string, fixture: Fixture, symbol: string): Promise<string | undefined> {
  const found = await repoEntryFor(path, fixture.repo);
  if (!found) return undefined;
  const repo = new RepoSymbols(found.entry, found.corpusDir);
  try {
    return await symbolWarning(repo, fixture, symbol);
  } finally {
    await repo.close();
  }
}
