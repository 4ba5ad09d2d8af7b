// The `fixture-lab` executable (dist/cli.js): loads the CLI's bundle (dist/cli-main.js, built from
// main.ts) through the compile cache, so a process does not compile the same 2 MB again
// (compileCache.ts). Kept this small: it is the part every process compiles.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { requireCached } from './compileCache';

// V8 optimizes a function with TurboFan, on its other threads, once it has run a while (its
// "interrupt budget"). A CLI process is short: in a one-fixture `run` that compiling was about 0.4 s
// of the process's 1.4 s of CPU (the threads besides the main one), for functions that ran a few
// times more and were done. Four times the default budget (66 KiB of bytecode run) leaves the
// optimizing to what is really hot: the one-fixture run took about 0.35 s less CPU and the demo's
// whole run 0.3 s less, and `metrics` on 25 MB of TREC files (hot loops) no more than before
// (docs/performance.md). Set before the bundle is compiled, so its code cache is made and used
// under the same flags.
setFlagsFromString('--interrupt-budget=270336');

// `metrics` has a bundle of its own (metricsMain.ts says why); every other command is in cli-main.js.
requireCached(join(__dirname, process.argv[2] === 'metrics' ? 'cli-metrics.js' : 'cli-main.js'));
