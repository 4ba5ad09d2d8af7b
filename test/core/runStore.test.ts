// One owner for a run: planRun (pure: systems x fixtures, what is skipped, what is missing),
// executeRun (the run as typed events: started, answer, and one end of finished, cancelled or
// failed) and the RunStore that folds those events into the run's state without reading the
// disk. Real runs of the grep and bm25 baselines, a replayed recording and a command system on
// copies of the demo corpus.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  executeRun, FixtureLabError, loadCorpus, mulberry32, NO_GROUND_TRUTH, NothingToRunError, planRun, prepareRun, RawResult, readAnswer, readMisses, readRun, readRunInputs, RunEvent, RunInfo, RunStore, scoreRun,
} from '../../src/core';
import { demoCorpus } from '../helpers/demoCorpus';
import { tempDir } from '../helpers/tempDir';

const ROOT = resolve(__dirname, '../../..');
const OLD_LAYOUT_RAW = join(ROOT, 'test/fixtures/runs/old-layout/raw');

const SYSTEMS = `systems:
  - {name: grep, type: grep}
  - {name: bm25, type: bm25}
  - {name: old-grep, type: replay, from: ${JSON.stringify(OLD_LAYOUT_RAW)}, system: grep}
  - name: absent
    type: command
    query: [fixture-lab-no-such-program, "{task}"]
    parse: {format: lines}
  - {name: unrecorded, type: replay, from: no-such-run/raw}
`;

/** grep, and a system that answers only after half a minute: a run to cancel while it waits. */
const SLOW_SYSTEMS = `systems:
  - {name: grep, type: grep}
  - name: slow
    type: command
    query: [/bin/sh, -c, "sleep 30; echo shop.nothing"]
    parse: {format: lines}
`;

/** Every event of a run, in order. */
async function eventsOf(run: AsyncIterable<RunEvent>, onEvent: (e: RunEvent) => void = () => undefined): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const e of run) {
    events.push(e);
    onEvent(e);
  }
  return events;
}

const kinds = (events: RunEvent[]) => events.map((e) => e.kind).filter((k) => k !== 'index' && k !== 'warning');
const answers = (events: RunEvent[]) => events.filter((e): e is Extract<RunEvent, { kind: 'answer' }> => e.kind === 'answer');

describe('planRun: what a run will do, decided before anything runs', function () {
  this.timeout(120_000);

  it('lists systems x fixtures, the fixtures left out and why, and every missing program and recording at once; reads and writes nothing', async () => {
    const corpus = demoCorpus(SYSTEMS);
    const out = join(tempDir(), 'run');
    const inputs = await readRunInputs({ corpusDir: corpus, outDir: out, cwd: corpus });
    const plan = planRun(inputs, { budgets: [400] });
    assert.equal(plan.refusal, undefined);
    assert.deepEqual(plan.systems.map((s) => s.name), ['grep', 'bm25', 'old-grep', 'absent', 'unrecorded']);
    assert.deepEqual(plan.missing, ['system absent: `fixture-lab-no-such-program` is not installed (not on PATH)', 'system unrecorded: no recorded run at no-such-run/raw']);
    const loaded = await loadCorpus(corpus, corpus);
    const labeled = loaded.fixtures.filter((f) => f.read.fixture.ground_truth.length > 0).map((f) => f.read.fixture.id).sort();
    assert.deepEqual(plan.toRun.map((t) => t.id).sort(), labeled);
    assert.deepEqual(plan.skipped.map((s) => [s.task, s.reason]), loaded.fixtures.filter((f) => f.read.fixture.ground_truth.length === 0).map((f) => [f.read.fixture.id, NO_GROUND_TRUTH]));
    assert.equal(existsSync(out), false, 'planning made no run folder');

    // Only what was chosen: its needs, its fixtures.
    const easy = planRun(inputs, { systems: ['grep', 'old-grep'], tasks: 'bookshop-easy-*' });
    assert.deepEqual(easy.missing, []);
    assert.deepEqual(easy.toRun.map((t) => t.id), labeled.filter((id) => id?.startsWith('bookshop-easy-')));
    // Pure: the same inputs plan the same, and the inputs are not changed.
    assert.deepEqual(planRun(inputs, { systems: ['grep', 'old-grep'], tasks: 'bookshop-easy-*' }), easy);

    // What stops a run, as the CLI has always said it.
    assert.match(planRun(inputs, { systems: ['grep', 'nope'] }).refusal?.message ?? '', /^systems\.yaml: no system named nope: the systems are grep, bm25, old-grep, absent, unrecorded$/);
    const none = planRun(inputs, { tasks: 'bookshop-easy-03' }).refusal;
    assert.ok(none instanceof NothingToRunError);
    assert.match(none.message, /^tasks: --tasks `bookshop-easy-03` matches no task that can run: bookshop-easy-03 \(no ground truth yet\)$/);
  });

  it('property: every fixture a selection names is run or skipped, never both; the missing are exactly the chosen systems\' needs', async () => {
    const corpus = demoCorpus(SYSTEMS);
    const inputs = await readRunInputs({ corpusDir: corpus, outDir: join(tempDir(), 'run'), cwd: corpus });
    const names = inputs.configured.map((s) => s.name);
    const ids = inputs.corpus.fixtures.map((f) => f.read.fixture.id ?? f.file);
    const random = mulberry32(15);
    for (let i = 0; i < 200; i++) {
      const systems = names.filter(() => random() < 0.5);
      const id = ids[Math.floor(random() * ids.length)];
      const glob = random() < 0.3 ? '*' : random() < 0.5 ? id.replace(/\d$/, '?') : id;
      const plan = planRun(inputs, { systems, tasks: glob });
      // An empty list names no system: refused, never read as all of them.
      if (systems.length === 0) assert.match(plan.refusal?.message ?? '', /^systems\.yaml: no system chosen/);
      const chosen = systems;
      assert.deepEqual(plan.systems.map((s) => s.name), names.filter((n) => chosen.includes(n)), 'in systems.yaml\'s order');
      assert.deepEqual(plan.missing, [...new Set(chosen.flatMap((n) => inputs.needs.get(n) ?? []))]);
      const pattern = new RegExp(`^${glob.replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
      const selected = inputs.corpus.fixtures.filter((f) => pattern.test(f.read.fixture.id ?? '') || pattern.test(f.file)).map((f) => f.read.fixture.id ?? f.file).sort();
      const run = plan.toRun.map((t) => t.id);
      const skipped = plan.skipped.filter((s) => s.selected).map((s) => s.task);
      assert.deepEqual([...run, ...skipped].sort(), selected, glob);
      assert.ok(run.every((id) => !skipped.includes(id)));
      assert.equal(plan.refusal instanceof NothingToRunError, run.length === 0, glob);
    }
  });
});

describe('executeRun: a run as typed events', function () {
  this.timeout(300_000);

  it('tells started, then an answer per answer recorded (each system counted to its total), then finished; every primary answer scored', async () => {
    const corpus = demoCorpus(SYSTEMS);
    const out = join(tempDir(), 'run-20260101-000000');
    const events = await eventsOf(executeRun(prepareRun({ corpusDir: corpus, outDir: out, cwd: corpus, systems: ['grep', 'bm25', 'old-grep'], budgets: [400, 200] })));
    const shape = kinds(events);
    assert.equal(shape[0], 'started');
    assert.equal(shape.at(-1), 'finished');
    assert.ok(shape.slice(1, -1).every((k) => k === 'answer'), shape.join());
    const started = events.find((e): e is Extract<RunEvent, { kind: 'started' }> => e.kind === 'started')!;
    assert.deepEqual([started.run, started.systems, started.perSystem, started.total, started.done], ['run-20260101-000000', ['grep', 'bm25', 'old-grep'], 16, 48, 0]);
    const given = answers(events);
    assert.deepEqual(given.map((a) => a.done), given.map((_, i) => i + 1));
    for (const system of started.systems) assert.deepEqual(given.filter((a) => a.raw.system === system).map((a) => a.systemDone), Array.from({ length: 16 }, (_, i) => i + 1), system);
    // Each answer is the one on disk; the primary budget's is scored, the sweep's is not.
    for (const a of given) {
      const budget = a.raw.budget === 400 ? 'raw' : 'raw/budget-200';
      assert.deepEqual((await readAnswer(join(out, budget), a.raw.system, a.raw.task))?.raw, a.raw);
      assert.equal(a.scored !== undefined, a.raw.budget === 400);
    }
    const end = events.at(-1) as Extract<RunEvent, { kind: 'finished' }>;
    assert.equal(end.summary.cancelled, false);
    assert.equal(end.summary.scored.length, 24);
    assert.deepEqual(end.summary.misses, await readMisses(out));
    assert.ok((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo).finished_at);
  });

  it('refused or missing something: one `failed` event naming all of it, and no run folder', async () => {
    const corpus = demoCorpus(SYSTEMS);
    const out = join(tempDir(), 'run');
    const missing = await eventsOf(executeRun(prepareRun({ corpusDir: corpus, outDir: out, cwd: corpus, budgets: [400] })));
    assert.deepEqual(kinds(missing), ['failed']);
    const error = (missing[0] as Extract<RunEvent, { kind: 'failed' }>).error;
    assert.ok(error instanceof FixtureLabError);
    assert.equal(error.message, '.: the run cannot start; missing:\n  - system absent: `fixture-lab-no-such-program` is not installed (not on PATH)\n  - system unrecorded: no recorded run at no-such-run/raw');
    const refused = await eventsOf(executeRun(prepareRun({ corpusDir: corpus, outDir: out, cwd: corpus, systems: ['grep'], tasks: 'nothing-like-this' })));
    assert.deepEqual(kinds(refused), ['failed']);
    assert.ok((refused[0] as Extract<RunEvent, { kind: 'failed' }>).error instanceof NothingToRunError);
    // A corpus that does not load: the same one event.
    const broken = await eventsOf(executeRun(prepareRun({ corpusDir: join(corpus, 'no-such-corpus'), outDir: out, cwd: corpus })));
    assert.deepEqual(kinds(broken), ['failed']);
    assert.equal(existsSync(out), false);
  });

  it('cancelled: ends with `cancelled`, nothing recorded of the system it stopped, and the run is not finished on disk', async () => {
    const corpus = demoCorpus(SLOW_SYSTEMS);
    const out = join(tempDir(), 'run');
    const controller = new AbortController();
    const events = await eventsOf(executeRun(prepareRun({ corpusDir: corpus, outDir: out, cwd: corpus, tasks: 'bookshop-easy-01', budgets: [5000] }), { signal: controller.signal }), (e) => {
      // The slow system is asked only after grep answered: stop it while it waits.
      if (e.kind === 'answer' && e.raw.system === 'grep') setTimeout(() => controller.abort(), 300);
    });
    assert.deepEqual(kinds(events), ['started', 'answer', 'cancelled']);
    assert.equal(answers(events)[0].raw.system, 'grep');
    const end = events.at(-1) as Extract<RunEvent, { kind: 'cancelled' }>;
    assert.equal(end.summary.cancelled, true);
    assert.equal(existsSync(join(out, 'raw/slow')), false);
    assert.equal((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunInfo).finished_at, undefined);
  });
});

describe('RunStore: the run\'s state, event by event', function () {
  this.timeout(300_000);

  it('holds what the disk holds after the run, from the events alone (the run folder gone before they are applied)', async () => {
    const corpus = demoCorpus(SYSTEMS);
    const out = join(tempDir(), 'run-20260202-000000');
    const events = await eventsOf(executeRun(prepareRun({ corpusDir: corpus, outDir: out, cwd: corpus, systems: ['grep', 'bm25'], budgets: [5000] })));
    const onDisk = { run: await readRun(out), misses: await readMisses(out), scored: await scoreRun(await readRun(out), await loadCorpus(corpus, corpus)) };
    const raws = new Map<string, RawResult>();
    for (const s of onDisk.scored) raws.set(`${s.raw.system} ${s.raw.task}`, s.raw);
    rmSync(out, { recursive: true });

    const store = new RunStore();
    const heard: string[] = [];
    store.subscribe((e, s) => heard.push(`${e.kind}:${s.busy ? 'busy' : 'idle'}`));
    const runningAfter: string[][] = [];
    for (const e of events) {
      store.apply(e);
      if (e.kind === 'answer') runningAfter.push([...store.running()]);
    }
    assert.deepEqual(heard, events.map((e) => `${e.kind}:${e.kind === 'finished' ? 'idle' : 'busy'}`), 'every event heard once the store holds it');
    assert.equal(store.current?.name, 'run-20260202-000000');
    assert.equal(store.current?.status, 'finished');
    assert.equal(store.latest, store.current);
    assert.deepEqual(store.current?.info, onDisk.run.info);
    assert.deepEqual(store.missesOf(out), onDisk.misses);
    const byPair = (scored: typeof onDisk.scored) => new Map(scored.map((s) => [`${s.raw.system} ${s.raw.task}`, [s.raw, s.score]]));
    assert.deepEqual(byPair(store.scored()), byPair(onDisk.scored));
    for (const task of onDisk.run.info.tasks) {
      assert.deepEqual([...store.answersTo(task)].sort(), [...['bm25', 'grep']].map((system) => [system, raws.get(`${system} ${task}`)]));
    }
    // While the run went: grep ran until its last answer, then bm25.
    const perSystem = onDisk.run.info.tasks.length;
    assert.deepEqual(runningAfter.slice(0, perSystem - 1).map((r) => r.join()), Array(perSystem - 1).fill('grep,bm25'));
    assert.deepEqual(runningAfter[perSystem - 1], ['bm25']);
    assert.deepEqual(runningAfter.at(-1), []);
    assert.deepEqual(store.progressOf('grep'), { done: perSystem, total: perSystem });
  });

  it('a cancelled run is never the latest: the finished run before it keeps its place and its misses; a failed one changes neither', async () => {
    const corpus = demoCorpus(SLOW_SYSTEMS);
    const store = new RunStore();
    const first = join(tempDir(), 'run-20260303-000000');
    for await (const e of executeRun(prepareRun({ corpusDir: corpus, outDir: first, cwd: corpus, systems: ['grep'], tasks: 'bookshop-easy-01', budgets: [5000] }))) store.apply(e);
    const misses = await readMisses(first);
    assert.equal(store.latest?.dir, first);

    const second = join(tempDir(), 'run-20260303-000001');
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const e of executeRun(prepareRun({ corpusDir: corpus, outDir: second, cwd: corpus, systems: ['slow'], tasks: 'bookshop-easy-01', budgets: [5000] }), { signal: controller.signal })) {
      if (e.kind === 'started') setTimeout(() => controller.abort(), 300);
      store.apply(e);
      seen.push(`${e.kind}: latest ${store.latest?.name}, current ${store.current?.name} ${store.current?.status}`);
    }
    assert.deepEqual(seen.filter((l) => !l.startsWith('index')), [
      'started: latest run-20260303-000000, current run-20260303-000001 running',
      'cancelled: latest run-20260303-000000, current run-20260303-000001 cancelled',
    ]);
    assert.deepEqual(store.missesOf(first), misses);
    assert.deepEqual(store.running(), new Set());

    const refused = await eventsOf(executeRun(prepareRun({ corpusDir: corpus, outDir: join(tempDir(), 'run'), cwd: corpus, tasks: 'nothing-like-this' })));
    for (const e of refused) store.apply(e);
    assert.equal(store.latest?.dir, first);
    assert.equal(store.current?.dir, second);
    assert.ok(store.error instanceof NothingToRunError);
  });
});
