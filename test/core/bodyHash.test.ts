// The body hash's normalisation (docs/fixture-format.md#labels-that-follow-the-code) as
// properties: what a formatter or another platform changes keeps the hash, what changes the code
// changes it, and the value itself is pinned, so a later change of the rule is seen.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { BodyIndex, hashedDefinitionsOf, mulberry32, Repository } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';

const PYTHON = 'import os\n\n\nclass Cart:\n    def total(self, percent):\n        books = sum(line.qty for line in self.lines)\n'
  + '        return apply_discount(self.subtotal(), percent, books)\n\n\ndef receipt(cart, rate):\n    return price_with_tax(cart.subtotal(), rate)\n';
const GO = 'package shop\n\n// Total is the sum.\nfunc (c *Cart) Total(rate float64) float64 {\n\treturn c.sub * (1 + rate) /* taxed */\n}\n';

async function hashes(path: string, text: string): Promise<Record<string, string>> {
  return Object.fromEntries((await hashedDefinitionsOf(path, text)).map((d) => [d.symbol, d.bodyHash]));
}

/** The text with whitespace added where a formatter may put it: after punctuation, at line ends, blank lines; Python keeps its indentation. */
function reformat(text: string, next: () => number, python: boolean): string {
  return text.split('\n').map((line) => {
    let out = line.replace(/([,(=+])/g, (m) => (next() < 0.5 ? `${m} ` : m)).replace(/ ([,)=+])/g, (m) => (next() < 0.5 ? m.trimStart() : m));
    if (next() < 0.3) out += '   ';
    if (next() < 0.2) out += '\n';
    if (!python && next() < 0.3) out = `\t${out}`;
    return out;
  }).join('\n');
}

/** A comment at the end of random lines (after the code, so no string is cut). */
function commented(text: string, next: () => number, marker: string): string {
  return text.split('\n').map((line) => (line.trim() && next() < 0.4 && !line.trimEnd().endsWith(':') ? `${line}  ${marker} note ${Math.floor(next() * 100)}` : line)).join('\n');
}

describe('body hash: the normalisation of a definition\'s body', () => {
  it('is pinned: the same text gives these values on every platform, the SHA-256 of the documented normal form', async () => {
    assert.deepEqual(await hashes('shop/cart.py', PYTHON), {
      'shop/cart.Cart': 'd69d9d3f7a8e7b2d',
      'shop/cart.Cart.total': '2046c455a88b3ef9',
      'shop/cart.receipt': '600ce3eabef10b85',
    });
    // The normal form of docs/fixture-format.md: the name a U+0001, whitespace gone but between two word characters.
    const normal = 'def\u0001(cart,rate):return price_with_tax(cart.subtotal(),rate)';
    assert.equal(createHash('sha256').update(normal).digest('hex').slice(0, 16), '600ce3eabef10b85');
  });

  it('keeps the hash through line endings, a byte order mark, reformatting and comments (property, 300 seeded variants per language)', async () => {
    const next = mulberry32(19);
    for (const [path, text, marker] of [['shop/cart.py', PYTHON, '#'], ['shop/cart.go', GO, '//']] as const) {
      const want = await hashes(path, text);
      for (let i = 0; i < 300; i++) {
        let variant = commented(reformat(text, next, path.endsWith('.py')), next, marker);
        if (next() < 0.5) variant = variant.replace(/\n/g, '\r\n');
        if (next() < 0.2) variant = `\uFEFF${variant}`;
        assert.deepEqual(await hashes(path, variant), want, variant);
      }
    }
  });

  it('changes with the code: a token, an operator, two words joined; not with the definition\'s own name', async () => {
    const base = await hashes('shop/cart.py', PYTHON);
    for (const [from, to] of [['sum(line.qty', 'max(line.qty'], ['self.subtotal()', 'self.subtotal() - 1'], ['books)', 'books, 1)'], ['return price', 'returnprice'], ['percent, books', 'books, percent']]) {
      const changed = await hashes('shop/cart.py', PYTHON.replace(from, to));
      assert.notDeepEqual(changed, base, `${from} -> ${to}`);
    }
    const renamed = await hashes('shop/cart.py', PYTHON.replace('def receipt(', 'def bill('));
    assert.equal(renamed['shop/cart.bill'], base['shop/cart.receipt']);
    const goRenamed = await hashes('shop/cart.go', GO.replace('Total(', 'Sum('));
    assert.equal(goRenamed['shop/cart.Cart.Sum'], (await hashes('shop/cart.go', GO))['shop/cart.Cart.Total']);
  });

  it('BodyIndex finds a symbol by name at a revision, and every body by hash, through git alone', async () => {
    const repo = new TestRepo();
    const sha = repo.commit('one', { 'shop/cart.py': PYTHON, 'shop/copy.py': 'def bill(cart, rate):\n    return price_with_tax(cart.subtotal(), rate)\n' });
    const opened = await Repository.open(repo.dir);
    try {
      const index = new BodyIndex(opened);
      const found = await index.find(sha, 'shop/cart.py::receipt');
      assert.deepEqual(found && { ...found }, { symbol: 'shop/cart.receipt', file: 'shop/cart.py', line: 10, bodyHash: (await hashes('shop/cart.py', PYTHON))['shop/cart.receipt'] });
      const same = (await index.byHash(sha)).get(found!.bodyHash)!.map((s) => s.symbol);
      assert.deepEqual(same, ['shop/cart.receipt', 'shop/copy.bill']);
      assert.equal(await index.find(sha, 'shop/cart.nothing'), undefined);
    } finally {
      opened.close();
    }
  });
});
