// The `fixture-lab` executable (dist/cli.js): loads the CLI's bundle (dist/cli-main.js, built from
// main.ts) through the compile cache, so a process does not compile the same 2 MB again
// (compileCache.ts). Kept this small: it is the part every process compiles.
import { join } from 'node:path';
import { requireCached, setV8Flags } from './compileCache';

// V8 optimizes a function with TurboFan, on its other threads, once it has run a while (its
// "interrupt budget"). A CLI process is short: in a one-fixture `run` that compiling was about 0.4 s
// of the process's 1.4 s of CPU (the threads besides the main one), for functions that ran a few
// times more and were done. Four times the default budget (66 KiB of bytecode run) leaves the
// optimizing to what is really hot: the one-fixture run took about 0.35 s less CPU and the demo's
// whole run 0.3 s less, and `metrics` on 25 MB of TREC files (hot loops) no more than before
// (docs/performance.md). Set before the bundle is compiled, so its code cache is made and used
// under the same flags (setV8Flags keys the cache by them).
const flags = ['--interrupt-budget=270336'];

// `symbols` and `candidates` parse a change's files with tree-sitter's WebAssembly, a few dozen to a
// hundred parses. By default V8 compiles the grammar with Liftoff when it loads, then compiles the
// parser's hot functions again with TurboFan on its other threads as the first parses run: about
// 0.1 s of CPU (the parser's main loop alone is 27 KB of WebAssembly), paid back only after a few
// hundred parses. Liftoff's code alone costs these commands 7-10% less CPU on flask's changes;
// commands that parse for longer (`validate`, `run`) keep V8's default, where TurboFan's code wins.
const LIFTOFF_ONLY = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'];
if (process.argv[2] === 'symbols' || process.argv[2] === 'candidates') flags.push(...LIFTOFF_ONLY);
setV8Flags(flags);

// `metrics` has a bundle of its own (metricsMain.ts says why); every other command is in cli-main.js.
requireCached(join(__dirname, process.argv[2] === 'metrics' ? 'cli-metrics.js' : 'cli-main.js'));
