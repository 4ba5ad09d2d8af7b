import { resolve } from 'node:path';
import { clickTarget, CONFIDENCES, displayPath, Fixture, labelAs, loadFixtureFile, normalizeSymbol, RepoSymbols, symbolWarning, unlabelAs } from '../../core';
import { CliIO, moduleFor, oneOf, parse, repoEntryFor, required, UsageError } from '../args';
import { raterFor } from '../rater';
import { editFixture } from './edits';

/**
 * `label add|remove FIXTURE SYMBOL [--rater NAME]`: label as a rater. The labeler's labels are
 * the draft ground truth (the first rater to label is recorded as `labeler:`); during a review
 * the verifier's go to labels[verifier]. The same core call as the editor's clicks.
 */
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
  if (action === 'remove' && (values.confidence || values.reason)) throw new UsageError('`label remove` takes no --confidence or --reason');
  const confidence = action === 'add' ? oneOf(values.confidence, CONFIDENCES, '--confidence') : undefined;
  const reason = action === 'add' ? required(values.reason, '--reason') : undefined;
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  const symbol = normalizeSymbol(raw, { module: await moduleFor(path, read.fixture.repo) });
  if (!symbol) throw new UsageError(`\`${raw}\` is not a symbol name`);
  const rater = await raterFor(values.rater, path);
  const target = clickTarget(read.fixture, rater);
  const list = 'rater' in target && target.rater ? `labels.${target.rater}` : 'ground_truth';
  const shown = displayPath(path, io.cwd);
  if (confidence && reason !== undefined) {
    await editFixture(path, io, (text) => labelAs(text, rater, { symbol, confidence, reason }));
    io.stdout.write(`${shown}: ${list} + ${symbol} (${confidence})${read.fixture.labeler ? '' : `; labeler: ${rater}`}\n`);
    const warning = await labelWarning(path, read.fixture, symbol);
    if (warning) io.stderr.write(`fixture-lab: warning: ${shown}: ${warning}\n`);
  } else {
    await editFixture(path, io, (text) => unlabelAs(text, rater, symbol));
    io.stdout.write(`${shown}: ${list} - ${symbol}\n`);
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
