// The row a click on a tree view's row is about, read from the view's selection. The views' click
// commands carry no arguments: a refresh drops the commands of the rows it replaces, and a click on
// one not yet redrawn would fail with "Actual command not found". No `vscode` import: a view is
// read through its `selection` alone (unit-tested with a stand-in).

/** The part of a `vscode.TreeView` read here: its selection, resolved anew on each read. */
export interface SelectionSource {
  readonly selection: readonly unknown[];
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a click waits for its row to be drawn again. The row commands run only from a click (the
 * palette hides them), so an empty selection means a redraw under way, never "nothing chosen": the
 * wait ends as soon as the row is back. 2 s ran out on a machine at load 27 (the VS Code passes
 * beside the unit tests), and the click said "select a fixture" about the row it was on.
 */
export const REDRAW_WAIT_MS = 20_000;

/**
 * The view's selected row, once it has one (within `waitMs`). A click while the view refreshes
 * selects a row VS Code is still redrawing: until it is back, the extension host cannot resolve it
 * and `selection` is empty; each read resolves it anew.
 */
export async function drawnSelection(view: SelectionSource | undefined, waitMs = REDRAW_WAIT_MS): Promise<unknown> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const node = view?.selection[0];
    if (node !== undefined || Date.now() >= deadline) return node;
    await pause(50);
  }
}
