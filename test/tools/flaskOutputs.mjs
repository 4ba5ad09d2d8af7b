// Writes what `symbols` and `candidates` print for flask merges, so that two builds can be compared
// byte for byte (issue 29: a speed change must not change an output). For each merge (its first
// parent against it): `symbols --json`, `candidates --json`, `candidates --json --tests mixed --limit
// 200` and `candidates`' text, each with its stderr and exit code, the disk symbol cache off (so a
// build reads nothing an earlier build wrote). Run from a worktree, after `node esbuild.mjs`:
//   node test/tools/flaskOutputs.mjs <flask clone> <output folder> [<dist folder>] [<count, 14>]
// then `diff -r` two output folders. The merges are the newest COUNT of the clone's first-parent
// history from `FLASK_HEAD` (default c34d6e81, so a clone fetched later lists the same ones), plus
// 7b008869..c34d6e81 and adf36367^..adf36367, the two changes issue 29 times.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [clone, out, dist = join(import.meta.dirname, '../../dist'), count = '14'] = process.argv.slice(2);
if (!clone || !out) throw new Error('usage: node test/tools/flaskOutputs.mjs <flask clone> <output folder> [<dist folder>] [<count>]');
const cli = resolve(dist, 'cli.js');
const git = (...args) => execFileSync('git', ['-C', clone, ...args], { encoding: 'utf8' }).trim();
const merges = git('log', '--merges', '--first-parent', '--format=%h', `-n${count}`, process.env.FLASK_HEAD ?? 'c34d6e81').split('\n');
const changes = merges.map((m) => [`${m}^`, m]);
changes.push(['7b008869', 'c34d6e81'], ['adf36367^', 'adf36367']);
mkdirSync(out, { recursive: true });
const env = { ...process.env, FIXTURE_LAB_SYMBOL_CACHE: 'off' };
const runs = [
  ['symbols.json', 'symbols', '--json'],
  ['candidates.json', 'candidates', '--json'],
  ['candidates-mixed.json', 'candidates', '--json', '--tests', 'mixed', '--limit', '200'],
  ['candidates.txt', 'candidates'],
];
for (const [base, head] of changes) {
  for (const [name, command, ...flags] of runs) {
    const r = spawnSync(process.execPath, [cli, command, '--repo', clone, '--base', base, '--head', head, ...flags], { env, encoding: 'utf8', maxBuffer: 1 << 28 });
    const file = join(out, `${base.replace('^', '-parent')}..${head}.${name}`);
    writeFileSync(file, `exit ${r.status}\n--- stderr\n${r.stderr}--- stdout\n${r.stdout}`);
  }
  process.stdout.write(`${base}..${head} `);
}
process.stdout.write(`\n${changes.length * runs.length} outputs in ${out}\n`);
