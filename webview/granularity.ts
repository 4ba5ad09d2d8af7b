// The granularity switch above the results table (docs/scoring.md#granularities): symbol shows the
// table as it always was; file and span show coverage, precision and F1 at that granularity, as
// the host computed them. Native buttons in a radio group, so Tab, Enter and Space work; the choice
// is kept in the webview state.
import { GRANULARITIES, type Granularity } from '../src/shared/vocabulary';
import { h } from './dom';
import type { Host } from './state';

export class GranularitySwitch {
  readonly element: HTMLElement;
  private readonly buttons = new Map<Granularity, HTMLButtonElement>();

  constructor(private readonly host: Host, private readonly changed: (granularity: Granularity) => void) {
    for (const g of GRANULARITIES) {
      const button = h('button', { class: 'granularity', attrs: { type: 'button', role: 'radio', 'data-granularity': g } }, g);
      button.addEventListener('click', () => this.choose(g));
      this.buttons.set(g, button);
    }
    this.element = h('div', { class: 'granularity-switch', attrs: { role: 'radiogroup', 'aria-label': 'Granularity' } },
      h('span', { class: 'granularity-label' }, 'Granularity:'), ...this.buttons.values());
    this.mark();
  }

  get value(): Granularity {
    const saved = this.host.saved.granularity;
    return saved && (GRANULARITIES as readonly string[]).includes(saved) ? saved : 'symbol';
  }

  private choose(granularity: Granularity): void {
    if (granularity === this.value) return;
    this.host.save({ granularity });
    this.mark();
    this.changed(granularity);
  }

  private mark(): void {
    for (const [g, button] of this.buttons) button.setAttribute('aria-checked', String(g === this.value));
  }
}
