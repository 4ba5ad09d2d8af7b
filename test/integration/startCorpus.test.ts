// A corpus from an empty folder in the editor (issue 28): the walkthrough's first step offers
// Initialize a Corpus Here and Add a Repository, which run the CLI's own `init` and `repo add`
// (src/core/corpus/). The empty folder is `fixtureLab.corpusPath` pointed under the workspace.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { readReposFile, repositoryPath } from '../../src/core';
import { canDriveUi, EXTENSION, eventually, journeySuite, notifications, screenshot, ui } from './helpers';

describe('Start a corpus from an empty folder (walkthrough: Initialize a Corpus Here, Add a Repository)', function () {
  this.timeout(120_000);
  let s: Parameters<Parameters<typeof journeySuite>[0]>[0];
  const made = journeySuite((started) => (s = started), async () => {
    await vscode.workspace.getConfiguration('fixtureLab').update('corpusPath', undefined, vscode.ConfigurationTarget.Workspace);
  });
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;

  it('the walkthrough\'s first step is for an empty folder and offers both commands', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION)!.packageJSON as { contributes: { walkthroughs: { steps: { id: string; description: string }[] }[] } };
    const [first] = manifest.contributes.walkthroughs[0].steps;
    assert.equal(first.id, 'startCorpus');
    const commands = [...first.description.matchAll(/\(command:([\w.]+)\)/g)].map(([, id]) => id);
    assert.deepEqual(commands, ['fixtureLab.initCorpus', 'fixtureLab.addRepository']);
  });

  it('init writes repos.yaml, systems.yaml and tasks/ into the empty folder and opens repos.yaml; repo add records a clone pinned at its HEAD', async () => {
    const demo = await s.corpus.require();
    const clone = repositoryPath(demo.dir, demo.repos[0]);
    const dir = join(folder(), 'fresh-corpus');
    made.push(dir);
    await vscode.workspace.getConfiguration('fixtureLab').update('corpusPath', 'fresh-corpus', vscode.ConfigurationTarget.Workspace);

    // Before: the corpus the views read is not there, and adding a repository says what to run first.
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await vscode.commands.executeCommand('fixtureLab.addRepository', { name: 'shop', source: clone }), undefined);
    assert.ok(!existsSync(dir));
    if (canDriveUi()) {
      await eventually(async () => {
        const shown = await notifications();
        assert.ok(shown.some((t) => /no corpus in this workspace yet: run Fixture Lab: Initialize a Corpus Here first/.test(t)), shown.join(' | '));
      });
    }

    assert.equal(await vscode.commands.executeCommand('fixtureLab.initCorpus'), dir);
    for (const file of ['repos.yaml', 'systems.yaml', 'tasks/README.md']) assert.ok(existsSync(join(dir, file)), `${file} was not written`);
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, join(dir, 'repos.yaml')));
    assert.match(readFileSync(join(dir, 'systems.yaml'), 'utf8'), /grep/);
    // A second init leaves the corpus as it is, and says so.
    const repos0 = readFileSync(join(dir, 'repos.yaml'), 'utf8');
    assert.equal(await vscode.commands.executeCommand('fixtureLab.initCorpus'), undefined);
    assert.equal(readFileSync(join(dir, 'repos.yaml'), 'utf8'), repos0);
    if (canDriveUi()) {
      await eventually(async () => {
        const shown = await notifications();
        assert.ok(shown.some((t) => /already exists/.test(t)), shown.join(' | '));
      });
    }

    if (canDriveUi()) {
      // As a person adds one: where it is (a path typed where a URL is asked is a local clone), its name.
      const added = vscode.commands.executeCommand('fixtureLab.addRepository');
      await ui([
        { expect: 'Where is the repository?', pick: 'A URL to clone…' },
        { expect: 'Its URL', input: clone },
        { expect: 'Its name in this corpus', input: 'shop', screenshot: 'start-corpus-name' },
      ]);
      assert.equal(await added, 'shop');
    } else {
      assert.equal(await vscode.commands.executeCommand('fixtureLab.addRepository', { name: 'shop', source: clone }), 'shop');
    }
    const repos = await readReposFile(dir);
    assert.equal(repos.length, 1);
    assert.equal(repos[0].name, 'shop');
    assert.match(repos[0].commit ?? '', /^[0-9a-f]{40}$/);
    assert.equal(repositoryPath(dir, repos[0]), clone);
    const corpus = await eventually(async () => {
      const c = await s.corpus.require();
      assert.equal(c.dir, dir);
      return c;
    });
    assert.deepEqual(corpus.repos.map((r) => r.name), ['shop']);
    await screenshot('start-corpus-added');
    rmSync(dir, { recursive: true, force: true });
  });
});
