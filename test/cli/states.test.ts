// Agreement exists only for a finished review, and no command leaves a fixture in a state that
// validate calls broken or that only a hand edit can leave: every CLI command that reads or
// writes a fixture, run on a fixture in every protocol state (unlabeled, labeled, in review with
// and without blind drafts, reviewed, settled), then the protocol completed with CLI commands alone.
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { candidatesOf, keptDraftPath, newFixtureText, readFixture, Repository, summarizeFixture } from '../../src/core';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir, writeFiles } from '../helpers/tempDir';

const BASE = {
  'shop/pricing.py': 'CAP = 50\n\n\ndef apply_discount(total, percent):\n    return total * (100 - min(percent, CAP)) / 100\n\n\ndef price_with_tax(total, rate):\n    return total * (1 + rate)\n',
  'shop/cart.py': 'from shop.pricing import apply_discount\n\n\nclass Cart:\n    def total(self, percent):\n        return apply_discount(self.subtotal(), percent)\n\n    def subtotal(self):\n        return 0\n',
};
const HEAD = { 'shop/pricing.py': BASE['shop/pricing.py'].replace('min(percent, CAP)', 'min(percent + 1, CAP)') };
const F = 'tasks/shop/easy/01-discount.yaml';
const STATES = ['unlabeled', 'labeled', 'in review', 'in review (blind drafts)', 'reviewed', 'settled'] as const;
type State = (typeof STATES)[number];

interface Out {
  code: number;
  stdout: string;
  stderr: string;
}

const label = (rater: string, symbol: string, confidence = 'HIGH') => ['label', 'add', F, symbol, '--confidence', confidence, '--reason', `${rater} says so`,
  '--rater', rater];

/** The CLI calls that take a fixture from unlabeled to `state`. */
const TO: Record<State, string[][]> = {
  unlabeled: [],
  labeled: [label('dana', 'shop/pricing.apply_discount'), label('dana', 'shop/cart.Cart.total', 'MEDIUM')],
  'in review': [],
  'in review (blind drafts)': [],
  reviewed: [],
  settled: [],
};
TO['in review'] = [...TO.labeled, ['review', 'start', F, '--verifier', 'lee'], label('lee', 'shop/pricing.apply_discount')];
TO['in review (blind drafts)'] = [...TO.labeled, ['review', 'start', F, '--verifier', 'lee', '--blind-drafts'], label('lee', 'shop/pricing.apply_discount')];
TO.reviewed = [...TO['in review'], ['review', 'finish', F]];
TO.settled = [...TO.reviewed, ['review', 'settle', F, 'shop/cart.Cart.total', '--resolution', 'included', '--rationale', 'the caller']];

/** Every command that reads or writes the fixture, as a person would run it in any state. */
function commands(head: string): string[][] {
  return [
    ['validate', '.'],
    label('dana', 'shop/pricing.price_with_tax', 'MEDIUM'),
    label('lee', 'shop/pricing.CAP', 'MEDIUM'),
    ['label', 'remove', F, 'shop/pricing.apply_discount', '--rater', 'dana'],
    ['label', 'remove', F, 'shop/pricing.apply_discount', '--rater', 'lee'],
    ['review', 'start', F, '--verifier', 'lee'],
    ['review', 'start', F, '--verifier', 'lee', '--blind-drafts'],
    ['review', 'finish', F],
    ['review', 'settle', F, 'shop/cart.Cart.total', '--resolution', 'excluded', '--rationale', 'not needed'],
    ['dispute', 'add', F, 'shop/pricing.price_with_tax', '--resolution', 'included', '--confidence', 'MEDIUM', '--rationale', 'missed', '--unjudged'],
    ['kappa', F],
    ['kappa', F, '--json'],
    ['kappa', F, '--write'],
    ['report', '.'],
    ['relocate', F, '--to', head, '--write'],
    ['run', '.', '--systems', 'grep'],
  ];
}

describe('fixture states: agreement only for a finished review; no command leaves a state that needs a hand edit', function () {
  this.timeout(600_000);
  let repo: TestRepo;
  let head: string;
  const made = new Map<State, string>();

  before(async () => {
    repo = new TestRepo();
    const base = repo.commit('base', BASE);
    head = repo.commit('change', HEAD);
    const opened = await Repository.open(repo.dir);
    const candidates = (await candidatesOf(opened, base, head)).symbols;
    opened.close();
    const text = newFixtureText('shop-easy-01', { repo: 'shop', tier: 'easy', task: 'Discount one more percent', base, head, candidates });
    const start = tempDir();
    writeFiles(start, {
      'repos.yaml': `repos:\n  - name: shop\n    url: https://example.com/shop.git\n    commit: "${head}"\n    language: python\n    path: ${repo.dir}\n`,
      'systems.yaml': 'systems:\n  - name: grep\n    type: grep\n',
      [F]: text,
    });
    for (const state of STATES) {
      const dir = tempDir();
      cpSync(start, dir, { recursive: true });
      for (const argv of TO[state]) {
        const r = await run(dir, ...argv);
        assert.equal(r.code, 0, `${state}: ${argv.join(' ')}: ${r.stderr}`);
      }
      made.set(state, dir);
    }
  });

  const copy = (state: State) => {
    const dir = tempDir();
    cpSync(made.get(state)!, dir, { recursive: true });
    return dir;
  };
  const fixture = (dir: string) => readFixture(readFileSync(join(dir, F), 'utf8'), F).fixture;

  for (const blind of [false, true]) {
    const state: State = blind ? 'in review (blind drafts)' : 'in review';
    it(`${state}: kappa and report say "review in progress" (no number, no paradox), kappa --write is refused naming review finish`, async () => {
      const dir = copy(state);
      const before = readFileSync(join(dir, F), 'utf8');
      const k = await run(dir, 'kappa', F);
      assert.equal(k.code, 0, k.stderr);
      assert.equal(k.stdout, `shop-easy-01: review in progress: kappa is measured when it finishes (\`fixture-lab review finish ${F}\`)\n`);
      const json = JSON.parse((await run(dir, 'kappa', F, '--json')).stdout) as { kappa: number | null; reason: string; items: number }[];
      assert.deepEqual([json[0].kappa, json[0].reason, json[0].items], [null, 'review in progress', 0]);
      const w = await run(dir, 'kappa', F, '--write');
      assert.equal(w.code, 1);
      assert.equal(w.stderr, `fixture-lab: ${F}: the review of shop-easy-01 is in progress: its agreement is measured and written when it finishes `
        + `(\`fixture-lab review finish ${F}\`); nothing was written\n`);
      assert.equal(readFileSync(join(dir, F), 'utf8'), before, 'nothing written');
      assert.equal((await run(dir, 'report', '.')).code, 0);
      const md = readFileSync(join(dir, 'labeling-report.md'), 'utf8');
      assert.match(md, /\| shop-easy-01 \| dana \| lee \| review in progress \|/);
      assert.doesNotMatch(md, /paradox:|Agreement beyond kappa/);
      // review finish is what measures it, and the blind draft comes back.
      assert.equal((await run(dir, 'review', 'finish', F)).code, 0);
      assert.equal(typeof fixture(dir).agreement, 'number');
      assert.match((await run(dir, 'kappa', F)).stdout, /^shop-easy-01: kappa /);
    });
  }

  for (const state of STATES) {
    it(`${state}: every command leaves a fixture validate accepts and the CLI alone can settle`, async () => {
      const failures: string[] = [];
      for (const argv of commands(head)) {
        const dir = copy(state);
        const did = await run(dir, ...argv);
        const problem = await brokenState(dir);
        if (problem) failures.push(`${argv.join(' ')} (exit ${did.code}${did.code ? `: ${did.stderr.trim()}` : ''}): ${problem}`);
      }
      assert.deepEqual(failures, []);
    });
  }

  /** Why the fixture in `dir` is broken or cannot be settled through the CLI, or undefined. */
  async function brokenState(dir: string): Promise<string | undefined> {
    const checked = await run(dir, 'validate', '.', '--no-resolve');
    if (checked.code !== 0) return `validate: ${checked.stdout}${checked.stderr}`.trim();
    const say = (r: Out, what: string) => (r.code === 0 ? undefined : `${what}: ${r.stderr.trim()}`);
    let f = fixture(dir);
    let summary = summarizeFixture(f);
    const aside = existsSync(keptDraftPath(join(dir, F)).file);
    if (aside && summary.state !== 'in review') return `a kept draft is left in .fixture-lab/blind/ in state ${summary.state}`;
    if (summary.state === 'unlabeled') {
      const r = await run(dir, ...label(f.labeler ?? 'dana', 'shop/pricing.apply_discount'));
      if (r.code) return say(r, 'label add as the labeler');
      f = fixture(dir);
      summary = summarizeFixture(f);
    }
    if (summary.state === 'labeled') {
      const r = await run(dir, 'review', 'start', F, '--verifier', f.verifier ?? (f.labeler === 'lee' ? 'kim' : 'lee'));
      if (r.code) return say(r, 'review start');
      f = fixture(dir);
      summary = summarizeFixture(f);
    }
    if (summary.state === 'in review') {
      const r = await run(dir, 'review', 'finish', F);
      if (r.code) return say(r, 'review finish');
      f = fixture(dir);
      summary = summarizeFixture(f);
    }
    for (const d of summary.open > 0 ? (JSON.parse((await run(dir, 'kappa', F, '--json')).stdout) as { disagreements: { symbol: string }[] }[])[0]
      .disagreements : []) {
      const r = await run(dir, 'review', 'settle', F, d.symbol, '--resolution', 'included', '--confidence', 'HIGH', '--rationale', 'ruled');
      if (r.code && !/already|not an open/.test(r.stderr)) return say(r, `review settle ${d.symbol}`);
    }
    f = fixture(dir);
    summary = summarizeFixture(f);
    if (summary.state !== 'adjudicated') return `settling every disagreement leaves it ${summary.state}`;
    if (f.ground_truth.length === 0) return 'settled with an empty ground truth';
    if (existsSync(keptDraftPath(join(dir, F)).file)) return 'a kept draft is left after the review finished';
    const again = await run(dir, 'validate', '.', '--no-resolve');
    return again.code === 0 ? undefined : `validate after settling: ${again.stdout}`.trim();
  }
});
