// Per-system progress while a run is on, and how the run ended. Transient by design: it is not
// saved, since after a reload the host's next progress message redraws it.
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import type { VscodeProgressBar } from '@vscode-elements/elements/dist/vscode-progress-bar/vscode-progress-bar.js';
import type { HostMessage } from '../src/shared/protocol';
import { h, show } from './dom';

type Msg<T extends HostMessage['type']> = Extract<HostMessage, { type: T }>;

interface Line {
  bar: VscodeProgressBar;
  text: HTMLElement;
  done: number;
  total?: number;
  finished: boolean;
}

export class RunProgress {
  readonly element = h('section', { class: 'progress', attrs: { 'aria-label': 'Run progress', hidden: true } });
  private readonly list = h('ul', { class: 'progress-list' });
  private readonly summary = h('p', { class: 'run-summary', attrs: { role: 'status', 'aria-live': 'polite' } });
  private readonly lines = new Map<string, Line>();

  constructor() {
    show(this.element, this.list, this.summary);
  }

  started(m: Msg<'runStarted'>): void {
    this.lines.clear();
    this.list.replaceChildren();
    this.element.hidden = false;
    this.summary.textContent = `Running ${m.systems.length} system${m.systems.length === 1 ? '' : 's'}\u2026`;
    this.summary.className = 'run-summary';
    for (const system of m.systems) this.line(system).total = m.total / Math.max(m.systems.length, 1);
  }

  progress(m: Msg<'progress'>): void {
    this.element.hidden = false;
    const line = this.line(m.system);
    line.bar.max = Math.max(m.total, 1);
    // Nothing done yet: an indeterminate bar says "working" better than an empty one.
    line.bar.value = m.status === 'running' && m.done === 0 ? undefined : m.done;
    line.text.textContent = `${m.status === 'done' ? 'done' : 'running'} ${m.done}/${m.total}`;
    line.text.parentElement?.classList.toggle('done', m.status === 'done');
    Object.assign(line, { done: m.done, total: m.total, finished: m.status === 'done' });
  }

  finished(m: Msg<'runFinished'>): void {
    this.element.hidden = false;
    for (const line of this.lines.values()) {
      if (line.bar.value === undefined) line.bar.value = 0;
      // A system the run stopped before it finished says so: never "done", never green.
      if (m.cancelled && !line.finished) {
        line.text.textContent = `cancelled ${line.done}/${line.total ?? '?'}`;
        line.text.parentElement?.classList.add('cancelled');
      }
    }
    show(this.summary, m.error ? `Run failed: ${m.error}` : m.cancelled ? 'Run cancelled.' : `Run finished${m.run ? `: ${m.run}` : '.'}`);
    this.summary.className = `run-summary ${m.error ? 'failed' : m.cancelled ? 'cancelled' : 'finished'}`;
  }

  /** A system's line, made on first sight (a page reloaded mid-run meets systems it was not told about). */
  private line(system: string): Line {
    let line = this.lines.get(system);
    if (!line) {
      const bar = h('vscode-progress-bar', { attrs: { 'aria-label': `${system} progress` } });
      const text = h('span', { class: 'progress-text' }, 'waiting');
      this.list.append(h('li', { class: 'progress-line' }, h('span', { class: 'progress-system' }, system), bar, text));
      line = { bar, text, done: 0, finished: false };
      this.lines.set(system, line);
    }
    return line;
  }
}
