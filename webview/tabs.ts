// The panel's tabs (Results, Returned, Charts, Corpus) on vscode-tabs, which gives VS Code's look
// and arrow-key navigation between headers. Tabs are named by id so the open one can be saved.
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import type { VscodeTabs } from '@vscode-elements/elements/dist/vscode-tabs/vscode-tabs.js';
import { h } from './dom';

export interface Tab {
  id: string;
  label: string;
  content: HTMLElement;
}

export class Tabs {
  readonly element: VscodeTabs;
  private readonly ids: string[];

  constructor(tabs: readonly Tab[], selected: string | undefined, private readonly onSelect: (id: string) => void) {
    this.ids = tabs.map((t) => t.id);
    const index = Math.max(0, this.ids.indexOf(selected ?? ''));
    this.element = h('vscode-tabs', { class: 'tabs', attrs: { 'selected-index': index } },
      ...tabs.flatMap((t) => [
        h('vscode-tab-header', { attrs: { slot: 'header', 'data-tab': t.id } }, t.label),
        h('vscode-tab-panel', { attrs: { 'data-tab': t.id } }, t.content),
      ]));
    this.element.addEventListener('vsc-tabs-select', (e) => this.onSelect(this.ids[e.detail.selectedIndex] ?? this.ids[0]));
  }

  get selected(): string {
    return this.ids[this.element.selectedIndex] ?? this.ids[0];
  }
}
