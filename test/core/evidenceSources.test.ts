// General evidence sources beside the code links (docs/fixture-format.md#default-candidates; out of the
// default list, in with `--evidence all` or `beside`), each on
// a small real git history: definitions named like the changed ones by a word few names hold
// (namesakes.ts), and definitions changed together with the changed ones in the repository's small
// commits before base (coChanges.ts).
import * as assert from 'node:assert/strict';
import { changedSymbols, neighboursOf, Repository, type RankedCandidate } from '../../src/core';
import { nameWords, sameWord } from '../../src/core/changes/namesakes';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const pick = (c: RankedCandidate | undefined) => c && { kind: c.kind, why: c.why };

describe('evidence sources: namesakes', function () {
  this.timeout(60_000);

  it('splits names into words, keeping a Go unexported acronym whole, and matches a word with its suffixed form', () => {
    assert.deepEqual(nameWords('uLIDRegexString'), ['ulid', 'regex', 'string']);
    assert.deepEqual(nameWords('isULID'), ['is', 'ulid']);
    assert.deepEqual(nameWords('RegisterDefaultTranslations'), ['register', 'default', 'translation']);
    assert.deepEqual(nameWords('from_iso_datetime'), ['from', 'iso', 'datetime']);
    assert.ok(sameWord('register', 'registration') && sameWord('valid', 'validator') && sameWord('translate', 'translation'));
    assert.ok(!sameWord('value', 'valid') && !sameWord('url', 'urls2') && !sameWord('regex', 'register'));
  });

  it('a changed pattern links the variable compiled from it and the validator beside it by their rare shared word; common words link nothing', async () => {
    const repo = new TestRepo();
    // Many definitions named with `string` and `regex`: those words are common here, `ulid` is not.
    const regexes = (pattern: string) => 'package validator\n\nconst (\n'
      + `\tuLIDRegexString = "${pattern}"\n`
      + ['alpha', 'number', 'hexa', 'email', 'base64'].map((n) => `\t${n}RegexString = "^[a-z]+$"\n`).join('')
      + ')\n\nvar (\n\tuLIDRegex = lazyRegexCompile(uLIDRegexString)\n'
      + ['alpha', 'number', 'hexa', 'email', 'base64'].map((n) => `\t${n}Regex = lazyRegexCompile(${n}RegexString)\n`).join('')
      + ')\n\nfunc lazyRegexCompile(s string) func() string {\n\treturn func() string { return s }\n}\n';
    const bakedIn = 'package validator\n\nfunc isULID(fl string) bool {\n\treturn check(fl, "ulid")\n}\n\nfunc isEmail(fl string) bool {\n\treturn check(fl, "email")\n}\n\n'
      + 'func check(fl string, tag string) bool {\n\treturn fl != tag\n}\n\nfunc toString(v int) string {\n\treturn ""\n}\n';
    const base = repo.commit('base', { 'regexes.go': regexes('^[A-HJKMNP-TV-Z0-9]{26}$'), 'baked_in.go': bakedIn });
    const head = repo.commit('head', { 'regexes.go': regexes('^(?i)[A-HJKMNP-TV-Z0-9]{26}$'), 'baked_in.go': bakedIn });
    const list = await candidates(repo, base, head, { beside: true });
    const m = by(list);
    // The compiled variable reads the changed pattern, a stronger link that names it in the list
    // (tableFlow.test.ts); the namesake link is made beside it, as every link of a neighbour is.
    assert.deepEqual(pick(m.get('regexes.uLIDRegex')), { kind: 'data', why: 'reads uLIDRegexString (line 13)' });
    const r = await Repository.open(repo.dir);
    try {
      const links = await neighboursOf(r, await changedSymbols(r, base, head), Infinity, true);
      const named = links.find((n) => n.symbol === 'regexes.uLIDRegex' && n.relation === 'type');
      assert.deepEqual(named && { kind: named.relation, why: named.why }, { kind: 'type', why: 'named like uLIDRegexString (ulid, regex)' });
    } finally {
      r.close();
    }
    assert.deepEqual(pick(m.get('baked_in.isULID')), { kind: 'type', why: 'named like uLIDRegexString (ulid)' });
    // The default list leaves evidence beside the code out (CandidateOptions.beside says why); `--evidence all` brings it.
    assert.ok(!by(await candidates(repo, base, head)).has('baked_in.isULID'), 'no namesake in the default list');
    assert.deepEqual(pick(by(await candidates(repo, base, head, { evidence: 'all' })).get('baked_in.isULID')), { kind: 'type', why: 'named like uLIDRegexString (ulid)' });
    assert.ok(!m.has('regexes.alphaRegex') && !m.has('baked_in.isEmail') && !m.has('baked_in.toString'), [...m.keys()].join(', '));
  });

  it('a one-word changed name, and a word many names hold, link nothing by name', async () => {
    const repo = new TestRepo();
    const cart = (n: number) => `def total(items):\n    return sum(items) + ${n}\n\n\ndef total_cents(items):\n    return 100\n\n\ndef render_total(items):\n    return str(items)\n`;
    const base = repo.commit('base', { 'shop/cart.py': cart(0) });
    const head = repo.commit('head', { 'shop/cart.py': cart(1) });
    const m = by(await candidates(repo, base, head, { beside: true }));
    assert.ok(!m.has('shop/cart.total_cents') && !m.has('shop/cart.render_total'), [...m.keys()].join(', '));
  });
});

describe('evidence sources: changed together before base', function () {
  this.timeout(60_000);

  it('a definition changed with the changed one in two small commits is linked; one changed alone, or only in a large commit, is not', async () => {
    const repo = new TestRepo();
    const rules = (rows: string) => `TABLE = [${rows}]\n\n\ndef lookup(key):\n    return key\n`;
    const handlers = (a: number, o: number) => `def apply(value):\n    return value + ${a}\n\n\ndef other(value):\n    return value * ${o}\n`;
    repo.commit('initial', { 'app/rules.py': rules('"a"'), 'app/handlers.py': handlers(0, 1) });
    repo.commit('add b and apply it', { 'app/rules.py': rules('"a", "b"'), 'app/handlers.py': handlers(1, 1) });
    repo.commit('add c and apply it', { 'app/rules.py': rules('"a", "b", "c"'), 'app/handlers.py': handlers(2, 1) });
    repo.commit('other alone', { 'app/handlers.py': handlers(2, 2) });
    // A reformat of nine files: the table and `other` change together, among everything else.
    const many = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`app/m${i}.py`, `def f${i}():\n    return ${i}\n`]));
    const base = repo.commit('reformat', { ...many, 'app/rules.py': rules('"a", "b", "c" '), 'app/handlers.py': handlers(2, 3) });
    const head = repo.commit('add d', { 'app/rules.py': rules('"a", "b", "c", "d"') });
    const m = by(await candidates(repo, base, head, { beside: true }));
    assert.deepEqual(pick(m.get('app/handlers.apply')), { kind: 'type', why: 'changed with TABLE in 2 commits' });
    assert.ok(!by(await candidates(repo, base, head)).has('app/handlers.apply'), 'no history in the default list');
    assert.ok(!m.has('app/handlers.other') && !m.has('app/rules.lookup'), [...m.keys()].join(', '));
  });

  it('a root commit is no evidence, and a change with no history before it lists only its own links', async () => {
    const repo = new TestRepo();
    const base = repo.commit('initial', { 'app/a.py': 'X = 1\n\n\ndef f():\n    return 2\n' });
    const head = repo.commit('edit', { 'app/a.py': 'X = 2\n\n\ndef f():\n    return 2\n' });
    const m = by(await candidates(repo, base, head, { beside: true }));
    assert.ok(!m.has('app/a.f'), [...m.keys()].join(', '));
  });
});
