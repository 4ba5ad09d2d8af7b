// Data flow through tables and values, on small real git histories shaped like the code it was
// seen in (issue 27's recurring misses): a row added to a table flows where the table is read and
// through what a loop over it binds, in Python, TypeScript and Go alike; a Go module's root package
// imported by a path with a major version; another table keyed by the names the new rows write;
// the readers of a rewritten value, and of a value built from it, two hops out.
import * as assert from 'node:assert/strict';
import { by, candidates } from '../helpers/changeCandidates';
import { TestRepo } from '../helpers/gitRepo';

const ROW = (tag: string) => `\t\t{\n\t\t\ttag:  "${tag}",\n\t\t\ttext: "{0} can't be ${tag}",\n\t\t},\n`;

/** A Go function holding a table of rows, a loop that registers each through two function values, and a far call. */
const goRegistry = (rows: string) => `package en

func RegisterDefaults() (err error) {
\tunrelated()
\trows := []struct {
\t\ttag  string
\t\ttext string
\t}{
${ROW('required')}${rows}\t}

\tfor _, t := range rows {
\t\terr = register(t.tag, registrationFunc(t.text), translateFunc)
\t\tif err != nil {
\t\t\treturn
\t\t}
\t}
\treturn
}

func register(tag string, r func() error, tr func() string) error { return nil }

func registrationFunc(text string) func() error { return nil }

func translateFunc() string { return "" }

func unrelated() {}
`;

const pyRegistry = (rows: string) => `def unrelated():
    return 1


def make_parser(fmt):
    return fmt


def register_defaults(registry):
    formats = {
        "iso": "%Y",
${rows}    }
    for name, fmt in formats.items():
        registry[name] = make_parser(fmt)
    return unrelated()
`;

const tsRegistry = (rows: string) => `function unrelated(): number {
\treturn 1;
}

function register(name: string, fn: () => string): void {}

function translate(): string {
\treturn '';
}

export function registerDefaults(): void {
\tconst rows = [
\t\t{tag: 'required'},
${rows}\t];
\tfor (const row of rows) {
\t\tregister(row.tag, translate);
\t}
\tunrelated();
}
`;

describe('neighbours through tables and values', function () {
  this.timeout(60_000);

  it('a row added to a table links what a loop over the table calls and passes on, in Go, Python and TypeScript; a call the rows never reach stays weak', async () => {
    const repo = new TestRepo();
    const base = repo.commit('base', { 'en/en.go': goRegistry(''), 'app/formats.py': pyRegistry(''), 'src/rows.ts': tsRegistry('') });
    const head = repo.commit('head', {
      'en/en.go': goRegistry(ROW('required_with')),
      'app/formats.py': pyRegistry('        "timestamp": "%s",\n'),
      'src/rows.ts': tsRegistry("\t\t{tag: 'excluded_with'},\n"),
    });
    const c = await candidates(repo, base, head, { evidence: 'all' });
    const m = by(c);
    const score = (symbol: string) => m.get(symbol)?.score ?? 0;
    // Each strong: a full link (or half of one for a function passed as a value), where a line the change left alone weighs a quarter.
    assert.deepEqual({ kind: m.get('en/en.register')?.kind, why: m.get('en/en.register')?.why }, { kind: 'callee', why: 'called by en.RegisterDefaults (line 20)' });
    assert.equal(m.get('en/en.registrationFunc')?.why, 'called by en.RegisterDefaults (line 20)');
    assert.deepEqual({ kind: m.get('en/en.translateFunc')?.kind, why: m.get('en/en.translateFunc')?.why }, { kind: 'data', why: 'read by en.RegisterDefaults (line 20)' });
    assert.equal(m.get('app/formats.make_parser')?.why, 'called by formats.register_defaults (line 15)');
    assert.equal(m.get('src/rows.register')?.why, 'called by rows.registerDefaults (line 17)');
    assert.equal(m.get('src/rows.translate')?.why, 'read by rows.registerDefaults (line 17)');
    const best = Math.max(...c.neighbours.map((n) => n.score));
    for (const s of ['en/en.register', 'en/en.registrationFunc', 'app/formats.make_parser', 'src/rows.register']) assert.equal(score(s), 1, s);
    for (const s of ['en/en.translateFunc', 'src/rows.translate']) assert.ok(score(s) * best >= 0.5, `${s}: ${score(s)}`);
    // The far call, on a line no row reaches, weighs a quarter in each language.
    for (const s of ['en/en.unrelated', 'app/formats.unrelated', 'src/rows.unrelated']) assert.ok(score(s) * best < 0.5, `${s}: ${score(s)}`);
  });

  it('a loop variable is the table\'s only inside its loop: a closure in a row that binds its own `t` is not the table\'s', async () => {
    const repo = new TestRepo();
    const table = (rows: string) => `package en

func RegisterDefaults() {
\trows := []struct {
\t\ttag string
\t\tfn  func() string
\t}{
\t\t{
\t\t\ttag: "len",
\t\t\tfn: func() string {
\t\t\t\tt := fieldName()
\t\t\t\treturn t
\t\t\t},
\t\t},
${rows}\t}

\t// Registered one by one:
\t// each row's tag.
\tfor _, t := range rows {
\t\tregister(t.tag)
\t}
}

func register(tag string) {}

func fieldName() string { return "" }
`;
    const base = repo.commit('base', { 'en/en.go': table('') });
    const head = repo.commit('head', { 'en/en.go': table('\t\t{\n\t\t\ttag: "max",\n\t\t},\n') });
    const c = await candidates(repo, base, head, { evidence: 'all' });
    // Weighed links before they are scaled to the best: 1 is a full link, 0.25 a line the change left alone.
    const raw = (symbol: string) => c.neighbours.find((n) => n.symbol === symbol)?.score ?? 0;
    assert.equal(raw('en/en.register'), 1);
    assert.equal(raw('en/en.fieldName'), 0.25, 'the row closure\'s own t is not the loop\'s');
  });

  it('Go: the module\'s root package, imported by a path with a major version (`example.com/lab/v2`), types a parameter', async () => {
    const repo = new TestRepo();
    const en = (extra: string) => `package en

import (
\t"example.com/lab/v2"
)

func RegisterDefaults(v *lab.Validate) error {
\treturn v.RegisterTranslation("required"${extra})
}
`;
    const files = (extra: string) => ({
      'go.mod': 'module example.com/lab/v2\n\ngo 1.20\n',
      'validator.go': 'package lab\n\ntype Validate struct{}\n\nfunc (v *Validate) RegisterTranslation(tag string, more ...string) error {\n\treturn nil\n}\n',
      'other/other.go': 'package other\n\ntype Validate struct{}\n\nfunc (v *Validate) RegisterTranslation(tag string) error {\n\treturn nil\n}\n',
      'translations/en/en.go': en(extra),
    });
    const base = repo.commit('base', files(''));
    const head = repo.commit('head', files(', "required_with"'));
    const m = by(await candidates(repo, base, head));
    assert.deepEqual({ kind: m.get('validator.Validate.RegisterTranslation')?.kind, why: m.get('validator.Validate.RegisterTranslation')?.why },
      { kind: 'callee', why: 'called by en.RegisterDefaults (line 8)' });
    assert.ok(!m.has('other/other.Validate.RegisterTranslation'), 'another package\'s same-named type');
  });

  it('a table elsewhere that holds, as keys, the names the new rows write is linked; one in a test, or holding a name as a value, is not', async () => {
    const repo = new TestRepo();
    const baked = 'package lab\n\ntype Func func() bool\n\nvar bakedIn = map[string]Func{\n\t"required":      hasValue,\n\t"required_with": requiredWith,\n\t"excluded_with": excludedWith,\n}\n\n'
      + 'const requiredWithTag = "required_with"\n\nfunc hasValue() bool { return true }\n\nfunc requiredWith() bool { return true }\n\nfunc excludedWith() bool { return true }\n';
    const test = 'package lab\n\nvar cases = map[string]int{\n\t"required_with": 1,\n\t"excluded_with": 2,\n}\n';
    const pyTable = (rows: string) => `MESSAGES = {\n    "required": "is required",\n${rows}}\n`;
    const base = repo.commit('base', {
      'baked_in.go': baked, 'baked_in_test.go': test, 'translations/en/en.go': goRegistry(''),
      'app/messages.py': pyTable(''), 'app/codes.py': 'CODES = {\n    "missing_field": 1,\n    "bad_type": 2,\n}\n\nLABELS = [\n    "missing_field",\n]\n',
    });
    const head = repo.commit('head', {
      'translations/en/en.go': goRegistry(ROW('required_with') + ROW('excluded_with')),
      'app/messages.py': pyTable('    "missing_field": "is missing",\n    "bad_type": "has a bad type",\n'),
    });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual({ kind: m.get('baked_in.bakedIn')?.kind, why: m.get('baked_in.bakedIn')?.why },
      { kind: 'data', why: 'holds "required_with" and 1 more as keys (line 7), which the change writes (line 14)' });
    assert.equal(m.get('app/codes.CODES')?.why, 'holds "missing_field" and 1 more as keys (line 2), which the change writes (line 3)');
    assert.ok(!m.has('baked_in_test.cases'), 'test code');
    assert.ok(!m.has('baked_in.requiredWithTag') && !m.has('app/codes.LABELS'), 'a value, not a key');
  });

  it('a rewritten value links its few readers, and the readers of a value built from it two hops out; a table that gains a row does not', async () => {
    const repo = new TestRepo();
    const regexes = (pattern: string) => `package lab\n\nimport "regexp"\n\nconst (\n\tuLIDRegexString = "${pattern}"\n\tmd5RegexString  = "^[0-9a-f]{32}$"\n)\n\n`
      + 'var (\n\tuLIDRegex = regexp.MustCompile(uLIDRegexString)\n\tmd5Regex  = regexp.MustCompile(md5RegexString)\n)\n';
    const py = (pattern: string) => `import re\n\nPATTERN = r"${pattern}"\nCOMPILED = re.compile(PATTERN)\n\n\ndef is_ok(value):\n    return COMPILED.match(value)\n\n\ndef other(value):\n    return value\n`;
    const base = repo.commit('base', {
      'regexes.go': regexes('^[A-Z0-9]{26}$'),
      'baked_in.go': 'package lab\n\nfunc isULID(s string) bool {\n\treturn uLIDRegex.MatchString(s)\n}\n\nfunc isMD5(s string) bool {\n\treturn md5Regex.MatchString(s)\n}\n',
      'app/check.py': py('[a-z]+'),
    });
    const head = repo.commit('head', { 'regexes.go': regexes('^(?i)[A-Z0-9]{26}$'), 'app/check.py': py('[a-z0-9]+') });
    const m = by(await candidates(repo, base, head));
    const pick = (s: string) => m.get(s) && { kind: m.get(s)!.kind, hops: m.get(s)!.hops, why: m.get(s)!.why };
    assert.deepEqual(pick('regexes.uLIDRegex'), { kind: 'data', hops: 1, why: 'reads uLIDRegexString (line 11)' });
    assert.deepEqual(pick('baked_in.isULID'), { kind: 'data', hops: 2, why: 'reads uLIDRegex, built from uLIDRegexString (line 4)' });
    assert.deepEqual(pick('app/check.COMPILED'), { kind: 'data', hops: 1, why: 'reads PATTERN (line 4)' });
    assert.deepEqual(pick('app/check.is_ok'), { kind: 'data', hops: 2, why: 'reads COMPILED, built from PATTERN (line 8)' });
    assert.ok(!m.has('regexes.md5Regex') && !m.has('baked_in.isMD5') && !m.has('app/check.other'), [...m.keys()].join(', '));
  });

  it('a construction whose arguments the change made links the class\'s own constructor; one the class inherits, or a construction the change left alone, does not', async () => {
    const repo = new TestRepo();
    const responses = 'class Response:\n    def __init__(self, content):\n        self.content = content\n\n\n'
      + 'class FileResponse(Response):\n    def __init__(self, path, status_code=200, method=None):\n        self.path = path\n        self.method = method\n\n\n'
      + 'class PlainResponse(Response):\n    pass\n\n\nclass Headers:\n    def __init__(self, scope):\n        self.scope = scope\n';
    const files = (call: string, plain: string) => `from app.responses import FileResponse, Headers, PlainResponse\n\n\n`
      + `def file_response(path, scope):\n    headers = Headers(scope)\n    response = FileResponse(\n        path,\n${call}    )\n    return response, headers\n\n\n`
      + `def plain(scope):\n    return PlainResponse(${plain})\n`;
    const ts = (args: string) => 'export class Client {\n\tconstructor(readonly url: string, readonly retries = 0) {}\n}\n\n'
      + `export function connect(url: string): Client {\n\treturn new Client(\n\t\turl,\n${args}\t);\n}\n`;
    const base = repo.commit('base', {
      'app/responses.py': responses, 'app/static.py': files('        status_code=200,\n        method=scope["method"],\n', '"a"'), 'src/client.ts': ts(''),
    });
    const head = repo.commit('head', { 'app/static.py': files('        status_code=200,\n', '"b"'), 'src/client.ts': ts('\t\t3,\n') });
    const m = by(await candidates(repo, base, head));
    assert.deepEqual({ kind: m.get('app/responses.FileResponse.__init__')?.kind, why: m.get('app/responses.FileResponse.__init__')?.why },
      { kind: 'callee', why: 'called by static.file_response through FileResponse(...), whose arguments the change made (line 6)' });
    assert.equal(m.get('src/client.Client.constructor')?.why, 'called by client.connect through Client(...), whose arguments the change made (line 6)');
    assert.ok(!m.has('app/responses.Response.__init__'), 'PlainResponse inherits its constructor: the class is the callee');
    assert.ok(!m.has('app/responses.Headers.__init__'), 'a construction the change left alone');
  });

  it('an instance kept in a variable or attribute and called through it calls its class\'s __call__: one hop from a changed __call__, two from what __call__ calls', async () => {
    const repo = new TestRepo();
    const validate = (n: number) => `class Memo:\n    def _gen(self, x):\n        return x + ${n}\n\n    def __call__(self, x):\n        return self._gen(x)\n\n\n`
      + 'class Helper:\n    def __call__(self, x):\n        return x\n\n\n'
      + 'class URL:\n    _regex = Memo()\n\n    def __call__(self, value):\n        return self._regex(value)\n\n    def other(self):\n        return 1\n\n\n'
      + 'class Other:\n    helper = Helper()\n\n    def run(self):\n        return self.helper(1)\n';
    const checks = (n: number) => `class Check:\n    def __call__(self, value):\n        return value > ${n}\n\n\ncheck = Check()\n\n\ndef validate(value):\n    return check(value)\n`;
    const base = repo.commit('base', { 'app/validate.py': validate(1), 'app/checks.py': checks(0) });
    const head = repo.commit('head', { 'app/validate.py': validate(2), 'app/checks.py': checks(1) });
    const m = by(await candidates(repo, base, head));
    const pick = (s: string) => m.get(s) && { kind: m.get(s)!.kind, hops: m.get(s)!.hops, why: m.get(s)!.why };
    assert.deepEqual(pick('app/validate.URL.__call__'), { kind: 'caller', hops: 2, why: 'calls _regex, an instance whose __call__ calls _gen (line 18)' });
    assert.deepEqual(pick('app/checks.validate'), { kind: 'caller', hops: 1, why: 'calls check, an instance whose __call__ is changed (line 10)' });
    assert.ok(!m.has('app/validate.Other.run') && !m.has('app/validate.URL.other'), [...m.keys()].join(', '));
  });
});
