// The granularity metrics (docs/scoring.md#granularities): projection of names to files and owned
// lines on the demo repository, values computed by hand on two demo fixtures, macro against micro,
// and the rules that hold for every answer, as seeded properties.
import * as assert from 'node:assert/strict';
import { loadCorpus } from '../../src/core/corpus/load';
import { repositoryPath } from '../../src/core/corpus/repos';
import type { Fixture } from '../../src/core/fixtures/model';
import { Repository } from '../../src/core/git/repository';
import {
  granularityCounts, GranularityCounts, GRANULARITY_K, setMetrics, summarizeGranularities, type SetCounts,
} from '../../src/core/scoring/granularity';
import { DEFAULT_MATCH_RULE, matchRanking, MatchRule } from '../../src/core/scoring/match';
import { scoreMatch } from '../../src/core/scoring/metrics';
import { mulberry32 } from '../../src/core/scoring/significance';
import { definitionsOf } from '../../src/core/symbols/definitions';
import { Locator } from '../../src/core/symbols/locate';
import { fixtureResults } from '../../src/core/panelView/results';
import type { RawResult } from '../../src/core/scoring/answers';
import { intersectLines, type Locate, type Location, measureLines, ownedLines, unionLines } from '../../src/core/symbols/spans';
import { GRANULARITIES } from '../../src/shared/vocabulary';
import { demoCorpus } from '../helpers/demoCorpus';

const MODULE = 'example.com/bookshop';
const REPO_COMMIT = 'c78c1e562d5bf08a8919fd9090427e1a10bcc309';
const close = (actual: number | null | undefined, expected: number, what: string) =>
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) < 1e-9, `${what}: ${actual} != ${expected}`);

describe('granularities', function () {
  this.timeout(60_000);
  let repo: Repository;
  let fixtures: Map<string, Fixture>;

  before(async () => {
    const dir = demoCorpus();
    const corpus = await loadCorpus(dir, dir);
    fixtures = new Map(corpus.fixtures.map((f) => [f.read.fixture.id!, f.read.fixture]));
    repo = await Repository.open(repositoryPath(dir, corpus.repos[0]));
  });
  after(() => repo.close());

  /** The counts of `answer` to a demo fixture, placed at the fixture's diff.base. */
  async function counts(task: string, answer: string[], k = GRANULARITY_K, rule: MatchRule = DEFAULT_MATCH_RULE): Promise<GranularityCounts> {
    const fixture = fixtures.get(task)!;
    const match = matchRanking(answer, fixture.ground_truth, { rule, module: MODULE });
    const locate = await new Locator(repo, revisionOf(fixture)).lookup([...fixture.ground_truth.map((g) => g.symbol), ...answer], { module: MODULE });
    return granularityCounts(match, locate, k, { module: MODULE });
  }

  /** The fixture's revision: diff.base, else its commit, else repos.yaml's. */
  const revisionOf = (f: Fixture) => f.diff?.base ?? f.commit ?? REPO_COMMIT;

  describe('projection', () => {
    it('places a symbol at its file and the lines it owns at the revision; a file at its file; a directory, a shorthand or a missing member nowhere', async () => {
      const locator = new Locator(repo, fixtures.get('bookshop-easy-02')!.diff!.base);
      const at = await locator.locate([
        'web/src/money.formatPrice', 'example.com/bookshop/web/src/money.ts::centsToUnits', 'web/src/cart.CartView', 'web/src/cart.CartView.totalLabel',
        'web/src/money.ts', 'web/src/cart', 'web/src', 'CartView.totalLabel', 'web/src/money.formatCurrency',
      ], { module: MODULE });
      // web/src/money.ts at 0daa2a0: centsToUnits on lines 5-7, formatPrice on 9-11.
      assert.deepEqual(at.get('web.src.money.formatPrice'), { kind: 'symbol', file: 'web/src/money.ts', symbol: 'web/src/money.formatPrice', lines: [[9, 11]] });
      assert.deepEqual(at.get('web.src.money.centsToUnits'), { kind: 'symbol', file: 'web/src/money.ts', symbol: 'web/src/money.centsToUnits', lines: [[5, 7]] });
      // class CartView spans 5-20; its methods hold 6, 8-10, 12-15 and 17-19: the class owns 5, 7, 11, 16 and 20.
      assert.deepEqual(at.get('web.src.cart.CartView'), {
        kind: 'symbol', file: 'web/src/cart.ts', symbol: 'web/src/cart.CartView', lines: [[5, 5], [7, 7], [11, 11], [16, 16], [20, 20]] });
      assert.deepEqual(at.get('web.src.cart.CartView.totalLabel'), { kind: 'symbol', file: 'web/src/cart.ts', symbol: 'web/src/cart.CartView.totalLabel', lines: [[17, 19]] });
      assert.deepEqual(at.get('web.src.money'), { kind: 'file', file: 'web/src/money.ts' });
      assert.deepEqual(at.get('web.src.cart'), { kind: 'file', file: 'web/src/cart.ts' });
      for (const nowhere of ['web.src', 'CartView.totalLabel', 'web.src.money.formatCurrency']) assert.equal(at.get(nowhere), null, nowhere);
    });

    it('places a name at the fixture\'s revision: the change (#18) moves web/src/money.ts to web/src/format/money.ts', async () => {
      const f = fixtures.get('bookshop-easy-02')!;
      const names = ['web/src/money.formatPrice', 'web/src/format/money.formatPrice'];
      const [base, head] = await Promise.all([f.diff!.base, f.diff!.head].map((rev) => new Locator(repo, rev).locate(names)));
      assert.equal(base.get('web.src.money.formatPrice')?.file, 'web/src/money.ts');
      assert.equal(base.get('web.src.format.money.formatPrice'), null);
      assert.equal(head.get('web.src.money.formatPrice'), null);
      assert.equal(head.get('web.src.format.money.formatPrice')?.file, 'web/src/format/money.ts');
    });

    it('a returned file credits the file level only; a name that is nothing in the code credits nothing', async () => {
      // bookshop-easy-02's ground truth: money.formatPrice (9-11), money.centsToUnits (5-7), cart.CartView.totalLabel (17-19),
      // cart.CartView.constructor (6). Two files, 3 + 3 + 3 + 1 = 10 lines.
      const file = await counts('bookshop-easy-02', ['web/src/money.ts']);
      assert.deepEqual(file.all, {
        symbol: { gold: 4, retrieved: 0, overlap: 0 }, file: { gold: 2, retrieved: 1, overlap: 1 }, span: { gold: 10, retrieved: 0, overlap: 0 } });
      const nothing = await counts('bookshop-easy-02', ['web/src/money.formatCurrency', 'web/src', 'web/src/nothing.here']);
      assert.deepEqual(nothing.all, {
        symbol: { gold: 4, retrieved: 0, overlap: 0 }, file: { gold: 2, retrieved: 0, overlap: 0 }, span: { gold: 10, retrieved: 0, overlap: 0 } });
    });

    it('the lines definitions own never overlap, in every source file of every demo commit', async () => {
      let files = 0;
      for (const rev of (await repo.git.raw(['rev-list', 'HEAD'])).trim().split('\n')) {
        for (const path of await repo.listFiles(rev)) {
          const content = await repo.readFile(rev, path);
          if (content.kind !== 'text') continue;
          const owned = [...ownedLines(await definitionsOf(path, content.text))];
          if (owned.length === 0) continue;
          files++;
          for (let i = 0; i < owned.length; i++) {
            for (let j = i + 1; j < owned.length; j++) {
              assert.deepEqual(intersectLines(owned[i][1], owned[j][1]), [], `${rev.slice(0, 7)}:${path}: ${owned[i][0]} and ${owned[j][0]}`);
            }
          }
        }
      }
      assert.ok(files > 20, `${files} files`);
    });

    it('paths, directories and the prefixes of ground-truth names earn nothing at symbol or span level on any demo fixture (default rule)', async () => {
      for (const [task, f] of fixtures) {
        if (f.ground_truth.length === 0) continue;
        const answer = new Set<string>();
        for (const path of await repo.listFiles(revisionOf(f))) {
          answer.add(path);
          const parts = path.split('/');
          for (let i = 1; i < parts.length; i++) answer.add(parts.slice(0, i).join('/'));
        }
        const truth = new Set(f.ground_truth.map((g) => g.symbol));
        for (const g of truth) {
          for (let cut = g.indexOf('.'); cut > 0; cut = g.indexOf('.', cut + 1)) if (!truth.has(g.slice(0, cut))) answer.add(g.slice(0, cut));
        }
        const c = await counts(task, [...answer]);
        assert.equal(c.all.symbol.overlap, 0, `${task}: symbol`);
        assert.equal(c.all.span.overlap, 0, `${task}: span`);
        assert.ok(c.all.file.overlap > 0, `${task}: the files themselves are credited at file level`);
      }
    });
  });

  describe('hand-computed on the demo corpus', () => {
    // bookshop-easy-02 at diff.base 0daa2a0. Ground truth (4 symbols, 2 files, 10 lines):
    //   web/src/money.ts  formatPrice 9-11, centsToUnits 5-7           -> 6 lines
    //   web/src/cart.ts   CartView.totalLabel 17-19, .constructor 6   -> 4 lines
    const EASY_02 = [
      'web/src/cart.CartView.render', //   1: real, not ground truth: cart.ts 12-15 (4 lines)
      'web/src/money.formatPrice', //      2: ground truth: money.ts 9-11
      'web/src/money.ts', //               3: a file: money.ts at file level only
      'web/src/cart.CartView', //          4: the class above two ground-truth methods: cart.ts 5, 7, 11, 16, 20 (5 lines it owns)
      'web/src/api.CartDto', //            5: real, not ground truth: api.ts 12-16 (5 lines)
      'web/src/nothing.here', //           6: nothing in the code
      'CartView.totalLabel', //            7: a shorthand the symbol rule credits to cart.CartView.totalLabel: cart.ts 17-19
    ];

    it('bookshop-easy-02, top 4 and the whole answer', async () => {
      const c = await counts('bookshop-easy-02', EASY_02, 4);
      // Top 4 (items 1-4).
      //   symbol: credited {formatPrice} = 1; retrieved {render, formatPrice, CartView} = 3 (the file is no symbol).
      //     coverage 1/4, precision 1/3, F1 = 2(1/4)(1/3) / (1/4 + 1/3) = (1/6) / (7/12) = 2/7.
      //   file: retrieved {cart.ts, money.ts} = 2, both gold: coverage 2/2, precision 2/2, F1 1.
      //   span: retrieved cart.ts 12-15 + {5,7,11,16,20} = 9 lines, money.ts 9-11 = 3 lines: 12.
      //     overlap: cart.ts gold {6,17,18,19} meets none of them; money.ts 9-11: 3.
      //     coverage 3/10, precision 3/12, F1 = 2(0.3)(0.25) / 0.55 = 3/11.
      assert.deepEqual(c.atK, {
        symbol: { gold: 4, retrieved: 3, overlap: 1 }, file: { gold: 2, retrieved: 2, overlap: 2 }, span: { gold: 10, retrieved: 12, overlap: 3 } });
      const top = GRANULARITIES.map((g) => setMetrics(c.atK[g]));
      close(top[0].coverage, 1 / 4, 'symbol coverage@4'); close(top[0].precision, 1 / 3, 'symbol precision@4'); close(top[0].f1, 2 / 7, 'symbol F1@4');
      close(top[1].coverage, 1, 'file coverage@4'); close(top[1].precision, 1, 'file precision@4'); close(top[1].f1, 1, 'file F1@4');
      close(top[2].coverage, 3 / 10, 'span coverage@4'); close(top[2].precision, 1 / 4, 'span precision@4'); close(top[2].f1, 3 / 11, 'span F1@4');
      // The whole answer (7 items).
      //   symbol: credited {formatPrice, totalLabel} = 2; retrieved {render, formatPrice, CartView, CartDto, totalLabel} = 5.
      //     coverage 2/4, precision 2/5, F1 = 2(0.5)(0.4) / 0.9 = 4/9.
      //   file: retrieved {cart.ts, money.ts, api.ts} = 3, 2 gold: coverage 1, precision 2/3, F1 = 2(2/3) / (5/3) = 4/5.
      //   span: retrieved cart.ts 9 + 3 (17-19) = 12, money.ts 3, api.ts 5: 20. overlap: cart.ts 17-19 = 3, money.ts 3: 6.
      //     coverage 6/10, precision 6/20, F1 = 2(0.6)(0.3) / 0.9 = 2/5.
      assert.deepEqual(c.all, {
        symbol: { gold: 4, retrieved: 5, overlap: 2 }, file: { gold: 2, retrieved: 3, overlap: 2 }, span: { gold: 10, retrieved: 20, overlap: 6 } });
      const all = GRANULARITIES.map((g) => setMetrics(c.all[g]));
      close(all[0].coverage, 1 / 2, 'symbol coverage'); close(all[0].precision, 2 / 5, 'symbol precision'); close(all[0].f1, 4 / 9, 'symbol F1');
      close(all[1].coverage, 1, 'file coverage'); close(all[1].precision, 2 / 3, 'file precision'); close(all[1].f1, 4 / 5, 'file F1');
      close(all[2].coverage, 3 / 5, 'span coverage'); close(all[2].precision, 3 / 10, 'span precision'); close(all[2].f1, 2 / 5, 'span F1');
      // Symbol coverage@K is today's R@K.
      const today = scoreMatch(matchRanking(EASY_02, fixtures.get('bookshop-easy-02')!.ground_truth, { module: MODULE }), { ks: [4, 7] });
      close(today.recall[4], 1 / 4, 'R@4');
      close(today.recall[7], 1 / 2, 'R@7');
    });

    it('macro and micro averages differ over bookshop-easy-02 and bookshop-easy-01', async () => {
      // bookshop-easy-01 at diff.base 76fa6ca. Ground truth (5 symbols, 3 files, 11 lines):
      //   shop/pricing.py apply_discount 13-15, DISCOUNT_CAP_PERCENT 5; shop/cart.py Cart.total 26-28, Cart.subtotal 23-24;
      //   shop/models.py LineItem 13-14 (with its decorator; its fields 15-16 are symbols of their own): 3 + 1 + 3 + 2 + 2 = 11 lines.
      // The answer: apply_discount (gold, 13-15) and line_total (8-10, not gold).
      //   symbol: overlap 1, retrieved 2, gold 5. file: overlap 1, retrieved 1, gold 3. span: overlap 3, retrieved 6, gold 11.
      const easy01 = await counts('bookshop-easy-01', ['shop/pricing.apply_discount', 'shop/pricing.line_total']);
      assert.deepEqual(easy01.all, {
        symbol: { gold: 5, retrieved: 2, overlap: 1 }, file: { gold: 3, retrieved: 1, overlap: 1 }, span: { gold: 11, retrieved: 6, overlap: 3 } });
      const easy02 = await counts('bookshop-easy-02', EASY_02);
      const rows = [{ system: 's', counts: easy02 }, { system: 's', counts: easy01 }];
      const summary = summarizeGranularities(rows);
      const at = (granularity: string, averaging: string) => summary.find((s) => s.granularity === granularity && s.averaging === averaging)!.all;
      // span, macro: coverage (6/10 + 3/11) / 2 = 24/55; precision (6/20 + 3/6) / 2 = 2/5; F1 (2/5 + F1(1/2, 3/11)) / 2,
      //   F1(1/2, 3/11) = 2(1/2)(3/11) / (1/2 + 3/11) = (3/11) / (17/22) = 6/17.
      // span, micro: coverage (6 + 3) / (10 + 11) = 3/7; precision (6 + 3) / (20 + 6) = 9/26; F1 = 2(3/7)(9/26) / (3/7 + 9/26) = 18/47.
      close(at('span', 'macro').coverage, 24 / 55, 'span macro coverage');
      close(at('span', 'macro').precision, 2 / 5, 'span macro precision');
      close(at('span', 'macro').f1, (2 / 5 + 6 / 17) / 2, 'span macro F1');
      close(at('span', 'micro').coverage, 3 / 7, 'span micro coverage');
      close(at('span', 'micro').precision, 9 / 26, 'span micro precision');
      close(at('span', 'micro').f1, 18 / 47, 'span micro F1');
      // file, macro: coverage (1 + 1/3) / 2 = 2/3; micro: (2 + 1) / (2 + 3) = 3/5. Precision macro (2/3 + 1) / 2 = 5/6; micro 3/4.
      close(at('file', 'macro').coverage, 2 / 3, 'file macro coverage');
      close(at('file', 'micro').coverage, 3 / 5, 'file micro coverage');
      close(at('file', 'macro').precision, 5 / 6, 'file macro precision');
      close(at('file', 'micro').precision, 3 / 4, 'file micro precision');
      // symbol, macro: coverage (1/2 + 1/5) / 2 = 7/20; micro (2 + 1) / (4 + 5) = 1/3.
      close(at('symbol', 'macro').coverage, 7 / 20, 'symbol macro coverage');
      close(at('symbol', 'micro').coverage, 1 / 3, 'symbol micro coverage');
      assert.deepEqual(summary.map((s) => s.n), [2, 2, 2, 2, 2, 2]);
    });

    it('file coverage can be below symbol coverage: two symbols of one file found, the other file missed', async () => {
      // bookshop-easy-02: formatPrice and centsToUnits (both money.ts) found, cart.ts missed: symbol 2/4 = 0.5, file 1/2 = 0.5;
      // bookshop-easy-01: apply_discount, DISCOUNT_CAP_PERCENT, Cart.total, Cart.subtotal: symbol 4/5 = 0.8, file 2/3.
      const c = await counts('bookshop-easy-01', ['shop/pricing.apply_discount', 'shop/pricing.DISCOUNT_CAP_PERCENT', 'shop/cart.Cart.total', 'shop/cart.Cart.subtotal']);
      close(setMetrics(c.all.symbol).coverage, 4 / 5, 'symbol');
      close(setMetrics(c.all.file).coverage, 2 / 3, 'file');
    });
  });

  describe('the panel', () => {
    it('gives each row its values at each granularity when names can be placed, and none when they cannot', async () => {
      const f = fixtures.get('bookshop-easy-01')!;
      const symbols = ['shop/pricing.apply_discount', 'shop/pricing.line_total'];
      const raw: RawResult = { system: 's', task: f.id!, repo: 'bookshop', rev: f.diff!.base, budget: 5000, status: 'ok', output: '', symbols, tokens: 1,
        timings: {}, source: 'run', finished_at: '2026-01-01T00:00:00Z' };
      const run = { dir: '/tmp/run-x', name: 'run-x', info: { corpus: 'c', started_at: '', match: 'symbol' as const, budgets: [5000], ks: [5, 10, 20], seed: 1,
        systems: [], tasks: [f.id!], skipped_tasks: [] } };
      const answers = new Map([['s', { raw, run }]]);
      const locate = await new Locator(repo, f.diff!.base).lookup([...f.ground_truth.map((g) => g.symbol), ...symbols], { module: MODULE });
      const placed = fixtureResults(f, answers, { match: 'symbol', budget: 5000, module: MODULE, systems: ['s'], locate });
      assert.equal(placed.granularityK, 10);
      // As in the macro/micro test: span overlap 3 of 11 gold lines, 3 of 6 returned (F1 6/17, as the scorer rounds it); file 1 of 3, 1 of 1; symbol 1 of 5, 1 of 2.
      assert.deepEqual(placed.rows[0].granularities?.span, { coverageAtK: 3 / 11, precisionAtK: 0.5, f1AtK: 2 * (3 / 11) * 0.5 / (3 / 11 + 0.5), coverage: 3 / 11, precision: 0.5, f1: 2 * (3 / 11) * 0.5 / (3 / 11 + 0.5) });
      assert.equal(placed.rows[0].granularities?.file.coverage, 1 / 3);
      assert.equal(placed.rows[0].granularities?.symbol.precision, 1 / 2);
      const unplaced = fixtureResults(f, answers, { match: 'symbol', budget: 5000, module: MODULE, systems: ['s'] });
      assert.equal(unplaced.granularityK, undefined);
      assert.equal(unplaced.rows[0].granularities, undefined);
    });
  });

  describe('rules for every answer (seeded)', () => {
    /**
     * A made-up code base: files f0..f3, each with classes C0..C2 holding methods m0..m3, the
     * lines owned disjoint; a ground truth of some methods; answers mixing ground truth, other
     * methods, classes, files, shorthands (`C1.m2`, credited under the symbol rule but placed
     * nowhere by themselves) and junk.
     */
    function world(random: () => number) {
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
      const table = new Map<string, Location>();
      const methods: string[] = [];
      const classes: string[] = [];
      for (let f = 0; f < 4; f++) {
        const file = `f${f}.py`;
        table.set(`f${f}`, { kind: 'file', file });
        let line = 1;
        for (let c = 0; c < 3; c++) {
          const start = line++;
          const own: [number, number][] = [[start, start]];
          for (let m = 0; m < 4; m++) {
            const len = 1 + Math.floor(random() * 6);
            table.set(`f${f}.C${c}.m${m}`, { kind: 'symbol', file, symbol: `f${f}.C${c}.m${m}`, lines: [[line, line + len - 1]] });
            methods.push(`f${f}.C${c}.m${m}`);
            line += len;
            own.push([line, line]);
            line++;
          }
          table.set(`f${f}.C${c}`, { kind: 'symbol', file, symbol: `f${f}.C${c}`, lines: unionLines(own) });
          classes.push(`f${f}.C${c}`);
        }
      }
      const truth = [...new Set(Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(methods)))];
      const item = () => {
        const r = random();
        if (r < 0.3) return pick(truth);
        if (r < 0.5) return pick(methods);
        if (r < 0.6) return pick(classes);
        if (r < 0.7) return `f${Math.floor(random() * 4)}`;
        if (r < 0.85) return pick(truth).split('.').slice(1).join('.');
        return `junk.x${Math.floor(random() * 5)}`;
      };
      const answer = Array.from({ length: Math.floor(random() * 25) }, item);
      const locate: Locate = (name) => table.get(name);
      return { truth, answer, locate, item };
    }

    const TRIALS = 300;
    const rules: MatchRule[] = ['symbol', 'exact', 'bounded', 'lenient'];

    it('permuting the items inside the top K changes no granularity\'s counts at K', () => {
      const random = mulberry32(19);
      for (let trial = 0; trial < TRIALS; trial++) {
        const { truth, answer, locate } = world(random);
        const rule = rules[trial % rules.length];
        const k = 1 + Math.floor(random() * 12);
        const top = answer.slice(0, k);
        for (let i = top.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [top[i], top[j]] = [top[j], top[i]];
        }
        const a = granularityCounts(matchRanking(answer, truth, { rule }), locate, k);
        const b = granularityCounts(matchRanking([...top, ...answer.slice(k)], truth, { rule }), locate, k);
        assert.deepEqual(b.atK, a.atK, `trial ${trial}: ${JSON.stringify(answer)} (K ${k}, ${rule})`);
      }
    });

    it('overlap never exceeds gold or retrieved, so coverage and precision stay in [0, 1]; symbol coverage@K is R@K', () => {
      const random = mulberry32(20);
      for (let trial = 0; trial < TRIALS; trial++) {
        const { truth, answer, locate } = world(random);
        const rule = rules[trial % rules.length];
        const match = matchRanking(answer, truth, { rule });
        const c = granularityCounts(match, locate, 5);
        for (const cut of [c.atK, c.all]) {
          for (const g of GRANULARITIES) {
            const { gold, retrieved, overlap } = cut[g];
            assert.ok(overlap <= gold && overlap <= retrieved, `trial ${trial} ${g}: ${JSON.stringify(cut[g])} for ${JSON.stringify(answer)} (${rule})`);
          }
        }
        const today = scoreMatch(match, { ks: [5] });
        assert.equal(setMetrics(c.atK.symbol).coverage, today.recall[5]);
      }
    });

    it('counts grow with K, and a K past the answer counts the whole answer', () => {
      const random = mulberry32(21);
      for (let trial = 0; trial < TRIALS; trial++) {
        const { truth, answer, locate } = world(random);
        const match = matchRanking(answer, truth);
        let previous: Record<string, SetCounts> | undefined;
        for (let k = 1; k <= answer.length + 1; k++) {
          const c = granularityCounts(match, locate, k);
          for (const g of GRANULARITIES) {
            if (previous) assert.ok(c.atK[g].overlap >= previous[g].overlap && c.atK[g].retrieved >= previous[g].retrieved, `trial ${trial} ${g} K ${k}`);
          }
          previous = c.atK;
          if (k >= answer.length) assert.deepEqual(c.atK, c.all);
        }
      }
    });

    it('a name that is nothing in the code and not credited changes no whole-answer count; a file added changes only the file level', () => {
      const random = mulberry32(22);
      for (let trial = 0; trial < TRIALS; trial++) {
        const { truth, answer, locate } = world(random);
        const at = Math.floor(random() * (answer.length + 1));
        const base = granularityCounts(matchRanking(answer, truth), locate).all;
        const junk = granularityCounts(matchRanking([...answer.slice(0, at), 'junk.nothing', ...answer.slice(at)], truth), locate).all;
        assert.deepEqual(junk, base, `trial ${trial}`);
        const file = granularityCounts(matchRanking([...answer.slice(0, at), 'f3', ...answer.slice(at)], truth), locate).all;
        assert.deepEqual(file.symbol, base.symbol, `trial ${trial}: symbol`);
        assert.deepEqual(file.span, base.span, `trial ${trial}: span`);
      }
    });

    it('with one task, macro equals micro; a task with no gold side at a level has no value there', () => {
      const random = mulberry32(23);
      for (let trial = 0; trial < 100; trial++) {
        const { truth, answer, locate } = world(random);
        const summary = summarizeGranularities([{ system: 's', counts: granularityCounts(matchRanking(answer, truth), locate) }]);
        for (const g of GRANULARITIES) {
          const [macro, micro] = summary.filter((s) => s.granularity === g);
          assert.deepEqual(micro.all, macro.all);
          assert.deepEqual(micro.atK, macro.atK);
        }
      }
      const nowhere = granularityCounts(matchRanking(['a.b'], ['gone.symbol']), () => null);
      assert.deepEqual(setMetrics(nowhere.all.span), { coverage: null, precision: null, f1: null });
      assert.deepEqual(summarizeGranularities([{ system: 's', counts: nowhere }]).filter((s) => s.granularity === 'span').map((s) => s.n), [0, 0]);
    });

    it('line sets: union, intersection and measure agree with sets of line numbers', () => {
      const random = mulberry32(24);
      for (let trial = 0; trial < TRIALS; trial++) {
        const ranges = () => Array.from({ length: Math.floor(random() * 5) }, (): [number, number] => {
          const s = 1 + Math.floor(random() * 30);
          return [s, s + Math.floor(random() * 6)];
        });
        const a = ranges();
        const b = ranges();
        const lines = (rs: readonly (readonly [number, number])[]) => new Set(rs.flatMap(([s, e]) => Array.from({ length: e - s + 1 }, (_, i) => s + i)));
        const ua = unionLines(a);
        assert.equal(measureLines(ua), lines(a).size);
        assert.equal(measureLines(intersectLines(ua, unionLines(b))), [...lines(a)].filter((x) => lines(b).has(x)).length);
      }
    });
  });
});
