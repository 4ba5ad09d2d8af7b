// What the views say, as plain data: no `vscode` here, so these are unit-tested in Node. Each
// takes the fixture as its rater may see it (the core's fixtureView): a blind verifier's rows say
// the review is blind and count only their own labels.
import { figureSummary, FixtureState, FixtureSummary, FixtureView, fmt, plainText, summarizeFixture } from '../../core';

export interface FixtureFilter {
  state?: FixtureState;
  repo?: string;
  tier?: string;
  text?: string;
}

export interface FixtureRow {
  label: string;
  description: string;
  tooltip: string;
  state: FixtureState;
  icon: string;
}

const ICONS: Record<FixtureState, string> = {
  unlabeled: 'circle-large-outline',
  labeled: 'circle-large-filled',
  'in review': 'eye',
  disagreements: 'warning',
  adjudicated: 'pass-filled',
};

export function fixtureRow(view: FixtureView, fileName?: string): FixtureRow {
  const f = view.fixture;
  if (view.blind) {
    const yours = `${view.labels.length} yours`;
    return {
      label: f.id ?? fileName ?? '(no id)',
      description: `${view.state} · blind · ${yours}`,
      tooltip: `${f.task ?? '(no task)'}\n\n${view.state}, blind: you are its verifier, so the labeler's labels, the ground truth and the `
        + `agreement show once the review finishes; your labels: ${view.labels.length}${f.labeler ? `; labeler ${f.labeler}` : ''}; verifier ${f.verifier}`,
      state: view.state,
      icon: ICONS[view.state],
    };
  }
  const s = summarizeFixture(f);
  const kappa = s.kappa === null ? '' : ` · κ ${fmt(s.kappa)}`;
  const open = s.state === 'disagreements' ? ` (${s.open} open)` : '';
  return {
    label: f.id ?? fileName ?? '(no id)',
    description: `${s.state}${open} · ${s.groundTruth}/${s.cap}${kappa}`,
    tooltip: `${f.task ?? '(no task)'}\n\n${s.state}${open}; ground truth ${s.groundTruth}/${s.cap}${s.kappa === null ? ''
      : `; kappa ${fmt(s.kappa)}`}${f.labeler ? `; labeler ${f.labeler}` : ''}${f.verifier ? `; verifier ${f.verifier}` : ''}${figureLines(s)}`,
    state: s.state,
    icon: ICONS[s.state],
  };
}

/** The agreement figures of a finished review, for the tooltip (docs/agreement.md). */
function figureLines(s: FixtureSummary): string {
  if (!s.figures) return '';
  const { all, labeledOnly, paradox } = s.figures;
  const lines = [`All ${all.items} items: ${figureSummary(all)}`, `Labeled only, ${labeledOnly.items} items: ${figureSummary(labeledOnly)}`];
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
