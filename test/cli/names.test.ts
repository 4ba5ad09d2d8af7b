// A name never changes meaning: the last segment of a typed name is read as a file extension only
// when the name so read is a file of the repository and the whole dotted name is no definition.
// Property: for every definition `symbols` lists (the demo repository, and a generated one whose
// functions are called h, ts, go, c, ...), `label add F NAME` writes NAME with NAME's own body
// hash, and labeling them one after another never replaces one label with another's.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BodyIndex, readFixture, Repository } from '../../src/core';
import { run } from '../helpers/cli';
import { ROOT } from '../helpers/demoCorpus';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const F = 'tasks/r/easy/01-names.yaml';

/** Functions named as extensions are, beside files of those extensions. */
const GENERATED = {
  'a.py': 'def h():\n    return 1\n\n\ndef ts():\n    return 2\n\n\ndef go():\n    return 3\n\n\ndef c():\n    return 4\n\n\n'
    + 'class K:\n    def py(self):\n        return 5\n\n    def rs(self):\n        return 6\n',
  'lib/go.ts': 'export function ts(): number {\n  return 7;\n}\n\nexport function c(): number {\n  return 8;\n}\n',
  'lib/util.go': 'package lib\n\nfunc h() int {\n\treturn 9\n}\n\nfunc py() int {\n\treturn 10\n}\n',
  'b.py': 'def cs():\n    return 11\n',
};

interface Corpus {
  dir: string;
  repo: string;
  rev: string;
}

function corpusFor(repo: string, rev: string, module?: string): Corpus {
  const dir = tempDir({
    'repos.yaml': `repos:\n  - name: r\n    url: https://example.com/r.git\n    commit: "${rev}"\n    language: [python, typescript, go]\n`
      + `${module ? `    module: ${module}\n` : ''}    path: ${repo}\n`,
    [F]: `id: "r-easy-01"\nrepo: r\ntask: "Names"\ncommit: "${rev}"\nground_truth: []\n`,
  });
  return { dir, repo, rev };
}

/** Every definition `symbols` lists at the corpus's revision, file by file. */
async function listed(c: Corpus): Promise<string[]> {
  const repository = await Repository.open(c.repo);
  const files = (await repository.listFiles(c.rev)).filter((f) => /\.(py|ts|go)$/.test(f));
  repository.close();
  const names: string[] = [];
  for (const file of files) {
    const r = await run(c.dir, 'symbols', '--repo', c.repo, '--rev', c.rev, '--file', file, '--json');
    assert.equal(r.code, 0, r.stderr);
    names.push(...(JSON.parse(r.stdout) as { symbol: string }[]).map((d) => d.symbol));
  }
  return [...new Set(names)];
}

/** Each definition's and file's own body hash, by its exact name. */
async function ownHashes(c: Corpus): Promise<Map<string, string>> {
  const repository = await Repository.open(c.repo);
  const all = [...(await new BodyIndex(repository).byHash(c.rev)).values()].flat();
  repository.close();
  return new Map(all.map((h) => [h.symbol, h.bodyHash]));
}

/** Label every name into one fixture, one `label add` each: each writes its name with its own hash, and every earlier label stays. */
async function labelsEveryName(c: Corpus, names: string[]): Promise<void> {
  const hashes = await ownHashes(c);
  const expected: [string, string | undefined][] = [];
  for (const name of names) {
    const r = await run(c.dir, 'label', 'add', F, name, '--confidence', 'MEDIUM', '--reason', 'r', '--rater', 'dana');
    assert.equal(r.code, 0, `${name}: ${r.stderr}`);
    const truth = readFixture(readFileSync(join(c.dir, F), 'utf8'), F).fixture.ground_truth;
    expected.push([name, hashes.get(name)]);
    assert.ok(hashes.get(name), `${name} has a body hash of its own`);
    assert.deepEqual(truth.map((l) => [l.symbol, l.body_hash]), expected, `after label add ${name}`);
  }
}

describe('names: a last segment is an extension only when the repository says so', function () {
  this.timeout(600_000);

  it('a generated repository whose functions are named h, ts, go, c, py, rs, cs: label add NAME writes NAME with its own body hash', async () => {
    const repo = new TestRepo();
    const rev = repo.commit('names', GENERATED);
    const c = corpusFor(repo.dir, rev);
    const names = await listed(c);
    for (const n of ['a.h', 'a.ts', 'a.go', 'a.c', 'a.K.py', 'a.K.rs', 'lib/go.ts', 'lib/go.c', 'lib/util.h', 'lib/util.py', 'b.cs']) {
      assert.ok(names.includes(n), `symbols lists ${n}: ${names.join(', ')}`);
    }
    await labelsEveryName(c, names);
  });

  it('the issue\'s case: a.py::h is a.h with h\'s hash, a.ts is never the file a, and a file is still named with its extension', async () => {
    const repo = new TestRepo();
    const rev = repo.commit('names', GENERATED);
    const c = corpusFor(repo.dir, rev);
    const hashes = await ownHashes(c);
    const add = async (name: string, confidence = 'HIGH') => {
      const r = await run(c.dir, 'label', 'add', F, name, '--confidence', confidence, '--reason', 'r', '--rater', 'dana');
      assert.equal(r.code, 0, r.stderr);
      return r.stdout;
    };
    assert.match(await add('a.py::h'), /ground_truth \+ a\.h \(HIGH\)/);
    assert.match(await add('a.ts', 'MEDIUM'), /ground_truth \+ a\.ts \(MEDIUM\)/);
    // A file named with its extension is the file: `b.py` is b, lib/util.go is lib/util; but lib/go.ts is the function ts of lib/go.ts.
    assert.match(await add('b.py'), /ground_truth \+ b \(HIGH\)/);
    assert.match(await add('lib/util.go'), /ground_truth \+ lib\/util \(HIGH\)/);
    assert.match(await add('lib/go.ts'), /ground_truth \+ lib\/go\.ts \(HIGH\)/);
    const truth = readFixture(readFileSync(join(c.dir, F), 'utf8'), F).fixture.ground_truth;
    assert.deepEqual(truth.map((l) => [l.symbol, l.confidence, l.body_hash]), [
      ['a.h', 'HIGH', hashes.get('a.h')], ['a.ts', 'MEDIUM', hashes.get('a.ts')], ['b', 'HIGH', hashes.get('b')],
      ['lib/util', 'HIGH', hashes.get('lib/util')], ['lib/go.ts', 'HIGH', hashes.get('lib/go.ts')],
    ]);
    assert.notEqual(hashes.get('a.h'), hashes.get('a'));
    // Removing a.h removes that label, not the file's nor a.ts.
    assert.equal((await run(c.dir, 'label', 'remove', F, 'a.h', '--rater', 'dana')).code, 0);
    assert.deepEqual(readFixture(readFileSync(join(c.dir, F), 'utf8'), F).fixture.ground_truth.map((l) => l.symbol), ['a.ts', 'b', 'lib/util', 'lib/go.ts']);
  });

  it('the demo repository: label add NAME writes NAME with its own body hash, for every definition symbols lists', async () => {
    const repos = readFileSync(join(ROOT, 'corpus/repos.yaml'), 'utf8');
    const rev = /commit: "([0-9a-f]{40})"/.exec(repos)![1];
    const c = corpusFor(join(ROOT, 'corpus/.repos/bookshop'), rev, 'example.com/bookshop');
    const names = await listed(c);
    assert.ok(names.length > 40, `${names.length} definitions`);
    await labelsEveryName(c, names);
  });
});
