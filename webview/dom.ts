// The one way the panel makes elements. Every string from a fixture or a system's output passes
// through here as a text node or an attribute value, never as markup: there is no innerHTML
// anywhere in webview/, and attributes that could run code or need 'unsafe-inline' are refused.
// Bidi controls (U+202E and the rest) are shown as escapes such as `\u202E` in what the page shows,
// so a name cannot read backwards; data-* attributes keep the text as it is, for the host.
import { showBidi } from '../src/shared/bidi';
import { middleEllipsis } from './format';

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  /** Plain attributes (aria-*, role, title, data-*, ...): set with setAttribute, so values are never parsed. */
  attrs?: Record<string, string | number | boolean | undefined>;
}

/** Event handler attributes and style attributes are what the CSP forbids: refuse them early. */
const FORBIDDEN = /^(on|style$|srcdoc$)/i;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement;
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (props?.class) element.className = props.class;
  for (const [name, value] of Object.entries(props?.attrs ?? {})) {
    if (FORBIDDEN.test(name)) throw new Error(`refusing attribute ${name}: handlers and styles go through listeners and panel.css`);
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : name.startsWith('data-') ? String(value) : showBidi(String(value)));
  }
  append(element, children);
  return element;
}

/** Strings become text nodes: this is where untrusted text enters the page. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(showBidi(String(child))));
  }
}

/** Replace what `parent` shows in one DOM operation (one layout for a big table). */
export function show(parent: Element, ...children: Child[]): void {
  const fragment = document.createDocumentFragment();
  append(fragment, children);
  parent.replaceChildren(fragment);
}

/**
 * A ground-truth or returned symbol that opens in the editor: a native button, so Tab, Enter and
 * Space work. A long name is cut in the middle on one line; the tooltip and the accessible name
 * hold it whole (attributes: text, never markup).
 */
export function symbolButton(symbol: string): HTMLButtonElement {
  return h('button', { class: 'symbol', attrs: { type: 'button', 'data-symbol': symbol, title: `Open ${symbol}`, 'aria-label': `Open ${symbol}` } }, middleEllipsis(symbol));
}

/** A symbol shown, not opened: cut in the middle like symbolButton, whole in its tooltip. */
export function symbolName(symbol: string): HTMLElement {
  return h('span', { class: 'symbol-name', attrs: { title: symbol } }, middleEllipsis(symbol));
}

/** The symbol a click or keypress landed on, if it was on a symbolButton. */
export function symbolOf(target: EventTarget | null): string | undefined {
  const button = target instanceof Element ? target.closest('button.symbol') : null;
  return button?.getAttribute('data-symbol') ?? undefined;
}

/** A short explanation where content will appear (no fixture, no results yet). */
export function placeholder(text: string): HTMLElement {
  return h('p', { class: 'placeholder' }, text);
}

/**
 * A message written for the CLI and the editor alike, whose `quoted` parts are names and commands:
 * those shown as code, the backticks gone (a literal backtick in the panel is noise). Every part is
 * text: a backtick only decides which element holds it. An unmatched backtick stays as it is.
 */
export function codeSpans(text: string): Child[] {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return [text];
  return parts.map((part, i) => (i % 2 === 1 ? h('code', null, part) : part)).filter((p) => p !== '');
}
