import { resolve } from 'node:path';
import { AtBase, changedSymbols, clickTarget, CONFIDENCES, displayPath, Fixture, FixtureLabError, labelAs, loadFixtureFile, normalizeSymbol, Repository, repositoryPath, RepoSymbols, symbolWarning, unlabelAs } from '../../core';
import { CliIO, moduleFor, oneOf, parse, repoEntryFor, required, UsageError } from '../args';
import { raterFor } from '../rater';
import { editFixture } from './edits';

/**
 * `label add|remove FIXTURE SYMBOL [--rater NAME]`: label as a rater. The labeler's labels are
 * the draft ground truth (the first rater to label is recorded as `labeler:`); during a review
 * the verifier's go to labels[verifier]. The same core calls as the editor's clicks: the name
 * as the change calls it at base (a renamed file's old name), refused for what the change adds.
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
  const given = normalizeSymbol(raw, { module: await moduleFor(path, read.fixture.repo) });
  if (!given) throw new UsageError(`\`${raw}\` is not a symbol name`);
  const rater = await raterFor(values.rater, path);
  const target = clickTarget(read.fixture, rater);
  const list = 'rater' in target && target.rater ? `labels.${target.rater}` : 'ground_truth';
  const shown = displayPath(path, io.cwd);
  const named = await nameAtBase(path, read.fixture, given);
  // A label on what the change adds is refused; one already written can still be removed.
  if ('refused' in named && action === 'add') throw new FixtureLabError(`${named.refused}; nothing was written`, shown);
  const symbol = 'refused' in named ? given : named.symbol;
  if (symbol !== given) io.stderr.write(`fixture-lab: ${shown}: \`${given}\` is \`${symbol}\` at diff.base (the change renames its file): using the base name\n`);
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

/**
 * A diff fixture's name as its change calls it at base (the editor's BaseNames): a head-side name
 * in a renamed file becomes the base name; one the change adds is refused. Unchanged when the
 * repository or the change cannot be read: the label-time check then says what is wrong.
 */
async function nameAtBase(path: string, fixture: Fixture, symbol: string): Promise<AtBase> {
  const found = fixture.diff && (await repoEntryFor(path, fixture.repo));
  if (!fixture.diff || !found) return { symbol };
  let repo: Repository | undefined;
  try {
    repo = await Repository.open(repositoryPath(found.corpusDir, found.entry));
    return (await changedSymbols(repo, fixture.diff.base, fixture.diff.head)).names.nameAtBase(symbol);
  } catch {
    return { symbol };
  } finally {
    repo?.close();
  }
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
