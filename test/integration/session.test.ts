// The fixture session parses a fixture's document once per version and hands the parse out:
// every listener of a change (lenses, hovers, decorations, the views, the panel) reads the same
// fixture, and an edit, a rater change or another fixture makes a new one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Services } from '../../src/extension/services';
import { copyFixture, eventually, journeySuite, setRater } from './helpers';

describe('the fixture session: one parse per document version', function () {
  this.timeout(60_000);
  let s!: Services;
  const made = journeySuite((started) => (s = started));

  it('hands every caller the same parsed fixture until the document changes, then a new one', async () => {
    await setRater('dana');
    const { uri } = copyFixture('bookshop/easy/01-bulk-discount.yaml', 'session');
    made.push(uri.fsPath);
    s.corpus.reload();
    await vscode.commands.executeCommand('fixtureLab.openFixture', { uri });
    const document = await vscode.workspace.openTextDocument(uri);
    const first = (await s.session.current())!;
    assert.equal(first.fixture.id, 'bookshop-easy-01-session');
    // Asked again, by anyone, at the same version: the same object, the same parse.
    assert.equal(await s.session.current(), first);
    assert.equal(s.session.parsed(document), first.read);
    assert.equal(first.fixture, first.read.fixture);

    // An edit (unsaved) is a new version: parsed once more, and seen at once.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().indexOf('\n'))), 'id: "bookshop-easy-01-edited"');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const edited = await eventually(async () => {
      const now = (await s.session.current())!;
      assert.equal(now.fixture.id, 'bookshop-easy-01-edited');
      return now;
    });
    assert.notEqual(edited.read, first.read);
    assert.equal(s.session.parsed(document), edited.read);
    assert.equal(await s.session.current(), edited);

    // Another rater reads the same parse with their own view of it.
    await setRater('lee');
    const asLee = await eventually(async () => {
      const now = (await s.session.current())!;
      assert.equal(now.rater, 'lee');
      return now;
    });
    assert.notEqual(asLee, edited);
    assert.equal(asLee.read, edited.read, 'the rater changed, not the document: no new parse');
    assert.equal(await document.save(), true);
  });
});
