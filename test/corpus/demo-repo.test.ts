import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { candidatesOf, definitionsOf, Fixture, loadCorpus, Repository } from '../../src/core';
import { tempDir } from '../helpers/tempDir';

const CORPUS = resolve(__dirname, '../../../corpus');

const BUILDER = join(CORPUS, 'build-demo.mjs');

type Built = { head: string; steps: string[] };

/** Run the builder as a person does, then read every step's tag: `slug sha`. */
function build(out: string, env: NodeJS.ProcessEnv = process.env, ...flags: string[]): Built {
  execFileSync('node', [BUILDER, out, ...flags], { env, encoding: 'utf8' });
  const git = (...args: string[]) => execFileSync('git', ['-C', out, ...args], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } }).trim();
  const steps = git('for-each-ref', '--sort=refname', '--format=%(refname:short) %(objectname)', 'refs/tags').split('\n');
  return { head: git('rev-parse', 'HEAD'), steps };
}

describe('demo corpus', function () {
  this.timeout(60_000);
  let built: Built;

  before(() => {
    built = build(join(tempDir(), 'bookshop'));
    build(join(CORPUS, '.repos', 'bookshop')); // the corpus's own copy, which the fixtures are checked against
  });

  it('rebuilds the repository with the same SHAs anywhere, matching repos.yaml', async () => {
    const again = build(join(tempDir(), 'bookshop'));
    assert.deepEqual(again, built);
    const corpus = await loadCorpus(CORPUS);
    assert.equal(corpus.repos[0].commit, built.head);
    assert.ok(built.steps.length >= 5, 'a handful of merged changes');
  });

  it('ignores the user\'s and the system\'s git config', () => {
    const home = tempDir({
      '.gitconfig': '[user]\n\tname = Someone Else\n[commit]\n\tgpgsign = true\n[core]\n\tautocrlf = true\n[init]\n\tdefaultBranch = other\n',
    });
    const env = { ...process.env, HOME: home, GIT_AUTHOR_NAME: 'Intruder', GIT_COMMITTER_DATE: '2030-01-01T00:00:00Z' };
    assert.deepEqual(build(join(tempDir(), 'bookshop'), env, '--force'), built);
  });

  it('has 10-15 fixtures over all tiers, in every state a user meets', async () => {
    const corpus = await loadCorpus(CORPUS);
    const fixtures = corpus.fixtures.map((f) => f.read.fixture);
    assert.ok(fixtures.length >= 10 && fixtures.length <= 15, `${fixtures.length} fixtures`);
    assert.deepEqual([...new Set(fixtures.map((f) => f.difficulty))].sort(), ['easy', 'hard', 'medium']);
    const reviewed = (f: Fixture) => f.verifier !== undefined && f.labels[f.verifier] !== undefined;
    const states = {
      unlabeled: fixtures.some((f) => f.ground_truth.length === 0),
      labeled: fixtures.some((f) => f.ground_truth.length > 0 && !f.verifier),
      inReview: fixtures.some((f) => reviewed(f) && f.agreement === undefined),
      disagreementsOpen: fixtures.some((f) => reviewed(f) && f.agreement !== undefined && f.disputes.length === 0),
      adjudicated: fixtures.some((f) => f.disputes.length > 0),
      plainStringForm: corpus.fixtures.some((f) => /ground_truth:\n {2}- "/.test(f.text)),
    };
    assert.deepEqual(Object.entries(states).filter(([, v]) => !v).map(([k]) => k), []);
    for (const f of fixtures.filter(reviewed)) assert.ok(f.candidates.length > 0, `${f.id}: a reviewed fixture carries candidates`);
  });

  it('names only symbols that exist at the revision each fixture is labeled at', async () => {
    const corpus = await loadCorpus(CORPUS);
    const r = await Repository.open(join(CORPUS, '.repos', 'bookshop'));
    try {
      for (const { read, file } of corpus.fixtures) {
        const f = read.fixture;
        const rev = f.diff?.base ?? f.commit!;
        const names = new Set([
          ...f.candidates,
          ...f.ground_truth.map((l) => l.symbol),
          ...Object.values(f.labels).flat().map((l) => l.symbol),
          ...f.disputes.map((d) => d.symbol),
        ]);
        const known = await symbolsAt(r, rev);
        const missing = [...names].filter((n) => !known.has(n));
        assert.deepEqual(missing, [], `${file}: not defined at ${rev}`);
      }
    } finally {
      r.close();
    }
  });

  // A fixture not yet reviewed carries today's default candidates. A reviewed one keeps the list its
  // raters labeled against: the default list changes with the candidate rules, and writing a new one
  // into a reviewed fixture would change its kappa after the review (its candidates are its items).
  it('diff fixtures name a real merged change; those not yet reviewed carry its default candidates, reviewed ones the list they were labeled against', async () => {
    const corpus = await loadCorpus(CORPUS);
    const r = await Repository.open(join(CORPUS, '.repos', 'bookshop'));
    let unreviewed = 0;
    try {
      for (const { read, file } of corpus.fixtures) {
        const f = read.fixture;
        if (!f.diff) continue;
        assert.equal(f.commit, undefined, `${file}: a diff fixture has no commit`);
        const parent = execFileSync('git', ['-C', r.root, 'rev-parse', `${f.diff.head}^`], { encoding: 'utf8' }).trim();
        assert.equal(parent, f.diff.base, `${file}: base is the head's parent`);
        assert.ok(f.candidates.length > 0, `${file}: carries candidates`);
        if (Object.keys(f.labels).length > 0) {
          const known = await symbolsAt(r, f.diff.base);
          assert.deepEqual(f.candidates.filter((s) => !known.has(s)), [], `${file}: candidates not defined at base`);
          continue;
        }
        unreviewed++;
        const defaults = await candidatesOf(r, f.diff.base, f.diff.head);
        const absent = defaults.symbols.filter((s) => !f.candidates.includes(s));
        assert.deepEqual(absent, [], `${file}: default candidates missing`);
      }
      assert.ok(unreviewed >= 2, 'the demo has diff fixtures not yet reviewed, whose lists are checked against today\'s');
    } finally {
      r.close();
    }
  });
});

/** Every qualified name defined at `rev`. */
async function symbolsAt(r: Repository, rev: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const path of await r.listFiles(rev)) {
    const content = await r.readFile(rev, path);
    if (content.kind !== 'text') continue;
    for (const d of await definitionsOf(path, content.text)) out.add(d.symbol);
  }
  return out;
}
