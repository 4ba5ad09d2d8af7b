// Many rulings at once (`review settle FIXTURE --from FILE`, `pool RUN --judge FILE`): a YAML list
// or a CSV with a header of symbol, resolution, confidence, rationale (and `task` for a pool, an
// optional `unjudged`). Each ruling goes through settleDispute, the same checks as one ruling; a
// bad row refuses the whole file, named by its line (YAML) or row (CSV, the header is row 1).
import { csvParseRows } from 'd3-dsv';
import type { Node } from 'yaml';
import { CONFIDENCES, Confidence, Dispute, RESOLUTIONS, Resolution } from '../fixtures/model';
import { readFixture } from '../fixtures/read';
import { edited, Edited, FixtureLabError, refused } from '../problems';
import { normalizeSymbol, NormalizeOptions, symbolKey } from '../symbols/normalize';
import { isMap, isSeq, parseYaml } from '../yamlText';
import { settleDispute } from './protocol';
import { isJudged } from './state';

export interface RulingRow {
  /** Where the row is, as messages name it: `line 4` (YAML) or `row 4` (CSV). */
  where: string;
  /** The fixture's id (a pool's file spans fixtures). */
  task?: string;
  symbol: string;
  resolution: Resolution;
  confidence?: Confidence;
  rationale: string;
  /** As written; absent: a symbol in the fixture's `pooled:` is unjudged, any other must have been judged. */
  unjudged?: boolean;
}

const COLUMNS = ['task', 'symbol', 'resolution', 'confidence', 'rationale', 'unjudged'] as const;

/** The rows of a rulings file; `task` says whether each row names its fixture. Throws naming the file and the row. */
export function readRulings(text: string, shown: string, task: 'required' | 'none'): RulingRow[] {
  const csv = /\.csv$/i.test(shown);
  const records = csv ? csvRecords(text, shown) : yamlRecords(text, shown);
  if (records.length === 0) throw new FixtureLabError('holds no ruling: one per row, with symbol, resolution, confidence and rationale', shown);
  return records.map(({ where, fields }) => rowOf(fields, where, shown, task));
}

function csvRecords(text: string, shown: string): { where: string; fields: Record<string, string> }[] {
  const rows = csvParseRows(text.replace(/^\uFEFF/, ''));
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const unknown = header.find((h) => !(COLUMNS as readonly string[]).includes(h));
  if (unknown !== undefined) {
    throw new FixtureLabError(`row 1: unknown column \`${unknown}\`: the header names ${COLUMNS.filter((c) => c !== 'task').join(', ')}`
      + ' (and task, for a pool)', shown);
  }
  return rows.slice(1).flatMap((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return [];
    return [{ where: `row ${i + 2}`, fields: Object.fromEntries(header.map((h, j) => [h, (cells[j] ?? '').trim()])) }];
  });
}

function yamlRecords(text: string, shown: string): { where: string; fields: Record<string, string> }[] {
  const { doc, lines } = parseYaml(text);
  const at = (offset: number) => `line ${lines.linePos(offset).line}`;
  if (doc.errors.length > 0) throw new FixtureLabError(`${at(doc.errors[0].pos[0])}: YAML syntax: ${doc.errors[0].message.split('\n')[0]}`, shown);
  const list = isMap(doc.contents) ? doc.contents.get('rulings', true) : doc.contents;
  if (!isSeq(list)) throw new FixtureLabError('must be a list of rulings ({symbol, resolution, confidence, rationale}), or `rulings:` holding one', shown);
  return (list.items as Node[]).map((item) => {
    const where = at(item.range?.[0] ?? 0);
    if (!isMap(item)) throw new FixtureLabError(`${where}: each ruling is a mapping {symbol, resolution, confidence, rationale}`, shown);
    const value = item.toJSON() as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!(COLUMNS as readonly string[]).includes(k)) throw new FixtureLabError(`${where}: unknown key \`${k}\``, shown);
      if (v !== null && typeof v === 'object') throw new FixtureLabError(`${where}: \`${k}\` must be text, not a list or mapping`, shown);
      fields[k] = typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : JSON.stringify(v);
    }
    return { where, fields };
  });
}

function rowOf(fields: Record<string, string>, where: string, shown: string, task: 'required' | 'none'): RulingRow {
  const bad = (message: string) => new FixtureLabError(`${where}: ${message}; nothing was written`, shown);
  if (task === 'required' && !fields.task) throw bad('`task` (the fixture id) is required in a pool\'s rulings');
  if (task === 'none' && fields.task) throw bad('`task` goes with `pool --judge`; `review settle --from` rules on the one fixture it names');
  if (!fields.symbol) throw bad('`symbol` is required');
  const resolution = fields.resolution?.toLowerCase();
  if (!(RESOLUTIONS as readonly string[]).includes(resolution ?? '')) {
    throw bad(`\`resolution\` must be included or excluded, not \`${fields.resolution ?? ''}\``);
  }
  const confidence = fields.confidence ? fields.confidence.toUpperCase() : undefined;
  if (confidence !== undefined && !(CONFIDENCES as readonly string[]).includes(confidence)) {
    throw bad(`\`confidence\` must be HIGH or MEDIUM, not \`${fields.confidence}\``);
  }
  if (!fields.rationale) throw bad('`rationale` is required: say why');
  const flag = fields.unjudged?.toLowerCase();
  if (flag && !['true', 'false', 'yes', 'no'].includes(flag)) throw bad(`\`unjudged\` must be true or false, not \`${fields.unjudged}\``);
  return {
    where, symbol: fields.symbol, resolution: resolution as Resolution, rationale: fields.rationale,
    ...(fields.task ? { task: fields.task } : {}),
    ...(confidence ? { confidence: confidence as Confidence } : {}),
    ...(flag ? { unjudged: flag === 'true' || flag === 'yes' } : {}),
  };
}

/**
 * Every row's ruling on one fixture's text, as `review settle` makes one: the whole edit or a
 * refusal naming the first row that cannot be recorded. Inclusions go first, so excluding a symbol
 * is never refused for emptying a ground_truth the same file fills.
 */
export function settleRulings(text: string, rows: readonly RulingRow[], options: NormalizeOptions = {}): Edited {
  const seen = new Map<string, string>();
  let current = text;
  const ordered = [...rows.filter((r) => r.resolution === 'included'), ...rows.filter((r) => r.resolution === 'excluded')];
  for (const row of ordered) {
    const symbol = normalizeSymbol(row.symbol, options);
    if (!symbol) return refused('ruling', `${row.where}: \`${row.symbol}\` is not a symbol name; nothing was written`);
    const key = symbolKey(symbol, options);
    const twice = seen.get(key);
    if (twice) return refused('ruling', `${row.where}: \`${symbol}\` is ruled on twice (also ${twice}); nothing was written`);
    seen.set(key, row.where);
    const f = readFixture(current, 'fixture').fixture;
    const pooled = (f.pooled ?? []).some((p) => symbolKey(p.symbol, options) === key);
    const unjudged = row.unjudged ?? (pooled && !isJudged(f, symbol, options));
    const ruling: Dispute = {
      symbol, resolution: row.resolution, rationale: row.rationale,
      ...(row.confidence ? { confidence: row.confidence } : {}), ...(unjudged ? { unjudged: true } : {}),
    };
    const settled = settleDispute(current, ruling, options);
    if (!settled.ok) return refused(settled.problem.code, `${row.where}: ${settled.problem.message}; nothing was written`);
    current = settled.text;
  }
  return edited(current);
}
