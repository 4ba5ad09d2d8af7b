// A name never changes meaning, in the editor: a repository whose a.py defines `h` and `ts`
// (names that look like extensions) added to the workspace's corpus, and Add Label given `a.h`,
// `a.py::h` and `a.ts`: each writes that function, with its own body hash, and none replaces another.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { BodyIndex, readFixture, Repository } from '../../src/core';
import type { Services } from '../../src/extension/services';
import { eventually, journeySuite, setRater } from './helpers';

describe('names in the editor: a last segment is an extension only when the repository says so', function () {
  this.timeout(120_000);
  let s: Services;
  journeySuite((started) => (s = started));

  it('Add Label with a.h, a.py::h and a.ts writes those functions with their own body hashes, none replacing another', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const reposFile = join(folder, 'repos.yaml');
    const repos = readFileSync(reposFile, 'utf8');
    const repoDir = join(folder, '.repos', `names-${process.pid}`);
    const fixtureDir = join(folder, 'tasks', 'names', 'easy');
    const git = (...args: string[]) => execFileSync('git', args, {
      cwd: repoDir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e',
        GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' },
    }).trim();
    try {
      mkdirSync(repoDir, { recursive: true });
      git('init', '-q', '-b', 'main');
      writeFileSync(join(repoDir, 'a.py'), 'def h():\n    return 1\n\n\ndef ts():\n    return 2\n');
      git('add', '-A');
      git('commit', '-q', '-m', 'names');
      const rev = git('rev-parse', 'HEAD');
      writeFileSync(reposFile, `${repos.trimEnd()}\n  - name: names\n    url: https://example.com/names.git\n    commit: "${rev}"\n    language: python\n`
        + `    path: .repos/names-${process.pid}\n`);
      mkdirSync(fixtureDir, { recursive: true });
      const file = join(fixtureDir, '01-names.yaml');
      writeFileSync(file, `id: "names-easy-01"\nrepo: names\ntask: "Names"\ncommit: "${rev}"\nground_truth: []\n`);
      s.corpus.reload();
      const uri = vscode.Uri.file(file);
      await setRater('dana');
      await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
      const add = (symbol: string, confidence: string) => vscode.commands.executeCommand<boolean>('fixtureLab.addLabel', { uri, symbol, confidence, reason: 'r' });
      const document = await vscode.workspace.openTextDocument(uri);
      const labels = () => readFixture(document.getText(), file).fixture.ground_truth.map((l) => [l.symbol, l.confidence, l.body_hash]);
      const repository = await Repository.open(repoDir);
      const hashes = new Map([...(await new BodyIndex(repository).byHash(rev)).values()].flat().map((h) => [h.symbol, h.bodyHash]));
      repository.close();
      assert.notEqual(hashes.get('a.h'), hashes.get('a'));

      assert.equal(await add('a.h', 'HIGH'), true);
      await eventually(() => assert.deepEqual(labels(), [['a.h', 'HIGH', hashes.get('a.h')]]));
      assert.equal(await add('a.ts', 'MEDIUM'), true);
      await eventually(() => assert.deepEqual(labels(), [['a.h', 'HIGH', hashes.get('a.h')], ['a.ts', 'MEDIUM', hashes.get('a.ts')]]));
      // `a.py::h` is a.h too: its label changes confidence, nothing else is replaced.
      assert.equal(await add('a.py::h', 'MEDIUM'), true);
      await eventually(() => assert.deepEqual(labels(), [['a.h', 'MEDIUM', hashes.get('a.h')], ['a.ts', 'MEDIUM', hashes.get('a.ts')]]));
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      writeFileSync(reposFile, repos);
      rmSync(fixtureDir, { recursive: true, force: true });
      rmSync(repoDir, { recursive: true, force: true });
      s.corpus.reload();
    }
  });
});
