// The one owner of a run's state while it is made and after: the run under way (or the last one
// this store saw), its scored answers, each system's progress, and the latest run that finished.
// It changes only by `apply`, one RunEvent at a time, and never reads the disk: what an event
// says is all it knows. Front ends subscribe and hear every event after the state has taken it.
// A cancelled or failed run is never the latest: what it recorded still shows, but the latest
// finished run keeps its place (its misses are what triage works on).
import { basename } from 'node:path';
import type { ScoredResult } from './analysis';
import type { Miss } from './failures';
import type { RawResult, RunInfo } from './results';
import type { RunEvent } from './run';

export type StoredRunStatus = 'running' | 'finished' | 'cancelled' | 'failed';

export interface StoredRun {
  dir: string;
  /** The folder's name, `run-20261123-101500`. */
  name: string;
  info: RunInfo;
  status: StoredRunStatus;
  /** The run's misses once analyzed (finished or cancelled); empty before. */
  misses: Miss[];
}

export interface SystemProgress {
  done: number;
  total: number;
}

export type RunListener = (event: RunEvent, store: RunStore) => void;

export class RunStore {
  private run?: StoredRun;
  private finished?: StoredRun;
  /** The primary-budget answers of `run`, scored, by system and task. */
  private readonly answers = new Map<string, ScoredResult>();
  private readonly progress = new Map<string, SystemProgress>();
  private readonly listeners = new Set<RunListener>();
  private failure?: Error;

  /** The run under way, else the last one this store saw (whatever its end). */
  get current(): StoredRun | undefined {
    return this.run;
  }

  /** The latest run that finished: never a cancelled or failed one. */
  get latest(): StoredRun | undefined {
    return this.finished;
  }

  get busy(): boolean {
    return this.run?.status === 'running';
  }

  /** Why the last run failed, when its end was `failed`. */
  get error(): Error | undefined {
    return this.failure;
  }

  /** Systems of the run under way that still have answers to give. */
  running(): Set<string> {
    if (!this.busy) return new Set();
    return new Set([...this.progress].filter(([, p]) => p.done < p.total).map(([system]) => system));
  }

  progressOf(system: string): SystemProgress | undefined {
    return this.progress.get(system);
  }

  /** The current run's scored answers, by system and task (primary budget). */
  scored(): ScoredResult[] {
    return [...this.answers.values()];
  }

  /** The current run's answer of each system to one task. */
  answersTo(task: string): Map<string, RawResult> {
    const out = new Map<string, RawResult>();
    for (const { raw } of this.answers.values()) if (raw.task === task) out.set(raw.system, raw);
    return out;
  }

  /** The misses of a run this store holds (after a person's triage, `triaged` updates them). */
  missesOf(dir: string): Miss[] | undefined {
    return [this.run, this.finished].find((r) => r?.dir === dir && r.status !== 'running')?.misses;
  }

  /** A person's triage rewrote a run's misses: the store holds them as they now stand. */
  triaged(dir: string, misses: Miss[]): void {
    for (const r of new Set([this.run, this.finished])) if (r?.dir === dir) r.misses = misses;
  }

  apply(event: RunEvent): void {
    switch (event.kind) {
      case 'started':
        this.run = { dir: event.dir, name: event.run, info: event.info, status: 'running', misses: [] };
        this.failure = undefined;
        this.answers.clear();
        this.progress.clear();
        for (const system of event.systems) this.progress.set(system, { done: event.doneBy[system] ?? 0, total: event.perSystem });
        break;
      case 'answer':
        if (event.scored) this.answers.set(keyOf(event.raw), event.scored);
        this.progress.set(event.raw.system, { done: event.systemDone, total: event.perSystem });
        break;
      case 'finished':
      case 'cancelled': {
        const { summary } = event;
        const name = this.run?.dir === summary.dir ? this.run.name : basename(summary.dir);
        const run: StoredRun = { dir: summary.dir, name, info: summary.info, status: event.kind, misses: summary.misses };
        this.run = run;
        // The analysis scored every answer of the folder (a resume's earlier ones too).
        this.answers.clear();
        for (const s of summary.scored) this.answers.set(keyOf(s.raw), s);
        if (event.kind === 'finished') this.finished = run;
        break;
      }
      case 'failed':
        this.failure = event.error;
        if (this.run?.status === 'running') this.run = { ...this.run, status: 'failed' };
        break;
      case 'install':
      case 'index':
      case 'warning':
        break;
    }
    for (const listener of [...this.listeners]) listener(event, this);
  }

  /** Hear every event once the store holds it; returns the unsubscribe. */
  subscribe(listener: RunListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

const keyOf = (raw: Pick<RawResult, 'system' | 'task'>) => JSON.stringify([raw.system, raw.task]);
