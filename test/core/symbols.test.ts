import * as assert from 'node:assert/strict';
import { Definition, definitionAt, definitionOf, definitionsOf, enclosingDefinitions, languageOf, referenceAt, referencesOf, Repository } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';

/** `kind symbol start-end` for each definition: the whole answer, in one comparable list. */
async function brief(path: string, text: string): Promise<string[]> {
  return (await definitionsOf(path, text)).map((d) => `${d.kind} ${d.symbol} ${d.startLine}-${d.endLine}`);
}

const PYTHON = `MAX_ITEMS = 3
name = "a variable"
type Money = int


class Cart(Base):
    LIMIT = 2

    @property
    def total(self) -> Money:
        return helper(self.items)

    class Line:
        def price(self):
            return 1


def helper(items):
    def inner():
        pass
    return items.sum()
`;

const GO = `package queue

const MaxRetries = 3

const (
\tA    = 1
\tB, C = 2, 3
)

type Queue[T any] struct{ items []T }

type Runner interface {
\tRun() error
}

type ID = string

func (q *Queue[T]) Push(x T) { q.items = append(q.items, x); helper(1) }

func (q Queue[T]) Len() int { return len(q.items) }

func helper(x int) int {
\tf := func() {}
\tf()
\treturn x
}
`;

const RUST = `pub const MAX: u32 = 3;
pub struct Queue<T> { items: Vec<T> }
pub enum Kind { A, B }
pub trait Runner {
    fn run(&self) -> u32;
}
type Id = String;
impl<T> Queue<T> {
    pub fn push(&mut self, x: T) { self.items.push(x); }
}
impl Runner for Queue<u8> {
    fn run(&self) -> u32 { helper(1) }
}
mod inner {
    pub fn deep() {}
}
fn helper(x: u32) -> u32 {
    let add_one = |y| y + 1;
    add_one(x)
}
`;

const JAVA = `package com.shop;

public class Shop {
    public static final int MAX = 3;
    private int count;
    public Shop() {}
    public int add(int a) { return helper(a); }
    public int add(String a) { return this.helper(1); }
    static class Inner {
        void go() {}
    }
    interface Listener { void on(Event e); }
    enum Color { RED }
}
`;

const CSHARP = `namespace Shop.Core;

public class Cart {
    public const int Max = 3;
    public Cart() {}
    public int Add(int a) { return Helper(a); }
    public int Add(string a) {
        int Local() { return 1; }
        return Helper(Local());
    }
}
public interface IRunner { void Run(); }
public struct Point { }
public enum Color { Red }
public record Receipt(int Total);
`;

const RUBY = `module Shop
  MAX = 3
  class Cart < Base
    def add(x)
      helper(x)
    end

    def self.build
      new
    end
  end

  class Admin::User
  end
end

def top_level
end
`;

const TYPESCRIPT = `export const MAX = 3;
export const format = (x: number): string => helper(x);
let counter = 0;
export interface Store { get(id: string): Item; }
export type Id = string;
export enum Color { Red }
export class Cart extends Base implements Store {
  handle = () => this.get('a');
  get(id: string): Item { return new Item(id); }
}
export function total(a: string): number;
export function total(a: number): number;
export function total(a: any): number { return 0; }
namespace NS { export function f() {} }
`;

describe('definitions (tree-sitter)', () => {
  it('knows each language by its extension', () => {
    assert.deepEqual(
      ['a.py', 'a.ts', 'a.tsx', 'a.mjs', 'a.go', 'a.rs', 'A.java', 'A.cs', 'a.rb', 'README.md', 'Makefile'].map(languageOf),
      ['python', 'typescript', 'tsx', 'javascript', 'go', 'rust', 'java', 'csharp', 'ruby', undefined, undefined],
    );
  });

  it('Python: classes, nested classes, methods with decorators, closures, constants and type aliases', async () => {
    assert.deepEqual(await brief('shop/cart.py', PYTHON), [
      'constant shop/cart.MAX_ITEMS 1-1',
      'variable shop/cart.name 2-2',
      'type shop/cart.Money 3-3',
      'class shop/cart.Cart 6-15',
      'constant shop/cart.Cart.LIMIT 7-7',
      'method shop/cart.Cart.total 9-11',
      'class shop/cart.Cart.Line 13-15',
      'method shop/cart.Cart.Line.price 14-15',
      'function shop/cart.helper 18-21',
      'function shop/cart.helper.inner 19-20',
    ]);
  });

  it('Go: methods under their receiver type (pointer or generic), structs, interfaces, constants', async () => {
    assert.deepEqual(await brief('worker/queue/queue.go', GO), [
      'constant worker/queue/queue.MaxRetries 3-3',
      'constant worker/queue/queue.A 6-6',
      'constant worker/queue/queue.B 7-7',
      'constant worker/queue/queue.C 7-7',
      'struct worker/queue/queue.Queue 10-10',
      'field worker/queue/queue.Queue.items 10-10',
      'interface worker/queue/queue.Runner 12-14',
      'method worker/queue/queue.Runner.Run 13-13',
      'type worker/queue/queue.ID 16-16',
      'method worker/queue/queue.Queue.Push 18-18',
      'method worker/queue/queue.Queue.Len 20-20',
      'function worker/queue/queue.helper 22-26',
      'function worker/queue/queue.helper.f 23-23',
    ]);
    const defs = await definitionsOf('worker/queue/queue.go', GO);
    assert.equal(defs.find((d) => d.name === 'Push')?.parent, 'worker/queue/queue.Queue');
  });

  it('Rust: methods under their impl type, trait impls included; traits, modules, closures', async () => {
    assert.deepEqual(await brief('src/queue.rs', RUST), [
      'constant src/queue.MAX 1-1',
      'struct src/queue.Queue 2-2',
      'enum src/queue.Kind 3-3',
      'trait src/queue.Runner 4-6',
      'method src/queue.Runner.run 5-5',
      'type src/queue.Id 7-7',
      'method src/queue.Queue.push 9-9',
      'method src/queue.Queue.run 12-12',
      'module src/queue.inner 14-16',
      'function src/queue.inner.deep 15-15',
      'function src/queue.helper 17-20',
      'function src/queue.helper.add_one 18-18',
    ]);
  });

  it('Java: the package is not in the name; overloads are kept; nested types nest', async () => {
    assert.deepEqual(await brief('src/main/java/com/shop/Shop.java', JAVA), [
      'class src/main/java/com/shop/Shop.Shop 3-14',
      'constant src/main/java/com/shop/Shop.Shop.MAX 4-4',
      'method src/main/java/com/shop/Shop.Shop.Shop 6-6',
      'method src/main/java/com/shop/Shop.Shop.add 7-7',
      'method src/main/java/com/shop/Shop.Shop.add 8-8',
      'class src/main/java/com/shop/Shop.Shop.Inner 9-11',
      'method src/main/java/com/shop/Shop.Shop.Inner.go 10-10',
      'interface src/main/java/com/shop/Shop.Shop.Listener 12-12',
      'method src/main/java/com/shop/Shop.Shop.Listener.on 12-12',
      'enum src/main/java/com/shop/Shop.Shop.Color 13-13',
    ]);
  });

  it('C#: namespaces are not in the name; overloads, local functions, records, structs', async () => {
    assert.deepEqual(await brief('Shop/Cart.cs', CSHARP), [
      'class Shop/Cart.Cart 3-11',
      'constant Shop/Cart.Cart.Max 4-4',
      'method Shop/Cart.Cart.Cart 5-5',
      'method Shop/Cart.Cart.Add 6-6',
      'method Shop/Cart.Cart.Add 7-10',
      'function Shop/Cart.Cart.Add.Local 8-8',
      'interface Shop/Cart.IRunner 12-12',
      'method Shop/Cart.IRunner.Run 12-12',
      'struct Shop/Cart.Point 13-13',
      'enum Shop/Cart.Color 14-14',
      'class Shop/Cart.Receipt 15-15',
    ]);
  });

  it('Ruby: modules, classes (Admin::User nests), methods and singleton methods, constants', async () => {
    assert.deepEqual(await brief('lib/shop.rb', RUBY), [
      'module lib/shop.Shop 1-15',
      'constant lib/shop.Shop.MAX 2-2',
      'class lib/shop.Shop.Cart 3-11',
      'method lib/shop.Shop.Cart.add 4-6',
      'method lib/shop.Shop.Cart.build 8-10',
      'class lib/shop.Shop.Admin.User 13-14',
      'function lib/shop.top_level 17-18',
    ]);
  });

  it('TypeScript, TSX and JavaScript: exports, arrow functions, class fields, overload signatures, namespaces', async () => {
    const expected = [
      'constant web/src/cart.MAX 1-1',
      'function web/src/cart.format 2-2',
      'variable web/src/cart.counter 3-3',
      'interface web/src/cart.Store 4-4',
      'method web/src/cart.Store.get 4-4',
      'type web/src/cart.Id 5-5',
      'enum web/src/cart.Color 6-6',
      'class web/src/cart.Cart 7-10',
      'method web/src/cart.Cart.handle 8-8',
      'method web/src/cart.Cart.get 9-9',
      'function web/src/cart.total 11-11',
      'function web/src/cart.total 12-12',
      'function web/src/cart.total 13-13',
      'module web/src/cart.NS 14-14',
      'function web/src/cart.NS.f 14-14',
    ];
    assert.deepEqual(await brief('web/src/cart.ts', TYPESCRIPT), expected);
    const tsx = `export function CartView(props: Props) {\n  const onClick = () => props.save();\n  return <button onClick={onClick}>{props.label}</button>;\n}\n`;
    assert.deepEqual(await brief('web/src/CartView.tsx', tsx), ['function web/src/CartView.CartView 1-4', 'function web/src/CartView.CartView.onClick 2-2']);
    const js = `const API = '/api';\nclass Client {\n  fetch(path) { return get(API + path); }\n}\nmodule.exports = { Client };\n`;
    assert.deepEqual(await brief('web/client.js', js), ['constant web/client.API 1-1', 'class web/client.Client 2-4', 'method web/client.Client.fetch 3-3']);
  });

  it('variables are symbols: module-level variables and constants (any case), class attributes and fields; never locals; loops and blocks scope names in TypeScript, not in Python', async () => {
    const py = [
      'session: SessionMixin = LocalProxy(_cv_request, "session")',
      'option = click.Option(["--app"], help="The app")',
      'request_tearing_down = _signals.signal("request-tearing-down")',
      'a, b = 1, 2',
      'try:',
      '    import json',
      'except ImportError:',
      '    json = None',
      'for item in range(3):',
      '    counted = item',
      '',
      'class View:',
      '    provide_automatic_options: ClassVar[bool | None] = None',
      '    methods = None',
      '    DEFAULT = 1',
      '    name: str',
      '',
      '    def run(self):',
      '        local = 1',
      '        self.attribute = local',
      '',
    ].join('\n');
    assert.deepEqual(await brief('src/flask/globals.py', py), [
      'variable src/flask/globals.session 1-1',
      'variable src/flask/globals.option 2-2',
      'variable src/flask/globals.request_tearing_down 3-3',
      'variable src/flask/globals.a 4-4',
      'variable src/flask/globals.b 4-4',
      'variable src/flask/globals.json 8-8',
      'variable src/flask/globals.counted 10-10',
      'class src/flask/globals.View 12-20',
      'field src/flask/globals.View.provide_automatic_options 13-13',
      'field src/flask/globals.View.methods 14-14',
      'constant src/flask/globals.View.DEFAULT 15-15',
      'field src/flask/globals.View.name 16-16',
      'method src/flask/globals.View.run 18-20',
      // An instance attribute (instanceAttributes.test.ts): a definition of the class, not a local.
      'field src/flask/globals.View.attribute 20-20',
    ]);
    const field = (await definitionsOf('src/flask/globals.py', py)).find((d) => d.name === 'provide_automatic_options')!;
    assert.deepEqual([field.parent, field.nameLine, field.nameColumn], ['src/flask/globals.View', 13, 4]);

    const ts = [
      'export let retries = 2;',
      'var legacy: number;',
      'declare const injected: string;',
      'const { picked } = source;',
      'for (let i = 0; i < 2; i++) {}',
      'if (ready) { const inBlock = 1; }',
      'export class Ky {',
      '  static defaults = { timeout: 10 };',
      '  protected _options: Options;',
      '  #secret = 1;',
      '  [Symbol.iterator] = 2;',
      '  retry = () => this.run();',
      '  run() { const local = 1; return local; }',
      '}',
      'namespace NS { export const inside = 1; }',
      'describe("x", () => { const fixture = 1; });',
    ].join('\n');
    assert.deepEqual(await brief('source/core/Ky.ts', ts), [
      'variable source/core/Ky.retries 1-1',
      'variable source/core/Ky.legacy 2-2',
      'constant source/core/Ky.injected 3-3',
      'class source/core/Ky.Ky 7-14',
      'field source/core/Ky.Ky.defaults 8-8',
      'field source/core/Ky.Ky._options 9-9',
      // A #private field is named as a #private method is; a computed name is none.
      'field source/core/Ky.Ky.#secret 10-10',
      'method source/core/Ky.Ky.retry 12-12',
      'method source/core/Ky.Ky.run 13-13',
      'module source/core/Ky.NS 15-15',
      'constant source/core/Ky.NS.inside 15-15',
    ]);
    const js = 'let hits = 0;\nclass Client {\n  base = "/api";\n  static count;\n}\n';
    assert.deepEqual(await brief('web/client.mjs', js), ['variable web/client.hits 1-1', 'class web/client.Client 2-5', 'field web/client.Client.base 3-3', 'field web/client.Client.count 4-4']);

    const go = [
      'package cobra',
      'var EnablePrefixMatching = false',
      'type Command struct {',
      '\tUse, Short string',
      '\tArgs PositionalArgs `json:"args"`',
      '\tEmbedded',
      '}',
      'func run() {',
      '\tvar local = 1',
      '\ttype inner struct{ Z int }',
      '}',
    ].join('\n');
    assert.deepEqual(await brief('command.go', go), [
      'variable command.EnablePrefixMatching 2-2',
      'struct command.Command 3-7',
      'field command.Command.Use 4-4',
      'field command.Command.Short 4-4',
      'field command.Command.Args 5-5',
      'function command.run 8-11',
      'struct command.run.inner 10-10',
      'field command.run.inner.Z 10-10',
    ]);
  });

  it('still reports what parses in a file with syntax errors', async () => {
    const broken = `def fine():\n    return 1\n\ndef broken(:\n    return (\n\nclass After:\n    def ok(self):\n        return 2\n`;
    const symbols = (await definitionsOf('x/broken.py', broken)).map((d) => d.symbol);
    assert.ok(symbols.includes('x/broken.fine'), symbols.join(', '));
    const ts = `export function good() { return 1; }\nexport function bad( { return ; \nexport class Later { run() {} }\n`;
    const tsSymbols = (await definitionsOf('x/broken.ts', ts)).map((d) => d.symbol);
    assert.ok(tsSymbols.includes('x/broken.good'), tsSymbols.join(', '));
  });

  it('gives nothing for files no grammar reads, and the same answer when asked twice', async () => {
    assert.deepEqual(await definitionsOf('README.md', '# def x():'), []);
    assert.deepEqual(await brief('shop/cart.py', PYTHON), await brief('shop/cart.py', PYTHON));
  });

  it('finds the definition at a line and the definitions enclosing it, and where a name is written', async () => {
    const defs = await definitionsOf('shop/cart.py', PYTHON);
    assert.equal(definitionAt(defs, 15)?.symbol, 'shop/cart.Cart.Line.price');
    assert.deepEqual(enclosingDefinitions(defs, 15).map((d: Definition) => d.symbol), ['shop/cart.Cart', 'shop/cart.Cart.Line', 'shop/cart.Cart.Line.price']);
    assert.equal(definitionAt(defs, 17), undefined);
    const total = defs.find((d) => d.name === 'total')!;
    assert.deepEqual([total.nameLine, total.nameColumn], [10, 8]);
  });
});

describe('references (tree-sitter)', () => {
  it('marks calls (plain and through a member), types, and leaves definition names out', async () => {
    const refs = await referencesOf('shop/cart.py', PYTHON);
    const calls = refs.filter((r) => r.kind === 'call').map((r) => r.name);
    assert.deepEqual(calls, ['helper', 'sum']);
    assert.ok(refs.some((r) => r.kind === 'type' && r.name === 'Money' && r.line === 10));
    assert.ok(refs.some((r) => r.kind === 'type' && r.name === 'Base'));
    assert.ok(!refs.some((r) => r.name === 'Cart' || r.name === 'helper' && r.kind !== 'call'));
  });

  it('reads calls in Go, Rust, Java, C#, Ruby and TypeScript', async () => {
    const callsIn = async (path: string, text: string) => (await referencesOf(path, text)).filter((r) => r.kind === 'call').map((r) => r.name);
    assert.deepEqual(await callsIn('q.go', GO), ['append', 'helper', 'len', 'f']);
    assert.deepEqual(await callsIn('q.rs', RUST), ['push', 'helper', 'add_one']);
    assert.deepEqual(await callsIn('Shop.java', JAVA), ['helper', 'helper']);
    assert.deepEqual(await callsIn('Cart.cs', CSHARP), ['Helper', 'Helper', 'Local']);
    assert.deepEqual(await callsIn('shop.rb', RUBY), ['helper']);
    assert.deepEqual(await callsIn('cart.ts', TYPESCRIPT), ['helper', 'get', 'Item']);
  });

  it('finds the reference under a cursor', async () => {
    const refs = await referencesOf('shop/cart.py', PYTHON);
    assert.equal(referenceAt(refs, 11, 17)?.name, 'helper');
    assert.equal(referenceAt(refs, 11, 4), undefined);
  });
});

describe('definition of a qualified symbol at a revision', () => {
  it('finds it in the file its module path names, at that revision only, names compared as symbolKey compares', async () => {
    const repo = new TestRepo();
    const first = repo.commit('first', {
      'shop/cart.py': 'class Cart:\n    def total(self):\n        return 0\n',
      'shop/cart_extra.py': 'class Cart:\n    def total(self):\n        return 1\n',
      'shop/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]),
      'web/cart.ts': 'export class Cart {\n  total(): number { return 0; }\n}\n',
    });
    const second = repo.commit('second', { 'shop/cart.py': 'def helper():\n    return 2\n' });
    const r = await Repository.open(repo.dir);
    try {
      const total = await definitionOf(r, first, 'shop/cart.Cart.total');
      assert.deepEqual([total?.file, total?.symbol, total?.nameLine, total?.nameColumn], ['shop/cart.py', 'shop/cart.Cart.total', 2, 8]);
      assert.equal((await definitionOf(r, first, 'shop/cart_extra.Cart.total'))?.file, 'shop/cart_extra.py');
      assert.equal((await definitionOf(r, first, 'web/cart.Cart.total'))?.file, 'web/cart.ts');
      assert.equal((await definitionOf(r, first, 'shop/cart.Cart.total()'))?.symbol, 'shop/cart.Cart.total', 'compared as symbolKey compares');
      assert.equal(await definitionOf(r, first, 'shop/cart.cart.total'), undefined, 'names are case-sensitive, as code is');
      assert.equal(await definitionOf(r, first, 'shop/cart.Cart.missing'), undefined);
      assert.equal(await definitionOf(r, first, 'shop/logo.Cart'), undefined, 'a binary file has no definitions');
      assert.equal(await definitionOf(r, second, 'shop/cart.Cart.total'), undefined, 'gone at the later revision');
      assert.equal((await definitionOf(r, second, 'shop/cart.helper'))?.nameLine, 1);
    } finally {
      r.close();
    }
  });
});
