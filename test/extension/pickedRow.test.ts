import * as assert from 'node:assert/strict';
import { PickedRow } from '../../src/extension/views/pickedRow';
import { drawnSelection, type SelectionSource } from '../../src/extension/views/selection';

/** A tree view as PickedRow reads it: a selection that may be empty while the view redraws its rows. */
class View implements SelectionSource {
  selection: unknown[] = [];
}

const row = (symbol: string) => ({ kind: 'row', symbol });

/** Settle showing `s.One` selected and To Judge `j.Two`, both attached. */
function twoViews(): PickedRow {
  const picked = new PickedRow();
  const settle = new View();
  const judge = new View();
  picked.attach('settle', settle);
  picked.attach('toJudge', judge);
  settle.selection = [row('s.One')];
  judge.selection = [row('j.Two')];
  return picked;
}
const later = (ms: number, then: () => void) => setTimeout(then, ms);

describe('the row a Settle or To judge click opens (PickedRow)', () => {
  it('a new selection: its symbol, at once', async () => {
    const picked = new PickedRow();
    const view = new View();
    picked.attach('settle', view);
    view.selection = [row('a.B')];
    picked.selected('settle');
    const started = Date.now();
    assert.equal(await picked.take('settle', 1_000, 1_000), 'a.B');
    assert.ok(Date.now() - started < 500, 'no wait when the selection came first');
  });

  it('the selection reaching the host just after the click\'s command is waited for', async () => {
    const picked = new PickedRow();
    const view = new View();
    picked.attach('toJudge', view);
    later(150, () => {
      view.selection = [row('a.C')];
      picked.selected('toJudge');
    });
    assert.equal(await picked.take('toJudge', 1_000, 1_000), 'a.C');
  });

  it('a click during a refresh: the row is empty in the selection until the view has it again, then it is the one opened', async () => {
    const picked = new PickedRow();
    const view = new View();
    picked.attach('settle', view);
    // VS Code's event carries no node (the handle is not known while the rows are redrawn) ...
    picked.selected('settle');
    // ... and the view's selection resolves the same handle once they are.
    later(200, () => (view.selection = [row('a.D')]));
    assert.equal(await picked.take('settle', 1_000, 1_000), 'a.D');
  });

  it('clicked again with nothing new: the row selected in the view clicked, whichever view was selected last', async () => {
    const picked = twoViews();
    picked.selected('settle');
    assert.equal(await picked.take('settle', 300, 300), 's.One');
    picked.selected('toJudge');
    assert.equal(await picked.take('toJudge', 300, 300), 'j.Two');
    // The Settle row, still selected, clicked again after To Judge's: its own row, not To Judge's.
    assert.equal(await picked.take('settle', 300, 300), 's.One');
    assert.equal(await picked.take('toJudge', 300, 300), 'j.Two', 'a second click on the same row');
  });

  it('a selection in one view is not taken as the click in the other', async () => {
    const picked = twoViews();
    picked.selected('toJudge');
    // A click on Settle's selected row while To Judge's selection is still unanswered.
    assert.equal(await picked.take('settle', 300, 300), 's.One');
    const started = Date.now();
    assert.equal(await picked.take('toJudge', 1_000, 1_000), 'j.Two');
    assert.ok(Date.now() - started < 500, 'To Judge\'s own selection is still fresh for its click');
  });

  it('nothing selected, or a note row: undefined once the wait is over', async () => {
    const picked = new PickedRow();
    assert.equal(await picked.take('settle', 100, 100), undefined);
    const view = new View();
    picked.attach('settle', view);
    view.selection = [{ kind: 'note', text: 'Open a reviewed fixture' }];
    picked.selected('settle');
    assert.equal(await picked.take('settle', 100, 100), undefined);
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
