import { resolve } from 'node:path';
import { loadFixtureFile } from '../../core/corpus/load';
import { RESOLUTIONS } from '../../core/fixtures/model';
import { readFixture } from '../../core/fixtures/read';
import { readUtf8File } from '../../core/io/files';
import { readRulings, settleRulings } from '../../core/labeling/bulkRulings';
import { settleDispute } from '../../core/labeling/protocol';
import { includedByARater, isJudged } from '../../core/labeling/state';
import { displayPath, FixtureLabError } from '../../core/problems';
import { normalizeSymbol } from '../../core/symbols/normalize';
import { CONFIDENCES } from '../../shared/vocabulary';
import { CliIO, oneOf, parse, required, UsageError } from '../args';
import { moduleFor } from '../fixtureArgs';
import { editFixture, refuseUnreadable } from './edits';

export const SETTLE_OPTIONS = {
  resolution: { type: 'string' },
  confidence: { type: 'string' },
  rationale: { type: 'string' },
  unjudged: { type: 'boolean' },
  from: { type: 'string' },
} as const;

export type SettleValues = ReturnType<typeof parse<typeof SETTLE_OPTIONS>>['values'];

/** `dispute add FIXTURE SYMBOL ...`: the same as `review settle`. */
export async function dispute(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, SETTLE_OPTIONS);
  const [action, ...rest] = positionals;
  if (action !== 'add') throw new UsageError('say `dispute add`');
  return settle(values, rest, io);
}

/**
 * `FIXTURE SYMBOL --resolution included|excluded [--confidence HIGH|MEDIUM] --rationale TEXT
 * [--unjudged]`: record the ruling; ground_truth follows it (core/labeling/protocol.ts).
 */
export async function settle(values: SettleValues, positionals: string[], io: CliIO): Promise<number> {
  if (values.from !== undefined) return settleFrom(values, positionals, io);
  const [fixtureArg, symbolArg, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected \`${extra[0]}\` (quote a rationale that has spaces)`);
  const path = resolve(io.cwd, required(fixtureArg, 'FIXTURE'));
  const raw = required(symbolArg, 'SYMBOL');
  const resolution = oneOf(values.resolution, RESOLUTIONS, '--resolution');
  const confidence = values.confidence === undefined ? undefined : oneOf(values.confidence, CONFIDENCES, '--confidence');
  if (resolution === 'excluded' && confidence) throw new UsageError('--confidence goes with --resolution included only');
  const rationale = required(values.rationale, '--rationale');
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  refuseUnreadable(read);
  const shown = displayPath(path, io.cwd);
  // A fixture that does not read (too large, broken YAML) is refused before any judgement of its lists.
  if (!read.parsed) throw new FixtureLabError(read.problems[0]?.message ?? 'does not read as a fixture', shown);
  const module = await moduleFor(path, read.fixture.repo);
  const symbol = normalizeSymbol(raw, { module });
  const judged = isJudged(read.fixture, symbol, { module });
  if (!judged && !values.unjudged) {
    throw new FixtureLabError(
      `\`${symbol}\` is in no rater's list and not in candidates: nobody judged it. Check the name, or pass --unjudged when the adjudicator `
        + `adds what both raters missed`, shown);
  }
  if (judged && values.unjudged) throw new FixtureLabError(`\`${symbol}\` was judged (it is in candidates or a rater's list): drop --unjudged`, shown);
  if (resolution === 'included' && !confidence && !includedByARater(read.fixture, symbol, { module })) {
    throw new FixtureLabError(`no rater included \`${symbol}\`: say how much the task needs it with --confidence HIGH|MEDIUM`, shown);
  }
  const ruling = { symbol, resolution, rationale, ...(confidence ? { confidence } : {}), ...(values.unjudged ? { unjudged: true } : {}) };
  let after = '';
  await editFixture(path, io, (text) => {
    const settled = settleDispute(text, ruling, { module });
    if (settled.ok) after = settled.text;
    return settled;
  });
  const truth = readFixture(after, shown).fixture.ground_truth.length;
  io.stdout.write(`${shown}: dispute ${symbol} ${resolution}${values.unjudged ? ' (unjudged)' : ''}; ground_truth: ${truth} symbol${truth === 1 ? '' : 's'}\n`);
  return 0;
}

/**
 * `FIXTURE --from FILE`: every ruling of a YAML or CSV file (core/labeling/bulkRulings.ts) in one
 * locked edit, each with the checks of one ruling; a bad row refuses the whole file.
 */
async function settleFrom(values: SettleValues, positionals: string[], io: CliIO): Promise<number> {
  const [fixtureArg, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected \`${extra[0]}\`: with --from, the rulings come from the file`);
  const flag = (['resolution', 'confidence', 'rationale', 'unjudged'] as const).find((k) => values[k] !== undefined);
  if (flag) throw new UsageError(`--${flag} goes with one SYMBOL; with --from each row says it`);
  const path = resolve(io.cwd, required(fixtureArg, 'FIXTURE'));
  const file = resolve(io.cwd, values.from!);
  const shownFile = displayPath(file, io.cwd);
  const rows = readRulings(await readUtf8File(file, 'rulings file', shownFile), shownFile, 'none');
  const { read } = await loadFixtureFile(path, undefined, io.cwd);
  const shown = displayPath(path, io.cwd);
  if (!read.parsed) throw new FixtureLabError(read.problems[0]?.message ?? 'does not read as a fixture', shown);
  const module = await moduleFor(path, read.fixture.repo);
  let after = '';
  await editFixture(path, io, (text) => {
    const settled = settleRulings(text, rows, { module });
    if (settled.ok) after = settled.text;
    return settled;
  });
  const counts = tally(rows);
  const truth = readFixture(after, shown).fixture.ground_truth.length;
  io.stdout.write(`${shown}: ${counts} from ${shownFile}; ground_truth: ${truth} symbol${truth === 1 ? '' : 's'}\n`);
  return 0;
}

/** `3 rulings (2 included, 1 excluded)`. */
export function tally(rows: readonly { resolution: string }[]): string {
  const included = rows.filter((r) => r.resolution === 'included').length;
  return `${rows.length} ruling${rows.length === 1 ? '' : 's'} (${included} included, ${rows.length - included} excluded)`;
}
