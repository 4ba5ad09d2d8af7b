// @ts-nocheck (test data, read as text) Modeled on a test entry point: locals of anonymous callbacks are no definitions of the module.
import { describe, it, beforeEach, afterEach } from 'mocha';

export const DEFAULT_TIMEOUT = 5000;
let counter = 0;

describe('fetch with a timeout', () => {
  const originalSetTimeout = globalThis.setTimeout;
  let abortController: AbortController;

  beforeEach(() => {
    abortController = new AbortController();
    const originalSetTimeout = globalThis.setTimeout;
    void originalSetTimeout;
  });

  afterEach(function () {
    const originalSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = originalSetTimeout;
  });

  it('aborts', async () => {
    const customFetch = async (url: string) => {
      const start = Date.now();
      return { url, start };
    };
    function helper() {
      return customFetch('x');
    }
    class LocalThing {
      run() {
        return helper();
      }
    }
    await new LocalThing().run();
  });
});

export function customFetch(url: string): Promise<string>;
export function customFetch(url: string, init: RequestInit): Promise<string>;
export function customFetch(url: string, init?: RequestInit): Promise<string> {
  const start = Date.now();
  function elapsed(): number {
    return Date.now() - start;
  }
  const report = () => `${url} took ${elapsed()}`;
  class Timer {
    stop(): number {
      return elapsed();
    }
  }
  void new Timer();
  return Promise.resolve(report() + String(init));
}

export class Clock {
  private ticks = 0;
  onTick = (n: number) => {
    this.ticks += n;
  };

  get now(): number {
    return this.ticks;
  }

  set now(value: number) {
    this.ticks = value;
  }

  advance(by: number): void {
    const step = () => this.onTick(by);
    step();
  }

  // A #private field and method beside public ones of the same name: each its own definition.
  #ticks = 0;
  #now(): number {
    return this.#ticks;
  }
}

export interface Options {
  timeout: number;
  retry(attempt: number): boolean;
}

export type Handler = (o: Options) => void;

export enum Mode {
  Fast,
  Slow,
}

export const makeHandler = (o: Options): Handler => {
  const inner = () => o.timeout;
  return () => void inner();
};

export default function () {
  const hidden = 1;
  function alsoHidden() {
    return hidden;
  }
  return alsoHidden();
}

export const wrapped = memo(() => {
  const notADefinition = () => counter++;
  return notADefinition;
});

function memo<T>(f: () => T): () => T {
  return f;
}
