// The whole labeling protocol on a real change in a temp git repository, once through the CLI
// alone and once through the core calls the editor makes (Labeler.label, Review.start/finish/
// settle, Record Dispute): both must leave the same file, byte for byte.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BodyIndex, candidatesOf, newFixtureText, nextFixture, type Provenance, provenanceOf, Repository } from '../../src/core';
import { finishReview, labelAs, settleDispute, startReview } from '../helpers/edits';
import { run } from '../helpers/cli';
import { GIT_ENV, TestRepo } from '../helpers/gitRepo';
import { tempDir, writeFiles } from '../helpers/tempDir';

const BASE_FILES = {
  'shop/pricing.py': 'DISCOUNT_CAP = 50\n\n\ndef apply_discount(total, percent):\n    return total * (100 - min(percent, DISCOUNT_CAP)) / 100\n\n\ndef price_with_tax(total, rate):\n    return total * (1 + rate)\n',
  'shop/cart.py': 'from shop.pricing import apply_discount\n\n\nclass Cart:\n    def __init__(self):\n        self.lines = []\n\n    def subtotal(self):\n        return sum(line.price * line.qty for line in self.lines)\n\n    def total(self, percent):\n        return apply_discount(self.subtotal(), percent)\n',
  'shop/receipt.py': 'from shop.pricing import price_with_tax\n\n\ndef receipt(cart, rate):\n    return price_with_tax(cart.subtotal(), rate)\n',
};
const HEAD_FILES = {
  'shop/pricing.py': BASE_FILES['shop/pricing.py'].replace('percent):\n    return total * (100 - min(percent,', 'percent, books=0):\n    bulk = 10 if books >= 10 else 0\n    return total * (100 - min(percent + bulk,'),
  'shop/cart.py': BASE_FILES['shop/cart.py'].replace('        return apply_discount(self.subtotal(), percent)', '        books = sum(line.qty for line in self.lines)\n        return apply_discount(self.subtotal(), percent, books)'),
};
const TASK = 'Orders of ten books or more get 10% off, within the discount cap';

interface Setup {
  repo: TestRepo;
  corpus: string;
  /** The fixture's path relative to the corpus, and its text as New Fixture writes it. */
  path: string;
  text: string;
  base: string;
  head: string;
}

/** A repository with the change, and a corpus inside it holding one new, unlabeled fixture. */
async function setup(): Promise<Setup> {
  const repo = new TestRepo();
  const base = repo.commit('base', BASE_FILES);
  const head = repo.commit('bulk discount', HEAD_FILES);
  repo.git('config', 'user.name', 'dana');
  const corpus = join(repo.dir, 'corpus');
  const opened = await Repository.open(repo.dir);
  const candidates = (await candidatesOf(opened, base, head)).symbols;
  opened.close();
  const { path, id } = nextFixture(join(corpus, 'tasks'), 'shop', 'easy', TASK);
  const text = newFixtureText(id, { repo: 'shop', tier: 'easy', task: TASK, base, head, candidates });
  writeFiles(corpus, { 'repos.yaml': `repos:\n  - name: shop\n    url: https://example.com/shop.git\n    commit: "${head}"\n    language: python\n    path: ..\n`, [path.slice(corpus.length + 1)]: text });
  return { repo, corpus, path: path.slice(corpus.length + 1), text, base, head };
}

/** Runs with FIXTURE_LAB_RATER set for one call. */
async function runAs(rater: string, cwd: string, ...argv: string[]) {
  process.env.FIXTURE_LAB_RATER = rater;
  try {
    return await run(cwd, ...argv);
  } finally {
    delete process.env.FIXTURE_LAB_RATER;
  }
}

const R = {
  apply: 'The function the change modifies',
  total: 'Counts the books and passes them on',
  subtotal: 'The amount the discount is taken from',
  leeApply: 'Gets the bulk percent',
  leeTotal: 'Caller',
  leeCap: 'The cap the bulk percent must respect',
  excluded: 'Unchanged, and the task never needs it',
  cap: 'The task says within the cap',
  total2: 'Helpful, not critical: the change in it is one line',
  receipt: 'Receipts show the discounted price; both raters missed it',
};

describe('the labeling protocol, through the CLI and through the editor\'s core calls', function () {
  this.timeout(60_000);
  let s: Setup;
  let afterCli: string;
  /** What a label of each symbol records (at, body_hash), as both faces compute it: the core's provenanceOf at diff.base. */
  const made = new Map<string, Provenance>();
  const P = (symbol: string, indent: number) => {
    const m = made.get(symbol)!;
    return `${' '.repeat(indent)}at: "${m.at}"\n${' '.repeat(indent)}body_hash: "${m.body_hash}"\n`;
  };

  before(async () => {
    delete process.env.FIXTURE_LAB_RATER;
    s = await setup();
    const opened = await Repository.open(s.repo.dir);
    const index = new BodyIndex(opened);
    for (const symbol of ['shop/pricing.apply_discount', 'shop/cart.Cart.total', 'shop/cart.Cart.subtotal', 'shop/pricing.DISCOUNT_CAP']) {
      made.set(symbol, await provenanceOf(index, s.base, symbol));
      assert.match(made.get(symbol)!.body_hash ?? '', /^[0-9a-f]{16}$/);
    }
    opened.close();
  });

  it('label, start, verifier labels, finish, settle: the CLI alone, with the exact file it leaves', async () => {
    const { corpus: dir, path: F } = s;
    const file = join(dir, F);
    const ok = async (r: Promise<{ code: number; stdout: string; stderr: string }>) => {
      const done = await r;
      assert.equal(done.code, 0, done.stderr);
      return done.stdout;
    };
    // The labeler, named by git's user.name in the repository, then by FIXTURE_LAB_RATER, then --rater.
    assert.equal(await ok(run(dir, 'label', 'add', F, 'shop/pricing.py::apply_discount', '--confidence', 'HIGH', '--reason', R.apply)),
      `${F}: ground_truth + shop/pricing.apply_discount (HIGH); labeler: dana\n`);
    assert.equal(await ok(runAs('dana', dir, 'label', 'add', F, 'shop/cart.Cart.total', '--confidence', 'HIGH', '--reason', R.total)),
      `${F}: ground_truth + shop/cart.Cart.total (HIGH)\n`);
    await ok(run(dir, 'label', 'add', F, 'shop/cart.Cart.subtotal', '--confidence', 'MEDIUM', '--reason', R.subtotal, '--rater', 'dana'));
    // Another rater before the review: refused with the fix, nothing written.
    const draft = readFileSync(file, 'utf8');
    const early = await run(dir, 'label', 'add', F, 'shop/pricing.DISCOUNT_CAP', '--confidence', 'MEDIUM', '--reason', R.leeCap, '--rater', 'lee');
    assert.equal(early.code, 1);
    assert.match(early.stderr, /^fixture-lab: tasks\/shop\/easy\/01-orders-of-ten-books-or-more\.yaml: lee is not the labeler of this fixture \(dana, 3 labels\): to check them blind.*`fixture-lab review start FIXTURE --verifier lee`\)/);
    assert.equal(readFileSync(file, 'utf8'), draft);

    assert.equal(await ok(run(dir, 'review', 'start', F, '--verifier', 'lee')),
      `${F}: review started; dana's list is frozen in labels.dana; lee labels blind: fixture-lab label add ${F} SYMBOL --rater lee ...\n`);
    assert.equal(await ok(runAs('lee', dir, 'label', 'add', F, 'shop/pricing.apply_discount', '--confidence', 'HIGH', '--reason', R.leeApply)),
      `${F}: labels.lee + shop/pricing.apply_discount (HIGH)\n`);
    await ok(run(dir, 'label', 'add', F, 'shop/cart.Cart.total', '--confidence', 'MEDIUM', '--reason', R.leeTotal, '--rater', 'lee'));
    await ok(run(dir, 'label', 'add', F, 'shop/pricing.DISCOUNT_CAP', '--confidence', 'MEDIUM', '--reason', R.leeCap, '--rater', 'lee'));
    // The labeler's list is frozen now.
    const frozen = await run(dir, 'label', 'remove', F, 'shop/cart.Cart.subtotal');
    assert.equal(frozen.code, 1);
    assert.match(frozen.stderr, /the review has started, so dana's list is frozen/);

    // Items: Cart.total, apply_discount, Cart.subtotal, DISCOUNT_CAP, Cart.__init__, Cart.lines (all
    // candidates: apply_discount reads the cap; total reads the lines the constructor sets up, an
    // instance attribute and so a symbol). Included: dana {total, apply, subtotal}, lee {total,
    // apply, CAP}: po = 4/6, pe = .5*.5 + .5*.5 = .5, kappa = (2/3 - .5) / .5 = 1/3.
    assert.equal(await ok(run(dir, 'review', 'finish', F)), [
      `${F}: review finished: kappa 0.333 weak, kappa_confidence 0.217; 6 items, 3 disagreements; ground_truth: 2 symbols`,
      '  shop/cart.Cart.total: dana HIGH, lee MEDIUM',
      '  shop/cart.Cart.subtotal: dana MEDIUM, lee -',
      '  shop/pricing.DISCOUNT_CAP: dana -, lee MEDIUM',
      `settle each: fixture-lab review settle ${F} SYMBOL --resolution included|excluded --rationale TEXT`,
      '',
    ].join('\n'));
    const kappa = (await run(dir, 'kappa', F, '--json')).stdout;

    assert.equal(await ok(run(dir, 'review', 'settle', F, 'shop/cart.Cart.subtotal', '--resolution', 'excluded', '--rationale', R.excluded)),
      `${F}: dispute shop/cart.Cart.subtotal excluded; ground_truth: 2 symbols\n`);
    await ok(run(dir, 'review', 'settle', F, 'shop/pricing.DISCOUNT_CAP', '--resolution', 'included', '--rationale', R.cap));
    await ok(run(dir, 'dispute', 'add', F, 'shop/cart.Cart.total', '--resolution', 'included', '--confidence', 'MEDIUM', '--rationale', R.total2));
    // A symbol nobody judged: the adjudicator says so, and gives its confidence.
    const unflagged = await run(dir, 'review', 'settle', F, 'shop/receipt.receipt', '--resolution', 'included', '--confidence', 'MEDIUM', '--rationale', R.receipt);
    assert.equal(unflagged.code, 1);
    assert.match(unflagged.stderr, /`shop\/receipt\.receipt` is in no rater's list and not in candidates: nobody judged it\. Check the name, or pass --unjudged/);
    const noConfidence = await run(dir, 'review', 'settle', F, 'shop/receipt.receipt', '--resolution', 'included', '--unjudged', '--rationale', R.receipt);
    assert.equal(noConfidence.code, 1);
    assert.match(noConfidence.stderr, /no rater included `shop\/receipt\.receipt`: say how much the task needs it with --confidence HIGH\|MEDIUM\n$/);
    assert.equal(await ok(run(dir, 'review', 'settle', F, 'shop/receipt.receipt', '--resolution', 'included', '--confidence', 'MEDIUM', '--unjudged', '--rationale', R.receipt)),
      `${F}: dispute shop/receipt.receipt included (unjudged); ground_truth: 4 symbols\n`);

    afterCli = readFileSync(file, 'utf8');
    assert.equal(afterCli, `id: "shop-easy-01"
repo: "shop"
source: "manual"
difficulty: "easy"
diff:
  base: "${s.base}"
  head: "${s.head}"
task: "${TASK}"
candidates:
  - "shop/cart.Cart.total"
  - "shop/pricing.apply_discount"
  - "shop/cart.Cart.subtotal"
  - "shop/pricing.DISCOUNT_CAP"
  - "shop/cart.Cart.__init__"
  - "shop/cart.Cart.lines"
ground_truth:
  - symbol: "shop/pricing.apply_discount"
    confidence: HIGH
    reason: "${R.apply}"
${P('shop/pricing.apply_discount', 4)}  - symbol: "shop/cart.Cart.total"
    confidence: MEDIUM
    reason: "${R.total}"
${P('shop/cart.Cart.total', 4)}  - symbol: "shop/pricing.DISCOUNT_CAP"
    confidence: MEDIUM
    reason: "${R.leeCap}"
${P('shop/pricing.DISCOUNT_CAP', 4)}  - symbol: "shop/receipt.receipt"
    confidence: MEDIUM
    reason: "${R.receipt}"
labeler: "dana"
verifier: "lee"
labels:
  dana:
    - symbol: "shop/pricing.apply_discount"
      confidence: HIGH
      reason: "${R.apply}"
${P('shop/pricing.apply_discount', 6)}    - symbol: "shop/cart.Cart.total"
      confidence: HIGH
      reason: "${R.total}"
${P('shop/cart.Cart.total', 6)}    - symbol: "shop/cart.Cart.subtotal"
      confidence: MEDIUM
      reason: "${R.subtotal}"
${P('shop/cart.Cart.subtotal', 6)}  lee:
    - symbol: "shop/pricing.apply_discount"
      confidence: HIGH
      reason: "${R.leeApply}"
${P('shop/pricing.apply_discount', 6)}    - symbol: "shop/cart.Cart.total"
      confidence: MEDIUM
      reason: "${R.leeTotal}"
${P('shop/cart.Cart.total', 6)}    - symbol: "shop/pricing.DISCOUNT_CAP"
      confidence: MEDIUM
      reason: "${R.leeCap}"
${P('shop/pricing.DISCOUNT_CAP', 6)}agreement: 0.333
disputes:
  - symbol: "shop/cart.Cart.subtotal"
    resolution: excluded
    rationale: "${R.excluded}"
    sided_with: "lee"
  - symbol: "shop/pricing.DISCOUNT_CAP"
    resolution: included
    rationale: "${R.cap}"
    sided_with: "lee"
  - symbol: "shop/cart.Cart.total"
    resolution: included
    confidence: MEDIUM
    rationale: "${R.total2}"
    sided_with: "lee"
  - symbol: "shop/receipt.receipt"
    resolution: included
    confidence: MEDIUM
    rationale: "${R.receipt}"
    unjudged: true
    sided_with: "neither"
`);
    // Kappa is what finish measured; the corpus validates, the unjudged ruling a warning; the report lists it.
    assert.equal((await run(dir, 'kappa', F, '--json')).stdout, kappa);
    const validated = await run(dir, 'validate');
    assert.deepEqual([validated.code, validated.stdout], [0, `${F}:85:5: note: ruling on \`shop/receipt.receipt\`, which no rater judged: the adjudicator judged it (unjudged: true)\n`]);
    await ok(run(dir, 'report'));
    assert.match(readFileSync(join(dir, 'labeling-report.md'), 'utf8'), /## Unjudged disputes\n\n- shop-easy-01: `shop\/receipt\.receipt` included\. Receipts show/);
  });

  it('the same steps through the core calls the editor makes leave the byte-identical file', () => {
    assert.ok(afterCli, 'runs after the CLI journey');
    let text = s.text;
    text = labelAs(text, 'dana', { symbol: 'shop/pricing.apply_discount', confidence: 'HIGH', reason: R.apply, ...made.get('shop/pricing.apply_discount') });
    text = labelAs(text, 'dana', { symbol: 'shop/cart.Cart.total', confidence: 'HIGH', reason: R.total, ...made.get('shop/cart.Cart.total') });
    text = labelAs(text, 'dana', { symbol: 'shop/cart.Cart.subtotal', confidence: 'MEDIUM', reason: R.subtotal, ...made.get('shop/cart.Cart.subtotal') });
    text = startReview(text, 'lee');
    text = labelAs(text, 'lee', { symbol: 'shop/pricing.apply_discount', confidence: 'HIGH', reason: R.leeApply, ...made.get('shop/pricing.apply_discount') });
    text = labelAs(text, 'lee', { symbol: 'shop/cart.Cart.total', confidence: 'MEDIUM', reason: R.leeTotal, ...made.get('shop/cart.Cart.total') });
    text = labelAs(text, 'lee', { symbol: 'shop/pricing.DISCOUNT_CAP', confidence: 'MEDIUM', reason: R.leeCap, ...made.get('shop/pricing.DISCOUNT_CAP') });
    text = finishReview(text).text;
    text = settleDispute(text, { symbol: 'shop/cart.Cart.subtotal', resolution: 'excluded', rationale: R.excluded });
    text = settleDispute(text, { symbol: 'shop/pricing.DISCOUNT_CAP', resolution: 'included', rationale: R.cap });
    text = settleDispute(text, { symbol: 'shop/cart.Cart.total', resolution: 'included', confidence: 'MEDIUM', rationale: R.total2 });
    text = settleDispute(text, { symbol: 'shop/receipt.receipt', resolution: 'included', confidence: 'MEDIUM', rationale: R.receipt, unjudged: true });
    assert.equal(text, afterCli);
  });

  it('--blind-drafts: the labeler\'s draft leaves the file at start, waits in .fixture-lab/blind/ (ignored by git), and finish brings it back: the same file', async () => {
    assert.ok(afterCli, 'runs after the CLI journey');
    const t = await setup();
    const F = t.path;
    const file = join(t.corpus, F);
    const ok = async (...argv: string[]) => {
      const done = await run(t.corpus, ...argv);
      assert.equal(done.code, 0, done.stderr);
      return done.stdout;
    };
    await ok('label', 'add', F, 'shop/pricing.apply_discount', '--confidence', 'HIGH', '--reason', R.apply, '--rater', 'dana');
    await ok('label', 'add', F, 'shop/cart.Cart.total', '--confidence', 'HIGH', '--reason', R.total, '--rater', 'dana');
    await ok('label', 'add', F, 'shop/cart.Cart.subtotal', '--confidence', 'MEDIUM', '--reason', R.subtotal, '--rater', 'dana');
    const badUse = await run(t.corpus, 'review', 'finish', F, '--blind-drafts');
    assert.deepEqual([badUse.code, badUse.stderr.split('\n')[0]], [2, 'fixture-lab review: --blind-drafts goes with `review start`']);
    assert.equal(await ok('review', 'start', F, '--verifier', 'lee', '--blind-drafts'),
      `${F}: review started; dana's draft is kept out of the file until the review finishes (.fixture-lab/blind/${F}.json); lee labels blind: fixture-lab label add ${F} SYMBOL --rater lee ...\n`);
    const during = readFileSync(file, 'utf8');
    assert.match(during, /\nground_truth: \[\]\nlabeler: "dana"\nverifier: "lee"\nlabels:\n  lee: \[\]\n$/);
    for (const reason of [R.apply, R.total, R.subtotal]) assert.ok(!during.includes(reason));
    // git sees the fixture, never the kept draft.
    const status = t.repo.git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean);
    assert.deepEqual(status, ['?? corpus/repos.yaml', `?? corpus/${F}`]);
    const kept = JSON.parse(readFileSync(join(t.corpus, '.fixture-lab/blind', `${F}.json`), 'utf8')) as { labeler: string; fixture: string };
    assert.deepEqual([kept.labeler, kept.fixture], ['dana', F]);
    // The verifier labels blind; the file validates meanwhile (the empty ground truth a warning).
    await ok('label', 'add', F, 'shop/pricing.apply_discount', '--confidence', 'HIGH', '--reason', R.leeApply, '--rater', 'lee');
    await ok('label', 'add', F, 'shop/cart.Cart.total', '--confidence', 'MEDIUM', '--reason', R.leeTotal, '--rater', 'lee');
    await ok('label', 'add', F, 'shop/pricing.DISCOUNT_CAP', '--confidence', 'MEDIUM', '--reason', R.leeCap, '--rater', 'lee');
    const validated = await run(t.corpus, 'validate', '--no-resolve');
    assert.equal(validated.code, 0, validated.stdout);
    assert.match(validated.stdout, /warning: ground_truth is empty while dana's draft is kept out of the file for the blind review/);
    // Finishing where the draft is not (another machine): refused, nothing written.
    const aside = join(t.corpus, '.fixture-lab/blind', `${F}.json`);
    const moved = `${aside}.elsewhere`;
    renameSync(aside, moved);
    const refused = await run(t.corpus, 'review', 'finish', F);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /dana's draft of shop-easy-01 is kept out of the file \(blind drafts\), and not in this corpus's \.fixture-lab\/blind\/: finish the review where the review was started\n$/);
    renameSync(moved, aside);
    assert.match(await ok('review', 'finish', F), /review finished: kappa 0\.333 weak/);
    assert.ok(!existsSync(aside), 'the kept draft is gone once back in the file');
    await ok('review', 'settle', F, 'shop/cart.Cart.subtotal', '--resolution', 'excluded', '--rationale', R.excluded);
    await ok('review', 'settle', F, 'shop/pricing.DISCOUNT_CAP', '--resolution', 'included', '--rationale', R.cap);
    await ok('review', 'settle', F, 'shop/cart.Cart.total', '--resolution', 'included', '--confidence', 'MEDIUM', '--rationale', R.total2);
    await ok('review', 'settle', F, 'shop/receipt.receipt', '--resolution', 'included', '--confidence', 'MEDIUM', '--unjudged', '--rationale', R.receipt);
    assert.equal(readFileSync(file, 'utf8'), afterCli.replaceAll(s.base, t.base).replaceAll(s.head, t.head));
  });

  it('refuses to label without a rater name, saying how to set one', () => {
    const dir = tempDir({ 'tasks/shop/easy/01-a.yaml': s.text });
    const bin = resolve(__dirname, '../../../dist/cli.js');
    // No git config anywhere: an empty home (simple-git's git does not heed GIT_CONFIG_GLOBAL), no system file, no repository.
    const home = tempDir();
    const env: NodeJS.ProcessEnv = { ...GIT_ENV, HOME: home, XDG_CONFIG_HOME: home, GIT_CEILING_DIRECTORIES: dir };
    delete env.FIXTURE_LAB_RATER;
    const r = spawnSync('node', [bin, 'label', 'add', 'tasks/shop/easy/01-a.yaml', 'shop/cart.Cart', '--confidence', 'HIGH', '--reason', 'r'], { cwd: dir, env, encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'fixture-lab: who is rating? name yourself with --rater NAME, or set FIXTURE_LAB_RATER=NAME, or git config user.name NAME\n');
    assert.equal(readFileSync(join(dir, 'tasks/shop/easy/01-a.yaml'), 'utf8'), s.text);
  });
});

describe('label add on a renamed file: a head-side name is written by its base name, as the editor\'s clicks write it', function () {
  this.timeout(60_000);
  const MONEY = 'export function centsToUnits(c: number): number {\n  return c / 100;\n}\n\nexport function formatPrice(c: number): string {\n  return \'$\' + centsToUnits(c);\n}\n';
  const MOVED = 'export function centsToUnits(c: number): number {\n  return c / 100;\n}\n\nexport type Currency = \'USD\' | \'EUR\';\n\nexport function formatPrice(c: number, cur: Currency = \'USD\'): string {\n  return cur + centsToUnits(c);\n}\n';
  // Enough unchanged lines for git to see the move as a rename (50% similar).
  const REST = Array.from({ length: 12 }, (_, i) => `export function step${i}(c: number): number {\n  return c + ${i};\n}\n`).join('\n');
  const F = 'tasks/web/easy/01-currency.yaml';
  let corpus: string;
  let text: string;
  let repo: TestRepo;
  let base: string;

  before(() => {
    repo = new TestRepo();
    base = repo.commit('base', { 'web/src/money.ts': `${MONEY}\n${REST}`, 'web/src/cart.ts': 'import { formatPrice } from \'./money\';\n\nexport function total(c: number): string {\n  return formatPrice(c);\n}\n' });
    const head = repo.commit('currency; money moves to format/', { 'web/src/format/money.ts': `${MOVED}\n${REST}` }, [['web/src/money.ts', 'web/src/format/money.ts']]);
    corpus = join(repo.dir, 'corpus');
    text = newFixtureText('web-easy-01', { repo: 'web', tier: 'easy', task: 'Prices in the shop\'s currency', base, head, candidates: [] });
    writeFiles(corpus, { 'repos.yaml': 'repos:\n  - name: web\n    url: https://example.com/web.git\n    language: typescript\n    path: ..\n', [F]: text });
  });

  it('maps the head-side name through the change\'s BaseNames, says so in one line, and refuses what the change adds', async () => {
    const file = join(corpus, F);
    const added = await run(corpus, 'label', 'add', F, 'web/src/format/money.formatPrice', '--confidence', 'HIGH', '--reason', 'Formats every price', '--rater', 'dana');
    assert.deepEqual([added.code, added.stdout, added.stderr], [0,
      `${F}: ground_truth + web/src/money.formatPrice (HIGH); labeler: dana\n`,
      `fixture-lab: ${F}: \`web/src/format/money.formatPrice\` is \`web/src/money.formatPrice\` at diff.base (the change renames its file): using the base name\n`]);
    const written = readFileSync(file, 'utf8');
    // The file the editor's click on the head side leaves (Labeler names it at base, then the same labelAs), recording the base and the body there.
    const opened = await Repository.open(repo.dir);
    const made = await provenanceOf(new BodyIndex(opened), base, 'web/src/money.formatPrice');
    opened.close();
    assert.equal(made.at, base);
    assert.equal(written, labelAs(text, 'dana', { symbol: 'web/src/money.formatPrice', confidence: 'HIGH', reason: 'Formats every price', ...made }));
    assert.ok(!written.includes('web/src/format/'));
    // A `::` spelling of the head-side name is the same definition.
    const again = await run(corpus, 'label', 'add', F, 'web/src/format/money.ts::centsToUnits', '--confidence', 'MEDIUM', '--reason', 'Converts cents', '--rater', 'dana');
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /ground_truth \+ web\/src\/money\.centsToUnits \(MEDIUM\)\n$/);
    // Added by the change: no base name, refused with the reason, nothing written.
    const before = readFileSync(file, 'utf8');
    const refused = await run(corpus, 'label', 'add', F, 'web/src/format/money.Currency', '--confidence', 'HIGH', '--reason', 'The new type', '--rater', 'dana');
    assert.deepEqual([refused.code, refused.stdout], [1, '']);
    assert.equal(refused.stderr, `fixture-lab: ${F}: \`web/src/format/money.Currency\` exists only at diff.head (the change adds it): systems run at diff.base, where it cannot be retrieved, so it is not labeled; label the base-side symbols the task needs; nothing was written\n`);
    assert.equal(readFileSync(file, 'utf8'), before);
    // Removing by the head-side name removes the base-side label.
    const removed = await run(corpus, 'label', 'remove', F, 'web/src/format/money.centsToUnits', '--rater', 'dana');
    assert.deepEqual([removed.code, removed.stdout], [0, `${F}: ground_truth - web/src/money.centsToUnits\n`]);
    assert.match(removed.stderr, /^fixture-lab: [^\n]+ is `web\/src\/money\.centsToUnits` at diff\.base [^\n]+\n$/);
    assert.equal(readFileSync(file, 'utf8'), written);
    // A base-side name is left as it is, without a word.
    const plain = await run(corpus, 'label', 'add', F, 'web/src/cart.total', '--confidence', 'MEDIUM', '--reason', 'The caller', '--rater', 'dana');
    assert.deepEqual([plain.code, plain.stderr], [0, '']);
  });
});
