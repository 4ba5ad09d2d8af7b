import { resolve } from 'node:path';
import { AtBase } from '../../core/changes/baseNames';
import { changedSymbols } from '../../core/changes/changedSymbols';
import { loadFixtureFile } from '../../core/corpus/load';
import { repositoryPath } from '../../core/corpus/repos';
import { canonicalName, judgeSymbols, RepoSymbols, revisionOf, symbolWarning } from '../../core/corpus/resolveSymbols';
import { Fixture } from '../../core/fixtures/model';
import { Repository } from '../../core/git/repository';
import { labelAs, unlabelAs } from '../../core/labeling/protocol';
import { clickTarget } from '../../core/labeling/state';
import { displayPath, FixtureLabError } from '../../core/problems';
import { BodyIndex, type Provenance, provenanceOf } from '../../core/symbols/bodyIndex';
import { CANONICAL, normalizeSymbol, symbolKey } from '../../core/symbols/normalize';
import { CONFIDENCES } from '../../shared/vocabulary';
import { CliIO, oneOf, parse, required, UsageError } from '../args';
import { moduleFor, repoEntryFor } from '../fixtureArgs';
import { raterFor } from '../rater';
import { editFixture, refuseUnreadable } from './edits';

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
  refuseUnreadable(read);
  if (!normalizeSymbol(raw, { module: await moduleFor(path, read.fixture.repo) })) throw new UsageError(`\`${raw}\` is not a symbol name`);
  const rater = await raterFor(values.rater, path);
  const target = clickTarget(read.fixture, rater);
  const list = 'rater' in target && target.rater ? `labels.${target.rater}` : 'ground_truth';
  const shown = displayPath(path, io.cwd);
  const code = await codeOf(path, read.fixture);
  try {
    const given = await nameOf(code, read.fixture, raw);
    const named = await nameAtBase(code, read.fixture, given);
    // A label on what the change adds is refused; one already written can still be removed.
    if ('refused' in named && action === 'add') throw new FixtureLabError(`${named.refused}; nothing was written`, shown);
    const symbol = 'refused' in named ? given : named.symbol;
    if (symbol !== given) {
      io.stderr.write(`fixture-lab: ${shown}: \`${given}\` is \`${symbol}\` at diff.base (the change renames its file): using the base name\n`);
    }
    if (confidence && reason !== undefined) {
      const made = await provenance(code, read.fixture, symbol);
      await editFixture(path, io, (text) => labelAs(text, rater, { symbol, confidence, reason, ...made }));
      io.stdout.write(`${shown}: ${list} + ${symbol} (${confidence})${read.fixture.labeler ? '' : `; labeler: ${rater}`}\n`);
      // The symbol checked against the code at the fixture's revision: written either way, warned at once.
      const warning = code && (await symbolWarning(code.symbols, read.fixture, symbol));
      if (warning) io.stderr.write(`fixture-lab: warning: ${shown}: ${warning}\n`);
    } else {
      await editFixture(path, io, (text) => unlabelAs(text, rater, symbol));
      io.stdout.write(`${shown}: ${list} - ${symbol}\n`);
    }
  } finally {
    await code?.close();
  }
  return 0;
}

/** The fixture's repository as the nearest repos.yaml names it: its symbols at any revision, and the repository itself, opened once when needed. */
interface Code {
  symbols: RepoSymbols;
  repository(): Promise<Repository>;
  close(): Promise<void>;
}

async function codeOf(path: string, fixture: Fixture): Promise<Code | undefined> {
  const found = await repoEntryFor(path, fixture.repo);
  if (!found) return undefined;
  let opened: Promise<Repository> | undefined;
  const repository = () => (opened ??= Repository.open(repositoryPath(found.corpusDir, found.entry)));
  const symbols = new RepoSymbols(found.entry, found.corpusDir, {}, repository);
  return {
    symbols,
    repository,
    async close() {
      await symbols.resolver.save();
      (await opened?.catch(() => undefined))?.close();
    },
  };
}

/** The revision the label is made at and the symbol's body hash there (docs/fixture-format.md#labels-that-follow-the-code); none without the code. */
async function provenance(code: Code | undefined, fixture: Fixture, symbol: string): Promise<Provenance> {
  const rev = code && revisionOf(fixture, code.symbols.entry)?.rev;
  if (!code || !rev) return {};
  try {
    return await provenanceOf(new BodyIndex(await code.repository(), { module: code.symbols.entry.module, ...CANONICAL }), rev, symbol);
  } catch {
    return {}; // no checkout: the label-time check says so
  }
}

/** The typed name as the repository reads it at the fixture's revision (canonicalName); as the normaliser reads it without the code. */
async function nameOf(code: Code | undefined, fixture: Fixture, raw: string): Promise<string> {
  const rev = code && revisionOf(fixture, code.symbols.entry)?.rev;
  const plain = normalizeSymbol(raw, { module: code?.symbols.entry.module });
  if (!code || !rev) return plain;
  try {
    return await canonicalName(code.symbols, async () => (await code.repository()).listFiles(rev), rev, raw);
  } catch {
    return plain; // no checkout or no such revision: the label-time check says so
  }
}

/**
 * A diff fixture's name as its change calls it at base (the editor's BaseNames): a head-side name
 * in a renamed file becomes the base name; one the change adds is refused. A name defined at
 * diff.base is its own base name, so the change is read only for one that is not (the resolver's
 * cache answers the first question). Unchanged when the code cannot be read: the label-time
 * check then says what is wrong.
 */
async function nameAtBase(code: Code | undefined, fixture: Fixture, symbol: string): Promise<AtBase> {
  if (!fixture.diff || !code) return { symbol };
  try {
    const verdict = (await judgeSymbols(code.symbols, fixture, [symbol])).get(symbolKey(symbol, { module: code.symbols.entry.module }));
    if (verdict?.answer.found) return { symbol };
    return (await changedSymbols(await code.repository(), fixture.diff.base, fixture.diff.head)).names.nameAtBase(symbol);
  } catch {
    return { symbol };
  }
}
