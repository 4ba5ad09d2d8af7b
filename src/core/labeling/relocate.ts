// Labels that follow the code (docs/fixture-format.md#labels-that-follow-the-code): each labeled
// symbol compared between the revision its label was made at (`at`, else the fixture's) and
// another, by name and by body hash (symbols/bodyHash.ts). `unchanged`: the name is there with
// the same body. `changed`: the name is there with another body, for a person to review.
// `moved`: the name is gone but its body is at one other name (a renamed file, a function moved
// to another file, a renamed function), which `applyRelocation` writes. `gone`: neither.
// The CLI's `relocate` and the editor's report on a revision edit are these two functions.
import { renameSymbol, setField, stampLabels } from '../fixtures/edit';
import type { Fixture, Label } from '../fixtures/model';
import { edited, Edited, refused, then } from '../problems';
import { BodyIndex, HashedSymbol } from '../symbols/bodyIndex';
import { lastSegment } from '../symbols/nearest';
import { lineText } from '../untrusted/lineText';
import { NormalizeOptions, symbolKey } from '../symbols/normalize';

export const RELOCATION_STATUSES = ['unchanged', 'moved', 'changed', 'gone'] as const;
export type RelocationStatus = (typeof RELOCATION_STATUSES)[number];

export interface Relocation {
  /** The name as the fixture writes it. */
  symbol: string;
  /** Where it is labeled: `ground_truth`, `labels.dana`. */
  lists: string[];
  status: RelocationStatus;
  /** The full SHA compared from: the labels' `at`, else the fixture's revision. */
  from: string;
  /** Its body hash at `from` (the label's `body_hash`, else computed there); absent when `from` does not define it. */
  body_hash?: string;
  /** For `moved`: the name the same body has at the new revision (the rename offered). */
  moved_to?: string;
  /** Where the symbol (or, moved, its new name) is at the new revision. */
  file?: string;
  line?: number;
  /** Why, in words, when the status alone does not say it. */
  note?: string;
}

export interface RelocationReport {
  fixture: string;
  /** The full SHA labels without `at` were made at (the fixture's revision, or the one an edit replaced). */
  from: string;
  /** The full SHA compared with. */
  to: string;
  relocations: Relocation[];
  totals: Record<RelocationStatus, number>;
}

/**
 * Classify every labeled symbol of `fixture` at `to`. `from` is the revision a label without
 * `at` was made at: the fixture's (`diff.base`, else `commit`), or, in the editor, the one a
 * revision edit replaced. Labels of one symbol made at one revision on one body are one line.
 */
export async function relocationReport(
  index: BodyIndex, fixture: Fixture, from: string, to: string, options: NormalizeOptions = {},
): Promise<RelocationReport> {
  const target = await index.commit(to);
  const fallback = await index.commit(from);
  const rows = new Map<string, { label: Label; lists: string[]; from: string }>();
  const lists: [string, Label[]][] = [
    ['ground_truth', fixture.ground_truth], ...Object.entries(fixture.labels).map(([r, l]): [string, Label[]] => [`labels.${r}`, l]),
  ];
  for (const [list, labels] of lists) {
    for (const label of labels) {
      const at = label.at ? await index.commit(label.at) : fallback;
      const key = `${symbolKey(label.symbol, options)} ${at} ${label.body_hash ?? ''}`;
      const row = rows.get(key);
      if (row) {
        if (!row.lists.includes(list)) row.lists.push(list);
      } else rows.set(key, { label, lists: [list], from: at });
    }
  }
  const relocations: Relocation[] = [];
  for (const { label, lists: where, from: at } of rows.values()) {
    relocations.push(await relocate(index, label, where, at, target, options));
  }
  const totals = Object.fromEntries(RELOCATION_STATUSES.map((s) => [s, relocations.filter((r) => r.status === s).length])) as Record<RelocationStatus, number>;
  return { fixture: fixture.id ?? '', from: fallback, to: target, relocations, totals };
}

async function relocate(index: BodyIndex, label: Label, lists: string[], from: string, to: string, options: NormalizeOptions): Promise<Relocation> {
  const base: Relocation = { symbol: label.symbol, lists, status: 'gone', from };
  const hash = label.body_hash ?? (await index.find(from, label.symbol))?.bodyHash;
  if (hash !== undefined) base.body_hash = hash;
  const there = await index.find(to, label.symbol);
  if (there) {
    const where = { file: there.file, line: there.line };
    if (hash === undefined) return { ...base, status: 'changed', ...where, note: `not defined at ${short(from)}: its body cannot be compared` };
    if (there.bodyHash === hash) return { ...base, status: 'unchanged', ...where };
    return { ...base, status: 'changed', ...where, note: 'its body differs: review the label' };
  }
  if (hash === undefined) return { ...base, note: `defined neither at ${short(from)} nor at ${short(to)}` };
  const same = (await index.byHash(to)).get(hash) ?? [];
  const picked = bestMatch(label.symbol, same, options);
  if (picked) return { ...base, status: 'moved', moved_to: picked.symbol, file: picked.file, line: picked.line };
  if (same.length > 1) {
    const places = `${same.slice(0, 3).map((s) => s.symbol).join(', ')}${same.length > 3 ? ', ...' : ''}`;
    return { ...base, note: `its body is at ${same.length} places (${places}): relabel by hand` };
  }
  return base;
}

/**
 * The one definition a body moved to: the only one with that body, else the only one among
 * them that keeps the symbol's own name (a file moved or renamed, a function moved to another
 * file). Several equally good: none, since the rename would be a guess.
 */
function bestMatch(symbol: string, same: HashedSymbol[], options: NormalizeOptions): HashedSymbol | undefined {
  if (same.length === 1) return same[0];
  const name = lastSegment(symbolKey(symbol, options));
  const named = same.filter((s) => lastSegment(symbolKey(s.symbol, options)) === name);
  return named.length === 1 ? named[0] : undefined;
}

function short(sha: string): string {
  return sha.slice(0, 7);
}

/** A move `applyRelocation` did not write, and why. */
export interface SkippedMove {
  symbol: string;
  moved_to: string;
  reason: string;
}

/**
 * The fixture's text with every move of `report` written (renameSymbol: every list, candidates,
 * disputes and pooled entries, the labels given `at` = the report's revision and the body hash),
 * nothing else touched. A move is skipped when another line of the same symbol is not the same
 * move (labels of it made at other revisions disagree), or when its new name is named in the
 * fixture already (the rename would make one symbol two).
 */
export function applyRelocation(
  text: string, fixture: Fixture, report: RelocationReport, options: NormalizeOptions = {},
): Edited<{ applied: Relocation[]; skipped: SkippedMove[] }> {
  const key = (s: string) => symbolKey(s, options);
  const named = new Set([
    ...fixture.ground_truth, ...Object.values(fixture.labels).flat(), ...fixture.candidates.map((symbol) => ({ symbol })), ...fixture.disputes,
    ...(fixture.pooled ?? []),
  ].map((x) => key(x.symbol)));
  const applied: Relocation[] = [];
  const skipped: SkippedMove[] = [];
  let out = edited(text);
  const done = new Set<string>();
  for (const r of report.relocations) {
    if (r.status !== 'moved' || !r.moved_to || done.has(key(r.symbol))) continue;
    const same = report.relocations.filter((o) => key(o.symbol) === key(r.symbol));
    const skip = (reason: string) => skipped.push({ symbol: r.symbol, moved_to: r.moved_to!, reason });
    if (same.some((o) => o.status !== 'moved' || key(o.moved_to ?? '') !== key(r.moved_to!) || o.body_hash !== r.body_hash)) {
      skip('its labels made at other revisions do not all move there');
    } else if (named.has(key(r.moved_to))) {
      skip(`\`${r.moved_to}\` is in the fixture already`);
    } else {
      out = then(out, (t) => renameSymbol(t, r.symbol, r.moved_to!, { at: report.to, ...(r.body_hash ? { body_hash: r.body_hash } : {}) }));
      applied.push(...same);
      named.add(key(r.moved_to));
    }
    done.add(key(r.symbol));
  }
  return out.ok ? { ...out, applied, skipped } : out;
}

/**
 * Why the labels of `fixture` may not be written at another revision, or undefined. A change's
 * labels are made and run at diff.base, which the change fixes: moved to another revision they
 * would name symbols the fixture never runs at.
 */
export function relocationRefusal(fixture: Fixture): string | undefined {
  if (!fixture.diff) return undefined;
  return `${fixture.id ?? 'this fixture'} is a change (diff): it is labeled and run at diff.base, which its change fixes, so its labels stay there; `
    + 'nothing was written. For the change at another revision, make a new fixture (`fixture-lab new`)';
}

/**
 * A commit fixture's moves written with its revision (`commit: REV`), in one edit: labels that
 * name symbols at REV and a fixture that runs at REV, never one without the other. Labels without
 * `at` were made at the old revision: where REV changed or lost their body they are given that
 * revision and body hash (stampLabels), so the next report still says `changed` or `gone` rather
 * than comparing them from REV, where they would read `unchanged`.
 */
export function relocateFixture(
  text: string, fixture: Fixture, report: RelocationReport, commit: string, options: NormalizeOptions = {},
): Edited<{ applied: Relocation[]; skipped: SkippedMove[] }> {
  const refusal = relocationRefusal(fixture);
  if (refusal) return refused('relocate-diff', refusal);
  const moved = applyRelocation(text, fixture, report, options);
  if (!moved.ok) return moved;
  let out = edited(moved.text);
  // In the editor the person has already edited `commit`; the labels still moved from the revision it replaced.
  for (const r of report.from === report.to ? [] : report.relocations) {
    if ((r.status !== 'changed' && r.status !== 'gone') || r.from !== report.from) continue;
    out = then(out, (t) => stampLabels(t, r.symbol, { at: r.from, ...(r.body_hash ? { body_hash: r.body_hash } : {}) }));
  }
  const written = fixture.commit === commit ? out : then(out, (t) => setField(t, 'commit', commit));
  return written.ok ? { ...written, applied: moved.applied, skipped: moved.skipped } : written;
}

/** One line per relocation, as the CLI prints and the editor's report shows (plain text). */
export function relocationLines(report: RelocationReport): string[] {
  const width = Math.max(...RELOCATION_STATUSES.map((s) => s.length));
  return report.relocations.map((r) => {
    const where = r.file ? ` (${r.file}:${r.line})` : '';
    const what = r.status === 'moved' ? `${r.symbol} -> ${r.moved_to}${where}` : `${r.symbol}${where}`;
    // Names and notes are the fixture's and the repository's: a line break in one would forge a line.
    return lineText(`${r.status.padEnd(width)}  ${what} [${r.lists.join(', ')}]${r.note ? `: ${r.note}` : ''}`);
  });
}

/** `5 labeled symbols at 1a2b3c4: 2 unchanged, 1 moved, 1 changed, 1 gone`. */
export function relocationTotals(report: RelocationReport): string {
  const n = report.relocations.length;
  return `${n} labeled symbol${n === 1 ? '' : 's'} at ${short(report.to)}: ${RELOCATION_STATUSES.map((s) => `${report.totals[s]} ${s}`).join(', ')}`;
}
