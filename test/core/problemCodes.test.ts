// Problem codes are a closed set (the compiler holds every raised problem to it): each one is
// documented in docs/fixture-format.md's table, the table names no code that does not exist, and
// every code is raised somewhere in src/.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROBLEM_CODES } from '../../src/core';
import { tsFiles } from '../helpers/importGraph';

const root = resolve(__dirname, '../../..');


describe('problem codes', () => {
  const doc = readFileSync(join(root, 'docs/fixture-format.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Problem codes\n'));

  it('every code is documented in docs/fixture-format.md (Problem codes), and the table names only real codes', () => {
    assert.ok(section.length > 1, 'docs/fixture-format.md has a Problem codes section');
    const documented = [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    assert.deepEqual(PROBLEM_CODES.filter((c) => !documented.includes(c)), [], 'undocumented codes');
    assert.deepEqual(documented.filter((c) => !(PROBLEM_CODES as readonly string[]).includes(c)), [], 'documented codes that do not exist');
    assert.equal(new Set(documented).size, documented.length, 'each code documented once');
  });

  it('every code is raised somewhere in src/', () => {
    const source = tsFiles(join(root, 'src')).filter((f) => !f.endsWith(join('core', 'problems.ts'))).map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.deepEqual(PROBLEM_CODES.filter((c) => !source.includes(`'${c}'`)), []);
  });
});
