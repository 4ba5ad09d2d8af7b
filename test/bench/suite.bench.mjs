// `npm run bench:suite`: where `npm test`'s time goes, phase by phase, in CPU seconds (user +
// system of the phase's whole process tree, orphans included) beside wall seconds, each
// with its ratio to `node -e 0` measured in the same run. CPU, not wall: on a shared machine the
// wall time says how busy the machine was; on CI's two cores the suite's wall time is about its
// CPU over two once the phases overlap (test/run.mjs).
//
// Usage: node test/bench/suite.bench.mjs [build] [typecheck] [unit] [integration] [restricted] [installed] [npm-test] [--files=<part of a path>]
// (every phase but npm-test by default; `node esbuild.mjs` first for anything but the build;
// npm-test is the whole `npm test`, its output shown, with the cores it kept busy). The unit phase
// runs each test file as its own mocha process, FIXTURE_LAB_TEST_JOBS (2) at a time, and lists
// the files by CPU; `--files=cli/` keeps the files whose path holds it.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../vscode/setup.mjs';
import { slowFirst, unitTestFiles } from '../unitTestFiles.mjs';

const PHASES = ['build', 'typecheck', 'unit', 'integration', 'restricted', 'installed'];
const args = process.argv.slice(2);
const asked = args.filter((a) => !a.startsWith('--'));
// `npm-test`, only when asked: the whole `node test/run.mjs` as one process tree, its phases overlapping as they do there.
for (const phase of asked) if (![...PHASES, 'npm-test'].includes(phase)) throw new Error(`no phase ${phase}: one of ${PHASES.join(', ')}, npm-test`);
const phases = asked.length > 0 ? asked : PHASES;
const only = args.find((a) => a.startsWith('--files='))?.slice('--files='.length);
const jobs = Math.max(1, Number(process.env.FIXTURE_LAB_TEST_JOBS ?? 2) || 1);

/**
 * Runs argv as the child of a small Python process that makes itself a child subreaper
 * (prctl PR_SET_CHILD_SUBREAPER) and reaps every descendant, orphans too (esbuild's service,
 * chromium's renderers, code-server's detached group), then prints its children's user + system
 * time. Python 3 is there wherever code-server installs (node-gyp builds its addons with it).
 * Resolves to { cpu, wall, code }.
 */
const REAPER = `
import ctypes, os, resource, subprocess, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL if os.environ.get('QUIET') else 2)
code = None
while True:
    try:
        pid, status = os.wait()
    except ChildProcessError:
        break
    if pid == child.pid:
        code = os.waitstatus_to_exitcode(status)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime, code)
`;

function measured(argv, { quiet = true } = {}) {
  const started = Date.now();
  const child = spawn('python3', ['-c', REAPER, ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...(quiet ? { QUIET: '1' } : {}) },
    stdio: ['ignore', 'pipe', quiet ? 'ignore' : 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('error', (e) => reject(new Error(`bench:suite measures CPU with python3: ${e.message}`)));
    child.on('close', () => {
      const [cpu, code] = out.trim().split(/\s+/);
      resolve({ cpu: Number(cpu), wall: (Date.now() - started) / 1000, code: code === 'None' ? 'killed' : Number(code) });
    });
  });
}

const mocha = join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
const loadAverage = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(', ')}`;
const fmt = (s) => s.toFixed(1).padStart(7);

const baselines = [];
for (let i = 0; i < 5; i++) baselines.push((await measured([process.execPath, '-e', '0'])).cpu);
const baseline = baselines.sort((a, b) => a - b)[2];
console.log(`baseline: node -e 0, ${baseline.toFixed(3)} s CPU (median of 5); ${loadAverage()}`);
const ratio = (cpu) => `${Math.round(cpu / baseline)}x`.padStart(6);
console.log(`${'phase'.padEnd(44)} ${'CPU s'.padStart(7)} ${'wall s'.padStart(7)}  CPU/baseline`);
const line = (name, r) => console.log(`${name.padEnd(44)} ${fmt(r.cpu)} ${fmt(r.wall)} ${ratio(r.cpu)}${r.code === 0 ? '' : `  (exit ${r.code})`}`);

/**
 * npm test's two mocha workers (its default) played with the CPU just measured: each file
 * in npm test's order goes to the worker free first and takes its CPU seconds there, as on a core of
 * its own. Its end against CPU / jobs says what the order costs: how long one worker would sit idle
 * at the end while the other finishes (npm test's last minutes, when the real-VS-Code passes are
 * done and the workers have the cores to themselves). A file's waits are not in it: on a machine the
 * passes share, their CPU fills them (docs/performance.md).
 */
function schedule(results) {
  const cpuOf = new Map(results.map((r) => [join(ROOT, 'out', 'test', r.file), r.cpu]));
  const workers = [0, 0];
  const order = slowFirst([...cpuOf.keys()].sort());
  for (const file of order) {
    const first = workers.indexOf(Math.min(...workers));
    workers[first] += cpuOf.get(file);
  }
  const end = Math.max(...workers);
  const last = order.slice(-3).map((f) => relative(join(ROOT, 'out', 'test'), f)).join(', ');
  console.log(`  npm test's schedule with these CPU times: ${workers.length} workers end at ${end.toFixed(1)} s against CPU / ${workers.length} = `
    + `${(workers.reduce((a, b) => a + b, 0) / workers.length).toFixed(1)} s; one idles ${(end - Math.min(...workers)).toFixed(1)} s at the end; the last files ${last}`);
}

let total = 0;
for (const phase of phases) {
  if (phase === 'build') {
    const r = await measured([process.execPath, 'esbuild.mjs']);
    line('build (node esbuild.mjs)', r);
    total += r.cpu;
  } else if (phase === 'npm-test') {
    const r = await measured([process.execPath, join('test', 'run.mjs')], { quiet: false });
    line('npm test (test/run.mjs, phases overlapping)', r);
    // How well the two cores were kept busy: CPU over twice the wall time (1 is both cores all the time).
    console.log(`  cores in use: ${(r.cpu / r.wall).toFixed(2)} of 2 on average (the machine's load shares them: ${loadAverage()})`);
    total += r.cpu;
  } else if (phase === 'typecheck') {
    const r = await measured([process.execPath, join('test', 'typecheck.mjs')]);
    line('typecheck (tsc per part, then eslint)', r);
    total += r.cpu;
  } else if (phase === 'unit') {
    const files = unitTestFiles().filter((f) => !only || relative(ROOT, f).includes(only));
    const results = [];
    const started = Date.now();
    let next = 0;
    await Promise.all(Array.from({ length: jobs }, async () => {
      while (next < files.length) {
        const file = files[next++];
        results.push({ file: relative(join(ROOT, 'out', 'test'), file), ...(await measured([process.execPath, mocha, '--timeout', '120000', file])) });
      }
    }));
    for (const r of results.sort((a, b) => b.cpu - a.cpu)) line(`  ${r.file}`, r);
    const cpu = results.reduce((s, r) => s + r.cpu, 0);
    const failing = results.filter((r) => r.code !== 0).length;
    line(`unit (${files.length} file${files.length === 1 ? '' : 's'}, ${jobs} at a time)`, { cpu, wall: (Date.now() - started) / 1000, code: failing === 0 ? 0 : `${failing} files failing` });
    schedule(results);
    total += cpu;
  } else {
    // Each real-VS-Code pass alone, its .vsix packaged within it (npm test packages one for both that install it).
    const pass = phase === 'integration' ? 'main' : phase;
    const r = await measured([process.execPath, join('test', 'vscode', 'integration.mjs'), `--pass=${pass}`]);
    line({ main: 'integration (real VS Code, main pass)', restricted: 'restricted (Restricted Mode pass, .vsix)', installed: 'installed (a new user, .vsix)' }[pass], r);
    total += r.cpu;
  }
}
console.log(`${'total'.padEnd(44)} ${fmt(total)} ${' '.repeat(7)} ${ratio(total)}  (${(total / 2 / 60).toFixed(1)} min of two cores at full use)`);
