import * as assert from 'node:assert/strict';
import { candidatesOf, changedSymbols, neighboursOf, Repository } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';

const PRICING_V1 = `TAX_RATE = 0.2


class PriceCalculator:
    def __init__(self, rate):
        self.rate = rate

    def total(self, amount):
        return amount * (1 + self.rate)

    def legacy(self):
        return None


def apply_discount(amount, percent):
    return amount - amount * percent / 100
`;

const PRICING_V2 = `TAX_RATE = 0.2


class PriceCalculator:
    def __init__(self, rate):
        self.rate = rate

    def total(self, amount, code=None):
        amount = apply_discount(amount, lookup_code(code))
        return amount * (1 + self.rate)


def apply_discount(amount, percent):
    return amount - amount * percent / 100


def lookup_code(code):
    return 10 if code else 0
`;

const CHECKOUT = `from shop.pricing import PriceCalculator


def checkout(cart):
    calc = PriceCalculator(0.2)
    return calc.total(sum(cart))
`;

const STORE_GO = `package store

type Store struct {
\titems map[string]int
}

func (s *Store) Get(key string) int {
\treturn s.items[key]
}

func (s *Store) Put(key string, v int) {
\ts.items[key] = v
}
`;

describe('changed symbols of a change', () => {
  let repo: TestRepo;
  let r: Repository;
  let base: string;
  let head: string;

  before(async () => {
    repo = new TestRepo();
    base = repo.commit('base', {
      'shop/pricing.py': PRICING_V1,
      'shop/checkout.py': CHECKOUT,
      'shop/legacy.py': 'def old_helper():\n    return 1\n',
      'store/store.go': STORE_GO,
      'web/old.ts': 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n',
      'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
    });
    head = repo.commit('head', {
      'shop/pricing.py': PRICING_V2,
      'shop/legacy.py': null,
      'store/store.go': STORE_GO.replace('\treturn s.items[key]\n', '\tv, ok := s.items[key]\n\tif !ok {\n\t\treturn -1\n\t}\n\treturn v\n'),
      'web/new.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
      'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9]),
    }, [['web/old.ts', 'web/new.ts']]);
    r = await Repository.open(repo.dir);
  });
  after(() => r.close());

  it('reports added, modified and deleted definitions with lines on their side, in file order', async () => {
    const report = await changedSymbols(r, base, head);
    const brief = report.symbols.map((s) => `${s.change} ${s.kind} ${s.symbol} ${s.file}:${s.startLine}-${s.endLine}`);
    assert.deepEqual(brief, [
      'deleted function shop/legacy.old_helper shop/legacy.py:1-2',
      'modified method shop/pricing.PriceCalculator.total shop/pricing.py:8-10',
      'deleted method shop/pricing.PriceCalculator.legacy shop/pricing.py:11-12',
      'added function shop/pricing.lookup_code shop/pricing.py:17-18',
      'modified method store/store.Store.Get store/store.go:7-13',
      'modified function web/new.greet web/new.ts:1-3',
    ]);
    assert.deepEqual(report.skipped, [{ path: 'assets/logo.png', reason: 'binary file' }]);
  });

  it('finds one-hop neighbours: what the changed code calls, and who calls it', async () => {
    const report = await changedSymbols(r, base, head);
    const neighbours = await neighboursOf(r, report);
    const brief = neighbours.map((n) => `${n.relation} ${n.symbol}`);
    assert.ok(brief.includes('callee shop/pricing.apply_discount'), brief.join('\n'));
    assert.ok(brief.includes('caller shop/checkout.checkout'), brief.join('\n'));
    // Changed symbols are not their own neighbours.
    assert.ok(!brief.some((b) => b.endsWith(' shop/pricing.PriceCalculator.total')));
  });
});

/** Enough unchanged text that git sees web/util.js -> web/helpers.js as a rename. */
const LONG_JS = Array.from({ length: 12 }, (_, i) => `function step${i}(x) {\n  return x + ${i};\n}\n`).join('\n');

describe('changed symbols in every language', () => {
  it('reads Rust, Java, C#, Ruby, JavaScript and TSX changes: overloads, renames, deletions', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', {
      'core/src/queue.rs': 'pub struct Queue { n: u32 }\n\nimpl Queue {\n    pub fn push(&mut self) {\n        self.n += 1;\n    }\n}\n',
      'app/src/Shop.java': 'class Shop {\n    int add(int a) { return a; }\n    int add(String a) { return 0; }\n}\n',
      'svc/Cart.cs': 'class Cart {\n    int Total() { return 1; }\n}\n',
      'lib/shop.rb': 'module Shop\n  def self.ping\n    :pong\n  end\nend\n',
      'web/util.js': `function slug(s) {\n  return s.toLowerCase();\n}\n\n${LONG_JS}`,
      'web/View.tsx': 'export function View() {\n  return <div />;\n}\n',
    });
    const head = repo.commit('head', {
      'core/src/queue.rs': 'pub struct Queue { n: u32 }\n\nimpl Queue {\n    pub fn push(&mut self) {\n        self.n += 2;\n    }\n}\n',
      'app/src/Shop.java': 'class Shop {\n    int add(int a) { return a; }\n    int add(String a) { return a.length(); }\n}\n',
      'svc/Cart.cs': null,
      'lib/shop.rb': 'module Shop\n  def self.ping\n    :pong\n  end\n\n  def self.pong\n    :ping\n  end\nend\n',
      'web/helpers.js': `function slug(s) {\n  return s.trim().toLowerCase();\n}\n\n${LONG_JS}`,
      'web/View.tsx': 'export function View() {\n  return <div />;\n}\n\nexport const Badge = () => <span />;\n',
    }, [['web/util.js', 'web/helpers.js']]);
    const r = await Repository.open(repo.dir);
    try {
      const report = await changedSymbols(r, base, head);
      assert.deepEqual(report.symbols.map((s) => `${s.change} ${s.kind} ${s.symbol} ${s.startLine}-${s.endLine}`), [
          'modified method app/src/Shop.Shop.add 3-3',
        'modified method core/src/queue.Queue.push 4-6',
        'added method lib/shop.Shop.pong 6-8',
        'deleted class svc/Cart.Cart 1-3',
        'deleted method svc/Cart.Cart.Total 2-2',
        'added function web/View.Badge 5-5',
        'modified function web/helpers.slug 1-3',
      ]);
      assert.equal(report.files.find((file) => file.newPath === 'web/helpers.js')?.status, 'renamed');
    } finally {
      r.close();
    }
  });
});


describe('labels are named at base: what a click on either side of a change names there', () => {
  let r: Repository;
  let base: string;
  let head: string;

  before(async () => {
    const repo = new TestRepo();
    base = repo.commit('base', {
      'web/src/money.ts': `export function centsToUnits(c: number): number {\n  return c / 100;\n}\n\nexport function formatPrice(c: number): string {\n  return '$' + centsToUnits(c);\n}\n\n${LONG_JS}`,
      'shop/pricing.py': PRICING_V1,
      'shop/legacy.py': 'def old_helper():\n    return 1\n',
    });
    head = repo.commit('head', {
      // Moved, one function edited, one type added; centsToUnits untouched by any hunk.
      'web/src/format/money.ts': `export function centsToUnits(c: number): number {\n  return c / 100;\n}\n\nexport type Currency = 'USD' | 'EUR';\n\nexport function formatPrice(c: number, cur: Currency = 'USD'): string {\n  return cur + centsToUnits(c);\n}\n\n${LONG_JS}`,
      'shop/pricing.py': PRICING_V2,
      'shop/legacy.py': null,
      'web/src/badge.ts': 'export function badge(n: number): string {\n  return String(n);\n}\n',
    }, [['web/src/money.ts', 'web/src/format/money.ts']]);
    r = await Repository.open(repo.dir);
  });
  after(() => r.close());

  it('maps a moved file\'s names to their base names, changed or not, and refuses what the change adds', async () => {
    const { names } = await changedSymbols(r, base, head);
    // Head side of the moved file: every definition by its old name, whether a hunk touched it or not.
    assert.deepEqual(names.nameAtBase('web/src/format/money.formatPrice', 'head'), { symbol: 'web/src/money.formatPrice' });
    assert.deepEqual(names.nameAtBase('web/src/format/money.centsToUnits', 'head'), { symbol: 'web/src/money.centsToUnits' });
    assert.deepEqual(names.nameAtBase('web/src/format/money.step3', 'head'), { symbol: 'web/src/money.step3' });
    // Added by the change: a new type in a moved file, a new function in an edited one, a new file.
    for (const added of ['web/src/format/money.Currency', 'shop/pricing.lookup_code', 'web/src/badge.badge']) {
      const answer = names.nameAtBase(added, 'head');
      assert.ok('refused' in answer, added);
      assert.equal(answer.refused, `\`${added}\` exists only at diff.head (the change adds it): systems run at diff.base, where it cannot be retrieved, so it is not labeled; label the base-side symbols the task needs`);
    }
    // Edited in place, or in a file the change leaves alone: the same name.
    assert.deepEqual(names.nameAtBase('shop/pricing.PriceCalculator.total', 'head'), { symbol: 'shop/pricing.PriceCalculator.total' });
    assert.deepEqual(names.nameAtBase('shop/checkout.checkout', 'head'), { symbol: 'shop/checkout.checkout' });
    // The base side is named at base already, deleted definitions included.
    assert.deepEqual(names.nameAtBase('web/src/money.formatPrice', 'base'), { symbol: 'web/src/money.formatPrice' });
    assert.deepEqual(names.nameAtBase('shop/legacy.old_helper', 'base'), { symbol: 'shop/legacy.old_helper' });
    // A name of unknown side: base-side when the change's files define it at base, else read as head-side.
    assert.deepEqual(names.nameAtBase('web/src/money.formatPrice'), { symbol: 'web/src/money.formatPrice' });
    assert.deepEqual(names.nameAtBase('web/src/format/money.formatPrice'), { symbol: 'web/src/money.formatPrice' });
    assert.ok('refused' in names.nameAtBase('web/src/format/money.Currency'));
    // Spellings normalize: a `::` or an extension names the same definition.
    assert.deepEqual(names.nameAtBase('web/src/format/money.ts::formatPrice', 'head'), { symbol: 'web/src/money.formatPrice' });
  });

  it('the candidates carry the same names: a moved symbol is a candidate by its base name, an added one is none', async () => {
    const found = await candidatesOf(r, base, head);
    assert.ok(found.symbols.includes('web/src/money.formatPrice'));
    assert.ok(!found.symbols.some((s) => s.startsWith('web/src/format/')));
    for (const s of found.symbols) assert.deepEqual(found.names.nameAtBase(s), { symbol: s }, s);
  });
});
