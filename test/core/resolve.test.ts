import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkCorpusSymbols, corpusCacheDir, editDistance, loadCorpus, mulberry32, nearestKey, Problem, RepoSymbols, suggestionBound, symbolWarning, validateCorpus,
} from '../../src/core';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

/** The textbook dynamic programme, no early exit: what editDistance must agree with. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function randomWord(random: () => number, alphabet = 'abcd_'): string {
  return Array.from({ length: Math.floor(random() * 9) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}

describe('nearest names', () => {
  it('edit distance with swaps: agrees with the full table, and with it capped when bounded (seeded random words)', () => {
    const random = mulberry32(13);
    for (let n = 0; n < 2000; n++) {
      const a = randomWord(random);
      const b = randomWord(random);
      const full = referenceDistance(a, b);
      assert.equal(editDistance(a, b), full, `${a} / ${b}`);
      assert.equal(editDistance(b, a), full, `symmetric: ${a} / ${b}`);
      const max = Math.floor(random() * 4);
      assert.equal(editDistance(a, b, max), Math.min(full, max + 1), `${a} / ${b} within ${max}`);
    }
    assert.equal(editDistance('total', 'toatl'), 1);
    assert.equal(editDistance('redirectt', 'redirect'), 1);
  });

  it('suggests by the last segment first, then the whole name, whatever the candidates\' order (seeded shuffles)', () => {
    const names = ['src.flask.helpers.redirect', 'src.flask.app.Flask.redirect', 'src.flask.helpers.url_for', 'src.flask.app.Flask', 'src.flask.wrappers.Request'];
    const random = mulberry32(7);
    for (let n = 0; n < 50; n++) {
      const shuffled = [...names].sort(() => random() - 0.5);
      assert.equal(nearestKey('src.flask.helpers.redirectt', shuffled), 'src.flask.helpers.redirect');
      assert.equal(nearestKey('src.flask.app.Flask.redirct', shuffled), 'src.flask.app.Flask.redirect');
      assert.equal(nearestKey('src.flask.wrapers.Request', shuffled), 'src.flask.wrappers.Request');
    }
    assert.equal(nearestKey('src.flask.helpers.send_file', names), undefined, 'nothing close: no suggestion');
    assert.equal(nearestKey('a.b.C', ['a.b.C']), undefined, 'a name is not its own suggestion');
    assert.equal(suggestionBound('Cart'), 1);
    assert.equal(suggestionBound('redirectt'), 3);
  });
});

const HELPERS_V1 = `def redirect(location, code=302):
    return Response(location, code)


def abort(code):
    raise HTTPException(code)
`;
const APP = `class Flask:
    def make_response(self, rv):
        return rv

    def run(self):
        pass
`;

/** A flask-like repository: base, then a change that adds url_for; and a corpus naming it. */
function flaskCorpus(fixtures: (c: { base: string; head: string }) => Record<string, string>, repoPath?: (repo: string) => string) {
  const repo = new TestRepo();
  const base = repo.commit('base', { 'src/flask/helpers.py': HELPERS_V1, 'src/flask/app.py': APP, 'src/werkzeug/exceptions.py': 'def abort(status):\n    raise status\n', 'README.md': '# flask\n' });
  const head = repo.commit('add url_for', { 'src/flask/helpers.py': HELPERS_V1 + '\n\ndef url_for(endpoint):\n    return "/" + endpoint\n' });
  const path = repoPath ? repoPath(repo.dir) : repo.dir;
  const dir = tempDir({
    'repos.yaml': `repos:\n  - name: flask\n    url: https://github.com/pallets/flask\n    commit: "${head}"\n    language: python\n    path: ${JSON.stringify(path)}\n`,
    ...fixtures({ base, head }),
  });
  return { repo, base, head, dir };
}

const fixture = (id: string, rev: string, groundTruth: string[], extra = '') => `id: "${id}"
repo: flask
${rev}
task: "t"
ground_truth:
${groundTruth.map((s) => `  - {symbol: "${s}", confidence: HIGH, reason: r}`).join('\n')}
${extra}`;

const messages = (ps: Problem[]) => ps.map((p) => `${p.file}:${p.line}:${p.col}: ${p.code}: ${p.message}`);

describe('symbols checked against the code', function () {
  this.timeout(30_000);

  it('a typo gets "did you mean", a misplaced name the one elsewhere, and the match rate counts them', async () => {
    const { dir, head } = flaskCorpus(({ head }) => ({
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${head}"`, ['src/flask/helpers.redirectt', 'src/flask/app.Flask.make_response', 'src/flask/app.py::Flask'], 'candidates: ["src/flask/app.redirect", "src/flask/helpers.abort", "src/flask/nowhere.thing", "src/werkzeug/app.abort"]\n'),
    }));
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    const short = head.slice(0, 7);
    const F = 'tasks/flask/easy/01-a.yaml';
    assert.deepEqual(messages(check.problems), [
      `${F}:6:14: unresolved-symbol: \`src/flask/helpers.redirectt\` is not defined at commit ${short}: did you mean \`src/flask/helpers.redirect\`?`,
      `${F}:9:14: unresolved-symbol: \`src/flask/app.redirect\` is not defined at commit ${short}: did you mean \`src/flask/helpers.redirect\`?`,
      `${F}:9:67: unresolved-symbol: \`src/flask/nowhere.thing\` is not defined at commit ${short}: no defined name is close; check the name`,
      // Two files define abort: the whole name decides.
      `${F}:9:94: unresolved-symbol: \`src/werkzeug/app.abort\` is not defined at commit ${short}: did you mean \`src/werkzeug/exceptions.abort\`?`,
    ]);
    assert.deepEqual(check.ground_truth, { resolved: 2, total: 3, rate: 2 / 3 });
    assert.deepEqual(check.all_symbols, { resolved: 3, total: 7, rate: 3 / 7 });
    assert.equal(check.not_checked, 0);
  });

  it('a file named with quotes, a link and a colon resolves its members: the file\'s key is read as it is inside a whole name', async () => {
    const FILE = 'a`[x](command:fixtureLab.labelHigh?%5B%22x%22%5D)`.py';
    const repo = new TestRepo();
    const head = repo.commit('odd', { [FILE]: 'def total():\n    return 1\n', "'q'.py": 'def f():\n    pass\n' });
    const dir = tempDir({
      'repos.yaml': `repos:\n  - name: flask\n    url: https://github.com/pallets/flask\n    commit: "${head}"\n    language: python\n    path: ${JSON.stringify(repo.dir)}\n`,
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${head}"`, ['a`[x](command:fixtureLab.labelHigh?%5B%22x%22%5D)`.total', "'q'.f"]),
    });
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(check.problems, []);
    assert.deepEqual(check.ground_truth, { resolved: 2, total: 2, rate: 1 });
  });

  it('a TypeScript #private field or method resolves as itself; a public member of the same name is another symbol', async () => {
    const repo = new TestRepo();
    const Q = 'export class Queue {\n  #pending = 0;\n  #next(): void {\n    this.#pending--;\n  }\n  get pending(): number {\n    return this.#pending;\n  }\n}\n';
    const head = repo.commit('queue', { 'src/queue.ts': Q, 'src/other.ts': 'export class Other {\n  size = 0;\n}\n' });
    const dir = tempDir({
      'repos.yaml': `repos:\n  - name: flask\n    url: https://github.com/example/queue\n    commit: "${head}"\n    language: typescript\n    path: ${JSON.stringify(repo.dir)}\n`,
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${head}"`, ['src/queue.Queue.#pending', 'src/queue.Queue.#next', 'src/queue.Queue.pending', 'src/other.Other.#size']),
    });
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    // `#size` is not `size`: before, `.#` read as `.` and it resolved to the public field.
    assert.deepEqual(messages(check.problems).map((m) => m.replace(/^.*?: unresolved-symbol: /, '').replace(/ at commit \w+/, '')),
      ['`src/other.Other.#size` is not defined: did you mean `src/other.Other.size`?']);
    assert.deepEqual(check.ground_truth, { resolved: 3, total: 4, rate: 3 / 4 });
  });

  it('an empty name is no symbol to look for (read.ts reports it): no crash, not counted', async () => {
    const { dir } = flaskCorpus(({ head }) => ({
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${head}"`, ['src/flask/helpers.redirect'], 'candidates: ["", "()"]\n'),
    }));
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(check.problems, []);
    assert.deepEqual(check.all_symbols, { resolved: 1, total: 1, rate: 1 });
  });

  it('a diff fixture is checked at base: a symbol the change adds is said to exist only at head', async () => {
    const { dir, base } = flaskCorpus(({ base, head }) => ({
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `diff: {base: "${base}", head: "${head}"}`, ['src/flask/helpers.url_for', 'src/flask/helpers.redirect']),
    }));
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(check.problems.map((p) => p.message), [
      `\`src/flask/helpers.url_for\` is not defined at diff.base ${base.slice(0, 7)}: it exists only at diff.head (the change adds or renames it), and systems run at base: label its base-side name`,
    ]);
    assert.deepEqual(check.ground_truth, { resolved: 1, total: 2, rate: 0.5 });
  });

  it('keeps its answers beside the corpus: a second run parses nothing and needs no repository', async () => {
    const { dir, repo } = flaskCorpus(({ head }) => ({
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${head}"`, ['src/flask/helpers.redirectt', 'src/flask/app.Flask.run']),
    }));
    const first = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.ok(first.parsed > 0, 'the first run parses');
    const cache = join(corpusCacheDir(dir), 'symbols', 'flask');
    assert.ok(readdirSync(cache).includes('definitions.json'));
    assert.equal(readFileSync(join(corpusCacheDir(dir), '.gitignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).join(), '*', 'the cache ignores itself');
    assert.equal(new TestRepo(dir).git('status', '--porcelain', '--ignored=no', '--untracked-files=all').includes('.fixture-lab'), false, 'git does not see the cache');

    // The repository's objects gone: only the cache can answer now.
    renameSync(join(repo.dir, '.git'), join(repo.dir, 'git-moved'));
    const second = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.equal(second.parsed, 0);
    assert.deepEqual(second.problems, first.problems);
    assert.deepEqual(second.ground_truth, first.ground_truth);

    // A symbol the cache has not seen needs the repository again, which is now gone: said once, not checked.
    writeFileSync(join(dir, 'tasks/flask/easy/01-a.yaml'), readFileSync(join(dir, 'tasks/flask/easy/01-a.yaml'), 'utf8') + 'candidates: ["src/flask/helpers.abort"]\n');
    const third = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.equal(third.not_checked, 3);
    assert.deepEqual(third.problems.map((p) => [p.file, p.code]), [['repos.yaml', 'repo-unavailable']]);
    assert.match(third.problems[0].message, /is not a git repository: clone the repository there, or point repos\.yaml \(path:\) at a clone; its symbols were not checked$/);
  });

  it('a second revision parses only the files that changed (definitions are kept by content)', async () => {
    const { dir } = flaskCorpus(({ base, head }) => ({
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${base}"`, ['src/flask/helpers.redirect', 'src/flask/app.Flask.run']),
      'tasks/flask/easy/02-b.yaml': fixture('flask-easy-02', `commit: "${head}"`, ['src/flask/helpers.url_for', 'src/flask/app.Flask.run']),
    }));
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(check.problems, []);
    // helpers.py at base, app.py (unchanged: once), helpers.py at head.
    assert.equal(check.parsed, 3);
  });

  it('a repository that cannot be located: one warning saying how to set it, its symbols not checked', async () => {
    const dir = tempDir({
      'repos.yaml': 'repos:\n  - name: other\n    path: /nowhere\n  - name: flask\n    url: https://github.com/pallets/flask\n    commit: "0123456"\n    language: python\n',
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', '', ['a/b.C', 'a/b.D']),
      'tasks/flask/easy/02-b.yaml': fixture('flask-easy-02', '', ['a/b.C']),
    });
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.deepEqual(messages(check.problems), [
      'repos.yaml:4:5: repo-unavailable: repo `flask` has no local checkout: clone https://github.com/pallets/flask and set `path:` in repos.yaml (or the fixtureLab.repositoryPaths setting); its symbols were not checked',
    ]);
    assert.equal(check.not_checked, 3);
    assert.deepEqual(check.ground_truth, { resolved: 0, total: 0, rate: null });
  });

  it('a revision the checkout lacks: one warning at the first fixture, naming how many more', async () => {
    const missing = 'f'.repeat(40);
    const { dir } = flaskCorpus(() => ({
      'tasks/flask/easy/01-a.yaml': fixture('flask-easy-01', `commit: "${missing}"`, ['src/flask/helpers.redirect']),
      'tasks/flask/easy/02-b.yaml': fixture('flask-easy-02', `commit: "${missing}"`, ['src/flask/helpers.redirect']),
    }));
    const check = await checkCorpusSymbols(await loadCorpus(dir, dir));
    assert.equal(check.problems.length, 1);
    assert.match(messages(check.problems)[0], new RegExp(`^tasks/flask/easy/01-a\\.yaml:3:9: unresolved-symbol: symbols not checked: .*has no commit ${missing}: run \`git -C .* fetch origin ${missing}\` \\(and 1 other fixture at that revision\\)$`));
  });

  it('label time: the same check, one warning line, nothing when the symbol resolves', async () => {
    const { dir, base, head } = flaskCorpus(() => ({}));
    const corpus = await loadCorpus(dir, dir);
    const repo = new RepoSymbols(corpus.repos[0], dir);
    const f = { candidates: [], ground_truth: [], labels: {}, disputes: [], tags: [], repo: 'flask', diff: { base, head } };
    assert.equal(await symbolWarning(repo, f, 'src/flask/helpers.redirect'), undefined);
    assert.equal(await symbolWarning(repo, f, 'src/flask/helpers.py::redirectt'), `\`src/flask/helpers.py::redirectt\` is not defined at diff.base ${base.slice(0, 7)}: did you mean \`src/flask/helpers.redirect\`?`);
    assert.match((await symbolWarning(repo, f, 'src/flask/helpers.url_for'))!, /exists only at diff\.head/);
    await repo.close();
    assert.ok(existsSync(join(corpusCacheDir(dir), 'symbols', 'flask', `${base}.json`)));
  });

  it('duplicates after normalization are an error naming both spellings', async () => {
    const dir = tempDir({
      'repos.yaml': 'repos:\n  - name: pkg\n    commit: "0123456"\n    language: python\n    module: example.com/pkg\n',
      'tasks/pkg/easy/01-a.yaml': fixture('pkg-easy-01', 'commit: "0123456"', ['pkg/a.F', 'pkg/a.py::F', 'example.com/pkg/pkg/a.G', 'pkg/a.G']).replace(/repo: flask/, 'repo: pkg'),
    });
    const problems = validateCorpus(await loadCorpus(dir, dir));
    assert.deepEqual(messages(problems.filter((p) => p.severity === 'error')), [
      'tasks/pkg/easy/01-a.yaml:7:5: duplicate-symbol: `pkg/a.py::F` and `pkg/a.F` (ground_truth[0]) are the same symbol in ground_truth: keep one spelling',
      'tasks/pkg/easy/01-a.yaml:9:5: duplicate-symbol: `pkg/a.G` and `example.com/pkg/pkg/a.G` (ground_truth[2]) are the same symbol in ground_truth: keep one spelling',
    ]);
  });
});
