// The panel's form controls: native checkboxes, buttons and selects in VS Code's colors
// (panel.css). vscode-elements draws each of its controls as a custom element with a shadow root
// and its own styles, and its select lays out the whole page whenever it draws; a form holds one
// per system and a column chooser one per column, and together they were most of a panel's
// opening task (issue 17: no task over 50 ms). Native controls cost a fraction of that and are
// form controls to the keyboard and to screen readers as they are. The library still draws the
// composite widgets (tabs, badge, progress bar), of which the page has one or a few.
import { h } from './dom';

/** A labeled checkbox: the label's text is the accessible name, and a click on it toggles the box. */
export function checkbox(label: string, o: { value: string; checked: boolean; disabled?: boolean }): { element: HTMLLabelElement; input: HTMLInputElement } {
  const input = h('input', { attrs: { type: 'checkbox', value: o.value, checked: o.checked, disabled: o.disabled } });
  return { element: h('label', { class: 'checkbox' }, input, h('span', null, label)), input };
}

/** A push button, primary or secondary (VS Code's two button styles). */
export function button(text: string, o: { class: string; secondary?: boolean; disabled?: boolean }): HTMLButtonElement {
  return h('button', { class: `button ${o.secondary ? 'secondary ' : ''}${o.class}`, attrs: { type: 'button', disabled: o.disabled } }, text);
}

/** A select in the colors of VS Code's dropdowns: it opens its list where there is room. */
export function dropdown(id: string, options: [value: string, label: string][], value: string): HTMLSelectElement {
  return h('select', { class: 'dropdown', attrs: { id } },
    ...options.map(([v, label]) => h('option', { attrs: { value: v, selected: v === value } }, label)));
}
