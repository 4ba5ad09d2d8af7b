import * as assert from 'node:assert/strict';
import { PickedRow } from '../../src/extension/views/pickedRow';
import { drawnSelection, type SelectionSource } from '../../src/extension/views/selection';

/** A tree view as PickedRow reads it: a selection that may be empty while the view redraws its rows. */
class View implements SelectionSource {
  selection: unknown[] = [];
}

const row = (symbol: string) => ({ kind: 'row', symbol });
const later = (ms: number, then: () => void) => setTimeout(then, ms);

describe('the row a Settle or To judge click opens (PickedRow)', () => {
  it('a new selection: its symbol, at once', async () => {
    const picked = new PickedRow();
    const view = new View();
    view.selection = [row('a.B')];
    picked.selected(view);
    const started = Date.now();
    assert.equal(await picked.take(1_000), 'a.B');
    assert.ok(Date.now() - started < 500, 'no wait when the selection came first');
  });

  it('the selection reaching the host just after the click\'s command is waited for', async () => {
    const picked = new PickedRow();
    const view = new View();
    later(150, () => {
      view.selection = [row('a.C')];
      picked.selected(view);
    });
    assert.equal(await picked.take(1_000), 'a.C');
  });

  it('a click during a refresh: the row is empty in the selection until the view has it again, then it is the one opened', async () => {
    const picked = new PickedRow();
    const view = new View();
    // VS Code's event carries no node (the handle is not known while the rows are redrawn) ...
    picked.selected(view);
    // ... and the view's selection resolves the same handle once they are.
    later(200, () => (view.selection = [row('a.D')]));
    assert.equal(await picked.take(1_000), 'a.D');
  });

  it('clicked again with nothing new: the last selected view\'s row, of the two views', async () => {
    const picked = new PickedRow();
    const settle = new View();
    const judge = new View();
    settle.selection = [row('s.One')];
    judge.selection = [row('j.Two')];
    picked.selected(settle);
    assert.equal(await picked.take(300), 's.One');
    picked.selected(judge);
    assert.equal(await picked.take(300), 'j.Two');
    assert.equal(await picked.take(300), 'j.Two', 'a second click on the same row');
  });

  it('nothing selected, or a note row: undefined once the wait is over', async () => {
    const picked = new PickedRow();
    assert.equal(await picked.take(100), undefined);
    const view = new View();
    view.selection = [{ kind: 'note', text: 'Open a reviewed fixture' }];
    picked.selected(view);
    assert.equal(await picked.take(100), undefined);
  });
});

describe('the row a tree view\'s click is about (drawnSelection)', () => {
  it('a selected row at once, whatever it is; one being redrawn once it is back; nothing once the wait is over', async () => {
    const view = new View();
    view.selection = [{ kind: 'note' }];
    const started = Date.now();
    assert.deepEqual(await drawnSelection(view, 1_000), { kind: 'note' });
    assert.ok(Date.now() - started < 500, 'no wait for a row that is there');
    view.selection = [];
    later(150, () => (view.selection = [row('a.E')]));
    assert.deepEqual(await drawnSelection(view, 1_000), row('a.E'));
    assert.equal(await drawnSelection(new View(), 100), undefined);
    assert.equal(await drawnSelection(undefined, 100), undefined);
  });
});
