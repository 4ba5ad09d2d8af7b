// Sharded runs (docs/scaling.md): `run --shard I/N` answers the (system, task) pairs a stable
// hash of both ids gives to shard I, and `merge` joins the shard folders into one run folder
// that equals an unsharded run with the same seed byte for byte, its times aside. What counts
// as a time is TIMING_FIELDS, the one list docs/scaling.md and the test read.
import { createHash } from 'node:crypto';

export interface Shard {
  /** 1 to count. */
  index: number;
  count: number;
}

/** `2/3` as a shard; undefined when it is not I/N with I from 1 to N. */
export function parseShard(text: string): Shard | undefined {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(text.trim());
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && index <= count ? { index, count } : undefined;
}

export const shardName = (s: Shard) => `${s.index}/${s.count}`;

/**
 * The shard (1 to count) that answers `system` on `task`: sha256 of `system\0task`, its first
 * 48 bits mod count. Depends on the two ids alone: not on the machine, the order of files or the time.
 */
export function shardOf(system: string, task: string, count: number): number {
  const digest = createHash('sha256').update(`${system}\0${task}`).digest();
  return (digest.readUIntBE(0, 6) % count) + 1;
}

/** Whether `shard` (all pairs when absent) answers `system` on `task`. */
export function inShard(shard: Shard | undefined, system: string, task: string): boolean {
  return !shard || shardOf(system, task, shard.count) === shard.index;
}

/**
 * Where a run's times are kept: the only things a merged run may differ in from one unsharded
 * run with the same seed. `file` is a run-relative path, or a folder ending in `/` for every
 * file under it; a `json` key is a top-level field, a `column` a CSV column, a `section` the
 * Markdown section under that `## ` heading, and `whole` a file drawn from times (it is left
 * out entirely, for the reason given).
 */
export type TimingField =
  | { file: string; json: string }
  | { file: string; column: string }
  | { file: string; section: string }
  | { file: string; whole: string };

export const TIMING_FIELDS: readonly TimingField[] = [
  { file: 'run.json', json: 'started_at' },
  { file: 'run.json', json: 'finished_at' },
  { file: 'raw/', json: 'timings' },
  { file: 'raw/', json: 'finished_at' },
  { file: 'aggregated/per-task.csv', column: 'index_ms' },
  { file: 'aggregated/per-task.csv', column: 'cold_ms' },
  { file: 'aggregated/per-task.csv', column: 'warm_ms' },
  { file: 'FINDINGS.md', section: 'Time to context' },
  { file: 'analysis/charts/radar.svg', whole: 'one of its axes is the time to context' },
];

/** One TIMING_FIELDS entry in words, as docs/scaling.md lists it. */
export function timingFieldText(f: TimingField): string {
  const where = f.file.endsWith('/') ? `${f.file}**` : f.file;
  return 'json' in f ? `${where}: field \`${f.json}\`` : 'column' in f ? `${where}: column \`${f.column}\``
    : 'section' in f ? `${where}: section \`## ${f.section}\`` : `${where}: the whole file (${f.whole})`;
}

/**
 * A run file's text with its TIMING_FIELDS taken out (`relPath` relative to the run folder,
 * with `/`): what two runs that differ only in time have in common, byte for byte.
 */
export function withoutTiming(relPath: string, text: string): string {
  const fields = TIMING_FIELDS.filter((f) => (f.file.endsWith('/') ? relPath.startsWith(f.file) : relPath === f.file));
  if (fields.length === 0) return text;
  if (fields.some((f) => 'whole' in f)) return '';
  let out = text;
  const keys = fields.flatMap((f) => ('json' in f ? [f.json] : []));
  if (keys.length > 0) {
    const value = JSON.parse(out) as Record<string, unknown>;
    for (const k of keys) delete value[k];
    out = JSON.stringify(value, null, 2) + '\n';
  }
  const columns = fields.flatMap((f) => ('column' in f ? [f.column] : []));
  if (columns.length > 0) {
    const rows = out.split('\n').map(csvCells);
    const drop = new Set(columns.map((c) => rows[0].indexOf(c)).filter((i) => i >= 0));
    out = rows.map((r) => r.filter((_, i) => !drop.has(i)).join(',')).join('\n');
  }
  for (const f of fields) {
    if (!('section' in f)) continue;
    const lines = out.split('\n');
    const start = lines.indexOf(`## ${f.section}`);
    if (start < 0) continue;
    const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
    out = [...lines.slice(0, start + 1), ...(end < 0 ? [] : lines.slice(end))].join('\n');
  }
  return out;
}

/** One CSV line's cells as written (a quoted one keeps its quotes and commas). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell];
}
