// The benchmark panel's browser bundle (dist/webview.js). It draws what the host sends, keeps the
// last of it in the webview state so a hidden or reloaded panel draws itself at once, and posts
// the user's requests back. Messages are handled through one Handlers table: a new message type
// is a type error here until it is handled.
import { type Chartless, type CorpusResults, type PanelResults, SCORE_CUT, type SystemRow } from '../src/shared/panelView';
import { button } from './controls';
import { ChartList } from './chartList';
import { ColumnChooser } from './columns';
import { DeferredPane } from './deferred';
import { h, placeholder, show, symbolOf } from './dom';
import { renderHeader } from './header';
import { ReturnedLists } from './lists';
import { matrixTable } from './matrix';
import { RunProgress } from './progress';
import type { Handlers, HostMessage } from '../src/shared/protocol';
import { RunForm } from './runForm';
import { Host, type RunRecord } from './state';
import { othersLine, withResults } from './systems';
import { type Column, CORPUS_COLUMNS, corpusTable, granularityColumns, granularityTable, RESULT_COLUMNS, resultsTable } from './table';
import { renderAgreement, renderChecks, renderHealth } from './checks';
import { GranularitySwitch } from './granularity';
import { Tabs } from './tabs';
import { afterNextFrame, yieldToPage } from './tasks';
import { themeFromCss } from './theme';

const host = new Host();
const root = document.getElementById('root') ?? document.body.appendChild(h('main', { attrs: { id: 'root' } }));

const header = h('header', { class: 'fixture-header' });
const form = new RunForm(host);
const progress = new RunProgress();
const resultsPane = h('div', { class: 'results-pane' });
const listsPane = new DeferredPane(h('div', { class: 'lists-pane' }));
const returned = new ReturnedLists((system, from) => host.post({ type: 'moreReturned', system, from }));
const fixtureCharts = new ChartList('No charts yet: run systems on this fixture.');
const corpusPane = h('div', { class: 'corpus-summary' });
const corpusCharts = new ChartList('No corpus charts: run every task (fixture-lab run) to see them.');
const resultColumns = new ColumnChooser(host, 'results', RESULT_COLUMNS);
const corpusColumns = new ColumnChooser(host, 'corpus', CORPUS_COLUMNS);
const granularity = new GranularitySwitch(host, () => drawResultsTable());
const resultsTableSlot = h('div', { class: 'results-table-slot' });
/** The file and span tables' columns and choosers, by granularity and K (their labels name K). */
const granularityTables = new Map<string, { columns: Column<SystemRow>[]; chooser: ColumnChooser }>();
/** The K the host's granularity values use (core's GRANULARITY_K), for a payload that has none. */
const GRANULARITY_K_SHOWN = 10;
/** The results the table shows, to draw it again at another granularity. */
let tableResults: Chartless<PanelResults> | undefined;

const tabs = new Tabs([
  { id: 'results', label: 'Results', content: resultsPane },
  { id: 'returned', label: 'Returned', content: listsPane.element },
  { id: 'charts', label: 'Charts', content: fixtureCharts.element },
  { id: 'corpus', label: 'Corpus', content: h('div', { class: 'corpus-pane' }, corpusPane, corpusCharts.element) },
], host.saved.tab, (tab) => {
  host.save({ tab });
  paneVisibility();
});

/** The lists and the charts are drawn only in the open tab (DeferredPane). */
function paneVisibility(): void {
  listsPane.setVisible(tabs.selected === 'returned');
  fixtureCharts.setVisible(tabs.selected === 'charts');
  corpusCharts.setVisible(tabs.selected === 'corpus');
}

/**
 * What the results and the corpus panes last drew, as JSON. The host answers `ready` with what a
 * restored page has just drawn from its state; drawing the same again would give the open a long
 * task (and a layout of the whole page) for nothing.
 */
const drawn: { results?: string; corpus?: string } = {};

function drawnAlready(pane: keyof typeof drawn, payload: unknown): boolean {
  const key = JSON.stringify(payload);
  if (drawn[pane] === key) return true;
  drawn[pane] = key;
  return false;
}

/**
 * The table, then the matrix after the next frame: drawn and laid out together they were one task
 * of 80 ms (issue 17). Until the matrix is in, the pane is `aria-busy`, so a screen reader waits
 * for the whole of it.
 */
function renderResults(all: Chartless<PanelResults> | null): void {
  // The placeholder depends on whether a fixture is open.
  if (drawnAlready('results', [all, !!host.saved.last?.fixture?.header])) return;
  const shown = all ? withResults(all) : undefined;
  const results = shown && shown.results.rows.length > 0 ? shown.results : null;
  layout(results !== null);
  if (!results) {
    tableResults = undefined;
    resultsPane.removeAttribute('aria-busy');
    const open = !!host.saved.last?.fixture?.header;
    show(resultsPane,
      placeholder(open ? 'No results for this fixture yet: choose systems above and Run.' : 'Open a fixture to see how each system does on it.'),
      // Answers left out (given to the fixture before an edit) are why there may be none: said here too.
      renderHealth(all?.checks),
      shown && shown.others.length > 0 ? h('p', { class: 'other-systems' }, othersLine(shown.others)) : null);
    listsPane.set((pane) => show(pane, placeholder('Nothing returned yet.')));
    return;
  }
  tableResults = results;
  const matrixSlot = h('div', { class: 'matrix-slot' });
  show(resultsPane,
    granularity.element,
    resultsTableSlot,
    shown!.others.length > 0 ? h('p', { class: 'other-systems' }, othersLine(shown!.others)) : null,
    renderHealth(results.checks),
    renderChecks(results.checks),
    h('h2', null, 'Ground truth by system'),
    matrixSlot,
    poolable(results));
  drawResultsTable();
  resultsPane.setAttribute('aria-busy', 'true');
  void afterNextFrame().then(() => {
    // Results that came meanwhile draw their own matrix.
    if (tableResults !== results) return;
    show(matrixSlot, results.matrix.rows.length > 0 ? h('div', { class: 'table-scroll' }, matrixTable(results.matrix)) : placeholder('This fixture has no ground truth yet.'));
    resultsPane.removeAttribute('aria-busy');
  });
  returned.set(results.fixture, results.lists, results.rows);
  listsPane.set((pane) => {
    const lists = returned.draw();
    show(pane, ...(lists.length > 0 ? lists : [placeholder('Nothing returned yet.')]));
  });
}

/** The results table at the chosen granularity, with that table's column chooser. */
function drawResultsTable(): void {
  const results = tableResults;
  if (!results) return;
  const g = granularity.value;
  let table: HTMLTableElement;
  let chooser: ColumnChooser;
  if (g === 'symbol') {
    table = resultsTable(results);
    chooser = resultColumns;
  } else {
    const k = results.granularityK ?? GRANULARITY_K_SHOWN;
    let entry = granularityTables.get(`${g}@${k}`);
    if (!entry) {
      const columns = granularityColumns(g, k);
      granularityTables.set(`${g}@${k}`, (entry = { columns, chooser: new ColumnChooser(host, `results-${g}`, columns) }));
    }
    table = granularityTable(results, entry.columns, g);
    chooser = entry.chooser;
  }
  const unplaced = g !== 'symbol' && results.granularityK === undefined
    ? h('p', { class: 'granularity-note' }, `No ${g} values: the answers could not be placed in the code (is the repository here?).`) : null;
  show(resultsTableSlot, chooser.element, h('div', { class: 'table-scroll' }, table), unplaced);
  chooser.attach(table);
}

function renderCorpus(corpus: Chartless<CorpusResults> | null): void {
  if (drawnAlready('corpus', corpus)) return;
  if (!corpus) {
    show(corpusPane, h('p', { class: 'placeholder' }, 'No run over the corpus yet: ', h('code', null, 'fixture-lab run corpus'), ' makes one.'));
  } else {
    const table = corpusTable(corpus);
    show(corpusPane, renderAgreement(corpus.agreement), corpusColumns.element, h('div', { class: 'table-scroll' }, table), renderHealth(corpus.checks),
      renderChecks(corpus.checks), poolRow(corpus.run));
    corpusColumns.attach(table);
  }
}

/** The Pool under a fixture's results: of the run its rows come from, when they come from one. */
function poolable(results: Chartless<PanelResults>): HTMLElement | null {
  const runs = new Set(results.rows.map((r) => r.source.run).filter((r) => r !== ''));
  const run = results.run ?? (runs.size === 1 ? [...runs][0] : undefined);
  return run ? poolRow(run) : null;
}

/**
 * The run's Pool: what no rater judged in its systems' first SCORE_CUT symbols goes to each fixture's
 * `pooled:`, in the editor, unsaved, beside any edit not saved yet (the host applies it as one edit).
 */
function poolRow(run: string): HTMLElement {
  const pool = button('Pool', { class: 'pool', secondary: true });
  pool.addEventListener('click', () => host.post({ type: 'pool', run }));
  return h('div', { class: 'pool-row' }, pool,
    h('span', { class: 'pool-note' }, ` Add what ${run}'s systems returned in their top ${SCORE_CUT} that no rater judged to its fixtures' pooled: lists, `
      + 'unsaved, for To Judge (one undo takes it back).'));
}

/**
 * Once there are results, they come first, under the fixture and the run's progress, and the run
 * form after them: in a narrow panel the form alone fills the first screen. In the DOM, not only in
 * CSS, so Tab follows what is seen.
 */
function layout(resultsFirst: boolean): void {
  const order = resultsFirst ? [header, progress.element, tabs.element, form.element] : [header, form.element, progress.element, tabs.element];
  if (order.every((e, i) => root.children[i] === e)) return;
  root.classList.toggle('results-first', resultsFirst);
  if (root.children.length === 0) return root.append(...order);
  // Only the tabs and the progress move: the form stays where it is, and a control in it keeps
  // the focus (an element moved in the DOM loses it).
  if (resultsFirst) form.element.before(progress.element, tabs.element);
  else form.element.after(progress.element, tabs.element);
}

const handlers: Handlers<HostMessage> = {
  fixture: ({ header: fixture, controls }) => {
    host.save({ fixture: fixture?.file, last: { fixture: { header: fixture, controls } } });
    renderHeader(header, fixture);
    form.setControls(controls);
  },
  results: ({ results }) => {
    host.save({ last: { results: { results } } });
    renderResults(results);
  },
  returnedPage: ({ fixture, page }) => returned.add(fixture, page),
  corpus: ({ corpus }) => {
    host.save({ last: { corpus: { corpus } } });
    renderCorpus(corpus);
  },
  // Not saved: scenegraphs are megabytes for a large corpus, and VS Code serializes the whole state
  // on every save (a tab switch took a quarter of a second); the host sends them again after `ready`.
  charts: ({ pane, charts }) => (pane === 'fixture' ? fixtureCharts : corpusCharts).setCharts(charts),
  runStarted: (m) => {
    saveRun(m);
    drawRun(m);
    form.setRunning(true);
  },
  progress: (m) => {
    saveRun(m);
    drawRun(m);
    form.setRunning(true);
  },
  runFinished: (m) => {
    saveRun(m);
    drawRun(m);
    form.setRunning(false);
  },
  systemsCheck: (m) => form.showCheck(m.status, m.text),
};

/** A run's message on its progress lines. Run and Cancel are the handlers' to set: a run drawn again from the state is not under way until the host says so. */
function drawRun(m: RunRecord[number]): void {
  if (m.type === 'runStarted') progress.started(m);
  else if (m.type === 'progress') progress.progress(m);
  else progress.finished(m);
}

/**
 * The run's progress and summary kept with the rest: a page VS Code dropped while hidden (a symbol
 * opened over it, another tab) shows them again at once; the host sends the run as it stands after `ready`.
 */
function saveRun(m: RunRecord[number]): void {
  const before = m.type === 'runStarted' ? [] : host.saved.last?.run ?? [];
  host.save({ last: { run: [...before.filter((r) => m.type !== 'progress' || r.type !== 'progress' || r.system !== m.system), m] } });
}

/** Only the host's message shapes get through: anything else posted to the window is ignored. */
function isHostMessage(value: unknown): value is HostMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(handlers, type);
}

/** Host messages handled so far, by type: the restore below leaves alone what the host has already drawn anew. */
const heard = new Set<HostMessage['type']>();

function dispatch(message: HostMessage): void {
  heard.add(message.type);
  (handlers[message.type] as (m: HostMessage) => void)(message);
}

// Draw the last state before the host answers `ready`: the page looks the same after a reload.
// The page's frame and header in a task after the script's own (evaluating the bundle, its custom
// elements defined, is a task's worth already); then the form, the results, the corpus and the run,
// each in a task of its own after the frame that laid out and painted the one before, so opening a
// panel never holds the page for long (and a host message that came first wins). In one task, or in
// tasks between two frames, a step paid for the layout of what came before it.
const last = host.saved.last;
const restore: (() => void)[] = [
  () => {
    if (root.children.length === 0) layout(false);
    if (!heard.has('fixture')) renderHeader(header, last?.fixture?.header ?? null);
    paneVisibility();
  },
  () => !heard.has('fixture') && last?.fixture && form.setControls(last.fixture.controls),
  () => !heard.has('results') && renderResults(last?.results?.results ?? null),
  () => !heard.has('corpus') && renderCorpus(last?.corpus?.corpus ?? null),
  () => {
    // Without touching the form: a run the page last saw under way may have ended while it was
    // hidden; the host's `ready` answer says, and the form waits for it rather than switch twice.
    if (!heard.has('runStarted') && !heard.has('progress') && !heard.has('runFinished')) for (const m of last?.run ?? []) drawRun(m);
  },
];
// `ready` once the page shows all it kept: the host's answer then replaces it.
restore.push(() => {
  const now = themeFromCss(document.body);
  theme = JSON.stringify(now);
  host.post({ type: 'ready', theme: now });
});
void (async () => {
  for (const [i, step] of restore.entries()) {
    await (i === 0 ? yieldToPage() : afterNextFrame());
    step();
  }
})();

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isHostMessage(event.data)) dispatch(event.data);
});

// Every symbol on the page is a symbolButton: one listener opens any of them (a native button
// turns Enter and Space into a click).
root.addEventListener('click', (event) => {
  const symbol = symbolOf(event.target);
  if (symbol) host.post({ type: 'openSymbol', symbol });
});

// VS Code changes the body's class and the root's variables when the color theme changes: the
// host compiles the charts again in the new colors and sends them. Read first for `ready` (reading
// it computes the page's styles: not while the script loads).
let theme: string | undefined;
const themeChanged = () => {
  if (theme === undefined) return; // `ready` is still to come, with the theme as it is then
  const now = themeFromCss(document.body);
  if (JSON.stringify(now) === theme) return;
  theme = JSON.stringify(now);
  host.post({ type: 'theme', theme: now });
};
new MutationObserver(themeChanged).observe(document.body, { attributes: true, attributeFilter: ['class'] });
new MutationObserver(themeChanged).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });

