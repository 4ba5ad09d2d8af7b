// The harness commands: open the Benchmark panel, run systems on the open fixture, cancel a run, pool a run.
// What a run does is the runner's (harness/runner.ts) and the RunStore's; these only call it.
import { poolRun } from '../harness/pool';
import type { SomeHandlers } from './handler';

export const HARNESS_COMMANDS = {
  'fixtureLab.openPanel': (s) => {
    s.panels.show();
    return true;
  },

  'fixtureLab.runBenchmark': async (s, request) => {
    s.panels.show();
    return s.runner.run(request);
  },

  'fixtureLab.cancelRun': (s) => {
    s.runner.cancel();
    return true;
  },

  'fixtureLab.poolRun': (s, { run }) => poolRun(s, run),
} satisfies SomeHandlers;
