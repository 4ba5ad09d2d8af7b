// `fixture-lab init` and `repo add`: a corpus from an empty folder, its repositories recorded as
// their clones say (URL, languages, pinned commit), and every command that meets a folder with no
// corpus naming the command that makes one.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRepos, readSystems } from '../../src/core';
import { run } from '../helpers/cli';
import { TestRepo } from '../helpers/gitRepo';
import { tempDir } from '../helpers/tempDir';

const root = join(__dirname, '../../..');

function shopRepo(): { repo: TestRepo; head: string } {
  const repo = new TestRepo();
  repo.commit('base', { 'shop/pricing.py': 'def total(x):\n    return x\n', 'shop/cart.py': 'class Cart:\n    pass\n', 'web/app.ts': 'export const a = 1;\n' });
  repo.git('remote', 'add', 'origin', 'https://github.com/example/shop.git');
  return { repo, head: repo.git('rev-parse', 'HEAD') };
}

describe('fixture-lab init and repo add', () => {
  it('init writes repos.yaml, systems.yaml (the demo corpus\'s own file) and tasks/, each commented; validate passes on it', async () => {
    const dir = tempDir();
    const r = await run(dir, 'init');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(readdirSync(dir).sort(), ['repos.yaml', 'systems.yaml', 'tasks']);
    const repos = readFileSync(join(dir, 'repos.yaml'), 'utf8');
    assert.match(repos, /^# .*\n/);
    assert.match(repos, /fixture-lab repo add NAME PATH_OR_URL/);
    assert.deepEqual(readRepos(repos, 'repos.yaml'), { repos: [], problems: [] });
    // One source: the file init writes is the demo corpus's systems.yaml, byte for byte, and it reads.
    const systems = readFileSync(join(dir, 'systems.yaml'), 'utf8');
    assert.equal(systems, readFileSync(join(root, 'corpus/systems.yaml'), 'utf8'));
    assert.deepEqual(readSystems(systems, 'systems.yaml').map((s) => s.name), ['grep', 'bm25']);
    assert.match(readFileSync(join(dir, 'tasks/README.md'), 'utf8'), /tasks\/REPO\/TIER\/NN-slug\.yaml/);
    assert.match(r.stdout, /next: fixture-lab repo add NAME PATH_OR_URL/);
    const v = await run(dir, 'validate', '--no-resolve');
    assert.equal(v.code, 0, v.stdout + v.stderr);
  });

  it('init refuses a folder that is already a corpus, changing nothing', async () => {
    const dir = tempDir({ 'repos.yaml': 'repos: []\n# mine\n' });
    const r = await run(dir, 'init');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /repos\.yaml: already exists: this folder is a corpus; nothing was written\. Add a repository with `fixture-lab repo add/);
    assert.deepEqual(readdirSync(dir), ['repos.yaml']);
    assert.equal(readFileSync(join(dir, 'repos.yaml'), 'utf8'), 'repos: []\n# mine\n');
  });

  it('repo add NAME PATH records the clone\'s origin URL, languages by file count, HEAD as the pin and the path from the corpus', async () => {
    const { repo, head } = shopRepo();
    const dir = tempDir();
    assert.equal((await run(dir, 'init', 'corpus')).code, 0);
    const r = await run(dir, 'repo', 'add', 'shop', repo.dir);
    assert.equal(r.code, 0, r.stderr);
    const text = readFileSync(join(dir, 'corpus/repos.yaml'), 'utf8');
    assert.match(text, /^# The repositories/, 'the comments stay');
    const { repos, problems } = readRepos(text, 'repos.yaml');
    assert.deepEqual(problems, []);
    assert.equal(repos.length, 1);
    assert.deepEqual({ ...repos[0], path: undefined }, {
      name: 'shop', url: 'https://github.com/example/shop.git', commit: head, language: ['python', 'typescript'], path: undefined,
    });
    assert.equal(join(dir, 'corpus', repos[0].path!), repo.dir);
    assert.match(r.stdout, /added repo shop to corpus\/repos\.yaml: https:\/\/github\.com\/example\/shop\.git at [0-9a-f]{12}, python, typescript/);
    // The same name or the same URL again is refused, and repos.yaml is unchanged.
    const again = await run(dir, 'repo', 'add', 'shop2', repo.dir);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already has https:\/\/github\.com\/example\/shop\.git as `shop`/);
    const same = await run(dir, 'repo', 'add', 'shop', 'https://example.com/other.git');
    assert.match(same.stderr, /already has a repo `shop`/);
    assert.equal(readFileSync(join(dir, 'corpus/repos.yaml'), 'utf8'), text);
  });

  it('init --repo NAME=URL clones into .repos/NAME and pins its HEAD; a URL that does not clone leaves no corpus behind', async () => {
    const { repo, head } = shopRepo();
    const bare = tempDir();
    repo.git('clone', '-q', '--bare', repo.dir, join(bare, 'shop.git'));
    const dir = tempDir();
    const r = await run(dir, 'init', 'c', '--repo', `shop=${join(bare, 'shop.git')}`);
    assert.equal(r.code, 0, r.stderr);
    const { repos } = readRepos(readFileSync(join(dir, 'c/repos.yaml'), 'utf8'), 'repos.yaml');
    assert.deepEqual(repos, [{ name: 'shop', url: join(bare, 'shop.git'), commit: head, language: ['python', 'typescript'], path: '.repos/shop' }]);
    assert.ok(existsSync(join(dir, 'c/.repos/shop/shop/pricing.py')));

    const bad = await run(dir, 'init', 'd', '--repo', `shop=${join(bare, 'missing.git')}`);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /cannot be cloned .*nothing was written/);
    assert.equal(existsSync(join(dir, 'd')), false);
  });

  it('commands that meet a folder with no corpus say which command makes one', async () => {
    const dir = tempDir();
    const n = await run(dir, 'new', '--repo', 'shop', '--pr', '1');
    assert.equal(n.code, 1);
    assert.match(n.stderr, /corpus\/repos\.yaml: no such file: this folder is no corpus yet; `fixture-lab init corpus` starts a corpus there/);
    const a = await run(dir, 'repo', 'add', 'shop', '.');
    assert.match(a.stderr, /`fixture-lab init corpus` starts a corpus/);
    const v = await run(dir, 'validate', 'nowhere');
    assert.match(v.stderr + v.stdout, /`fixture-lab init nowhere` starts a corpus/);
    // A corpus without the repo names `repo add`.
    assert.equal((await run(dir, 'init')).code, 0);
    const m = await run(dir, 'new', '--repo', 'shop', '--pr', '1', '.');
    assert.match(m.stderr, /has no repo `shop`: add it with `fixture-lab repo add shop PATH_OR_URL`/);
  });
});
