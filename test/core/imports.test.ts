import * as assert from 'node:assert/strict';
import { importAt, importedDefinitions, importsOf, Repository } from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';

const CART = `// The cart page.
import { CartDto, fetchCart as load } from './api';
import { formatPrice } from './format';
import { useState } from 'react';

export function render(cart: CartDto): string {
  return formatPrice(cart.total) + String(load);
}
`;

describe('imported names resolved to their definitions', () => {
  it('reads the named imports of a TypeScript file, with aliases and where each name is written', async () => {
    const imports = await importsOf('web/src/cart.ts', CART);
    assert.deepEqual(imports.map((i) => [i.name, i.local, i.from, i.line, i.column]), [
      ['CartDto', 'CartDto', './api', 2, 9], ['fetchCart', 'load', './api', 2, 18], ['formatPrice', 'formatPrice', './format', 3, 9], ['useState', 'useState', 'react', 4, 9],
    ]);
    // Hovering the name in the import, or a use of it in the file.
    assert.equal(importAt(imports, 2, 12)?.name, 'CartDto');
    assert.equal(importAt(imports, 6, 30, 'CartDto')?.from, './api');
    assert.equal(importAt(imports, 7, 40, 'load')?.name, 'fetchCart');
    assert.equal(importAt(imports, 7, 0, 'render'), undefined);
    assert.deepEqual(await importsOf('shop/cart.py', 'from shop.models import Order\n'), []);
  });

  it('finds the definition in the module the import names (its file, or its index), at a revision; none for a package', async () => {
    const repo = new TestRepo();
    const rev = repo.commit('web', {
      'web/src/cart.ts': CART,
      'web/src/api.ts': 'export interface CartDto { total: number }\nexport async function fetchCart(id: string) { return id; }\n',
      'web/src/format/index.ts': 'export function formatPrice(cents: number): string { return String(cents); }\n',
      // The same name elsewhere is not what the import stands for.
      'web/src/other.ts': 'export interface CartDto { old: boolean }\n',
    });
    const r = await Repository.open(repo.dir);
    try {
      const imports = await importsOf('web/src/cart.ts', CART);
      const resolved = async (name: string) => (await importedDefinitions(r, rev, 'web/src/cart.ts', imports.find((i) => i.name === name)!)).map((d) => `${d.file}:${d.symbol}`);
      assert.deepEqual(await resolved('CartDto'), ['web/src/api.ts:web/src/api.CartDto']);
      assert.deepEqual(await resolved('fetchCart'), ['web/src/api.ts:web/src/api.fetchCart']);
      assert.deepEqual(await resolved('formatPrice'), ['web/src/format/index.ts:web/src/format/index.formatPrice']);
      assert.deepEqual(await resolved('useState'), []);
    } finally {
      r.close();
    }
  });
});
