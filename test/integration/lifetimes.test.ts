// Lifetimes in the real extension host: a second Ctx over the extension's own context, its
// services made on first use, disposed as deactivation disposes the extension's Ctx.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Ctx } from '../../src/extension/ctx';
import { DefinitionLens } from '../../src/extension/labeling/codeLens';
import { createServices } from '../../src/extension/services';
import { CandidatesTree } from '../../src/extension/views/candidatesTree';
import { eventually, services } from './helpers';

const folder = (): string => vscode.workspace.workspaceFolders![0].uri.fsPath;

describe('lifetimes', () => {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('services are made on first use; disposing the Ctx disposes all it holds, and a view stops following the session', async () => {
    const s = services();
    const ctx = new Ctx(s.ctx.extension);
    const made = createServices(ctx);
    const held = ctx.registered;
    const trees = [made.fixturesTree, made.candidatesTree, made.triageTree];
    assert.ok(ctx.registered > held, 'the trees (and the corpus, session and results they need) were made when first asked for');
    const lens = ctx.push(new DefinitionLens(made.symbols, made.session, made.corpus));
    // A Candidates view over the extension's own session, owned by this Ctx.
    const candidates = ctx.push(new CandidatesTree(s.corpus, s.session));
    const files = async () => (await candidates.getChildren()).map((n) => candidates.getTreeItem(n).resourceUri?.path ?? '');

    await s.session.open(vscode.Uri.file(join(folder(), 'tasks/bookshop/easy/01-bulk-discount.yaml')));
    const first = await eventually(async () => {
      const shown = await files();
      assert.ok(shown.some((f) => f.endsWith('.py')), JSON.stringify(shown));
      return shown;
    });

    ctx.dispose();
    assert.equal(ctx.registered, 0);
    assert.ok([...trees, lens, candidates].every((d) => d.isDisposed), 'every view and the lens went with the Ctx');

    // Its subscription went too: another fixture made current no longer reaches the disposed view.
    await s.session.open(vscode.Uri.file(join(folder(), 'tasks/bookshop/easy/03-cart-badge.yaml')));
    assert.equal((await s.session.current())?.fixture.id, 'bookshop-easy-03');
    assert.deepEqual(await files(), first);
  });
});
