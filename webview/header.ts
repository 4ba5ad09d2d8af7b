// The open fixture at the top of the panel: what the task asks, how it was labeled, how far the
// two raters agreed (for its blind verifier: that the review is blind, nothing more). With no
// fixture open it says how to open one.
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import type { FixtureHeader } from '../src/shared/panelView';
import { h, placeholder, show } from './dom';
import { EN_DASH, figure } from './format';

export function renderHeader(container: HTMLElement, header: FixtureHeader | null): void {
  if (!header) {
    show(container, h('div', { class: 'empty-state' },
      h('h1', null, 'No fixture open'),
      placeholder('Open a fixture (a task YAML under tasks/, or one in the Fixtures view) to run retrieval systems on it and see how each one did.')));
    return;
  }
  const gt = header.groundTruth;
  show(container,
    h('div', { class: 'title-row' },
      h('h1', { class: 'fixture-id' }, header.id),
      header.tier ? h('span', { class: 'chip tier', attrs: { title: 'Tier' } }, header.tier) : null,
      h('span', { class: 'chip state', attrs: { title: 'Labeling state' } }, header.state),
      header.blind ? h('span', { class: 'chip blind', attrs: { title: 'You are its verifier: the labeler\'s labels, the ground truth and kappa are hidden until the review finishes' } }, 'blind review') : kappaBadge(header)),
    h('p', { class: 'task' }, header.task || EN_DASH),
    header.tags.length > 0 ? h('ul', { class: 'tags', attrs: { 'aria-label': 'Tags' } }, ...header.tags.map((t) => h('li', { class: 'chip tag' }, t))) : null,
    header.blind
      ? h('p', { class: 'ground-truth blind' },
        h('span', { class: 'label' }, 'Ground truth: '),
        'hidden: you review this fixture blind, and it shows once the review finishes')
      : h('p', { class: 'ground-truth' },
        h('span', { class: 'label' }, 'Ground truth: '),
        h('span', { class: 'gt-total' }, `${gt.total} symbol${gt.total === 1 ? '' : 's'}`),
        ' (',
        h('span', { class: 'confidence confidence-high gt-high' }, `${gt.high} HIGH`),
        ', ',
        h('span', { class: 'confidence confidence-medium gt-medium' }, `${gt.medium} MEDIUM`),
        ')'),
    h('p', { class: 'meta' }, [header.repo, header.rev ? `@ ${header.rev.slice(0, 12)}` : '', header.file].filter(Boolean).join('  ·  ')));
}

/**
 * Kappa and its band in words, so the band never rests on color alone; beside it raw agreement
 * and AC1, which stay readable where kappa falls to the paradox of a mostly-excluded universe.
 */
function kappaBadge(header: FixtureHeader): HTMLElement {
  const band = header.band ?? 'none';
  const beside = header.percent === undefined ? null
    : h('span', { class: 'kappa-figures', attrs: { title: 'Raw agreement on inclusion, and Gwet\'s AC1 (docs/agreement.md)' } },
      `${header.percent === null ? EN_DASH : `${(100 * header.percent).toFixed(1)}%`} agree \u00b7 AC1 ${figure(header.ac1)}`);
  return h('span', { class: `kappa band-${band}`, attrs: { title: "Cohen's kappa between labeler and verifier" } },
    h('vscode-badge', { class: 'kappa-value' }, `\u03ba ${figure(header.kappa)}`),
    h('span', { class: 'band' }, header.band ?? 'not reviewed'),
    beside);
}
