import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
const dirs = process.argv.slice(2);
const mocha = new Mocha({ ui: 'bdd', timeout: 60000, reporter: 'dot', parallel: true, jobs: 2 });
for (const d of dirs) for (const f of readdirSync(d).sort()) if (f.endsWith('.test.js')) mocha.addFile(join(process.cwd(), d, f));
const started = Date.now();
const runner = mocha.run(() => console.log('\nstats', JSON.stringify(runner.stats), (Date.now() - started) / 1000));
