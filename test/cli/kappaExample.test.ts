// docs/fixture-format.md's worked kappa ("Kappa, worked"): 60 candidates, the labeler includes 15,
// the verifier 14, 12 shared. The figures the page quotes are what `fixture-lab kappa` prints for
// that fixture, with and without its candidates.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

const DOC = readFileSync(resolve(__dirname, '../../../docs/fixture-format.md'), 'utf8');
const REPOS = 'repos:\n  - name: demo\n    url: https://example.com/demo.git\n    commit: "0123456"\n    language: python\n';

function fixture(withCandidates: boolean): string {
  const candidates = Array.from({ length: 60 }, (_, i) => `shop/m${String(i).padStart(2, '0')}.f`);
  const dana = candidates.slice(0, 15);
  const lee = [...candidates.slice(0, 12), ...candidates.slice(15, 17)];
  const labels = (names: string[], high: number) => names.map((s, i) => `    - symbol: "${s}"\n      confidence: ${i < high ? 'HIGH' : 'MEDIUM'}\n      reason: "r"\n`).join('');
  return `id: "demo-medium-01"\nrepo: demo\ntask: "t"\ndiff:\n  base: "0123456"\n  head: "0123457"\n`
    + (withCandidates ? `candidates:\n${candidates.map((c) => `  - "${c}"\n`).join('')}` : '')
    + `ground_truth: []\nlabeler: "dana"\nverifier: "lee"\nlabels:\n  dana:\n${labels(dana, 10)}  lee:\n${labels(lee, 8)}`
    // Its review finished: agreement exists only then.
    + `agreement: ${withCandidates ? 0.773 : -0.164}\n`;
}

async function kappaOf(withCandidates: boolean): Promise<string> {
  const dir = tempDir({ 'repos.yaml': REPOS });
  mkdirSync(join(dir, 'tasks/demo/medium'), { recursive: true });
  writeFileSync(join(dir, 'tasks/demo/medium/01-x.yaml'), fixture(withCandidates));
  const out = await run(dir, 'kappa', 'tasks/demo/medium/01-x.yaml');
  assert.equal(out.code, 0, out.stderr);
  return out.stdout.split('\n')[0];
}

describe('the worked kappa in docs/fixture-format.md', () => {
  it('is what fixture-lab kappa prints for 15 and 14 of 60 candidates, 12 shared', async () => {
    const line = await kappaOf(true);
    assert.equal(line, 'demo-medium-01: kappa 0.773 moderate, kappa_confidence 0.704, observed 0.917, expected 0.633; 60 items, 7 disagreements');
    assert.ok(DOC.includes('`kappa 0.773 moderate, kappa_confidence 0.704, observed 0.917, expected\n0.633; 60 items, 7 disagreements`'), 'the page quotes the CLI');
    assert.ok(DOC.includes('= 0.283 / 0.367 = **0.773**'));
  });

  it('without the candidates the same labels give -0.164, as the page says', async () => {
    const line = await kappaOf(false);
    assert.match(line, /: kappa -0\.164 weak, .*observed 0\.706, expected 0\.747; 17 items/);
    assert.ok(DOC.includes('observed 12/17 = 0.706') && DOC.includes('kappa −0.164'));
  });
});
