// What the adjudicator's two views show (docs/agreement.md#the-settle-view-and-to-judge), as plain
// data the extension draws: the Settle view lines up the raters' ratings item by item (by default
// only the conflicts: items the raters rated differently, in inclusion or confidence, settled or
// not), and To judge lists the pooled symbols nobody judged or ruled on yet. Rulings from either go
// through settleDispute (protocol.ts), the path the CLI and the settle picker take. Text from
// fixtures is returned as is; the extension shows it as plain text or through the Markdown helpers.
import { labelerList, type Rating, ratedItems, sidedWith, verifierList } from '../agreement/raters';
import type { Candidates } from '../changes/candidates';
import { type Dispute, type Fixture, type Label } from '../fixtures/model';
import { type NormalizeOptions, symbolKey } from '../symbols/normalize';
import { markdownCode, markdownText } from '../untrusted/hoverMarkdown';
import { showBidi } from '../../shared/bidi';
import { rulingsOf } from './groundTruth';
import { fixtureView, isJudged } from './state';
import { plural } from '../../shared/figures';

/** One rater's rating of an item, with their reason. */
export interface RaterSide {
  rater: string;
  rating: Rating;
  reason?: string;
}

export interface SettleRow {
  symbol: string;
  labeler: RaterSide;
  verifier: RaterSide;
  /** The raters rated it differently (in inclusion or confidence). */
  conflict: boolean;
  /** The last ruling on it, once one is recorded. */
  ruling?: Dispute;
  /**
   * The row as shown, what matters first: both ratings side by side (the labeler's first, as the
   * view's `raters` line says), or the ruling and whom it sided with, in words; then the symbol's
   * last segment. At the side bar's default width with the row's action shown, the label stays
   * whole and only the symbol's end may be cut (the hover and the details under the row name it).
   */
  label: string;
  description: string;
}

export interface SettleView {
  rows: SettleRow[];
  /** Said instead of (or after) the rows: why there is nothing to show, or what to do first. */
  note?: string;
  /** Rulings are taken now (the review finished, or the seed's forms): the rows offer their actions. */
  settleable: boolean;
  conflicts: number;
  /** Conflicts a ruling settles. */
  settled: number;
  /** What the view's title says beside its name once a review has conflicts: `2 of 3 conflicts open`. */
  progress?: string;
  /** Above the rows: whose rating comes first in each (`ratings: dana (labeler) │ lee (verifier)`). */
  raters?: string;
}

/** What a rater gave an item, short enough for a row: the confidence, or `out`. */
const short = (rating: Rating): string => rating ?? 'out';

/** A ruling in a few words: `included HIGH`, `excluded`. */
export function rulingText(d: Pick<Dispute, 'resolution' | 'confidence'>): string {
  return d.resolution === 'included' && d.confidence ? `included ${d.confidence}` : d.resolution;
}

/** A settled row's words: what the ruling gives and whom it sided with (`HIGH, sided with lee`, `excluded, sided with both`). */
function rulingLabel(d: Dispute): string {
  const gives = d.resolution === 'included' && d.confidence ? d.confidence : d.resolution;
  return d.sided_with ? `${gives}, sided with ${d.sided_with}` : `ruled ${gives}`;
}

/** The last segment of a qualified name, as the Candidates view shows it (`queue.Queue.Push`). */
const shortName = (symbol: string): string => symbol.slice(symbol.lastIndexOf('/') + 1);

/**
 * The Settle view of `f` for `rater`: every item both raters rated (`all`), or only the
 * conflicts. A blind verifier sees none of it; before both lists exist there is nothing to line up.
 */
export function settleView(f: Fixture, rater: string | undefined, all: boolean, options: NormalizeOptions = {}): SettleView {
  const empty = (note: string): SettleView => ({ rows: [], note, settleable: false, conflicts: 0, settled: 0 });
  if (fixtureView(f, rater, options).blind) return empty(`You review ${f.id ?? 'this fixture'} blind: its conflicts show when the review finishes.`);
  const theirs = verifierList(f);
  if (!f.labeler || !f.verifier || !f.labels[f.labeler] || !theirs) {
    return empty(`${f.id ?? 'This fixture'} has no review yet: conflicts show once its verifier has labeled it blind.`);
  }
  const key = (s: string) => symbolKey(s, options);
  const byKey = (list: Label[]) => new Map(list.map((l) => [key(l.symbol), l]));
  const mine = byKey(labelerList(f));
  const yours = byKey(theirs);
  const rulings = rulingsOf(f, options);
  const finished = f.agreement !== undefined;
  const every = ratedItems(f, options).map((item): SettleRow => {
    const k = key(item.symbol);
    const ruling = rulings.get(k);
    const conflict = item.labeler !== item.verifier;
    const labeler = side(f.labeler!, item.labeler, mine.get(k));
    const verifier = side(f.verifier!, item.verifier, yours.get(k));
    // The raters are named once, above the rows; a settled row says its ruling (the raters' sides are under it).
    const ratings = conflict ? `${short(item.labeler)} │ ${short(item.verifier)}` : `both ${short(item.labeler)}`;
    const label = ruling ? rulingLabel(ruling) : ratings;
    return { symbol: item.symbol, labeler, verifier, conflict, ...(ruling ? { ruling } : {}), label, description: shortName(item.symbol) };
  });
  const conflicts = every.filter((r) => r.conflict);
  const settled = conflicts.filter((r) => r.ruling).length;
  const rows = all ? every : conflicts;
  const note = !finished ? 'The review is under way: finish it ("Finish Review") to settle these.'
    : rows.length === 0 ? `No conflicts: ${f.labeler} and ${f.verifier} rated all ${plural(every.length, 'item')} alike.` : undefined;
  const progress = conflicts.length > 0 ? `${conflicts.length - settled} of ${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'} open` : undefined;
  const raters = rows.length > 0 ? `ratings: ${f.labeler} (labeler) │ ${f.verifier} (verifier)` : undefined;
  return {
    rows, ...(note ? { note } : {}), settleable: finished, conflicts: conflicts.length, settled,
    ...(progress ? { progress } : {}), ...(raters ? { raters } : {}),
  };
}

/** One of the rulings a Settle row offers, and whom it would side with (undefined in the seed's forms). */
export interface RulingChoice {
  resolution: Dispute['resolution'];
  confidence?: Label['confidence'];
  /** As the row's context menu names it: `Include HIGH`, `Include MEDIUM`, `Exclude`. */
  title: string;
  sides?: string;
}

/** The three rulings on `symbol` (a Settle row's Rule… pick), each with the `sided_with` it would record. */
export function rulingChoices(f: Fixture, symbol: string, options: NormalizeOptions = {}): RulingChoice[] {
  const choices: Omit<RulingChoice, 'sides'>[] = [
    { resolution: 'included', confidence: 'HIGH', title: 'Include HIGH' },
    { resolution: 'included', confidence: 'MEDIUM', title: 'Include MEDIUM' },
    { resolution: 'excluded', title: 'Exclude' },
  ];
  return choices.map((c) => {
    const sides = sidedWith(f, { symbol, resolution: c.resolution, ...(c.confidence ? { confidence: c.confidence } : {}) }, options);
    return { ...c, ...(sides ? { sides } : {}) };
  });
}

function side(rater: string, rating: Rating, label: Label | undefined): RaterSide {
  return { rater, rating, ...(label?.reason ? { reason: label.reason } : {}) };
}

/** A rater's side in a line: `dana: MEDIUM “reason”`, `lee: not included`. */
export function sideText(s: RaterSide): string {
  return `${s.rater}: ${s.rating ?? 'not included'}${s.rating && s.reason ? ` “${s.reason}”` : ''}`;
}

/** A ruling in a line: `ruling: included HIGH “rationale” · sided with lee`. */
export function rulingLine(d: Dispute): string {
  return `ruling: ${rulingText(d)} “${d.rationale}”${d.sided_with ? ` · sided with ${d.sided_with}` : ''}`;
}

/** The lines under a row: each rater's side, why it is a candidate, the ruling. */
export function rowDetails(row: SettleRow, why: string | undefined): string[] {
  return [sideText(row.labeler), sideText(row.verifier), `candidate: ${why ?? 'not among the change\'s candidates'}`,
    ...(row.ruling ? [rulingLine(row.ruling)] : [])];
}

/** Why `symbol` is a candidate of the change: its change kind and file, or the neighbour's link; undefined when it is not one. */
export function candidateWhy(found: Candidates | undefined, symbol: string, options: NormalizeOptions = {}): string | undefined {
  const key = symbolKey(symbol, options);
  const changed = found?.changed.find((x) => symbolKey(x.baseSymbol ?? x.symbol, options) === key);
  if (changed) return `${changed.change} ${changed.kind} in ${changed.file}`;
  const neighbour = found?.neighbours.find((n) => symbolKey(n.symbol, options) === key);
  return neighbour && `${neighbour.relation}: ${neighbour.why}`;
}

/** A symbol's definition as a hover shows it: the file, its first line, the code. */
export interface CodeExcerpt {
  file: string;
  startLine: number;
  /** The definition's lines, as the repository has them at the fixture's revision. */
  text: string;
  /** A fence's info string: a language id the extension chose, never a fixture's text. */
  language?: string;
}

/** A hover shows this many lines of a definition at most. */
export const EXCERPT_LINES = 40;

/**
 * Untrusted code as a fenced block nothing in it can close (a fence of one more backtick than its
 * longest run), bidi controls shown, cut to `maxLines` with the rest counted.
 */
export function markdownCodeBlock(code: string, language: string | undefined, maxLines = EXCERPT_LINES): string {
  const lines = showBidi(code).replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, maxLines).join('\n');
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const info = language && /^[a-z]+$/.test(language) ? language : '';
  const more = lines.length > maxLines ? `\n\n${lines.length - maxLines} more lines` : '';
  return `${fence}${info}\n${shown}\n${fence}${more}`;
}

/**
 * A Settle row's hover, as Markdown for a MarkdownString that trusts nothing: the symbol, both
 * raters side by side (a table), why it is a candidate, the ruling, and the code.
 */
export function settleTooltip(row: SettleRow, why: string | undefined, code: CodeExcerpt | undefined): string {
  const cell = (s: RaterSide) => `${s.rating ?? 'not included'}${s.rating && s.reason ? `: ${markdownText(s.reason)}` : ''}`;
  const out = [
    `${markdownCode(row.symbol)}${row.conflict ? ' · conflict' : ''}`,
    [`| ${markdownText(row.labeler.rater)} (labeler) | ${markdownText(row.verifier.rater)} (verifier) |`, '|---|---|',
      `| ${cell(row.labeler)} | ${cell(row.verifier)} |`].join('\n'),
    `candidate: ${why ? markdownText(why) : 'not among the change\'s candidates'}`,
  ];
  if (row.ruling) out.push(markdownText(rulingLine(row.ruling)));
  out.push(codeSection(code));
  return out.join('\n\n');
}

/** A To judge item's hover: the symbol, the systems that returned it, the code. */
export function judgeTooltip(row: JudgeRow, code: CodeExcerpt | undefined): string {
  const from = `returned by ${row.from.map(markdownText).join(', ')}; no rater judged it`;
  return [markdownCode(row.symbol), from, codeSection(code)].join('\n\n');
}

function codeSection(code: CodeExcerpt | undefined): string {
  if (!code) return 'code: not found at the fixture\'s revision';
  return `${markdownCode(`${code.file}:${code.startLine}`)}\n\n${markdownCodeBlock(code.text, code.language)}`;
}

export interface JudgeRow {
  symbol: string;
  /** The systems that returned it in their top K. */
  from: string[];
  label: string;
  description: string;
}

export interface JudgeView {
  rows: JudgeRow[];
  note?: string;
  /** Rulings are taken now: not during a review. */
  judgeable: boolean;
}

/**
 * To judge for `f`: its `pooled` symbols no rater judged (in no list, not a candidate) and no
 * ruling settles, each with the systems that returned it. A blind verifier sees none.
 */
export function toJudgeView(f: Fixture, rater: string | undefined, options: NormalizeOptions = {}): JudgeView {
  if (fixtureView(f, rater, options).blind) return { rows: [], note: 'Pooled symbols are judged after the review finishes.', judgeable: false };
  const ruled = rulingsOf(f, options);
  const rows = (f.pooled ?? [])
    .filter((p) => !isJudged(f, p.symbol, options) && !ruled.has(symbolKey(p.symbol, options)))
    .map((p) => ({ symbol: p.symbol, from: p.from, label: shortName(p.symbol), description: `from ${p.from.join(', ')}` }));
  const underWay = f.verifier !== undefined && f.labels[f.verifier] !== undefined && f.agreement === undefined;
  const note = underWay ? 'The review is under way: finish it to judge these.'
    : rows.length > 0 ? undefined
      : (f.pooled ?? []).length > 0 ? `Every pooled symbol of ${f.id ?? 'this fixture'} is judged.`
        : `${f.id ?? 'This fixture'} has no pooled symbols: Pool in the benchmark panel (or \`fixture-lab pool RUN_DIR --write\`) adds what systems `
          + 'found that no rater judged.';
  return { rows, ...(note ? { note } : {}), judgeable: !underWay };
}
