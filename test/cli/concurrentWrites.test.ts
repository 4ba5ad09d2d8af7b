// Racing writers, as people and scripts make them: real `fixture-lab label add` processes (the
// built CLI) started together on one fixture. Every writer that reports success must find its
// label in the final file; with the lock, every writer succeeds.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { mulberry32, readFixture } from '../../src/core';
import { tempCorpus } from '../helpers/tempCorpus';

const BIN = resolve(__dirname, '../../../dist/cli.js');
const ROUNDS = 30;
const WRITERS = 8;
const PATH = 'tasks/demo/easy/01-a.yaml';

interface Outcome {
  symbol: string;
  code: number | null;
  stderr: string;
}

function labelAdd(cwd: string, symbol: string, rater: string | undefined): Promise<Outcome> {
  const args = [BIN, 'label', 'add', PATH, symbol, '--confidence', 'HIGH', '--reason', `writer of ${symbol}`, '--rater', rater ?? 'dana'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ symbol, code, stderr }));
  });
}

/** A fixture whose target list starts with `existing` items, in block or flow style. */
function fixtureText(existing: string[], flow: boolean, rater: string | undefined): string {
  const items = flow
    ? ` [${existing.map((s) => `{symbol: ${s}, confidence: HIGH, reason: r}`).join(', ')}]\n`
    : existing.length === 0 ? ' []\n' : '\n' + existing.map((s) => `  - symbol: ${s}\n    confidence: HIGH\n    reason: r\n`).join('');
  const head = 'id: "demo-easy-01"\nrepo: demo\ntask: "Race"\n';
  return rater ? `${head}ground_truth: []\nlabeler: dana\nverifier: ${rater}\nlabels:\n  ${rater}:${items.replace(/^ {2}/gm, '    ')}` : `${head}ground_truth:${items}labeler: dana\n`;
}

describe('racing writers on one fixture', function () {
  this.timeout(600_000);

  it(`${ROUNDS} rounds x ${WRITERS} label add processes lose nothing: every reported success is in the file (property, seeded shapes)`, async () => {
    const next = mulberry32(20241);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
    let successes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const rater = pick([undefined, 'lee']);
      const existing = Array.from({ length: pick([0, 1, 3]) }, (_, i) => `a/b.Old${i}`);
      const flow = existing.length > 0 && next() < 0.3;
      const crlf = next() < 0.3;
      const linked = next() < 0.3;
      let text = fixtureText(existing, flow, rater);
      if (crlf) text = text.replace(/\n/g, '\r\n');
      const shape = JSON.stringify({ round, rater, existing: existing.length, flow, crlf, linked });

      const dir = tempCorpus();
      const real = linked ? join(dir, 'store', 'real.yaml') : join(dir, PATH);
      mkdirSync(dirname(real), { recursive: true });
      writeFileSync(real, text);
      if (linked) {
        mkdirSync(dirname(join(dir, PATH)), { recursive: true });
        symlinkSync(real, join(dir, PATH));
      }

      const symbols = Array.from({ length: WRITERS }, (_, i) => `r${round}/w.Sym${i}`);
      const outcomes = await Promise.all(symbols.map((s) => labelAdd(dir, s, rater)));

      const final = readFileSync(real, 'utf8');
      const read = readFixture(final, real);
      assert.ok(read.parsed, `${shape}: the file no longer parses\n${final}`);
      const list = (rater ? read.fixture.labels[rater] : read.fixture.ground_truth) ?? [];
      const labeled = new Set(list.map((l) => l.symbol));
      const lost = outcomes.filter((o) => o.code === 0 && !labeled.has(o.symbol));
      assert.deepEqual(lost.map((o) => o.symbol), [], `${shape}: reported successes missing from the file\n${final}`);
      assert.deepEqual(outcomes.filter((o) => o.code !== 0).map((o) => `${o.symbol}: exit ${o.code}: ${o.stderr}`), [], `${shape}: writers that failed`);
      for (const s of existing) assert.ok(labeled.has(s), `${shape}: ${s} was lost`);
      assert.equal(list.length, existing.length + WRITERS, shape);
      if (crlf) assert.doesNotMatch(final, /[^\r]\n/, `${shape}: a lone LF in a CRLF file`);
      if (linked) assert.ok(lstatSync(join(dir, PATH)).isSymbolicLink(), `${shape}: the link was replaced`);
      // No lock and no temp file is left behind.
      for (const folder of new Set([dirname(real), dirname(join(dir, PATH))])) {
        assert.deepEqual(readdirSync(folder).filter((n) => n.startsWith('.')), [], `${shape}: left in ${folder}`);
      }
      successes += outcomes.filter((o) => o.code === 0).length;
    }
    assert.equal(successes, ROUNDS * WRITERS);
  });
});
