import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mulberry32 } from '../../src/core';
import { COMMAND_IDS } from '../../src/extension/commands/ids';
import { anyOf, isBoolean, isNumber, isString, listOf, oneOf, optional, record } from '../../src/shared/guards';

const root = resolve(__dirname, '../../..');

describe('commands', () => {
  it('the extension registers exactly the commands package.json contributes (the ids the compiler knows)', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual([...COMMAND_IDS].sort(), contributed);
    assert.equal(new Set(COMMAND_IDS).size, COMMAND_IDS.length, 'each id once');
  });
});

describe('argument guards', () => {
  const samples = (random: () => number): unknown[] => [
    undefined, null, 0, 1.5, Number.NaN, '', 'x', true, false, [], ['a'], [1], {}, { a: 1 }, new Date(0), () => 0,
    Math.floor(random() * 100), String(random()),
  ];

  it('an object guard reads only its fields: other keys change nothing; arrays, null and primitives are refused (seeded)', () => {
    const random = mulberry32(15);
    const guard = record({ symbol: isString, reason: optional(isString), line: optional(isNumber) });
    for (let n = 0; n < 500; n++) {
      const values = samples(random);
      const pick = () => values[Math.floor(random() * values.length)];
      const value: Record<string, unknown> = {};
      if (random() < 0.8) value.symbol = random() < 0.7 ? `s${n}` : pick();
      if (random() < 0.5) value.reason = pick();
      if (random() < 0.5) value.line = pick();
      const expected = typeof value.symbol === 'string'
        && (value.reason === undefined || typeof value.reason === 'string')
        && (value.line === undefined || (typeof value.line === 'number' && Number.isFinite(value.line)));
      assert.equal(guard(value), expected, JSON.stringify(value));
      assert.equal(guard({ ...value, kind: 'changed', extra: pick() }), expected, 'other keys change nothing');
    }
    for (const value of [undefined, null, 'shop/cart.Cart', 3, [{ symbol: 'a' }]]) assert.equal(guard(value), false, JSON.stringify(value));
  });

  it('optional, one of, list of, any of: each accepts what it says and nothing else', () => {
    const random = mulberry32(7);
    const choices = oneOf(['HIGH', 'MEDIUM'] as const);
    for (const value of samples(random)) {
      assert.equal(optional(isString)(value), value === undefined || typeof value === 'string');
      assert.equal(isBoolean(value), typeof value === 'boolean');
      assert.equal(choices(value), false);
      assert.equal(listOf(isString)(value), Array.isArray(value) && value.every((v) => typeof v === 'string'));
      assert.equal(anyOf(isString, isNumber)(value), typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)));
    }
    assert.ok(choices('HIGH') && choices('MEDIUM') && !choices('high'));
    assert.equal(record({ uri: optional(isString) })({}), true, 'an object with none of its optional fields');
  });
});
