// The run form: which systems, at which budget, under which matching rule; Run and Cancel.
// The host resends the controls whenever results change, so the form rebuilds only when the
// controls themselves change, and the user's choices live in the saved state, not in the DOM.
import type { RunControls } from '../src/shared/panelView';
import type { MatchRule } from '../src/shared/vocabulary';
import { button, checkbox, dropdown } from './controls';
import { codeSpans, h, show } from './dom';
import { budgetText } from './format';
import type { FormChoice, Host } from './state';

const MATCH_HELP: Record<MatchRule, string> = {
  symbol: 'symbol: the same symbol, more or less qualified (the default)',
  exact: 'exact: the same symbol, normalized',
  bounded: 'bounded: also a container of the symbol, or a member of it',
  lenient: 'lenient: also the same name in another place, bare words too',
  seed: 'seed: one name inside the other, the methodology\'s own rule (credits prefixes; docs/methodology.md#matching)',
};

export class RunForm {
  readonly element = h('section', { class: 'run-form', attrs: { 'aria-label': 'Run systems on this fixture' } });
  private controls?: RunControls;
  private shown = '';
  private running = false;
  private checkboxes = new Map<string, HTMLInputElement>();
  private budget?: HTMLSelectElement;
  private match?: HTMLSelectElement;
  private runButton?: HTMLButtonElement;
  private cancelButton?: HTMLButtonElement;
  private checkButton?: HTMLButtonElement;
  private checking = false;
  /** The last systems check's text (a system's own words: shown as text, never markup). */
  private readonly checkResult = h('pre', { class: 'check-result', attrs: { role: 'status', 'aria-label': 'Systems check', hidden: true } });

  constructor(private readonly host: Host) {}

  setControls(controls: RunControls): void {
    this.controls = controls;
    const key = JSON.stringify(controls);
    if (key !== this.shown) {
      this.shown = key;
      this.build(controls, this.choose(controls));
    }
    this.refresh();
  }

  setRunning(running: boolean): void {
    // Each progress message says "running": the form's widgets are set again only on a change.
    if (running === this.running) return;
    this.running = running;
    this.refresh();
  }

  /** The systems check under way, or its result: text as the CLI prints it. */
  showCheck(status: 'running' | 'done', text: string): void {
    this.checking = status === 'running';
    this.checkResult.hidden = false;
    this.checkResult.textContent = text;
    this.refresh();
  }

  /** The user's earlier choices where they still apply; new systems and first use: every available system. */
  private choose(controls: RunControls): FormChoice {
    const saved = this.host.saved.form;
    const available = controls.systems.filter((s) => s.available).map((s) => s.name);
    return {
      systems: available.filter((name) => !saved || saved.systems.includes(name) || !saved.seen.includes(name)),
      seen: [...new Set([...(saved?.seen ?? []), ...controls.systems.map((s) => s.name)])],
      budget: saved && controls.budgets.includes(saved.budget) ? saved.budget : controls.budget,
      match: saved && controls.matchRules.includes(saved.match) ? saved.match : controls.match,
    };
  }

  private build(controls: RunControls, choice: FormChoice): void {
    this.checkboxes.clear();
    const systems = controls.systems.map((s) => {
      const box = checkbox(s.name, { value: s.name, checked: s.available && choice.systems.includes(s.name), disabled: !s.available });
      if (s.available) this.checkboxes.set(s.name, box.input);
      box.input.addEventListener('change', () => this.changed());
      return h('div', { class: s.available ? 'system' : 'system unavailable' },
        box.element,
        // The type says what kind of system it is; the baselines' types repeat their names.
        s.type !== s.name ? h('span', { class: 'system-type' }, s.type) : null,
        !s.available && s.reason ? h('span', { class: 'reason' }, ...codeSpans(s.reason)) : null);
    });
    this.budget = dropdown('run-budget', controls.budgets.map((b) => [String(b), budgetText(b)]), String(choice.budget));
    this.match = dropdown('run-match', controls.matchRules.map((m) => [m, m]), choice.match);
    this.match.setAttribute('title', controls.matchRules.map((m) => MATCH_HELP[m]).join('\n'));
    for (const s of [this.budget, this.match]) s.addEventListener('change', () => this.changed());
    this.runButton = button('Run', { class: 'run' });
    this.cancelButton = button('Cancel', { class: 'cancel', secondary: true });
    this.checkButton = button('Check', { class: 'check', secondary: true });
    this.checkButton.setAttribute('title', 'Each chosen system indexes and answers this task once, and says what to fix (fixture-lab systems check)');
    // A disabled native button sends no click: refresh() decides when these can be used.
    this.runButton.addEventListener('click', () => this.run());
    this.cancelButton.addEventListener('click', () => this.host.post({ type: 'cancel' }));
    this.checkButton.addEventListener('click', () => this.check());
    const settings = h('div', { class: 'settings' },
      h('div', { class: 'field' }, h('label', { attrs: { for: 'run-budget' } }, 'Budget'), this.budget),
      h('div', { class: 'field' }, h('label', { attrs: { for: 'run-match' } }, 'Matching rule'), this.match),
      h('div', { class: 'actions' }, this.runButton, this.cancelButton, this.checkButton));
    show(this.element,
      h('fieldset', { class: 'systems' }, h('legend', null, 'Systems'), ...(systems.length > 0 ? systems : [h('p', { class: 'placeholder' }, 'No systems configured (systems.yaml).')])),
      settings,
      h('p', { class: 'disabled-reason', attrs: { role: 'note', hidden: true } }),
      this.checkResult);
    this.host.save({ form: choice });
  }

  /** What the form says now, read from the widgets. */
  private current(): FormChoice {
    const saved = this.host.saved.form;
    return {
      systems: [...this.checkboxes].filter(([, box]) => box.checked).map(([name]) => name),
      seen: saved?.seen ?? [],
      budget: Number(this.budget?.value ?? this.controls?.budget),
      match: (this.match?.value ?? this.controls?.match) as MatchRule,
    };
  }

  private changed(): void {
    this.host.save({ form: this.current() });
    this.refresh();
  }

  private run(): void {
    const { systems, budget, match } = this.current();
    this.host.post({ type: 'run', systems, budget, match });
  }

  private check(): void {
    const { systems, budget } = this.current();
    this.host.post({ type: 'checkSystems', systems, budget });
  }

  /** Enable what may be used now: nothing when the host says no (Restricted Mode), Cancel only while running. */
  private refresh(): void {
    const c = this.controls;
    if (!c) return;
    const locked = !c.canRun;
    for (const [, box] of this.checkboxes) box.disabled = locked || this.running;
    for (const s of [this.budget, this.match]) if (s) s.disabled = locked || this.running;
    if (this.runButton) this.runButton.disabled = locked || this.running || this.current().systems.length === 0;
    if (this.cancelButton) this.cancelButton.disabled = locked || !this.running;
    if (this.checkButton) this.checkButton.disabled = locked || this.running || this.checking || this.current().systems.length === 0;
    this.element.classList.toggle('locked', locked);
    const reason = this.element.querySelector<HTMLElement>('.disabled-reason');
    if (reason) {
      reason.hidden = !locked;
      reason.textContent = locked ? c.disabledReason ?? 'Running systems is not possible here.' : '';
    }
  }
}
