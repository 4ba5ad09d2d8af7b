// The harness commands: open the Benchmark panel, run systems on the open fixture, cancel a run.
import { FixtureLabError } from '../../core';
import { BenchmarkPanel } from '../harness/panel';
import type { SomeHandlers } from './handler';

export const HARNESS_COMMANDS = {
  'fixtureLab.openPanel': (s) => {
    BenchmarkPanel.show(s);
    return true;
  },

  'fixtureLab.runBenchmark': async (s, request) => {
    BenchmarkPanel.show(s);
    return s.runner.run(request);
  },

  'fixtureLab.cancelRun': (s) => {
    if (!s.runner.busy) throw new FixtureLabError('no run is under way');
    s.runner.cancel();
    return true;
  },
} satisfies SomeHandlers;
