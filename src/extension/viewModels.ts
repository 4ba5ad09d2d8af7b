// What the views say, as plain data: no `vscode` here, so these are unit-tested in Node.
import { Fixture, FixtureState, fmt, plainText, summarizeFixture } from '../core';

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

export function fixtureRow(f: Fixture, fileName?: string): FixtureRow {
  const s = summarizeFixture(f);
  const kappa = s.kappa === null ? '' : ` · κ ${fmt(s.kappa)}`;
  const open = s.state === 'disagreements' ? ` (${s.open} open)` : '';
  return {
    label: f.id ?? fileName ?? '(no id)',
    description: `${s.state}${open} · ${s.groundTruth}/${s.cap}${kappa}`,
    tooltip: `${f.task ?? '(no task)'}\n\n${s.state}${open}; ground truth ${s.groundTruth}/${s.cap}${s.kappa === null ? '' : `; kappa ${fmt(s.kappa)}`}${f.labeler ? `; labeler ${f.labeler}` : ''}${f.verifier ? `; verifier ${f.verifier}` : ''}`,
    state: s.state,
    icon: ICONS[s.state],
  };
}

export function matchesFilter(f: Fixture, filter: FixtureFilter): boolean {
  if (filter.state && summarizeFixture(f).state !== filter.state) return false;
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
  const parts = [filter.state && `state: ${filter.state}`, filter.repo && `repo: ${filter.repo}`, filter.tier && `tier: ${filter.tier}`, filter.text && `text: "${filter.text}"`].filter(Boolean);
  return parts.length ? `Filtered by ${parts.join(', ')}` : undefined;
}

export interface StatusText {
  text: string;
  tooltip: string;
}

/** The status bar: the open fixture, its ground-truth count, its kappa (hidden counts when blind). It draws `$(name)` as an icon: the id goes through plainText. */
export function statusText(f: Fixture, blind: boolean): StatusText {
  const s = summarizeFixture(f);
  if (blind) return { text: `$(eye) ${plainText(f.id ?? '')} · blind review`, tooltip: `Reviewing ${f.id} as verifier: the labeler's labels and the ground truth are hidden` };
  return {
    text: `$(checklist) ${plainText(f.id ?? '')} · ${s.groundTruth}/${s.cap}${s.kappa === null ? '' : ` · κ ${fmt(s.kappa)}`}`,
    tooltip: `${f.id}: ${s.state}; ground truth ${s.groundTruth}/${s.cap}${s.kappa === null ? '' : `; kappa ${fmt(s.kappa)}`}`,
  };
}
