// What the views say, as plain data: no `vscode` here, so these are unit-tested in Node. Each
// takes the fixture as its rater may see it (the core's fixtureView): a blind verifier's rows say
// the review is blind and count only their own labels.
import { Disagreement, figureSummary, FixtureState, FixtureSummary, FixtureView, fmt, plainText, summarizeFixture } from '../../core';

export interface FixtureFilter {
  state?: FixtureState;
  repo?: string;
  tier?: string;
  text?: string;
}

export interface FixtureRow {
  label: string;
  /** Short enough for the default sidebar width: n/15 and kappa (and the unsaved count); the state is the icon. */
  description: string;
  tooltip: string;
  state: FixtureState;
  icon: string;
  /** A theme color id for the icon, when the state calls for attention. */
  color?: string;
}

const ICONS: Record<FixtureState, string> = {
  unlabeled: 'circle-large-outline',
  labeled: 'circle-large-filled',
  'in review': 'eye',
  disagreements: 'warning',
  adjudicated: 'pass-filled',
};

const COLORS: Partial<Record<FixtureState, string>> = { disagreements: 'list.warningForeground', adjudicated: 'testing.iconPassed' };

/** "3 unsaved labels": edits in the fixture's document not yet saved to its file. */
export function unsavedLabelsText(n: number): string {
  return `${n} unsaved label${n === 1 ? '' : 's'}`;
}

/** The Fixtures view's badge: every unsaved label in the corpus; undefined when all is saved. */
export function unsavedBadge(total: number): { value: number; tooltip: string } | undefined {
  return total > 0 ? { value: total, tooltip: unsavedLabelsText(total) } : undefined;
}

/**
 * A fixture's row, short enough for the default sidebar width: its number in its tier as the label,
 * the state as the icon, `n/15 · κ` as the description, the rest in the tooltip. `unsaved` counts
 * labels in its document not saved yet.
 */
export function fixtureRow(view: FixtureView, fileName?: string, unsaved = 0): FixtureRow {
  const f = view.fixture;
  const id = f.id ?? fileName ?? '(no id)';
  // Under its repo and tier, `bookshop-easy-03` is `03`; the tooltip names it whole.
  const prefix = `${f.repo}-${f.difficulty}-`;
  const label = f.repo && f.difficulty && id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : id;
  const dirty = unsaved > 0 ? ` · ${unsaved} unsaved` : '';
  const dirtyLine = unsaved > 0 ? `\n${unsavedLabelsText(unsaved)}: save the fixture (or set fixtureLab.saveAfterLabel)` : '';
  if (view.blind) {
    return {
      label,
      description: `${view.labels.length} yours${dirty}`,
      tooltip: `${id}: ${view.state}, blind${dirtyLine}\n\n${f.task ?? '(no task)'}\n\nYou are its verifier, so the labeler's labels, the ground truth and the `
        + `agreement show once the review finishes; your labels: ${view.labels.length}${f.labeler ? `; labeler ${f.labeler}` : ''}; verifier ${f.verifier}`,
      state: view.state,
      icon: 'eye-closed',
    };
  }
  const s = summarizeFixture(f);
  const open = s.state === 'disagreements' ? ` (${s.open} open)` : '';
  return {
    label,
    // Unsaved labels take kappa's place (it is in the tooltip): the row stays short.
    description: `${s.groundTruth}/${s.cap}${unsaved > 0 ? dirty : s.kappa === null ? '' : ` · κ ${fmt(s.kappa)}`}`,
    tooltip: `${id}: ${s.state}${open}${dirtyLine}\n\n${f.task ?? '(no task)'}\n\nground truth ${s.groundTruth}/${s.cap}`
      + `${s.kappa === null ? '' : `; kappa ${fmt(s.kappa)}`}${f.labeler ? `; labeler ${f.labeler}` : ''}${f.verifier ? `; verifier ${f.verifier}` : ''}`
      + figureLines(s),
    state: s.state,
    icon: ICONS[s.state],
    ...(COLORS[s.state] ? { color: COLORS[s.state] } : {}),
  };
}

/** The agreement figures of a finished review, for the tooltip (docs/agreement.md). */
function figureLines(s: FixtureSummary): string {
  if (!s.figures) return '';
  const { all, labeledOnly, paradox, perLabel } = s.figures;
  const lines = [`All ${all.items} items: ${figureSummary(all)}`, `Labeled only, ${labeledOnly.items} items: ${figureSummary(labeledOnly)}`, ...perLabel];
  return `\n\n${[...lines, ...(paradox ? [paradox] : [])].join('\n')}`;
}

export function matchesFilter(view: FixtureView, filter: FixtureFilter): boolean {
  const f = view.fixture;
  if (filter.state && view.state !== filter.state) return false;
  if (filter.repo && f.repo !== filter.repo) return false;
  if (filter.tier && f.difficulty !== filter.tier) return false;
  if (filter.text) {
    const needle = filter.text.toLowerCase();
    const hay = [f.id, f.task, ...f.tags, ...f.ground_truth.map((l) => l.symbol)].join('\n').toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}

export function describeFilter(filter: FixtureFilter): string | undefined {
  const parts = [filter.state && `state: ${filter.state}`, filter.repo && `repo: ${filter.repo}`, filter.tier && `tier: ${filter.tier}`,
    filter.text && `text: "${filter.text}"`].filter(Boolean);
  return parts.length ? `Filtered by ${parts.join(', ')}` : undefined;
}

export interface StatusText {
  text: string;
  tooltip: string;
}

/**
 * The status bar's unsaved count, over every fixture document, `where` naming them (file names,
 * a repository's text: through plainText, as the status bar draws `$(name)` as an icon); undefined when all is saved.
 */
export function unsavedStatus(unsaved: number, where: string[]): StatusText | undefined {
  if (unsaved <= 0) return undefined;
  const tooltip = `${unsavedLabelsText(unsaved)} in ${where.join(', ')}, not saved to disk: click to save (fixtureLab.saveAfterLabel saves after each label)`;
  return { text: `$(circle-filled) ${unsavedLabelsText(unsaved)}`, tooltip: plainText(tooltip) };
}

/**
 * The status bar: the open fixture, its ground-truth count, its kappa (hidden counts when blind).
 * It draws `$(name)` as an icon: the id goes through plainText.
 */
export function statusText(view: FixtureView): StatusText {
  const f = view.fixture;
  const s = summarizeFixture(f);
  if (view.blind) return { text: `$(eye) ${plainText(f.id ?? '')} · blind review`,
    tooltip: `Reviewing ${f.id} as verifier: the labeler's labels and the ground truth are hidden` };
  return {
    text: `$(checklist) ${plainText(f.id ?? '')} · ${s.groundTruth}/${s.cap}${s.kappa === null ? '' : ` · κ ${fmt(s.kappa)}`}`,
    tooltip: `${f.id}: ${s.state}; ground truth ${s.groundTruth}/${s.cap}${s.kappa === null ? '' : `; kappa ${fmt(s.kappa)}`}`,
  };
}

/** One rater's side of a disagreement: who, what they said, and why (their reason). */
export function raterSide(rater: string | undefined, rating: Disagreement['labeler'], reason: string | undefined, role: string): string {
  return `${rater ?? role}: ${rating ?? 'not included'}${rating && reason ? ` “${reason}”` : ''}`;
}

export interface SettleChoice {
  label: string;
  description: string;
  detail: string;
  resolution: 'included' | 'excluded';
}

/**
 * The settle picker for one disagreement: the symbol and why it is a candidate as its title, both
 * raters' sides side by side under each ruling. Reasons are fixtures' text: quick inputs draw
 * `$(name)` and parse links, so all of it goes through plainText.
 */
export function settlePicker(
  d: Disagreement, labeler: string | undefined, verifier: string | undefined, why: string | undefined,
): { title: string; placeholder: string; items: SettleChoice[] } {
  const left = raterSide(labeler, d.labeler, d.labelerLabel?.reason, 'labeler');
  const sides = `${left}   │   ${raterSide(verifier, d.verifier, d.verifierLabel?.reason, 'verifier')}`;
  return {
    title: plainText(`${d.symbol}: ${labeler} ${d.labeler ?? 'not included'}, ${verifier} ${d.verifier ?? 'not included'}`),
    placeholder: plainText(why ? `Candidate: ${why}` : 'Not among the change\'s candidates'),
    items: [
      { label: 'included', description: 'the symbol belongs in the ground truth', detail: plainText(sides), resolution: 'included' },
      { label: 'excluded', description: 'it does not', detail: plainText(sides), resolution: 'excluded' },
    ],
  };
}
