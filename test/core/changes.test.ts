import * as assert from 'node:assert/strict';
import { changedSymbols, neighboursOf, Repository } from '../../src/core';
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
        'modified module lib/shop.Shop 1-9',
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

